import { act, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ApiProvider, createDashboardApiClient, createQueryClient } from '@outsync/app-runtime';
import { UiProvider } from '@outsync/ui';
import { pages } from '../app/pages';
import { fakeApi } from '../test/fake-api';
import { mount } from './mount';

afterEach(() => {
  jest.restoreAllMocks();
  sessionStorage.clear();
  window.history.pushState({}, '', '/');
});

test('the module offers exactly the login page at / and the verify page at /verify', () => {
  expect(pages.map(({ path }) => path)).toEqual(['/', '/verify']);
});

// Titles: 'Verify Your Identity' is the spec's (§2.4); the login heading is ours (the spec names
// none; docs/decisions.md).
test.each([
  ['/', 'Sign in to OutSync'],
  ['/verify', 'Verify Your Identity'],
])(
  'inside a host, the page at %s is titled "%s" and checks for a session once',
  async (path, title) => {
    const api = fakeApi();
    // The verify page needs the e-mail the login step keeps.
    sessionStorage.setItem('outsync.signIn.email', 'ada@example.com');
    const queryClient = createQueryClient();
    render(
      <Provider>
        <UiProvider>
          <ApiProvider client={createDashboardApiClient({ queryClient })} queryClient={queryClient}>
            <MemoryRouter initialEntries={[path]}>
              <Routes>
                {pages.map(({ path: pagePath, Component }) => (
                  <Route key={pagePath} path={pagePath} element={<Component />} />
                ))}
              </Routes>
            </MemoryRouter>
          </ApiProvider>
        </UiProvider>
      </Provider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    await waitFor(() => expect(api.sent('GET /api/admin/me')).toHaveLength(1));
  },
);

test('mount() runs the module in a page that is not our shell, with its own query cache and toasts', async () => {
  const api = fakeApi();
  window.history.pushState({}, '', '/partner/sign-in/');
  const element = document.createElement('div');
  document.body.append(element);
  let unmount = () => {};
  await act(async () => {
    unmount = mount(element, { basename: '/partner/sign-in' });
  });

  expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to OutSync' })).toBeTruthy();
  await waitFor(() => expect(api.sent('GET /auth/csrf-token')).toHaveLength(1));
  // mount() renders in StrictMode: in development the first check is cancelled and made again.
  const order = api.requests.map(({ method, path }) => `${method} ${path}`);
  expect(order.at(-1)).toBe('GET /auth/csrf-token');
  expect(new Set(order.slice(0, -1))).toEqual(new Set(['GET /api/admin/me']));
  expect(screen.getByRole('region', { name: 'Notifications' })).toBeTruthy();

  act(() => unmount());
  expect(element.innerHTML).toBe('');
  element.remove();
});
