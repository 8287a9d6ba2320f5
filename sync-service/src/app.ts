import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import Koa from 'koa';
import type { Config } from './config';
import type { Database } from './platform/db';
import { errorHandler } from './platform/http/error-handler';
import { requestContext } from './platform/http/request-context';
import type { AppState } from './platform/http/types';
import type { Logger } from './platform/logger';
import { createHealthService } from './modules/health/health.service';
import { registerHealthRoutes } from './modules/health/health.routes';
import { registerOpenApiRoutes } from './modules/openapi/openapi.routes';

export type AppDeps = {
  config: Pick<Config, 'publicUrl'>;
  logger: Logger;
  db: Database;
};

/** The Koa app: request context, error envelope, JSON bodies, then every module's routes. */
export function createApp(deps: AppDeps): Koa<AppState> {
  const app = new Koa<AppState>();
  const router = new Router<AppState>();

  registerHealthRoutes(router, { health: createHealthService({ db: deps.db }) });
  registerOpenApiRoutes(router, { publicUrl: deps.config.publicUrl });

  app
    .use(requestContext(deps.logger))
    .use(errorHandler())
    .use(bodyParser({ enableTypes: ['json'], jsonLimit: '1mb' }))
    .use(router.routes())
    .use(router.allowedMethods());
  return app;
}
