import * as z from '@outsync/contracts/zod';
import { IdSchema } from '../accounts/common.schemas';
import { ActivityEventTypeSchema } from '../catalog/activity-events';
import { CrmKindSchema } from '../catalog/crm-kinds';
import { PlatformSchema } from '../catalog/platforms';
import { SyncStatusSchema } from '../sync/sync-status';
import { HistoryPageSchema } from './history.schemas';
import {
  blankToUndefined,
  EmailFilterSchema,
  EventTypeFilterSchema,
  receivedAtFilter,
  receivedInOrder,
  receivedOrderError,
  textFilter,
  WebhookIdFilterSchema,
} from './query-filters';

/** The statuses the webhook-payloads screen filters on (beyond the spec: a filter by status). */
export const WebhookLogStatusFilterSchema = SyncStatusSchema;

/** The list's filters: GET /api/admin/webhook-logs, /count, /daily and the bulk actions. */
const webhookLogFilters = {
  email: EmailFilterSchema,
  eventType: EventTypeFilterSchema,
  status: z.preprocess(blankToUndefined, WebhookLogStatusFilterSchema.optional()),
  userEmail: EmailFilterSchema,
  webhookId: WebhookIdFilterSchema,
  webhookUrl: textFilter(2000),
  hubId: textFilter(100),
  receivedFrom: receivedAtFilter(
    'receivedFrom',
    'Received at or after this instant (ISO 8601 with a time zone).',
  ),
  receivedTo: receivedAtFilter(
    'receivedTo',
    'Received before this instant (ISO 8601 with a time zone); later than receivedFrom.',
  ),
};

// Each query schema is built whole and refined last: zod refuses `.omit()` and `.extend()` on
// an object with a refinement, so none is derived from another.

/**
 * GET /api/admin/webhook-logs. userEmail, webhookId, webhookUrl and hubId are the
 * manager-and-admin filters (spec 02 §6): a customer who sends one gets a 403.
 * The history queries are strict: an unknown parameter (a misspelt filter) is a 400, not a
 * silently wider list.
 */
export const WebhookLogsQuerySchema = z
  .object({ page: HistoryPageSchema, ...webhookLogFilters })
  .strict()
  .refine(receivedInOrder, receivedOrderError);
export type WebhookLogsQuery = z.input<typeof WebhookLogsQuerySchema>;
export type WebhookLogsFilter = z.output<typeof WebhookLogsQuerySchema>;

/** GET /api/admin/webhook-logs/count and the bulk actions: the list's filters, no page. */
export const WebhookLogFiltersSchema = z
  .object(webhookLogFilters)
  .strict()
  .refine(receivedInOrder, receivedOrderError);

/** The filters only managers and admins may send (spec 02 §2.9, §6). */
export const STAFF_ONLY_WEBHOOK_LOG_FILTERS = [
  'userEmail',
  'webhookId',
  'webhookUrl',
  'hubId',
] as const;

/** GET /api/admin/webhook-logs/daily also takes the viewer's UTC offset, so days are theirs. */
export const WebhookLogsDailyQuerySchema = z
  .object({
    ...webhookLogFilters,
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
  })
  .strict()
  .refine(receivedInOrder, receivedOrderError);
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
  outcome: z
    .enum(['synced', 'partially_synced', 'retrying', 'waiting', 'failed', 'held', 'not_synced'])
    .describe(
      "'waiting': a rate limit (OutSync's budget for the CRM account, or the CRM's 429) sent it back; it does not count as an attempt.",
    ),
  message: z.string().nullable(),
});

/**
 * Where an event stands in words a user reads (issue 31 item 3): its state beside the spec's
 * "Success"/"Error", what happened, what OutSync does next and what the user can do; the
 * technical messages behind a disclosure. The service writes every text (one mapping from
 * failures to words); a screen only formats `next.at` in the viewer's time zone.
 */
export const WebhookLogExplanationSchema = z.object({
  state: z
    .enum([
      'queued',
      'retrying',
      'waiting',
      'synced',
      'partially_synced',
      'failed',
      'held',
      'not_synced',
      'duplicate',
      'unsupported',
    ])
    .describe(
      "'retrying': an attempt failed and another is scheduled; 'waiting': a rate limit or the account's open circuit holds it back without spending attempts.",
    ),
  label: z.string().describe('The state in a word or two: "Retrying", "Not synced".'),
  summary: z.string().nullable().describe('What happened, in plain words.'),
  next: z
    .object({
      attempt: z.number().nullable().describe('The next attempt’s number (null: not counted).'),
      of: z.number().nullable().describe('The attempts an event is given.'),
      at: z.string().describe('ISO time of the next try.'),
    })
    .nullable()
    .describe('What OutSync does next, when it will try again.'),
  action: z
    .object({
      kind: z.enum([
        'reconnect',
        'grant_scopes',
        'check_settings',
        'check_endpoint',
        'retry',
        'upgrade',
        'release',
      ]),
      text: z.string(),
    })
    .nullable()
    .describe('What the user can do about it.'),
  detail: z.string().nullable().describe('The technical messages behind the words.'),
});
export type WebhookLogExplanation = z.infer<typeof WebhookLogExplanationSchema>;

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
  explanation: WebhookLogExplanationSchema,
  crmLinks: z
    .object({
      contact: z.string().nullable(),
      activity: z.string().nullable(),
    })
    .describe('Links to the records written in the CRM, where their URL is known.'),
  canRetry: z
    .boolean()
    .describe('Failed or partially synced, and the caller is its owner or an admin.'),
  // Defaults to false: a history module released before the service that adds it (each area is
  // released on its own) reads an older service's rows, and offers no Release.
  canRelease: z.boolean().default(false).describe('Held, and the caller is its owner or an admin.'),
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

export const RetryWebhookLogResponseSchema = z.object({ id: z.string(), status: SyncStatusSchema });
export type RetryWebhookLogResponse = z.infer<typeof RetryWebhookLogResponseSchema>;

/**
 * A bulk action on the webhook logs (issue 29): `retry` puts the failed and partially synced
 * events back in the queue (completed steps kept); `release` writes the held events although
 * their lead has not reached an approved category (the customer decides, for one lead with the
 * Email filter, or for a webhook).
 */
export const WebhookLogActionSchema = z.enum(['retry', 'release']);
export type WebhookLogAction = z.infer<typeof WebhookLogActionSchema>;
export const WebhookLogActionParamsSchema = z.object({ action: WebhookLogActionSchema });

/** The list's filters: the action takes the events among them it applies to and the caller may act on. */
export const WebhookLogActionFiltersSchema = WebhookLogFiltersSchema;
export type WebhookLogActionFilters = z.input<typeof WebhookLogActionFiltersSchema>;

export const WebhookLogActionCountSchema = z.object({
  count: z.number().describe('The events the action would take now.'),
  limit: z.number().describe('The most one call takes; more need another call.'),
});
export type WebhookLogActionCount = z.infer<typeof WebhookLogActionCountSchema>;

export const WebhookLogActionResultSchema = z.object({
  queued: z.number().describe('The events put back in the queue.'),
});
export type WebhookLogActionResult = z.infer<typeof WebhookLogActionResultSchema>;
