// Renders the module's pages as the shell does (API: renderPage(path, { user? }) → { router };
// chooseOption(label, option); fakeLayout(); scrollTo(element, top)).
import { configure, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import {
  ApiProvider,
  createDashboardApiClient,
  createQueryClient,
  currentUserAtom,
} from '@outsync/app-runtime';
import type { CurrentUser } from '@outsync/contracts';
import { UiProvider } from '@outsync/ui';
import { pages } from '../app/pages';
import { customer } from './fixtures';

configure({ asyncUtilTimeout: 5000 });

/** The page at `path` in the shell's providers; a 401 goes to /unauthorized. */
export function renderPage(path: string, { user = customer }: { user?: CurrentUser } = {}) {
  const store = createStore();
  store.set(currentUserAtom, user);
  const router = createMemoryRouter(
    [
      ...pages.map(({ path: pagePath, Component }) => ({ path: pagePath, element: <Component /> })),
      { path: '/unauthorized', element: <h1>Unauthorized!</h1> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = createQueryClient();
  const client = createDashboardApiClient({
    queryClient,
    onUnauthorized: () => void router.navigate('/unauthorized'),
  });
  render(
    <Provider store={store}>
      <UiProvider>
        <ApiProvider client={client} queryClient={queryClient}>
          <RouterProvider router={router} />
        </ApiProvider>
      </UiProvider>
    </Provider>,
  );
  return { router };
}

/** Opens a select by its label and chooses the option named `option`. */
export function chooseOption(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(screen.getByRole('option', { name: option }));
}

/**
 * jsdom has no layout: as the design system's own tests do, every element reports the
 * viewport's size, and a rendered row's height comes from its data-index.
 */
export function fakeLayout({ viewportHeight = 400, rowHeight = 80 } = {}) {
  jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(viewportHeight);
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
  jest.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function height(
    this: HTMLElement,
  ) {
    return this.dataset['index'] === undefined ? 0 : rowHeight;
  });
}

/** Scrolls an element as a user would, as far as the virtualizer can tell. */
export function scrollTo(element: HTMLElement, top: number) {
  Object.defineProperty(element, 'scrollTop', { configurable: true, value: top });
  fireEvent.scroll(element);
}
