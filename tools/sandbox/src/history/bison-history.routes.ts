import { Router } from '@koa/router';
import { queryString, type Ctx } from '../core/http.ts';
import { BISON_INSTANCES_PATH } from '../demo-constants.ts';
import { platformAccountOf } from '../platforms/platform-auth.ts';
import { campaignsOf } from '../platforms/platform-store.ts';
import { BISON_PREFIX, invalid, laravelPage } from '../platforms/bison.routes.ts';
import type { SandboxState } from '../sandbox-state.ts';
import { findCampaign, historyOf, type HistoryLead, type HistoryMessage } from './history-seed.ts';

/** Laravel's page size, as the rest of the sandbox's bison answers. */
export const BISON_HISTORY_PER_PAGE = 15;
const FOLDERS = ['inbox', 'sent', 'spam', 'bounced', 'all'];

/**
 * bison's history reads (docs.emailbison.com, "Getting Replies and Campaign Emails For a
 * Lead"): a campaign's leads (Laravel pages), a lead's campaign e-mails (`sent-emails`) and a
 * lead's replies. The instance and token checks are bison's guard's.
 */
export function bisonHistoryRouters(state: SandboxState): Router[] {
  return [
    bisonHistoryRouter(state, new Router({ prefix: BISON_PREFIX })),
    bisonHistoryRouter(state, new Router({ prefix: `${BISON_INSTANCES_PATH}/:instance/api` })),
  ];
}

function bisonHistoryRouter(state: SandboxState, router: Router): Router {
  router.get('/campaigns/:campaignId/leads', (ctx) => {
    const page = pageNumber(ctx);
    if (page === undefined) return;
    const leads = campaignLeads(ctx);
    if (!leads) return;
    ctx.body = laravelPage(ctx, state.publicUrl, page, leads, BISON_HISTORY_PER_PAGE, publicLead);
  });

  router.get('/leads/:leadId/sent-emails', (ctx) => {
    const found = leadOf(ctx);
    if (!found) return;
    const campaignId = queryString(ctx, 'campaign_id');
    ctx.body = {
      data: found.messages
        .filter((message) => message.direction === 'out')
        .filter(
          (message) => campaignId === undefined || String(message.lead.campaign.id) === campaignId,
        )
        .map(scheduledEmail),
    };
  });

  router.get('/leads/:leadId/replies', (ctx) => {
    const folder = queryString(ctx, 'folder') ?? 'all';
    if (!FOLDERS.includes(folder)) {
      invalid(ctx, 'folder', 'The selected folder is invalid.');
      return;
    }
    const found = leadOf(ctx);
    if (!found) return;
    const campaignId = queryString(ctx, 'campaign_id');
    ctx.body = {
      data: found.messages
        // Seeded replies are all inbox replies: other folders hold none.
        .filter((message) => message.direction === 'in' && (folder === 'all' || folder === 'inbox'))
        .filter(
          (message) => campaignId === undefined || String(message.lead.campaign.id) === campaignId,
        )
        .map((message) => reply(message, found.messages)),
    };
  });

  return router;
}

function campaignLeads(ctx: Ctx): HistoryLead[] | undefined {
  const account = platformAccountOf(ctx);
  const history = historyOf(account);
  const id = ctx.params.campaignId ?? '';
  const campaign = findCampaign(history, id);
  if (!campaign && !campaignsOf(account).some((known) => String(known.id) === id)) {
    ctx.status = 404;
    ctx.body = { message: 'No query results for model [App\\Models\\Campaign].' };
    return undefined;
  }
  return campaign ? history.leads.filter((lead) => lead.campaign.id === campaign.id) : [];
}

/** The lead by id or e-mail, with its messages; 404 when the history has no such lead. */
function leadOf(ctx: Ctx): { lead: HistoryLead; messages: HistoryMessage[] } | undefined {
  const history = historyOf(platformAccountOf(ctx));
  const key = (ctx.params.leadId ?? '').toLowerCase();
  const lead = history.leads.find(
    (candidate) => String(candidate.id) === key || candidate.email === key,
  );
  if (!lead) {
    ctx.status = 404;
    ctx.body = { message: 'No query results for model [App\\Models\\Lead].' };
    return undefined;
  }
  return { lead, messages: history.byLead.get(lead.id) ?? [] };
}

function pageNumber(ctx: Ctx): number | undefined {
  const text = queryString(ctx, 'page') ?? '1';
  if (/^[1-9]\d*$/.test(text)) return Number(text);
  invalid(ctx, 'page', 'The page field must be at least 1.');
  return undefined;
}

function publicLead(lead: HistoryLead) {
  return {
    id: lead.id,
    first_name: lead.firstName,
    last_name: lead.lastName,
    email: lead.email,
    title: lead.title,
    company: lead.company,
    notes: null,
    status: 'verified',
    custom_variables: [{ name: 'website', value: lead.website }],
    lead_campaign_data: [{ campaign_id: lead.campaign.id, status: 'in_sequence' }],
    created_at: lead.createdAt,
    updated_at: lead.createdAt,
  };
}

/** A sent campaign e-mail as bison's webhooks and `sent-emails` show it. */
function scheduledEmail(message: HistoryMessage) {
  return {
    id: message.id,
    lead_id: message.lead.id,
    campaign_id: message.lead.campaign.id,
    sequence_step_id: 4000 + message.step,
    sequence_step_order: message.step,
    sequence_step_variant: 1,
    email_subject: message.subject,
    email_body: message.html,
    status: 'sent',
    scheduled_date: message.at,
    sent_at: message.at,
    opens: message.openCount,
    unique_opens: Math.min(message.openCount, 1),
    clicks: message.clickCount,
    unique_clicks: message.clickCount,
    replies: 0,
    raw_message_id: message.messageId,
    sender_email: {
      id: message.lead.sender.id,
      email: message.lead.sender.email,
      name: message.lead.sender.name,
    },
  };
}

/** A reply as bison's webhooks and reply lists show it. */
function reply(message: HistoryMessage, leadMessages: readonly HistoryMessage[]) {
  const { lead } = message;
  const answered = [...leadMessages]
    .reverse()
    .find((other) => other.direction === 'out' && other.at <= message.at);
  return {
    id: message.id,
    uuid: message.uuid,
    folder: 'Inbox',
    subject: message.subject,
    email_subject: message.subject,
    read: false,
    interested: false,
    automated_reply: message.automated,
    html_body: message.html,
    text_body: message.text,
    date_received: message.at,
    type: 'Tracked Reply',
    tracked_reply: true,
    campaign_id: lead.campaign.id,
    lead_id: lead.id,
    sender_email_id: lead.sender.id,
    from_name: `${lead.firstName} ${lead.lastName}`,
    from_email_address: lead.email,
    primary_to_email_address: lead.sender.email,
    to: [{ name: lead.sender.name, address: lead.sender.email }],
    cc: null,
    bcc: null,
    parent_id: null,
    scheduled_email_id: answered?.id ?? null,
    raw_message_id: message.messageId,
    created_at: message.at,
    updated_at: message.at,
  };
}
