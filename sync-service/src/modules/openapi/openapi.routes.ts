import { apiInfo, apiRoutes, buildOpenApiDocument } from '@outsync/contracts';
import { addRoute } from '../../platform/http/route';
import type { AppRouter } from '../../platform/http/types';

export function registerOpenApiRoutes(router: AppRouter, deps: { publicUrl: string }): void {
  // Built once: the route table does not change while the process runs.
  const document = buildOpenApiDocument(apiRoutes, { ...apiInfo, serverUrl: deps.publicUrl });
  addRoute(router, apiRoutes.openapi, () => document);
}
