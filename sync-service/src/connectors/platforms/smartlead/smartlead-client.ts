import { z } from 'zod';
import { isConnectorError } from '../../http';
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

/**
 * A lead as Smartlead knows it, with its category in each campaign it is in: the category id as
 * a string (the form `listLeadCategories` gives), null where the lead has none in that campaign.
 */
export type SmartleadLead = { id: string; categoryIdsByCampaign: Record<string, string | null> };

export type SmartleadClient = {
  checkApiKey(): Promise<ApiKeyCheck>;
  listLeadCategories(): Promise<LeadCategory[]>;
  listClients(): Promise<SmartleadAgencyClient[]>;
  /** The lead with this e-mail and its category per campaign; null when Smartlead has no such lead. */
  getLeadByEmail(email: string): Promise<SmartleadLead | null>;
  /**
   * Adds e-mails and domains (one array: Smartlead tells them apart) to the global block list,
   * scoped to the agency client `clientId` (its id from `listClients`), or account-wide when null.
   */
  addToBlockList(values: string[], clientId: string | null): Promise<{ refused: string[] }>;
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

const NumericId = z.union([z.number().int(), z.string().min(1)]);

// Smartlead answers an unknown e-mail with `{}` (its reference: "returns empty object if lead
// not found"), so the id is optional; an empty body is read the same way.
const LeadSchema = z
  .looseObject({
    id: NumericId.nullish(),
    lead_campaign_data: z
      .array(
        z.looseObject({
          campaign_id: NumericId,
          lead_category_id: NumericId.nullish(),
        }),
      )
      .nullish(),
  })
  .nullish();

// Smartlead documents no answer for a block-list add (the sandbox answers counts); any JSON object
// or an empty body means it was taken.
// Smartlead documents no answer body. Where it names values it did not take
// (`invalidEmailsOrDomains`, as the sandbox answers), they are reported as refused.
const BlockListAddedSchema = z
  .looseObject({ invalidEmailsOrDomains: z.array(z.unknown()).nullish().catch(null) })
  .nullish();

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

    async getLeadByEmail(email) {
      let lead: z.output<typeof LeadSchema>;
      try {
        lead = await http.request({
          operation: 'getLeadByEmail',
          method: 'GET',
          path: '/api/v1/leads/',
          query: { email },
          schema: LeadSchema,
        });
      } catch (error) {
        // Some deployments (and the sandbox) answer an unknown e-mail with 404 instead of `{}`.
        if (isConnectorError(error) && error.code === 'not_found') return null;
        throw error;
      }
      if (lead?.id === undefined || lead.id === null) return null;
      const categoryIdsByCampaign: Record<string, string | null> = {};
      for (const membership of lead.lead_campaign_data ?? []) {
        const category = membership.lead_category_id;
        categoryIdsByCampaign[String(membership.campaign_id)] =
          category === null || category === undefined ? null : String(category);
      }
      return { id: String(lead.id), categoryIdsByCampaign };
    },

    async addToBlockList(values, clientId) {
      if (values.length === 0) return { refused: [] };
      const answer = await http.request({
        operation: 'addToBlockList',
        method: 'POST',
        path: '/api/v1/leads/add-domain-block-list',
        json: { domain_block_list: values, client_id: numericClientId(clientId) },
        // An entry added twice is still one entry, so repeating after an outage is harmless.
        idempotent: true,
        schema: BlockListAddedSchema,
      });
      const refused = (answer?.invalidEmailsOrDomains ?? []).filter(
        (value): value is string => typeof value === 'string',
      );
      return { refused };
    },
  };
}

/** Smartlead's client ids are integers; ours travel as strings. */
function numericClientId(clientId: string | null): number | null {
  if (clientId === null) return null;
  if (!/^\d+$/.test(clientId.trim())) {
    throw new RangeError(`A Smartlead client id is a whole number, not "${clientId}".`);
  }
  return Number(clientId.trim());
}
