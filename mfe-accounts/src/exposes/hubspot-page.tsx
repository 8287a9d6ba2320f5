import { HubspotScreen } from '../features/hubspot-profiles/components/hubspot-screen';

export const HubspotTitle = 'HubSpot accounts';

export default function HubspotPage() {
  return <HubspotScreen title={HubspotTitle} />;
}
