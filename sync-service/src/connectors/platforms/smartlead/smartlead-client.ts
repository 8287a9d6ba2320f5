import { z } from 'zod';
import {
  checkApiKeyWith,
  platformHttpClient,
  type ApiKeyCheck,
  type LeadCategory,
  type PlatformClientOptions,
} from '../platform-client';

/** The real API; the sandbox answers the same paths under `<sandbox>/smartlead`. */
export const SMARTLEAD_BASE_URL = 'https://server.smartlead.ai';

/** An agency's client (white-label sub-account); block lists may be scoped to one. */
export type SmartleadAgencyClient = { id: string; name: string; email: string };

export type SmartleadClient = {
  checkApiKey(): Promise<ApiKeyCheck>;
  listLeadCategories(): Promise<LeadCategory[]>;
  listClients(): Promise<SmartleadAgencyClient[]>;
};

const CategoriesSchema = z.array(
  z.looseObject({
    id: z.number().int(),
    name: z.string(),
    created_at: z.string().nullish(),
  }),
);

const ClientsSchema = z.array(
  z.looseObject({
    id: z.number().int(),
    name: z.string(),
    email: z.string().nullish(),
  }),
);

/** Smartlead API v1; the key travels as the `api_key` query parameter on every call. */
export function createSmartleadClient(options: PlatformClientOptions): SmartleadClient {
  const http = platformHttpClient('smartlead', options, ({ url }) =>
    url.searchParams.set('api_key', options.apiKey),
  );

  async function listLeadCategories(): Promise<LeadCategory[]> {
    const categories = await http.request({
      operation: 'listLeadCategories',
      method: 'GET',
      path: '/api/v1/leads/fetch-categories',
      schema: CategoriesSchema,
    });
    return categories.map((category) => ({
      id: String(category.id),
      name: category.name,
      ...(category.created_at ? { createdAt: category.created_at } : {}),
    }));
  }

  return {
    // Smartlead has no key-check endpoint; the category list is small and every key may read it.
    checkApiKey: () => checkApiKeyWith('smartlead', listLeadCategories),

    listLeadCategories,

    async listClients() {
      const clients = await http.request({
        operation: 'listClients',
        method: 'GET',
        path: '/api/v1/client/',
        schema: ClientsSchema,
      });
      return clients.map((client) => ({
        id: String(client.id),
        name: client.name,
        email: client.email ?? '',
      }));
    },
  };
}
