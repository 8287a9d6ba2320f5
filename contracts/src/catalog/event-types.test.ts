import {
  ActivityEventTypeSchema,
  EMAIL_ACTIVITY_EVENT_TYPES,
  SOCIAL_ACTIVITY_EVENT_TYPES,
} from './activity-events';
import { heyreachTestEventFields, testEventTypes, testEventTypeSchemas } from './test-events';

test('the 14 activity event types, e-mail and social (spec 01 §3)', () => {
  expect(EMAIL_ACTIVITY_EVENT_TYPES).toEqual([
    'EMAIL_SENT',
    'EMAIL_OPEN',
    'EMAIL_REPLY',
    'EMAIL_LINK_CLICK',
    'EMAIL_BOUNCE',
    'LEAD_CATEGORY_UPDATED',
    'LEAD_UNSUBSCRIBED',
  ]);
  expect(SOCIAL_ACTIVITY_EVENT_TYPES).toEqual([
    'CONNECTION_REQUEST_SENT',
    'CONNECTION_REQUEST_ACCEPTED',
    'MESSAGE_SENT',
    'REPLY_RECEIVED',
    'FOLLOW_SENT',
    'LIKED_POST',
    'VIEWED_PROFILE',
  ]);
  expect(ActivityEventTypeSchema.options).toHaveLength(14);
  expect(ActivityEventTypeSchema.safeParse('EMAIL_OPENED').success).toBe(false);
});

// Spec 01 §9, "Test event types per platform".
test("the Send Test Webhook dialog's event types per platform", () => {
  expect(testEventTypes).toEqual({
    smartlead: [
      'EMAIL_SENT',
      'EMAIL_OPEN',
      'EMAIL_REPLY',
      'EMAIL_LINK_CLICK',
      'EMAIL_BOUNCE',
      'LEAD_CATEGORY_UPDATED',
      'LEAD_UNSUBSCRIBED',
    ],
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
  });
});

test("a test's event type is checked against its webhook's platform", () => {
  expect(testEventTypeSchemas.bison.safeParse('EMAIL_OPENED').success).toBe(true);
  expect(testEventTypeSchemas.smartlead.safeParse('EMAIL_OPENED').success).toBe(false);
  expect(testEventTypeSchemas.instantly.safeParse('custom_label').success).toBe(true);
  expect(testEventTypeSchemas.heyreach.safeParse('inmail_sent').success).toBe(false);
});

test('HeyReach: UI value → event_type sent, with is_inmail for the two replies', () => {
  expect(heyreachTestEventFields).toEqual({
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
  });
});
