import { Router } from '@koa/router';
import type { Middleware } from 'koa';
import {
  asArray,
  asString,
  bearerToken,
  bodyObject,
  clamp,
  nowIso,
  queryInt,
  queryString,
  type Ctx,
} from '../core/http.ts';
import type { SandboxState } from '../sandbox-state.ts';
import { platformAccountOf, platformGuard } from './platform-auth.ts';
import {
  INSTANTLY_OWNER_ID,
  blockValueKind,
  leadsOf,
  type InstantlyBlockEntry,
  type InstantlyLabel,
  type PlatformAccount,
  type PlatformStore,
} from './platform-store.ts';

export const INSTANTLY_PREFIX = '/instantly/api/v2';
const BULK_MAX = 1000;

/** Bearer API key on every call, with Instantly's 401 body. */
export function instantlyAuth(store: PlatformStore): Middleware {
  return platformGuard('instantly', INSTANTLY_PREFIX, store, bearerToken, (token) => ({
    statusCode: 401,
    error: 'Unauthorized',
    message: token ? 'Invalid API key' : 'Missing Authorization header',
  }));
}

/** Key check (current workspace), lead labels and block-list entries (single, bulk, list). */
export function instantlyRouter(state: SandboxState): Router {
  const router = new Router({ prefix: INSTANTLY_PREFIX });
  const account = (ctx: Ctx): PlatformAccount => platformAccountOf(ctx);

  router.get('/workspaces/current', (ctx) => {
    ctx.body = {
      id: account(ctx).workspaceId,
      timestamp_created: '2024-01-15T09:00:00.000Z',
      timestamp_updated: '2024-01-15T09:00:00.000Z',
      owner: INSTANTLY_OWNER_ID,
      name: `${account(ctx).name} Workspace`,
      plan_id: 'pid_hg_v1',
      org_logo_url: null,
      org_client_domain: null,
    };
  });
  router.get('/lead-labels', (ctx) => {
    const search = queryString(ctx, 'search')?.toLowerCase();
    ctx.body = page(
      ctx,
      account(ctx).instantlyLabels.filter(
        (label) => !search || label.label.toLowerCase().includes(search),
      ),
    );
  });
  router.post('/lead-labels', (ctx) => {
    const body = bodyObject(ctx);
    const label = asString(body.label);
    const sentiment = asString(body.interest_status_label);
    if (
      !label ||
      (sentiment !== 'positive' && sentiment !== 'negative' && sentiment !== 'neutral')
    ) {
      return badRequest(
        ctx,
        'label and interest_status_label (positive, negative or neutral) are required',
      );
    }
    const owner = account(ctx);
    const created: InstantlyLabel = {
      id: state.platforms.newUuid(),
      timestamp_created: nowIso(),
      created_by: INSTANTLY_OWNER_ID,
      organization_id: owner.workspaceId,
      label,
      interest_status_label: sentiment,
      interest_status: nextInterestStatus(owner.instantlyLabels, sentiment),
      description: asString(body.description) ?? '',
      use_with_ai: body.use_with_ai === true,
    };
    owner.instantlyLabels.push(created);
    ctx.body = created;
  });
  router.post('/block-lists-entries', (ctx) => {
    const value = asString(bodyObject(ctx).bl_value) ?? '';
    const entry = addEntry(state, account(ctx), value);
    if (!entry) return badRequest(ctx, `"${value}" is not a valid e-mail address or domain`);
    ctx.body = entry;
  });
  router.post('/block-lists-entries/bulk-create', (ctx) => {
    const body = bodyObject(ctx);
    if (!Array.isArray(body.bl_values))
      return badRequest(ctx, "body must have required property 'bl_values'");
    const values = asArray(body.bl_values);
    // Instantly validates the body (Fastify and its JSON schema: 1–1,000 items) before anything.
    if (values.length < 1)
      return badRequest(ctx, 'body/bl_values must NOT have fewer than 1 items');
    if (values.length > BULK_MAX)
      return badRequest(ctx, `body/bl_values must NOT have more than ${BULK_MAX} items`);
    const items: InstantlyBlockEntry[] = [];
    let invalid = 0;
    for (const raw of values) {
      const entry = addEntry(state, account(ctx), asString(raw) ?? '');
      if (entry) items.push(entry);
      else invalid++;
    }
    ctx.body = { items, valid_count: items.length, invalid_count: invalid };
  });
  router.get('/block-lists-entries', (ctx) => {
    const domainsOnly = queryString(ctx, 'domains_only') === 'true';
    const search = queryString(ctx, 'search')?.toLowerCase();
    const entries = account(ctx).instantlyBlockList;
    ctx.body =
      !domainsOnly && !search
        ? pageOf(ctx, entries.list(), (id) => entries.positionOf(id))
        : page(
            ctx,
            entries
              .list()
              .filter(
                (entry) =>
                  (!domainsOnly || entry.is_domain) && (!search || entry.bl_value.includes(search)),
              ),
          );
  });
  router.delete('/block-lists-entries/:id', (ctx) => {
    const entry = account(ctx).instantlyBlockList.removeById(ctx.params.id ?? '');
    if (!entry) {
      ctx.status = 404;
      ctx.body = { statusCode: 404, error: 'Not Found', message: 'Block list entry not found' };
      return;
    }
    ctx.body = entry;
  });
  router.post('/leads/list', (ctx) => {
    const search = asString(bodyObject(ctx).search)?.toLowerCase();
    const leads = leadsOf(account(ctx)).filter(
      (lead) => !search || lead.email.toLowerCase().includes(search),
    );
    ctx.body = {
      items: leads.map((lead) => ({
        id: String(lead.id),
        email: lead.email,
        first_name: lead.firstName,
        last_name: lead.lastName,
        company_name: lead.companyName,
        campaign: lead.campaignName,
        lt_interest_status: lead.categoryId,
      })),
    };
  });
  return router;
}

