import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import { accountsRoutes } from '@outsync/contracts/accounts';
import { webhooksEmbedRoutes } from '@outsync/contracts/webhooks';
import Koa from 'koa';
import type { Config } from './config';
import type { Database } from './platform/db';
import { csrfProtection } from './platform/http/csrf';
import { embedAuthentication, embedCors, type RoutePattern } from './platform/http/embed-auth';
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
import { registerPartnersRoutes } from './modules/partners/partners.routes';
import {
  createPartnersService,
  embedTokenModel,
  partnerModel,
} from './modules/partners/partners.service';
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

/** The routes an embed token opens (contracts' table of the embedded webhook module). */
const embedRoutes: RoutePattern[] = Object.values(webhooksEmbedRoutes);
/**
 * What the embedded module calls across origins: its routes, and the public Send Test Webhook
 * call (the receiver's `/webhooks/test/:code`), whose answer its dialog shows.
 */
const crossOriginRoutes: RoutePattern[] = [
  ...embedRoutes,
  { method: 'post', path: '/webhooks/test/:code' },
];
/** Routes that read a bearer credential of their own: the partner key of the token call. */
const partnerKeyRoutes: RoutePattern[] = [accountsRoutes.createEmbedToken];

/**
 * The Koa app: request context, error envelope, the embedded module's CORS, the receiver, embed
 * tokens, session, CSRF, JSON bodies, then every module's routes.
 */
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
  const partners = createPartnersService({
    partners: partnerModel(deps.db.connection),
    embedTokens: embedTokenModel(deps.db.connection),
    async userIdOfEmail(email) {
      const user = await userModel(deps.db.connection).exists({ email });
      return user ? user._id.toString() : null;
    },
    userById: (id) => users.findById(id),
    now,
  });

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
  registerPartnersRoutes(router, { partners });
  registerUsersRoutes(router, {
    admin: createUsersAdmin({
      users: userModel(deps.db.connection),
      profiles: profileModel(deps.db.connection),
    }),
  });

  app
    .use(requestContext(deps.logger))
    .use(errorHandler())
    // Inside the error handler, so an error's envelope keeps the allowed origin.
    .use(
      embedCors({
        routes: crossOriginRoutes,
        isAllowedOrigin: (origin) => partners.isAllowedOrigin(origin),
      }),
    )
    // The platforms' webhooks: before the session, CSRF and the dashboard's body parser.
    .use(receiverRoutes.routes())
    // A bearer token decides alone: before the session, whose cookie it then never consults.
    .use(
      embedAuthentication({
        lookup: (token) => partners.checkEmbedToken(token),
        routes: embedRoutes,
        ownBearerRoutes: partnerKeyRoutes,
      }),
    )
    .use(sessionContext((token) => auth.findSession(token)))
    .use(noStoreWhenSignedIn())
    .use(csrfProtection({ bearerRoutes: partnerKeyRoutes }))
    .use(bodyParser({ enableTypes: ['json'], jsonLimit: '1mb' }))
    .use(router.routes())
    .use(router.allowedMethods());
  return app;
}
