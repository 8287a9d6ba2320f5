import { PlaceholderPage } from '@outsync/app-runtime';

export const WebhookLogsTitle = 'Webhook payloads';

export default function WebhookLogsPage() {
  return <PlaceholderPage title={WebhookLogsTitle} module="mfe-history" />;
}
