import { screen } from '@testing-library/react';
import { DashboardLayout } from './dashboard-layout';
import { upgradeBannerText } from './upgrade-banner';
import { renderAt } from '../test/render';
import { adminUser, fakeServer, freeCustomer } from '../test/fake-server';
import { UnauthorizedPage } from '../pages/unauthorized-page';

let server: ReturnType<typeof fakeServer>;
afterEach(() => server.restore());

const routes = [
  {
    path: '/admin/dashboard',
    element: <DashboardLayout />,
    children: [{ path: '*', element: <h1>Screen</h1> }],
  },
  { path: '/unauthorized', element: <UnauthorizedPage /> },
];

test('the header shows the signed-in user: Name, Email: and the avatar', async () => {
  server = fakeServer({}, adminUser);
  await renderAt('/admin/dashboard/webhooks', routes);
  await screen.findByRole('heading', { name: 'Screen' });
  const header = screen.getByRole('banner');
  expect(header.textContent).toContain('Name ada');
  expect(header.textContent).toContain('Email: ada@example.com');
  expect(screen.getByRole('img', { name: "ada's avatar" }).getAttribute('src')).toBe(
    adminUser.details.picture,
  );
});

test('a paid-tier user sees no upgrade banner', async () => {
  server = fakeServer({}, adminUser);
  const { container } = await renderAt('/admin/dashboard/webhooks', routes);
  await screen.findByRole('heading', { name: 'Screen' });
  expect(screen.queryByText(/You are on a free plan/)).toBeNull();
  expect(container.querySelector('[data-layout]')?.getAttribute('data-layout')).toBe('paid');
});

test('a free-plan user sees the upgrade banner with its own layout', async () => {
  server = fakeServer({}, freeCustomer);
  const { container } = await renderAt('/admin/dashboard/webhooks', routes);
  await screen.findByRole('heading', { name: 'Screen' });
  expect(screen.getByText(upgradeBannerText('support@outsync.dev'))).toBeTruthy();
  expect(upgradeBannerText('support@outsync.dev')).toBe(
    'You are on a free plan, email support@outsync.dev to upgrade and start syncing live data.',
  );
  expect(container.querySelector('[data-layout]')?.getAttribute('data-layout')).toBe('free-plan');
});

test('without a session the dashboard goes to /unauthorized', async () => {
  server = fakeServer({
    'GET /api/admin/me': () => ({
      status: 401,
      body: { message: 'Sign in first.', code: 'unauthorized' },
    }),
  });
  const { router } = await renderAt('/admin/dashboard/webhooks', routes);
  expect(await screen.findByRole('heading', { name: 'Unauthorized!' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/unauthorized');
});
