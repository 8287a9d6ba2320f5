import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { renderRoutes, renderWithProviders, settled } from '@outsync/app-runtime/testing';
import { createShellApiClient } from '../session/shell-api-client';

/**
 * Renders routes at a path inside the providers the shell uses, with the shell's own client and
 * a fresh query cache (the page's one would carry answers from test to test).
 */
export async function renderAt(path: string, routes: RouteObject[]) {
  const { view, router, queryClient } = await settled(() =>
    renderRoutes(routes, { path, unauthorizedPage: false, createClient: createShellApiClient }),
  );
  return { ...view, router, queryClient };
}

/**
 * Renders and lets pending loads settle: remote pages suspend on a promise, and React only
 * replays a suspended render inside an awaited act().
 */
export async function renderWithUi(element: ReactElement) {
  const { view } = await settled(() => renderWithProviders(element));
  return view;
}
