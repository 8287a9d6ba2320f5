import { fireEvent, render, screen, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import {
  ApiProvider,
  createDashboardApiClient,
  createQueryClient,
  currentUserAtom,
} from '@outsync/app-runtime';
import type { CurrentUser } from '@outsync/contracts';
import { toastsAtom, UiProvider } from '@outsync/ui';
import { pages } from '../app/pages';
import { customer } from './fixtures';

type Store = ReturnType<typeof createStore>;
let store: Store | null = null;

/**
 * Renders the module's pages at `path` inside the providers the shell gives them: a signed-in
 * `user` in the shared jotai store, the dashboard client (a 401 goes to /unauthorized) and a
 * fresh query cache.
 */
export function renderPage(path: string, { user = customer }: { user?: CurrentUser | null } = {}) {
  store = createStore();
  store.set(currentUserAtom, user);
  const router = createMemoryRouter(
    [
      ...pages.map(({ path: pagePath, Component }) => ({
        path: pagePath,
        element: <Component />,
      })),
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
  return { router, queryClient, store };
}

/** The toasts' region (a field may show the same text as its own error). */
function toastRegion() {
  return within(screen.getByRole('region', { name: 'Notifications' }));
}

/** The toast that shows `text`: its severity, summary and life (0 = sticky). */
export async function findToast(text: string) {
  const detail = await toastRegion().findByText(text);
  const element = detail.closest<HTMLElement>('[data-severity]');
  if (!element) throw new Error(`"${text}" is not in a toast`);
  const kept = store?.get(toastsAtom).find((toast) => toast.detail === text);
  return {
    severity: element.dataset.severity,
    summary: element.querySelector('strong')?.textContent,
    life: kept?.life,
  };
}

/** The toasts on screen now, as "severity: detail". */
export function shownToasts(): string[] {
  return (store?.get(toastsAtom) ?? []).map((toast) => `${toast.severity}: ${toast.detail}`);
}

/**
 * Opens a select by its label and chooses the option named `option`, inside `container` (a
 * dialog: jsdom has no modal top layer, so the page behind it stays queryable).
 */
export function chooseOption(
  label: string,
  option: string,
  container: HTMLElement = document.body,
) {
  fireEvent.click(within(container).getByRole('combobox', { name: label }));
  fireEvent.click(within(container).getByRole('option', { name: option }));
}
