import { defineRoute } from '../http/route';
import { HealthResponseSchema, ReadyResponseSchema } from './health.schemas';

/** The service's probes: liveness and readiness, for the orchestrator. */
export const healthRoutes = {
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
};
