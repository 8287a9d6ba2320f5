import * as z from '@outsync/contracts/zod';
import { IdSchema } from '../accounts/common.schemas';
import { HistoryPageSchema, paginatedSchema } from './history.schemas';
import { EventTypeFilterSchema, textFilter, WebhookIdFilterSchema } from './query-filters';

/** The list's filters: GET /api/admin/category-base-filters and its export. */
const categoryBaseFilterFilters = {
  eventType: EventTypeFilterSchema,
  webhookId: WebhookIdFilterSchema,
  campaignId: textFilter(200),
  leadId: textFilter(200),
  webhookUrl: textFilter(2000),
};

/** GET /api/admin/category-base-filters (spec 02 §2.11, §7). */
export const CategoryBaseFiltersQuerySchema = z
  .object({ page: HistoryPageSchema, ...categoryBaseFilterFilters })
  .strict();
export type CategoryBaseFiltersQuery = z.input<typeof CategoryBaseFiltersQuerySchema>;
export type CategoryBaseFiltersFilter = z.output<typeof CategoryBaseFiltersQuerySchema>;

/** GET /api/admin/category-base-filters/export: the list's filters, no page. */
export const CategoryBaseFilterFiltersSchema = z.object(categoryBaseFilterFilters).strict();

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
export const CategoryBaseFiltersPageSchema = paginatedSchema(CategoryBaseFilterRecordSchema);
export type CategoryBaseFiltersPage = z.infer<typeof CategoryBaseFiltersPageSchema>;
