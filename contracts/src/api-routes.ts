import { authRoutes } from './auth/auth.routes';
import { healthRoutes } from './health/health.routes';
import { OpenApiDocumentSchema } from './http/openapi-document.schemas';
import { defineRoute } from './http/route';
import { syncAlertsRoutes } from './sync/sync-alerts.routes';

/**
 * The core routes of the sync-service API: health, OpenAPI, sign-in and the session. The client,
 * the server and the OpenAPI document read it. Each area's routes are a table of their own in
 * the area's entry (`accountsRoutes` in `@outsync/contracts/accounts`); the service serves and
 * documents them all. Health and auth keep their routes in their own folders; the order here is
 * the OpenAPI document's.
 */
export const apiRoutes = {
  ...healthRoutes,
  openapi: defineRoute({
    method: 'get',
    path: '/api/openapi.json',
    response: OpenApiDocumentSchema,
    auth: 'none',
    description: 'This OpenAPI 3.1 document, generated from the contracts route table.',
  }),
  ...authRoutes,
  ...syncAlertsRoutes,
};

export type ApiRoutes = typeof apiRoutes;

/** Title and version of the API, as the OpenAPI document states them. */
export const apiInfo = { title: 'OutSync API', version: '0.1.0' } as const;
