import { PlaceholderPage } from '@outsync/app-runtime';

export const ServicesTitle = 'Webhook endpoint';

export default function ServicesPage() {
  return <PlaceholderPage title={ServicesTitle} module="mfe-accounts" />;
}
