import { heyreachTestEventFields, type TestEventType } from '@outsync/contracts';

// The four platforms' webhook payloads: field names and nesting as spec 01 §3 "Test payload
// shapes" and reference/external-apis.md §3–§6 give them, in one place. The values come from the
// caller: the Send Test Webhook dialog's sample (test-payloads.ts: every block present, so one
// test event exercises every path of the normalizer) and the sandbox's simulated campaigns
// (tools/sandbox: the blocks each event really carries). A block left undefined is left out.

/** A JSON document, as the editor holds it and the receiver reads it. */
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

/** A name/value pair, as bison's custom variables and HeyReach's custom fields carry them. */
export interface NamedValue {
  name: string;
  value: string;
}

/** A category change an event reports (Smartlead's lead category). */
export interface CategoryChange {
  oldId: number | null;
  oldName: string | null;
  newId: number | null;
  newName: string | null;
}

/** The payload without the keys whose value is undefined (`key in payload` reads as present). */
function defined(fields: Record<string, JsonValue | undefined>): JsonObject {
  const payload: JsonObject = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) payload[key] = value;
  return payload;
}

// ---------------------------------------------------------------------------------------------
// Smartlead: a flat payload keyed by event_type, messages nested.

export interface SmartleadMessage {
  message_id: string;
  text: string;
  html: string;
  time: string;
}

export interface SmartleadFacts {
  eventType: string;
  timestamp: string;
  webhookName: string;
  campaign: { id: number; name: string; status: string };
  sequenceNumber: number;
  statsId: string;
  lead: { id: number; mapId: number; firstName: string; lastName: string; email: string };
  clientId: number | null;
  appUrl: string;
  subject: string;
  /** The addressee: the lead, or on a reply in the real world our own mailbox. */
  to: { name: string; email: string };
  fromEmail: string;
  ccEmails?: string[];
  messageId?: string;
  sentMessage?: SmartleadMessage;
  replyMessage?: SmartleadMessage;
  lastReply?: { email_body: string; time: string };
  click?: { url: string; time: string };
  bounceMessage?: { message_id: string; text: string; time: string };
  category?: CategoryChange;
  /** Fields of Smartlead's the template does not name (webhook metadata, correspondence, …). */
  extra?: JsonObject;
}

export function smartleadPayload(facts: SmartleadFacts): JsonObject {
  const { lead, campaign, click, category } = facts;
  return defined({
    event_type: facts.eventType,
    event_timestamp: facts.timestamp,
    webhook_name: facts.webhookName,
    campaign_id: campaign.id,
    campaign_name: campaign.name,
    campaign_status: campaign.status,
    sequence_number: facts.sequenceNumber,
    stats_id: facts.statsId,
    sl_email_lead_id: lead.id,
    sl_email_lead_map_id: lead.mapId,
    lead_id: lead.id,
    client_id: facts.clientId,
    app_url: facts.appUrl,
    subject: facts.subject,
    to_name: facts.to.name,
    first_name: lead.firstName,
    last_name: lead.lastName,
    to_email: facts.to.email,
    lead_email: lead.email,
    sl_lead_email: lead.email,
    from_email: facts.fromEmail,
    cc_emails: facts.ccEmails,
    message_id: facts.messageId,
    sent_message: facts.sentMessage ? { ...facts.sentMessage } : undefined,
    reply_message: facts.replyMessage ? { ...facts.replyMessage } : undefined,
    last_reply: facts.lastReply ? { ...facts.lastReply } : undefined,
    time_clicked: click?.time,
    link_clicked: click ? [click.url] : undefined,
    link_details: click ? [{ url: click.url, clicks: 1 }] : undefined,
    bounce_message: facts.bounceMessage ? { ...facts.bounceMessage } : undefined,
    lead_category_id: category?.newId,
    lead_category_name: category?.newName,
    lead_category: category
      ? {
          old_id: category.oldId,
          old_name: category.oldName,
          new_id: category.newId,
          new_name: category.newName,
        }
      : undefined,
    ...facts.extra,
  });
}

