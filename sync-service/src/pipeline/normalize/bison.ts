import { BISON_LEAD_CATEGORIES, type ActivityEventType } from '@outsync/contracts';
import type { NormalizeResult } from '@outsync/contracts/sync';
import {
  canonicalEvent,
  canonicalLead,
  collectTags,
  customFieldValue,
  missingIdentity,
  normalizerFor,
  platformEventId,
  readEmail,
  readInteger,
  readObjectLookupId,
  readPath,
  readText,
  readTimestamp,
  type EventNameMap,
  type EventNameSource,
  type Normalizer,
  type OpenedEvent,
} from './normalize-helpers';

// bison posts an envelope `{event:{type,…}, data:{lead, reply, scheduled_email, campaign,
// campaign_event, sender_email}}` (external-apis.md §5.2), with event names in either case.
// Names from crm-properties/event-mapping.json (upper-cased: the lookup ignores case), plus the
// two the Send Test Webhook dialog offers (spec 01 §9): a manual e-mail is a send (the mapping
// said none fits; the dialog syncs it), and an automated reply is a reply marked automatic.
export const BISON_EVENT_TYPES: EventNameMap = {
  EMAIL_SENT: 'EMAIL_SENT',
  LEAD_FIRST_CONTACTED: 'EMAIL_SENT',
  MANUAL_EMAIL_SENT: 'EMAIL_SENT',
  LEAD_REPLIED: 'EMAIL_REPLY',
  LEAD_REPLIED_AUTOMATED: 'EMAIL_REPLY',
  LEAD_INTERESTED: 'LEAD_CATEGORY_UPDATED',
  LEAD_UNSUBSCRIBED: 'LEAD_UNSUBSCRIBED',
  EMAIL_OPENED: 'EMAIL_OPEN',
  EMAIL_BOUNCED: 'EMAIL_BOUNCE',
  UNTRACKED_REPLY_RECEIVED: null,
  EMAIL_ACCOUNT_ADDED: null,
  EMAIL_ACCOUNT_REMOVED: null,
  EMAIL_ACCOUNT_DISCONNECTED: null,
  EMAIL_ACCOUNT_RECONNECTED: null,
  TAG_ATTACHED: null,
  TAG_REMOVED: null,
  WARMUP_DISABLED_RECEIVING_BOUNCES: null,
  WARMUP_DISABLED_CAUSING_BOUNCES: null,
  EMAIL_SEND_FAILED: null,
};

/** bison's one category (spec 01 §9): a lead becomes Interested, or a reply says it is. */
const INTERESTED = BISON_LEAD_CATEGORIES[0];

/** `reply.folder` of a message we sent (a manual e-mail) and of a bounce notice. */
const SENT_FOLDER = 'sent';
const BOUNCED_FOLDER = 'bounced';

const BISON_EVENT_NAMES: EventNameSource = {
  platform: 'bison',
  names: BISON_EVENT_TYPES,
  paths: ['event.type'],
  field: 'event.type',
};

export const normalizeBison: Normalizer = normalizerFor(BISON_EVENT_NAMES, readBisonEvent);

function readBisonEvent(
  { payload, rawEventType, type }: OpenedEvent,
  receivedAt: Date,
): NormalizeResult {
  const data = readPath(payload, 'data');
  const reply = readPath(data, 'reply');
  const lead = readPath(data, 'lead');
  const senderEmail = readEmail(data, 'sender_email.email');
  const email = readEmail(lead, 'email') ?? leadAddressInReply(reply, senderEmail);
  if (email === null) {
    return missingIdentity('bison', rawEventType, 'lead e-mail (data.lead.email)');
  }

  const sentByUs = type === 'EMAIL_SENT' && folderOf(reply) === SENT_FOLDER;
  const message = isReplySide(type) ? replyMessage(data) : sentMessage(data, sentByUs);
  const customVariables = readPath(lead, 'custom_variables');
  return canonicalEvent(
    {
      platform: 'bison',
      type,
      rawEventType,
      occurredAt: occurredAt(data, type, sentByUs) ?? receivedAt.toISOString(),
      lead: canonicalLead({
        email,
        firstName: readText(lead, 'first_name'),
        lastName: readText(lead, 'last_name'),
        company: readText(lead, 'company'),
        website: websiteOf(lead, customVariables),
        title: readText(lead, 'title'),
        phone: readText(lead, 'phone') ?? customFieldValue(customVariables, 'phone'),
        platformLeadId: readText(lead, 'id'),
      }),
    },
    {
      platformEventId: platformEventId(type, ...eventIdentity(data, type, sentByUs)),
      sender: {
        email: senderEmail,
        name: readText(data, 'sender_email.name'),
        profileUrl: null,
      },
      campaign: { id: readText(data, 'campaign.id'), name: readText(data, 'campaign.name') },
      ...message,
      sequenceStep: readInteger(data, 'scheduled_email.sequence_step_order'),
      category: categoryOf(type, reply),
      objectLookupId: readObjectLookupId(payload, [customVariables]),
      tags: collectTags(payload.tags, readPath(lead, 'tags')),
      isAutomatedReply:
        rawEventType.toUpperCase() === 'LEAD_REPLIED_AUTOMATED' ||
        (type === 'EMAIL_REPLY' && readPath(reply, 'automated_reply') === true),
    },
  );
}

