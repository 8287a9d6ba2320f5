import { PlaceholderPage } from '@outsync/app-runtime';

export const SalesforceTitle = 'Salesforce settings';

export default function SalesforcePage() {
  return <PlaceholderPage title={SalesforceTitle} module="mfe-accounts" />;
}
