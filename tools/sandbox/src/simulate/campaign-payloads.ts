import { randomUUID } from 'node:crypto';
import type { Platform, PlatformEventType } from '@outsync/contracts';

// Realistic webhook bodies per platform, following the shapes of spec 01 §3 "Test payload
// shapes" and the field facts in external-apis.md. Values are invented; names are not.

/** The product's four platforms (spec 01 §1); each posts to its own webhook receiver. */
export type SimulatedPlatform = Platform;

/**
 * A default campaign's events, in the order a campaign produces them (sends, then opens, …).
 * Each platform's own event names, so a selection of the spec's test event types (the event_type
 * values for HeyReach), kept here because the selection and order are the simulation's.
 */
export const DEFAULT_EVENT_TYPES: { [P in SimulatedPlatform]: PlatformEventType<P>[] } = {
  smartlead: [
    'EMAIL_SENT',
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
    'email_bounced',
    'lead_unsubscribed',
  ],
  bison: [
    'EMAIL_SENT',
    'EMAIL_OPENED',
    'LEAD_REPLIED',
    'LEAD_INTERESTED',
    'EMAIL_BOUNCED',
    'LEAD_UNSUBSCRIBED',
  ],
  heyreach: [
    'connection_request_sent',
    'connection_request_accepted',
    'message_sent',
    'every_message_reply_received',
    'inmail_sent',
    'follow_sent',
    'liked_post',
    'viewed_profile',
    'lead_tag_updated',
  ],
};

export interface SimulatedLead {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  domain: string;
  title: string;
  linkedinUrl: string;
}

export interface Campaign {
  id: number;
  uuid: string;
  name: string;
  senderEmail: string;
  senderName: string;
}

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

export function buildPayload(
  platform: SimulatedPlatform,
  eventType: string,
  lead: SimulatedLead,
  campaign: Campaign,
  sequence: number,
): Record<string, unknown> {
  switch (platform) {
    case 'smartlead':
      return smartlead(eventType, lead, campaign, sequence);
    case 'instantly':
      return instantly(eventType, lead, campaign, sequence);
    case 'bison':
      return bison(eventType, lead, campaign, sequence);
    case 'heyreach':
      return heyreach(eventType, lead, campaign, sequence);
  }
}

