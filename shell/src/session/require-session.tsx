import { useAtom } from 'jotai';
import { useEffect, type ReactNode } from 'react';
import styled from 'styled-components';
import { currentUserAtom } from '@outsync/app-runtime';
import { isApiError } from '@outsync/contracts';
import { Spinner, theme } from '@outsync/ui';
import { useCurrentUser } from './get-current-user';

export const sessionLoadFailedText =
  'Could not load your account. Check your connection and reload.';

/**
 * Loads the current user when the dashboard opens (spec 01 §2.2) and keeps it in
 * `currentUserAtom`, where modules read roles and the plan. A 401 has already sent the browser
 * to /unauthorized through the API client; other failures say so here.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const currentUser = useCurrentUser();
  const [user, setUser] = useAtom(currentUserAtom);

  useEffect(() => {
    if (currentUser.data) setUser(currentUser.data);
  }, [currentUser.data, setUser]);

  if (user) return children;
  if (currentUser.isError && !isUnauthorized(currentUser.error)) {
    return <Message role="alert">{sessionLoadFailedText}</Message>;
  }
  return <Spinner label="Loading your account" />;
}

function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

const Message = styled.p`
  padding: ${theme.space(6)};
`;
