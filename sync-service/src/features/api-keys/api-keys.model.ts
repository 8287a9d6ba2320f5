import { PlatformSchema, type Platform } from '@outsync/contracts';
import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * A sales engagement platform's API key on one profile (spec 02 §3 "API key"). The key itself
 * is only ever stored sealed with the service's SecretBox: no field here holds it in clear.
 */
export type ApiKeyDoc = {
  _id: Types.ObjectId;
  userProfileId: Types.ObjectId;
  platform: Platform;
  description: string;
  /** The key, sealed (AES-256-GCM). Opened only to call the platform or for the owner's reveal. */
  apiKeySealed: string;
  /** bison only: the customer's instance address, without a trailing slash. */
  baseUrl: string | null;
  /** The platform accepted the key at the last check. */
  isValid: boolean;
  checkedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

const ApiKeySchema = new Schema<ApiKeyDoc>(
  {
    userProfileId: { type: Schema.Types.ObjectId, required: true, index: true },
    platform: { type: String, enum: PlatformSchema.options, required: true },
    description: { type: String, required: true },
    apiKeySealed: { type: String, required: true },
    baseUrl: { type: String, default: null },
    isValid: { type: Boolean, required: true },
    checkedAt: { type: Date, default: null },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'apiKeys' },
);

export type ApiKeyModel = Model<ApiKeyDoc>;

export function apiKeyModel(connection: Connection): ApiKeyModel {
  return (
    (connection.models.ApiKey as ApiKeyModel | undefined) ??
    connection.model<ApiKeyDoc>('ApiKey', ApiKeySchema)
  );
}
