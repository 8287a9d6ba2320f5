import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { routeCatalog, routeList, shellPaths, type CatalogRoute } from '@outsync/contracts';
import { RemotePage } from './federation/remote-page';
import { DashboardLayout } from './layout/dashboard-layout';
import { NotFoundPage } from './pages/not-found-page';
import { UnauthorizedPage } from './pages/unauthorized-page';
import { RouteAccessGate } from './routing/route-access-gate';

/** A catalog screen: its remote's exposed page at its path, for the roles that may open it. */
const screen = (route: CatalogRoute): RouteObject => ({
  path: route.path,
  element: (
    <RouteAccessGate access={route.access}>
      <RemotePage
        remote={route.federationName}
        expose={route.expose}
        showRelease={route.access !== 'public'}
      />
    </RouteAccessGate>
  ),
});

// Public screens stand alone; every other one renders inside the dashboard layout, which
// loads the session first.
const publicScreens = routeList.filter((route) => route.access === 'public');
const dashboardScreens = routeList.filter((route) => route.access !== 'public');

/** The shell's routes (spec 01 §2.1), from the route catalog. */
export const routes: RouteObject[] = [
  ...publicScreens.map(screen),
  { path: shellPaths.unauthorized, element: <UnauthorizedPage /> },
  {
    path: shellPaths.dashboard,
    element: <DashboardLayout />,
    children: [
      { index: true, element: <Navigate to={routeCatalog['webhook-view'].path} replace /> },
      ...dashboardScreens.map(screen),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

export function ShellRoutes() {
  return useRoutes(routes);
}
