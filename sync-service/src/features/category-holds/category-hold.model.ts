import type { WebhookCategory } from '@outsync/contracts/webhooks';
import { Schema, type Connection, type Model, type Types } from 'mongoose';
import type { PayloadSummary } from '../../pipeline';

/**
 * An event the category filter held back (spec 02 §3 "Category base filter record"): its
 * lead was not in one of the webhook's approved categories. `sent_at` is set when the lead
 * reached an approved category and the event was released to the CRM.
 */
export type CategoryHoldDoc = {
  _id: Types.ObjectId;
  eventId: Types.ObjectId;
  webhookId: Types.ObjectId;
  userId: Types.ObjectId;
  webhook_url: string;
  webhook_event: string;
  campaign_id: string | null;
  lead_id: string | null;
  leadKey: string;
  smartlead_base_categories: WebhookCategory[];
  /** The lead's category when the event was held; null when it had none. */
  category_name: string | null;
  dto: PayloadSummary;
  created_at: Date;
  sent_at: Date | null;
  expiresAt: Date;
};

const CategoryHoldSchema = new Schema<CategoryHoldDoc>(
  {
    eventId: { type: Schema.Types.ObjectId, required: true, unique: true },
    webhookId: { type: Schema.Types.ObjectId, required: true },
    userId: { type: Schema.Types.ObjectId, required: true },
    webhook_url: { type: String, default: '' },
    webhook_event: { type: String, required: true },
    campaign_id: { type: String, default: null },
    lead_id: { type: String, default: null },
    leadKey: { type: String, required: true },
    smartlead_base_categories: { type: Schema.Types.Mixed, default: [] },
    category_name: { type: String, default: null },
    dto: { type: Schema.Types.Mixed, required: true },
    created_at: { type: Date, required: true },
    sent_at: { type: Date, default: null },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'categoryBaseFilters' },
);
CategoryHoldSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
// History > Category Base Filter (issue 13): each filter's field, then newest first (with _id
// for ties); combinations use the most selective and test the rest on the documents read.
CategoryHoldSchema.index({ created_at: -1, _id: -1 });
CategoryHoldSchema.index({ userId: 1, created_at: -1, _id: -1 });
CategoryHoldSchema.index({ webhookId: 1, created_at: -1, _id: -1 });
CategoryHoldSchema.index({ campaign_id: 1, created_at: -1, _id: -1 });
CategoryHoldSchema.index({ lead_id: 1, created_at: -1, _id: -1 });
CategoryHoldSchema.index({ webhook_event: 1, created_at: -1, _id: -1 });
CategoryHoldSchema.index({ webhook_url: 1, created_at: -1, _id: -1 });

export type CategoryHoldModel = Model<CategoryHoldDoc>;

export function categoryHoldModel(connection: Connection): CategoryHoldModel {
  return (
    (connection.models.CategoryHold as CategoryHoldModel | undefined) ??
    connection.model<CategoryHoldDoc>('CategoryHold', CategoryHoldSchema)
  );
}

/**
 * A lead's current category as the pipeline last learnt it, per webhook: from the lead's own
 * category-changed events, or from the platform's lead lookup.
 */
export type LeadCategoryStateDoc = {
  _id: Types.ObjectId;
  webhookId: Types.ObjectId;
  leadKey: string;
  category: { id: string | null; name: string | null } | null;
  /** The event time the category holds from: an older event never overwrites a newer one. */
  asOf: Date;
  source: 'event' | 'platform';
  /** When it was learnt (a platform's answer is asked again once it is old). */
  learntAt?: Date;
};

const LeadCategoryStateSchema = new Schema<LeadCategoryStateDoc>(
  {
    webhookId: { type: Schema.Types.ObjectId, required: true },
    leadKey: { type: String, required: true },
    category: { type: Schema.Types.Mixed, default: null },
    asOf: { type: Date, required: true },
    source: { type: String, required: true },
    learntAt: { type: Date },
  },
  { versionKey: false, collection: 'leadCategoryStates' },
);
LeadCategoryStateSchema.index({ webhookId: 1, leadKey: 1 }, { unique: true });

export type LeadCategoryStateModel = Model<LeadCategoryStateDoc>;

export function leadCategoryStateModel(connection: Connection): LeadCategoryStateModel {
  return (
    (connection.models.LeadCategoryState as LeadCategoryStateModel | undefined) ??
    connection.model<LeadCategoryStateDoc>('LeadCategoryState', LeadCategoryStateSchema)
  );
}
