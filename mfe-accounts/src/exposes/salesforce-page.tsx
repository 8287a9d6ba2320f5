import { PlaceholderPage } from '@outsync/ui';

export const SalesforceTitle = 'Salesforce settings';

export default function SalesforcePage() {
  return <PlaceholderPage title={SalesforceTitle} module="mfe-accounts" />;
}
