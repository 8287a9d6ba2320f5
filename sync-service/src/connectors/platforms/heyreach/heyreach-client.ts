import { z } from 'zod';
import { collectPages } from '../../http';
import {
  checkApiKeyWith,
  platformHttpClient,
  type ApiKeyCheck,
  type PlatformClientOptions,
} from '../platform-client';

/** The real API; the sandbox answers the same paths under `<sandbox>/heyreach`. */
export const HEYREACH_BASE_URL = 'https://api.heyreach.io';

export type HeyreachListType = 'USER_LIST' | 'COMPANY_LIST';

export type HeyreachList = { id: string; name: string; listType: HeyreachListType | null };

/** What one add did, by HeyReach's counts: a lead in the list already is updated, not added. */
export type HeyreachAddLeadsResult = { added: number; updated: number; failed: number };

/**
 * HeyReach has no lead categories over the API (we store them); lists are the block-list
 * vehicle.
 */
export type HeyreachClient = {
  checkApiKey(): Promise<ApiKeyCheck>;
  listLists(): Promise<HeyreachList[]>;
  createList(name: string, type?: HeyreachListType): Promise<{ id: string }>;
  /**
   * Adds 1–100 leads by public profile URL (`linkedin.com/in/<slug>`) to a list; a lead already in
   * it is updated. HeyReach counts the URLs it could not take but does not name them.
   */
  addLeadsToList(listId: string, profileUrls: string[]): Promise<HeyreachAddLeadsResult>;
};

const LISTS_PAGE = 100;

const IdSchema = z.union([z.number().int(), z.string().min(1)]);

const ListsPageSchema = z.looseObject({
  totalCount: z.number().int(),
  items: z.array(
    z.looseObject({
      id: IdSchema,
      name: z.string(),
      listType: z.string().nullish(),
    }),
  ),
});

const CreatedListSchema = z.looseObject({ id: IdSchema });

/** `AddLeadsToListV2` takes at most 100 leads a call. */
export const HEYREACH_LEADS_BATCH_MAX = 100;

const Count = z.number().int().nonnegative();

const AddedLeadsSchema = z.looseObject({
  addedLeadsCount: Count,
  updatedLeadsCount: Count,
  failedLeadsCount: Count,
});

/** HeyReach public API; the key travels as `X-API-KEY`, and reads are POSTs too. */
export function createHeyreachClient(options: PlatformClientOptions): HeyreachClient {
  const http = platformHttpClient('heyreach', options, ({ headers }) =>
    headers.set('x-api-key', options.apiKey),
  );

  return {
    checkApiKey: () =>
      checkApiKeyWith('heyreach', () =>
        http.request({
          operation: 'checkApiKey',
          method: 'GET',
          path: '/api/public/auth/CheckApiKey',
          schema: z.unknown(),
        }),
      ),

    listLists: () =>
      collectPages({ system: 'heyreach', operation: 'listLists' }, async (offset?: number) => {
        const start = offset ?? 0;
        const page = await http.request({
          operation: 'listLists',
          method: 'POST',
          path: '/api/public/list/GetAll',
          json: { offset: start, limit: LISTS_PAGE },
          idempotent: true,
          schema: ListsPageSchema,
        });
        const end = start + page.items.length;
        return {
          items: page.items.map((list) => ({
            id: String(list.id),
            name: list.name,
            listType:
              list.listType === 'USER_LIST' || list.listType === 'COMPANY_LIST'
                ? list.listType
                : null,
          })),
          next: end < page.totalCount ? end : undefined,
        };
      }),

    async createList(name, type = 'USER_LIST') {
      const created = await http.request({
        operation: 'createList',
        method: 'POST',
        path: '/api/public/list/CreateEmptyList',
        json: { name, type },
        schema: CreatedListSchema,
      });
      return { id: String(created.id) };
    },

    async addLeadsToList(listId, profileUrls) {
      if (profileUrls.length < 1 || profileUrls.length > HEYREACH_LEADS_BATCH_MAX) {
        throw new RangeError(
          `HeyReach adds 1 to ${HEYREACH_LEADS_BATCH_MAX} leads to a list a call, not ${profileUrls.length}.`,
        );
      }
      if (!/^\d+$/.test(listId.trim())) {
        throw new RangeError(`A HeyReach list id is a whole number, not "${listId}".`);
      }
      const answer = await http.request({
        operation: 'addLeadsToList',
        method: 'POST',
        path: '/api/public/list/AddLeadsToListV2',
        json: {
          listId: Number(listId.trim()),
          leads: profileUrls.map((profileUrl) => ({ profileUrl })),
        },
        // Adding a lead again updates it, so repeating after an outage is harmless.
        idempotent: true,
        schema: AddedLeadsSchema,
      });
      return {
        added: answer.addedLeadsCount,
        updated: answer.updatedLeadsCount,
        failed: answer.failedLeadsCount,
      };
    },
  };
}
