import { useQueryClient } from '@tanstack/react-query';
import { theme } from '@outsync/ui';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { currentUserAtom } from '@outsync/app-runtime';
import { Centered, mainPageLinkText } from './not-found-page';

export const unauthorizedText = 'Unauthorized!';
// Beyond the spec (issue 31): why the page shows, and the way back to sign-in.
export const signedOutText =
  'You are signed out: your session ended, or you signed out in another tab.';
export const signInAgainText = 'Sign in again';

/**
 * /unauthorized (spec 01 §2.5): where a 401 lands. Only a missing session answers 401, so the
 * page says so and leads back to sign-in ('/'). What the ended session had loaded (the user,
 * the screens' data) is dropped: whoever signs in next starts afresh.
 */
export function UnauthorizedPage() {
  const setUser = useSetAtom(currentUserAtom);
  const queryClient = useQueryClient();
  useEffect(() => {
    setUser(null);
    queryClient.clear();
  }, [setUser, queryClient]);
  return (
    <Centered>
      <h1>{unauthorizedText}</h1>
      <p>{signedOutText}</p>
      <SignIn to="/">{signInAgainText}</SignIn>
      <Link to="/">{mainPageLinkText}</Link>
    </Centered>
  );
}

const SignIn = styled(Link)`
  padding: ${theme.space(2)} ${theme.space(5)};
  border-radius: ${theme.radius};
  background: ${theme.colors.brand};
  color: ${theme.colors.brandInk};
  font-weight: 600;
  text-decoration: none;
`;
