import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Provider as JotaiProvider } from 'jotai';
import { ApiProvider, createQueryClient } from '@outsync/app-runtime';
import { UiProvider } from '@outsync/ui';
import { createShellApiClient } from '../session/shell-api-client';

/**
 * Renders routes at a path inside the providers the shell uses, with the shell's own client and
 * a fresh query cache (the page's one would carry answers from test to test).
 */
export async function renderAt(path: string, routes: RouteObject[]) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const api = createShellApiClient({
    onUnauthorized: () => void router.navigate('/unauthorized'),
    queryClient,
  });
  const utils = await renderWithUi(
    <ApiProvider client={api} queryClient={queryClient}>
      <RouterProvider router={router} />
    </ApiProvider>,
  );
  return { ...utils, router, queryClient };
}

/**
 * Renders and lets pending loads settle: remote pages suspend on a promise, and React only
 * replays a suspended render inside an awaited act().
 */
export async function renderWithUi(element: ReactElement) {
  let utils: ReturnType<typeof render> | undefined;
  await act(async () => {
    utils = render(
      <JotaiProvider>
        <UiProvider>{element}</UiProvider>
      </JotaiProvider>,
    );
  });
  if (!utils) throw new Error('render did not run');
  return utils;
}
