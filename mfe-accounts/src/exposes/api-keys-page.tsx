import { PlaceholderPage } from '@outsync/app-runtime';

export const ApiKeysTitle = 'API keys';

export default function ApiKeysPage() {
  return <PlaceholderPage title={ApiKeysTitle} module="mfe-accounts" />;
}
