import { testEventTypes, type Platform, type TestEventType } from '@outsync/contracts';
import {
  bisonPayload,
  heyreachEventFields,
  heyreachPayload,
  instantlyPayload,
  isHeyreachTestEventType,
  smartleadPayload,
  type BisonReplyFacts,
  type CategoryChange,
} from '@outsync/contracts/webhooks/test-payloads';
import type { Random } from './random.ts';

// Realistic webhook bodies per platform, on the Send Test Webhook's templates (contracts'
// test-payloads-templates.ts: spec 01 §3 "Test payload shapes", external-apis.md §3–§6), with
// the blocks each event really carries. Values are invented; names are not.

/** The product's four platforms (spec 01 §1); each posts to its own webhook receiver. */
export type SimulatedPlatform = Platform;

export type { CategoryChange };

/**
 * The spec 01 §9 test event types of a platform in the order a campaign produces them: `first`,
 * then the others in the spec's order, then `last` (what ends a lead's campaign).
 */
function campaignOrder<P extends Platform>(
  platform: P,
  first: readonly string[],
  last: readonly TestEventType<P>[] = [],
): readonly string[] {
  const placed = new Set<string>([...first, ...last]);
  const rest = testEventTypes[platform].filter((type: string) => !placed.has(type));
  return [...first, ...rest, ...last];
}

/**
 * A default campaign's events, in the order a campaign produces them (sends, then opens, …):
 * every test event type of spec 01 §9 per platform, plus Smartlead's FIRST_EMAIL_SENT (which
 * repeats the first EMAIL_SENT). HeyReach takes the dialog's UI values (REPLY_RECEIVED_PREMIUM
 * is an `every_message_reply_received` with `is_inmail: true`); its raw `event_type` names work
 * too.
 */
export const DEFAULT_EVENT_TYPES: Record<SimulatedPlatform, readonly string[]> = {
  smartlead: campaignOrder(
    'smartlead',
    ['EMAIL_SENT', 'FIRST_EMAIL_SENT', 'EMAIL_OPEN', 'EMAIL_LINK_CLICK', 'EMAIL_REPLY'],
    ['EMAIL_BOUNCE', 'LEAD_UNSUBSCRIBED'],
  ),
  instantly: campaignOrder(
    'instantly',
    ['email_sent', 'email_opened', 'link_clicked', 'reply_received'],
    ['email_bounced', 'lead_unsubscribed'],
  ),
  bison: campaignOrder(
    'bison',
    ['EMAIL_SENT', 'EMAIL_OPENED', 'LEAD_REPLIED', 'LEAD_REPLIED_AUTOMATED'],
    ['EMAIL_BOUNCED', 'LEAD_UNSUBSCRIBED'],
  ),
  heyreach: campaignOrder('heyreach', [
    'CONNECTION_REQUEST_SENT',
    'CONNECTION_REQUEST_ACCEPTED',
    'MESSAGE_SENT',
    'REPLY_RECEIVED_STANDARD',
  ]),
};

/** The `event_type` / `is_inmail` of a HeyReach event given as a UI value or a raw name. */
export function heyreachVariant(eventType: string): { eventType: string; inmail: boolean } {
  if (isHeyreachTestEventType(eventType)) {
    const fields = heyreachEventFields(eventType);
    return { eventType: fields.event_type, inmail: fields.is_inmail };
  }
  const raw = eventType.toLowerCase();
  return { eventType: raw, inmail: raw.startsWith('inmail') };
}

export interface SimulatedLead {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  domain: string;
  title: string;
  linkedinUrl: string;
  /** The lead's `os_objectlookup_id` custom field (spec 01 §9), when it has one. */
  objectLookupId: string | null;
  /** Other custom lead fields, in each platform's custom-field container. */
  customFields: Record<string, string>;
  tags: string[];
}

export interface Campaign {
  id: number;
  uuid: string;
  name: string;
  senderEmail: string;
  senderName: string;
}

/** Everything one payload is built from; the run decides it, so payloads stay deterministic. */
export interface EventContext {
  eventType: string;
  lead: SimulatedLead;
  campaign: Campaign;
  sequence: number;
  now: Date;
  random: Random;
  /** Smartlead: the stats_id of the send a FIRST_EMAIL_SENT repeats. */
  statsId?: string;
  category?: CategoryChange;
  /** Instantly custom_label: the label's name. */
  customLabel?: string;
  /** Also put `os_objectlookup_id` at the payload's top level (platforms vary; some do). */
  lookupIdAtTopLevel: boolean;
  /** One subject for every lead (a campaign step without personalisation), instead of theirs. */
  subject?: string;
}

