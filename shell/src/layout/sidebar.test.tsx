import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { browserLocation } from '../session/browser-location';
import { DashboardLayout } from './dashboard-layout';
import { renderAt } from '../test/render';
import { adminUser, fakeServer, freeCustomer } from '../test/fake-server';
import type { CurrentUser } from '@outsync/contracts';

let server: ReturnType<typeof fakeServer>;
afterEach(() => server.restore());

async function renderDashboardAt(path: string, user: CurrentUser = adminUser) {
  server = fakeServer({}, user);
  const result = await renderAt(path, [
    {
      path: '/admin/dashboard',
      element: <DashboardLayout />,
      children: [{ path: '*', element: <h1>Screen</h1> }],
    },
    { path: '/', element: <h1>Login</h1> },
  ]);
  await screen.findByRole('heading', { name: 'Screen' });
  return result;
}

test('shows the spec entries and marks the current route', async () => {
  await renderDashboardAt('/admin/dashboard/webhooks');
  const nav = screen.getByRole('navigation', { name: 'Dashboard' });
  for (const label of ['Webhook receiver', 'Block lists', 'Users']) {
    expect(within(nav).getByRole('link', { name: label })).toBeTruthy();
  }
  expect(
    within(nav).getByRole('link', { name: 'Webhook receiver' }).getAttribute('aria-current'),
  ).toBe('page');
  expect(within(nav).getByRole('link', { name: 'Email support' }).getAttribute('href')).toBe(
    'mailto:support@outsync.dev',
  );
  const knowledgeBase = within(nav).getByRole('link', { name: 'Knowledge base' });
  expect(knowledgeBase.getAttribute('target')).toBe('_blank');
});

test('Users is shown only to a manager or admin', async () => {
  await renderDashboardAt('/admin/dashboard/webhooks', freeCustomer);
  const nav = screen.getByRole('navigation', { name: 'Dashboard' });
  expect(within(nav).queryByRole('link', { name: 'Users' })).toBeNull();
  expect(within(nav).getByRole('link', { name: 'Block lists' })).toBeTruthy();
});

test('groups are collapsed until opened, and open by themselves around the current route', async () => {
  await renderDashboardAt('/admin/dashboard/history/block-list-logs');
  const accounts = screen.getByRole('button', { name: /Connected accounts/ });
  const history = screen.getByRole('button', { name: /History/ });
  expect(accounts.getAttribute('aria-expanded')).toBe('false');
  expect(history.getAttribute('aria-expanded')).toBe('true');
  expect(screen.queryByRole('link', { name: 'HubSpot' })).toBeNull();

  fireEvent.click(accounts);
  expect(accounts.getAttribute('aria-expanded')).toBe('true');
  expect(screen.getByRole('link', { name: 'HubSpot' }).getAttribute('href')).toBe(
    '/admin/dashboard/hubspot',
  );
});

test('the status widget shows the service readiness', async () => {
  await renderDashboardAt('/admin/dashboard/webhooks');
  expect(
    (await screen.findByText('All systems operational')).closest('[role="status"]'),
  ).toBeTruthy();
});

test('the status widget says when the service is not ready', async () => {
  server = fakeServer({
    'GET /readyz': () => ({ status: 503, body: { message: 'Not ready', code: 'not_ready' } }),
  });
  await renderAt('/admin/dashboard/x', [
    {
      path: '/admin/dashboard',
      element: <DashboardLayout />,
      children: [{ path: '*', element: <h1>Screen</h1> }],
    },
  ]);
  expect(await screen.findByText('Sync service unavailable')).toBeTruthy();
});

test('Log out ends the session with the CSRF token and loads the returned address', async () => {
  const assign = jest.spyOn(browserLocation, 'assign').mockImplementation(() => {});
  await renderDashboardAt('/admin/dashboard/webhooks');
  fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
  await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
  const logout = server.requests.find((request) => request.method === 'DELETE');
  expect(logout && new URL(logout.url).pathname).toBe('/auth/logout');
  expect(logout?.headers.get('X-CSRF-Token')).toBe('csrf-1');
});
