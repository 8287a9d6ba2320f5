import { Router } from '@koa/router';
import type { Middleware } from 'koa';
import {
  asArray,
  asNumber,
  asString,
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
  blockValueKind,
  campaignsOf,
  smartleadBlockKey,
  findLead,
  leadsOf,
  type PlatformAccount,
  type PlatformLead,
  type PlatformStore,
} from './platform-store.ts';
import {
  registerWebhook,
  SMARTLEAD_WEBHOOK_EVENTS,
  webhooksOfCampaign,
} from './platform-webhooks.ts';

export const SMARTLEAD_PREFIX = '/smartlead/api/v1';

/** Smartlead authenticates every call with the `api_key` query parameter. */
export function smartleadAuth(store: PlatformStore): Middleware {
  return platformGuard(
    'smartlead',
    SMARTLEAD_PREFIX,
    store,
    (ctx) => queryString(ctx, 'api_key'),
    () => ({
      error: 'Invalid API Key',
      message: 'The api_key query parameter is missing or invalid.',
    }),
  );
}

/** Key check, lead categories, clients, the global block list and lead lookup by e-mail. */
export function smartleadRouter(state: SandboxState): Router {
  const router = new Router({ prefix: SMARTLEAD_PREFIX });
  const account = (ctx: Ctx): PlatformAccount => platformAccountOf(ctx);

  router.get('/campaigns', (ctx) => {
    ctx.body = campaignsOf(account(ctx)).map(({ id, name }) => ({
      id,
      name,
      status: 'ACTIVE',
      created_at: account(ctx).createdAt,
    }));
  });
  // Webhook registration (reference §3.2): user- or campaign-level, events as a map of flags.
  router.post('/webhook/create', (ctx) => {
    const body = bodyObject(ctx);
    const association = asString(body.association_type) ?? 'user';
    if (!['user', 'client', 'campaign'].includes(association)) {
      ctx.status = 400;
      ctx.body = { message: 'association_type must be user, client or campaign' };
      return;
    }
    const campaignId = asNumber(body.email_campaign_id, 0);
    if (association === 'campaign' && campaignId <= 0) {
      ctx.status = 400;
      ctx.body = { message: 'email_campaign_id is required for a campaign webhook' };
      return;
    }
    const eventMap = isRecord(body.event_type_map) ? body.event_type_map : {};
    const eventTypes = Object.keys(eventMap).filter((event) => eventMap[event] === true);
    const unknown = eventTypes.filter(
      (event) => !(SMARTLEAD_WEBHOOK_EVENTS as readonly string[]).includes(event),
    );
    if (unknown.length > 0) {
      ctx.status = 400;
      ctx.body = { message: `Unknown event type: ${unknown.join(', ')}` };
      return;
    }
    const webhook = registerWebhook(
      ctx,
      account(ctx),
      {
        name: asString(body.name),
        url: asString(body.webhook_url),
        campaignIds: association === 'campaign' ? [campaignId] : null,
        eventTypes,
      },
      () => state.platforms.ids.take(),
    );
    if (webhook) ctx.body = { ok: true, id: webhook.id, name: webhook.name };
  });
  router.get('/campaigns/:campaignId/webhooks', (ctx) => {
    ctx.body = webhooksOfCampaign(account(ctx), Number(ctx.params.campaignId)).map((webhook) => ({
      id: webhook.id,
      name: webhook.name,
      webhook_url: webhook.url,
      event_types: webhook.eventTypes,
      created_at: webhook.createdAt,
    }));
  });
  router.get('/leads/fetch-categories', (ctx) => {
    ctx.body = account(ctx).smartleadCategories;
  });
  router.get(['/client', '/client/'], (ctx) => {
    ctx.body = account(ctx).smartleadClients.map((client) => ({
      ...client,
      logo: null,
      logo_url: null,
      client_permision: { permission: ['reply_master_inbox'], retricted_category: [] },
    }));
  });
  router.post('/leads/add-domain-block-list', (ctx) => addToBlockList(ctx, state));
  router.get('/leads/get-domain-block-list', (ctx) => {
    const clientId = queryString(ctx, 'filter_client_id');
    const search = queryString(ctx, 'filter_email_or_domain')?.toLowerCase();
    const limit = clamp(queryInt(ctx, 'limit', 100), 1, 1000);
    const offset = Math.max(0, queryInt(ctx, 'offset', 0));
    const entries = account(ctx).smartleadBlockList.list();
    const filtered =
      clientId === undefined && !search
        ? entries
        : entries.filter(
            (entry) =>
              (clientId === undefined || String(entry.client_id) === clientId) &&
              (!search || entry.email_or_domain.includes(search)),
          );
    ctx.body = filtered.slice(offset, offset + limit);
  });
  router.delete('/leads/delete-domain-block-list', (ctx) => {
    const removed = account(ctx).smartleadBlockList.removeById(String(queryInt(ctx, 'id', -1)));
    ctx.body = { ok: removed !== undefined };
  });
  router.get(['/leads', '/leads/'], (ctx) => {
    const lead = findLead(account(ctx), queryString(ctx, 'email') ?? '');
    if (!lead) {
      ctx.status = 404;
      ctx.body = { message: 'Lead not found' };
      return;
    }
    ctx.body = publicLead(lead, account(ctx));
  });
  router.post('/campaigns/:campaignId/leads/:leadId/category', (ctx) => {
    const lead = leadsOf(account(ctx)).find(
      (candidate) => String(candidate.id) === ctx.params.leadId,
    );
    if (!lead) {
      ctx.status = 404;
      ctx.body = { message: 'Lead not found' };
      return;
    }
    lead.categoryId = asNumber(bodyObject(ctx).category_id, 0) || null;
    ctx.body = { ok: true };
  });
  return router;
}

