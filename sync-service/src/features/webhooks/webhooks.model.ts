import {
  ActivityEventTypeSchema,
  PlatformSchema,
  type ActivityEventType,
  type LogType,
  type Platform,
} from '@outsync/contracts';
import {
  CustomFieldObjectSchema,
  SalesforceObjectTypeSchema,
  type CrmOwner,
} from '@outsync/contracts/accounts';
import {
  LookupMethodSchema,
  type LookupMethod,
  WEBHOOK_SWITCHES,
  type WebhookCategory,
  type WebhookSettings,
  type WebhookSwitches,
} from '@outsync/contracts/webhooks';
import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * A webhook (spec 01 §3 "Webhook"): a product-hosted URL `{host}/webhooks/{code}` on one
 * profile, with the settings the sync applies to the events posted to it. The settings are
 * stored exactly as `applyWebhookSaveRules` returns them; ids are ObjectIds. The on/off
 * settings are contracts' `WebhookSwitches`, one field each.
 */
export type WebhookDoc = WebhookSwitches & {
  _id: Types.ObjectId;
  /** The user who owns the profile (the webhook's owner). */
  userId: Types.ObjectId;
  userProfileId: Types.ObjectId;
  /** Who created it: the owner, or a manager or admin on the owner's profile. */
  createdBy: Types.ObjectId;
  /** The generated code; unique, and how the receiver finds the webhook. */
  code: string;
  /** The CRM owner chosen on create, as the CRM answered it. */
  selectedOwner: CrmOwner;
  ownerDetails: { firstName: string; lastName: string; email: string };
  /** The profile's organizationId (HubSpot hub id, Salesforce org id) when it was created. */
  hubId: string;
  /** selectedOwner.id. */
  hubspotOwnerId: string;
  emailService: Platform;
  apiKeyId: Types.ObjectId | null;
  smartleadBaseCategories: WebhookCategory[] | null;
  customTaskSubject: string;
  logType: LogType;
  salesforceObjectType: WebhookSettings['salesforceObjectType'];
  salesforceCustomFieldObjects: WebhookSettings['salesforceCustomFieldObjects'];
  salesforceTaskType: string | null;
  objectLookupMethod: LookupMethod;
  objectLookupIdField: string | null;
  objectDefaultSearchProperty: string | null;
  optionalAlternativeProperty: WebhookSettings['optionalAlternativeProperty'];
  additionalEndpoints: Array<{ userAccountId: Types.ObjectId; eventTypes: ActivityEventType[] }>;
  createdAt: Date;
  updatedAt: Date;
};

/** Each switch a Boolean field of its own, made from the contracts' list. */
const switchFields = Object.fromEntries(
  WEBHOOK_SWITCHES.map((name) => [name, { type: Boolean, required: true }]),
);

const OwnerSchema = new Schema<CrmOwner>(
  {
    id: { type: String, required: true },
    firstName: { type: String, default: '' },
    lastName: { type: String, default: '' },
    email: { type: String, default: '' },
    name: { type: String, default: '' },
  },
  { _id: false },
);

const WebhookSchema = new Schema<WebhookDoc>(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    userProfileId: { type: Schema.Types.ObjectId, required: true },
    createdBy: { type: Schema.Types.ObjectId, required: true },
    code: { type: String, required: true },
    selectedOwner: { type: OwnerSchema, required: true },
    ownerDetails: {
      type: new Schema(
        {
          firstName: { type: String, default: '' },
          lastName: { type: String, default: '' },
          email: { type: String, default: '' },
        },
        { _id: false },
      ),
      required: true,
    },
    hubId: { type: String, default: '' },
    hubspotOwnerId: { type: String, default: '' },
    emailService: { type: String, enum: PlatformSchema.options, required: true },
    ...switchFields,
    apiKeyId: { type: Schema.Types.ObjectId, default: null },
    smartleadBaseCategories: {
      type: [
        new Schema(
          { id: { type: String, required: true }, name: { type: String, required: true } },
          { _id: false },
        ),
      ],
      default: null,
    },
    customTaskSubject: { type: String, default: '' },
    logType: { type: Number, enum: [0, 1], required: true },
    salesforceObjectType: {
      type: String,
      enum: SalesforceObjectTypeSchema.options,
      required: true,
    },
    salesforceCustomFieldObjects: {
      type: [{ type: String, enum: CustomFieldObjectSchema.options }],
      default: [],
    },
    salesforceTaskType: { type: String, default: null },
    objectLookupMethod: { type: String, enum: LookupMethodSchema.options, required: true },
    objectLookupIdField: { type: String, default: null },
    objectDefaultSearchProperty: { type: String, default: null },
    optionalAlternativeProperty: {
      type: new Schema(
        { email: String, profile_url: String, os_objectlookup_id: String },
        { _id: false },
      ),
      default: null,
    },
    additionalEndpoints: {
      type: [
        new Schema(
          {
            userAccountId: { type: Schema.Types.ObjectId, required: true },
            eventTypes: {
              type: [{ type: String, enum: ActivityEventTypeSchema.options }],
              default: [],
            },
          },
          { _id: false },
        ),
      ],
      default: [],
    },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'webhooks' },
);
// The receiver finds a webhook by its code; a code makes one webhook only.
WebhookSchema.index({ code: 1 }, { unique: true });
// A profile's webhooks, newest first (the lists, and what blocks deleting a profile).
WebhookSchema.index({ userProfileId: 1, createdAt: -1 });
// The history filters by Hub ID; what blocks deleting a key or an endpoint.
WebhookSchema.index({ hubId: 1 });
WebhookSchema.index({ apiKeyId: 1 });
WebhookSchema.index({ 'additionalEndpoints.userAccountId': 1 });

export type WebhookModel = Model<WebhookDoc>;

export function webhookModel(connection: Connection): WebhookModel {
  return (
    (connection.models.Webhook as WebhookModel | undefined) ??
    connection.model<WebhookDoc>('Webhook', WebhookSchema)
  );
}
