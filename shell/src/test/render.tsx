import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { UiProvider } from '@outsync/ui';

/** Renders routes at a path inside the providers the shell uses. */
export async function renderAt(path: string, routes: RouteObject[]) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = await renderWithUi(<RouterProvider router={router} />);
  return { ...utils, router };
}

/**
 * Renders and lets pending loads settle: remote pages suspend on a promise, and React only
 * replays a suspended render inside an awaited act().
 */
export async function renderWithUi(element: ReactElement) {
  let utils: ReturnType<typeof render> | undefined;
  await act(async () => {
    utils = render(<UiProvider>{element}</UiProvider>);
  });
  if (!utils) throw new Error('render did not run');
  return utils;
}
