import { Router } from '@koa/router';
import { asString, bodyObject } from '../core/http.ts';
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
      const settings = state.faults.apply(bodyObject(ctx));
      ctx.body = { system: bodyObject(ctx).system, ...settings };
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
