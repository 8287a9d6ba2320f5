import * as z from '@outsync/contracts/zod';
import {
  platformDisplayName,
  platformFacts,
  PlatformSchema,
  testEventTypes,
  type Platform,
  type TestEventType,
} from '@outsync/contracts';
import {
  bisonPayload,
  heyreachEventFields,
  heyreachPayload,
  instantlyPayload,
  smartleadPayload,
  type BisonReplyFacts,
  type JsonObject,
  type JsonValue,
} from './test-payloads-templates';

// The Send Test Webhook dialog's sample payloads (spec 01 §2.11, §3 "Test payload shapes", §4
// "Test dialog", §9). Each platform's template (test-payloads-templates.ts, shared with the
// sandbox's simulated campaigns) gets every block here, so one test event exercises every path
// of that platform's normalizer. The sample values are not part of the contract.

// The templates themselves, for the sandbox's simulated campaigns too.
export * from './test-payloads-templates';
export type TestPayload = JsonObject;

/** What the dialog's inputs add to a payload (spec 01 §2.11, §4 "Test dialog"). */
export interface TestInputs {
  /** 'Recipient name': split into first name (first word) and last name (the rest). */
  recipientName: string;
  /** The e-mail sequencers' recipient e-mail address. */
  recipientEmail: string;
  /** The social tool's recipient social profile URL (`lead.profile_url`). */
  recipientProfileUrl: string;
  /** 'Add os_objectlookup_id': one value, which may be a variable token. */
  objectLookupId: string;
  /** The social tool's 'Add status tags', comma-separated. */
  statusTags: string;
}

/** One option of 'Select Event Type': an event type of one platform. */
export type TestEventOption = {
  [P in Platform]: { value: TestEventType<P>; label: string; platform: P };
}[Platform];

/**
 * The test receiver's answer (spec 01 §7): failure is a non-ok status or `success` false. A
 * success may leave `errors` out.
 */
export const TestWebhookResponseSchema = z.object({
  success: z.boolean(),
  errors: z.unknown().optional(),
});
export type TestWebhookResponse = z.infer<typeof TestWebhookResponseSchema>;

const TEST_DIALOG_TITLE_PREFIX = 'Send Test Webhook - ';
/** The title's platform part for a webhook without a platform (spec 01 §2.11). */
const UNIVERSAL_TEST_DIALOG = 'Universal';

/** 'Send Test Webhook - ' and the platform's display name, or 'Universal' without a platform. */
export function testDialogTitle(platform: string | null | undefined): string {
  const name = platform?.trim() ? platformDisplayName(platform) : UNIVERSAL_TEST_DIALOG;
  return `${TEST_DIALOG_TITLE_PREFIX}${name}`;
}

/** The test address of a webhook: '/webhooks/' becomes '/webhooks/test/' (spec 01 §7). */
export function testWebhookUrl(webhookUrl: string): string {
  return webhookUrl.replace('/webhooks/', '/webhooks/test/');
}

/** 'Add status tags': split on commas, trimmed, empty entries dropped (spec 01 §5). */
export function parseStatusTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/**
 * The event types the dialog offers: the platform's, or every platform's when the webhook has
 * none (spec 01 §2.11). Across platforms an option's label names its platform, as two
 * platforms share values such as EMAIL_SENT.
 */
export function testEventsOffered(platform: Platform | null): TestEventOption[] {
  const platforms = platform ? [platform] : PlatformSchema.options;
  return platforms.flatMap((each) =>
    testEventTypes[each].map(
      (value) =>
        ({
          value,
          label: platform ? value : `${platformFacts[each].displayName} - ${value}`,
          platform: each,
        }) as TestEventOption,
    ),
  );
}

/** The dialog's inputs on open: the templates' own recipient, no lookup id and no tags. */
export function defaultTestInputs(): TestInputs {
  return {
    recipientName: `${lead.firstName} ${lead.lastName}`,
    recipientEmail: lead.email,
    recipientProfileUrl: lead.profileUrl,
    objectLookupId: '',
    statusTags: '',
  };
}

/**
 * The default payload of one event type: every timestamp is `now`, in the platform's own format
 * (ISO 8601 in UTC; bison's Laravel form with microseconds, and its Eastern wall-clock dates),
 * with the inputs applied.
 */
