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
