import { Router } from '@koa/router';
import { queryString, type Ctx } from '../core/http.ts';
import { RollingWindow } from '../core/rolling-window.ts';
import { platformAccountOf } from '../platforms/platform-auth.ts';
import { INSTANTLY_PREFIX } from '../platforms/instantly.routes.ts';
import {
  INSTANTLY_EMAILS_RATE_LIMIT,
  historyOf,
  type HistoryMessage,
  type SeededHistory,
} from './history-seed.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Instantly's e-mail types (`ue_type`): sent from a campaign, received. */
const SENT_FROM_CAMPAIGN = 1;
const RECEIVED = 2;

/**
 * Instantly's `GET /api/v2/emails` (OpenAPI v2): the workspace's e-mails filtered by campaign
 * and creation time, `limit` 1–100, cursor `starting_after` = the last e-mail's id
 * (`next_starting_after`), newest first unless `sort_order=asc`. It has a rate limit of its own,
 * 20 requests a minute, beside the workspace's (the guard's).
 */
export function instantlyHistoryRouter(): Router {
  const router = new Router({ prefix: INSTANTLY_PREFIX });

  router.get('/emails', (ctx) => {
    const history = historyOf(platformAccountOf(ctx));
    if (!admitEmails(ctx, history)) return;
    const query = readQuery(ctx);
    if (typeof query === 'string') {
      ctx.status = 400;
      ctx.body = { statusCode: 400, error: 'Bad Request', message: query };
      return;
    }
    const matching = history.messages.filter(
      (message) =>
        (query.campaignId === undefined || message.lead.campaign.uuid === query.campaignId) &&
        (query.min === undefined || message.at >= query.min) &&
        (query.max === undefined || message.at <= query.max),
    );
    const ordered = query.order === 'asc' ? matching : [...matching].reverse();
    const start =
      query.after === undefined
        ? 0
        : ordered.findIndex((message) => message.uuid === query.after) + 1;
    if (query.after !== undefined && start === 0) {
      ctx.status = 400;
      ctx.body = {
        statusCode: 400,
        error: 'Bad Request',
        message: 'starting_after is not a known e-mail id',
      };
      return;
    }
    const page = ordered.slice(start, start + query.limit);
    const more = start + page.length < ordered.length;
    const last = page.at(-1);
    ctx.body = {
      items: page.map((message) => email(message, platformAccountOf(ctx).workspaceId)),
      ...(more && last ? { next_starting_after: last.uuid } : {}),
    };
  });

  return router;
}

type EmailsQuery = {
  campaignId?: string;
  min?: string;
  max?: string;
  order: 'asc' | 'desc';
  limit: number;
  after?: string;
};

/** The query, or the message Instantly's validation answers for the first bad parameter. */
function readQuery(ctx: Ctx): EmailsQuery | string {
  const limitText = queryString(ctx, 'limit') ?? '10';
  const limit = /^\d+$/.test(limitText) ? Number(limitText) : Number.NaN;
  if (!(limit >= 1 && limit <= 100)) return 'querystring/limit must be >= 1 and <= 100';
  const campaignId = queryString(ctx, 'campaign_id');
  if (campaignId !== undefined && !UUID.test(campaignId))
    return 'querystring/campaign_id must match format "uuid"';
  const order = queryString(ctx, 'sort_order') ?? 'desc';
  if (order !== 'asc' && order !== 'desc')
    return 'querystring/sort_order must be equal to one of the allowed values';
  const min = timestamp(queryString(ctx, 'min_timestamp_created'));
  const max = timestamp(queryString(ctx, 'max_timestamp_created'));
  if (min === null) return 'querystring/min_timestamp_created must be an ISO 8601 date-time';
  if (max === null) return 'querystring/max_timestamp_created must be an ISO 8601 date-time';
  const after = queryString(ctx, 'starting_after');
  return { campaignId, min, max, order, limit, ...(after === undefined ? {} : { after }) };
}

/** undefined: not given; null: not a time. */
function timestamp(text: string | undefined): string | undefined | null {
  if (text === undefined) return undefined;
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** The endpoint's own 20-a-minute limit per workspace, answered with Instantly's 429. */
function admitEmails(ctx: Ctx, history: SeededHistory): boolean {
  if (history.emailsRateLimit === null) return true;
  const key = platformAccountOf(ctx).workspaceId;
  let window = history.emailsWindows.get(key);
  if (!window) {
    window = new RollingWindow(INSTANTLY_EMAILS_RATE_LIMIT.windowMs);
    history.emailsWindows.set(key, window);
  }
  if (window.tryHit(history.emailsRateLimit)) return true;
  ctx.status = 429;
  ctx.body = { statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded' };
  return false;
}

/** An Email (OpenAPI v2 schema) of a seeded message. */
function email(message: HistoryMessage, workspaceId: string) {
  const { lead } = message;
  const sent = message.direction === 'out';
  return {
    id: message.uuid,
    timestamp_created: message.at,
    timestamp_email: message.at,
    message_id: message.messageId,
    subject: message.subject,
    from_address_email: sent ? lead.sender.email : lead.email,
    to_address_email_list: sent ? lead.email : lead.sender.email,
    cc_address_email_list: null,
    bcc_address_email_list: null,
    reply_to: null,
    body: { text: message.text, html: message.html },
    organization_id: workspaceId,
    campaign_id: lead.campaign.uuid,
    subsequence_id: null,
    list_id: null,
    lead: lead.email,
    lead_id: lead.uuid,
    eaccount: lead.sender.email,
    ue_type: sent ? SENT_FROM_CAMPAIGN : RECEIVED,
    // The step's position, as the webhook's `step` numbers it.
    step: String(message.step),
    is_unread: sent ? 0 : 1,
    is_auto_reply: message.automated ? 1 : 0,
    reminder_ts: null,
    ai_interest_value: null,
    ai_assisted: 0,
    is_focused: 1,
    i_status: null,
    thread_id: message.threadId,
    content_preview: message.text.slice(0, 80),
    attachment_json: null,
    from_address_json: null,
    to_address_json: null,
    cc_address_json: null,
    ai_agent_id: null,
  };
}
