import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { CrmKindSchema, type CrmKind } from '@outsync/contracts';
import { CustomFieldObjectSchema, type CreateFieldsRequest } from '@outsync/contracts/accounts';

/** An object Salesforce custom fields are created on (Contact, Lead). */
export type CustomFieldObject = CreateFieldsRequest['customFields'][number];

/**
 * The stored OAuth tokens of a connection. Both tokens are sealed with the service's
 * SecretBox (AES-256-GCM); nothing here is ever returned to a browser.
 */
export type ProfileConnection = {
  accessTokenSealed: string;
  refreshTokenSealed: string;
  /** When the access token stops working; refreshed a minute before. */
  expiresAt: Date;
  /** Scopes HubSpot granted (required + the optional ones the customer allowed). */
  scopes: string[];
  /** Salesforce only: where data calls go (never the login domain). */
  instanceUrl: string | null;
  /** Salesforce only: the identity URL the token answer named. */
  identityUrl: string | null;
  connectedAt: Date;
};

/** A connection that stopped working, as check-connected-account reports it. */
export type ProfileConnectionProblem = { title: string; message: string; at: Date };

/**
 * A connected CRM account ("user profile", spec 02 §3), owned by one signed-in user.
 * HUBSPOT profiles are created by the OAuth callback; SALESFORCE profiles by the create form
 * (domain, consumer key and sealed secret), and connected by their OAuth callback.
 */
export type ProfileDoc = {
  _id: Types.ObjectId;
  ownerId: Types.ObjectId;
  crm: CrmKind;
  /** CRM user id of the connection ('' until a SALESFORCE profile is connected). */
  accountId: string;
  /** Hub id or Salesforce org id ('' until connected). */
  organizationId: string;
  /** Hub domain or Salesforce instance host ('' until connected). */
  organizationDomain: string;
  email: string;
  firstName: string;
  lastName: string;
  canWebhook: boolean;
  canUserAccount: boolean;
  canBlockList: boolean;
  salesforce: {
    domain: string;
    consumerKey: string;
    consumerSecretSealed: string;
  } | null;
  connection: ProfileConnection | null;
  problem: ProfileConnectionProblem | null;
  /**
   * SALESFORCE: the objects 'Create Fields' succeeded for. A webhook may only turn custom
   * fields on for objects listed here (spec 01 §5 'Fields not created').
   */
  customFieldObjectsCreated: CustomFieldObject[];
  createdAt: Date;
  updatedAt: Date;
};

const ProfileSchema = new Schema<ProfileDoc>(
  {
    ownerId: { type: Schema.Types.ObjectId, required: true, index: true },
    crm: { type: String, enum: CrmKindSchema.options, required: true },
    accountId: { type: String, default: '' },
    organizationId: { type: String, default: '' },
    organizationDomain: { type: String, default: '' },
    email: { type: String, default: '' },
    firstName: { type: String, default: '' },
    lastName: { type: String, default: '' },
    canWebhook: { type: Boolean, required: true },
    canUserAccount: { type: Boolean, required: true },
    canBlockList: { type: Boolean, required: true },
    salesforce: {
      type: new Schema(
        {
          domain: { type: String, required: true },
          consumerKey: { type: String, required: true },
          consumerSecretSealed: { type: String, required: true },
        },
        { _id: false },
      ),
      default: null,
    },
    connection: {
      type: new Schema(
        {
          accessTokenSealed: { type: String, required: true },
          refreshTokenSealed: { type: String, required: true },
          expiresAt: { type: Date, required: true },
          scopes: { type: [String], default: [] },
          instanceUrl: { type: String, default: null },
          identityUrl: { type: String, default: null },
          connectedAt: { type: Date, required: true },
        },
        { _id: false },
      ),
      default: null,
    },
    problem: {
      type: new Schema(
        {
          title: { type: String, required: true },
          message: { type: String, required: true },
          at: { type: Date, required: true },
        },
        { _id: false },
      ),
      default: null,
    },
    customFieldObjectsCreated: {
      type: [{ type: String, enum: CustomFieldObjectSchema.options }],
      default: [],
    },
  },
  { versionKey: false, collection: 'profiles', timestamps: true },
);
// Connecting the same portal (or org user) again updates the owner's profile, never duplicates it.
ProfileSchema.index(
  { ownerId: 1, crm: 1, organizationId: 1, accountId: 1 },
  { unique: true, partialFilterExpression: { crm: 'HUBSPOT' } },
);
ProfileSchema.index({ organizationId: 1 });

export type ProfileModel = Model<ProfileDoc>;

export function profileModel(connection: Connection): ProfileModel {
  return (
    (connection.models.Profile as ProfileModel | undefined) ??
    connection.model<ProfileDoc>('Profile', ProfileSchema)
  );
}
