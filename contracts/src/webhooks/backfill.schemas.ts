import * as z from '@outsync/contracts/zod';
import { ActivityEventTypeSchema, PlatformSchema } from '@outsync/contracts';
import { IdSchema } from '@outsync/contracts/accounts';

// "Import past activity" (issue 34, item 3): a backfill reads a platform's history over a date
// range and some campaigns and stores each past event as a delivery would be stored, so the
// usual pipeline syncs it (docs/decisions.md, "Backfill job (issue 34, item 3)").

/** The longest range one backfill reads: a year of history is what the platforms keep reliably. */
export const BACKFILL_MAX_RANGE_DAYS = 366;
/** The most campaigns one backfill reads (each is read in turn). */
export const BACKFILL_MAX_CAMPAIGNS = 50;

export const BackfillStatusSchema = z.enum([
  'queued',
  'running',
  'paused-for-rate-limit',
  'completed',
  'cancelled',
  'failed',
]);
export type BackfillStatus = z.infer<typeof BackfillStatusSchema>;

export const BackfillCampaignSchema = z.object({
  /** The platform's campaign id (Instantly's uuid, the others' number as text). */
  id: z.string().trim().min(1).max(100),
  name: z.string().trim().max(300).nullish(),
});

export const BackfillStartRequestSchema = z.object({
  /** Inclusive. */
  from: z.iso.datetime({ offset: true }),
  /** Exclusive. */
  to: z.iso.datetime({ offset: true }),
  campaigns: z.array(BackfillCampaignSchema).min(1).max(BACKFILL_MAX_CAMPAIGNS),
  /**
   * The platform key to read with: one of the webhook's profile's keys of its platform. The
   * webhook's own key (it has one only with a category filter) when left out.
   */
  apiKeyId: IdSchema.nullish(),
});
export type BackfillStartRequest = z.infer<typeof BackfillStartRequestSchema>;

export const BackfillParamsSchema = z.object({ id: IdSchema, backfillId: IdSchema });

export const BackfillSchema = z.object({
  id: z.string(),
  webhookId: z.string(),
  platform: PlatformSchema,
  status: BackfillStatusSchema,
  from: z.string(),
  to: z.string(),
  campaigns: z.array(z.object({ id: z.string(), name: z.string().nullable() })),
  /** History pages read so far (one API page and the calls it needs). */
  pagesRead: z.number().int(),
  /** Past events the platform gave back in the range. */
  eventsFound: z.number().int(),
  /** Stored for the pipeline to sync. */
  queued: z.number().int(),
  /** Already stored for this webhook (delivered by its webhook, or an earlier backfill). */
  skipped: z.number().int(),
  /** Where the read stands: the campaign being read and how far into it. */
  progress: z
    .object({
      campaign: z.number().int(),
      campaigns: z.number().int(),
      done: z.number().int(),
      total: z.number().int().nullable(),
    })
    .nullable(),
  /** Fraction done (0..1) where the platform gives totals; null otherwise. */
  fraction: z.number().nullable(),
  /** When it should end at the rate so far; null until a rate is known or once it has ended. */
  eta: z.string().nullable(),
  /** While paused for the platform's rate limit: when it goes on. */
  resumesAt: z.string().nullable(),
  /** Why it failed, in words. */
  error: z.string().nullable(),
  /** Event types the platform's history cannot give back (the screen says so). */
  notAvailable: z.array(ActivityEventTypeSchema),
  /** Event types it rebuilds. */
  rebuilds: z.array(ActivityEventTypeSchema),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Backfill = z.infer<typeof BackfillSchema>;

export const BackfillListSchema = z.object({ backfills: z.array(BackfillSchema) });
export type BackfillList = z.infer<typeof BackfillListSchema>;

/** `GET …/backfills/campaigns`: the key to list with, by the start request's rule. */
export const BackfillCampaignsQuerySchema = z.object({ apiKeyId: IdSchema.optional() });
export type BackfillCampaignsQuery = z.infer<typeof BackfillCampaignsQuerySchema>;

/**
 * The campaigns the import screen offers: the platform account's (read with the key a backfill
 * would use), and what its history rebuilds and cannot give back, for the screen to say.
 */
export const BackfillCampaignListSchema = z.object({
  platform: PlatformSchema,
  campaigns: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The key they were listed with (the one a start without `apiKeyId` reads with). */
  apiKeyId: z.string(),
  notAvailable: z.array(ActivityEventTypeSchema),
  rebuilds: z.array(ActivityEventTypeSchema),
});
export type BackfillCampaignList = z.infer<typeof BackfillCampaignListSchema>;
