import { screen } from '@testing-library/react';
import { routes } from './routes';
import { renderAt } from './test/render';
import { fakeServer } from './test/fake-server';
import { loadRemoteModule } from './federation/remote-registry';

jest.mock('./federation/remote-registry', () => ({ loadRemoteModule: jest.fn() }));
const load = jest.mocked(loadRemoteModule);

let server: ReturnType<typeof fakeServer>;
afterEach(() => server.restore());

beforeEach(() => {
  server = fakeServer();
  load.mockReset();
  load.mockImplementation(async (_remote: string, expose: string) => ({
    default: () => <h1>{expose}</h1>,
  }));
});

test.each([
  ['/', 'outsync_auth', 'LoginPage'],
  ['/verify', 'outsync_auth', 'VerifyPage'],
  ['/admin/dashboard/webhooks', 'outsync_webhooks', 'WebhooksPage'],
  ['/admin/dashboard/hubspot', 'outsync_accounts', 'HubspotPage'],
  ['/admin/dashboard/salesforce', 'outsync_accounts', 'SalesforcePage'],
  ['/admin/dashboard/api-keys', 'outsync_accounts', 'ApiKeysPage'],
  ['/admin/dashboard/services', 'outsync_accounts', 'ServicesPage'],
  ['/admin/dashboard/smartlead-block-lists', 'outsync_accounts', 'BlockListsPage'],
  ['/admin/dashboard/users', 'outsync_accounts', 'UsersPage'],
  ['/admin/dashboard/history/webhook-logs', 'outsync_history', 'WebhookLogsPage'],
  ['/admin/dashboard/history/block-list-logs', 'outsync_history', 'BlockListLogsPage'],
  [
    '/admin/dashboard/history/category-base-filter-logs',
    'outsync_history',
    'CategoryBaseFilterLogsPage',
  ],
])('%s loads %s/%s', async (path, remote, expose) => {
  await renderAt(path, routes);
  expect(await screen.findByRole('heading', { name: expose })).toBeTruthy();
  expect(load).toHaveBeenCalledWith(remote, expose);
});

test('/admin/dashboard goes to the webhooks screen', async () => {
  const { router } = await renderAt('/admin/dashboard', routes);
  expect(await screen.findByRole('heading', { name: 'WebhooksPage' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/admin/dashboard/webhooks');
});

test.each(['/nope', '/admin/dashboard/nope'])('%s shows the not-found page', async (path) => {
  await renderAt(path, routes);
  expect(await screen.findByRole('heading', { name: 'The Page Not Found' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Go to the main page' }).getAttribute('href')).toBe('/');
});

test('/unauthorized shows its page', async () => {
  renderAt('/unauthorized', routes);
  expect(await screen.findByRole('heading', { name: 'Unauthorized!' })).toBeTruthy();
});
