import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { mayOpenRoute, type RouteAccess } from '@outsync/contracts';
import { currentUserAtom } from '@outsync/app-runtime';
import { NotFoundPage } from '../pages/not-found-page';

/**
 * A dashboard screen the signed-in user's role may not open (Users for a customer) answers as
 * an unknown path does: the sidebar hides it, and the URL does not reveal that it exists. The
 * service enforces the same rule on the data.
 */
export function RouteAccessGate({
  access,
  children,
}: {
  access: RouteAccess;
  children: ReactNode;
}) {
  const user = useAtomValue(currentUserAtom);
  return mayOpenRoute(access, user) ? children : <NotFoundPage />;
}
