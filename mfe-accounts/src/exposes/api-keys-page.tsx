import { ApiKeysScreen } from '../features/api-keys/components/api-keys-screen';

export const ApiKeysTitle = 'API keys';

export default function ApiKeysPage() {
  return <ApiKeysScreen title={ApiKeysTitle} />;
}
