import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * An additional webhook endpoint ("user account", spec 02 §2.6) of one profile: events can be
 * forwarded to it besides the CRM sync. Created only after the URL accepted a signed test event.
 */
export type UserAccountDoc = {
  _id: Types.ObjectId;
  userProfileId: Types.ObjectId;
  url: string;
  description: string;
  /**
   * The endpoint's own HMAC key (SHA-256) for `X-OutSync-Signature`, sealed with the SecretBox;
   * forwarded events are signed with it too.
   */
  signingSecretSealed: string;
  /** When the URL last accepted an event from us. */
  validatedAt: Date | null;
  /** The endpoint also gets `sync.failed` / `sync.recovered` about its profile (issue 29). */
  syncAlerts: boolean;
  createdAt: Date;
};

const UserAccountSchema = new Schema<UserAccountDoc>(
  {
    userProfileId: { type: Schema.Types.ObjectId, required: true, index: true },
    // syncAlerts is read with userProfileId (the profile's index serves it: a handful each).
    url: { type: String, required: true },
    description: { type: String, required: true },
    signingSecretSealed: { type: String, required: true },
    validatedAt: { type: Date, default: null },
    syncAlerts: { type: Boolean, default: false },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'userAccounts' },
);

export type UserAccountModel = Model<UserAccountDoc>;

export function userAccountModel(connection: Connection): UserAccountModel {
  return (
    (connection.models.UserAccount as UserAccountModel | undefined) ??
    connection.model<UserAccountDoc>('UserAccount', UserAccountSchema)
  );
}