export type Payload = Record<string, unknown>;

const SUBJECTS = ['Quick question about {company}', 'Idea for {company}', '{first}, worth a chat?'];

function subject(lead: SimulatedLead, step: number, fixed?: string): string {
  if (fixed !== undefined) return fixed;
  return (SUBJECTS[step % SUBJECTS.length] ?? SUBJECTS[0]!)
    .replace('{company}', lead.companyName)
    .replace('{first}', lead.firstName);
}

function bodyText(lead: SimulatedLead): string {
  return `Hi ${lead.firstName},\n\nI noticed ${lead.companyName} is growing its sales team. Open to a 15-minute call next week?\n\nBest,\nSam`;
}

function replyText(lead: SimulatedLead): string {
  return `Thanks for reaching out. Yes, Tuesday works for me.\n\n${lead.firstName}`;
}

const AUTO_REPLY_TEXT =
  'Thank you for your email. I am out of the office until Monday with limited access to email.';

function html(text: string): string {
  return `<p>${text.replace(/\n/g, '<br>')}</p>`;
}

/** The lead's custom fields, `os_objectlookup_id` included when it has one. */
function customFieldsOf(lead: SimulatedLead): Record<string, string> {
  return {
    ...lead.customFields,
    ...(lead.objectLookupId !== null ? { os_objectlookup_id: lead.objectLookupId } : {}),
  };
}

/** Spec 01 §3: `os_objectlookup_id` and `tags` may sit at the top level of any payload. */
function topLevelExtras(context: EventContext): Payload {
  const { lead } = context;
  return {
    ...(context.lookupIdAtTopLevel && lead.objectLookupId !== null
      ? { os_objectlookup_id: lead.objectLookupId }
      : {}),
    ...(lead.tags.length > 0 ? { tags: [...lead.tags] } : {}),
  };
}

export function buildPayload(platform: SimulatedPlatform, context: EventContext): Payload {
  switch (platform) {
    case 'smartlead':
      return smartlead(context);
    case 'instantly':
      return instantly(context);
    case 'bison':
      return bison(context);
    case 'heyreach':
      return heyreach(context);
  }
}

const fullName = (lead: SimulatedLead) => `${lead.firstName} ${lead.lastName}`;
const PRICING_URL = 'https://outsync-demo.test/pricing';

function smartlead(context: EventContext): Payload {
  const { eventType, lead, campaign, sequence, random } = context;
  const now = context.now.toISOString();
  const step = eventType === 'FIRST_EMAIL_SENT' ? 1 : (sequence % 3) + 1;
  const messageId = `<${random.uuid()}@mail.outsync-demo.test>`;
  const statsId = context.statsId ?? random.uuid();
  const replied = eventType === 'EMAIL_REPLY';
  const replyMessage = replied
    ? {
        message_id: `<${random.uuid()}@${lead.domain}>`,
        text: replyText(lead),
        html: html(replyText(lead)),
        time: now,
      }
    : undefined;
  const category =
    eventType === 'LEAD_CATEGORY_UPDATED'
      ? (context.category ?? { oldId: null, oldName: null, newId: 1, newName: 'Interested' })
      : undefined;
  const payload = smartleadPayload({
    eventType,
    timestamp: now,
    webhookName: 'OutSync sandbox',
    campaign: { id: campaign.id, name: campaign.name, status: 'ACTIVE' },
    sequenceNumber: step,
    statsId,
    lead: { ...lead, mapId: lead.id * 10 },
    clientId: null,
    appUrl: `https://app.smartlead.ai/app/master-inbox?leadMap=${lead.id * 10}`,
    subject: replied
      ? `Re: ${subject(lead, step, context.subject)}`
      : subject(lead, step, context.subject),
    // The real-world trap: in replies to_email is our own mailbox; the lead is in sl_lead_email.
    to: replied
      ? { name: campaign.senderName, email: campaign.senderEmail }
      : { name: fullName(lead), email: lead.email },
    fromEmail: campaign.senderEmail,
    ccEmails: replied ? [] : undefined,
    sentMessage: {
      message_id: messageId,
      text: bodyText(lead),
      html: html(bodyText(lead)),
      time: now,
    },
    replyMessage,
    lastReply: category ? { email_body: replyText(lead), time: now } : undefined,
    click: eventType === 'EMAIL_LINK_CLICK' ? { url: PRICING_URL, time: now } : undefined,
    bounceMessage:
      eventType === 'EMAIL_BOUNCE'
        ? { message_id: messageId, text: '550 5.1.1 The email account does not exist.', time: now }
        : undefined,
    category,
    extra: {
      webhook_id: 7001,
      webhook_url: '',
      secret_key: 'sandbox-secret',
      description: `${eventType} for ${lead.email}`,
      metadata: { webhook_created_at: now },
      ...(replied
        ? {
            stats_thread_id: random.uuid(),
            reply_category: 'Interested',
            leadCorrespondence: {
              targetLeadEmail: lead.email,
              replyReceivedFrom: lead.email,
              repliedCompanyDomain: lead.domain,
            },
          }
        : {}),
      ...(eventType === 'EMAIL_BOUNCE' ? { is_bounced: true } : {}),
      ...(category
        ? {
            lead_data: {
              email: lead.email,
              first_name: lead.firstName,
              last_name: lead.lastName,
              linkedin_profile: lead.linkedinUrl,
              company_name: lead.companyName,
              website: `https://${lead.domain}`,
              custom_fields: customFieldsOf(lead),
            },
            history: [],
          }
        : {}),
    },
  });
  return { ...payload, ...topLevelExtras(context) };
}