// ---------------------------------------------------------------------------------------------
// Instantly: one flat payload; the lead's own fields and custom variables are merged in at the
// top level.

export interface InstantlyFacts {
  eventType: string;
  timestamp: string;
  workspace: string;
  campaign: { id: string; name: string };
  lead: {
    email: string;
    firstName: string;
    lastName: string;
    companyName: string;
    website: string;
    jobTitle: string;
  };
  /** The lead's custom variables, merged in beside its own fields. */
  leadVariables?: Record<string, string>;
  emailAccount: string;
  uniboxUrl?: string;
  step: number;
  variant: number;
  isFirst: boolean;
  emailId: string;
  email: { subject: string; text: string; html: string };
  /** A copy of the e-mail's subject some events carry. */
  subject?: string;
  reply?: { subject: string; text: string; html: string; snippet: string };
  click?: { url: string; time: string };
  /** A custom lead label's name (null: an event that carries the field empty). */
  customLabel?: string | null;
}

export function instantlyPayload(facts: InstantlyFacts): JsonObject {
  const { lead, reply, click } = facts;
  return defined({
    timestamp: facts.timestamp,
    event_type: facts.eventType,
    workspace: facts.workspace,
    campaign_id: facts.campaign.id,
    campaign_name: facts.campaign.name,
    lead_email: lead.email,
    email: lead.email,
    firstName: lead.firstName,
    lastName: lead.lastName,
    companyName: lead.companyName,
    website: lead.website,
    jobTitle: lead.jobTitle,
    ...facts.leadVariables,
    email_account: facts.emailAccount,
    unibox_url: facts.uniboxUrl,
    step: facts.step,
    variant: facts.variant,
    is_first: facts.isFirst,
    email_id: facts.emailId,
    email_subject: facts.email.subject,
    subject: facts.subject,
    email_text: facts.email.text,
    email_html: facts.email.html,
    reply_subject: reply?.subject,
    reply_text: reply?.text,
    reply_html: reply?.html,
    reply_text_snippet: reply?.snippet,
    link_clicked: click?.url,
    click_timestamp: click?.time,
    custom_label: facts.customLabel,
  });
}

// ---------------------------------------------------------------------------------------------
// bison: an event envelope and the data objects it concerns.

/** A mailbox's running totals, as bison reports them on `sender_email`. */
export interface BisonMailboxTotals {
  emails_sent: number;
  total_leads_contacted: number;
  opened: number;
  unique_opens: number;
  replied: number;
  unique_replies: number;
  bounced: number;
  unsubscribed: number;
  interested: number;
}

/** Opens and replies, as bison counts them on a scheduled e-mail and on a lead. */
export interface BisonCounts {
  opens: number;
  unique_opens: number;
  replies: number;
  unique_replies: number;
}

export interface BisonReplyFacts {
  id: number;
  uuid: string;
  folder: 'Inbox' | 'Sent' | 'Bounced';
  type: 'reply' | 'auto-reply';
  automated: boolean;
  interested: boolean;
  subject: string;
  from: { name: string; address: string };
  to: { name: string; address: string };
  html: string;
  text: string;
  rawBody: string;
  headers: NamedValue[];
  receivedAt: string;
  parentId: number | null;
  rawMessageId?: string;
}

