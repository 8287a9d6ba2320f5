import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import { acceptsApiToken, type RouteDefinition } from '@outsync/contracts';
import { accountsRoutes } from '@outsync/contracts/accounts';
import { webhooksEmbedRoutes } from '@outsync/contracts/webhooks';
import Koa from 'koa';
import { serviceRoutes } from './api-table';
import type { Composition } from './composition';
import type { Config } from './config';
import {
  auditedCalls,
  auditTrail,
  registerAuditRoutes,
  sendTestWebhookRoute,
} from './features/audit';
import { createAuthService, registerAuthRoutes } from './features/auth';
import { registerApiKeysRoutes } from './features/api-keys';
import { registerApiTokensRoutes } from './features/api-tokens';
import {
  registerBlockListHelpersRoutes,
  registerBlockListLogsRoutes,
  registerBlockListsRoutes,
} from './features/block-lists';
import { registerCategoryBaseFiltersRoutes } from './features/category-holds';
import { registerHealthRoutes } from './features/health';
import { registerOpenApiRoutes } from './features/openapi';
import { registerPartnersRoutes } from './features/partners';
import { registerCrmDataRoutes, registerProfilesRoutes } from './features/profiles';
import { registerUserAccountsRoutes } from './features/user-accounts';
import { registerUsersRoutes } from './features/users';
import {
  createReceiverService,
  receiverRouter,
  receiverTestRouter,
  registerSyncAlertsRoutes,
  registerWebhookLiveRoutes,
  registerWebhookLogsRoutes,
  type SyncDispatcher,
} from './features/webhook-events';
import { registerWebhooksRoutes } from './features/webhooks';
import { registerWebhookPreviewRoutes } from './features/webhook-preview';
import { registerBackfillRoutes } from './features/backfill';
import { apiTokenAuthentication } from './platform/http/api-token-auth';
import { csrfProtection } from './platform/http/csrf';
import { embedAuthentication, embedCors, type RoutePattern } from './platform/http/embed-auth';
import { errorHandler } from './platform/http/error-handler';
import { noStoreWhenSignedIn } from './platform/http/no-store';
import { requestContext } from './platform/http/request-context';
import { sessionContext } from './platform/http/session';
import type { AppState } from './platform/http/types';
import type { Logger } from './platform/logger';
import type { Mailer } from './platform/mailer';

export type AppDeps = {
  config: Pick<Config, 'publicUrl' | 'trustProxy' | 'sync'>;
  logger: Logger;
  mailer: Mailer;
  /** Key of the sign-in code HMAC (AUTH_SECRET, or a per-process random one in development). */
  authSecret: string;
  /** The clock; tests move it to expire codes and sessions. */
  now: () => Date;
  /** Where received events go: gathered per CRM account into jobs. */
  dispatcher: SyncDispatcher;
};

/** The routes an embed token opens (contracts' table of the embedded webhook module). */
const embedRoutes: RoutePattern[] = Object.values(webhooksEmbedRoutes);
/** Where an embed token stands for its customer: its routes, and the webhook's test address. */
const embedIdentityRoutes: RoutePattern[] = [...embedRoutes, sendTestWebhookRoute];
/**
 * What the embedded module calls across origins: its routes, and the public Send Test Webhook
 * call (the receiver's `/webhooks/test/:code`), whose answer its dialog shows.
 */
const crossOriginRoutes: RoutePattern[] = embedIdentityRoutes;
/** Routes that read a bearer credential of their own: the partner key of the token call. */
const partnerKeyRoutes: RoutePattern[] = [accountsRoutes.createEmbedToken];
/**
 * What a customer API token opens: every route that needs a signed-in user, but the token routes
 * (contracts' `acceptsApiToken`; the OpenAPI document lists the same).
 */
const apiTokenRoutes: RoutePattern[] =
  Object.values<RouteDefinition>(serviceRoutes).filter(acceptsApiToken);

/**
 * The Koa app: request context, error envelope, the embedded module's CORS, the receiver, API and
 * embed tokens, session, CSRF, JSON bodies, then every module's routes.
 */