function instantly(context: EventContext): Payload {
  const { eventType, lead, campaign, sequence, random } = context;
  const now = context.now.toISOString();
  const step = (sequence % 3) + 1;
  const emailId = random.uuid();
  const replied = eventType === 'reply_received' || eventType === 'auto_reply_received';
  const clicked = eventType === 'link_clicked' || eventType === 'email_link_clicked';
  const payload = instantlyPayload({
    eventType,
    timestamp: now,
    workspace: '4f1c2d3e-0000-4000-8000-0000005a4d80',
    campaign: { id: campaign.uuid, name: campaign.name },
    lead: { ...lead, website: `https://${lead.domain}`, jobTitle: lead.title },
    // The lead's custom variables are merged in at the top level too (§4.2).
    leadVariables: customFieldsOf(lead),
    emailAccount: campaign.senderEmail,
    step,
    variant: 1,
    isFirst: step === 1,
    emailId,
    email: {
      subject: subject(lead, step, context.subject),
      text: bodyText(lead),
      html: html(bodyText(lead)),
    },
    reply: replied
      ? {
          subject: `Re: ${subject(lead, step, context.subject)}`,
          text: replyText(lead),
          html: html(replyText(lead)),
          snippet: replyText(lead).slice(0, 60),
        }
      : undefined,
    uniboxUrl: replied ? `https://app.instantly.ai/app/unibox?thread=${random.uuid()}` : undefined,
    click: clicked ? { url: PRICING_URL, time: now } : undefined,
    customLabel:
      eventType === 'custom_label' ? (context.customLabel ?? 'Budget Approved') : undefined,
  });
  return { ...payload, ...topLevelExtras(context) };
}

type BisonReply = 'reply' | 'auto-reply' | 'sent' | 'none';

/** bison's event per generator type: its own `event.type` (automated replies are replies). */
const BISON_EVENTS: Record<string, { type: string; status: string; reply: BisonReply }> = {
  EMAIL_SENT: { type: 'EMAIL_SENT', status: 'active', reply: 'none' },
  EMAIL_OPENED: { type: 'EMAIL_OPENED', status: 'active', reply: 'none' },
  LEAD_REPLIED: { type: 'LEAD_REPLIED', status: 'active', reply: 'reply' },
  LEAD_REPLIED_AUTOMATED: { type: 'LEAD_REPLIED', status: 'active', reply: 'auto-reply' },
  LEAD_INTERESTED: { type: 'LEAD_INTERESTED', status: 'interested', reply: 'reply' },
  MANUAL_EMAIL_SENT: { type: 'MANUAL_EMAIL_SENT', status: 'active', reply: 'sent' },
  EMAIL_BOUNCED: { type: 'EMAIL_BOUNCED', status: 'bounced', reply: 'none' },
  LEAD_UNSUBSCRIBED: { type: 'LEAD_UNSUBSCRIBED', status: 'unsubscribed', reply: 'none' },
};

