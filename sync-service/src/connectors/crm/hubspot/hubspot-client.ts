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

/** One page of a list's members, by record id (ascending); `next` is the cursor of the next page. */
export type HubspotMembershipPage = { recordIds: string[]; next?: string };

export type HubspotClient = {
  listOwners(): Promise<HubspotOwner[]>;
  listProperties(objectType: HubspotObjectType): Promise<HubspotProperty[]>;
  listLists(filter?: {
    objectTypeId?: HubspotListObjectTypeId;
    query?: string;
  }): Promise<HubspotList[]>;
  /** `GET /crm/v3/lists/{listId}`; a list HubSpot does not have is `not_found`. */
  getList(listId: string): Promise<HubspotList>;
  /**
   * `GET /crm/v3/lists/{listId}/memberships`: one page of member ids (at most 250). The records
   * themselves come from `batchReadObjects`.
   */
  listMembershipPage(
    listId: string,
    after?: string,
    limit?: number,
  ): Promise<HubspotMembershipPage>;
} & HubspotObjectsApi;

const OWNERS_PAGE = 100;
const LISTS_PAGE = 500;
/** HubSpot's largest memberships page. */
const MEMBERSHIPS_PAGE = 250;

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

const ListSchema = z.looseObject({
  listId: z.string(),
  name: z.string(),
  objectTypeId: z.string(),
  processingType: z.string(),
  size: z.number().int().nonnegative().optional(),
  additionalProperties: z.record(z.string(), z.unknown()).optional(),
});

const ListSearchSchema = z.looseObject({
  lists: z.array(ListSchema),
  hasMore: z.boolean(),
  offset: z.number().int(),
});

const ListFetchSchema = z.looseObject({ list: ListSchema });

const MembershipsPageSchema = z.looseObject({
  results: z.array(
    z.looseObject({
      // A string in the OpenAPI; a number would name the same record.
      recordId: z.union([z.string().min(1), z.number().int()]),
      membershipTimestamp: z.string().optional(),
    }),
  ),
  paging: z.looseObject({ next: z.looseObject({ after: z.string() }).optional() }).optional(),
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
          items: page.lists.map(toList),
          next: page.hasMore ? page.offset : undefined,
        };
      }),

    async getList(listId) {
      const answer = await http.request({
        operation: 'getList',
        method: 'GET',
        path: `/crm/v3/lists/${encodeURIComponent(listId)}`,
        schema: ListFetchSchema,
      });
      return toList(answer.list);
    },

    async listMembershipPage(listId, after, limit = MEMBERSHIPS_PAGE) {
      const page = await http.request({
        operation: 'listMembershipPage',
        method: 'GET',
        path: `/crm/v3/lists/${encodeURIComponent(listId)}/memberships`,
        query: { limit, after },
        schema: MembershipsPageSchema,
      });
      const next = page.paging?.next?.after;
      return {
        recordIds: page.results.map((member) => String(member.recordId)),
        ...(next === undefined ? {} : { next }),
      };
    },

    ...createHubspotObjectsApi(http),
  };
}

function toList(list: z.output<typeof ListSchema>): HubspotList {
  return {
    listId: list.listId,
    name: list.name,
    objectTypeId: list.objectTypeId,
    processingType: list.processingType,
    // A fetched list carries `size`; a searched one `hs_list_size`.
    size: list.size ?? listSize(list.additionalProperties?.hs_list_size),
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
