import { apiRoutes } from '@outsync/contracts';
import { accountsRoutes } from '@outsync/contracts/accounts';
import { historyRoutes } from '@outsync/contracts/history';
import { webhooksRoutes } from '@outsync/contracts/webhooks';

/**
 * Every route this service serves: the core table and each area's. The front end imports only
 * the tables it calls (the shell the core, a module its area's entry); the service documents
 * (OpenAPI) and tests (the fuzz test) them all. A new area's table is added here.
 */
export const serviceRoutes = {
  ...apiRoutes,
  ...accountsRoutes,
  ...webhooksRoutes,
  ...historyRoutes,
};

export type ServiceRoutes = typeof serviceRoutes;
