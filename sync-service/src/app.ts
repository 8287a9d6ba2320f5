import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import Koa from 'koa';
import type { Config } from './config';
import type { Database } from './platform/db';
import { csrfProtection } from './platform/http/csrf';
import { errorHandler } from './platform/http/error-handler';
import { noStoreWhenSignedIn } from './platform/http/no-store';
import { requestContext } from './platform/http/request-context';
import { sessionContext } from './platform/http/session';
import type { AppState } from './platform/http/types';
import type { Logger } from './platform/logger';
import type { Mailer } from './platform/mailer';
import { createRateLimiter } from './platform/rate-limit';
import type { SafeFetch } from './platform/safe-fetch';
import type { SecretBox } from './platform/secrets';
import { authModels } from './modules/auth/auth.model';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createHealthService } from './modules/health/health.service';
import { registerHealthRoutes } from './modules/health/health.routes';
import { registerOpenApiRoutes } from './modules/openapi/openapi.routes';
import { userModel } from './modules/users/users.model';
import { createUsersService } from './modules/users/users.service';
import { createUsersAdmin } from './modules/users/users-admin';
import { registerUsersRoutes } from './modules/users/users.routes';
import { createCrmGateway } from './modules/profiles/crm-gateway';
import { registerCrmDataRoutes } from './modules/profiles/crm-data.routes';
import { createCrmDataService } from './modules/profiles/crm-data.service';
import { oauthStateModel } from './modules/profiles/oauth-state.model';
import { registerProfilesRoutes } from './modules/profiles/profiles.routes';
import { createProfilesService, profileModel } from './modules/profiles/profiles.service';
import { registerApiKeysRoutes } from './modules/api-keys/api-keys.routes';
import {
  apiKeyModel,
  createApiKeysService,
  createPlatformGateway,
  leadCategoryModel,
} from './modules/api-keys/api-keys.service';
import { registerUserAccountsRoutes } from './modules/user-accounts/user-accounts.routes';
import {
  createUserAccountsService,
  userAccountModel,
} from './modules/user-accounts/user-accounts.service';
import { registerWebhooksRoutes } from './modules/webhooks/webhooks.routes';
import {
  createWebhookCodes,
  createWebhooksService,
  webhookModel,
} from './modules/webhooks/webhooks.service';

export type AppDeps = {
  config: Pick<
    Config,
    | 'publicUrl'
    | 'trustProxy'
    | 'adminEmails'
    | 'paidTierEmails'
    | 'outboundAllowHosts'
    | 'hubspot'
    | 'salesforce'
    | 'platforms'
  >;
  logger: Logger;
  db: Database;
  mailer: Mailer;
  /** Key of the sign-in code HMAC (AUTH_SECRET, or a per-process random one in development). */
  authSecret: string;
  /** Seals OAuth tokens and API keys before they are stored (SECRETS_KEY). */
  secrets: SecretBox;
  /** The only fetch for URLs outside our control: refuses private addresses (SSRF). */
  safeFetch: SafeFetch;
  /** safeFetch's own check (same allow-list and DNS lookup), for URLs to vet before storing them. */
  assertPublicUrl: (url: string | URL) => Promise<void>;
  /** The clock; tests move it to expire codes and sessions. */
  now?: () => Date;
};

/** The Koa app: request context, error envelope, session, CSRF, JSON bodies, then every module's routes. */
export function createApp(deps: AppDeps): Koa<AppState> {
  const now = deps.now ?? (() => new Date());
  const app = new Koa<AppState>();
  // Only behind a proxy may X-Forwarded-For/-Proto decide ctx.ip (rate limits) and ctx.secure (cookies).
  app.proxy = deps.config.trustProxy;
  // The client's address is the entry our one proxy appended (the last); anything to the left
  // of it came from the client and could be forged to dodge the per-IP rate limits.
  app.maxIpsCount = 1;
  const router = new Router<AppState>();

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
    now,
    publicUrl: deps.config.publicUrl,
    guardUrl,
    ownersOf: (ids) => users.ownersOf(ids),
    // Webhooks, API keys and webhook endpoints name what still hangs off a profile.
    profileUsage: async (profileId) => [
      ...(await webhooks.describeUsageOfProfile(profileId)),
      ...(await apiKeys.describeUsageOfProfile(profileId)),
      ...(await userAccounts.describeUsageOfProfile(profileId)),
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
    // A key a webhook filters by cannot be deleted.
    keyUsage: (keyId) => webhooks.describeUsageOfKey(keyId),
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
  const auth = createAuthService({
    ...authModels(deps.db.connection),
    users,
    mailer: deps.mailer,
    limiter: createRateLimiter({ connection: deps.db.connection, now }),
    now,
    secret: deps.authSecret,
  });

  registerHealthRoutes(router, { health: createHealthService({ db: deps.db }) });
  registerOpenApiRoutes(router, { publicUrl: deps.config.publicUrl });
  registerAuthRoutes(router, { auth, users });
  registerProfilesRoutes(router, { profiles });
  registerCrmDataRoutes(router, { crmData });
  registerApiKeysRoutes(router, { apiKeys });
  registerUserAccountsRoutes(router, { userAccounts });
  registerWebhooksRoutes(router, { webhooks });
  registerUsersRoutes(router, {
    admin: createUsersAdmin({
      users: userModel(deps.db.connection),
      profiles: profileModel(deps.db.connection),
    }),
  });

  app
    .use(requestContext(deps.logger))
    .use(errorHandler())
    .use(sessionContext((token) => auth.findSession(token)))
    .use(noStoreWhenSignedIn())
    .use(csrfProtection())
    .use(bodyParser({ enableTypes: ['json'], jsonLimit: '1mb' }))
    .use(router.routes())
    .use(router.allowedMethods());
  return app;
}
