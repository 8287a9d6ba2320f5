import * as z from '@outsync/contracts/zod';
import { ActivityEventTypeSchema, CrmKindSchema, PlatformSchema } from '@outsync/contracts';
import { CrmOwnerSchema, IdSchema, shortText } from '@outsync/contracts/accounts';
import { SyncStatusSchema } from '@outsync/contracts/sync';
import { WebhookSettingsInputSchema } from './webhooks.schemas';

// The dry-run preview (issue 34, item 2): the form's unsaved settings and a sample event in, what
// the pipeline would write out. The plan comes from the real pipeline run with its CRM writes
// and forwards recorded instead of sent (docs/decisions.md, "Dry-run preview").

/**
 * The event previewed: a Send Test Webhook sample of the settings' platform (or of `platform`
 * for a Universal webhook), or a payload the webhook received (its log's id).
 */
export const WebhookPreviewSampleSchema = z.union([
  z.object({
    kind: z.literal('test'),
    eventType: shortText(60),
    platform: PlatformSchema.nullish(),
  }),
  z.object({ kind: z.literal('log'), eventId: IdSchema }),
]);
export type WebhookPreviewSample = z.infer<typeof WebhookPreviewSampleSchema>;

/** POST /api/admin/webhooks/preview: the create form's unsaved values and a sample. */
export const WebhookPreviewRequestSchema = WebhookSettingsInputSchema.extend({
  userProfileId: IdSchema,
  selectedOwner: CrmOwnerSchema.nullish(),
  sample: WebhookPreviewSampleSchema,
});
export type WebhookPreviewRequest = z.input<typeof WebhookPreviewRequestSchema>;

/** POST /api/admin/webhooks/{id}/preview: the settings dialog's unsaved values and a sample. */
export const WebhookUpdatePreviewRequestSchema = WebhookSettingsInputSchema.extend({
  sample: WebhookPreviewSampleSchema,
});
export type WebhookUpdatePreviewRequest = z.input<typeof WebhookUpdatePreviewRequestSchema>;

/** A value as the CRM would take it. */
const FieldValueSchema = z.union([z.string(), z.number(), z.boolean()]).nullable();

/** One read the plan made: how the record was (or was not) found. */
export const PlannedLookupSchema = z.object({
  /** The CRM object read: `contacts`, `companies`, `Contact`, `Lead`, … */
  object: z.string(),
  /** The property or field compared (`email`, `hs_linkedin_url`, `Email`, …). */
  property: z.string(),
  values: z.array(z.string()),
  /** The ids of the records found; none: not found. */
  found: z.array(z.string()),
});
export type PlannedLookup = z.infer<typeof PlannedLookupSchema>;

/** One write the real run would send. */
export const PlannedWriteSchema = z.object({
  crm: CrmKindSchema,
  object: z.string(),
  action: z.enum(['create', 'update', 'associate', 'create_property']),
  /** The record's id: the CRM's for an existing one, a `planned-…` id for one the run creates. */
  recordId: z.string(),
  /** Whether the record exists already (an update, or an upsert that finds it). */
  existing: z.boolean(),
  fields: z.record(z.string(), FieldValueSchema),
  /** Records it is associated with (HubSpot inline associations, a Task's WhoId). */
  associations: z.array(z.object({ toId: z.string(), typeId: z.number().int().nullable() })),
});
export type PlannedWrite = z.infer<typeof PlannedWriteSchema>;

/** An additional endpoint the event would be forwarded to, or why not. */
export const PlannedForwardSchema = z.object({
  url: z.string(),
  /** False when it would not be sent (the reason says why). */
  sent: z.boolean(),
  reason: z.string().nullable(),
});
export type PlannedForward = z.infer<typeof PlannedForwardSchema>;

export const WebhookPreviewSchema = z.object({
  /** The sample payload previewed, as the platform would post it. */
  payload: z.unknown(),
  event: z
    .object({
      platform: PlatformSchema,
      type: ActivityEventTypeSchema,
      rawEventType: z.string(),
      leadEmail: z.string().nullable(),
      leadProfileUrl: z.string().nullable(),
      occurredAt: z.string(),
    })
    .nullable(),
  /** The status the real run would end with, and why (held, skipped, refused). */
  status: SyncStatusSchema,
  reason: z.string().nullable(),
  /** What would be left out, and how to fix it. */
  warnings: z.array(z.string()),
  lookups: z.array(PlannedLookupSchema),
  writes: z.array(PlannedWriteSchema),
  forwards: z.array(PlannedForwardSchema),
});
export type WebhookPreview = z.infer<typeof WebhookPreviewSchema>;

/** A payload the webhook received, offered as a sample. */
export const WebhookPreviewLogSampleSchema = z.object({
  eventId: IdSchema,
  eventType: z.string().nullable(),
  leadKey: z.string().nullable(),
  receivedAt: z.iso.datetime(),
});
export type WebhookPreviewLogSample = z.infer<typeof WebhookPreviewLogSampleSchema>;

export const WebhookPreviewLogSamplesSchema = z.array(WebhookPreviewLogSampleSchema);
