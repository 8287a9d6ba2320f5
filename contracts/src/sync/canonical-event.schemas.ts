import * as z from '@outsync/contracts/zod';
import { ActivityEventTypeSchema } from '../catalog/activity-events';
import { PlatformSchema } from '../catalog/platforms';

// The canonical event (issue 11 "Normalize"): what every platform's webhook payload becomes
// before the gate, the category filter and the CRM writers see it. Normalizers fill it from
// the raw payload (sync-service `sync/normalize/<platform>.ts`); nothing downstream reads the
// raw payload again except the forwarder, which sends both.

/** A value the platform may leave out: null, never undefined, so stored events compare. */
const optionalText = z.string().nullable();

export const CanonicalLeadSchema = z.object({
  /** Lower-cased and trimmed; the e-mail sequencers' identity. */
  email: optionalText,
  firstName: optionalText,
  lastName: optionalText,
  /** The social tool's identity: `https://www.linkedin.com/in/<slug>` (lower-case, no trailing slash). */
  profileUrl: optionalText,
  company: optionalText,
  /** The company's domain: from the website, or the e-mail's domain. Lower-case, no `www.`. */
  domain: optionalText,
  title: optionalText,
  phone: optionalText,
  /** The platform's own lead id (Smartlead `sl_email_lead_id`, bison `lead.id`, HeyReach `lead.id`). */
  platformLeadId: optionalText,
});
export type CanonicalLead = z.infer<typeof CanonicalLeadSchema>;

export const CanonicalSenderSchema = z.object({
  /** Our customer's sending mailbox (or LinkedIn account's e-mail). */
  email: optionalText,
  name: optionalText,
  profileUrl: optionalText,
});

export const CanonicalCampaignSchema = z.object({
  id: optionalText,
  name: optionalText,
});

export const CanonicalCategorySchema = z.object({
  /** The platform's category id as a string (Smartlead numeric ids, Instantly interest status, bison `lead_interested`). */
  id: optionalText,
  name: optionalText,
});
export type CanonicalCategory = z.infer<typeof CanonicalCategorySchema>;

export const CanonicalEventSchema = z.object({
  platform: PlatformSchema,
  type: ActivityEventTypeSchema,
  /** The platform's own event name, as posted (`FIRST_EMAIL_SENT`, `lead_meeting_booked`, `inmail_sent`). */
  rawEventType: z.string(),
  /** ISO 8601 UTC; the platform's event time, or the receipt time when the payload has none. */
  occurredAt: z.string(),
  /**
   * The platform's identity of this occurrence, stable across the platform's retries and across
   * the events that repeat another (Smartlead `FIRST_EMAIL_SENT` repeats `EMAIL_SENT`): built from
   * the canonical type plus the platform's ids (external-apis.md §7). Null when the payload has
   * none; the receiver then deduplicates on a hash of the canonical event.
   */
  platformEventId: optionalText,
  lead: CanonicalLeadSchema,
  sender: CanonicalSenderSchema,
  campaign: CanonicalCampaignSchema,
  subject: optionalText,
  /** The message: the sent e-mail, the reply, the LinkedIn message or connection note. */
  bodyText: optionalText,
  bodyHtml: optionalText,
  /** 1-based sequence step of a send. */
  sequenceStep: z.number().int().nullable(),
  /** The lead's category after this event (category changes; replies that carry one). */
  category: CanonicalCategorySchema.nullable(),
  /** The clicked link, the liked post. */
  link: optionalText,
  /** The `os_objectlookup_id` custom lead field, when the payload carries it. */
  objectLookupId: optionalText,
  tags: z.array(z.string()),
  /** A link back to the lead or thread in the platform (Smartlead `app_url`, Instantly `unibox_url`). */
  platformUrl: optionalText,
  /** HeyReach InMail (premium) messages and replies. */
  isInmail: z.boolean(),
  /** A reply the platform marked automatic (bison `automated_reply`, Instantly `auto_reply_received`). */
  isAutomatedReply: z.boolean(),
});
export type CanonicalEvent = z.infer<typeof CanonicalEventSchema>;

/**
 * What a normalizer answers. `unsupported`: a payload or event name no canonical type fits
 * (logged, answered 2xx so the platform does not retry). `invalid`: a supported event missing
 * what the sync cannot do without (the lead's identity), with a message naming the field.
 */
export type NormalizeResult =
  | { kind: 'event'; event: CanonicalEvent }
  | { kind: 'unsupported'; rawEventType: string | null; message: string }
  | { kind: 'invalid'; rawEventType: string | null; message: string };
