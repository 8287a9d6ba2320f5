// Spec 01 §2.2 (header, banner), §2.5 and §6 (401 → /unauthorized). Texts are spelled out here,
// copied from the spec, never imported from the code.
import { act, screen } from '@testing-library/react';
import { useAtomValue } from 'jotai';
import { currentUserAtom } from '@outsync/app-runtime';
import { DashboardLayout } from './dashboard-layout';
import { renderAt } from '../test/render';
import {
  adminUser,
  fakeServer,
  freeCustomer,
  managerUser,
  serviceErrors,
} from '../test/fake-server';
import { UnauthorizedPage } from '../pages/unauthorized-page';

let server: ReturnType<typeof fakeServer>;
afterEach(() => {
  server.restore();
  jest.useRealTimers();
});

/** A module's screen: it reads the signed-in user the shell keeps in `currentUserAtom`. */
function Screen() {
  const user = useAtomValue(currentUserAtom);
  return <h1>Screen for {user?.role ?? 'a customer'}</h1>;
}

const routes = [
  {
    path: '/admin/dashboard',
    element: <DashboardLayout />,
    children: [{ path: '*', element: <Screen /> }],
  },
  { path: '/unauthorized', element: <UnauthorizedPage /> },
];

test('the header shows the signed-in user: Name, Email: and the avatar', async () => {
  server = fakeServer({}, adminUser);
  await renderAt('/admin/dashboard/webhooks', routes);
  await screen.findByRole('heading', { name: 'Screen for ADMIN' });
  const header = screen.getByRole('banner');
  expect(header.textContent).toContain('Name ada');
  expect(header.textContent).toContain('Email: ada@example.com');
  expect(screen.getByText('Name').tagName).toBe('SPAN');
  expect(screen.getByText('Email:').tagName).toBe('SPAN');
  expect(screen.getByRole('img', { name: "ada's avatar" }).getAttribute('src')).toBe(
    'data:image/svg+xml,%3Csvg%2F%3E',
  );
});

test('the current user is loaded once and handed to the screens through currentUserAtom', async () => {
  server = fakeServer({}, managerUser);
  await renderAt('/admin/dashboard/webhooks', routes);
  expect(await screen.findByRole('heading', { name: 'Screen for MANAGER' })).toBeTruthy();
  expect(server.sent('GET /api/admin/me')).toHaveLength(1);
});

test('a paid-tier user sees no upgrade banner', async () => {
  server = fakeServer({}, adminUser);
  const { container } = await renderAt('/admin/dashboard/webhooks', routes);
  await screen.findByRole('heading', { name: 'Screen for ADMIN' });
  expect(screen.queryByText(/You are on a free plan/)).toBeNull();
  expect(container.querySelector('[data-layout]')?.getAttribute('data-layout')).toBe('paid');
});

test('a free-plan user sees the upgrade banner with its own layout', async () => {
  server = fakeServer({}, freeCustomer);
  const { container } = await renderAt('/admin/dashboard/webhooks', routes);
  await screen.findByRole('heading', { name: 'Screen for a customer' });
  const banner = screen.getByText(
    'You are on a free plan, email support@outsync.dev to upgrade and start syncing live data.',
  );
  expect(banner.closest('[role="status"]')?.getAttribute('aria-label')).toBe('Plan');
  expect(container.querySelector('[data-layout]')?.getAttribute('data-layout')).toBe('free-plan');
});

test("without a session (the service's 401) the dashboard goes to /unauthorized, asking once", async () => {
  server = fakeServer({ 'GET /api/admin/me': () => serviceErrors.unauthorized });
  const { router } = await renderAt('/admin/dashboard/webhooks', routes);
  expect(await screen.findByRole('heading', { name: 'Unauthorized!' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Go to the main page' }).getAttribute('href')).toBe('/');
  expect(router.state.location.pathname).toBe('/unauthorized');
  expect(server.sent('GET /api/admin/me')).toHaveLength(1);
});

test('another failure is retried twice, then the layout says the account could not be loaded', async () => {
  jest.useFakeTimers();
  server = fakeServer({ 'GET /api/admin/me': () => serviceErrors.internal });
  const { router } = await renderAt('/admin/dashboard/webhooks', routes);

  await act(async () => {
    await jest.advanceTimersByTimeAsync(10_000);
  });

  expect(screen.getByRole('alert').textContent).toBe(
    'Could not load your account. Check your connection and reload.',
  );
  expect(server.sent('GET /api/admin/me')).toHaveLength(3);
  expect(router.state.location.pathname).toBe('/admin/dashboard/webhooks');
  expect(screen.queryByRole('heading', { name: /Screen/ })).toBeNull();
});

describe('the sync problems banner (issue 29, "Alerts")', () => {
  test('shows nothing while every CRM account writes and nothing failed', async () => {
    server = fakeServer({}, adminUser);
    await renderAt('/admin/dashboard/webhooks', routes);
    await screen.findByRole('heading', { name: 'Screen for ADMIN' });
    expect(server.sent('GET /api/admin/sync-alerts')).toHaveLength(1);
    expect(screen.queryByRole('status', { name: 'Sync problems' })).toBeNull();
  });

  test('names a CRM that refuses writes, since when and why, and says nothing is lost', async () => {
    server = fakeServer({
      'GET /api/admin/sync-alerts': () => ({
        body: {
          alerts: [
            {
              kind: 'crm_unavailable',
              crm: 'HUBSPOT',
              account: 'acme.hubspot.example',
              since: '2031-05-20T10:00:00.000Z',
              reason: 'HubSpot answered 503 Service Unavailable',
            },
            { kind: 'events_failed', count: 1000, limit: 1000 },
          ],
        },
      }),
    });
    await renderAt('/admin/dashboard/webhooks', routes);
    const banner = await screen.findByRole('status', { name: 'Sync problems' });
    expect(banner.textContent).toMatch(
      /^HubSpot \(acme\.hubspot\.example\) has refused OutSync's writes since May 20, 2031, \d{1,2}:\d{2} [AP]M: HubSpot answered 503 Service Unavailable\. Nothing is lost: its events wait and are written as soon as it answers again\./,
    );
    expect(banner.textContent).toContain(
      '1000+ events failed in the last 24 hours. Review them in History',
    );
    const link = screen.getByRole('link', { name: 'Review them in History' });
    expect(link.getAttribute('href')).toBe('/admin/dashboard/history/webhook-logs?status=failed');
  });

  test('one failed event is "1 event"', async () => {
    server = fakeServer({
      'GET /api/admin/sync-alerts': () => ({
        body: { alerts: [{ kind: 'events_failed', count: 1, limit: 1000 }] },
      }),
    });
    await renderAt('/admin/dashboard/webhooks', routes);
    const banner = await screen.findByRole('status', { name: 'Sync problems' });
    expect(banner.textContent).toBe('1 event failed in the last 24 hours. Review them in History');
  });

  test('a failed check shows no banner rather than a false alarm', async () => {
    server = fakeServer({ 'GET /api/admin/sync-alerts': () => serviceErrors.internal });
    await renderAt('/admin/dashboard/webhooks', routes);
    await screen.findByRole('heading', { name: 'Screen for ADMIN' });
    expect(screen.queryByRole('status', { name: 'Sync problems' })).toBeNull();
  });
});
