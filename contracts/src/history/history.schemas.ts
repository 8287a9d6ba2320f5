import * as z from '@outsync/contracts/zod';
import { IdSchema } from '../accounts/common.schemas';
import { ActivityEventTypeSchema } from '../catalog/activity-events';
import { CrmKindSchema } from '../catalog/crm-kinds';
import { ANY_EVENT_TYPE, HISTORY_FIRST_PAGE } from '../catalog/history';
import { PlatformSchema } from '../catalog/platforms';
import { SyncStatusSchema } from '../sync/sync-status';

/**
 * The history screens' queries (spec 02 §2.9–2.11, §5 "History filters", §7 "History"). The
 * screens normalise before sending; the service applies the same rules, so a hand-written call
 * gets the same answer: e-mails lowercased and trimmed, ANY omitted, empty texts omitted, other
 * texts trimmed. Anything malformed or out of range is a 400 with a message, never a 500.
 */

/** The deepest page a list serves: 20 × 10,000 rows; a deeper page is a 400. */
export const HISTORY_MAX_PAGE = 10_000;

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** A trimmed text filter; empty means no filter. */
const textFilter = (max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .max(max, { error: `At most ${max} characters.` })
      .transform((value) => value.trim())
      .optional(),
  );

/** An e-mail filter: lowercased and trimmed (spec 02 §5); matched exactly. */
const emailFilter = z.preprocess(
  blankToUndefined,
  z
    .string()
    .max(320, { error: 'At most 320 characters.' })
    .transform((value) => value.trim().toLowerCase())
    .optional(),
);

/** `page`, from 1 (spec 02 §9); absent means the first. */
export const HistoryPageSchema = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: 'page must be a whole number from 1.' })
    .int({ error: 'page must be a whole number from 1.' })
    .min(HISTORY_FIRST_PAGE, { error: 'page must be a whole number from 1.' })
    .max(HISTORY_MAX_PAGE, { error: `page must be at most ${HISTORY_MAX_PAGE}.` })
    .default(HISTORY_FIRST_PAGE),
);

/** An event-type filter: one of the 14 types, or ANY (= no filter, omitted). */
const eventTypeFilter = z.preprocess(
  (value) => (value === ANY_EVENT_TYPE ? undefined : blankToUndefined(value)),
  ActivityEventTypeSchema.optional(),
);

/**
 * A webhook id filter. Webhook ids here are 24-hex ids (the webhooks table's "ID: …"), not
 * numbers: spec 02 §5's "sent only when greater than 0" becomes "sent only when not empty";
 * `0` is read as empty for callers that follow the numeric reading.
 */
const webhookIdFilter = z.preprocess(
  (value) => (value === '0' ? undefined : blankToUndefined(value)),
  z
    .string()
    .transform((value) => value.trim().toLowerCase())
    .pipe(IdSchema)
    .optional(),
);

/** The statuses the webhook-payloads screen filters on (beyond the spec: a filter by status). */
export const WebhookLogStatusFilterSchema = SyncStatusSchema;

/**
 * GET /api/admin/webhook-logs, /count and /daily. userEmail, webhookId, webhookUrl and hubId
 * are the manager-and-admin filters (spec 02 §6): a customer who sends one gets a 403.
 * The history queries are strict: an unknown parameter (a misspelt filter) is a 400, not a
 * silently wider list.
 */
export const WebhookLogsQuerySchema = z
  .object({
    page: HistoryPageSchema,
    email: emailFilter,
    eventType: eventTypeFilter,
    status: z.preprocess(blankToUndefined, WebhookLogStatusFilterSchema.optional()),
    userEmail: emailFilter,
    webhookId: webhookIdFilter,
    webhookUrl: textFilter(2000),
    hubId: textFilter(100),
  })
  .strict();
export type WebhookLogsQuery = z.input<typeof WebhookLogsQuerySchema>;
export type WebhookLogsFilter = z.output<typeof WebhookLogsQuerySchema>;

/** The filters only managers and admins may send (spec 02 §2.9, §6). */
export const STAFF_ONLY_WEBHOOK_LOG_FILTERS = [
  'userEmail',
  'webhookId',
  'webhookUrl',
  'hubId',
] as const;