export function createApp(composition: Composition, deps: AppDeps): Koa<AppState> {
  const { now } = deps;
  const app = new Koa<AppState>();
  // Only behind a proxy may X-Forwarded-For/-Proto decide ctx.ip (rate limits) and ctx.secure (cookies).
  app.proxy = deps.config.trustProxy;
  // The client's address is the entry our one proxy appended (the last); anything to the left
  // of it came from the client and could be forged to dodge the per-IP rate limits.
  app.maxIpsCount = 1;
  const router = new Router<AppState>();

  const { models, users, profiles, partners } = composition;
  const auth = createAuthService({
    sessions: models.sessions,
    codes: models.codes,
    users,
    mailer: deps.mailer,
    limiter: composition.rateLimiter,
    now,
    secret: deps.authSecret,
  });
  const receiver = createReceiverService({
    events: models.events,
    webhooks: composition.webhooks,
    async describe({ userId, userProfileId }) {
      const [owner, profile] = await Promise.all([
        users.findById(userId),
        profiles.findProfile(userProfileId),
      ]);
      return { userEmail: owner?.email ?? '', crm: profile?.crm ?? 'HUBSPOT' };
    },
    dispatcher: deps.dispatcher,
    pipeline: composition.pipeline,
    now,
    retentionDays: deps.config.sync.retentionDays,
    logger: deps.logger,
    metrics: composition.metrics,
  });

  registerHealthRoutes(router, { health: composition.health });
  registerOpenApiRoutes(router, { publicUrl: deps.config.publicUrl });
  registerAuthRoutes(router, { auth, users });
  registerProfilesRoutes(router, { profiles });
  registerCrmDataRoutes(router, { crmData: composition.crmData });
  registerApiKeysRoutes(router, { apiKeys: composition.apiKeys });
  registerBlockListHelpersRoutes(router, { helpers: composition.blockListHelpers });
  registerBlockListsRoutes(router, { blockLists: composition.blockLists });
  registerUserAccountsRoutes(router, { userAccounts: composition.userAccounts });
  registerWebhooksRoutes(router, { webhooks: composition.webhooks });
  registerWebhookPreviewRoutes(router, { preview: composition.webhookPreview });
  registerBackfillRoutes(router, { backfills: composition.backfills });
  registerWebhookLogsRoutes(router, {
    webhookLogs: composition.webhookLogs,
    reads: composition.webhookLogReads,
  });
  registerWebhookLiveRoutes(router, { live: composition.webhookLive });
  registerCategoryBaseFiltersRoutes(router, { reads: composition.categoryBaseFilterReads });
  registerBlockListLogsRoutes(router, { reads: composition.blockListLogReads });
  registerPartnersRoutes(router, { partners });
  registerApiTokensRoutes(router, { apiTokens: composition.apiTokens });
  registerUsersRoutes(router, { admin: composition.usersAdmin });
  registerAuditRoutes(router, { audit: composition.audit });
  registerSyncAlertsRoutes(router, { alerts: composition.syncAlerts });

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
    .use(receiverRouter(receiver).routes())
    // A bearer token decides alone: before the session, whose cookie it then never consults. A
    // customer API token (`osat_`) first; the embed middleware leaves a request it took alone.
    .use(
      apiTokenAuthentication({
        lookup: (token) => composition.apiTokens.check(token),
        routes: apiTokenRoutes,
        ownBearerRoutes: partnerKeyRoutes,
      }),
    )
    .use(
      embedAuthentication({
        lookup: (token) => partners.checkEmbedToken(token),
        routes: embedIdentityRoutes,
        ownBearerRoutes: partnerKeyRoutes,
      }),
    )
    .use(sessionContext((token) => auth.findSession(token)))
    // Wraps every call after it: records those that changed something, once they succeeded.
    .use(auditTrail(composition.audit, auditedCalls(serviceRoutes)))
    // Before CSRF: the session cookie is SameSite=Lax, so no cross-site page can send it here.
    .use(
      receiverTestRouter(receiver, (user, code) =>
        composition.webhooks.assertMayTest(user, code),
      ).routes(),
    )
    .use(noStoreWhenSignedIn())
    .use(csrfProtection({ bearerRoutes: partnerKeyRoutes }))
    .use(bodyParser({ enableTypes: ['json'], jsonLimit: '1mb' }))
    .use(router.routes())
    .use(router.allowedMethods());
  return app;
}
