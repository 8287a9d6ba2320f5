import type { Config } from './config';
import type { Database } from './platform/db';
import type { Logger } from './platform/logger';
import type { SafeFetch } from './platform/safe-fetch';
import type { SecretBox } from './platform/secrets';
import { userModel } from './modules/users/users.model';
import { createUsersService } from './modules/users/users.service';
import { createCrmRateLimits } from './connectors/crm/crm-rate-limits';
import { createCrmGateway } from './modules/profiles/crm-gateway';
import { createCrmDataService } from './modules/profiles/crm-data.service';
import { oauthStateModel } from './modules/profiles/oauth-state.model';
import { createProfilesService, profileModel } from './modules/profiles/profiles.service';
import {
  apiKeyModel,
  createApiKeysService,
  createPlatformGateway,
  leadCategoryModel,
} from './modules/api-keys/api-keys.service';
import {
  createUserAccountsService,
  userAccountModel,
} from './modules/user-accounts/user-accounts.service';
import { blockListSyncModel } from './modules/block-lists/block-list-sync.model';
import {
  blockListSyncsOfKeys,
  blockListUsageOfProfile,
} from './modules/block-lists/block-lists.service';
import {
  createWebhookCodes,
  createWebhooksService,
  webhookModel,
} from './modules/webhooks/webhooks.service';

export type ModulesDeps = {
  config: Pick<
    Config,
    | 'publicUrl'
    | 'adminEmails'
    | 'paidTierEmails'
    | 'hubspot'
    | 'salesforce'
    | 'platforms'
    | 'crmBudgetShare'
  >;
  logger: Logger;
  db: Database;
  /** Key of the webhook code HMAC (AUTH_SECRET, or a per-process random one in development). */
  authSecret: string;
  secrets: SecretBox;
  safeFetch: SafeFetch;
  assertPublicUrl: (url: string | URL) => Promise<void>;
  now: () => Date;
};

export type Modules = ReturnType<typeof createModules>;

/**
 * The modules' services, wired to each other: what the API routes serve and what the sync
 * workers read (webhooks, profiles and their CRM connections, API keys, endpoints, users).
 * Both roles build them the same way.
 */
export function createModules(deps: ModulesDeps) {
  const now = deps.now;
  const blockListSyncs = blockListSyncModel(deps.db.connection);
  const users = createUsersService({
    users: userModel(deps.db.connection),
    now,
    adminEmails: deps.config.adminEmails,
    paidTierEmails: deps.config.paidTierEmails,
    profileIdsOf: (userId) => profiles.profileIdsOf(userId),
  });
  // Not every host the guard refuses is hostile: the sandbox and local test servers are allowed.
  const guardUrl = (url: string) => deps.assertPublicUrl(url);
  const profiles = createProfilesService({
    profiles: profileModel(deps.db.connection),
    states: oauthStateModel(deps.db.connection),
    secrets: deps.secrets,
    gateway: createCrmGateway(deps.config, deps.safeFetch),
    rateLimits: createCrmRateLimits({ hubspotShare: deps.config.crmBudgetShare }),
    now,
    publicUrl: deps.config.publicUrl,
    guardUrl,
    ownersOf: (ids) => users.ownersOf(ids),
    // Webhooks, API keys and webhook endpoints name what still hangs off a profile.
    profileUsage: async (profileId) => [
      ...(await webhooks.describeUsageOfProfile(profileId)),
      ...(await apiKeys.describeUsageOfProfile(profileId)),
      ...(await userAccounts.describeUsageOfProfile(profileId)),
      ...(await blockListUsageOfProfile(blockListSyncs, profileId)),
    ],
    logger: deps.logger,
  });
  const apiKeys = createApiKeysService({
    apiKeys: apiKeyModel(deps.db.connection),
    leadCategories: leadCategoryModel(deps.db.connection),
    profiles: profileModel(deps.db.connection),
    secrets: deps.secrets,
    platforms: createPlatformGateway({
      urls: deps.config.platforms,
      fetch: deps.safeFetch,
      assertPublicUrl: guardUrl,
    }),
    now,
    // A key a webhook filters by, or a block list writes with, cannot be deleted.
    keyUsage: async (keyId) => [
      ...(await webhooks.describeUsageOfKey(keyId)),
      ...((await blockListSyncsOfKeys(blockListSyncs, [keyId])).get(keyId) ?? []).map(
        (sync) => `block list "${sync.listName}"`,
      ),
    ],
    blockListSyncsOfKeys: (keyIds) => blockListSyncsOfKeys(blockListSyncs, keyIds),
  });
  const userAccounts = createUserAccountsService({
    userAccounts: userAccountModel(deps.db.connection),
    profiles: profileModel(deps.db.connection),
    secrets: deps.secrets,
    fetch: deps.safeFetch,
    now,
    // An endpoint a webhook forwards to cannot be deleted.
    endpointUsage: (endpointId) => webhooks.describeUsageOfEndpoint(endpointId),
  });
  const crmData = createCrmDataService({
    profiles,
    listUserAccountsOfProfile: (profileId, viewer) =>
      userAccounts.listUserAccountsOfProfile(profileId, viewer),
  });
  const webhooks = createWebhooksService({
    webhooks: webhookModel(deps.db.connection),
    profiles: profileModel(deps.db.connection),
    apiKeys: apiKeyModel(deps.db.connection),
    codes: createWebhookCodes(deps.authSecret),
    publicUrl: deps.config.publicUrl,
    now,
    usersOf: (ids) => users.ownersOf(ids),
    crmOwners: async (user, profileId, crm) =>
      (await crmData.ownersAndUserAccounts(user, profileId, crm)).owners,
    validateTaskType: (user, input) => crmData.validateTaskType(user, input),
    userAccountsOfProfile: (profileId, viewer) =>
      userAccounts.listUserAccountsOfProfile(profileId, viewer),
    customFieldObjectsCreatedOf: (profileId) => profiles.customFieldObjectsCreatedOf(profileId),
  });
  return { users, profiles, apiKeys, userAccounts, crmData, webhooks, guardUrl };
}
