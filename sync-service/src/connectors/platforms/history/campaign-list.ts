import type { Platform } from '@outsync/contracts';
import { z } from 'zod';
import { ConnectorError } from '../../http/connector-error';
import { bisonInstanceUrl } from '../bison/bison-client';
import { platformHttpClient, type PlatformClientOptions } from '../platform-client';
import { IdSchema } from './history-reader';

// The campaigns of a platform account, for the import screen's campaign picker and the start's
// check that the chosen ones exist (issue 34, item 3). Each platform's own "list campaigns" call:
// Smartlead `GET /api/v1/campaigns` (all at once), Instantly `GET /api/v2/campaigns` (cursor,
// ≤100), bison `GET /api/campaigns` (Laravel pages), HeyReach `POST /api/public/campaign/GetAll`
// (offset, ≤100).

export type PlatformCampaign = { id: string; name: string };

/** More campaigns than any picker shows; the lister stops there. */
export const CAMPAIGN_LIST_MAX = 1000;
const PAGE = 100;

const Named = z.looseObject({ id: IdSchema, name: z.string().nullish() });
const campaign = (item: z.output<typeof Named>): PlatformCampaign => ({
  id: item.id,
  name: item.name?.trim() || `Campaign ${item.id}`,
});

const SmartleadSchema = z.array(Named);
const InstantlySchema = z.looseObject({
  items: z.array(Named),
  next_starting_after: z.string().nullish(),
});
const BisonSchema = z.looseObject({
  data: z.array(Named),
  meta: z.looseObject({ last_page: z.number().int() }).nullish(),
  links: z.looseObject({ next: z.string().nullish() }).nullish(),
});
const HeyreachSchema = z.looseObject({
  totalCount: z.number().int().nullish(),
  items: z.array(Named),
});

type Lister = (options: PlatformClientOptions) => Promise<PlatformCampaign[]>;

const OPERATION = 'listCampaigns';

const LISTERS: Readonly<Record<Platform, Lister>> = {
  async smartlead(options) {
    const http = platformHttpClient('smartlead', options, ({ url }) =>
      url.searchParams.set('api_key', options.apiKey),
    );
    const items = await http.request({
      operation: OPERATION,
      method: 'GET',
      path: '/api/v1/campaigns',
      schema: SmartleadSchema,
    });
    return items.slice(0, CAMPAIGN_LIST_MAX).map(campaign);
  },

  async instantly(options) {
    const http = platformHttpClient('instantly', options, ({ headers }) =>
      headers.set('authorization', `Bearer ${options.apiKey}`),
    );
    const found: PlatformCampaign[] = [];
    let after: string | undefined;
    while (found.length < CAMPAIGN_LIST_MAX) {
      const page = await http.request({
        operation: OPERATION,
        method: 'GET',
        path: '/api/v2/campaigns',
        query: { limit: PAGE, starting_after: after },
        schema: InstantlySchema,
      });
      found.push(...page.items.map(campaign));
      const next = page.next_starting_after ?? undefined;
      if (!next || page.items.length === 0) break;
      if (next === after) throw repeated('instantly');
      after = next;
    }
    return found.slice(0, CAMPAIGN_LIST_MAX);
  },

  async bison(options) {
    const http = platformHttpClient(
      'bison',
      options,
      ({ headers }) => headers.set('authorization', `Bearer ${options.apiKey}`),
      bisonInstanceUrl(options.baseUrl),
    );
    const found: PlatformCampaign[] = [];
    for (let page = 1; found.length < CAMPAIGN_LIST_MAX; page++) {
      const answer = await http.request({
        operation: OPERATION,
        method: 'GET',
        path: '/api/campaigns',
        query: { page },
        schema: BisonSchema,
      });
      found.push(...answer.data.map(campaign));
      const last = answer.meta?.last_page ?? (answer.links?.next ? page + 1 : page);
      if (page >= last || answer.data.length === 0) break;
    }
    return found.slice(0, CAMPAIGN_LIST_MAX);
  },

  async heyreach(options) {
    const http = platformHttpClient('heyreach', options, ({ headers }) =>
      headers.set('x-api-key', options.apiKey),
    );
    const found: PlatformCampaign[] = [];
    for (let offset = 0; found.length < CAMPAIGN_LIST_MAX; offset += PAGE) {
      const page = await http.request({
        operation: OPERATION,
        method: 'POST',
        path: '/api/public/campaign/GetAll',
        json: { offset, limit: PAGE },
        schema: HeyreachSchema,
      });
      found.push(...page.items.map(campaign));
      const total = page.totalCount ?? Number.POSITIVE_INFINITY;
      if (page.items.length < PAGE || offset + PAGE >= total) break;
    }
    return found.slice(0, CAMPAIGN_LIST_MAX);
  },
};

function repeated(system: 'instantly'): ConnectorError {
  return new ConnectorError({
    system,
    operation: OPERATION,
    code: 'unexpected',
    message: 'Instantly listCampaigns repeated its paging cursor',
  });
}

/** The account's campaigns, in the platform's order (at most CAMPAIGN_LIST_MAX). */
export function listPlatformCampaigns(
  platform: Platform,
  options: PlatformClientOptions,
): Promise<PlatformCampaign[]> {
  return LISTERS[platform](options);
}
