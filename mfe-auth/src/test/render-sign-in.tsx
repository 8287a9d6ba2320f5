import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { renderRoutes } from '@outsync/app-runtime/testing';
import LoginPage from '../exposes/login-page';
import VerifyPage from '../exposes/verify-page';

export { findToast, shownToasts } from '@outsync/app-runtime/testing';

/** Stands in for the dashboard: says where the sign-in screens sent the user. */
function Landed() {
  const { pathname } = useLocation();
  return <p>Landed on {pathname}</p>;
}

/**
 * Renders the sign-in routes at `path` inside the providers the shell gives them: a host client
 * that sends a 401 to /unauthorized (which the sign-in screens must not use) and a fresh cache.
 */
export function renderSignIn(path: '/' | '/verify') {
  const { router, queryClient } = renderRoutes(
    [
      { path: '/', element: <LoginPage /> },
      { path: '/verify', element: <VerifyPage /> },
      { path: '*', element: <Landed /> },
    ],
    { path },
  );
  return { router, queryClient };
}

/** Waits for the page the user ended up on. */
export function findLanding(pathname: string) {
  return screen.findByText(`Landed on ${pathname}`);
}
