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
  /** Adds e-mail addresses to the workspace's blacklist; `added` counts those it took. */
  blacklistEmails(emails: string[]): Promise<BisonBlacklistResult>;
  /** Adds domains to the workspace's blacklist; `added` counts those it took. */
  blacklistDomains(domains: string[]): Promise<BisonBlacklistResult>;
};

export type BisonBlacklistResult = { added: number };

const UsersSchema = z.looseObject({ data: z.looseObject({}) });

// The bulk answer is not documented. Laravel-style `{data: [entries], meta: {valid_count,
// invalid_count}}` is what the sandbox sends; the count is read when present, else the entries
// are counted. The schema answers the number added.
const BulkBlacklistSchema = z.union([
  z
    .looseObject({ meta: z.looseObject({ valid_count: z.number().int().nonnegative() }) })
    .transform((answer) => answer.meta.valid_count),
  z.looseObject({ data: z.array(z.unknown()) }).transform((answer) => answer.data.length),
]);

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

  async function addBulk(
    operation: 'blacklistEmails' | 'blacklistDomains',
    kind: 'emails' | 'domains',
    values: string[],
  ): Promise<BisonBlacklistResult> {
    if (values.length === 0) return { added: 0 };
    const added = await http.request({
      operation,
      method: 'POST',
      path: `/api/blacklisted-${kind}/bulk`,
      json: { [kind]: values },
      // A value blacklisted already stays one entry, so repeating after an outage is harmless.
      idempotent: true,
      schema: BulkBlacklistSchema,
    });
    return { added };
  }

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

    blacklistEmails: (emails) => addBulk('blacklistEmails', 'emails', emails),

    blacklistDomains: (domains) => addBulk('blacklistDomains', 'domains', domains),
  };
}
