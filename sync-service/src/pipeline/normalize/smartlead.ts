import type { ActivityEventType } from '@outsync/contracts';
import type { NormalizeResult } from '@outsync/contracts/sync';
import {
  asText,
  canonicalEvent,
  canonicalLead,
  category,
  collectTags,
  missingIdentity,
  normalizerFor,
  platformEventId,
  readEmail,
  readInteger,
  readObjectLookupId,
  readPath,
  readProfileUrl,
  readText,
  readTimestamp,
  type EventNameMap,
  type EventNameSource,
  type JsonRecord,
  type Normalizer,
  type OpenedEvent,
} from './normalize-helpers';

// Smartlead posts one flat payload keyed by `event_type` (external-apis.md §3.2). Names from
// crm-properties/event-mapping.json; the second block are the names of Smartlead's newer
// documentation, accepted as the same events.
export const SMARTLEAD_EVENT_TYPES: EventNameMap = {
  EMAIL_SENT: 'EMAIL_SENT',
  FIRST_EMAIL_SENT: 'EMAIL_SENT',
  EMAIL_OPEN: 'EMAIL_OPEN',
  EMAIL_LINK_CLICK: 'EMAIL_LINK_CLICK',
  EMAIL_REPLY: 'EMAIL_REPLY',
  EMAIL_BOUNCE: 'EMAIL_BOUNCE',
  LEAD_UNSUBSCRIBED: 'LEAD_UNSUBSCRIBED',
  LEAD_CATEGORY_UPDATED: 'LEAD_CATEGORY_UPDATED',
  EMAIL_OPENED: 'EMAIL_OPEN',
  EMAIL_CLICKED: 'EMAIL_LINK_CLICK',
  LINK_CLICKED: 'EMAIL_LINK_CLICK',
  EMAIL_REPLIED: 'EMAIL_REPLY',
  EMAIL_BOUNCED: 'EMAIL_BOUNCE',
  EMAIL_UNSUBSCRIBED: 'LEAD_UNSUBSCRIBED',
  CAMPAIGN_STATUS_CHANGED: null,
  UNTRACKED_REPLIES: null,
  MANUAL_STEP_REACHED: null,
  EMAIL_ACCOUNT_DISCONNECTED: null,
  LINKEDIN_DISCONNECTED: null,
};

/** Where the lead's e-mail may be; `to_email` only outside replies, where it can be our mailbox. */
const LEAD_EMAIL_FIELDS = [
  'sl_lead_email',
  'leadCorrespondence.targetLeadEmail',
  'lead_email',
  'lead_data.email',
];

/** Events that recur for one sent e-mail: their time tells a new occurrence from a retry. */
const REPEATABLE: readonly ActivityEventType[] = [
  'EMAIL_OPEN',
  'EMAIL_LINK_CLICK',
  'LEAD_CATEGORY_UPDATED',
];

const SMARTLEAD_EVENT_NAMES: EventNameSource = {
  platform: 'smartlead',
  names: SMARTLEAD_EVENT_TYPES,
  paths: ['event_type', 'event'],
  field: 'event_type',
};

export const normalizeSmartlead: Normalizer = normalizerFor(
  SMARTLEAD_EVENT_NAMES,
  readSmartleadEvent,
);

