import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { currentUserAtom } from '@outsync/app-runtime';
import { Spinner } from '@outsync/ui';
import { useAdminUsers } from '../features/users/api/get-admin-users';
import { UsersScreen } from '../features/users/components/users-screen';

export const UsersTitle = 'Users';

// Admins only, on first use: managers never load the partners code, and the screen's first load
// stays as it was.
const PartnersSection = lazy(() =>
  import('../features/partners/components/partners-section').then((module) => ({
    default: module.PartnersSection,
  })),
);

const loadingPartners = 'Loading partners';

/**
 * The Users screen; an admin also gets the Partners section under the table (issue 15), whose
 * customers are picked from the same users list (one cached request for both).
 */
export default function UsersPage() {
  const isAdmin = useAtomValue(currentUserAtom)?.isAdmin === true;
  const users = useAdminUsers({ enabled: isAdmin });
  const signInEmails = [...new Set((users.data ?? []).map((row) => row.userEmail))];

  return (
    <UsersScreen title={UsersTitle}>
      {isAdmin ? (
        <Suspense fallback={<Spinner label={loadingPartners} />}>
          <PartnersSection signInEmails={signInEmails} signInEmailsLoading={users.isPending} />
        </Suspense>
      ) : null}
    </UsersScreen>
  );
}