/**
 * `POST /leads/add-domain-block-list`: e-mails and domains in one array, scoped to a client or
 * account-wide. Each value costs one lookup in the account's index (value and client), so a
 * list of 100,000 grows as fast as the first thousand.
 */
function addToBlockList(ctx: Ctx, state: SandboxState): void {
  const body = bodyObject(ctx);
  const values = asArray(body.domain_block_list).concat(asArray(body.email_block_list));
  const clientId =
    body.client_id === null || body.client_id === undefined ? null : asNumber(body.client_id, 0);
  const list = platformAccountOf(ctx).smartleadBlockList;
  let added = 0;
  let duplicates = 0;
  const invalid: string[] = [];
  const now = nowIso();
  for (const raw of values) {
    const value = (asString(raw) ?? '').trim().toLowerCase();
    const kind = blockValueKind(value);
    if (!kind) {
      invalid.push(String(raw));
      continue;
    }
    const key = smartleadBlockKey(value, clientId);
    if (list.get(key)) {
      duplicates++;
      continue;
    }
    list.add(key, {
      id: state.platforms.ids.take(),
      email_or_domain: value,
      type: kind,
      client_id: clientId,
      created_at: now,
    });
    added++;
  }
  ctx.body = {
    ok: true,
    message: `${added} entries added to the block list`,
    uploadCount: added,
    alreadyAddedCount: duplicates,
    invalidEmailsOrDomains: invalid,
  };
}

function publicLead(lead: PlatformLead, account: PlatformAccount): Record<string, unknown> {
  const category = account.smartleadCategories.find(
    (candidate) => candidate.id === lead.categoryId,
  );
  return {
    id: lead.id,
    first_name: lead.firstName,
    last_name: lead.lastName,
    email: lead.email,
    company_name: lead.companyName,
    website: lead.website,
    linkedin_profile: lead.linkedinUrl,
    lead_campaign_data: [
      {
        campaign_id: lead.campaignId,
        campaign_name: lead.campaignName,
        campaign_lead_map_id: lead.id * 10,
        lead_category_id: lead.categoryId,
        lead_category_name: category?.name ?? null,
        lead_status: 'INPROGRESS',
      },
    ],
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
