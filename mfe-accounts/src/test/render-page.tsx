// Renders the module's pages as the shell does (the harness's providers), and reads toasts.
// API: renderPage(path, { user? }) → { router, queryClient, store }; findToast(text);
// shownToasts(); chooseOption(label, option, container?).
import { pageRoutes, renderRoutes } from '@outsync/app-runtime/testing';
import type { CurrentUser } from '@outsync/contracts';
import { pages } from '../app/pages';
import { customer } from './fixtures';

export { chooseOption, findToast, shownToasts } from '@outsync/app-runtime/testing';

/**
 * Renders the module's pages at `path` inside the providers the shell gives them: a signed-in
 * `user` in the shared jotai store, the dashboard client (a 401 goes to /unauthorized) and a
 * fresh query cache.
 */
export function renderPage(path: string, { user = customer }: { user?: CurrentUser | null } = {}) {
  const { router, queryClient, store } = renderRoutes(pageRoutes(pages), { path, user });
  return { router, queryClient, store };
}