function folderOf(reply: unknown): string | null {
  return readText(reply, 'folder')?.toLowerCase() ?? null;
}

/** Events whose message is the lead's (or the mail server's) rather than the one we sent. */
function isReplySide(type: ActivityEventType): boolean {
  return type !== 'EMAIL_SENT' && type !== 'EMAIL_OPEN';
}

/**
 * Without `data.lead`, the reply names the lead: its addressee when we sent it, its sender when
 * the lead wrote it. A bounce comes from the mail server, and our own mailbox is never the lead.
 */
function leadAddressInReply(reply: unknown, senderEmail: string | null): string | null {
  const folder = folderOf(reply);
  if (folder === BOUNCED_FOLDER) return null;
  const address =
    folder === SENT_FOLDER
      ? readEmail(reply, 'primary_to_email_address', 'to.0.address')
      : readEmail(reply, 'from_email_address');
  return address === senderEmail ? null : address;
}

/** The scheduled campaign e-mail, or for a manual e-mail the message we sent (in `reply`). */
function sentMessage(data: unknown, sentByUs: boolean) {
  if (sentByUs) return replyMessage(data);
  return {
    subject: readText(data, 'scheduled_email.email_subject'),
    ...bodyOf(readText(data, 'scheduled_email.email_body')),
  };
}

function replyMessage(data: unknown) {
  return {
    subject: readText(data, 'reply.email_subject'),
    bodyText: readText(data, 'reply.text_body'),
    bodyHtml: readText(data, 'reply.html_body'),
  };
}

/** `email_body` is one field holding HTML or plain text: it goes where its content belongs. */
function bodyOf(body: string | null) {
  const isHtml = /<[a-z][^>]*>/i.test(body ?? '');
  return { bodyText: isHtml ? null : body, bodyHtml: isHtml ? body : null };
}

/** The website: a `website` lead field or custom variable (bison has no standard one). */
function websiteOf(lead: unknown, customVariables: unknown): string | null {
  return (
    readText(lead, 'website', 'company_website') ??
    customFieldValue(customVariables, 'website') ??
    customFieldValue(customVariables, 'company_website')
  );
}

/** The campaign event's time, else the message's own. */
function occurredAt(data: unknown, type: ActivityEventType, sentByUs: boolean): string | null {
  const messageTime =
    type === 'EMAIL_SENT' && !sentByUs ? 'scheduled_email.sent_at' : 'reply.date_received';
  return readTimestamp(data, 'campaign_event.created_at', messageTime);
}

/**
 * What identifies the occurrence (external-apis.md §7): the scheduled e-mail for a campaign send
 * (so `lead_first_contacted` collapses into its `email_sent`), the message for a manual send or a
 * reply, the campaign event for the rest. The id's kind is part of it: the three are separate
 * number spaces.
 */
function eventIdentity(data: unknown, type: ActivityEventType, sentByUs: boolean) {
  const [kind, path] =
    type === 'EMAIL_SENT' && !sentByUs
      ? ['scheduled_email', 'scheduled_email.id']
      : type === 'EMAIL_SENT' || type === 'EMAIL_REPLY'
        ? ['reply', 'reply.id']
        : ['campaign_event', 'campaign_event.id'];
  const id = readText(data, path);
  return [id === null ? null : kind, id] as const;
}

/** Interested: the Lead Interested event, or a reply bison marked interested. */
function categoryOf(type: ActivityEventType, reply: unknown) {
  const interested =
    type === 'LEAD_CATEGORY_UPDATED' ||
    (type === 'EMAIL_REPLY' && readPath(reply, 'interested') === true);
  return interested ? { id: INTERESTED.id, name: INTERESTED.name } : null;
}
