// Renders the module's pages as the shell does, and reads what a user sees of toasts.
//
// API (stable):
//   renderPage(path, { user?, productName? })   the page at `path` in the shell's providers;
//                                               returns { router, queryClient, store }
//   findToast(text)      the toast showing `text`: { severity, summary, life } (life 0 = sticky)
//   shownToasts()        the toasts now, as 'severity: detail'
//   chooseOption(label, option, container?)     opens a select by its label, picks an option
//   chooseProfile(option)   the same for 'Select Profile:', whose code loads on its first use
//   renderInShell(element, { user?, productName?, path? })   one element (a form, a dialog) in
//                        the same providers; returns { router, queryClient, store, view }
// The providers, toasts and selects are the harness's (`@outsync/app-runtime/testing`).
import type { ReactElement } from 'react';
import { configure, fireEvent, screen } from '@testing-library/react';
import { pageRoutes, renderRoutes } from '@outsync/app-runtime/testing';
import type { CurrentUser } from '@outsync/contracts';
import { pages } from '../app/pages';
import { customer } from './fixtures';

export { chooseOption, findToast, shownToasts } from '@outsync/app-runtime/testing';

// The form and the dialogs load on first use (lazy chunks); on a busy machine that takes longer
// than testing-library's default second, and a wait that gives up early tests nothing.
configure({ asyncUtilTimeout: 5000 });

/**
 * Opens 'Select Profile:' and picks `option`. The list's profile select is drawn without
 * downshift until its first click (`LazyProfileSelect`): its options come once that code has.
 */
export async function chooseProfile(option: string) {
  fireEvent.click(await screen.findByRole('combobox', { name: 'Select Profile:' }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

/**
 * Renders the module's pages at `path` inside the providers the shell gives them: a signed-in
 * `user` in the shared jotai store (give the fake service the same `caller`), the product name
 * a host may set, the dashboard client (a 401 goes to /unauthorized) and a fresh query cache.
 */
export function renderPage(
  path: string,
  { user = customer, productName }: { user?: CurrentUser | null; productName?: string } = {},
) {
  const { router, queryClient, store } = renderRoutes(pageRoutes(pages), {
    path,
    user,
    productName,
  });
  return { router, queryClient, store };
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
  return renderRoutes([{ path, element }], { path, user, productName });
}
