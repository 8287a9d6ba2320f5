import { z } from 'zod';
import { platformHttpClient, type PlatformClientOptions } from '../platform-client';
import {
  IdSchema,
  inRange,
  isoTime,
  readCampaigns,
  type BackfillEvent,
  type HistoryCampaign,
  type HistoryReadRequest,
  type HistoryReader,
} from './history-reader';

/** `GET /campaigns/{id}/leads` takes at most 100 a page. */
export const SMARTLEAD_LEADS_PAGE = 100;

const LeadsPageSchema = z.looseObject({
  // A string in Smartlead's answers, a number in some wrappers.
  total_leads: z.union([z.string(), z.number()]).nullish(),
  data: z.array(
    z.looseObject({
      campaign_lead_map_id: IdSchema.nullish(),
      lead: z.looseObject({
        id: IdSchema,
        email: z.string(),
        first_name: z.string().nullish(),
        last_name: z.string().nullish(),
        company_name: z.string().nullish(),
        website: z.string().nullish(),
        company_url: z.string().nullish(),
        linkedin_profile: z.string().nullish(),
        phone_number: z.string().nullish(),
      }),
    }),
  ),
});

type CampaignLead = z.output<typeof LeadsPageSchema>['data'][number];

const HistorySchema = z.looseObject({
  history: z.array(
    z.looseObject({
      stats_id: IdSchema.nullish(),
      type: z.string(),
      time: z.string(),
      message_id: z.string().nullish(),
      subject: z.string().nullish(),
      email_body: z.string().nullish(),
      email_seq_number: IdSchema.nullish(),
      from: z.string().nullish(),
      to: z.string().nullish(),
    }),
  ),
});

type HistoryEntry = z.output<typeof HistorySchema>['history'][number];

/**
 * Smartlead's history: a campaign's leads (offset pages of 100), and for each lead its message
 * history, whose `SENT` and `REPLY` entries carry their own time. A page of the reader is one
 * page of leads with all their messages (101 requests), so its cursor is the next lead offset.
 */
export function createSmartleadHistoryReader(options: PlatformClientOptions): HistoryReader {
  const http = platformHttpClient('smartlead', options, ({ url }) =>
    url.searchParams.set('api_key', options.apiKey),
  );

  async function* readCampaign(
    request: HistoryReadRequest,
    campaign: HistoryCampaign,
    place: number | null,
  ) {
    let offset = place ?? 0;
    for (;;) {
      const page = await http.request({
        operation: 'readLeadHistory',
        method: 'GET',
        path: `/api/v1/campaigns/${encodeURIComponent(campaign.id)}/leads`,
        query: { offset, limit: SMARTLEAD_LEADS_PAGE },
        schema: LeadsPageSchema,
      });
      const events: BackfillEvent[] = [];
      for (const lead of page.data) {
        const { history } = await http.request({
          operation: 'readLeadHistory',
          method: 'GET',
          path: `/api/v1/campaigns/${encodeURIComponent(campaign.id)}/leads/${encodeURIComponent(lead.lead.id)}/message-history`,
          schema: HistorySchema,
        });
        for (const entry of history) {
          const event = backfillEvent(campaign, lead, entry);
          if (event && inRange(request, event.occurredAt)) events.push(event);
        }
      }
      const total = Number(page.total_leads ?? Number.NaN);
      const done = offset + page.data.length;
      const more = page.data.length === SMARTLEAD_LEADS_PAGE && !(done >= total);
      yield {
        events,
        next: more ? done : null,
        done,
        total: Number.isFinite(total) ? total : null,
      };
      if (!more) return;
      offset = done;
    }
  }

  return {
    platform: 'smartlead',
    read: (request) =>
      readCampaigns<number>(
        request,
        (campaign, place) => readCampaign(request, campaign, place),
        (stored) => (typeof stored === 'number' ? stored : null),
      ),
  };
}

/**
 * The webhook payload of a history entry (external-apis.md §3.2): `EMAIL_SENT` with
 * `sent_message`, `EMAIL_REPLY` with `reply_message`, both keyed by `stats_id` as the webhooks
 * are, so the dedupe key of the pipeline is the webhook delivery's (docs/decisions.md).
 */
function backfillEvent(
  campaign: HistoryCampaign,
  { lead, campaign_lead_map_id }: CampaignLead,
  entry: HistoryEntry,
): BackfillEvent | null {
  const type = entry.type.toUpperCase();
  if (type !== 'SENT' && type !== 'REPLY') return null;
  const sent = type === 'SENT';
  const message = {
    message_id: entry.message_id ?? null,
    html: entry.email_body ?? null,
    text: null,
    time: entry.time,
  };
  // Our mailbox is the sender of a sent e-mail and the addressee of a reply.
  const ourMailbox = sent ? entry.from : entry.to;
  const payload: Record<string, unknown> = {
    event_type: sent ? 'EMAIL_SENT' : 'EMAIL_REPLY',
    event_timestamp: entry.time,
    stats_id: entry.stats_id ?? null,
    sl_email_lead_id: lead.id,
    sl_email_lead_map_id: campaign_lead_map_id ?? null,
    sl_lead_email: lead.email,
    from_email: ourMailbox ?? null,
    to_email: sent ? lead.email : (ourMailbox ?? null),
    subject: entry.subject ?? null,
    campaign_id: campaign.id,
    campaign_name: campaign.name ?? null,
    sequence_number: entry.email_seq_number ?? null,
    ...(sent ? { sent_message: message } : { reply_message: message }),
    lead_data: {
      email: lead.email,
      first_name: lead.first_name ?? null,
      last_name: lead.last_name ?? null,
      company_name: lead.company_name ?? null,
      website: lead.website ?? lead.company_url ?? null,
      linkedin_profile: lead.linkedin_profile ?? null,
      phone_number: lead.phone_number ?? null,
    },
  };
  return {
    payload,
    occurredAt: isoTime(entry.time),
    sourceId: `${sent ? 'sent' : 'reply'}:${entry.stats_id ?? ''}:${entry.message_id ?? entry.time}`,
  };
}