export interface BisonFacts {
  event: {
    type: string;
    name: string;
    workspaceId: number;
    workspaceName: string;
    instanceUrl: string;
  };
  scheduledEmail: {
    id: number;
    leadId: number;
    step: { id: number; order?: number; variant?: number };
    subject: string;
    body: string;
    status: string;
    /** 'YYYY-MM-DD HH:mm:ss' on the Eastern and the lead's wall clock. */
    scheduledEst: string;
    scheduledLocal: string;
    timezone: string;
    sentAt: string;
    counts: BisonCounts;
    interested: boolean;
    rawMessageId: string;
  };
  reply?: BisonReplyFacts;
  campaignEvent: {
    id: number;
    type: string;
    createdAt: string;
    createdAtLocal?: string;
    timezone?: string;
  };
  lead: {
    id: number;
    email: string;
    firstName: string;
    lastName: string;
    status: string;
    title: string;
    company: string;
    customVariables: NamedValue[];
    emailsSent: number;
    counts: BisonCounts;
    bounces: number;
  };
  campaign: { id: number; name: string };
  senderEmail: {
    id: number;
    name: string;
    email: string;
    type: string;
    status: string;
    dailyLimit: number;
    totals: BisonMailboxTotals;
    createdAt: string;
    updatedAt: string;
  };
}

export function bisonPayload(facts: BisonFacts): JsonObject {
  const { event, scheduledEmail: scheduled, campaignEvent, lead, senderEmail: sender } = facts;
  return {
    event: {
      type: event.type,
      name: event.name,
      workspace_id: event.workspaceId,
      workspace_name: event.workspaceName,
      instance_url: event.instanceUrl,
      // The spec spells the envelope's URL field this way; bison's own payload says
      // instance_url. Both are sent, so either reading finds it.
      instant_url: event.instanceUrl,
    },
    data: defined({
      scheduled_email: defined({
        id: scheduled.id,
        lead_id: scheduled.leadId,
        sequence_step_id: scheduled.step.id,
        sequence_step_order: scheduled.step.order,
        sequence_step_variant: scheduled.step.variant,
        email_subject: scheduled.subject,
        email_body: scheduled.body,
        status: scheduled.status,
        scheduled_date_est: scheduled.scheduledEst,
        scheduled_date_local: scheduled.scheduledLocal,
        local_timezone: scheduled.timezone,
        sent_at: scheduled.sentAt,
        opens: scheduled.counts.opens,
        replies: scheduled.counts.replies,
        unique_opens: scheduled.counts.unique_opens,
        unique_replies: scheduled.counts.unique_replies,
        interested: scheduled.interested,
        raw_message_id: scheduled.rawMessageId,
      }),
      reply: facts.reply ? bisonReply(facts.reply) : undefined,
      campaign_event: defined({
        id: campaignEvent.id,
        type: campaignEvent.type,
        created_at: campaignEvent.createdAt,
        created_at_local: campaignEvent.createdAtLocal,
        local_timezone: campaignEvent.timezone,
      }),
      lead: {
        id: lead.id,
        email: lead.email,
        first_name: lead.firstName,
        last_name: lead.lastName,
        status: lead.status,
        title: lead.title,
        company: lead.company,
        custom_variables: lead.customVariables.map((variable) => ({ ...variable })),
        emails_sent: lead.emailsSent,
        opens: lead.counts.opens,
        unique_opens: lead.counts.unique_opens,
        replies: lead.counts.replies,
        unique_replies: lead.counts.unique_replies,
        bounces: lead.bounces,
      },
      campaign: { id: facts.campaign.id, name: facts.campaign.name },
      sender_email: {
        id: sender.id,
        name: sender.name,
        email: sender.email,
        type: sender.type,
        status: sender.status,
        daily_limit: sender.dailyLimit,
        ...sender.totals,
        created_at: sender.createdAt,
        updated_at: sender.updatedAt,
      },
    }),
  };
}

function bisonReply(reply: BisonReplyFacts): JsonObject {
  return defined({
    id: reply.id,
    uuid: reply.uuid,
    folder: reply.folder,
    type: reply.type,
    automated_reply: reply.automated,
    interested: reply.interested,
    email_subject: reply.subject,
    from_name: reply.from.name,
    from_email_address: reply.from.address,
    primary_to_email_address: reply.to.address,
    to: [{ name: reply.to.name, address: reply.to.address }],
    cc: [],
    bcc: [],
    html_body: reply.html,
    text_body: reply.text,
    raw_body: reply.rawBody,
    headers: reply.headers.map((header) => ({ ...header })),
    date_received: reply.receivedAt,
    parent_id: reply.parentId,
    raw_message_id: reply.rawMessageId,
  });
}

