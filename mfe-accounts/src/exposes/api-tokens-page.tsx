import { ApiTokensScreen } from '../features/api-tokens/components/api-tokens-screen';

export const ApiTokensTitle = 'API tokens';

export default function ApiTokensPage() {
  return <ApiTokensScreen title={ApiTokensTitle} />;
}
