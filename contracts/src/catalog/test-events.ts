import * as z from '@outsync/contracts/zod';
import { EMAIL_ACTIVITY_EVENT_TYPES } from './activity-events';
import type { Platform } from './platforms';

/**
 * The event types the Send Test Webhook dialog offers per platform (spec 01 §9). For smartlead,
 * bison and instantly the value is also the event type the test payload carries; HeyReach's UI
 * values map to the payload fields in `heyreachTestEventFields`.
 */
export const testEventTypes = {
  // Spec 01 §9's smartlead list is exactly the e-mail activity events, in the same order.
  smartlead: EMAIL_ACTIVITY_EVENT_TYPES,
  bison: [
    'EMAIL_OPENED',
    'EMAIL_SENT',
    'LEAD_REPLIED',
    'LEAD_UNSUBSCRIBED',
    'EMAIL_BOUNCED',
    'LEAD_INTERESTED',
    'MANUAL_EMAIL_SENT',
    'LEAD_REPLIED_AUTOMATED',
  ],
  instantly: [
    'email_sent',
    'email_opened',
    'reply_received',
    'link_clicked',
    'email_bounced',
    'lead_unsubscribed',
    'lead_interested',
    'lead_meeting_booked',
    'lead_meeting_completed',
    'lead_closed',
    'lead_out_of_office',
    'lead_wrong_person',
    'lead_not_interested',
    'lead_neutral',
    'custom_label',
  ],
  heyreach: [
    'CONNECTION_REQUEST_SENT',
    'CONNECTION_REQUEST_ACCEPTED',
    'MESSAGE_SENT',
    'MESSAGE_SENT_PREMIUM',
    'REPLY_RECEIVED_STANDARD',
    'REPLY_RECEIVED_PREMIUM',
    'FOLLOW_SENT',
    'LIKED_POST',
    'VIEWED_PROFILE',
    'LEAD_TAG_UPDATED',
  ],
} as const satisfies Record<Platform, readonly string[]>;

export type TestEventType<P extends Platform = Platform> = (typeof testEventTypes)[P][number];

/** Validates a test request's event type against its webhook's platform. */
export const testEventTypeSchemas = {
  smartlead: z.enum(testEventTypes.smartlead),
  bison: z.enum(testEventTypes.bison),
  instantly: z.enum(testEventTypes.instantly),
  heyreach: z.enum(testEventTypes.heyreach),
} as const satisfies Record<Platform, z.ZodType>;

/** HeyReach: the fields a test payload carries for each UI value (spec 01 §9). */
export const heyreachTestEventFields = {
  CONNECTION_REQUEST_SENT: { event_type: 'connection_request_sent' },
  CONNECTION_REQUEST_ACCEPTED: { event_type: 'connection_request_accepted' },
  MESSAGE_SENT: { event_type: 'message_sent' },
  MESSAGE_SENT_PREMIUM: { event_type: 'inmail_sent' },
  REPLY_RECEIVED_STANDARD: { event_type: 'every_message_reply_received', is_inmail: false },
  REPLY_RECEIVED_PREMIUM: { event_type: 'every_message_reply_received', is_inmail: true },
  FOLLOW_SENT: { event_type: 'follow_sent' },
  LIKED_POST: { event_type: 'liked_post' },
  VIEWED_PROFILE: { event_type: 'viewed_profile' },
  LEAD_TAG_UPDATED: { event_type: 'lead_tag_updated' },
} as const satisfies Record<TestEventType<'heyreach'>, { event_type: string; is_inmail?: boolean }>;

/** The event type a platform's own webhook posts, as the product's tests send it. */
export type PlatformEventType<P extends Platform = Platform> = P extends 'heyreach'
  ? (typeof heyreachTestEventFields)[TestEventType<'heyreach'>]['event_type']
  : TestEventType<P>;