/**
 * Adds a value unless invalid; a value already blocked answers the existing entry. Invalid
 * (counted in `invalid_count`): anything that is not an ASCII e-mail address or domain — the
 * non-Latin values spec 02 §5's non-Latin rule works around (an IDN domain not in punycode, a
 * non-ASCII local part), and malformed values. One index lookup per value.
 */
function addEntry(
  state: SandboxState,
  account: PlatformAccount,
  raw: string,
): InstantlyBlockEntry | undefined {
  const value = raw.trim().toLowerCase();
  const kind = blockValueKind(value);
  if (!kind) return undefined;
  return (
    account.instantlyBlockList.get(value) ??
    account.instantlyBlockList.add(value, {
      id: state.platforms.newUuid(),
      timestamp_created: nowIso(),
      organization_id: account.workspaceId,
      bl_value: value,
      is_domain: kind === 'domain',
    })
  );
}

function page<T extends { id: string }>(
  ctx: Ctx,
  items: readonly T[],
): { items: T[]; next_starting_after?: string } {
  return pageOf(ctx, items, (id) => items.findIndex((item) => item.id === id));
}

/** Instantly's cursor paging: `limit` (1–100) items after the `starting_after` id. */
function pageOf<T extends { id: string }>(
  ctx: Ctx,
  items: readonly T[],
  positionOf: (id: string) => number,
): { items: T[]; next_starting_after?: string } {
  const limit = clamp(queryInt(ctx, 'limit', 100), 1, 100);
  const after = queryString(ctx, 'starting_after');
  const start = after ? positionOf(after) + 1 : 0;
  const slice = items.slice(start, start + limit);
  const last = slice[slice.length - 1];
  return {
    items: slice,
    ...(start + limit < items.length && last ? { next_starting_after: last.id } : {}),
  };
}

function badRequest(ctx: Ctx, message: string): void {
  ctx.status = 400;
  ctx.body = { statusCode: 400, error: 'Bad Request', message };
}

/** Custom labels get server-assigned statuses beyond the built-in range, signed by sentiment. */
function nextInterestStatus(
  labels: InstantlyLabel[],
  sentiment: InstantlyLabel['interest_status_label'],
): number {
  const taken = labels.filter((label) => label.interest_status_label === sentiment).length;
  if (sentiment === 'negative') return -(10 + taken);
  if (sentiment === 'neutral') return 100 + taken;
  return 10 + taken;
}
