import type { ApiTokenScope } from '@outsync/contracts/accounts';
import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * How long a token's document stays after its expiry (MongoDB's TTL monitor removes it then):
 * meanwhile its list shows it as expired and a request with it is told so, which is the clearer
 * message; afterwards it is merely unknown. A revoked token goes the same way.
 */
export const EXPIRED_API_TOKEN_KEPT_SECONDS = 30 * 86_400;

/** A customer's API token (issue 34, item 5): it acts as its user until it expires or is revoked. */
export type ApiTokenDoc = {
  _id: Types.ObjectId;
  /** The user the token acts as. */
  userId: Types.ObjectId;
  name: string;
  scope: ApiTokenScope;
  /** SHA-256 of the token, hex; the token itself is only ever in its user's hands. */
  tokenHash: string;
  /** The token's first 12 characters (`osat_` and 7 random ones), to tell tokens apart. */
  prefix: string;
  createdAt: Date;
  expiresAt: Date;
  /** The last request the token signed, to the minute (see LAST_USED_RESOLUTION_MS). */
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

const ApiTokenSchema = new Schema<ApiTokenDoc>(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    name: { type: String, required: true },
    scope: { type: String, required: true },
    tokenHash: { type: String, required: true, unique: true },
    prefix: { type: String, required: true },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true, expires: EXPIRED_API_TOKEN_KEPT_SECONDS },
    lastUsedAt: { type: Date, default: null },
    revokedAt: { type: Date, default: null },
  },
  { versionKey: false, collection: 'apiTokens' },
);
// A user's list, oldest first.
ApiTokenSchema.index({ userId: 1, createdAt: 1, _id: 1 });

export type ApiTokenModel = Model<ApiTokenDoc>;

export function apiTokenModel(connection: Connection): ApiTokenModel {
  return (
    (connection.models.ApiToken as ApiTokenModel | undefined) ??
    connection.model<ApiTokenDoc>('ApiToken', ApiTokenSchema)
  );
}