// ---------------------------------------------------------------------------------------------
// HeyReach: the event with its campaign, sender, lead and recent conversation.

/** The `event_type` and `is_inmail` a HeyReach payload carries for one of the dialog's values. */
export function heyreachEventFields(uiValue: TestEventType<'heyreach'>): {
  event_type: string;
  is_inmail: boolean;
} {
  const fields: { event_type: string; is_inmail?: boolean } = heyreachTestEventFields[uiValue];
  // The spec's table sets is_inmail for the reply events; an InMail sent is an InMail too.
  return {
    event_type: fields.event_type,
    is_inmail: fields.is_inmail ?? fields.event_type === 'inmail_sent',
  };
}

/** True for a HeyReach UI value of spec 01 §9 (spelled exactly, in capitals). */
export function isHeyreachTestEventType(value: string): value is TestEventType<'heyreach'> {
  return Object.hasOwn(heyreachTestEventFields, value);
}

export interface HeyreachMessage {
  creation_time: string;
  message: string;
  is_reply: boolean;
}

export interface HeyreachInmail extends HeyreachMessage {
  subject: string;
}

export interface HeyreachFacts {
  correlationId: string;
  timestamp: string;
  eventType: string;
  isInmail: boolean;
  connectionMessage?: string;
  conversationId: string;
  campaign: { id: number; name: string };
  sender: {
    id: number;
    firstName: string;
    lastName: string;
    fullName: string;
    email: string;
    profileUrl: string;
  };
  recentMessages?: HeyreachMessage[];
  recentInmails?: HeyreachInmail[];
  postUrl?: string;
  tagUpdate?: { tags: string[]; action: string };
  lead: {
    id: string;
    profileUrl: string;
    firstName: string;
    lastName: string;
    fullName: string;
    location: string;
    summary: string;
    companyUrl: string;
    companyName: string;
    position: string;
    about: string;
    email: string;
    tags: string[];
    lists: { name: string; id: number; customFields: NamedValue[] }[];
  };
}

export function heyreachPayload(facts: HeyreachFacts): JsonObject {
  const { sender, lead } = facts;
  return defined({
    correlation_id: facts.correlationId,
    timestamp: facts.timestamp,
    event_type: facts.eventType,
    is_inmail: facts.isInmail,
    connection_message: facts.connectionMessage,
    conversation_id: facts.conversationId,
    campaign: { id: facts.campaign.id, name: facts.campaign.name },
    sender: {
      id: sender.id,
      first_name: sender.firstName,
      last_name: sender.lastName,
      full_name: sender.fullName,
      email_address: sender.email,
      profile_url: sender.profileUrl,
    },
    recent_messages: facts.recentMessages?.map((message) => ({ ...message })),
    recent_inmails: facts.recentInmails?.map((inmail) => ({ ...inmail })),
    post_url: facts.postUrl,
    updated_tags: facts.tagUpdate ? [...facts.tagUpdate.tags] : undefined,
    tag_action: facts.tagUpdate?.action,
    lead: {
      id: lead.id,
      profile_url: lead.profileUrl,
      first_name: lead.firstName,
      last_name: lead.lastName,
      full_name: lead.fullName,
      location: lead.location,
      summary: lead.summary,
      company_url: lead.companyUrl,
      company_name: lead.companyName,
      position: lead.position,
      about: lead.about,
      email_address: lead.email,
      tags: [...lead.tags],
      lists: lead.lists.map((list) => ({
        name: list.name,
        id: list.id,
        custom_fields: list.customFields.map((field) => ({ ...field })),
      })),
    },
  });
}
