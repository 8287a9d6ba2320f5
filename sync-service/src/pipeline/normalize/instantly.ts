import type { ActivityEventType } from '@outsync/contracts';
import type { CanonicalCategory, NormalizeResult } from '@outsync/contracts/sync';
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
  readProfileUrl,
  readText,
  readTimestamp,
  unsupportedEventName,
  type EventNameMap,
  type EventNameSource,
  type JsonRecord,
  type Normalizer,
  type OpenedEvent,
} from './normalize-helpers';

// Instantly posts one flat payload with the lead's own fields merged in at the top level
// (external-apis.md §4.2). Names from crm-properties/event-mapping.json, upper-cased for the
// case-insensitive lookup, with two deliberate additions:
// - `auto_reply_received` is a reply the platform marked automatic (the canonical event's
//   `isAutomatedReply`), not nothing: the CRM still gets the lead's answer.
// - `lead_no_show` is in Instantly's OpenAPI enum: the No Show interest status.
export const INSTANTLY_EVENT_TYPES: EventNameMap = {
  EMAIL_SENT: 'EMAIL_SENT',
  EMAIL_OPENED: 'EMAIL_OPEN',
  LINK_CLICKED: 'EMAIL_LINK_CLICK',
  EMAIL_LINK_CLICKED: 'EMAIL_LINK_CLICK',
  REPLY_RECEIVED: 'EMAIL_REPLY',
  AUTO_REPLY_RECEIVED: 'EMAIL_REPLY',
  EMAIL_BOUNCED: 'EMAIL_BOUNCE',
  LEAD_UNSUBSCRIBED: 'LEAD_UNSUBSCRIBED',
  LEAD_INTERESTED: 'LEAD_CATEGORY_UPDATED',
  LEAD_NOT_INTERESTED: 'LEAD_CATEGORY_UPDATED',
  LEAD_NEUTRAL: 'LEAD_CATEGORY_UPDATED',
  LEAD_MEETING_BOOKED: 'LEAD_CATEGORY_UPDATED',
  LEAD_MEETING_COMPLETED: 'LEAD_CATEGORY_UPDATED',
  LEAD_CLOSED: 'LEAD_CATEGORY_UPDATED',
  LEAD_OUT_OF_OFFICE: 'LEAD_CATEGORY_UPDATED',
  LEAD_WRONG_PERSON: 'LEAD_CATEGORY_UPDATED',
  LEAD_NO_SHOW: 'LEAD_CATEGORY_UPDATED',
  ACCOUNT_ERROR: null,
  CAMPAIGN_COMPLETED: null,
  SUPERSEARCH_ENRICHMENT_COMPLETED: null,
  ALL_EVENTS: null,
};

/**
 * The built-in interest statuses the `lead_*` events set: the id is the status number, as the
 * connector lists Instantly's categories (`INSTANTLY_BUILT_IN_CATEGORIES`). Neutral has no
 * number of its own in Instantly's lead schema, so only its name is known.
 */
export const INSTANTLY_STATUS_CATEGORIES: Readonly<Record<string, CanonicalCategory>> = {
  LEAD_INTERESTED: { id: '1', name: 'Interested' },
  LEAD_MEETING_BOOKED: { id: '2', name: 'Meeting Booked' },
  LEAD_MEETING_COMPLETED: { id: '3', name: 'Meeting Completed' },
  LEAD_CLOSED: { id: '4', name: 'Won' },
  LEAD_OUT_OF_OFFICE: { id: '0', name: 'Out of Office' },
  LEAD_NOT_INTERESTED: { id: '-1', name: 'Not Interested' },
  LEAD_WRONG_PERSON: { id: '-2', name: 'Wrong Person' },
  LEAD_NO_SHOW: { id: '-4', name: 'No Show' },
  LEAD_NEUTRAL: { id: null, name: 'Neutral' },
};

/** The test dialog's event name for a custom label; the label's name travels in `custom_label`. */
const CUSTOM_LABEL = 'CUSTOM_LABEL';

const REPEATABLE: readonly ActivityEventType[] = ['EMAIL_OPEN', 'EMAIL_LINK_CLICK'];

