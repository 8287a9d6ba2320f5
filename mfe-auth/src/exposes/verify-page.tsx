import { PlaceholderPage } from '@outsync/ui';

export const VerifyTitle = 'Verify Your Identity';

export default function VerifyPage() {
  return <PlaceholderPage title={VerifyTitle} module="mfe-auth" />;
}
