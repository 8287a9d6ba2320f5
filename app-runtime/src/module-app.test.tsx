import { act, screen } from '@testing-library/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from './api/api-context';
import { getPageQueryClient } from './api/query-client';
import { createModuleApp } from './module-app';
import { createMount } from './mount';

const mount = createMount(
  createModuleApp('Test module', [
    { path: '/one', label: 'One', Component: () => <h1>Page one</h1> },
    { path: '/two', label: 'Two', Component: () => <h1>Page two</h1> },
  ]),
);

async function mountAt(path: string, basename?: string) {
  window.history.pushState({}, '', path);
  const element = document.createElement('div');
  document.body.append(element);
  let unmount = () => {};
  await act(async () => {
    unmount = mount(element, { basename });
  });
  return { element, unmount };
}

test('mount renders the page at the current path, and unmount removes it', async () => {
  const { element, unmount } = await mountAt('/two');
  expect(screen.getByRole('heading', { name: 'Page two' })).toBeTruthy();
  expect(screen.getByRole('navigation', { name: 'Test module' })).toBeTruthy();
  act(() => unmount());
  expect(element.innerHTML).toBe('');
  element.remove();
});

test('under a basename the pages keep their paths after it', async () => {
  const { element, unmount } = await mountAt('/partner/outsync/one', '/partner/outsync');
  expect(screen.getByRole('heading', { name: 'Page one' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Two' }).getAttribute('href')).toBe(
    '/partner/outsync/two',
  );
  act(() => unmount());
  element.remove();
});

test('an unknown path goes to the first page', async () => {
  const { element, unmount } = await mountAt('/elsewhere');
  expect(screen.getByRole('heading', { name: 'Page one' })).toBeTruthy();
  expect(window.location.pathname).toBe('/one');
  act(() => unmount());
  element.remove();
});

test("a mounted module gets the page's query cache and a client that sends the CSRF token", async () => {
  const requests: Request[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    requests.push(request);
    return new URL(request.url).pathname === '/auth/csrf-token'
      ? Response.json({ csrfToken: 'csrf-1' })
      : Response.json({ redirectUrl: '/' });
  });
  function LogOutPage() {
    const api = useApi();
    const logOut = useMutation({ mutationFn: () => api.logout() });
    return (
      <>
        <h1>{useQueryClient() === getPageQueryClient() ? 'Page cache' : 'Another cache'}</h1>
        <button onClick={() => logOut.mutate()}>Log out</button>
        <p>{logOut.isSuccess ? 'Logged out' : ''}</p>
      </>
    );
  }
  const mountLogOut = createMount(
    createModuleApp('Log out module', [{ path: '/bye', label: 'Bye', Component: LogOutPage }]),
  );
  window.history.pushState({}, '', '/bye');
  const element = document.createElement('div');
  document.body.append(element);
  let unmount = () => {};
  await act(async () => {
    unmount = mountLogOut(element);
  });

  expect(screen.getByRole('heading', { name: 'Page cache' })).toBeTruthy();
  act(() => screen.getByRole('button', { name: 'Log out' }).click());
  await screen.findByText('Logged out');
  const logout = requests.find((request) => request.method === 'DELETE');
  expect(logout?.headers.get('X-CSRF-Token')).toBe('csrf-1');

  act(() => unmount());
  element.remove();
  jest.restoreAllMocks();
});
