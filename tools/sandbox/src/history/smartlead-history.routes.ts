import { Router } from '@koa/router';
import { queryString, type Ctx } from '../core/http.ts';
import { platformAccountOf } from '../platforms/platform-auth.ts';
import { campaignsOf } from '../platforms/platform-store.ts';
import { SMARTLEAD_PREFIX } from '../platforms/smartlead.routes.ts';
import { findCampaign, historyOf, type HistoryLead, type HistoryMessage } from './history-seed.ts';

/** `GET /campaigns/{id}/leads` pages hold at most 100 leads (Smartlead's reference). */
export const SMARTLEAD_LEADS_PAGE_MAX = 100;

/**
 * Smartlead's history reads (docs/decisions.md, "Backfill"): a campaign's leads, paged by
 * offset, and one lead's message history (sent e-mails and replies, each with its time). The
 * key check and rate limit are the Smartlead guard's, in front of every `/smartlead` path.
 */
export function smartleadHistoryRouter(): Router {
  const router = new Router({ prefix: SMARTLEAD_PREFIX });

  router.get('/campaigns/:campaignId/leads', (ctx) => {
    const offset = wholeNumber(queryString(ctx, 'offset') ?? '0');
    const limit = wholeNumber(queryString(ctx, 'limit') ?? '100');
    if (
      offset === undefined ||
      limit === undefined ||
      limit < 1 ||
      limit > SMARTLEAD_LEADS_PAGE_MAX
    ) {
      badRequest(ctx, `offset must be 0 or more and limit 1 to ${SMARTLEAD_LEADS_PAGE_MAX}`);
      return;
    }
    const leads = campaignLeads(ctx);
    if (!leads) return;
    ctx.body = {
      // Smartlead sends the total as a string.
      total_leads: String(leads.length),
      offset,
      limit,
      data: leads.slice(offset, offset + limit).map(campaignLead),
    };
  });

  router.get('/campaigns/:campaignId/leads/:leadId/message-history', (ctx) => {
    const after = queryString(ctx, 'event_time_gt');
    if (after !== undefined && Number.isNaN(Date.parse(after))) {
      badRequest(ctx, 'event_time_gt must be an ISO 8601 date-time');
      return;
    }
    const leads = campaignLeads(ctx);
    if (!leads) return;
    const lead = leads.find((candidate) => String(candidate.id) === ctx.params.leadId);
    if (!lead) {
      ctx.status = 404;
      ctx.body = { message: 'Lead not found in this campaign' };
      return;
    }
    // A reply carries the stats id of the lead's latest e-mail before it (the one it answers).
    let answered = 0;
    const entries = (historyOf(platformAccountOf(ctx)).byLead.get(lead.id) ?? []).map((message) => {
      if (message.direction === 'out') answered = message.id;
      return { at: message.at, entry: historyEntry(message, answered) };
    });
    const since = after === undefined ? undefined : new Date(after).toISOString();
    ctx.body = {
      history: entries
        .filter(({ at }) => since === undefined || at > since)
        .map(({ entry }) => entry),
      from: lead.sender.email,
      to: lead.email,
    };
  });

  return router;
}

/** The campaign's seeded leads; 404 for a campaign the account does not have. */
function campaignLeads(ctx: Ctx): HistoryLead[] | undefined {
  const account = platformAccountOf(ctx);
  const history = historyOf(account);
  const id = ctx.params.campaignId ?? '';
  const campaign = findCampaign(history, id);
  if (!campaign && !campaignsOf(account).some((known) => String(known.id) === id)) {
    ctx.status = 404;
    ctx.body = { message: 'Campaign not found' };
    return undefined;
  }
  return campaign ? history.leads.filter((lead) => lead.campaign.id === campaign.id) : [];
}

function campaignLead(lead: HistoryLead) {
  return {
    campaign_lead_map_id: lead.mapId,
    lead_category_id: null,
    status: 'INPROGRESS',
    created_at: lead.createdAt,
    lead: {
      id: lead.id,
      first_name: lead.firstName,
      last_name: lead.lastName,
      email: lead.email,
      phone_number: null,
      company_name: lead.company,
      website: lead.website,
      location: null,
      custom_fields: {},
      linkedin_profile: lead.profileUrl,
      company_url: lead.website,
      is_unsubscribed: false,
    },
  };
}

/**
 * One entry of `message-history`: a sent e-mail (`SENT`, our mailbox → the lead, with its open
 * and click counts but no times for them) or a reply (`REPLY`, the lead → our mailbox). A reply
 * carries the stats id of the e-mail it answers, as Smartlead threads them.
 */
function historyEntry(message: HistoryMessage, answeredStatsId: number) {
  const { lead } = message;
  const sent = message.direction === 'out';
  return {
    stats_id: String(sent ? message.id : answeredStatsId),
    from: sent ? lead.sender.email : lead.email,
    to: sent ? lead.email : lead.sender.email,
    type: sent ? 'SENT' : 'REPLY',
    message_id: message.messageId,
    time: message.at,
    email_body: message.html,
    subject: message.subject,
    email_seq_number: String(message.step),
    open_count: message.openCount,
    click_count: message.clickCount,
    click_details: {},
  };
}

function wholeNumber(text: string): number | undefined {
  return /^\d+$/.test(text) ? Number(text) : undefined;
}

function badRequest(ctx: Ctx, message: string): void {
  ctx.status = 400;
  ctx.body = { message };
}
