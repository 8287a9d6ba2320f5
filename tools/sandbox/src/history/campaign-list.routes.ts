import { Router } from '@koa/router';
import { asNumber, bodyObject, queryString, type Ctx } from '../core/http.ts';
import { BISON_INSTANCES_PATH } from '../demo-constants.ts';
import { platformAccountOf } from '../platforms/platform-auth.ts';
import { campaignsOf, type PlatformAccount } from '../platforms/platform-store.ts';
import { BISON_PREFIX, laravelPage } from '../platforms/bison.routes.ts';
import { HEYREACH_PREFIX } from '../platforms/heyreach.routes.ts';
import { INSTANTLY_PREFIX } from '../platforms/instantly.routes.ts';
import type { SandboxState } from '../sandbox-state.ts';
import { historyOf, stableUuid } from './history-seed.ts';

// The platforms' "list campaigns" calls the import screen's campaign picker reads (issue 34,
// item 3). Smartlead's `GET /campaigns` is served with its other routes (smartlead.routes.ts).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PAGE_MAX = 100;
/** bison's campaigns come in Laravel pages of 15, as its other lists. */
const BISON_PER_PAGE = 15;

/** An Instantly campaign's uuid: the seeded history's, else one derived from the sandbox id. */
function instantlyCampaigns(account: PlatformAccount): { id: string; name: string }[] {
  const seeded = new Map(historyOf(account).campaigns.map((c) => [c.id, c.uuid]));
  return campaignsOf(account).map(({ id, name }) => ({
    id: seeded.get(id) ?? stableUuid(`instantly:campaign:${id}`),
    name,
  }));
}

/**
 * Instantly's `GET /api/v2/campaigns` (OpenAPI v2, `listCampaign`): `limit` 1–100 (10 when left
 * out), cursor `starting_after` (a campaign id, `next_starting_after` of the last page), `search`
 * by name; 400 in its `{statusCode, error, message}` shape.
 */
function instantlyCampaignsRouter(): Router {
  const router = new Router({ prefix: INSTANTLY_PREFIX });
  router.get('/campaigns', (ctx) => {
    const fail = (message: string) => {
      ctx.status = 400;
      ctx.body = { statusCode: 400, error: 'Bad Request', message };
    };
    const limitText = queryString(ctx, 'limit') ?? '10';
    const limit = /^\d+$/.test(limitText) ? Number(limitText) : Number.NaN;
    if (!(limit >= 1 && limit <= PAGE_MAX))
      return fail('querystring/limit must be >= 1 and <= 100');
    const after = queryString(ctx, 'starting_after');
    if (after !== undefined && !UUID.test(after))
      return fail('querystring/starting_after must match format "uuid"');
    const search = queryString(ctx, 'search')?.toLowerCase();
    const all = instantlyCampaigns(platformAccountOf(ctx)).filter(
      (campaign) => search === undefined || campaign.name.toLowerCase().includes(search),
    );
    const start = after === undefined ? 0 : all.findIndex((c) => c.id === after) + 1;
    const page = all.slice(start, start + limit);
    const last = page.at(-1);
    const workspace = platformAccountOf(ctx).workspaceId;
    ctx.body = {
      items: page.map(({ id, name }) => ({
        id,
        name,
        status: 1,
        organization: workspace,
        timestamp_created: platformAccountOf(ctx).createdAt,
      })),
      ...(last && start + page.length < all.length ? { next_starting_after: last.id } : {}),
    };
  });
  return router;
}

/** bison's `GET /api/campaigns`: the instance's campaigns in Laravel pages. */
function bisonCampaignsRouter(state: SandboxState, router: Router): Router {
  router.get('/campaigns', (ctx: Ctx) => {
    const text = queryString(ctx, 'page') ?? '1';
    if (!/^[1-9]\d*$/.test(text)) {
      ctx.status = 422;
      ctx.body = {
        message: 'The page field must be at least 1.',
        errors: { page: ['The page field must be at least 1.'] },
      };
      return;
    }
    const account = platformAccountOf(ctx);
    ctx.body = laravelPage(
      ctx,
      state.publicUrl,
      Number(text),
      campaignsOf(account),
      BISON_PER_PAGE,
      ({ id, name }) => ({
        id,
        name,
        type: 'outbound',
        status: 'active',
        created_at: account.createdAt,
      }),
    );
  });
  return router;
}

/** HeyReach's `POST /api/public/campaign/GetAll` `{offset, limit ≤ 100, keyword?}`. */
function heyreachCampaignsRouter(): Router {
  const router = new Router({ prefix: HEYREACH_PREFIX });
  router.post('/campaign/GetAll', (ctx) => {
    const body = bodyObject(ctx);
    const offset = asNumber(body.offset, 0);
    const limit = asNumber(body.limit, 10);
    const fail = (message: string) => {
      ctx.status = 400;
      ctx.body = { errorMessage: message, statusCode: 400 };
    };
    if (!Number.isInteger(offset) || offset < 0) return fail('Offset must be 0 or more.');
    if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_MAX)
      return fail(`Limit must be between 1 and ${PAGE_MAX}.`);
    const keyword = typeof body.keyword === 'string' ? body.keyword.toLowerCase() : '';
    const account = platformAccountOf(ctx);
    const all = campaignsOf(account).filter((c) => c.name.toLowerCase().includes(keyword));
    ctx.body = {
      totalCount: all.length,
      items: all.slice(offset, offset + limit).map(({ id, name }) => ({
        id,
        name,
        status: 'IN_PROGRESS',
        creationTime: account.createdAt,
      })),
    };
  });
  return router;
}

export function campaignListRouters(state: SandboxState): Router[] {
  return [
    instantlyCampaignsRouter(),
    bisonCampaignsRouter(state, new Router({ prefix: BISON_PREFIX })),
    bisonCampaignsRouter(state, new Router({ prefix: `${BISON_INSTANCES_PATH}/:instance/api` })),
    heyreachCampaignsRouter(),
  ];
}
