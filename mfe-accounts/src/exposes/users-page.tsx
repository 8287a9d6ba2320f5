import { PlaceholderPage } from '@outsync/app-runtime';

export const UsersTitle = 'Users';

export default function UsersPage() {
  return <PlaceholderPage title={UsersTitle} module="mfe-accounts" />;
}
