import { Router } from '@koa/router';
import type { Middleware } from 'koa';
import {
  apiKeyGuard,
  asArray,
  asString,
  bearerToken,
  bodyObject,
  nowIso,
  queryInt,
  type Ctx,
} from '../core/http.ts';
import { BISON_DEMO_API_KEY } from '../demo-constants.ts';
import type { SandboxState } from '../sandbox-state.ts';
import { blockValueKind, type BisonBlacklistEntry, type PlatformLead } from './platform-store.ts';

/** The customer's instance URL is `<sandbox>/bison`; every path sits under `/api`. */
export const BISON_PREFIX = '/bison/api';
const PER_PAGE = 15;

export function bisonAuth(): Middleware {
  return apiKeyGuard(BISON_PREFIX, (ctx) =>
    bearerToken(ctx) === BISON_DEMO_API_KEY ? undefined : { message: 'Unauthenticated.' },
  );
}

/** Key check (`/api/users`), blacklisted e-mails and domains (single and bulk), lead lookup. */
export function bisonRouter(state: SandboxState): Router {
  const router = new Router({ prefix: BISON_PREFIX });
  router.get('/users', (ctx) => {
    ctx.body = {
      data: {
        id: 1,
        name: 'Demo Admin',
        email: 'admin@outsync-demo.test',
        workspace: { id: 1, name: 'OutSync Demo' },
      },
    };
  });
  registerBlacklist(router, state, 'emails', 'email');
  registerBlacklist(router, state, 'domains', 'domain');
  router.get('/leads/:leadId', (ctx) => {
    const key = ctx.params.leadId ?? '';
    const leads = state.platforms.leadsOf('bison');
    const lead =
      leads.find((candidate) => String(candidate.id) === key) ??
      state.platforms.findLead('bison', key);
    if (!lead) {
      ctx.status = 404;
      ctx.body = { message: 'Lead not found.' };
      return;
    }
    ctx.body = { data: publicLead(lead) };
  });
  router.get('/leads', (ctx) => {
    const search = (asString(ctx.query.search) ?? '').toLowerCase();
    const leads = state.platforms
      .leadsOf('bison')
      .filter((lead) => !search || lead.email.toLowerCase().includes(search));
    ctx.body = paginate(ctx, leads.map(publicLead));
  });
  return router;
}

function registerBlacklist(
  router: Router,
  state: SandboxState,
  plural: 'emails' | 'domains',
  field: 'email' | 'domain',
): void {
  const list = (): BisonBlacklistEntry[] =>
    plural === 'emails' ? state.platforms.bisonEmails : state.platforms.bisonDomains;
  const add = (raw: unknown): BisonBlacklistEntry | undefined => {
    const value = (asString(raw) ?? '').trim().toLowerCase();
    if (blockValueKind(value) !== field) return undefined;
    const existing = list().find((entry) => entry.value === value);
    if (existing) return existing;
    const entry = {
      id: state.platforms.ids.take(),
      value,
      created_at: nowIso(),
      updated_at: nowIso(),
    };
    list().push(entry);
    return entry;
  };
  const view = (entry: BisonBlacklistEntry) => ({
    id: entry.id,
    [field]: entry.value,
    created_at: entry.created_at,
    updated_at: entry.updated_at,
  });

  router.get(`/blacklisted-${plural}`, (ctx) => {
    ctx.body = paginate(ctx, list().map(view));
  });
  router.post(`/blacklisted-${plural}`, (ctx) => {
    const entry = add(bodyObject(ctx)[field]);
    if (!entry) return invalid(ctx, field, `The ${field} field must be a valid ${field}.`);
    ctx.status = 201;
    ctx.body = { data: view(entry) };
  });
  router.post(`/blacklisted-${plural}/bulk`, (ctx) => {
    const values = asArray(bodyObject(ctx)[plural]);
    if (values.length === 0) return invalid(ctx, plural, `The ${plural} field is required.`);
    const added = values.flatMap((value) => add(value) ?? []);
    ctx.status = 201;
    ctx.body = {
      data: added.map(view),
      meta: { valid_count: added.length, invalid_count: values.length - added.length },
    };
  });
  router.get(`/blacklisted-${plural}/:id`, (ctx) => {
    const entry = list().find((candidate) => String(candidate.id) === ctx.params.id);
    if (!entry) return notFound(ctx);
    ctx.body = { data: view(entry) };
  });
  router.delete(`/blacklisted-${plural}/:id`, (ctx) => {
    const entry = list().find((candidate) => String(candidate.id) === ctx.params.id);
    if (!entry) return notFound(ctx);
    list().splice(list().indexOf(entry), 1);
    ctx.body = {
      data: { success: true, message: `The ${field} has been removed from the blacklist.` },
    };
  });
}

/** Laravel's paginator shape: `data`, `links`, `meta`. */
function paginate<T>(
  ctx: Ctx,
  items: T[],
): { data: T[]; links: Record<string, string | null>; meta: Record<string, number> } {
  const lastPage = Math.max(1, Math.ceil(items.length / PER_PAGE));
  const page = Math.min(Math.max(1, queryInt(ctx, 'page', 1)), lastPage);
  const base = `${ctx.origin}${ctx.path}`;
  return {
    data: items.slice((page - 1) * PER_PAGE, page * PER_PAGE),
    links: {
      first: `${base}?page=1`,
      last: `${base}?page=${lastPage}`,
      prev: page > 1 ? `${base}?page=${page - 1}` : null,
      next: page < lastPage ? `${base}?page=${page + 1}` : null,
    },
    meta: { current_page: page, last_page: lastPage, per_page: PER_PAGE, total: items.length },
  };
}

function invalid(ctx: Ctx, field: string, message: string): void {
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