/** GET /api/admin/webhook-logs/daily also takes the viewer's UTC offset, so days are theirs. */
export const WebhookLogsDailyQuerySchema = WebhookLogsQuerySchema.omit({ page: true }).extend({
  utcOffsetMinutes: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'utcOffsetMinutes must be a whole number of minutes.' })
      .int({ error: 'utcOffsetMinutes must be a whole number of minutes.' })
      .min(-840, { error: 'utcOffsetMinutes must be between -840 and 840.' })
      .max(840, { error: 'utcOffsetMinutes must be between -840 and 840.' })
      .default(0)
      .describe(
        'Minutes ahead of UTC, positive east (UTC+01:00 is 60): `-new Date().getTimezoneOffset()`.',
      ),
  ),
});
export type WebhookLogsDailyQuery = z.input<typeof WebhookLogsDailyQuerySchema>;

/** One failure of a sync, in words (spec 02 §3 `webhookLogResults.errors`). */
export const WebhookLogErrorSchema = z.object({
  step: z.string().describe('What failed: contact, company, activity, endpoint, normalize…'),
  message: z.string(),
  at: z.string().describe('ISO time.'),
});

/** One run of the event's job (the attempt history of a row). */
export const WebhookLogAttemptSchema = z.object({
  at: z.string().describe('ISO time.'),
  durationMs: z.number(),
  outcome: z.enum(['synced', 'partially_synced', 'retrying', 'failed', 'held', 'not_synced']),
  message: z.string().nullable(),
});

/** A webhook log row (spec 02 §3 "Webhook log"), with what log screens' users expect beyond it. */
export const WebhookLogSchema = z.object({
  id: IdSchema,
  user: z.object({
    email: z.string(),
    organizationId: z.string().describe('The CRM account: HubSpot hub id, Salesforce org id.'),
  }),
  webhookId: IdSchema,
  webhookUrl: z.string(),
  crm: CrmKindSchema,
  platform: PlatformSchema.nullable(),
  eventType: ActivityEventTypeSchema.nullable(),
  test: z.boolean().describe('Sent through the Send Test Webhook dialog.'),
  smartleadPayload: z.object({
    path: z.string(),
    payload: z.object({
      subject: z.string().nullable(),
      to_email: z.string().nullable(),
      from_email: z.string().nullable(),
      event_type: z.string().nullable(),
    }),
  }),
  webhookLogResults: z.object({ errors: z.array(WebhookLogErrorSchema) }),
  status: SyncStatusSchema,
  reason: z.string().nullable().describe('Why it is held, not synced, unsupported or a duplicate.'),
  attempts: z.array(WebhookLogAttemptSchema),
  crmLinks: z
    .object({
      contact: z.string().nullable(),
      activity: z.string().nullable(),
    })
    .describe('Links to the records written in the CRM, where their URL is known.'),
  canRetry: z
    .boolean()
    .describe('Failed or partially synced, and the caller is its owner or an admin.'),
  createdAt: z.string().describe('When it was received (ISO time).'),
  syncedAt: z.string().nullable(),
});
export type WebhookLog = z.infer<typeof WebhookLogSchema>;

/** GET /api/admin/webhook-logs: `{data, page, limit}` (spec 02 §7; the count is its own call). */
export const WebhookLogsPageSchema = z.object({
  data: z.array(WebhookLogSchema),
  page: z.number(),
  limit: z.number(),
});
export type WebhookLogsPage = z.infer<typeof WebhookLogsPageSchema>;

/** GET /api/admin/webhook-logs/:id: the row and the full payload as received (the JSON dialog). */
export const WebhookLogDetailSchema = WebhookLogSchema.extend({
  payload: z.unknown().describe('The body the platform posted, as received.'),
});
export type WebhookLogDetail = z.infer<typeof WebhookLogDetailSchema>;

/** GET …/count: `{totalItems}`; `capped` when the count stopped at the service's threshold. */
export const HistoryCountSchema = z.object({
  totalItems: z.number(),
  capped: z
    .boolean()
    .optional()
    .describe('True when there are at least totalItems (the count stopped there).'),
});
export type HistoryCount = z.infer<typeof HistoryCountSchema>;

