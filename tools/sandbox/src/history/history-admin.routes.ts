import { Router } from '@koa/router';
import { platformFromAnySpelling, type Platform } from '@outsync/contracts';
import { asNumber, asString, bodyObject, queryString, type Ctx } from '../core/http.ts';
import type { PlatformAccount } from '../platforms/platform-store.ts';
import type { SandboxState } from '../sandbox-state.ts';
import {
  HistorySeedError,
  INSTANTLY_EMAILS_RATE_LIMIT,
  historyOf,
  seedHistory,
  type SeededHistory,
} from './history-seed.ts';

const DAY_MS = 24 * 60 * 60_000;

/**
 * `/_sandbox/platforms/:platform/history`: seeds a platform account's campaign history (beside
 * `/_sandbox`'s other seeds, and dropped like them by `/_reset` and `/_seed`) and says what it
 * holds. `POST` takes `{apiKey?, leads, events, campaigns, from, to, seed, emailsRateLimit?}`;
 * the account is the platform's demo account unless `apiKey` names another.
 */
export function historyAdminRouter(state: SandboxState): Router {
  const router = new Router({ prefix: '/_sandbox/platforms/:platform/history' });

  router.post('/', (ctx) => {
    const found = accountOf(ctx, state, asString(bodyObject(ctx).apiKey));
    if (!found) return;
    const body = bodyObject(ctx);
    const to = body.to === undefined ? startOfToday() : new Date(asString(body.to) ?? '');
    const from =
      body.from === undefined
        ? new Date(to.getTime() - 90 * DAY_MS)
        : new Date(asString(body.from) ?? '');
    try {
      const history = seedHistory(found, {
        leads: asNumber(body.leads, 100),
        events: asNumber(body.events, 1000),
        campaigns: asNumber(body.campaigns, 2),
        from,
        to,
        seed: asNumber(body.seed, 1),
        emailsRateLimit:
          body.emailsRateLimit === null
            ? null
            : asNumber(body.emailsRateLimit, INSTANTLY_EMAILS_RATE_LIMIT.limit),
      });
      ctx.status = 201;
      ctx.body = summary(history);
    } catch (error) {
      if (!(error instanceof HistorySeedError)) throw error;
      ctx.status = 400;
      ctx.body = { message: error.message };
    }
  });

  router.get('/', (ctx) => {
    const found = accountOf(ctx, state, queryString(ctx, 'apiKey'));
    if (found) ctx.body = summary(historyOf(found));
  });

  return router;
}

function accountOf(
  ctx: Ctx,
  state: SandboxState,
  apiKey: string | undefined,
): PlatformAccount | undefined {
  const platform: Platform | undefined = platformFromAnySpelling(ctx.params.platform ?? '');
  if (!platform) {
    ctx.status = 404;
    ctx.body = { message: `No platform named ${ctx.params.platform ?? ''}` };
    return undefined;
  }
  const account =
    apiKey === undefined
      ? state.platforms.demoAccount(platform)
      : state.platforms.account(platform, apiKey);
  if (!account) {
    ctx.status = 404;
    ctx.body = { message: `No ${platform} account with that key` };
  }
  return account;
}

/** What a test needs to check a backfill against: counts by campaign and direction. */
function summary(history: SeededHistory) {
  return {
    platform: history.platform,
    seed: history.seed,
    from: history.from,
    to: history.to,
    leads: history.leads.length,
    events: history.messages.length,
    sent: history.messages.filter((message) => message.direction === 'out').length,
    replies: history.messages.filter((message) => message.direction === 'in').length,
    campaigns: history.campaigns.map((campaign) => ({
      id: campaign.id,
      uuid: campaign.uuid,
      name: campaign.name,
      leads: history.leads.filter((lead) => lead.campaign.id === campaign.id).length,
      events: history.messages.filter((message) => message.lead.campaign.id === campaign.id).length,
    })),
    emailsRateLimit: history.emailsRateLimit,
  };
}

function startOfToday(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}
