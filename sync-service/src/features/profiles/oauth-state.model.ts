import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { CrmKindSchema, type CrmKind } from '@outsync/contracts';

/**
 * One OAuth authorize request in flight. The `state` the browser carries is random (256 bits)
 * and only its SHA-256 is stored, bound to the signed-in user and to the browser session that
 * asked for it: the callback accepts it once, within its lifetime, from that same session.
 */
export type OAuthStateDoc = {
  _id: Types.ObjectId;
  /** SHA-256 of the state, base64url. */
  stateHash: string;
  crm: CrmKind;
  userId: Types.ObjectId;
  /** SHA-256 of the session cookie that asked for the state (never the cookie itself). */
  sessionHash: string;
  /** SALESFORCE: the profile being connected. HUBSPOT: null (the callback creates it). */
  profileId: Types.ObjectId | null;
  createdAt: Date;
  /** MongoDB removes the document some time after this (TTL); lookups compare with the clock. */
  expiresAt: Date;
  /** Set by the one callback that used it; a second use is refused. */
  usedAt: Date | null;
};

const OAuthStateSchema = new Schema<OAuthStateDoc>(
  {
    stateHash: { type: String, required: true, unique: true },
    crm: { type: String, enum: CrmKindSchema.options, required: true },
    userId: { type: Schema.Types.ObjectId, required: true },
    sessionHash: { type: String, required: true },
    profileId: { type: Schema.Types.ObjectId, default: null },
    createdAt: { type: Date, required: true },
    // Kept an hour past expiry so a late or repeated callback is told "expired"/"used", not "unknown".
    expiresAt: { type: Date, required: true, expires: 3600 },
    usedAt: { type: Date, default: null },
  },
  { versionKey: false, collection: 'oauth_states' },
);

export type OAuthStateModel = Model<OAuthStateDoc>;

export function oauthStateModel(connection: Connection): OAuthStateModel {
  return (
    (connection.models.OAuthState as OAuthStateModel | undefined) ??
    connection.model<OAuthStateDoc>('OAuthState', OAuthStateSchema)
  );
}
