export { registerWebhooksRoutes } from './webhooks.routes';
export {
  createWebhookCodes,
  createWebhooksService,
  type WebhookDoc,
  webhookModel,
  type WebhooksService,
} from './webhooks.service';
