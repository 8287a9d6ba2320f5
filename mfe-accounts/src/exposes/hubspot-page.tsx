import { PlaceholderPage } from '@outsync/app-runtime';

export const HubspotTitle = 'HubSpot accounts';

export default function HubspotPage() {
  return <PlaceholderPage title={HubspotTitle} module="mfe-accounts" />;
}
