import { PlaceholderPage } from '@outsync/ui';

export const LoginTitle = 'Sign in to OutSync';

export default function LoginPage() {
  return <PlaceholderPage title={LoginTitle} module="mfe-auth" />;
}
