import { z } from 'zod';
import { bisonInstanceUrl } from '../bison/bison-client';
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

const LeadsPageSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      id: IdSchema,
      email: z.string(),
      first_name: z.string().nullish(),
      last_name: z.string().nullish(),
      company: z.string().nullish(),
      title: z.string().nullish(),
      custom_variables: z.array(z.unknown()).nullish(),
    }),
  ),
  meta: z.looseObject({
    current_page: z.number().int(),
    last_page: z.number().int(),
    total: z.number().int().nullish(),
  }),
});

type BisonLead = z.output<typeof LeadsPageSchema>['data'][number];

const SentEmailsSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      id: IdSchema,
      status: z.string().nullish(),
      sent_at: z.string().nullish(),
      email_subject: z.string().nullish(),
      email_body: z.string().nullish(),
      sequence_step_id: IdSchema.nullish(),
      sequence_step_order: z.number().int().nullish(),
      raw_message_id: z.string().nullish(),
      sender_email: z
        .looseObject({
          id: IdSchema.nullish(),
          email: z.string().nullish(),
          name: z.string().nullish(),
        })
        .nullish(),
    }),
  ),
});

const RepliesSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      id: IdSchema,
      folder: z.string().nullish(),
      date_received: z.string().nullish(),
      email_subject: z.string().nullish(),
      subject: z.string().nullish(),
      html_body: z.string().nullish(),
      text_body: z.string().nullish(),
      automated_reply: z.boolean().nullish(),
      interested: z.boolean().nullish(),
      type: z.string().nullish(),
      from_email_address: z.string().nullish(),
      primary_to_email_address: z.string().nullish(),
      sender_email_id: IdSchema.nullish(),
    }),
  ),
});

type ScheduledEmail = z.output<typeof SentEmailsSchema>['data'][number];
type Reply = z.output<typeof RepliesSchema>['data'][number];

/**
 * bison's history (docs.emailbison.com, "Getting Replies and Campaign Emails For a Lead"): a
 * campaign's leads (Laravel pages), and per lead its campaign e-mails (`sent-emails`, each with
 * `sent_at`) and its replies (inbox replies, our manual e-mails in `sent`, bounce notices in
 * `bounced`, each with `date_received`). A reader page is one page of leads with all their
 * messages, so its cursor is the next page number.
 */
export function createBisonHistoryReader(options: PlatformClientOptions): HistoryReader {
  const instanceUrl = bisonInstanceUrl(options.baseUrl);
  const http = platformHttpClient(
    'bison',
    options,
    ({ headers }) => headers.set('authorization', `Bearer ${options.apiKey}`),
    instanceUrl,
  );

  async function* readCampaign(
    request: HistoryReadRequest,
    campaign: HistoryCampaign,
    place: number | null,
  ) {
    let page = place ?? 1;
    for (;;) {
      const leads = await http.request({
        operation: 'readLeadHistory',
        method: 'GET',
        path: `/api/campaigns/${encodeURIComponent(campaign.id)}/leads`,
        query: { page },
        schema: LeadsPageSchema,
      });
      const events: BackfillEvent[] = [];
      for (const lead of leads.data) events.push(...(await leadEvents(request, campaign, lead)));
      const more = leads.data.length > 0 && leads.meta.current_page < leads.meta.last_page;
      const perPage = leads.data.length;
      yield {
        events,
        next: more ? page + 1 : null,
        done: more ? page * perPage : (leads.meta.total ?? page * perPage),
        total: leads.meta.total ?? null,
      };
      if (!more) return;
      page++;
    }
  }

  async function leadEvents(
    request: HistoryReadRequest,
    campaign: HistoryCampaign,
    lead: BisonLead,
  ) {
    const leadPath = `/api/leads/${encodeURIComponent(lead.id)}`;
    const sent = await http.request({
      operation: 'readLeadHistory',
      method: 'GET',
      path: `${leadPath}/sent-emails`,
      query: { campaign_id: campaign.id },
      schema: SentEmailsSchema,
    });
    const replies = await http.request({
      operation: 'readLeadHistory',
      method: 'GET',
      path: `${leadPath}/replies`,
      query: { campaign_id: campaign.id, folder: 'all' },
      schema: RepliesSchema,
    });
    const context = { instanceUrl, campaign, lead };
    return [
      ...sent.data.flatMap((email) => sentEvent(context, email) ?? []),
      ...replies.data.flatMap((reply) => replyEvent(context, reply) ?? []),
    ].filter((event) => inRange(request, event.occurredAt));
  }

  return {
    platform: 'bison',
    read: (request) =>
      readCampaigns<number>(
        request,
        (campaign, place) => readCampaign(request, campaign, place),
        (stored) => (typeof stored === 'number' && stored >= 1 ? stored : null),
      ),
  };
}

