export { registerWebhookPreviewRoutes } from './webhook-preview.routes';
export { createWebhookPreviewService, type WebhookPreviewService } from './webhook-preview.service';
