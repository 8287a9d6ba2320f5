import { useAtom } from 'jotai';
import { useEffect, useState, type ReactNode } from 'react';
import { currentUserAtom, useApi } from '@outsync/app-runtime';
import { Spinner } from '@outsync/ui';
import { isApiError } from '@outsync/contracts';
import styled from 'styled-components';

export const sessionLoadFailedText =
  'Could not load your account. Check your connection and reload.';

/**
 * Loads the current user when the dashboard opens (spec 01 §2.2). A 401 has already sent the
 * browser to /unauthorized through the API client; other failures say so here.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const api = useApi();
  const [user, setUser] = useAtom(currentUserAtom);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (user) return undefined;
    let active = true;
    api.me().then(
      ({ redirectUrl: _redirect, ...me }) => {
        if (active) setUser(me);
      },
      (error: unknown) => {
        if (active && !(isApiError(error) && error.status === 401)) setFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [api, user, setUser]);

  if (user) return children;
  if (failed) return <Message role="alert">{sessionLoadFailedText}</Message>;
  return <Spinner label="Loading your account" />;
}

const Message = styled.p`
  padding: ${({ theme }) => theme.space(6)};
`;
