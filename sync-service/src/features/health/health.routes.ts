import { apiRoutes, ErrorCodes, type NotReadyDetails } from '@outsync/contracts';
import { HttpError } from '../../platform/http/http-error';
import { addRoute } from '../../platform/http/route';
import type { AppRouter } from '../../platform/http/types';
import type { HealthService } from './health.service';

export function registerHealthRoutes(router: AppRouter, deps: { health: HealthService }): void {
  addRoute(router, apiRoutes.health, () => ({ status: 'ok' as const }));

  addRoute(router, apiRoutes.ready, async (_input, ctx) => {
    const { ready, checks } = await deps.health.readiness(ctx.state.log);
    if (!ready) {
      const details: NotReadyDetails = { checks };
      throw new HttpError(503, ErrorCodes.notReady, 'Service not ready', details);
    }
    return { status: 'ok' as const, checks };
  });
}
