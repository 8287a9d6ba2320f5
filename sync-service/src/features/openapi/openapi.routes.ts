import { apiInfo, apiRoutes, buildOpenApiDocument } from '@outsync/contracts';
import { API_TOKEN_SCHEME_DESCRIPTION } from '@outsync/contracts/accounts';
import { serviceRoutes } from '../../api-table';
import { addRoute } from '../../platform/http/route';
import { SESSION_COOKIE } from '../../platform/http/session';
import type { AppRouter } from '../../platform/http/types';

export function registerOpenApiRoutes(router: AppRouter, deps: { publicUrl: string }): void {
  // Built once: the route tables do not change while the process runs. Every route the service
  // serves, not only the core table.
  const document = buildOpenApiDocument(serviceRoutes, {
    ...apiInfo,
    serverUrl: deps.publicUrl,
    sessionCookie: SESSION_COOKIE,
    // Customers' API tokens (issue 34): the routes that take one list them beside the session.
    apiToken: { description: API_TOKEN_SCHEME_DESCRIPTION },
  });
  addRoute(router, apiRoutes.openapi, () => document);
}
