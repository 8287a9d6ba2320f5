import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { App } from '../app';
import { fakeServer } from '../test/fake-server';
import { createOutsideNavigator, NavigationBridge } from './navigation-bridge';

function CurrentPath() {
  return <output aria-label="Current path">{useLocation().pathname}</output>;
}

const currentPath = () => screen.getByRole('status', { name: 'Current path' }).textContent;

function renderBridgeAt(path: string, navigator = createOutsideNavigator()) {
  const utils = render(
    <MemoryRouter initialEntries={[path]}>
      <NavigationBridge navigator={navigator} />
      <CurrentPath />
    </MemoryRouter>,
  );
  return { ...utils, navigator };
}

test('navigates inside the router it is rendered in', () => {
  const { navigator } = renderBridgeAt('/admin/dashboard/webhooks');
  act(() => navigator.navigate('/unauthorized'));
  expect(currentPath()).toBe('/unauthorized');
});

test('a navigation asked for before the router exists happens once it does', () => {
  const navigator = createOutsideNavigator();
  navigator.navigate('/unauthorized');
  renderBridgeAt('/admin/dashboard/webhooks', navigator);
  expect(currentPath()).toBe('/unauthorized');
});

test('once the router is gone, navigations wait for the next one', () => {
  const { navigator, unmount } = renderBridgeAt('/admin/dashboard/webhooks');
  unmount();
  navigator.navigate('/unauthorized');
  renderBridgeAt('/', navigator);
  expect(currentPath()).toBe('/unauthorized');
});

describe('the app', () => {
  let server: ReturnType<typeof fakeServer>;
  afterEach(() => {
    server.restore();
    window.history.replaceState(null, '', '/');
  });

  test('a 401 from a dashboard call goes to /unauthorized without a page load', async () => {
    server = fakeServer({
      'GET /api/admin/me': () => ({
        status: 401,
        body: { message: 'Sign in first.', code: 'unauthorized' },
      }),
    });
    window.history.replaceState(null, '', '/admin/dashboard/webhooks');
    const entriesBefore = window.history.length;
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Unauthorized!' })).toBeTruthy();
    // jsdom cannot load a page: the address changed through the History API, one entry on.
    expect(window.location.pathname).toBe('/unauthorized');
    expect(window.history.length).toBe(entriesBefore + 1);
  });
});