function titleCase(type: string): string {
  return type
    .toLowerCase()
    .replace(/_/g, ' ')
    .replace(/\b\w/g, (letter) => letter.toUpperCase());
}

function bison(context: EventContext): Payload {
  const { lead, campaign, sequence, random } = context;
  const now = context.now.toISOString();
  const step = (sequence % 3) + 1;
  const facts = BISON_EVENTS[context.eventType.toUpperCase()] ?? {
    type: context.eventType.toUpperCase(),
    status: 'active',
    reply: 'none' as const,
  };
  const type = facts.type;
  const replied = facts.reply === 'reply' || facts.reply === 'auto-reply';
  const opened = type === 'EMAIL_OPENED' ? 1 : 0;
  const replies = replied ? 1 : 0;
  const rawMessageId = `<${random.uuid()}@mail.outsync-demo.test>`;
  const payload = bisonPayload({
    event: {
      type,
      name: titleCase(type),
      workspaceId: 1,
      workspaceName: 'OutSync Demo',
      instanceUrl: 'https://dedi.emailbison.com',
    },
    scheduledEmail: {
      id: 800_000 + sequence,
      leadId: lead.id,
      step: { id: step },
      subject: subject(lead, step, context.subject),
      body: html(bodyText(lead)),
      status: 'sent',
      scheduledEst: now,
      scheduledLocal: now,
      timezone: 'America/New_York',
      sentAt: now,
      counts: { opens: 0, unique_opens: 0, replies: 0, unique_replies: 0 },
      interested: type === 'LEAD_INTERESTED',
      rawMessageId,
    },
    reply: facts.reply !== 'none' ? bisonReply(context, facts.reply, type) : undefined,
    campaignEvent: { id: 900_000 + sequence, type: type.toLowerCase(), createdAt: now },
    lead: {
      ...lead,
      status: facts.status,
      company: lead.companyName,
      customVariables: [
        { name: 'website', value: `https://${lead.domain}` },
        ...Object.entries(customFieldsOf(lead)).map(([name, value]) => ({ name, value })),
      ],
      emailsSent: step,
      counts: { opens: opened, unique_opens: opened, replies, unique_replies: replies },
      bounces: type === 'EMAIL_BOUNCED' ? 1 : 0,
    },
    campaign: { id: campaign.id, name: campaign.name },
    senderEmail: {
      id: 41,
      name: campaign.senderName,
      email: campaign.senderEmail,
      type: 'google',
      status: 'Connected',
      dailyLimit: 50,
      totals: {
        emails_sent: 120,
        total_leads_contacted: 110,
        opened: 40,
        unique_opens: 35,
        replied: 6,
        unique_replies: 6,
        bounced: 1,
        unsubscribed: 0,
        interested: 2,
      },
      createdAt: now,
      updatedAt: now,
    },
  });
  return { ...payload, ...topLevelExtras(context) };
}

/** The reply object: the lead's reply or auto-reply (Inbox), or our manual e-mail (Sent). */
function bisonReply(
  context: EventContext,
  kind: Exclude<BisonReply, 'none'>,
  type: string,
): BisonReplyFacts {
  const { lead, campaign, sequence, random } = context;
  const sent = kind === 'sent';
  const text =
    kind === 'auto-reply'
      ? AUTO_REPLY_TEXT
      : sent
        ? `Hi ${lead.firstName},\n\nTuesday works. I just sent over a calendar invite.\n\nSam`
        : replyText(lead);
  const ours = { name: campaign.senderName, address: campaign.senderEmail };
  const theirs = { name: fullName(lead), address: lead.email };
  return {
    id: 700_000 + sequence,
    uuid: random.uuid(),
    folder: sent ? 'Sent' : 'Inbox',
    type: kind === 'auto-reply' ? 'auto-reply' : 'reply',
    automated: kind === 'auto-reply',
    interested: type === 'LEAD_INTERESTED',
    subject:
      kind === 'auto-reply' ? `Automatic reply: ${subject(lead, 1)}` : `Re: ${subject(lead, 1)}`,
    from: sent ? ours : theirs,
    to: sent ? theirs : ours,
    html: html(text),
    text,
    rawBody: text,
    headers: [],
    receivedAt: context.now.toISOString(),
    parentId: sent ? 700_000 + sequence - 1 : null,
  };
}

