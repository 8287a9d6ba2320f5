import * as z from '@outsync/contracts/zod';
import { IdSchema } from '../accounts/common.schemas';
import { ActivityEventTypeSchema } from '../catalog/activity-events';
import { ANY_EVENT_TYPE } from '../catalog/history';

// The filters the history queries are built from, normalising as history.schemas.ts describes.
// Shared by the features' query schemas; not part of the area's entry.

export const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** A trimmed text filter; empty means no filter. */
export const textFilter = (max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .max(max, { error: `At most ${max} characters.` })
      .transform((value) => value.trim())
      .optional(),
  );

/** An e-mail filter: lowercased and trimmed (spec 02 §5); matched exactly. */
export const EmailFilterSchema = z.preprocess(
  blankToUndefined,
  z
    .string()
    .max(320, { error: 'At most 320 characters.' })
    .transform((value) => value.trim().toLowerCase())
    .optional(),
);

/** An event-type filter: one of the 14 types, or ANY (= no filter, omitted). */
export const EventTypeFilterSchema = z.preprocess(
  (value) => (value === ANY_EVENT_TYPE ? undefined : blankToUndefined(value)),
  ActivityEventTypeSchema.optional(),
);

/**
 * A webhook id filter. Webhook ids here are 24-hex ids (the webhooks table's "ID: …"), not
 * numbers: spec 02 §5's "sent only when greater than 0" becomes "sent only when not empty";
 * `0` is read as empty for callers that follow the numeric reading.
 */
export const WebhookIdFilterSchema = z.preprocess(
  (value) => (value === '0' ? undefined : blankToUndefined(value)),
  z
    .string()
    .transform((value) => value.trim().toLowerCase())
    .pipe(IdSchema)
    .optional(),
);

/** `2026-11-28T09:00Z`, `2026-11-28T09:00:00.000+01:00`: seconds optional, a time zone required. */
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/i;

/** An ISO 8601 date-time that names a real instant (JavaScript's parser takes 30 February). */
function isIsoDateTime(value: string): boolean {
  const match = ISO_DATE_TIME.exec(value);
  if (!match) return false;
  const n = (index: number) => Number(match[index] ?? 0);
  const daysInMonth = new Date(Date.UTC(n(1), n(2), 0)).getUTCDate();
  return (
    n(2) >= 1 &&
    n(2) <= 12 &&
    n(3) >= 1 &&
    n(3) <= daysInMonth &&
    n(4) <= 23 &&
    n(5) <= 59 &&
    n(6) <= 59 &&
    n(7) <= 23 &&
    n(8) <= 59
  );
}

/**
 * A bound on when an event was received (beyond the spec: issue 29's time range), as an instant.
 * A time zone is required: the service cannot know the caller's.
 */
export const receivedAtFilter = (name: 'receivedFrom' | 'receivedTo', description: string) => {
  const error = `${name} must be an ISO 8601 date-time with a time zone, like 2026-11-28T09:00:00Z.`;
  return z.preprocess(
    blankToUndefined,
    z
      .string({ error })
      .refine(isIsoDateTime, { error })
      .transform((value) => new Date(value))
      .optional()
      .meta({ description, format: 'date-time' }),
  );
};

/**
 * receivedFrom is inclusive, receivedTo exclusive: from ≥ to is a mistake (it matches nothing),
 * answered with a 400 rather than an empty list that would read as "no events".
 */
export const receivedInOrder = (filter: {
  receivedFrom?: Date | undefined;
  receivedTo?: Date | undefined;
}) => !filter.receivedFrom || !filter.receivedTo || filter.receivedFrom < filter.receivedTo;
export const receivedOrderError = {
  error: 'receivedFrom must be earlier than receivedTo.',
  path: ['receivedTo'],
};
