import { HealthResponseSchema, ReadyResponseSchema } from './health/health.schemas';
import { OpenApiDocumentSchema } from './http/openapi-document.schemas';
import { defineRoute } from './http/route';

/** Every route of the sync-service API. The client, the server and the OpenAPI document read it. */
export const apiRoutes = {
  health: defineRoute({
    method: 'get',
    path: '/healthz',
    response: HealthResponseSchema,
    auth: 'none',
    description: 'Liveness: the process is up. Checks no dependency.',
  }),
  ready: defineRoute({
    method: 'get',
    path: '/readyz',
    response: ReadyResponseSchema,
    errors: { 503: 'Not ready: `details.checks` names the failing dependency (`not_ready`).' },
    auth: 'none',
    description: 'Readiness: the service can take traffic (MongoDB answers a ping).',
  }),
  openapi: defineRoute({
    method: 'get',
    path: '/api/openapi.json',
    response: OpenApiDocumentSchema,
    auth: 'none',
    description: 'This OpenAPI 3.1 document, generated from the contracts route table.',
  }),
};

export type ApiRoutes = typeof apiRoutes;

/** Title and version of the API, as the OpenAPI document states them. */
export const apiInfo = { title: 'OutSync API', version: '0.1.0' } as const;
