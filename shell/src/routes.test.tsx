import { screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { ApiProvider, createQueryClient } from '@outsync/app-runtime';
import { ShellRoutes } from './routes';
import { renderWithUi } from './test/render';
import { fakeServer, freeCustomer, managerUser } from './test/fake-server';
import { loadRemoteModule } from './federation/remote-registry';
import { createOutsideNavigator, NavigationBridge } from './routing/navigation-bridge';
import { createShellApiClient } from './session/shell-api-client';

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

function CurrentPath() {
  return <output aria-label="Current path">{useLocation().pathname}</output>;
}

/**
 * The shell's routes at `path`, wired as app.tsx wires them (declarative router, 401 bridge),
 * with a fresh query cache so no answer carries over from another test.
 */
async function renderShellAt(path: string) {
  const navigator = createOutsideNavigator();
  const queryClient = createQueryClient();
  const api = createShellApiClient({
    onUnauthorized: () => navigator.navigate('/unauthorized'),
    queryClient,
  });
  await renderWithUi(
    <ApiProvider client={api} queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <NavigationBridge navigator={navigator} />
        <ShellRoutes />
        <CurrentPath />
      </MemoryRouter>
    </ApiProvider>,
  );
}

const currentPath = () => screen.getByRole('status', { name: 'Current path' }).textContent;

// Spec 01 §2.1's paths, the audit log's (issue 30) and the API tokens' (issue 34), served by the
// remotes /remotes.json names.
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
  ['/admin/dashboard/api-tokens', 'outsync_accounts', 'ApiTokensPage'],
  ['/admin/dashboard/history/webhook-logs', 'outsync_history', 'WebhookLogsPage'],
  ['/admin/dashboard/history/block-list-logs', 'outsync_history', 'BlockListLogsPage'],
  [
    '/admin/dashboard/history/category-base-filter-logs',
    'outsync_history',
    'CategoryBaseFilterLogsPage',
  ],
  ['/admin/dashboard/history/audit-log', 'outsync_history', 'AuditLogPage'],
])('%s loads %s/%s', async (path, remote, expose) => {
  await renderShellAt(path);
  expect(await screen.findByRole('heading', { name: expose })).toBeTruthy();
  expect(load).toHaveBeenCalledWith(remote, expose);
  expect(currentPath()).toBe(path);
});

test.each([
  ['/', 'LoginPage', false],
  ['/verify', 'VerifyPage', false],
  ['/admin/dashboard/webhooks', 'WebhooksPage', true],
])('%s renders %s inside the session-loading layout: %s', async (path, expose, inLayout) => {
  await renderShellAt(path);
  await screen.findByRole('heading', { name: expose });
  const paths = server.requests.map((request) => new URL(request.url).pathname);
  expect(paths.includes('/api/admin/me')).toBe(inLayout);
  expect(screen.queryByRole('navigation', { name: 'Dashboard' }) !== null).toBe(inLayout);
});

test('/admin/dashboard goes to the webhooks screen', async () => {
  await renderShellAt('/admin/dashboard');
  expect(await screen.findByRole('heading', { name: 'WebhooksPage' })).toBeTruthy();
  expect(currentPath()).toBe('/admin/dashboard/webhooks');
});

test.each(['/nope', '/admin/dashboard/nope'])('%s shows the not-found page', async (path) => {
  await renderShellAt(path);
  expect(await screen.findByRole('heading', { name: 'The Page Not Found' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Go to the main page' }).getAttribute('href')).toBe('/');
});

test('/unauthorized shows its page', async () => {
  await renderShellAt('/unauthorized');
  expect(await screen.findByRole('heading', { name: 'Unauthorized!' })).toBeTruthy();
});

test('a 401 from a dashboard call goes to /unauthorized inside the router', async () => {
  server.restore();
  server = fakeServer({
    'GET /api/admin/me': () => ({
      status: 401,
      body: { message: 'Sign in first.', code: 'unauthorized' },
    }),
  });
  await renderShellAt('/admin/dashboard/users');
  expect(await screen.findByRole('heading', { name: 'Unauthorized!' })).toBeTruthy();
  expect(currentPath()).toBe('/unauthorized');
  expect(load).not.toHaveBeenCalled();
});

test('a customer opening /admin/dashboard/users gets the not-found page, and the page is not loaded', async () => {
  server.restore();
  server = fakeServer({}, freeCustomer);
  await renderShellAt('/admin/dashboard/users');
  expect(await screen.findByRole('heading', { name: 'The Page Not Found' })).toBeTruthy();
  expect(load).not.toHaveBeenCalledWith('outsync_accounts', 'UsersPage');
  expect(currentPath()).toBe('/admin/dashboard/users');
});

test('a MANAGER opens /admin/dashboard/users', async () => {
  server.restore();
  server = fakeServer({}, managerUser);
  await renderShellAt('/admin/dashboard/users');
  expect(await screen.findByRole('heading', { name: 'UsersPage' })).toBeTruthy();
});

test('a customer opens every other dashboard screen', async () => {
  server.restore();
  server = fakeServer({}, freeCustomer);
  await renderShellAt('/admin/dashboard/history/webhook-logs');
  expect(await screen.findByRole('heading', { name: 'WebhookLogsPage' })).toBeTruthy();
});
