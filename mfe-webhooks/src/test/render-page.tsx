// Renders the module's pages as the shell does, and reads what a user sees of toasts.
//
// API (stable):
//   renderPage(path, { user?, productName? })   the page at `path` in the shell's providers;
//                                               returns { router, queryClient, store }
//   findToast(text)      the toast showing `text`: { severity, summary, life } (life 0 = sticky)
//   shownToasts()        the toasts now, as 'severity: detail'
//   chooseOption(label, option, container?)     opens a select by its label, picks an option
//   renderInShell(element, { user?, productName?, path? })   one element (a form, a dialog) in
//                        the same providers; returns { router, queryClient, store, view }
import type { ReactElement } from 'react';
import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import {
  ApiProvider,
  createDashboardApiClient,
  createQueryClient,
  currentUserAtom,
  productNameAtom,
} from '@outsync/app-runtime';
import type { CurrentUser } from '@outsync/contracts';
import { toastsAtom, UiProvider } from '@outsync/ui';
import { pages } from '../app/pages';
import { customer } from './fixtures';

// The form and the dialogs load on first use (lazy chunks); on a busy machine that takes longer
// than testing-library's default second, and a wait that gives up early tests nothing.
configure({ asyncUtilTimeout: 5000 });

type Store = ReturnType<typeof createStore>;
let store: Store | null = null;

/**
 * Renders the module's pages at `path` inside the providers the shell gives them: a signed-in
 * `user` in the shared jotai store (give the fake service the same `caller`), the product name
 * a host may set, the dashboard client (a 401 goes to /unauthorized) and a fresh query cache.
 */
export function renderPage(
  path: string,
  { user = customer, productName }: { user?: CurrentUser | null; productName?: string } = {},
) {
  store = createStore();
  store.set(currentUserAtom, user);
  if (productName !== undefined) store.set(productNameAtom, productName);
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

/**
 * Renders one element (a form, a dialog) inside the same providers as `renderPage`, at `path` of
 * a router whose /unauthorized page a 401 reaches. For a feature's component tests before, or
 * besides, the page that composes it.
 */
export function renderInShell(
  element: ReactElement,
  {
    user = customer,
    productName,
    path = '/admin/dashboard/webhooks',
  }: { user?: CurrentUser | null; productName?: string; path?: string } = {},
) {
  store = createStore();
  store.set(currentUserAtom, user);
  if (productName !== undefined) store.set(productNameAtom, productName);
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '/unauthorized', element: <h1>Unauthorized!</h1> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = createQueryClient();
  const client = createDashboardApiClient({
    queryClient,
    onUnauthorized: () => void router.navigate('/unauthorized'),
  });
  const view = render(
    <Provider store={store}>
      <UiProvider>
        <ApiProvider client={client} queryClient={queryClient}>
          <RouterProvider router={router} />
        </ApiProvider>
      </UiProvider>
    </Provider>,
  );
  return { router, queryClient, store, view };
}
