import { PlaceholderPage } from '@outsync/app-runtime';

export const WebhooksTitle = 'Webhooks';

export default function WebhooksPage() {
  return <PlaceholderPage title={WebhooksTitle} module="mfe-webhooks" />;
}
