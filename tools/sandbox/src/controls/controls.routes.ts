import { Router } from '@koa/router';
import { asNumber, asString, bodyObject, type JsonObject } from '../core/http.ts';
import type { ApiUsage } from '../salesforce/salesforce-limits.ts';
import type { SandboxState } from '../sandbox-state.ts';

/** Test and demo controls: reset, seed, faults, stats, and expiring issued tokens. */
export function controlsRouter(state: SandboxState): Router {
  const router = new Router();
  router.post('/_reset', (ctx) => {
    state.reset();
    ctx.body = { ok: true };
  });
  router.post('/_seed', (ctx) => {
    state.seed();
    ctx.body = { ok: true };
  });
  router.get('/_faults', (ctx) => {
    ctx.body = state.faults.all();
  });
  router.post('/_faults', (ctx) => {
    try {
      const body = bodyObject(ctx);
      const apiUsage = salesforceBudget(state, body);
      const settings = state.faults.apply(body);
      ctx.body = { system: body.system, ...settings, ...(apiUsage ? { apiUsage } : {}) };
    } catch (error) {
      ctx.status = 400;
      ctx.body = { message: error instanceof Error ? error.message : String(error) };
    }
  });
  router.get('/_stats', (ctx) => {
    ctx.body = state.stats.snapshot();
  });
  router.post('/_stats/reset', (ctx) => {
    state.stats.reset();
    ctx.body = { ok: true };
  });
  // Lets tests reach the refresh path without waiting 30 minutes. `tenant` narrows it to
  // one HubSpot hub id or Salesforce org key.
  router.post('/_tokens/expire', (ctx) => {
    const body = bodyObject(ctx);
    const system = asString(body.system);
    const tenant = asString(body.tenant);
    const filter = (grant: { tenant: string }) => tenant === undefined || grant.tenant === tenant;
    const expired =
      (system !== 'salesforce' ? state.hubspotGrants.expireAll(filter) : 0) +
      (system !== 'hubspot' ? state.salesforceGrants.expireAll(filter) : 0);
    ctx.body = { expired };
  });
  return router;
}

/**
 * Salesforce's daily API budget, per org (`tenant`: an org key; every org when left out):
 * `dailyApiRequests` sets the maximum, `apiRemaining` what is left today (0: the next call
 * answers 403 REQUEST_LIMIT_EXCEEDED). Answers each org's usage when either was given.
 */
function salesforceBudget(
  state: SandboxState,
  body: JsonObject,
): Record<string, ApiUsage> | undefined {
  if (body.system !== 'salesforce' && body.system !== '*') return undefined;
  if (!('apiRemaining' in body) && !('dailyApiRequests' in body)) return undefined;
  const tenant = asString(body.tenant);
  const orgs = state.salesforceOrgs.all().filter((org) => !tenant || org.key === tenant);
  if (orgs.length === 0) throw new Error(`no Salesforce org with key ${tenant ?? ''}`);
  for (const org of orgs) {
    if ('dailyApiRequests' in body)
      org.apiBudget.setMax(asNumber(body.dailyApiRequests, org.apiBudget.usage().max));
    if ('apiRemaining' in body) org.apiBudget.setRemaining(asNumber(body.apiRemaining, 0));
  }
  return Object.fromEntries(orgs.map((org) => [org.key, org.apiBudget.usage()]));
}
