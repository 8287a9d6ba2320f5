import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import Koa from 'koa';
import type { Config } from './config';
import type { Database } from './platform/db';
import { csrfProtection } from './platform/http/csrf';
import { errorHandler } from './platform/http/error-handler';
import { requestContext } from './platform/http/request-context';
import { sessionContext } from './platform/http/session';
import type { AppState } from './platform/http/types';
import type { Logger } from './platform/logger';
import type { Mailer } from './platform/mailer';
import { createRateLimiter } from './platform/rate-limit';
import { authModels } from './modules/auth/auth.model';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createHealthService } from './modules/health/health.service';
import { registerHealthRoutes } from './modules/health/health.routes';
import { registerOpenApiRoutes } from './modules/openapi/openapi.routes';
import { userModel } from './modules/users/users.model';
import { createUsersService } from './modules/users/users.service';

export type AppDeps = {
  config: Pick<Config, 'publicUrl' | 'trustProxy' | 'adminEmails' | 'paidTierEmails'>;
  logger: Logger;
  db: Database;
  mailer: Mailer;
  /** Key of the sign-in code HMAC (AUTH_SECRET, or a per-process random one in development). */
  authSecret: string;
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
  registerAuthRoutes(router, { auth });

  app
    .use(requestContext(deps.logger))
    .use(errorHandler())
    .use(sessionContext((token) => auth.findSession(token)))
    .use(csrfProtection())
    .use(bodyParser({ enableTypes: ['json'], jsonLimit: '1mb' }))
    .use(router.routes())
    .use(router.allowedMethods());
  return app;
}
