import { Navigate, type RouteObject } from 'react-router';
import { RemotePage } from './federation/remote-page';
import { DashboardLayout } from './layout/dashboard-layout';
import { NotFoundPage } from './pages/not-found-page';
import { UnauthorizedPage } from './pages/unauthorized-page';

/** Which remote serves which path (spec 01 §2.1). Federation names match /remotes.json. */
const remotePage = (remote: string, expose: string) => (
  <RemotePage remote={remote} expose={expose} />
);

const auth = 'outsync_auth';
const webhooks = 'outsync_webhooks';
const accounts = 'outsync_accounts';
const history = 'outsync_history';

export const routes: RouteObject[] = [
  { path: '/', element: remotePage(auth, 'LoginPage') },
  { path: '/verify', element: remotePage(auth, 'VerifyPage') },
  { path: '/unauthorized', element: <UnauthorizedPage /> },
  {
    path: '/admin/dashboard',
    element: <DashboardLayout />,
    children: [
      { index: true, element: <Navigate to="webhooks" replace /> },
      { path: 'webhooks', element: remotePage(webhooks, 'WebhooksPage') },
      { path: 'hubspot', element: remotePage(accounts, 'HubspotPage') },
      { path: 'salesforce', element: remotePage(accounts, 'SalesforcePage') },
      { path: 'api-keys', element: remotePage(accounts, 'ApiKeysPage') },
      { path: 'services', element: remotePage(accounts, 'ServicesPage') },
      { path: 'smartlead-block-lists', element: remotePage(accounts, 'BlockListsPage') },
      { path: 'users', element: remotePage(accounts, 'UsersPage') },
      { path: 'history/webhook-logs', element: remotePage(history, 'WebhookLogsPage') },
      { path: 'history/block-list-logs', element: remotePage(history, 'BlockListLogsPage') },
      {
        path: 'history/category-base-filter-logs',
        element: remotePage(history, 'CategoryBaseFilterLogsPage'),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];
