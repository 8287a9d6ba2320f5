import { render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { UiProvider } from '@outsync/ui';
import LoginPage from '../exposes/login-page';
import VerifyPage from '../exposes/verify-page';

export const landedText = 'Landed on';

/** Stands in for the dashboard: says where the sign-in screens sent the user. */
function Landed() {
  const { pathname } = useLocation();
  return (
    <p>
      {landedText} {pathname}
    </p>
  );
}

/** Renders the sign-in routes at `path` inside the providers the shell gives them. */
export function renderSignIn(path: '/' | '/verify') {
  const router = createMemoryRouter(
    [
      { path: '/', element: <LoginPage /> },
      { path: '/verify', element: <VerifyPage /> },
      { path: '/admin/dashboard/webhooks', element: <Landed /> },
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Provider>
      <UiProvider>
        <RouterProvider router={router} />
      </UiProvider>
    </Provider>,
  );
  return { router };
}

/** Waits for the page the user ended up on. */
export function findLanding(pathname: string) {
  return screen.findByText(`${landedText} ${pathname}`);
}

/** The toast that shows `text`, and its severity. */
export async function findToast(text: string) {
  const detail = await screen.findByText(text);
  const toast = detail.closest<HTMLElement>('[data-severity]');
  if (!toast) throw new Error(`"${text}" is not in a toast`);
  return {
    toast,
    severity: toast.dataset.severity,
    summary: toast.querySelector('strong')?.textContent,
  };
}
