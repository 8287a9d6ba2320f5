import { Router } from '@koa/router';
import type { Middleware } from 'koa';
import {
  asArray,
  asString,
  bearerToken,
  bodyObject,
  nowIso,
  queryInt,
  type Ctx,
} from '../core/http.ts';
import { BISON_DEMO_INSTANCE_PATH, BISON_INSTANCES_PATH } from '../demo-constants.ts';
import type { SandboxState } from '../sandbox-state.ts';
import { platformAccountOf } from './platform-auth.ts';
import {
  BISON_DEMO_INSTANCE,
  blockValueKind,
  findLead,
  leadsOf,
  type BisonBlacklistEntry,
  type IndexedEntries,
  type PlatformLead,
  type PlatformStore,
} from './platform-store.ts';

/**
 * bison is self-hosted: every customer has an instance URL. The demo instance is
 * `<sandbox>/bison`, registered ones `<sandbox>/bison-instances/<name>`; every path sits
 * under `/api`.
 */
export const BISON_PREFIX = `${BISON_DEMO_INSTANCE_PATH}/api`;
const INSTANCE_PATH = new RegExp(
  `^(?:${BISON_DEMO_INSTANCE_PATH}|${BISON_INSTANCES_PATH}/([^/]+))/api/`,
);
const PER_PAGE = 15;

/** The bison instance a path is on (`demo` for `/bison`), if it is a bison API path. */
export function bisonInstanceOf(path: string): string | undefined {
  const match = INSTANCE_PATH.exec(path);
  return match ? (match[1] ?? BISON_DEMO_INSTANCE) : undefined;
}

/** A workspace token works on its own instance only; elsewhere it is unknown (401). */
export function bisonAuth(store: PlatformStore): Middleware {
  return async (ctx, next) => {
    const instance = bisonInstanceOf(ctx.path);
    if (instance === undefined) return next();
    if (!store.bisonInstances.has(instance)) {
      ctx.status = 404;
      ctx.body = { message: 'Not Found' };
      return;
    }
    const account = store.account('bison', bearerToken(ctx));
    if (!account || account.instance !== instance) {
      ctx.status = 401;
      ctx.body = { message: 'Unauthenticated.' };
      return;
    }
    ctx.state.platformAccount = account;
    await next();
  };
}

/** The same API on the demo instance and on every registered one. */
export function bisonRouters(state: SandboxState): Router[] {
  return [
    bisonRouter(state, new Router({ prefix: BISON_PREFIX })),
    bisonRouter(state, new Router({ prefix: `${BISON_INSTANCES_PATH}/:instance/api` })),
  ];
}

/** Key check (`/api/users`), blacklisted e-mails and domains (single and bulk), lead lookup. */
function bisonRouter(state: SandboxState, router: Router): Router {
  router.get('/users', (ctx) => {
    const account = platformAccountOf(ctx);
    ctx.body = {
      data: {
        id: 1,
        name: 'Demo Admin',
        email: 'admin@outsync-demo.test',
        workspace: { id: account.numericId, name: account.name },
      },
    };
  });
  registerBlacklist(router, state, 'emails', 'email');
  registerBlacklist(router, state, 'domains', 'domain');
  router.get('/leads/:leadId', (ctx) => {
    const key = ctx.params.leadId ?? '';
    const account = platformAccountOf(ctx);
    const lead =
      leadsOf(account).find((candidate) => String(candidate.id) === key) ?? findLead(account, key);
    if (!lead) {
      ctx.status = 404;
      ctx.body = { message: 'Lead not found.' };
      return;
    }
    ctx.body = { data: publicLead(lead) };
  });
  router.get('/leads', (ctx) => {
    const search = (asString(ctx.query.search) ?? '').toLowerCase();
    const leads = leadsOf(platformAccountOf(ctx)).filter(
      (lead) => !search || lead.email.toLowerCase().includes(search),
    );
    ctx.body = paginate(ctx, state.publicUrl, leads, publicLead);
  });
  return router;
}