const INSTANTLY_EVENT_NAMES: EventNameSource = {
  platform: 'instantly',
  names: INSTANTLY_EVENT_TYPES,
  paths: ['event_type'],
  field: 'event_type',
  // Custom lead labels arrive under their own name (or, from the test dialog, as
  // `custom_label` with the name beside it): any other name is one, if it is about a lead.
  unknownAs: 'LEAD_CATEGORY_UPDATED',
};

export const normalizeInstantly: Normalizer = normalizerFor(
  INSTANTLY_EVENT_NAMES,
  readInstantlyEvent,
);

function readInstantlyEvent(
  { payload, rawEventType, lookup, type }: OpenedEvent,
  receivedAt: Date,
): NormalizeResult {
  const email = readEmail(payload, 'lead_email', 'email');
  if (email === null) {
    return lookup.kind === 'unknown'
      ? unsupportedEventName('instantly', rawEventType, lookup)
      : missingIdentity('instantly', rawEventType, 'lead e-mail (lead_email)');
  }

  const isReply = type === 'EMAIL_REPLY';
  const eventTime = readTimestamp(payload, 'timestamp', 'click_timestamp');
  return canonicalEvent(
    {
      platform: 'instantly',
      type,
      rawEventType,
      occurredAt: eventTime ?? receivedAt.toISOString(),
      lead: canonicalLead({
        email,
        firstName: readText(payload, 'firstName', 'first_name'),
        lastName: readText(payload, 'lastName', 'last_name'),
        profileUrl: readProfileUrl(payload, 'linkedIn'),
        company: readText(payload, 'companyName', 'company_name'),
        website: readText(payload, 'website'),
        title: readText(payload, 'jobTitle', 'title'),
        phone: readText(payload, 'phone'),
        platformLeadId: readText(payload, 'lead_id'),
      }),
    },
    {
      platformEventId: platformEventId(
        type,
        readText(payload, 'email_id'),
        REPEATABLE.includes(type) ? readTimestamp(payload, 'click_timestamp', 'timestamp') : null,
      ),
      sender: { email: readEmail(payload, 'email_account'), name: null, profileUrl: null },
      campaign: {
        id: readText(payload, 'campaign_id'),
        name: readText(payload, 'campaign_name'),
      },
      ...(isReply ? replyMessage(payload) : sentMessage(payload)),
      sequenceStep: readInteger(payload, 'step'),
      category: type === 'LEAD_CATEGORY_UPDATED' ? labelOf(payload, rawEventType) : null,
      link: type === 'EMAIL_LINK_CLICK' ? clickedLink(payload) : null,
      objectLookupId: readObjectLookupId(payload, [payload.custom_variables, payload.payload]),
      tags: collectTags(payload.tags),
      platformUrl: readText(payload, 'unibox_url'),
      isAutomatedReply: rawEventType.toUpperCase() === 'AUTO_REPLY_RECEIVED',
    },
  );
}

function sentMessage(payload: JsonRecord) {
  return {
    subject: readText(payload, 'email_subject', 'subject'),
    bodyText: readText(payload, 'email_text'),
    bodyHtml: readText(payload, 'email_html'),
  };
}

function replyMessage(payload: JsonRecord) {
  return {
    subject: readText(payload, 'reply_subject', 'email_subject', 'subject'),
    bodyText: readText(payload, 'reply_text', 'reply_text_snippet'),
    bodyHtml: readText(payload, 'reply_html'),
  };
}

/**
 * A built-in status, else a custom label: its name from `custom_label`, else the event name
 * (which is the label's own, unless it is the test dialog's generic `custom_label`).
 */
function labelOf(payload: JsonRecord, rawEventType: string): CanonicalCategory | null {
  const eventName = rawEventType.toUpperCase();
  const builtIn = INSTANTLY_STATUS_CATEGORIES[eventName];
  if (builtIn) return builtIn;
  const name =
    readText(payload, 'custom_label') ?? (eventName === CUSTOM_LABEL ? null : rawEventType);
  return category(readText(payload, 'interest_status'), name);
}

function clickedLink(payload: JsonRecord): string | null {
  const link = payload.link_clicked ?? payload.link;
  return Array.isArray(link) ? asText(link[0]) : asText(link);
}