export function buildTestPayload(
  platform: Platform,
  eventType: TestEventType,
  inputs: TestInputs,
  now: Date,
): TestPayload {
  const template = {
    ...platformTemplate(platform, eventType, now),
    // Spec 01 §3: added at the top level of any test payload.
    os_objectlookup_id: '',
    tags: [],
  };
  return applyTestInputs(template, platform, inputs);
}

/**
 * Writes the inputs into a payload (the default one, or the user's edited JSON) and returns a
 * copy; anything but a JSON object comes back as it is.
 *
 * - The name's first word becomes the platform's first name, the rest its last name; a full
 *   name field (to_name, full_name, from_name) takes the whole name where the payload has it.
 * - The e-mail address (e-mail sequencers) or social profile URL (the social tool) goes to the
 *   fields that hold the lead's address, where the payload has them.
 * - `os_objectlookup_id` is always written, as an empty string when the input is blank: the key
 *   is part of every test payload's shape (spec 01 §3), an empty value reads as "no lookup id"
 *   to the receiver like an absent one, and the user sees where to put one when editing.
 * - `tags` comes from 'Add status tags' on the social tool, the only platform with that input;
 *   on the others the payload's own `tags` is left alone.
 * A name field sits in an object the user may have removed: then it is not added back.
 */
export function applyTestInputs<T>(payload: T, platform: Platform, inputs: TestInputs): T {
  if (!isJsonObject(payload)) return payload;
  const result = structuredClone(payload) as JsonObject;
  recipientWriters[platform](result, splitName(inputs.recipientName), inputs);
  result.os_objectlookup_id = inputs.objectLookupId.trim();
  if (platform === 'heyreach') result.tags = parseStatusTags(inputs.statusTags);
  return result as T;
}

// ---------------------------------------------------------------------------------------------
// Applying the inputs

interface RecipientName {
  first: string;
  last: string;
  full: string;
}

function splitName(name: string): RecipientName {
  const [first = '', ...rest] = name.trim().split(/\s+/).filter(Boolean);
  const last = rest.join(' ');
  return { first, last, full: [first, last].filter(Boolean).join(' ') };
}

type RecipientWriter = (payload: JsonObject, name: RecipientName, inputs: TestInputs) => void;

const recipientWriters: Record<Platform, RecipientWriter> = {
  smartlead(payload, name, { recipientEmail }) {
    writeNames(payload, [], 'first_name', 'last_name', name);
    writeWherePresent(payload, ['to_name'], name.full);
    const email = recipientEmail.trim();
    for (const key of ['to_email', 'lead_email', 'sl_lead_email'])
      writeWherePresent(payload, [key], email);
  },
  instantly(payload, name, { recipientEmail }) {
    writeNames(payload, [], 'firstName', 'lastName', name);
    const email = recipientEmail.trim();
    // `email` is the lead's own field, merged in at the top level like firstName.
    for (const key of ['lead_email', 'email']) writeWherePresent(payload, [key], email);
  },
  bison(payload, name, { recipientEmail }) {
    writeNames(payload, ['data', 'lead'], 'first_name', 'last_name', name);
    const email = recipientEmail.trim();
    writeWherePresent(payload, ['data', 'lead', 'email'], email);
    const reply = objectAt(payload, ['data', 'reply']);
    if (!reply) return;
    // The lead is the sender of a reply in the inbox and the addressee of one we sent; a
    // bounce comes from the mail server.
    if (reply.folder === 'Inbox') {
      writeWherePresent(reply, ['from_name'], name.full);
      writeWherePresent(reply, ['from_email_address'], email);
    } else if (reply.folder === 'Sent') {
      writeWherePresent(reply, ['primary_to_email_address'], email);
      const to = Array.isArray(reply.to) ? reply.to[0] : undefined;
      if (isJsonObject(to)) {
        writeWherePresent(to, ['name'], name.full);
        writeWherePresent(to, ['address'], email);
      }
    }
  },
  heyreach(payload, name, { recipientProfileUrl }) {
    writeNames(payload, ['lead'], 'first_name', 'last_name', name);
    writeWherePresent(payload, ['lead', 'full_name'], name.full);
    writeWherePresent(payload, ['lead', 'profile_url'], recipientProfileUrl.trim());
  },
};

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function objectAt(root: JsonObject, path: readonly string[]): JsonObject | undefined {
  let current: JsonValue = root;
  for (const key of path) {
    if (!isJsonObject(current)) return undefined;
    current = current[key] ?? null;
  }
  return isJsonObject(current) ? current : undefined;
}

