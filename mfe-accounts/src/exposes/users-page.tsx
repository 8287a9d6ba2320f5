import { PlaceholderPage } from '@outsync/ui';

export const UsersTitle = 'Users';

export default function UsersPage() {
  return <PlaceholderPage title={UsersTitle} module="mfe-accounts" />;
}