function readSmartleadEvent(
  { payload, rawEventType, type }: OpenedEvent,
  receivedAt: Date,
): NormalizeResult {
  const isReply = type === 'EMAIL_REPLY';
  const leadEmailFields = isReply ? LEAD_EMAIL_FIELDS : [...LEAD_EMAIL_FIELDS, 'to_email'];
  const email = readEmail(payload, ...leadEmailFields);
  if (email === null) {
    return missingIdentity('smartlead', rawEventType, 'lead e-mail (sl_lead_email)');
  }

  const eventTime = readTimestamp(payload, ...eventTimeFields(type));
  const message = messageOf(payload, type);
  return canonicalEvent(
    {
      platform: 'smartlead',
      type,
      rawEventType,
      occurredAt: eventTime ?? receivedAt.toISOString(),
      lead: canonicalLead({
        email,
        firstName: readText(payload, 'first_name', 'lead_data.first_name'),
        lastName: readText(payload, 'last_name', 'lead_data.last_name'),
        profileUrl: readProfileUrl(payload, 'lead_data.linkedin_profile'),
        company: readText(payload, 'lead_data.company_name'),
        website: readText(payload, 'lead_data.website', 'lead_data.company_url'),
        phone: readText(payload, 'lead_data.phone_number'),
        platformLeadId: readText(payload, 'sl_email_lead_id', 'lead_id', 'lead_data.id'),
      }),
    },
    {
      platformEventId: platformEventId(
        type,
        readText(payload, 'stats_id'),
        isReply ? readText(payload, 'reply_message.message_id', 'message_id') : null,
        REPEATABLE.includes(type) ? eventTime : null,
      ),
      sender: {
        email: senderEmail(payload, isReply, email),
        name: readText(payload, 'from_name'),
        profileUrl: null,
      },
      campaign: {
        id: readText(payload, 'campaign_id'),
        name: readText(payload, 'campaign_name'),
      },
      subject: readText(payload, 'subject'),
      ...message,
      sequenceStep: readInteger(payload, 'sequence_number'),
      category: leadCategory(payload, type),
      link: type === 'EMAIL_LINK_CLICK' ? clickedLink(payload) : null,
      objectLookupId: readObjectLookupId(payload, [readPath(payload, 'lead_data.custom_fields')]),
      tags: collectTags(payload.tags),
      platformUrl: readText(payload, 'app_url', 'ui_master_inbox_link'),
    },
  );
}

/** `event_timestamp` replaces the per-event `time_*` fields, still read for older payloads. */
function eventTimeFields(type: ActivityEventType): string[] {
  const legacy: Partial<Record<ActivityEventType, string[]>> = {
    EMAIL_OPEN: ['time_opened'],
    EMAIL_LINK_CLICK: ['time_clicked'],
    EMAIL_REPLY: ['time_replied', 'reply_message.time'],
    EMAIL_SENT: ['time_sent', 'sent_message.time'],
  };
  return ['event_timestamp', ...(legacy[type] ?? [])];
}

/**
 * Our mailbox: `from_email`. In replies Smartlead has been seen to swap the addresses, so there
 * the sender is whichever of `from_email`/`to_email` is not the lead.
 */
function senderEmail(payload: JsonRecord, isReply: boolean, leadEmail: string): string | null {
  const candidates = isReply ? ['from_email', 'to_email'] : ['from_email'];
  const mailboxes = candidates.map((field) => readEmail(payload, field));
  return mailboxes.find((mailbox) => mailbox !== null && mailbox !== leadEmail) ?? null;
}

/** The message the event is about, in its nested form with the deprecated flat names behind. */
function messageOf(payload: JsonRecord, type: ActivityEventType) {
  switch (type) {
    case 'EMAIL_REPLY':
      return {
        bodyText: readText(payload, 'reply_message.text', 'preview_text'),
        bodyHtml: readText(payload, 'reply_message.html', 'reply_body'),
      };
    case 'EMAIL_BOUNCE':
      return {
        bodyText: readText(payload, 'bounce_message.text'),
        bodyHtml: readText(payload, 'bounce_message.html'),
      };
    case 'LEAD_CATEGORY_UPDATED':
      return {
        bodyText: null,
        bodyHtml: readText(payload, 'last_reply.email_body', 'lastReply.email_body'),
      };
    default:
      return {
        bodyText: readText(payload, 'sent_message.text'),
        bodyHtml: readText(payload, 'sent_message.html', 'sent_message_body'),
      };
  }
}

/**
 * The category after a category change or a categorised reply. Other events' payloads may carry
 * the lead's category too (the test template does), but they do not change it.
 */
function leadCategory(payload: JsonRecord, type: ActivityEventType) {
  if (type !== 'LEAD_CATEGORY_UPDATED' && type !== 'EMAIL_REPLY') return null;
  return category(
    readText(payload, 'lead_category.new_id', 'lead_category_id'),
    readText(payload, 'lead_category.new_name', 'lead_category_name', 'reply_category'),
  );
}

/** `link_clicked` is a list of URLs (or one URL); `link_details` a list of `{url}`. */
function clickedLink(payload: JsonRecord): string | null {
  const clicked = payload.link_clicked;
  const details = payload.link_details;
  return (
    (Array.isArray(clicked) ? asText(clicked[0]) : asText(clicked)) ??
    (Array.isArray(details) ? readText(details[0], 'url') : asText(details))
  );
}
