import { z } from 'zod';
import {
  checkApiKeyWith,
  platformHttpClient,
  type ApiKeyCheck,
  type PlatformClientOptions,
} from '../platform-client';

/**
 * EmailBison ("bison") runs one instance per customer, so there is no default base URL. Its lead
 * categories are fixed (contracts' BISON_LEAD_CATEGORIES): the API has none to list.
 */
export type BisonClient = {
  checkApiKey(): Promise<ApiKeyCheck>;
};

const UsersSchema = z.looseObject({ data: z.looseObject({}) });

/**
 * The instance address as customers type it, without trailing slash or `/api` (every path is
 * `{instance}/api/...`).
 */
export function bisonInstanceUrl(baseUrl: string): string {
  return baseUrl
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/api$/i, '');
}

/** The customer's EmailBison instance; the token travels as `Authorization: Bearer`. */
export function createBisonClient(options: PlatformClientOptions): BisonClient {
  const http = platformHttpClient(
    'bison',
    options,
    ({ headers }) => headers.set('authorization', `Bearer ${options.apiKey}`),
    bisonInstanceUrl(options.baseUrl),
  );

  return {
    // The official n8n node checks credentials with the current user.
    checkApiKey: () =>
      checkApiKeyWith('bison', () =>
        http.request({
          operation: 'checkApiKey',
          method: 'GET',
          path: '/api/users',
          schema: UsersSchema,
        }),
      ),
  };
}
