import type { Platform } from '@outsync/contracts';
import type { NormalizeResult } from '@outsync/contracts/sync';
import { normalizeEvent } from './index';
import { RECEIVED_AT } from './fixtures/templates';

// Every raw name of reference/crm-properties/event-mapping.json, spelt here as the reference
// spells it, with the canonical type it must give (null: unsupported). The deliberate
// departures are the last entries of each platform and say why.
const mapping: Record<Platform, Record<string, string | null>> = {
  smartlead: {
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
  },
  instantly: {
    email_sent: 'EMAIL_SENT',
    email_opened: 'EMAIL_OPEN',
    link_clicked: 'EMAIL_LINK_CLICK',
    email_link_clicked: 'EMAIL_LINK_CLICK',
    reply_received: 'EMAIL_REPLY',
    email_bounced: 'EMAIL_BOUNCE',
    lead_unsubscribed: 'LEAD_UNSUBSCRIBED',
    lead_interested: 'LEAD_CATEGORY_UPDATED',
    lead_not_interested: 'LEAD_CATEGORY_UPDATED',
    lead_neutral: 'LEAD_CATEGORY_UPDATED',
    lead_meeting_booked: 'LEAD_CATEGORY_UPDATED',
    lead_meeting_completed: 'LEAD_CATEGORY_UPDATED',
    lead_closed: 'LEAD_CATEGORY_UPDATED',
    lead_out_of_office: 'LEAD_CATEGORY_UPDATED',
    lead_wrong_person: 'LEAD_CATEGORY_UPDATED',
    account_error: null,
    campaign_completed: null,
    // Departure: the canonical event marks Instantly's automatic replies (isAutomatedReply).
    auto_reply_received: 'EMAIL_REPLY',
    // In Instantly's OpenAPI enum, not in the reference mapping: the No Show status.
    lead_no_show: 'LEAD_CATEGORY_UPDATED',
    supersearch_enrichment_completed: null,
    all_events: null,
  },
  bison: {
    email_sent: 'EMAIL_SENT',
    lead_first_contacted: 'EMAIL_SENT',
    lead_replied: 'EMAIL_REPLY',
    lead_interested: 'LEAD_CATEGORY_UPDATED',
    lead_unsubscribed: 'LEAD_UNSUBSCRIBED',
    email_opened: 'EMAIL_OPEN',
    email_bounced: 'EMAIL_BOUNCE',
    EMAIL_SENT: 'EMAIL_SENT',
    LEAD_FIRST_CONTACTED: 'EMAIL_SENT',
    LEAD_REPLIED: 'EMAIL_REPLY',
    LEAD_INTERESTED: 'LEAD_CATEGORY_UPDATED',
    LEAD_UNSUBSCRIBED: 'LEAD_UNSUBSCRIBED',
    EMAIL_OPENED: 'EMAIL_OPEN',
    EMAIL_BOUNCED: 'EMAIL_BOUNCE',
    untracked_reply_received: null,
    email_account_added: null,
    email_account_removed: null,
    email_account_disconnected: null,
    email_account_reconnected: null,
    tag_attached: null,
    tag_removed: null,
    warmup_disabled_receiving_bounces: null,
    warmup_disabled_causing_bounces: null,
    EMAIL_SEND_FAILED: null,
    // Departure: the Send Test Webhook dialog offers these two (spec 01 §9), so they sync.
    manual_email_sent: 'EMAIL_SENT',
    LEAD_REPLIED_AUTOMATED: 'EMAIL_REPLY',
  },
  heyreach: {
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
  },
};

const LEAD = 'lee@example.org';
/** The smallest payload of each platform that names a lead, with a raw event name. */
const minimalPayload: Record<Platform, (name: string) => unknown> = {
  smartlead: (name) => ({ event_type: name, sl_lead_email: LEAD }),
  instantly: (name) => ({ event_type: name, lead_email: LEAD }),
  bison: (name) => ({ event: { type: name }, data: { lead: { email: LEAD } } }),
  heyreach: (name) => ({ event_type: name, lead: { profile_url: 'https://linkedin.com/in/lee' } }),
};

function typeOf(result: NormalizeResult): string | null {
  return result.kind === 'event' ? result.event.type : null;
}

const cases = Object.entries(mapping).flatMap(([platform, names]) =>
  Object.entries(names).map(([name, type]) => [platform as Platform, name, type] as const),
);

describe('raw event names → canonical types (event-mapping.json)', () => {
  it.each(cases)('%s %s → %s', (platform, name, type) => {
    const result = normalizeEvent({
      platform,
      payload: minimalPayload[platform](name),
      receivedAt: RECEIVED_AT,
    });
    expect(typeOf(result)).toBe(type);
    if (type === null) expect(result).toMatchObject({ kind: 'unsupported', rawEventType: name });
  });

  it('HeyReach payloads send the enum’s names in lower case', () => {
    for (const name of Object.keys(mapping.heyreach)) {
      const lower = name.toLowerCase();
      const result = normalizeEvent({
        platform: 'heyreach',
        payload: minimalPayload.heyreach(lower),
        receivedAt: RECEIVED_AT,
      });
      expect(typeOf(result)).toBe(mapping.heyreach[name]);
    }
  });
});
