import { z } from 'zod';
import {
  collectPages,
  createHttpClient,
  type ClientTuning,
  type HttpClient,
  type TokenAuth,
} from '../../http';
import { createHubspotObjectsApi } from './hubspot-objects';
import type { HubspotObjectsApi } from './hubspot-objects.types';

export type HubspotClientOptions = ClientTuning & {
  /** `https://api.hubapi.com` (sandbox: `<sandbox>/hubspot`). */
  apiUrl: string;
  auth: TokenAuth;
};

export type HubspotOwner = {
  /** The id to put in `hubspot_owner_id`. */
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** The HubSpot user behind the owner; null for a queue. */
  userId: string | null;
  archived: boolean;
};

export type HubspotObjectType = 'contacts' | 'companies';

export type HubspotProperty = {
  name: string;
  label: string;
  description: string;
  type: string;
  fieldType: string;
  groupName: string;
};

/** `0-1` contacts, `0-2` companies. */
export type HubspotListObjectTypeId = '0-1' | '0-2';

export type HubspotList = {
  /** The v3 (ILS) list id. */
  listId: string;
  name: string;
  objectTypeId: string;
  processingType: string;
  /** `additionalProperties.hs_list_size`; null when HubSpot leaves it out. */
  size: number | null;
};

export type HubspotClient = {
  listOwners(): Promise<HubspotOwner[]>;
  listProperties(objectType: HubspotObjectType): Promise<HubspotProperty[]>;
  listLists(filter?: {
    objectTypeId?: HubspotListObjectTypeId;
    query?: string;
  }): Promise<HubspotList[]>;
} & HubspotObjectsApi;

const OWNERS_PAGE = 100;
const LISTS_PAGE = 500;

const OwnersPageSchema = z.looseObject({
  results: z.array(
    z.looseObject({
      id: z.string(),
      email: z.string().optional(),
      firstName: z.string().optional(),
      lastName: z.string().optional(),
      userId: z.number().int().optional(),
      archived: z.boolean(),
    }),
  ),
  paging: z.looseObject({ next: z.looseObject({ after: z.string() }).optional() }).optional(),
});

const PropertiesSchema = z.looseObject({
  results: z.array(
    z.looseObject({
      name: z.string(),
      label: z.string(),
      description: z.string().optional(),
      type: z.string(),
      fieldType: z.string(),
      groupName: z.string(),
    }),
  ),
});

const ListSearchSchema = z.looseObject({
  lists: z.array(
    z.looseObject({
      listId: z.string(),
      name: z.string(),
      objectTypeId: z.string(),
      processingType: z.string(),
      additionalProperties: z.record(z.string(), z.unknown()).optional(),
    }),
  ),
  hasMore: z.boolean(),
  offset: z.number().int(),
});

/** HubSpot CRM v3 for one connected portal; every call carries its OAuth token. */
export function createHubspotClient(options: HubspotClientOptions): HubspotClient {
  const { apiUrl, ...tuning } = options;
  const http: HttpClient = createHttpClient({ ...tuning, system: 'hubspot', baseUrl: apiUrl });

  return {
    listOwners: () =>
      collectPages({ system: 'hubspot', operation: 'listOwners' }, async (after?: string) => {
        const page = await http.request({
          operation: 'listOwners',
          method: 'GET',
          path: '/crm/v3/owners',
          query: { limit: OWNERS_PAGE, archived: false, after },
          schema: OwnersPageSchema,
        });
        return {
          items: page.results.map((owner) => ({
            id: owner.id,
            email: owner.email ?? '',
            firstName: owner.firstName ?? '',
            lastName: owner.lastName ?? '',
            userId: owner.userId === undefined ? null : String(owner.userId),
            archived: owner.archived,
          })),
          next: page.paging?.next?.after,
        };
      }),

    async listProperties(objectType) {
      const answer = await http.request({
        operation: 'listProperties',
        method: 'GET',
        path: `/crm/v3/properties/${objectType}`,
        query: { archived: false },
        schema: PropertiesSchema,
      });
      return answer.results.map((property) => ({
        name: property.name,
        label: property.label,
        description: property.description ?? '',
        type: property.type,
        fieldType: property.fieldType,
        groupName: property.groupName,
      }));
    },

    listLists: (filter = {}) =>
      collectPages({ system: 'hubspot', operation: 'listLists' }, async (offset?: number) => {
        const page = await http.request({
          operation: 'listLists',
          method: 'POST',
          path: '/crm/v3/lists/search',
          json: {
            query: filter.query ?? '',
            ...(filter.objectTypeId ? { objectTypeId: filter.objectTypeId } : {}),
            count: LISTS_PAGE,
            offset: offset ?? 0,
            additionalProperties: ['hs_list_size'],
          },
          idempotent: true,
          schema: ListSearchSchema,
        });
        return {
          items: page.lists.map((list) => ({
            listId: list.listId,
            name: list.name,
            objectTypeId: list.objectTypeId,
            processingType: list.processingType,
            size: listSize(list.additionalProperties?.hs_list_size),
          })),
          next: page.hasMore ? page.offset : undefined,
        };
      }),

    ...createHubspotObjectsApi(http),
  };
}

/** `hs_list_size` comes as a string ("42"). */
function listSize(value: unknown): number | null {
  const size =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  return Number.isInteger(size) && size >= 0 ? size : null;
}
