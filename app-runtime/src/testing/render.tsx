// Renders screens inside the providers a host gives them (jotai store with the signed-in user and
// the product name, theme and toasts, the API client and a fresh query cache, a memory router),
// and reads what a user sees of toasts and selects.
//
// API:
//   renderRoutes(routes, { path, user?, productName?, unauthorizedPage?, createClient? })
//       the routes at `path`; a 401 navigates to /unauthorized ("Unauthorized!"), added unless
//       `unauthorizedPage: false`; returns { router, queryClient, store, view }
//   pageRoutes(pages)                  a module's pages as routes
//   renderWithProviders(element, { user?, productName? })   no router, no API; { store, view }
//   settled(() => render…)             renders inside an awaited act(): suspended loads settle
//   findToast(text)                    { severity, summary, life } of the toast showing `text`
//   shownToasts()                      the toasts now, as 'severity: detail'
//   chooseOption(label, option, container?)   opens a select by its label, picks an option
import type { ReactElement } from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { ApiClient, CurrentUser } from '@outsync/contracts';
import { toastsAtom, UiProvider } from '@outsync/ui';
import { ApiProvider } from '../api/api-context';
import { createDashboardApiClient } from '../api/dashboard-api-client';
import { createQueryClient } from '../api/query-client';
import type { ModulePage } from '../module-app';
import { productNameAtom } from '../product';
import { currentUserAtom } from '../session';

type Store = ReturnType<typeof createStore>;

/** What the host puts in the shared jotai store. */
export interface ProviderOptions {
  /** The signed-in user; the atom stays null when not given. */
  user?: CurrentUser | null;
  /** The product name a host may set. */
  productName?: string;
}

export interface RouteRenderOptions extends ProviderOptions {
  /** Where the router starts. */
  path: string;
  /** Adds the /unauthorized page ("Unauthorized!") a 401 navigates to. Default true. */
  unauthorizedPage?: boolean;
  /** The host's API client; the dashboard client by default. */
  createClient?: (options: { queryClient: QueryClient; onUnauthorized: () => void }) => ApiClient;
}

/** The page a 401 sends the user to, as the tests look for it. */
export const unauthorizedRoute: RouteObject = {
  path: '/unauthorized',
  element: <h1>Unauthorized!</h1>,
};

// The store of the last render: the toasts are read from it.
let store: Store | null = null;

/** Renders `element` in the store, theme and toasts a host gives it (no router, no API). */
export function renderWithProviders(
  element: ReactElement,
  { user, productName }: ProviderOptions = {},
) {
  store = createStore();
  if (user !== undefined) store.set(currentUserAtom, user);
  if (productName !== undefined) store.set(productNameAtom, productName);
  const view = render(
    <Provider store={store}>
      <UiProvider>{element}</UiProvider>
    </Provider>,
  );
  return { store, view };
}

/** Renders `routes` at `path` in a host's providers with a fresh query cache (see the top). */
export function renderRoutes(
  routes: RouteObject[],
  {
    path,
    unauthorizedPage = true,
    createClient = createDashboardApiClient,
    ...providers
  }: RouteRenderOptions,
) {
  const router = createMemoryRouter(unauthorizedPage ? [...routes, unauthorizedRoute] : routes, {
    initialEntries: [path],
  });
  const queryClient = createQueryClient();
  const client = createClient({
    queryClient,
    onUnauthorized: () => void router.navigate('/unauthorized'),
  });
  const rendered = renderWithProviders(
    <ApiProvider client={client} queryClient={queryClient}>
      <RouterProvider router={router} />
    </ApiProvider>,
    providers,
  );
  return { router, queryClient, ...rendered };
}

/** A module's pages as routes, each at its dashboard path. */
export function pageRoutes(pages: readonly ModulePage[]): RouteObject[] {
  return pages.map(({ path, Component }) => ({ path, element: <Component /> }));
}

/**
 * Runs a render inside an awaited act(): pages that suspend on a promise (a remote's, a lazy
 * chunk's) are replayed before it returns.
 */
export async function settled<T>(renderIt: () => T): Promise<T> {
  let result: { value: T } | undefined;
  await act(async () => {
    result = { value: renderIt() };
  });
  if (!result) throw new Error('render did not run');
  return result.value;
}

/** The toasts' region (a field may show the same text as its own error). */
function toastRegion() {
  return within(screen.getByRole('region', { name: 'Notifications' }));
}

/** The toast that shows `text`: its severity, summary and life (ms; 0 = sticky). */
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