type EventContext = { instanceUrl: string; campaign: HistoryCampaign; lead: BisonLead };

/** bison's webhook envelope (external-apis.md §5.2) around one event's data. */
function envelope(
  context: EventContext,
  type: string,
  name: string,
  data: Record<string, unknown>,
) {
  const { lead, campaign } = context;
  return {
    event: { type, name, instance_url: context.instanceUrl },
    data: {
      campaign: { id: campaign.id, name: campaign.name ?? null },
      lead: {
        id: lead.id,
        email: lead.email,
        first_name: lead.first_name ?? null,
        last_name: lead.last_name ?? null,
        company: lead.company ?? null,
        title: lead.title ?? null,
        custom_variables: lead.custom_variables ?? [],
      },
      ...data,
    },
  };
}

/** A campaign e-mail that went out: `EMAIL_SENT` keyed by the scheduled e-mail, as its webhook. */
function sentEvent(context: EventContext, email: ScheduledEmail): BackfillEvent | null {
  if (!email.sent_at || (email.status && email.status.toLowerCase() !== 'sent')) return null;
  const time = isoTime(email.sent_at);
  const payload = envelope(context, 'EMAIL_SENT', 'Email Sent', {
    scheduled_email: {
      id: email.id,
      lead_id: context.lead.id,
      sequence_step_id: email.sequence_step_id ?? null,
      sequence_step_order: email.sequence_step_order ?? null,
      email_subject: email.email_subject ?? null,
      email_body: email.email_body ?? null,
      status: email.status ?? 'sent',
      sent_at: email.sent_at,
      raw_message_id: email.raw_message_id ?? null,
    },
    sender_email: email.sender_email ?? null,
  });
  return { payload, occurredAt: time, sourceId: `scheduled_email:${email.id}` };
}

/** Which webhook a reply-list entry stands for, by its folder; spam and untracked mail: none. */
const REPLY_EVENTS: Readonly<Record<string, { type: string; name: string }>> = {
  inbox: { type: 'LEAD_REPLIED', name: 'Contact Replied' },
  sent: { type: 'MANUAL_EMAIL_SENT', name: 'Manual Email Sent' },
  bounced: { type: 'EMAIL_BOUNCED', name: 'Email Bounced' },
};

function replyEvent(context: EventContext, reply: Reply): BackfillEvent | null {
  const kind = REPLY_EVENTS[(reply.folder ?? 'inbox').toLowerCase()];
  if (!kind || !reply.date_received || /untracked/i.test(reply.type ?? '')) return null;
  const time = isoTime(reply.date_received);
  const payload = envelope(context, kind.type, kind.name, {
    reply: {
      id: reply.id,
      folder: reply.folder ?? null,
      email_subject: reply.email_subject ?? reply.subject ?? null,
      html_body: reply.html_body ?? null,
      text_body: reply.text_body ?? null,
      automated_reply: reply.automated_reply ?? false,
      interested: reply.interested ?? false,
      date_received: reply.date_received,
      from_email_address: reply.from_email_address ?? null,
      primary_to_email_address: reply.primary_to_email_address ?? null,
    },
    // Our mailbox: the reply's addressee, or the sender of a manual e-mail.
    sender_email: {
      id: reply.sender_email_id ?? null,
      email:
        kind.type === 'MANUAL_EMAIL_SENT'
          ? (reply.from_email_address ?? null)
          : (reply.primary_to_email_address ?? null),
    },
  });
  return { payload, occurredAt: time, sourceId: `reply:${reply.id}` };
}
