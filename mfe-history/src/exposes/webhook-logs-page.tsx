import {
  WebhookLogsScreen,
  webhookLogsTexts,
} from '../features/webhook-logs/components/webhook-logs-screen';

export const WebhookLogsTitle = webhookLogsTexts.title;

/** webhook-logs (spec 02 §2.9). */
export default function WebhookLogsPage() {
  return <WebhookLogsScreen />;
}
