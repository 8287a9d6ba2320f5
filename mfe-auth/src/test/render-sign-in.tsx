import { render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { ApiProvider, createDashboardApiClient, createQueryClient } from '@outsync/app-runtime';
import { UiProvider } from '@outsync/ui';
import LoginPage from '../exposes/login-page';
import VerifyPage from '../exposes/verify-page';

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
  const router = createMemoryRouter(
    [
      { path: '/', element: <LoginPage /> },
      { path: '/verify', element: <VerifyPage /> },
      { path: '/unauthorized', element: <h1>Unauthorized!</h1> },
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = createQueryClient();
  const hostClient = createDashboardApiClient({
    queryClient,
    onUnauthorized: () => void router.navigate('/unauthorized'),
  });
  render(
    <Provider>
      <UiProvider>
        <ApiProvider client={hostClient} queryClient={queryClient}>
          <RouterProvider router={router} />
        </ApiProvider>
      </UiProvider>
    </Provider>,
  );
  return { router, queryClient };
}

/** Waits for the page the user ended up on. */
export function findLanding(pathname: string) {
  return screen.findByText(`Landed on ${pathname}`);
}

/** The toasts' region (a field may show the same text as its own error). */
function toastRegion() {
  return within(screen.getByRole('region', { name: 'Notifications' }));
}

/** The toast that shows `text`, with its severity and summary. */
export async function findToast(text: string) {
  const detail = await toastRegion().findByText(text);
  const toast = detail.closest<HTMLElement>('[data-severity]');
  if (!toast) throw new Error(`"${text}" is not in a toast`);
  return {
    toast,
    severity: toast.dataset.severity,
    summary: toast.querySelector('strong')?.textContent,
  };
}

/** The toasts on screen now, as "severity: detail". */
export function shownToasts(): string[] {
  return [...document.querySelectorAll<HTMLElement>('[data-severity]')].map(
    (toast) => `${toast.dataset.severity}: ${toast.querySelector('strong + *')?.textContent ?? ''}`,
  );
}
