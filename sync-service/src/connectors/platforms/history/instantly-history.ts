import { z } from 'zod';
import { ConnectorError } from '../../http';
import { platformHttpClient, type PlatformClientOptions } from '../platform-client';
import {
  inRange,
  isoTime,
  readCampaigns,
  type BackfillEvent,
  type HistoryCampaign,
  type HistoryReadRequest,
  type HistoryReader,
} from './history-reader';

/** `GET /api/v2/emails` takes `limit` 1–100. */
export const INSTANTLY_EMAILS_PAGE = 100;
/** Its own limit (OpenAPI description): 20 requests a minute, beside the workspace's. */
export const INSTANTLY_EMAILS_PER_MINUTE = 20;

/** `ue_type`: 1 sent from a campaign, 2 received, 3 sent (manually), 4 scheduled. */
const UE_SENT_FROM_CAMPAIGN = 1;
const UE_RECEIVED = 2;
const UE_SENT = 3;

const EmailsPageSchema = z.looseObject({
  items: z.array(
    z.looseObject({
      id: z.string(),
      timestamp_created: z.string(),
      timestamp_email: z.string().nullish(),
      message_id: z.string().nullish(),
      subject: z.string().nullish(),
      from_address_email: z.string().nullish(),
      to_address_email_list: z.string().nullish(),
      body: z.looseObject({ text: z.string().nullish(), html: z.string().nullish() }).nullish(),
      organization_id: z.string().nullish(),
      campaign_id: z.string().nullish(),
      lead: z.string().nullish(),
      lead_id: z.string().nullish(),
      eaccount: z.string().nullish(),
      ue_type: z.number().nullish(),
      step: z.union([z.string(), z.number()]).nullish(),
      is_auto_reply: z.number().nullish(),
      thread_id: z.string().nullish(),
      content_preview: z.string().nullish(),
    }),
  ),
  next_starting_after: z.string().nullish(),
});

type InstantlyEmail = z.output<typeof EmailsPageSchema>['items'][number];

/**
 * Instantly's history: the campaign's e-mails (`GET /api/v2/emails`), oldest first by creation
 * time within the range, 100 a page, cursor `starting_after`. Sent e-mails and received replies
 * come back with their own time; opens, clicks and label changes do not (docs/decisions.md).
 * The endpoint allows 20 calls a minute: a job paces with the client's `throttle` hook.
 */
export function createInstantlyHistoryReader(options: PlatformClientOptions): HistoryReader {
  const http = platformHttpClient('instantly', options, ({ headers }) =>
    headers.set('authorization', `Bearer ${options.apiKey}`),
  );

  async function* readCampaign(
    request: HistoryReadRequest,
    campaign: HistoryCampaign,
    place: string | null,
  ) {
    let after = place;
    let done = 0;
    for (;;) {
      const page = await http.request({
        operation: 'readEmailHistory',
        method: 'GET',
        path: '/api/v2/emails',
        query: {
          campaign_id: campaign.id,
          min_timestamp_created: request.from.toISOString(),
          // "Created before": the range's end is exclusive (checked again below, to the ms).
          max_timestamp_created: request.to.toISOString(),
          sort_order: 'asc',
          limit: INSTANTLY_EMAILS_PAGE,
          starting_after: after ?? undefined,
        },
        schema: EmailsPageSchema,
      });
      done += page.items.length;
      const events = page.items
        .filter((email) => inRange(request, email.timestamp_created))
        .flatMap((email) => backfillEvent(campaign, email) ?? []);
      const next = page.items.length > 0 ? (page.next_starting_after ?? null) : null;
      if (next !== null && next === after) {
        throw new ConnectorError({
          system: 'instantly',
          operation: 'readEmailHistory',
          code: 'unexpected',
          message: 'Instantly readEmailHistory repeated its paging cursor',
        });
      }
      yield { events, next, done, total: null };
      if (next === null) return;
      after = next;
    }
  }

  return {
    platform: 'instantly',
    read: (request) =>
      readCampaigns<string>(
        request,
        (campaign, place) => readCampaign(request, campaign, place),
        (stored) => (typeof stored === 'string' ? stored : null),
      ),
  };
}

/**
 * The webhook payload of an e-mail (external-apis.md §4.2): `email_sent` for what we sent,
 * `reply_received` (`auto_reply_received` when Instantly marked it automatic) for what the lead
 * sent. `email_id` is the e-mail's id, the key Instantly's webhooks carry (docs/decisions.md).
 * A scheduled e-mail has not happened: none.
 */
function backfillEvent(campaign: HistoryCampaign, email: InstantlyEmail): BackfillEvent | null {
  const received = email.ue_type === UE_RECEIVED || (email.ue_type == null && isFromLead(email));
  const sent =
    email.ue_type === UE_SENT_FROM_CAMPAIGN ||
    email.ue_type === UE_SENT ||
    (email.ue_type == null && !received);
  if (!received && !sent) return null;
  const time = isoTime(email.timestamp_email ?? email.timestamp_created);
  const common = {
    timestamp: time,
    workspace: email.organization_id ?? null,
    campaign_id: email.campaign_id ?? campaign.id,
    campaign_name: campaign.name ?? null,
    lead_email:
      email.lead ?? (received ? email.from_address_email : email.to_address_email_list) ?? null,
    lead_id: email.lead_id ?? null,
    email_account: email.eaccount ?? null,
    email_id: email.id,
    step: email.step ?? null,
  };
  const payload: Record<string, unknown> = received
    ? {
        ...common,
        event_type: email.is_auto_reply === 1 ? 'auto_reply_received' : 'reply_received',
        reply_subject: email.subject ?? null,
        reply_text: email.body?.text ?? null,
        reply_html: email.body?.html ?? null,
        reply_text_snippet: email.content_preview ?? null,
      }
    : {
        ...common,
        event_type: 'email_sent',
        email_subject: email.subject ?? null,
        email_text: email.body?.text ?? null,
        email_html: email.body?.html ?? null,
      };
  return { payload, occurredAt: time, sourceId: `email:${email.id}` };
}

/** Without `ue_type`: an e-mail not from our sending account is the lead's. */
function isFromLead(email: InstantlyEmail): boolean {
  const from = email.from_address_email?.trim().toLowerCase();
  return from !== undefined && from !== email.eaccount?.trim().toLowerCase();
}