/** First and last name are written whenever their object is there. */
function writeNames(
  root: JsonObject,
  path: readonly string[],
  firstKey: string,
  lastKey: string,
  name: RecipientName,
) {
  const target = objectAt(root, path);
  if (!target) return;
  target[firstKey] = name.first;
  target[lastKey] = name.last;
}

function writeWherePresent(root: JsonObject, path: readonly string[], value: JsonValue) {
  const key = path.at(-1);
  const target = objectAt(root, path.slice(0, -1));
  if (key !== undefined && target && key in target) target[key] = value;
}

// ---------------------------------------------------------------------------------------------
// Sample people and timestamp formats

/** The lead every template is about; the dialog's recipient inputs start from it. */
const lead = {
  firstName: 'Jordan',
  lastName: 'Avery',
  email: 'jordan.avery@northwindfreight.com',
  profileUrl: 'https://www.linkedin.com/in/jordan-avery-freight-ops',
  title: 'VP of Operations',
  company: 'Northwind Freight',
  website: 'https://northwindfreight.com',
  companyUrl: 'https://www.linkedin.com/company/northwind-freight',
  location: 'Chicago, Illinois, United States',
} as const;

/** The customer's own mailbox or social account that ran the campaign. */
const sender = {
  firstName: 'Morgan',
  lastName: 'Blake',
  email: 'morgan.blake@brightpathsales.io',
  profileUrl: 'https://www.linkedin.com/in/morgan-blake-brightpath',
} as const;

