import { routeAt } from './route-at';

describe('routeAt', () => {
  test('names the catalog screen at a path, with or without a trailing slash', () => {
    expect(routeAt('/admin/dashboard/history/webhook-logs')).toMatchObject({
      federationName: 'outsync_history',
      expose: 'WebhookLogsPage',
    });
    expect(routeAt('/admin/dashboard/users/')).toMatchObject({ expose: 'UsersPage' });
    expect(routeAt('/')).toMatchObject({ expose: 'LoginPage' });
  });

  test('the dashboard itself opens the Webhooks screen', () => {
    expect(routeAt('/admin/dashboard')).toMatchObject({
      federationName: 'outsync_webhooks',
      expose: 'WebhooksPage',
    });
  });

  test('no screen for other addresses', () => {
    expect(routeAt('/unauthorized')).toBeUndefined();
    expect(routeAt('/admin/dashboard/nowhere')).toBeUndefined();
  });
});
