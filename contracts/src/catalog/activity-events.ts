import * as z from '@outsync/contracts/zod';

/** The 14 activity event types the product syncs (spec 01 §3, spec 02 §3), by group. */
export const EMAIL_ACTIVITY_EVENT_TYPES = [
  'EMAIL_SENT',
  'EMAIL_OPEN',
  'EMAIL_REPLY',
  'EMAIL_LINK_CLICK',
  'EMAIL_BOUNCE',
  'LEAD_CATEGORY_UPDATED',
  'LEAD_UNSUBSCRIBED',
] as const;

export const SOCIAL_ACTIVITY_EVENT_TYPES = [
  'CONNECTION_REQUEST_SENT',
  'CONNECTION_REQUEST_ACCEPTED',
  'MESSAGE_SENT',
  'REPLY_RECEIVED',
  'FOLLOW_SENT',
  'LIKED_POST',
  'VIEWED_PROFILE',
] as const;

export const ActivityEventTypeSchema = z.enum([
  ...EMAIL_ACTIVITY_EVENT_TYPES,
  ...SOCIAL_ACTIVITY_EVENT_TYPES,
]);
export type ActivityEventType = z.infer<typeof ActivityEventTypeSchema>;
