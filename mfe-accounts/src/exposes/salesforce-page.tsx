import { SalesforceScreen } from '../features/salesforce-profiles/components/salesforce-screen';

export const SalesforceTitle = 'Salesforce settings';

export default function SalesforcePage() {
  return <SalesforceScreen title={SalesforceTitle} />;
}
