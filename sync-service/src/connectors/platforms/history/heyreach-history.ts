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

/** `GetConversationsV2` takes `limit` up to 100. */
export const HEYREACH_CONVERSATIONS_PAGE = 100;

/** `sender` of a message: our LinkedIn seat, or the lead. */
const OURS = 'ME';
const THEIRS = 'CORRESPONDENT';

const ConversationsPageSchema = z.looseObject({
  totalCount: z.number().int().nonnegative(),
  items: z.array(
    z.looseObject({
      id: z.string(),
      lastMessageAt: z.string().nullish(),
      campaignId: IdSchema.nullish(),
      linkedInAccount: z
        .looseObject({
          id: IdSchema.nullish(),
          firstName: z.string().nullish(),
          lastName: z.string().nullish(),
          emailAddress: z.string().nullish(),
          profileUrl: z.string().nullish(),
        })
        .nullish(),
      correspondentProfile: z
        .looseObject({
          profileUrl: z.string().nullish(),
          firstName: z.string().nullish(),
          lastName: z.string().nullish(),
          companyName: z.string().nullish(),
          position: z.string().nullish(),
          emailAddress: z.string().nullish(),
          customEmailAddress: z.string().nullish(),
        })
        .nullish(),
      messages: z
        .array(
          z.looseObject({
            createdAt: z.string(),
            body: z.string().nullish(),
            subject: z.string().nullish(),
            isInMail: z.boolean().nullish(),
            sender: z.string().nullish(),
          }),
        )
        .nullish(),
    }),
  ),
});

type Conversation = z.output<typeof ConversationsPageSchema>['items'][number];
type Message = NonNullable<Conversation['messages']>[number];

/**
 * HeyReach's history: the campaign's LinkedIn conversations (`POST /inbox/GetConversationsV2`,
 * offset pages of 100, newest activity first) with their messages, each with its time. Only
 * messages come back: connection requests, follows, likes and views have no history endpoint
 * (docs/decisions.md). Conversations are newest first, so the read stops at the first page whose
 * conversations all ended before the range.
 */
export function createHeyreachHistoryReader(options: PlatformClientOptions): HistoryReader {
  const http = platformHttpClient('heyreach', options, ({ headers }) =>
    headers.set('x-api-key', options.apiKey),
  );

  async function* readCampaign(
    request: HistoryReadRequest,
    campaign: HistoryCampaign,
    place: number | null,
  ) {
    let offset = place ?? 0;
    const campaignId = Number(campaign.id);
    if (!Number.isInteger(campaignId)) {
      throw new RangeError(`A HeyReach campaign id is a whole number, not "${campaign.id}".`);
    }
    for (;;) {
      const page = await http.request({
        operation: 'readConversationHistory',
        method: 'POST',
        path: '/api/public/inbox/GetConversationsV2',
        json: {
          offset,
          limit: HEYREACH_CONVERSATIONS_PAGE,
          filters: { campaignIds: [campaignId] },
        },
        // A read: repeating it after an outage is harmless.
        idempotent: true,
        schema: ConversationsPageSchema,
      });
      const events = page.items.flatMap((conversation) =>
        (conversation.messages ?? [])
          .filter((message) => inRange(request, message.createdAt))
          .flatMap((message) => messageEvent(campaign, conversation, message) ?? []),
      );
      const done = offset + page.items.length;
      // Newest first: once a whole page ended before the range, the rest did too.
      const olderThanRange = page.items.every(
        (conversation) => Date.parse(conversation.lastMessageAt ?? '') < request.from.getTime(),
      );
      const more = page.items.length > 0 && done < page.totalCount && !olderThanRange;
      yield {
        events,
        next: more ? done : null,
        done: more ? done : page.totalCount,
        total: page.totalCount,
      };
      if (!more) return;
      offset = done;
    }
  }

  return {
    platform: 'heyreach',
    read: (request) =>
      readCampaigns<number>(
        request,
        (campaign, place) => readCampaign(request, campaign, place),
        (stored) => (typeof stored === 'number' ? stored : null),
      ),
  };
}

/**
 * The webhook payload of one message (external-apis.md §6.3): `message_sent` / `inmail_sent`
 * for ours, `every_message_reply_received` / `inmail_reply_received` for the lead's, the message
 * itself as the conversation's only recent message. No `correlation_id`: history has none, so
 * the dedupe key is the event's content hash, not the webhook's (docs/decisions.md).
 */
function messageEvent(
  campaign: HistoryCampaign,
  conversation: Conversation,
  message: Message,
): BackfillEvent | null {
  const sender = (message.sender ?? '').toUpperCase();
  if (sender !== OURS && sender !== THEIRS) return null;
  const fromLead = sender === THEIRS;
  const inmail = message.isInMail === true;
  const eventType = fromLead
    ? inmail
      ? 'inmail_reply_received'
      : 'every_message_reply_received'
    : inmail
      ? 'inmail_sent'
      : 'message_sent';
  const time = isoTime(message.createdAt);
  const lead = conversation.correspondentProfile ?? {};
  const seat = conversation.linkedInAccount ?? {};
  const fullName = (first?: string | null, last?: string | null) =>
    [first, last].filter((part) => part).join(' ') || null;
  const payload: Record<string, unknown> = {
    event_type: eventType,
    timestamp: time,
    is_inmail: inmail,
    conversation_id: conversation.id,
    campaign: { id: campaign.id, name: campaign.name ?? null },
    sender: {
      id: seat.id ?? null,
      first_name: seat.firstName ?? null,
      last_name: seat.lastName ?? null,
      full_name: fullName(seat.firstName, seat.lastName),
      profile_url: seat.profileUrl ?? null,
      email_address: seat.emailAddress ?? null,
    },
    lead: {
      profile_url: lead.profileUrl ?? null,
      first_name: lead.firstName ?? null,
      last_name: lead.lastName ?? null,
      full_name: fullName(lead.firstName, lead.lastName),
      company_name: lead.companyName ?? null,
      position: lead.position ?? null,
      email_address: lead.emailAddress ?? lead.customEmailAddress ?? null,
    },
    recent_messages: [
      {
        creation_time: time,
        message: message.body ?? null,
        subject: message.subject ?? null,
        is_reply: fromLead,
      },
    ],
  };
  return { payload, occurredAt: time, sourceId: `message:${conversation.id}:${time}:${sender}` };
}
