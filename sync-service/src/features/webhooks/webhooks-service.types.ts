import type { CrmKind } from '@outsync/contracts';
import type { CrmOwner, SuccessMessageResponse, UserAccount } from '@outsync/contracts/accounts';
import type { WebhookSettingsParsed } from '@outsync/contracts/webhooks';
import type { SessionUser } from '../../platform/http/types';
import type { ApiKeyRecords } from '../api-keys';
import type { CustomFieldObject, ProfileRecords } from '../profiles';
import type { WebhookCodes } from './webhook-code';
import type { WebhookModel } from './webhooks.model';

/** The create form's body, as the route's schema parsed it. */
export type WebhookCreateInput = WebhookSettingsParsed & {
  userProfileId: string;
  selectedOwner?: CrmOwner | null;
  code: string;
};

export type WebhooksServiceDeps = {
  webhooks: WebhookModel;
  profiles: ProfileRecords;
  apiKeys: ApiKeyRecords;
  codes: WebhookCodes;
  /** Where platforms reach the product: webhook URLs are `{publicUrl}/webhooks/{code}`. */
  publicUrl: string;
  now: () => Date;
  /** Sign-in e-mails of users by id (the users module's), for 'Added by'. */
  usersOf: (ids: string[]) => Promise<Map<string, { email: string }>>;
  /** The CRM's owners of a profile the caller may read (crm-data's, wired in app.ts). */
  crmOwners: (user: SessionUser, profileId: string, crm: CrmKind) => Promise<CrmOwner[]>;
  /** crm-data's task-type check against the org's Task picklist. */
  validateTaskType: (
    user: SessionUser,
    input: { userProfileId: string; taskType: string },
  ) => Promise<SuccessMessageResponse>;
  /** A profile's webhook endpoints as `viewer` sees them (the user-accounts module's). */
  userAccountsOfProfile: (profileId: string, viewer: SessionUser) => Promise<UserAccount[]>;
  /** The objects 'Create Fields' succeeded for on a profile (the profiles module's). */
  customFieldObjectsCreatedOf: (profileId: string) => Promise<CustomFieldObject[]>;
  /**
   * The webhook's held events are judged again (webhook-events'): its category filter changed,
   * or it is gone. Held events never wait on a filter that no longer exists.
   */
  reevaluateHeld: (webhookId: string) => Promise<number>;
};
