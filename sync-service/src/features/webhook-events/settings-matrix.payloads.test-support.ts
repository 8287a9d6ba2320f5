// The settings matrix's platform events: small payloads of each platform's documented shape
// (external-apis.md §3–§6), one lead each, every value spelt here so the matrix's expectations
// can name them.

/** The time of every matrix event: 18:30 UTC, 10:30 in San Francisco, the same day. */
export const AT = '2026-03-10T18:30:00.000Z';
/** 06:30 UTC on the 11th: still the 10th in San Francisco (23:30 PDT), the 11th in Berlin. */
export const LATE_EVENING_PACIFIC = '2026-03-11T06:30:00.000Z';
export const SENDER = 'sam.seller@outsync-demo.test';
export const SUBJECT = 'Quick question';
export const SENT_TEXT = 'Hi there, a quick question.';
export const REPLY_TEXT = 'Sounds good, call me.';
export const AUTO_REPLY_TEXT = 'I am out of the office until Monday.';

export type MatrixLead = {
  email: string | null;
  firstName: string;
  lastName: string;
  company: string;
  title: string;
  /** The company's website, whose host is the CRM company's domain. */
  website: string;
  profileUrl: string;
  objectLookupId?: string;
};

/**
 * A lead of its own for a case: `{slug}` names its e-mail, domain and profile, e.g. `lead('co-on')`
 * is `lead@co-on.example`, "Ada Co-on", company "co-on Widgets GmbH", title "Head of co-on",
 * website https://www.co-on.example, profile https://www.linkedin.com/in/co-on.
 */
export function lead(slug: string, overrides: Partial<MatrixLead> = {}): MatrixLead {
  return {
    email: `lead@${slug}.example`,
    firstName: 'Ada',
    lastName: slug.charAt(0).toUpperCase() + slug.slice(1),
    company: `${slug} Widgets GmbH`,
    title: `Head of ${slug}`,
    website: `https://www.${slug}.example`,
    profileUrl: `https://www.linkedin.com/in/${slug}`,
    ...overrides,
  };
}

let sequence = 0;
/** A number no other matrix event has: the platforms' event ids. */
function next(): number {
  sequence += 1;
  return 90_000 + sequence;
}

type Extra = Record<string, unknown>;

export type SmartleadType =
  'EMAIL_SENT' | 'EMAIL_OPEN' | 'EMAIL_REPLY' | 'LEAD_CATEGORY_UPDATED' | 'LEAD_UNSUBSCRIBED';

export function smartlead(type: SmartleadType, person: MatrixLead, extra: Extra = {}): Extra {
  const n = next();
  const isReply = type === 'EMAIL_REPLY';
  return {
    event_type: type,
    event_timestamp: AT,
    stats_id: `matrix-${n}`,
    sl_email_lead_id: n,
    sl_lead_email: person.email,
    to_email: isReply ? SENDER : person.email,
    to_name: `${person.firstName} ${person.lastName}`,
    from_email: SENDER,
    from_name: 'Sam Seller',
    subject: isReply ? `Re: ${SUBJECT}` : SUBJECT,
    campaign_id: 1001,
    campaign_name: 'Matrix campaign',
    sequence_number: 2,
    app_url: 'https://app.smartlead.ai/app/master-inbox?leadMap=1',
    lead_data: {
      email: person.email,
      first_name: person.firstName,
      last_name: person.lastName,
      company_name: person.company,
      website: person.website,
      ...(person.objectLookupId
        ? { custom_fields: { os_objectlookup_id: person.objectLookupId } }
        : {}),
    },
    ...(type === 'EMAIL_SENT'
      ? {
          sent_message: {
            message_id: `<sent-${n}@mail>`,
            text: SENT_TEXT,
            html: `<p>${SENT_TEXT}</p>`,
          },
        }
      : {}),
    ...(isReply
      ? {
          reply_message: {
            message_id: `<reply-${n}@mail>`,
            text: REPLY_TEXT,
            html: `<p>${REPLY_TEXT}</p>`,
          },
        }
      : {}),
    ...(type === 'LEAD_CATEGORY_UPDATED'
      ? { lead_category: { old_id: null, old_name: null, new_id: 1, new_name: 'Interested' } }
      : {}),
    ...extra,
  };
}

export type InstantlyType =
  | 'email_sent'
  | 'email_opened'
  | 'reply_received'
  | 'auto_reply_received'
  | 'lead_interested'
  | 'lead_unsubscribed';