const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`;

const isoTime = (at: Date) => at.toISOString();

/** Laravel's JSON dates, as bison sends them: ISO 8601 with microseconds. */
const laravelTime = (at: Date) => at.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');

const BISON_TIMEZONE = 'America/New_York';
const easternClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: BISON_TIMEZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** bison's scheduled dates: 'YYYY-MM-DD HH:mm:ss' on the Eastern wall clock. */
function easternWallClock(at: Date): string {
  const parts = easternClock.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((each) => each.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

// ---------------------------------------------------------------------------------------------
// Templates

function platformTemplate(platform: Platform, eventType: TestEventType, now: Date): JsonObject {
  switch (platform) {
    case 'smartlead':
      return smartleadTemplate(eventOf('smartlead', eventType), now);
    case 'instantly':
      return instantlyTemplate(eventOf('instantly', eventType), now);
    case 'bison':
      return bisonTemplate(eventOf('bison', eventType), now);
    case 'heyreach':
      return heyreachTemplate(eventOf('heyreach', eventType), now);
  }
}

function eventOf<P extends Platform>(platform: P, eventType: TestEventType): TestEventType<P> {
  const offered: readonly string[] = testEventTypes[platform];
  if (!offered.includes(eventType)) {
    throw new Error(`${eventType} is not a test event type of ${platform}`);
  }
  return eventType as TestEventType<P>;
}

const outreach = {
  subject: 'Cutting dock-to-stock time at Northwind Freight',
  text:
    'Hi Jordan,\n\nTeams running 3PL warehouses like yours usually lose two to three hours a ' +
    'day between the dock and the shelf. We helped Lakeshore Logistics cut that by 41% in one ' +
    'quarter.\n\nWorth a 15-minute call next week?\n\nMorgan Blake\nBrightPath',
  html:
    '<p>Hi Jordan,</p><p>Teams running 3PL warehouses like yours usually lose two to three ' +
    'hours a day between the dock and the shelf. We helped <a href="https://brightpathsales.io/' +
    'case-studies/lakeshore-logistics">Lakeshore Logistics</a> cut that by 41% in one quarter.' +
    '</p><p>Worth a 15-minute call next week?</p><p>Morgan Blake<br>BrightPath</p>',
} as const;

const leadReply = {
  subject: `Re: ${outreach.subject}`,
  text:
    'Hi Morgan,\n\nThanks for reaching out. The timing is good: we are reviewing our receiving ' +
    'process this quarter. Tuesday at 10am CT works for me.\n\nJordan',
  html:
    '<div dir="ltr"><p>Hi Morgan,</p><p>Thanks for reaching out. The timing is good: we are ' +
    'reviewing our receiving process this quarter. Tuesday at 10am CT works for me.</p>' +
    '<p>Jordan</p></div>',
} as const;

const caseStudyUrl = 'https://brightpathsales.io/case-studies/lakeshore-logistics';

/** Smartlead: a flat payload keyed by event_type, messages nested (spec 01 §3). */
function smartleadTemplate(eventType: TestEventType<'smartlead'>, now: Date): JsonObject {
  const at = isoTime(now);
  const sentMessageId = '<CAH7pQz3xK9v2mT8@mail.brightpathsales.io>';
  const replyMessageId = '<BN8PR11MB3617A2C4E9F1D0B5@BN8PR11MB3617.namprd11.prod.outlook.com>';
  const replied = eventType === 'EMAIL_REPLY';
  return smartleadPayload({
    eventType,
    timestamp: at,
    webhookName: 'OutSync',
    campaign: { id: 1284093, name: 'Q3 Freight Ops Leaders', status: 'ACTIVE' },
    sequenceNumber: replied ? 2 : 1,
    statsId: '9c2b7e4a-51d3-4f8e-a6b0-3d7c1e9f2a58',
    lead: { id: 2417720981, mapId: 3109874412, ...lead },
    clientId: 48213,
    appUrl:
      'https://app.smartlead.ai/app/master-inbox?action=INBOX&leadMap=3109874412&selectedMailbox=null',
    subject: replied ? leadReply.subject : outreach.subject,
    to: { name: fullName(lead), email: lead.email },
    fromEmail: sender.email,
    ccEmails: [],
    messageId: replied ? replyMessageId : sentMessageId,
    sentMessage: {
      message_id: sentMessageId,
      text: outreach.text,
      html: outreach.html,
      time: at,
    },
    replyMessage: {
      message_id: replyMessageId,
      text: leadReply.text,
      html: leadReply.html,
      time: at,
    },
    lastReply: { email_body: leadReply.html, time: at },
    click: { url: caseStudyUrl, time: at },
    bounceMessage: {
      message_id: '<20240802060838.4F2A1C0B9D@mx.northwindfreight.com>',
      text: "550 5.1.1 The email account that you tried to reach does not exist. Please try double-checking the recipient's email address for typos.",
      time: at,
    },
    category: { oldId: null, oldName: null, newId: 1, newName: 'Interested' },
  });
}

/** Instantly: one flat payload; the lead's own fields are merged in at the top level. */
function instantlyTemplate(eventType: TestEventType<'instantly'>, now: Date): JsonObject {
  const at = isoTime(now);
  return instantlyPayload({
    eventType,
    timestamp: at,
    workspace: '6f1d2c8e-4b7a-4e93-9a15-0c3b8d7e2f41',
    campaign: { id: 'b3e8f2a1-7c4d-4a6b-9e2f-5d1c0a8b7e36', name: 'Freight Ops Leaders - Q3' },
    lead: { ...lead, companyName: lead.company, jobTitle: lead.title },
    emailAccount: sender.email,
    uniboxUrl: 'https://app.instantly.ai/app/unibox?thread_id=0198c2f4-7d3a-7b21-9e54-3a6f8c1d2e07',
    step: 1,
    variant: 1,
    isFirst: true,
    emailId: '0198c2f4-7d3a-7b21-9e54-3a6f8c1d2e07',
    email: outreach,
    subject: outreach.subject,
    reply: {
      ...leadReply,
      snippet: 'Thanks for reaching out. The timing is good: we are reviewing our receiving',
    },
    click: { url: caseStudyUrl, time: at },
    // A custom lead label arrives under its own name; the other events carry none.
    customLabel: eventType === 'custom_label' ? 'Budget Approved' : null,
  });
}

type BisonReplyKind = 'reply' | 'auto-reply' | 'bounce' | 'sent';

const bisonEvents: Record<
  TestEventType<'bison'>,
  { name: string; campaignEvent: string; leadStatus: string; reply: BisonReplyKind }
> = {
  EMAIL_OPENED: {
    name: 'Email Opened',
    campaignEvent: 'opened',
    leadStatus: 'active',
    reply: 'reply',
  },
  EMAIL_SENT: { name: 'Email Sent', campaignEvent: 'sent', leadStatus: 'active', reply: 'reply' },
  LEAD_REPLIED: {
    name: 'Lead Replied',
    campaignEvent: 'replied',
    leadStatus: 'active',
    reply: 'reply',
  },
  LEAD_UNSUBSCRIBED: {
    name: 'Lead Unsubscribed',
    campaignEvent: 'unsubscribed',
    leadStatus: 'unsubscribed',
    reply: 'reply',
  },
  EMAIL_BOUNCED: {
    name: 'Email Bounced',
    campaignEvent: 'bounce',
    leadStatus: 'bounced',
    reply: 'bounce',
  },
  LEAD_INTERESTED: {
    name: 'Lead Interested',
    campaignEvent: 'interested',
    leadStatus: 'interested',
    reply: 'reply',
  },
  MANUAL_EMAIL_SENT: {
    name: 'Manual Email Sent',
    campaignEvent: 'manual_email_sent',
    leadStatus: 'active',
    reply: 'sent',
  },
  LEAD_REPLIED_AUTOMATED: {
    name: 'Lead Replied (Automated)',
    campaignEvent: 'replied',
    leadStatus: 'active',
    reply: 'auto-reply',
  },
};

/** bison: an event envelope and the data objects it concerns (spec 01 §3). */
function bisonTemplate(eventType: TestEventType<'bison'>, now: Date): JsonObject {
  const at = laravelTime(now);
  const wallClock = easternWallClock(now);
  const facts = bisonEvents[eventType];
  const leadId = 18342;
  const sentMessageId = '<a41f0c9e2b7d4e58@brightpathsales.io>';
  const replies = facts.reply === 'reply' ? 1 : 0;
  const counts = { opens: 1, unique_opens: 1, replies, unique_replies: replies };
  return bisonPayload({
    event: {
      type: eventType,
      name: facts.name,
      workspaceId: 7,
      workspaceName: 'BrightPath Outbound',
      instanceUrl: 'https://dedi.emailbison.com',
    },
    scheduledEmail: {
      id: 582130,
      leadId,
      step: { id: 311, order: 1, variant: 1 },
      subject: outreach.subject,
      body: outreach.html,
      status: 'sent',
      scheduledEst: wallClock,
      scheduledLocal: wallClock,
      timezone: BISON_TIMEZONE,
      sentAt: at,
      counts,
      interested: eventType === 'LEAD_INTERESTED',
      rawMessageId: sentMessageId,
    },
    reply: bisonReply(facts.reply, eventType === 'LEAD_INTERESTED', now, sentMessageId),
    campaignEvent: {
      id: 904417,
      type: facts.campaignEvent,
      createdAt: at,
      createdAtLocal: wallClock,
      timezone: BISON_TIMEZONE,
    },
    lead: {
      id: leadId,
      email: lead.email,
      firstName: lead.firstName,
      lastName: lead.lastName,
      status: facts.leadStatus,
      title: lead.title,
      company: lead.company,
      customVariables: [
        { name: 'website', value: lead.website },
        { name: 'city', value: 'Chicago' },
      ],
      emailsSent: 1,
      counts,
      bounces: facts.reply === 'bounce' ? 1 : 0,
    },
    campaign: { id: 142, name: 'Freight Ops Leaders Q3' },
    senderEmail: {
      id: 37,
      name: fullName(sender),
      email: sender.email,
      type: 'google_workspace_oauth',
      status: 'Connected',
      dailyLimit: 30,
      totals: {
        emails_sent: 1842,
        total_leads_contacted: 1296,
        opened: 811,
        unique_opens: 642,
        replied: 97,
        unique_replies: 88,
        bounced: 14,
        unsubscribed: 9,
        interested: 31,
      },
      createdAt: at,
      updatedAt: at,
    },
  });
}

function bisonReply(
  kind: BisonReplyKind,
  interested: boolean,
  now: Date,
  inReplyTo: string,
): BisonReplyFacts {
  const messageId =
    kind === 'sent'
      ? '<c7d2e91f04ab4b6e@brightpathsales.io>'
      : kind === 'bounce'
        ? '<20240802060838.4F2A1C0B9D@mx.northwindfreight.com>'
        : '<CAJq8mR5tD2xW7nY@mail.gmail.com>';
  const content = {
    reply: { from: lead, subject: leadReply.subject, text: leadReply.text, html: leadReply.html },
    'auto-reply': {
      from: lead,
      subject: `Automatic reply: ${outreach.subject}`,
      text: 'Thank you for your email. I am out of the office until Monday with limited access to email.',
      html: '<p>Thank you for your email. I am out of the office until Monday with limited access to email.</p>',
    },
    bounce: {
      from: {
        firstName: 'Mail Delivery',
        lastName: 'Subsystem',
        email: 'mailer-daemon@googlemail.com',
      },
      subject: 'Delivery Status Notification (Failure)',
      text: `Address not found\n\nYour message wasn't delivered to ${lead.email} because the address couldn't be found.`,
      html: `<p>Address not found</p><p>Your message wasn't delivered to ${lead.email} because the address couldn't be found.</p>`,
    },
    sent: {
      from: sender,
      subject: leadReply.subject,
      text: 'Hi Jordan,\n\nTuesday at 10am CT works. I just sent over a calendar invite.\n\nMorgan',
      html: '<p>Hi Jordan,</p><p>Tuesday at 10am CT works. I just sent over a calendar invite.</p><p>Morgan</p>',
    },
  }[kind];
  const to = kind === 'sent' ? lead : sender;
  const headers = [
    { name: 'Message-ID', value: messageId },
    { name: 'In-Reply-To', value: inReplyTo },
    { name: 'Date', value: now.toUTCString() },
    { name: 'Subject', value: content.subject },
  ];
  return {
    id: 72514,
    uuid: '9d3f6a2b-1c8e-4f70-b5a4-2e9c7d1f0b63',
    folder: kind === 'sent' ? 'Sent' : kind === 'bounce' ? 'Bounced' : 'Inbox',
    type: kind === 'reply' || kind === 'sent' ? 'reply' : 'auto-reply',
    automated: kind === 'auto-reply' || kind === 'bounce',
    interested,
    subject: content.subject,
    from: { name: fullName(content.from), address: content.from.email },
    to: { name: fullName(to), address: to.email },
    html: content.html,
    text: content.text,
    rawBody: [
      ...headers.map((header) => `${header.name}: ${header.value}`),
      'Content-Type: text/plain; charset="UTF-8"',
      '',
      content.text,
    ].join('\r\n'),
    headers,
    receivedAt: laravelTime(now),
    parentId: kind === 'sent' ? 72513 : null,
    rawMessageId: messageId,
  };
}

/** HeyReach: the event with its campaign, sender, lead and recent conversation (spec 01 §3). */
function heyreachTemplate(eventType: TestEventType<'heyreach'>, now: Date): JsonObject {
  const at = isoTime(now);
  const fields = heyreachEventFields(eventType);
  return heyreachPayload({
    correlationId: '3e7b9f21-64c8-4d0a-8b5e-f2a19c7d6e40',
    timestamp: at,
    eventType: fields.event_type,
    isInmail: fields.is_inmail,
    connectionMessage:
      'Hi Jordan, I work with freight operations leaders across the Midwest on receiving throughput. Would be glad to connect.',
    conversationId: '2-ZTdhYzM5ZjEtOGI0Ni00ZDJlLWE1YzctMWY5YjNkMGU4YTI3XzAxMg==',
    campaign: { id: 118204, name: 'Freight Ops Leaders - LinkedIn' },
    sender: { id: 54937, ...sender, fullName: fullName(sender) },
    recentMessages: [
      {
        creation_time: at,
        message:
          'Thanks for connecting, Jordan. We helped Lakeshore Logistics cut dock-to-stock time by 41% in a quarter. Open to comparing notes?',
        is_reply: false,
      },
      {
        creation_time: at,
        message: 'Hi Morgan, happy to. Tuesday morning works for me.',
        is_reply: true,
      },
    ],
    recentInmails: [
      {
        creation_time: at,
        subject: 'Receiving throughput at Northwind Freight',
        message:
          'Hi Jordan, teams running 3PL warehouses usually lose hours a day between the dock and the shelf. Worth a short call?',
        is_reply: false,
      },
      {
        creation_time: at,
        subject: 'Re: Receiving throughput at Northwind Freight',
        message: 'Interesting timing. Send me a few slots for next week.',
        is_reply: true,
      },
    ],
    postUrl: 'https://www.linkedin.com/feed/update/urn:li:activity:7214653321987654321/',
    tagUpdate: { tags: ['Interested'], action: 'ADDED' },
    lead: {
      ...lead,
      id: 'ACoAABx3kT0BqVZ8mW2nR5yLp7dE4fH9gJ1sK6c',
      fullName: fullName(lead),
      summary: 'Operations leader scaling 3PL warehousing across the Midwest.',
      companyName: lead.company,
      position: lead.title,
      about:
        'I run warehouse and transportation operations for Northwind Freight: 6 sites, 900 people, one goal of getting freight out the door faster.',
      tags: ['Warm lead'],
      lists: [
        {
          name: 'Freight Ops Leaders - Midwest',
          id: 88231,
          customFields: [{ name: 'industry', value: 'Logistics and Supply Chain' }],
        },
      ],
    },
  });
}