function smartlead(
  eventType: string,
  lead: SimulatedLead,
  campaign: Campaign,
  sequence: number,
): Record<string, unknown> {
  const now = new Date().toISOString();
  const step = (sequence % 3) + 1;
  const messageId = `<${randomUUID()}@mail.outsync-demo.test>`;
  const base: Record<string, unknown> = {
    webhook_id: 7001,
    webhook_name: 'OutSync sandbox',
    webhook_url: '',
    event_type: eventType,
    event_timestamp: now,
    stats_id: randomUUID(),
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
      html: `<p>${bodyText(lead).replace(/\n/g, '<br>')}</p>`,
      text: bodyText(lead),
      time: now,
    },
  };
  if (eventType === 'EMAIL_REPLY') {
    // In real replies to_email can be our own mailbox; the lead is in sl_lead_email.
    Object.assign(base, {
      to_email: campaign.senderEmail,
      reply_message: {
        message_id: `<${randomUUID()}@${lead.domain}>`,
        html: `<p>${replyText(lead)}</p>`,
        text: replyText(lead),
        time: now,
      },
      stats_thread_id: randomUUID(),
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
    Object.assign(base, {
      lead_category: { old_id: null, old_name: null, new_id: 1, new_name: 'Interested' },
      lead_category_id: 1,
      lead_category_name: 'Interested',
      lead_data: {
        email: lead.email,
        first_name: lead.firstName,
        last_name: lead.lastName,
        linkedin_profile: lead.linkedinUrl,
        company_name: lead.companyName,
        website: `https://${lead.domain}`,
        custom_fields: {},
      },
      last_reply: { email_body: replyText(lead), time: now },
      history: [],
    });
  }
  return base;
}

function instantly(
  eventType: string,
  lead: SimulatedLead,
  campaign: Campaign,
  sequence: number,
): Record<string, unknown> {
  const now = new Date().toISOString();
  const step = (sequence % 3) + 1;
  const base: Record<string, unknown> = {
    timestamp: now,
    event_type: eventType,
    workspace: '4f1c2d3e-0000-4000-8000-0000005a4d80',
    campaign_id: campaign.uuid,
    campaign_name: campaign.name,
    lead_email: lead.email,
    email: lead.email,
    firstName: lead.firstName,
    lastName: lead.lastName,
    companyName: lead.companyName,
    website: `https://${lead.domain}`,
    email_account: campaign.senderEmail,
    step,
    variant: 1,
    is_first: step === 1,
    email_id: randomUUID(),
    email_subject: subject(lead, step),
    email_text: bodyText(lead),
    email_html: `<p>${bodyText(lead).replace(/\n/g, '<br>')}</p>`,
  };
  if (eventType === 'reply_received') {
    Object.assign(base, {
      reply_text_snippet: replyText(lead).slice(0, 60),
      reply_subject: `Re: ${subject(lead, step)}`,
      reply_text: replyText(lead),
      reply_html: `<p>${replyText(lead)}</p>`,
      unibox_url: `https://app.instantly.ai/app/unibox?thread=${randomUUID()}`,
    });
  }
  if (eventType === 'link_clicked' || eventType === 'email_link_clicked')
    Object.assign(base, {
      link_clicked: 'https://outsync-demo.test/pricing',
      click_timestamp: now,
    });
  return base;
}

function bison(
  eventType: string,
  lead: SimulatedLead,
  campaign: Campaign,
  sequence: number,
): Record<string, unknown> {
  const now = new Date().toISOString();
  const step = (sequence % 3) + 1;
  const type = eventType.toUpperCase();
  const data: Record<string, unknown> = {
    lead: {
      id: lead.id,
      email: lead.email,
      first_name: lead.firstName,
      last_name: lead.lastName,
      status:
        type === 'LEAD_UNSUBSCRIBED'
          ? 'unsubscribed'
          : type === 'EMAIL_BOUNCED'
            ? 'bounced'
            : type === 'LEAD_INTERESTED'
              ? 'interested'
              : 'active',
      title: lead.title,
      company: lead.companyName,
      custom_variables: [{ name: 'website', value: `https://${lead.domain}` }],
      emails_sent: step,
      opens: type === 'EMAIL_OPENED' ? 1 : 0,
      unique_opens: type === 'EMAIL_OPENED' ? 1 : 0,
      replies: type === 'LEAD_REPLIED' ? 1 : 0,
      unique_replies: type === 'LEAD_REPLIED' ? 1 : 0,
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
      email_body: `<p>${bodyText(lead).replace(/\n/g, '<br>')}</p>`,
      raw_message_id: `<${randomUUID()}@mail.outsync-demo.test>`,
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
  if (type === 'LEAD_REPLIED' || type === 'LEAD_INTERESTED') {
    data.reply = {
      id: 700_000 + sequence,
      uuid: randomUUID(),
      email_subject: `Re: ${subject(lead, step)}`,
      from_email_address: lead.email,
      from_name: `${lead.firstName} ${lead.lastName}`,
      primary_to_email_address: campaign.senderEmail,
      to: [{ name: campaign.senderName, address: campaign.senderEmail }],
      cc: [],
      bcc: [],
      html_body: `<p>${replyText(lead)}</p>`,
      text_body: replyText(lead),
      raw_body: replyText(lead),
      headers: [],
      date_received: now,
      automated_reply: false,
      interested: type === 'LEAD_INTERESTED',
      type: 'reply',
      folder: 'inbox',
      parent_id: null,
    };
  }
  return {
    event: {
      type,
      name: type
        .toLowerCase()
        .replace(/_/g, ' ')
        .replace(/^\w/, (letter) => letter.toUpperCase()),
      workspace_id: 1,
      workspace_name: 'OutSync Demo',
      instance_url: 'https://dedi.emailbison.com',
      instant_url: 'https://dedi.emailbison.com',
    },
    data,
  };
}

function heyreach(
  eventType: string,
  lead: SimulatedLead,
  campaign: Campaign,
  sequence: number,
): Record<string, unknown> {
  const now = new Date().toISOString();
  const type = eventType.toLowerCase();
  const payload: Record<string, unknown> = {
    correlation_id: randomUUID(),
    timestamp: now,
    event_type: type,
    is_inmail: type.startsWith('inmail'),
    conversation_id: `2-${randomUUID()}`,
    campaign: { id: campaign.id, name: campaign.name },
    sender: {
      id: 51,
      first_name: 'Sam',
      last_name: 'Seller',
      full_name: 'Sam Seller',
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
      tags: [],
      lists: [{ name: 'Q3 prospects', id: 4001, custom_fields: {} }],
    },
  };
  if (type === 'connection_request_sent')
    payload.connection_message = `Hi ${lead.firstName}, let's connect!`;
  if (type.includes('message') || type.includes('inmail')) {
    payload.recent_messages = [
      {
        creation_time: now,
        message: `Hi ${lead.firstName}, thanks for connecting!`,
        is_reply: false,
      },
      ...(type.includes('reply')
        ? [{ creation_time: now, message: replyText(lead), is_reply: true }]
        : []),
    ];
  }
  if (type.startsWith('inmail'))
    payload.recent_inmails = [
      {
        creation_time: now,
        subject: subject(lead, sequence),
        message: bodyText(lead),
        is_reply: type.includes('reply'),
      },
    ];
  if (type === 'liked_post')
    payload.post_url = `https://www.linkedin.com/feed/update/urn:li:activity:${7_100_000_000 + sequence}`;
  if (type === 'lead_tag_updated')
    Object.assign(payload, { updated_tags: ['Interested'], tag_action: 'ADDED' });
  return payload;
}
