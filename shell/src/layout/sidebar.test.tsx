// Spec 01 §2.2 (sidebar, status widget, Log out), §6 (who sees Users), §7 (DELETE /auth/logout).
// Texts are spelled out here, copied from the spec (or docs/decisions.md where the spec names
// none), never imported from the code.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CurrentUser } from '@outsync/contracts';
import { browserLocation } from '../session/browser-location';
import { DashboardLayout } from './dashboard-layout';
import { renderAt } from '../test/render';
import {
  adminUser,
  fakeServer,
  freeCustomer,
  managerUser,
  serviceErrors,
} from '../test/fake-server';
import { findToast } from '@outsync/app-runtime/testing';

let server: ReturnType<typeof fakeServer>;
let assign: jest.SpyInstance;

beforeEach(() => {
  assign = jest.spyOn(browserLocation, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  server.restore();
  jest.restoreAllMocks();
  jest.useRealTimers();
});

const dashboardRoutes = [
  {
    path: '/admin/dashboard',
    element: <DashboardLayout />,
    children: [{ path: '*', element: <h1>Screen</h1> }],
  },
  { path: '/', element: <h1>Login</h1> },
];

async function renderDashboardAt(
  path: string,
  user: CurrentUser = adminUser,
  overrides: Parameters<typeof fakeServer>[0] = {},
) {
  server = fakeServer(overrides, user);
  const result = await renderAt(path, dashboardRoutes);
  await screen.findByRole('heading', { name: 'Screen' });
  return result;
}

function sidebar() {
  return within(screen.getByRole('navigation', { name: 'Dashboard' }));
}

function logOutButton() {
  return sidebar().getByRole('button', { name: 'Log out' }) as HTMLButtonElement;
}

test('shows the spec entries and marks the current route', async () => {
  await renderDashboardAt('/admin/dashboard/webhooks');
  for (const label of ['Webhook receiver', 'Block lists', 'Users']) {
    expect(sidebar().getByRole('link', { name: label })).toBeTruthy();
  }
  expect(sidebar().getByRole('link', { name: 'Webhook receiver' }).getAttribute('href')).toBe(
    '/admin/dashboard/webhooks',
  );
  expect(
    sidebar().getByRole('link', { name: 'Webhook receiver' }).getAttribute('aria-current'),
  ).toBe('page');
  expect(sidebar().getByRole('link', { name: 'Block lists' }).getAttribute('href')).toBe(
    '/admin/dashboard/smartlead-block-lists',
  );
  expect(sidebar().getByRole('link', { name: 'Email support' }).getAttribute('href')).toBe(
    'mailto:support@outsync.dev',
  );
  const knowledgeBase = sidebar().getByRole('link', { name: 'Knowledge base' });
  expect(knowledgeBase.getAttribute('target')).toBe('_blank');
  expect(logOutButton().disabled).toBe(false);
});

test.each([
  ['an ADMIN', true, adminUser],
  ['a MANAGER', true, managerUser],
  ['a customer', false, freeCustomer],
])('Users is shown to a manager or admin only: %s sees it: %s', async (_who, shown, user) => {
  await renderDashboardAt('/admin/dashboard/webhooks', user);
  const users = sidebar().queryByRole('link', { name: 'Users' });
  expect(users?.getAttribute('href') ?? null).toBe(shown ? '/admin/dashboard/users' : null);
  expect(sidebar().getByRole('link', { name: 'Block lists' })).toBeTruthy();
});

test('groups are collapsed until opened, and open by themselves around the current route', async () => {
  await renderDashboardAt('/admin/dashboard/history/block-list-logs');
  const accounts = screen.getByRole('button', { name: /Connected accounts/ });
  const history = screen.getByRole('button', { name: /History/ });
  expect(accounts.getAttribute('aria-expanded')).toBe('false');
  expect(history.getAttribute('aria-expanded')).toBe('true');
  expect(screen.getByRole('link', { name: 'Block Lists' }).getAttribute('aria-current')).toBe(
    'page',
  );
  expect(screen.queryByRole('link', { name: 'HubSpot' })).toBeNull();

  fireEvent.click(accounts);
  expect(accounts.getAttribute('aria-expanded')).toBe('true');
  expect(screen.getByRole('link', { name: 'HubSpot' }).getAttribute('href')).toBe(
    '/admin/dashboard/hubspot',
  );
});

test('the status widget shows the service readiness', async () => {
  await renderDashboardAt('/admin/dashboard/webhooks');
  const status = await screen.findByRole('status', { name: 'Service status' });
  await waitFor(() => expect(status.textContent).toBe('All systems operational'));
  expect(server.sent('GET /readyz')).toHaveLength(1);
});

test("the status widget says when the service is not ready (the service's 503)", async () => {
  await renderDashboardAt('/admin/dashboard/x', adminUser, {
    'GET /readyz': () => serviceErrors.notReady,
  });
  const status = screen.getByRole('status', { name: 'Service status' });
  await waitFor(() => expect(status.textContent).toBe('Sync service unavailable'));
  // Not retried: the next check is the next poll.
  expect(server.sent('GET /readyz')).toHaveLength(1);
});

test('the status widget checks again every 30 seconds', async () => {
  jest.useFakeTimers();
  await renderDashboardAt('/admin/dashboard/webhooks', adminUser, {
    'GET /readyz': () => serviceErrors.notReady,
  });
  const status = screen.getByRole('status', { name: 'Service status' });
  await waitFor(() => expect(status.textContent).toBe('Sync service unavailable'));
  expect(server.sent('GET /readyz')).toHaveLength(1);

  server.handlers['GET /readyz'] = () => ({
    body: { status: 'ok', checks: [{ name: 'mongodb', ok: true }] },
  });
  await act(async () => {
    await jest.advanceTimersByTimeAsync(29_000);
  });
  expect(server.sent('GET /readyz')).toHaveLength(1);
  expect(status.textContent).toBe('Sync service unavailable');

  await act(async () => {
    await jest.advanceTimersByTimeAsync(1_000);
  });
  expect(server.sent('GET /readyz')).toHaveLength(2);
  await waitFor(() => expect(status.textContent).toBe('All systems operational'));

  await act(async () => {
    await jest.advanceTimersByTimeAsync(30_000);
  });
  expect(server.sent('GET /readyz')).toHaveLength(3);
});

test("Log out ends the session with the CSRF token and loads the server's redirectUrl", async () => {
  await renderDashboardAt('/admin/dashboard/webhooks', adminUser, {
    'DELETE /auth/logout': () => ({ body: { redirectUrl: '/signed-out?from=dashboard' } }),
  });
  fireEvent.click(logOutButton());

  await waitFor(() => expect(assign).toHaveBeenCalledWith('/signed-out?from=dashboard'));
  expect(assign).toHaveBeenCalledTimes(1);
  const [logout] = server.sent('DELETE /auth/logout');
  expect(logout?.headers.get('X-CSRF-Token')).toBe('csrf-1');
  // The browser is on its way to another page: no second logout meanwhile.
  expect(logOutButton().disabled).toBe(true);
});

test("Log out goes to '/' when the server names no redirectUrl", async () => {
  await renderDashboardAt('/admin/dashboard/webhooks', adminUser, {
    'DELETE /auth/logout': () => ({ body: { redirectUrl: '' } }),
  });
  fireEvent.click(logOutButton());

  await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
});

test("a refused Log out (the service's 403) shows its message, and the next try fetches a fresh token", async () => {
  let token = 'csrf-1';
  await renderDashboardAt('/admin/dashboard/webhooks', adminUser, {
    'GET /auth/csrf-token': () => ({ body: { csrfToken: token } }),
    'DELETE /auth/logout': () => serviceErrors.csrfInvalid,
  });
  fireEvent.click(logOutButton());

  const { severity, summary } = await findToast(
    'Your session has expired. Refresh the page and try again.',
  );
  expect(severity).toBe('error');
  expect(summary).toBe('Error');
  expect(assign).not.toHaveBeenCalled();
  await waitFor(() => expect(logOutButton().disabled).toBe(false));

  token = 'csrf-2';
  server.handlers['DELETE /auth/logout'] = () => ({ body: { redirectUrl: '/' } });
  fireEvent.click(logOutButton());

  await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
  expect(server.sent('GET /auth/csrf-token')).toHaveLength(2);
  expect(server.sent('DELETE /auth/logout')[1]?.headers.get('X-CSRF-Token')).toBe('csrf-2');
});

test('a Log out that gets no answer says an error occurred and stays', async () => {
  await renderDashboardAt('/admin/dashboard/webhooks', adminUser, {
    'DELETE /auth/logout': () => Promise.reject(new TypeError('fetch failed')),
  });
  fireEvent.click(logOutButton());

  expect((await findToast('An error occurred. Please try again.')).severity).toBe('error');
  expect(assign).not.toHaveBeenCalled();
});
