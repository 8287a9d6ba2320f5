// Issue 31, items 5 and 6: errors of a screen are cleared when leaving it; the sidebar's groups
// stay as the user left them across a reload; a skip link leads past the header and sidebar;
// /unauthorized leads back to sign-in and drops the ended session's data.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useAtomValue } from 'jotai';
import { currentUserAtom } from '@outsync/app-runtime';
import { findToast } from '@outsync/app-runtime/testing';
import { useToast } from '@outsync/ui';
import { UnauthorizedPage } from '../pages/unauthorized-page';
import { adminUser, fakeServer } from '../test/fake-server';
import { renderAt } from '../test/render';
import { DashboardLayout } from './dashboard-layout';

let server: ReturnType<typeof fakeServer>;
beforeEach(() => localStorage.clear());
afterEach(() => {
  server.restore();
  jest.restoreAllMocks();
});

/** A screen that raises toasts, as a module's screen does through the shared store. */
function Screen() {
  const toast = useToast();
  const user = useAtomValue(currentUserAtom);
  return (
    <>
      <h1>Screen</h1>
      <p>Signed in as {user?.details.email ?? 'nobody'}</p>
      <button onClick={() => toast.show({ severity: 'error', detail: 'Sticky error', life: 0 })}>
        Fail
      </button>
      <button onClick={() => toast.show({ severity: 'warn', detail: 'A warning', life: 0 })}>
        Warn
      </button>
      <button onClick={() => toast.show({ severity: 'success', detail: 'Saved', life: 0 })}>
        Save
      </button>
    </>
  );
}

const routes = [
  {
    path: '/admin/dashboard',
    element: <DashboardLayout />,
    children: [{ path: '*', element: <Screen /> }],
  },
  { path: '/unauthorized', element: <UnauthorizedPage /> },
  { path: '/', element: <h1>Login</h1> },
];

async function renderDashboardAt(path: string) {
  server = fakeServer({}, adminUser);
  const result = await renderAt(path, routes);
  await screen.findByRole('heading', { name: 'Screen' });
  return result;
}

test('leaving a screen clears its errors and warnings, sticky ones too; a success stays', async () => {
  const { router } = await renderDashboardAt('/admin/dashboard/webhooks');
  fireEvent.click(screen.getByRole('button', { name: 'Fail' }));
  fireEvent.click(screen.getByRole('button', { name: 'Warn' }));
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await findToast('Sticky error');
  await findToast('A warning');

  // A new search on the same screen (?query) is not leaving it.
  await act(() => router.navigate('/admin/dashboard/webhooks?status=failed'));
  expect(await findToast('Sticky error')).toBeTruthy();

  await act(() => router.navigate('/admin/dashboard/api-keys'));
  const toasts = within(screen.getByRole('region', { name: 'Notifications' }));
  await waitFor(() => expect(toasts.queryByText('Sticky error')).toBeNull());
  expect(toasts.queryByText('A warning')).toBeNull();
  expect(toasts.getByText('Saved')).toBeTruthy();
});

test('a group opened or closed by the user stays so after a reload', async () => {
  const first = await renderDashboardAt('/admin/dashboard/webhooks');
  const accounts = () => screen.getByRole('button', { name: /Connected accounts/ });
  expect(accounts().getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(accounts());
  expect(accounts().getAttribute('aria-expanded')).toBe('true');
  first.unmount();
  server.restore();

  // The reload: a new page, the same browser storage.
  await renderDashboardAt('/admin/dashboard/webhooks');
  expect(accounts().getAttribute('aria-expanded')).toBe('true');
  expect(screen.getByRole('link', { name: 'HubSpot' })).toBeTruthy();
  fireEvent.click(accounts());
  expect(accounts().getAttribute('aria-expanded')).toBe('false');
  expect(JSON.parse(localStorage.getItem('outsync.sidebar.groups') ?? '{}')).toEqual({
    'Connected accounts': false,
  });
});

test('the skip link comes first in the tab order and moves the focus to the screen', async () => {
  await renderDashboardAt('/admin/dashboard/webhooks');
  const focusable = document.querySelectorAll<HTMLElement>('a[href], button, input, [tabindex]');
  const first = Array.from(focusable).find((element) => element.tabIndex >= 0);
  expect(first?.textContent).toBe('Skip to main content');

  fireEvent.click(first!);
  const main = screen.getByRole('main');
  expect(document.activeElement).toBe(main);
  expect(within(main).getByRole('heading', { name: 'Screen' })).toBeTruthy();
});

test('/unauthorized explains the sign-out, leads back to sign-in and forgets the ended session', async () => {
  const { router, queryClient } = await renderDashboardAt('/admin/dashboard/webhooks');
  expect(screen.getByText(`Signed in as ${adminUser.details.email}`)).toBeTruthy();
  expect(queryClient.getQueryCache().getAll().length).toBeGreaterThan(0);

  await act(() => router.navigate('/unauthorized'));
  expect(await screen.findByRole('heading', { name: 'Unauthorized!' })).toBeTruthy();
  expect(
    screen.getByText('You are signed out: your session ended, or you signed out in another tab.'),
  ).toBeTruthy();
  // The spec's link stays beside the way back to sign-in.
  expect(screen.getByRole('link', { name: 'Go to the main page' }).getAttribute('href')).toBe('/');
  const signIn = screen.getByRole('link', { name: 'Sign in again' });
  expect(signIn.getAttribute('href')).toBe('/');
  await waitFor(() => expect(queryClient.getQueryCache().getAll()).toHaveLength(0));

  fireEvent.click(signIn);
  expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
});
