import type { RouteClient } from '@outsync/contracts';
import type { WebhooksAreaRoutes } from '../../../shared/api/webhooks-api';

/** The client `useWebhooksApi()` returns: this module's routes and the accounts data it reads. */
export type WebhooksAreaClient = RouteClient<WebhooksAreaRoutes>;
