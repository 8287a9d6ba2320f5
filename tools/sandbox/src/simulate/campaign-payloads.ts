import type { Platform } from '@outsync/contracts';
import type { Random } from './random.ts';

// Realistic webhook bodies per platform, following the shapes of spec 01 §3 "Test payload
// shapes" and the field facts in external-apis.md §3–§6. Values are invented; names are not.

/** The product's four platforms (spec 01 §1); each posts to its own webhook receiver. */
export type SimulatedPlatform = Platform;

/**
 * A default campaign's events, in the order a campaign produces them (sends, then opens, …):
 * every test event type of spec 01 §9 per platform, plus Smartlead's FIRST_EMAIL_SENT (which
 * repeats the first EMAIL_SENT). HeyReach takes the dialog's UI values (REPLY_RECEIVED_PREMIUM
 * is an `every_message_reply_received` with `is_inmail: true`); its raw `event_type` names work
 * too.
 */
export const DEFAULT_EVENT_TYPES: Record<SimulatedPlatform, readonly string[]> = {
  smartlead: [
    'EMAIL_SENT',
    'FIRST_EMAIL_SENT',
    'EMAIL_OPEN',
    'EMAIL_LINK_CLICK',
    'EMAIL_REPLY',
    'LEAD_CATEGORY_UPDATED',
    'EMAIL_BOUNCE',
    'LEAD_UNSUBSCRIBED',
  ],
  instantly: [
    'email_sent',
    'email_opened',
    'link_clicked',
    'reply_received',
    'lead_interested',
    'lead_meeting_booked',
    'lead_meeting_completed',
    'lead_closed',
    'lead_out_of_office',
    'lead_wrong_person',
    'lead_not_interested',
    'lead_neutral',
    'custom_label',
    'email_bounced',
    'lead_unsubscribed',
  ],
  bison: [
    'EMAIL_SENT',
    'EMAIL_OPENED',
    'LEAD_REPLIED',
    'LEAD_REPLIED_AUTOMATED',
    'LEAD_INTERESTED',
    'MANUAL_EMAIL_SENT',
    'EMAIL_BOUNCED',
    'LEAD_UNSUBSCRIBED',
  ],
  heyreach: [
    'CONNECTION_REQUEST_SENT',
    'CONNECTION_REQUEST_ACCEPTED',
    'MESSAGE_SENT',
    'REPLY_RECEIVED_STANDARD',
    'MESSAGE_SENT_PREMIUM',
    'REPLY_RECEIVED_PREMIUM',
    'FOLLOW_SENT',
    'LIKED_POST',
    'VIEWED_PROFILE',
    'LEAD_TAG_UPDATED',
  ],
};

/** HeyReach's UI values (spec 01 §9) → the `event_type` and `is_inmail` the payload carries. */
const HEYREACH_VARIANTS: Record<string, { eventType: string; inmail: boolean }> = {
  CONNECTION_REQUEST_SENT: { eventType: 'connection_request_sent', inmail: false },
  CONNECTION_REQUEST_ACCEPTED: { eventType: 'connection_request_accepted', inmail: false },
  MESSAGE_SENT: { eventType: 'message_sent', inmail: false },
  MESSAGE_SENT_PREMIUM: { eventType: 'inmail_sent', inmail: true },
  REPLY_RECEIVED_STANDARD: { eventType: 'every_message_reply_received', inmail: false },
  REPLY_RECEIVED_PREMIUM: { eventType: 'every_message_reply_received', inmail: true },
  FOLLOW_SENT: { eventType: 'follow_sent', inmail: false },
  LIKED_POST: { eventType: 'liked_post', inmail: false },
  VIEWED_PROFILE: { eventType: 'viewed_profile', inmail: false },
  LEAD_TAG_UPDATED: { eventType: 'lead_tag_updated', inmail: false },
};