/** One day of the webhook-payloads chart: events received that day by outcome. */
export const WebhookLogDaySchema = z.object({
  date: z.string().describe('YYYY-MM-DD in the viewer’s offset.'),
  synced: z.number().describe('synced and partially_synced'),
  held: z.number().describe('held by the category filter'),
  failed: z.number(),
  notSynced: z.number().describe('not_synced, unsupported and duplicate'),
});
export const WebhookLogsDailySchema = z.object({ days: z.array(WebhookLogDaySchema) });
export type WebhookLogsDaily = z.infer<typeof WebhookLogsDailySchema>;

/** GET /api/admin/category-base-filters (spec 02 §2.11, §7). */
export const CategoryBaseFiltersQuerySchema = z
  .object({
    page: HistoryPageSchema,
    eventType: eventTypeFilter,
    webhookId: webhookIdFilter,
    campaignId: textFilter(200),
    leadId: textFilter(200),
    webhookUrl: textFilter(2000),
  })
  .strict();
export type CategoryBaseFiltersQuery = z.input<typeof CategoryBaseFiltersQuerySchema>;
export type CategoryBaseFiltersFilter = z.output<typeof CategoryBaseFiltersQuerySchema>;

/** A category base filter record (spec 02 §3). */
export const CategoryBaseFilterRecordSchema = z.object({
  id: IdSchema,
  webhook_url: z.string(),
  webhook_event: z.string(),
  campaign_id: z.string().nullable(),
  lead_id: z.string().nullable(),
  smartlead_base_categories: z.array(z.object({ id: z.string(), name: z.string() })),
  category_name: z.string().nullable(),
  dto: z.object({
    subject: z.string().nullable(),
    to_email: z.string().nullable(),
    from_email: z.string().nullable(),
    event_type: z.string().nullable(),
  }),
  webhookId: IdSchema,
  eventId: IdSchema.describe('The webhook log of the held event.'),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type CategoryBaseFilterRecord = z.infer<typeof CategoryBaseFilterRecordSchema>;

/** GET /api/admin/dashboard/smartlead/blocked-lists/history (spec 02 §2.10, §7). */
export const BlockListLogsQuerySchema = z
  .object({
    page: HistoryPageSchema,
    'block-list-id': z.preprocess(blankToUndefined, IdSchema.optional()),
    email: emailFilter,
  })
  .strict();
export type BlockListLogsQuery = z.input<typeof BlockListLogsQuerySchema>;
export type BlockListLogsFilter = z.output<typeof BlockListLogsQuerySchema>;

/** A block-list log: one run of a block-list sync (spec 02 §3). */
export const BlockListLogSchema = z.object({
  id: IdSchema,
  syncBlockList: z.object({
    id: IdSchema,
    listName: z.string(),
    blockType: z.string(),
    isEnabled: z.boolean(),
  }),
  entityDetails: z.string().describe('The values the run wrote, as the Emails column shows them.'),
  syncedAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type BlockListLog = z.infer<typeof BlockListLogSchema>;

/** A paginated response (spec 02 §3): page, limit, totalItems, data[]. */
export function paginatedSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    page: z.number(),
    limit: z.number(),
    totalItems: z.number(),
    data: z.array(item),
  });
}
export const CategoryBaseFiltersPageSchema = paginatedSchema(CategoryBaseFilterRecordSchema);
export type CategoryBaseFiltersPage = z.infer<typeof CategoryBaseFiltersPageSchema>;
export const BlockListLogsPageSchema = paginatedSchema(BlockListLogSchema);
export type BlockListLogsPage = z.infer<typeof BlockListLogsPageSchema>;

/** A block-list sync as the Block list filter lists it (spec 02 §3; the full sync comes with block lists). */
export const BlockListSyncOptionSchema = z.object({
  id: IdSchema,
  listId: z.string(),
  listIdILS: z.string().nullable(),
  listName: z.string(),
});
export type BlockListSyncOption = z.infer<typeof BlockListSyncOptionSchema>;
