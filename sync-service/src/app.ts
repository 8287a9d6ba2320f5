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
import { createUsersAdmin } from './modules/users/users-admin';
import { registerUsersRoutes } from './modules/users/users.routes';
import { registerCrmDataRoutes } from './modules/profiles/crm-data.routes';
import { registerProfilesRoutes } from './modules/profiles/profiles.routes';
import { profileModel } from './modules/profiles/profiles.service';
import { registerApiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { apiKeyModel } from './modules/api-keys/api-keys.service';
import { registerBlockListHelpersRoutes } from './modules/block-list-helpers/block-list-helpers.routes';
import { createBlockListHelpersService } from './modules/block-list-helpers/block-list-helpers.service';
import { registerUserAccountsRoutes } from './modules/user-accounts/user-accounts.routes';
import { registerWebhooksRoutes } from './modules/webhooks/webhooks.routes';
import { createModules } from './modules';
import { receiverRouter } from './modules/receiver/receiver.routes';
import { registerWebhookLogsRoutes } from './modules/webhook-logs/webhook-logs.routes';
import { createWebhookLogsService } from './modules/webhook-logs/webhook-logs.service';
import { blockListLogModel } from './modules/block-lists/block-list-log.model';
import {
  blockListStateModel,
  blockListSyncModel,
} from './modules/block-lists/block-list-sync.model';
import { registerBlockListsRoutes } from './modules/block-lists/block-lists.routes';
import { createBlockListsService } from './modules/block-lists/block-lists.service';
import { registerHistoryRoutes } from './modules/history/history.routes';
import { createHistoryService } from './modules/history/history.service';
import { createReceiverService } from './modules/receiver/receiver.service';
import type { SyncDispatcher } from './sync/dispatcher';
import { createSyncEngine } from './sync/engine';

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
    | 'sync'
    | 'crmBudgetShare'
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
  /** Where received events go: gathered per CRM account into jobs, retries queued at a time. */
  sync: {
    schedule(eventIds: string[], at: Date): Promise<void>;
    dispatcher: SyncDispatcher;
    /** Queues a block-list sync's run now (create, resume). */
    queueBlockListRun(syncId: string): Promise<void>;
  };
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

  const modules = createModules({ ...deps, now });
  const { users, profiles, apiKeys, userAccounts, crmData, webhooks } = modules;
  const auth = createAuthService({
    ...authModels(deps.db.connection),
    users,
    mailer: deps.mailer,
    limiter: createRateLimiter({ connection: deps.db.connection, now }),
    now,
    secret: deps.authSecret,
  });

  const engine = createSyncEngine({ ...deps, modules, now, schedule: deps.sync.schedule });
  const receiver = createReceiverService({
    events: engine.models.events,
    webhooks,
    async describe({ userId, userProfileId }) {
      const [owner, profile] = await Promise.all([
        users.findById(userId),
        profiles.findProfile(userProfileId),
      ]);
      return { userEmail: owner?.email ?? '', crm: profile?.crm ?? 'HUBSPOT' };
    },
    dispatcher: deps.sync.dispatcher,
    pipeline: engine.pipeline,
    now,
    retentionDays: deps.config.sync.retentionDays,
    logger: deps.logger,
  });
  const receiverRoutes = receiverRouter(receiver);

  registerHealthRoutes(router, { health: createHealthService({ db: deps.db }) });
  registerOpenApiRoutes(router, { publicUrl: deps.config.publicUrl });
  registerAuthRoutes(router, { auth, users });
  registerProfilesRoutes(router, { profiles });
  registerCrmDataRoutes(router, { crmData });
  registerApiKeysRoutes(router, { apiKeys });
  registerBlockListHelpersRoutes(router, {
    helpers: createBlockListHelpersService({
      profiles,
      profileModel: profileModel(deps.db.connection),
      apiKeys: apiKeyModel(deps.db.connection),
      secrets: deps.secrets,
      platformUrls: deps.config.platforms,
      fetch: deps.safeFetch,
    }),
  });
  registerBlockListsRoutes(router, {
    blockLists: createBlockListsService({
      syncs: blockListSyncModel(deps.db.connection),
      states: blockListStateModel(deps.db.connection),
      profiles,
      profileModel: profileModel(deps.db.connection),
      apiKeys: apiKeyModel(deps.db.connection),
      secrets: deps.secrets,
      platformUrls: deps.config.platforms,
      fetch: deps.safeFetch,
      queueRun: deps.sync.queueBlockListRun,
      now,
    }),
  });
  registerUserAccountsRoutes(router, { userAccounts });
  registerWebhooksRoutes(router, { webhooks });
  registerWebhookLogsRoutes(router, {
    webhookLogs: createWebhookLogsService({
      events: engine.models.events,
      pipeline: engine.pipeline,
    }),
  });
  registerHistoryRoutes(router, {
    history: createHistoryService({
      events: engine.models.events,
      holds: engine.models.holds,
      profiles: profileModel(deps.db.connection),
      blockListLogs: blockListLogModel(deps.db.connection),
      blockListSyncs: blockListSyncModel(deps.db.connection),
      // HubSpot's web app is the authorize page's host (app.hubspot.com in production).
      hubspotAppUrl: new URL(deps.config.hubspot.authorizeUrl).origin,
      now,
    }),
  });
  registerUsersRoutes(router, {
    admin: createUsersAdmin({
      users: userModel(deps.db.connection),
      profiles: profileModel(deps.db.connection),
    }),
  });

  app
    .use(requestContext(deps.logger))
    .use(errorHandler())
    // The platforms' webhooks: before the session, CSRF and the dashboard's body parser.
    .use(receiverRoutes.routes())
    .use(sessionContext((token) => auth.findSession(token)))
    .use(noStoreWhenSignedIn())
    .use(csrfProtection())
    .use(bodyParser({ enableTypes: ['json'], jsonLimit: '1mb' }))
    .use(router.routes())
    .use(router.allowedMethods());
  return app;
}
