import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * A lead category typed in by hand for a HeyReach key (spec 02 §2.5): HeyReach has no
 * categories of its own to read. One per key and category id.
 */
export type LeadCategoryDoc = {
  _id: Types.ObjectId;
  apiKeyId: Types.ObjectId;
  userProfileId: Types.ObjectId;
  /** The name lowercased with spaces replaced by underscores (contracts' `leadCategoryId`). */
  categoryId: string;
  /** The line as typed, trimmed. */
  name: string;
  createdAt: Date;
};

const LeadCategorySchema = new Schema<LeadCategoryDoc>(
  {
    apiKeyId: { type: Schema.Types.ObjectId, required: true },
    userProfileId: { type: Schema.Types.ObjectId, required: true },
    categoryId: { type: String, required: true },
    name: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'leadCategories' },
);
LeadCategorySchema.index({ apiKeyId: 1, categoryId: 1 }, { unique: true });

export type LeadCategoryModel = Model<LeadCategoryDoc>;

export function leadCategoryModel(connection: Connection): LeadCategoryModel {
  return (
    (connection.models.LeadCategory as LeadCategoryModel | undefined) ??
    connection.model<LeadCategoryDoc>('LeadCategory', LeadCategorySchema)
  );
}
