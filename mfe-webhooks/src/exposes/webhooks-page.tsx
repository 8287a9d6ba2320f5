import { PlaceholderPage } from '@outsync/ui';

export const WebhooksTitle = 'Webhooks';

export default function WebhooksPage() {
  return <PlaceholderPage title={WebhooksTitle} module="mfe-webhooks" />;
}