function registerBlacklist(
  router: Router,
  state: SandboxState,
  plural: 'emails' | 'domains',
  field: 'email' | 'domain',
): void {
  const list = (ctx: Ctx): IndexedEntries<BisonBlacklistEntry> => {
    const account = platformAccountOf(ctx);
    return plural === 'emails' ? account.bisonEmails : account.bisonDomains;
  };
  /** Adds a value (lower-cased, trimmed) once; an invalid one answers undefined. O(1). */
  const add = (entries: IndexedEntries<BisonBlacklistEntry>, raw: unknown) => {
    const value = (asString(raw) ?? '').trim().toLowerCase();
    if (blockValueKind(value) !== field) return undefined;
    const now = nowIso();
    return (
      entries.get(value) ??
      entries.add(value, {
        id: state.platforms.ids.take(),
        value,
        created_at: now,
        updated_at: now,
      })
    );
  };
  const view = (entry: BisonBlacklistEntry) => ({
    id: entry.id,
    [field]: entry.value,
    created_at: entry.created_at,
    updated_at: entry.updated_at,
  });

  router.get(`/blacklisted-${plural}`, (ctx) => {
    ctx.body = paginate(ctx, state.publicUrl, list(ctx).list(), view);
  });
  router.post(`/blacklisted-${plural}`, (ctx) => {
    const entry = add(list(ctx), bodyObject(ctx)[field]);
    if (!entry) return invalid(ctx, field, `The ${field} field must be a valid ${field}.`);
    ctx.status = 201;
    ctx.body = { data: view(entry) };
  });
  router.post(`/blacklisted-${plural}/bulk`, (ctx) => {
    const values = asArray(bodyObject(ctx)[plural]);
    if (values.length === 0) return invalid(ctx, plural, `The ${plural} field is required.`);
    const entries = list(ctx);
    const added = values.flatMap((value) => add(entries, value) ?? []);
    ctx.status = 201;
    ctx.body = {
      data: added.map(view),
      meta: { valid_count: added.length, invalid_count: values.length - added.length },
    };
  });
  router.get(`/blacklisted-${plural}/:id`, (ctx) => {
    const entry = list(ctx).byId(ctx.params.id ?? '');
    if (!entry) return notFound(ctx);
    ctx.body = { data: view(entry) };
  });
  router.delete(`/blacklisted-${plural}/:id`, (ctx) => {
    if (!list(ctx).removeById(ctx.params.id ?? '')) return notFound(ctx);
    ctx.body = {
      data: { success: true, message: `The ${field} has been removed from the blacklist.` },
    };
  });
}

/**
 * Laravel's length-aware paginator as an API resource: `data`, `links` (first, last, prev,
 * next with `?page=`) and `meta` (current_page, from, last_page, path, per_page, to, total).
 * As in Laravel, a page past the last answers no data with `from`/`to` null and the page
 * asked for as `current_page` (its `prev` link points one page back); a page below 1 is 1.
 */
function paginate<T, V>(
  ctx: Ctx,
  publicUrl: string,
  items: readonly T[],
  view: (item: T) => V,
): LaravelPage<V> {
  const requested = queryInt(ctx, 'page', 1);
  return laravelPage(ctx, publicUrl, requested >= 1 ? requested : 1, items, PER_PAGE, view);
}

export type LaravelPage<V> = {
  data: V[];
  links: Record<string, string | null>;
  meta: Record<string, number | string | null>;
};

/** One page of `items` as Laravel's paginator answers it (see `paginate`), `view` applied to it. */
export function laravelPage<T, V = T>(
  ctx: Ctx,
  publicUrl: string,
  page: number,
  items: readonly T[],
  perPage: number,
  view: (item: T) => V = (item) => item as unknown as V,
): LaravelPage<V> {
  const lastPage = Math.max(1, Math.ceil(items.length / perPage));
  const base = `${publicUrl}${ctx.path}`;
  const data = items.slice((page - 1) * perPage, page * perPage).map(view);
  const from = data.length > 0 ? (page - 1) * perPage + 1 : null;
  return {
    data,
    links: {
      first: `${base}?page=1`,
      last: `${base}?page=${lastPage}`,
      prev: page > 1 ? `${base}?page=${page - 1}` : null,
      next: page < lastPage ? `${base}?page=${page + 1}` : null,
    },
    meta: {
      current_page: page,
      from,
      last_page: lastPage,
      path: base,
      per_page: perPage,
      to: from === null ? null : from + data.length - 1,
      total: items.length,
    },
  };
}

/** Laravel's validation answer. */
export function invalid(ctx: Ctx, field: string, message: string): void {
  ctx.status = 422;
  ctx.body = { message, errors: { [field]: [message] } };
}

function notFound(ctx: Ctx): void {
  ctx.status = 404;
  ctx.body = { message: 'Record not found.' };
}

function publicLead(lead: PlatformLead): Record<string, unknown> {
  return {
    id: lead.id,
    email: lead.email,
    first_name: lead.firstName,
    last_name: lead.lastName,
    title: lead.title,
    company: lead.companyName,
    status: lead.categoryId === 1 ? 'interested' : 'active',
    custom_variables: [],
    lead_campaign_data: [
      {
        campaign_id: lead.campaignId,
        campaign_name: lead.campaignName,
        interested: lead.categoryId === 1,
      },
    ],
  };
}
