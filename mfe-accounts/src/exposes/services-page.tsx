import { WebhookEndpointsScreen } from '../features/webhook-endpoints/components/webhook-endpoints-screen';

export const ServicesTitle = 'Webhook endpoint';

export default function ServicesPage() {
  return <WebhookEndpointsScreen title={ServicesTitle} />;
}
