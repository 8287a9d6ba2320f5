import { UsersScreen } from '../features/users/components/users-screen';

export const UsersTitle = 'Users';

export default function UsersPage() {
  return <UsersScreen title={UsersTitle} />;
}