function heyreach(context: EventContext): Payload {
  const { lead, campaign, sequence, random } = context;
  const now = context.now.toISOString();
  const { eventType: type, inmail } = heyreachVariant(context.eventType);
  const isReply = type.includes('reply');
  const leadFields = Object.entries(customFieldsOf(lead)).map(([name, value]) => ({ name, value }));
  const payload = heyreachPayload({
    correlationId: random.uuid(),
    timestamp: now,
    eventType: type,
    isInmail: inmail,
    connectionMessage:
      type === 'connection_request_sent' ? `Hi ${lead.firstName}, let's connect!` : undefined,
    conversationId: `2-${random.uuid()}`,
    campaign: { id: campaign.id, name: campaign.name },
    sender: {
      id: 51,
      firstName: 'Sam',
      lastName: 'Seller',
      fullName: campaign.senderName,
      email: campaign.senderEmail,
      profileUrl: 'https://www.linkedin.com/in/sam-seller',
    },
    recentMessages:
      !inmail && (type.includes('message') || isReply)
        ? [
            {
              creation_time: now,
              message: `Hi ${lead.firstName}, thanks for connecting!`,
              is_reply: false,
            },
            ...(isReply ? [{ creation_time: now, message: replyText(lead), is_reply: true }] : []),
          ]
        : undefined,
    recentInmails: inmail
      ? [
          {
            creation_time: now,
            subject: subject(lead, sequence),
            message: bodyText(lead),
            is_reply: false,
          },
          ...(isReply
            ? [
                {
                  creation_time: now,
                  subject: `Re: ${subject(lead, sequence)}`,
                  message: replyText(lead),
                  is_reply: true,
                },
              ]
            : []),
        ]
      : undefined,
    postUrl:
      type === 'liked_post'
        ? `https://www.linkedin.com/feed/update/urn:li:activity:${7_100_000_000 + sequence}`
        : undefined,
    tagUpdate: type === 'lead_tag_updated' ? { tags: lead.tags, action: 'ADDED' } : undefined,
    lead: {
      ...lead,
      id: String(lead.id),
      profileUrl: lead.linkedinUrl,
      fullName: fullName(lead),
      location: 'Berlin, Germany',
      summary: `${lead.title} at ${lead.companyName}`,
      companyUrl: `https://www.linkedin.com/company/${lead.domain.split('.')[0] ?? 'company'}`,
      position: lead.title,
      about: '',
      lists: [{ name: 'Q3 prospects', id: 4001, customFields: leadFields }],
    },
  });
  return { ...payload, ...topLevelExtras(context), tags: [...lead.tags] };
}

/** Blocks a payload can lose and still name its lead (the missing-optional-blocks fault). */
const OPTIONAL_BLOCKS: Record<SimulatedPlatform, string[][]> = {
  smartlead: [
    ['sent_message'],
    ['metadata'],
    ['campaign_name'],
    ['campaign_status'],
    ['app_url'],
    ['to_name'],
    ['leadCorrespondence'],
    ['lead_data'],
    ['link_details'],
  ],
  instantly: [
    ['campaign_name'],
    ['email_account'],
    ['email_html'],
    ['email_text'],
    ['unibox_url'],
    ['step'],
    ['variant'],
    ['is_first'],
  ],
  bison: [
    ['data', 'scheduled_email'],
    ['data', 'campaign'],
    ['data', 'sender_email'],
    ['data', 'campaign_event'],
    ['event', 'workspace_name'],
  ],
  heyreach: [
    ['campaign'],
    ['sender'],
    ['recent_messages'],
    ['recent_inmails'],
    ['conversation_id'],
    ['lead', 'lists'],
  ],
};

/** Removes the platform's optional blocks from a payload; answers the paths removed. */
export function stripOptionalBlocks(platform: SimulatedPlatform, payload: Payload): string[] {
  const removed: string[] = [];
  for (const path of OPTIONAL_BLOCKS[platform]) {
    const key = path.at(-1);
    let parent: unknown = payload;
    for (const segment of path.slice(0, -1))
      parent = isRecord(parent) ? parent[segment] : undefined;
    if (key !== undefined && isRecord(parent) && key in parent) {
      delete parent[key];
      removed.push(path.join('.'));
    }
  }
  return removed;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
