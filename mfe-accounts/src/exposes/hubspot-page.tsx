import { PlaceholderPage } from '@outsync/ui';

export const HubspotTitle = 'HubSpot accounts';

export default function HubspotPage() {
  return <PlaceholderPage title={HubspotTitle} module="mfe-accounts" />;
}