export function instantly(type: InstantlyType, person: MatrixLead, extra: Extra = {}): Extra {
  const n = next();
  const reply = type === 'reply_received' || type === 'auto_reply_received';
  return {
    event_type: type,
    timestamp: AT,
    workspace: '7f3c2a10-0000-4000-8000-000000000001',
    campaign_id: '7f3c2a10-0000-4000-8000-000000000002',
    campaign_name: 'Matrix campaign',
    lead_email: person.email,
    email_account: SENDER,
    email_id: `matrix-${n}`,
    step: 2,
    firstName: person.firstName,
    lastName: person.lastName,
    companyName: person.company,
    website: person.website,
    jobTitle: person.title,
    ...(person.objectLookupId ? { os_objectlookup_id: person.objectLookupId } : {}),
    ...(type === 'email_sent' || type === 'email_opened'
      ? { email_subject: SUBJECT, email_text: SENT_TEXT }
      : {}),
    ...(reply
      ? {
          reply_subject: `Re: ${SUBJECT}`,
          reply_text: type === 'auto_reply_received' ? AUTO_REPLY_TEXT : REPLY_TEXT,
        }
      : {}),
    ...extra,
  };
}

export type BisonType =
  | 'EMAIL_SENT'
  | 'LEAD_REPLIED'
  | 'LEAD_REPLIED_AUTOMATED'
  | 'LEAD_INTERESTED'
  | 'LEAD_UNSUBSCRIBED';

export function bison(type: BisonType, person: MatrixLead, extra: Extra = {}): Extra {
  const n = next();
  const automated = type === 'LEAD_REPLIED_AUTOMATED';
  const reply = type === 'LEAD_REPLIED' || automated;
  return {
    event: {
      type,
      name: type,
      workspace_id: 1,
      workspace_name: 'Matrix',
      instance_url: 'https://bison.example.com',
    },
    data: {
      lead: {
        id: n,
        email: person.email,
        first_name: person.firstName,
        last_name: person.lastName,
        status: 'active',
        title: person.title,
        company: person.company,
        custom_variables: [
          { name: 'website', value: person.website },
          ...(person.objectLookupId
            ? [{ name: 'os_objectlookup_id', value: person.objectLookupId }]
            : []),
        ],
      },
      campaign: { id: 77, name: 'Matrix campaign' },
      sender_email: { id: 5, email: SENDER, name: 'Sam Seller' },
      campaign_event: { id: n, type, created_at: AT },
      ...(type === 'EMAIL_SENT'
        ? {
            scheduled_email: {
              id: n,
              email_subject: SUBJECT,
              email_body: SENT_TEXT,
              sent_at: AT,
              sequence_step_order: 2,
            },
          }
        : {}),
      ...(reply
        ? {
            reply: {
              id: n,
              email_subject: `Re: ${SUBJECT}`,
              text_body: automated ? AUTO_REPLY_TEXT : REPLY_TEXT,
              date_received: AT,
              automated_reply: automated,
              type: automated ? 'auto-reply' : 'reply',
              interested: false,
              from_email_address: person.email,
              folder: 'inbox',
            },
          }
        : {}),
    },
    ...extra,
  };
}

export type HeyreachType =
  | 'CONNECTION_REQUEST_SENT'
  | 'CONNECTION_REQUEST_ACCEPTED'
  | 'MESSAGE_SENT'
  | 'EVERY_MESSAGE_REPLY_RECEIVED'
  | 'FOLLOW_SENT'
  | 'LIKED_POST'
  | 'VIEWED_PROFILE'
  | 'LEAD_TAG_UPDATED';

export function heyreach(type: HeyreachType, person: MatrixLead, extra: Extra = {}): Extra {
  const n = next();
  const message = (text: string, isReply: boolean) => [
    { creation_time: AT, message: text, is_reply: isReply },
  ];
  return {
    correlation_id: `matrix-${n}`,
    event_type: type.toLowerCase(),
    timestamp: AT,
    is_inmail: false,
    conversation_id: `conversation-${n}`,
    campaign: { id: 4001, name: 'Matrix campaign' },
    sender: {
      id: 1,
      first_name: 'Sam',
      last_name: 'Seller',
      full_name: 'Sam Seller',
      email_address: SENDER,
      profile_url: 'https://www.linkedin.com/in/sam-seller',
    },
    lead: {
      id: `lead-${n}`,
      profile_url: person.profileUrl,
      first_name: person.firstName,
      last_name: person.lastName,
      full_name: `${person.firstName} ${person.lastName}`,
      company_name: person.company,
      position: person.title,
      ...(person.email ? { email_address: person.email } : {}),
      ...(person.objectLookupId
        ? { custom_fields: [{ name: 'os_objectlookup_id', value: person.objectLookupId }] }
        : {}),
    },
    ...(type === 'CONNECTION_REQUEST_SENT' ? { connection_message: 'Glad to connect.' } : {}),
    ...(type === 'MESSAGE_SENT' ? { recent_messages: message(SENT_TEXT, false) } : {}),
    ...(type === 'EVERY_MESSAGE_REPLY_RECEIVED'
      ? { recent_messages: message(REPLY_TEXT, true) }
      : {}),
    ...(type === 'LIKED_POST' ? { post_url: 'https://www.linkedin.com/feed/update/urn:li:1' } : {}),
    ...(type === 'LEAD_TAG_UPDATED' ? { updated_tags: ['Interested'], tag_action: 'ADDED' } : {}),
    ...extra,
  };
}
