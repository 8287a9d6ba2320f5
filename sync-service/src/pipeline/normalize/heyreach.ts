import { leadCategoryId, type ActivityEventType } from '@outsync/contracts';
import type { NormalizeResult } from '@outsync/contracts/sync';
import {
  asText,
  asTimestamp,
  canonicalEvent,
  canonicalLead,
  category,
  collectTags,
  isRecord,
  missingIdentity,
  normalizerFor,
  platformEventId,
  readEmail,
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

// HeyReach posts the event with its campaign, sender, lead and recent conversation
// (external-apis.md §6.3). Its API enum is upper case, its payloads lower case
// (`every_message_reply_received`): the lookup ignores case. Names from
// crm-properties/event-mapping.json.
export const HEYREACH_EVENT_TYPES: EventNameMap = {
  CONNECTION_REQUEST_SENT: 'CONNECTION_REQUEST_SENT',
  CONNECTION_REQUEST_ACCEPTED: 'CONNECTION_REQUEST_ACCEPTED',
  MESSAGE_SENT: 'MESSAGE_SENT',
  INMAIL_SENT: 'MESSAGE_SENT',
  MESSAGE_REPLY_RECEIVED: 'REPLY_RECEIVED',
  EVERY_MESSAGE_REPLY_RECEIVED: 'REPLY_RECEIVED',
  INMAIL_REPLY_RECEIVED: 'REPLY_RECEIVED',
  FOLLOW_SENT: 'FOLLOW_SENT',
  LIKED_POST: 'LIKED_POST',
  VIEWED_PROFILE: 'VIEWED_PROFILE',
  LEAD_TAG_UPDATED: 'LEAD_CATEGORY_UPDATED',
  CAMPAIGN_COMPLETED: null,
};

const INMAIL_EVENTS = ['INMAIL_SENT', 'INMAIL_REPLY_RECEIVED'];
/** `tag_action` of a tag taken off the lead: it is no longer the lead's category or tag. */
const TAG_REMOVED = 'REMOVED';

const HEYREACH_EVENT_NAMES: EventNameSource = {
  platform: 'heyreach',
  names: HEYREACH_EVENT_TYPES,
  paths: ['event_type', 'eventType'],
  field: 'event_type',
};

export const normalizeHeyreach: Normalizer = normalizerFor(HEYREACH_EVENT_NAMES, readHeyreachEvent);

function readHeyreachEvent(
  { payload, rawEventType, type }: OpenedEvent,
  receivedAt: Date,
): NormalizeResult {
  // Some handlers see camelCase fields, at the top level or in `lead` (reference §6.3).
  const lead = isRecord(payload.lead) ? payload.lead : {};
  const profileUrl =
    readProfileUrl(lead, 'profile_url', 'profileUrl') ?? readProfileUrl(payload, 'profileUrl');
  const email =
    readEmail(lead, 'email_address', 'emailAddress') ?? readEmail(payload, 'emailAddress');
  if (profileUrl === null && email === null) {
    return missingIdentity('heyreach', rawEventType, 'lead profile URL (lead.profile_url)');
  }

  const isInmail = INMAIL_EVENTS.includes(rawEventType.toUpperCase()) || payload.is_inmail === true;
  const message = messageOf(payload, type, isInmail);
  const updatedTags = type === 'LEAD_CATEGORY_UPDATED' ? tagsAdded(payload) : [];
  const removedTags = type === 'LEAD_CATEGORY_UPDATED' ? tagsRemoved(payload) : [];
  return canonicalEvent(
    {
      platform: 'heyreach',
      type,
      rawEventType,
      occurredAt: readTimestamp(payload, 'timestamp') ?? message.sentAt ?? receivedAt.toISOString(),
      lead: canonicalLead({
        email,
        firstName: readText(lead, 'first_name', 'firstName') ?? readText(payload, 'firstName'),
        lastName: readText(lead, 'last_name', 'lastName') ?? readText(payload, 'lastName'),
        profileUrl,
        company: readText(lead, 'company_name', 'companyName') ?? readText(payload, 'companyName'),
        // Usually the company's LinkedIn page, which names no domain: then the e-mail's.
        website: readText(lead, 'company_url'),
        title: readText(lead, 'position'),
        platformLeadId: readText(lead, 'id'),
      }),
    },
    {
      platformEventId: platformEventId(type, readText(payload, 'correlation_id')),
      sender: {
        email: readEmail(payload, 'sender.email_address', 'sender.email'),
        name: senderName(payload),
        profileUrl: readProfileUrl(payload, 'sender.profile_url'),
      },
      campaign: { id: readText(payload, 'campaign.id'), name: readText(payload, 'campaign.name') },
      subject: message.subject,
      bodyText: message.text,
      category: categoryFromTag(updatedTags[0] ?? null),
      link: type === 'LIKED_POST' ? readText(payload, 'post_url') : null,
      objectLookupId: readObjectLookupId(payload, customFieldContainers(lead)),
      // The lead's tags after the update, whether `lead.tags` shows them before or after it.
      tags: collectTags(payload.tags, lead.tags, updatedTags).filter(
        (tag) => !removedTags.includes(tag),
      ),
      isInmail,
    },
  );
}

function isRemoval(payload: JsonRecord): boolean {
  return readText(payload, 'tag_action')?.toUpperCase() === TAG_REMOVED;
}

/** The tags a tag update put on the lead; none when it took them off. */
function tagsAdded(payload: JsonRecord): string[] {
  return isRemoval(payload) ? [] : collectTags(payload.updated_tags);
}

/** The tags a tag update took off the lead. */
function tagsRemoved(payload: JsonRecord): string[] {
  return isRemoval(payload) ? collectTags(payload.updated_tags) : [];
}

function senderName(payload: JsonRecord): string | null {
  const first = readText(payload, 'sender.first_name') ?? '';
  const last = readText(payload, 'sender.last_name') ?? '';
  return readText(payload, 'sender.full_name') ?? asText(`${first} ${last}`);
}

type LinkedinMessage = { subject: string | null; text: string | null; sentAt: string | null };

const NO_MESSAGE: LinkedinMessage = { subject: null, text: null, sentAt: null };

/**
 * The message an event is about: the connection note for connection requests, else the latest
 * message of the conversation from the lead (replies) or to the lead (sends), InMails first
 * for InMail events.
 */
function messageOf(payload: JsonRecord, type: ActivityEventType, isInmail: boolean) {
  if (type === 'CONNECTION_REQUEST_SENT' || type === 'CONNECTION_REQUEST_ACCEPTED') {
    return { ...NO_MESSAGE, text: readText(payload, 'connection_message') };
  }
  if (type !== 'MESSAGE_SENT' && type !== 'REPLY_RECEIVED') return NO_MESSAGE;
  const lists = isInmail
    ? [payload.recent_inmails, payload.recent_messages]
    : [payload.recent_messages, payload.recent_inmails];
  const fromLead = type === 'REPLY_RECEIVED';
  for (const list of lists) {
    const latest = latestMessage(list, fromLead);
    if (latest) return latest;
  }
  return NO_MESSAGE;
}

function latestMessage(list: unknown, fromLead: boolean): LinkedinMessage | null {
  if (!Array.isArray(list)) return null;
  const messages = list
    .filter((item): item is JsonRecord => isRecord(item) && (item.is_reply === true) === fromLead)
    .map((item) => ({
      subject: readText(item, 'subject'),
      text: readText(item, 'message'),
      sentAt: asTimestamp(item.creation_time),
    }));
  // The newest by time; among equal (or missing) times the later in the list.
  return messages.reduce<LinkedinMessage | null>(
    (latest, each) =>
      latest === null || (each.sentAt ?? '') >= (latest.sentAt ?? '') ? each : latest,
    null,
  );
}

/** A HeyReach category is a tag; its id is the name's, as categories typed in by hand get. */
function categoryFromTag(tag: string | null) {
  return tag === null ? null : category(leadCategoryId(tag), tag);
}

/** HeyReach custom fields: on the lead, or per list the lead is in (`lists[].custom_fields`). */
function customFieldContainers(lead: JsonRecord): unknown[] {
  const lists = Array.isArray(lead.lists) ? lead.lists : [];
  return [
    lead.custom_fields,
    lead.customUserFields,
    ...lists.map((list) => readPath(list, 'custom_fields')),
  ];
}
