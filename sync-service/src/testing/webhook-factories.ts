// Webhooks written straight into the database the test app uses, with the settings the save
// rules give the form's defaults, so a test sets only what it is about.
import { randomBytes } from 'node:crypto';
import type { CrmOwner } from '@outsync/contracts/accounts';
import {
  applyWebhookSaveRules,
  type WebhookSettings,
  type WebhookSettingsParsed,
} from '@outsync/contracts/webhooks';
import { Types, type Connection } from 'mongoose';
import type { ProfileDoc } from '../features/profiles';
import { webhookModel, type WebhookDoc } from '../features/webhooks';

type Db = Connection | { connection: Connection };

function connectionOf(db: Db): Connection {
  return 'connection' in db && !('model' in db) ? db.connection : (db as Connection);
}

export type BuildWebhookOptions = {
  /** The profile it hangs off: its owner, CRM kind and organization are the webhook's. */
  profile: Pick<ProfileDoc, '_id' | 'ownerId' | 'crm' | 'organizationId'>;
  /** Settings as a form sends them; the save rules of the profile's CRM are applied. */
  settings?: WebhookSettingsParsed;
  owner?: Partial<CrmOwner>;
  /** A random URL-safe code unless told (not signed: only the service's own creates check that). */
  code?: string;
  createdBy?: Types.ObjectId | string;
  createdAt?: Date;
};

/** Stores a webhook (smartlead, defaults otherwise) on a profile and returns its document. */
export async function buildWebhook(db: Db, options: BuildWebhookOptions): Promise<WebhookDoc> {
  const { profile } = options;
  const unique = randomBytes(3).toString('hex');
  const owner: CrmOwner = {
    id: `owner-${unique}`,
    firstName: 'Ada',
    lastName: `Owner ${unique}`,
    email: `owner-${unique}@example.com`,
    name: '',
    ...options.owner,
  };
  const settings: WebhookSettings = applyWebhookSaveRules(profile.crm, {
    emailService: 'smartlead',
    objectLookupMethod: 'default',
    ...options.settings,
  });
  const now = options.createdAt ?? new Date();
  const doc = await webhookModel(connectionOf(db)).create({
    ...settings,
    apiKeyId: settings.apiKeyId ? new Types.ObjectId(settings.apiKeyId) : null,
    additionalEndpoints: settings.additionalEndpoints.map((row) => ({
      userAccountId: new Types.ObjectId(row.userAccountId),
      eventTypes: row.eventTypes,
    })),
    userId: profile.ownerId,
    userProfileId: profile._id,
    createdBy: options.createdBy ?? profile.ownerId,
    code: options.code ?? randomBytes(34).toString('base64url'),
    selectedOwner: owner,
    ownerDetails: { firstName: owner.firstName, lastName: owner.lastName, email: owner.email },
    hubId: profile.organizationId,
    hubspotOwnerId: owner.id,
    createdAt: now,
    updatedAt: now,
  });
  return doc.toObject<WebhookDoc>();
}