/** The `event_type` / `is_inmail` of a HeyReach event given as a UI value or a raw name. */
export function heyreachVariant(eventType: string): { eventType: string; inmail: boolean } {
  const known = HEYREACH_VARIANTS[eventType.toUpperCase()];
  if (known && eventType === eventType.toUpperCase()) return known;
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

/** A category change the event reports (Smartlead category, Instantly interest status). */
export interface CategoryChange {
  oldId: number | null;
  oldName: string | null;
  newId: number | null;
  newName: string | null;
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
}

export type Payload = Record<string, unknown>;

const SUBJECTS = ['Quick question about {company}', 'Idea for {company}', '{first}, worth a chat?'];

function subject(lead: SimulatedLead, step: number): string {
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

function smartlead(context: EventContext): Payload {
  const { eventType, lead, campaign, sequence, random } = context;
  const now = context.now.toISOString();
  const step = eventType === 'FIRST_EMAIL_SENT' ? 1 : (sequence % 3) + 1;
  const messageId = `<${random.uuid()}@mail.outsync-demo.test>`;
  const base: Payload = {
    webhook_id: 7001,
    webhook_name: 'OutSync sandbox',
    webhook_url: '',
    event_type: eventType,
    event_timestamp: now,
    stats_id: context.statsId ?? random.uuid(),
    sl_email_lead_id: lead.id,
    sl_email_lead_map_id: lead.id * 10,
    sl_lead_email: lead.email,
    lead_email: lead.email,
    lead_id: lead.id,
    first_name: lead.firstName,
    last_name: lead.lastName,
    to_email: lead.email,
    to_name: `${lead.firstName} ${lead.lastName}`,
    from_email: campaign.senderEmail,
    subject: subject(lead, step),
    campaign_id: campaign.id,
    campaign_name: campaign.name,
    campaign_status: 'ACTIVE',
    sequence_number: step,
    client_id: null,
    app_url: `https://app.smartlead.ai/app/master-inbox?leadMap=${lead.id * 10}`,
    secret_key: 'sandbox-secret',
    description: `${eventType} for ${lead.email}`,
    metadata: { webhook_created_at: now },
    sent_message: {
      message_id: messageId,
      html: html(bodyText(lead)),
      text: bodyText(lead),
      time: now,
    },
    ...topLevelExtras(context),
  };
  if (eventType === 'EMAIL_REPLY') {
    // The real-world trap: in replies to_email is our own mailbox; the lead is in sl_lead_email.
    Object.assign(base, {
      to_email: campaign.senderEmail,
      to_name: campaign.senderName,
      subject: `Re: ${subject(lead, step)}`,
      reply_message: {
        message_id: `<${random.uuid()}@${lead.domain}>`,
        html: html(replyText(lead)),
        text: replyText(lead),
        time: now,
      },
      stats_thread_id: random.uuid(),
      cc_emails: [],
      reply_category: 'Interested',
      leadCorrespondence: {
        targetLeadEmail: lead.email,
        replyReceivedFrom: lead.email,
        repliedCompanyDomain: lead.domain,
      },
    });
  }
  if (eventType === 'EMAIL_LINK_CLICK')
    Object.assign(base, {
      time_clicked: now,
      link_clicked: ['https://outsync-demo.test/pricing'],
      link_details: [{ url: 'https://outsync-demo.test/pricing', clicks: 1 }],
    });
  if (eventType === 'EMAIL_BOUNCE')
    Object.assign(base, {
      bounce_message: {
        message_id: messageId,
        text: '550 5.1.1 The email account does not exist.',
        time: now,
      },
      is_bounced: true,
    });
  if (eventType === 'LEAD_CATEGORY_UPDATED') {
    const category = context.category ?? {
      oldId: null,
      oldName: null,
      newId: 1,
      newName: 'Interested',
    };
    Object.assign(base, {
      lead_category: {
        old_id: category.oldId,
        old_name: category.oldName,
        new_id: category.newId,
        new_name: category.newName,
      },
      lead_category_id: category.newId,
      lead_category_name: category.newName,
      lead_data: {
        email: lead.email,
        first_name: lead.firstName,
        last_name: lead.lastName,
        linkedin_profile: lead.linkedinUrl,
        company_name: lead.companyName,
        website: `https://${lead.domain}`,
        custom_fields: customFieldsOf(lead),
      },
      last_reply: { email_body: replyText(lead), time: now },
      history: [],
    });
  }
  return base;
}

function instantly(context: EventContext): Payload {
  const { eventType, lead, campaign, sequence, random } = context;
  const now = context.now.toISOString();
  const step = (sequence % 3) + 1;
  const base: Payload = {
    timestamp: now,
    event_type: eventType,
    workspace: '4f1c2d3e-0000-4000-8000-0000005a4d80',
    campaign_id: campaign.uuid,
    campaign_name: campaign.name,
    lead_email: lead.email,
    email: lead.email,
    // The lead's own fields and custom variables are merged in at the top level (§4.2).
    firstName: lead.firstName,
    lastName: lead.lastName,
    companyName: lead.companyName,
    website: `https://${lead.domain}`,
    jobTitle: lead.title,
    ...customFieldsOf(lead),
    email_account: campaign.senderEmail,
    step,
    variant: 1,
    is_first: step === 1,
    email_id: random.uuid(),
    email_subject: subject(lead, step),
    email_text: bodyText(lead),
    email_html: html(bodyText(lead)),
    ...topLevelExtras(context),
  };
  if (eventType === 'reply_received' || eventType === 'auto_reply_received') {
    Object.assign(base, {
      reply_text_snippet: replyText(lead).slice(0, 60),
      reply_subject: `Re: ${subject(lead, step)}`,
      reply_text: replyText(lead),
      reply_html: html(replyText(lead)),
      unibox_url: `https://app.instantly.ai/app/unibox?thread=${random.uuid()}`,
    });
  }
  if (eventType === 'link_clicked' || eventType === 'email_link_clicked')
    Object.assign(base, {
      link_clicked: 'https://outsync-demo.test/pricing',
      click_timestamp: now,
    });
  if (eventType === 'custom_label') base.custom_label = context.customLabel ?? 'Budget Approved';
  return base;
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
  const data: Payload = {
    lead: {
      id: lead.id,
      email: lead.email,
      first_name: lead.firstName,
      last_name: lead.lastName,
      status: facts.status,
      title: lead.title,
      company: lead.companyName,
      custom_variables: [
        { name: 'website', value: `https://${lead.domain}` },
        ...Object.entries(customFieldsOf(lead)).map(([name, value]) => ({ name, value })),
      ],
      emails_sent: step,
      opens: type === 'EMAIL_OPENED' ? 1 : 0,
      unique_opens: type === 'EMAIL_OPENED' ? 1 : 0,
      replies: replied ? 1 : 0,
      unique_replies: replied ? 1 : 0,
      bounces: type === 'EMAIL_BOUNCED' ? 1 : 0,
    },
    campaign: { id: campaign.id, name: campaign.name },
    campaign_event: { id: 900_000 + sequence, type: type.toLowerCase(), created_at: now },
    scheduled_email: {
      id: 800_000 + sequence,
      lead_id: lead.id,
      sequence_step_id: step,
      status: 'sent',
      scheduled_date_est: now,
      scheduled_date_local: now,
      local_timezone: 'America/New_York',
      sent_at: now,
      opens: 0,
      replies: 0,
      unique_opens: 0,
      unique_replies: 0,
      interested: type === 'LEAD_INTERESTED',
      email_subject: subject(lead, step),
      email_body: html(bodyText(lead)),
      raw_message_id: `<${random.uuid()}@mail.outsync-demo.test>`,
    },
    sender_email: {
      id: 41,
      name: campaign.senderName,
      type: 'google',
      email: campaign.senderEmail,
      status: 'Connected',
      daily_limit: 50,
      emails_sent: 120,
      opened: 40,
      replied: 6,
      bounced: 1,
      unsubscribed: 0,
      interested: 2,
      unique_opens: 35,
      unique_replies: 6,
      total_leads_contacted: 110,
      created_at: now,
      updated_at: now,
    },
  };
  if (facts.reply !== 'none') data.reply = bisonReply(context, facts.reply, type);
  return {
    event: {
      type,
      name: titleCase(type),
      workspace_id: 1,
      workspace_name: 'OutSync Demo',
      instance_url: 'https://dedi.emailbison.com',
      instant_url: 'https://dedi.emailbison.com',
    },
    data,
    ...topLevelExtras(context),
  };
}

/** The reply object: the lead's reply or auto-reply (Inbox), or our manual e-mail (Sent). */
function bisonReply(
  context: EventContext,
  kind: Exclude<BisonReply, 'none'>,
  type: string,
): Payload {
  const { lead, campaign, sequence, random } = context;
  const now = context.now.toISOString();
  const sent = kind === 'sent';
  const text =
    kind === 'auto-reply'
      ? AUTO_REPLY_TEXT
      : sent
        ? `Hi ${lead.firstName},\n\nTuesday works. I just sent over a calendar invite.\n\nSam`
        : replyText(lead);
  const from = sent
    ? { name: campaign.senderName, address: campaign.senderEmail }
    : { name: `${lead.firstName} ${lead.lastName}`, address: lead.email };
  const to = sent
    ? { name: `${lead.firstName} ${lead.lastName}`, address: lead.email }
    : { name: campaign.senderName, address: campaign.senderEmail };
  return {
    id: 700_000 + sequence,
    uuid: random.uuid(),
    email_subject:
      kind === 'auto-reply' ? `Automatic reply: ${subject(lead, 1)}` : `Re: ${subject(lead, 1)}`,
    from_email_address: from.address,
    from_name: from.name,
    primary_to_email_address: to.address,
    to: [to],
    cc: [],
    bcc: [],
    html_body: html(text),
    text_body: text,
    raw_body: text,
    headers: [],
    date_received: now,
    automated_reply: kind === 'auto-reply',
    interested: type === 'LEAD_INTERESTED',
    type: kind === 'auto-reply' ? 'auto-reply' : 'reply',
    folder: sent ? 'Sent' : 'Inbox',
    parent_id: sent ? 700_000 + sequence - 1 : null,
  };
}

function heyreach(context: EventContext): Payload {
  const { lead, campaign, sequence, random } = context;
  const now = context.now.toISOString();
  const { eventType: type, inmail } = heyreachVariant(context.eventType);
  const isReply = type.includes('reply');
  const payload: Payload = {
    correlation_id: random.uuid(),
    timestamp: now,
    event_type: type,
    is_inmail: inmail,
    conversation_id: `2-${random.uuid()}`,
    campaign: { id: campaign.id, name: campaign.name },
    sender: {
      id: 51,
      first_name: 'Sam',
      last_name: 'Seller',
      full_name: campaign.senderName,
      email_address: campaign.senderEmail,
      profile_url: 'https://www.linkedin.com/in/sam-seller',
    },
    lead: {
      id: String(lead.id),
      profile_url: lead.linkedinUrl,
      first_name: lead.firstName,
      last_name: lead.lastName,
      full_name: `${lead.firstName} ${lead.lastName}`,
      location: 'Berlin, Germany',
      summary: `${lead.title} at ${lead.companyName}`,
      company_url: `https://www.linkedin.com/company/${lead.domain.split('.')[0] ?? 'company'}`,
      company_name: lead.companyName,
      position: lead.title,
      about: '',
      email_address: lead.email,
      tags: [...lead.tags],
      lists: [
        {
          name: 'Q3 prospects',
          id: 4001,
          custom_fields: Object.entries(customFieldsOf(lead)).map(([name, value]) => ({
            name,
            value,
          })),
        },
      ],
    },
    ...topLevelExtras(context),
    tags: [...lead.tags],
  };
  if (type === 'connection_request_sent')
    payload.connection_message = `Hi ${lead.firstName}, let's connect!`;
  if (!inmail && (type.includes('message') || isReply)) {
    payload.recent_messages = [
      {
        creation_time: now,
        message: `Hi ${lead.firstName}, thanks for connecting!`,
        is_reply: false,
      },
      ...(isReply ? [{ creation_time: now, message: replyText(lead), is_reply: true }] : []),
    ];
  }
  if (inmail)
    payload.recent_inmails = [
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
    ];
  if (type === 'liked_post')
    payload.post_url = `https://www.linkedin.com/feed/update/urn:li:activity:${7_100_000_000 + sequence}`;
  if (type === 'lead_tag_updated')
    Object.assign(payload, { updated_tags: [...lead.tags], tag_action: 'ADDED' });
  return payload;
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
