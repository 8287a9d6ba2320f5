// The route matcher behind embed tokens, CORS and the CSRF exemption, and the guarantee it rests
// on: a request it lets through as an embed route can reach no other route's handler. The
// middleware itself is tested end to end in modules/partners/partners.test.ts.
import type { RouteDefinition } from '@outsync/contracts';
import { webhooksEmbedRoutes } from '@outsync/contracts/webhooks';
import type { Context } from 'koa';
import { serviceRoutes } from '../../api-table';
import { bearerCredential, routeMatcher, type RoutePattern } from './embed-auth';

describe('routeMatcher', () => {
  const matches = routeMatcher([
    { method: 'get', path: '/api/admin/webhooks' },
    { method: 'put', path: '/api/admin/webhooks/:id' },
  ]);

  it('matches the method and the path, a parameter standing for one segment', () => {
    expect(matches('GET', '/api/admin/webhooks')).toBe(true);
    expect(matches('put', '/api/admin/webhooks/0123456789abcdef01234567')).toBe(true);
  });

  it('refuses another method, another shape, and what the router would only loosely take', () => {
    expect(matches('POST', '/api/admin/webhooks')).toBe(false);
    expect(matches('HEAD', '/api/admin/webhooks')).toBe(false);
    expect(matches('PUT', '/api/admin/webhooks/a/b')).toBe(false);
    expect(matches('PUT', '/api/admin/webhooks/')).toBe(false);
    expect(matches('GET', '/api/admin/webhooks/')).toBe(false);
    expect(matches('GET', '/API/admin/webhooks')).toBe(false);
    expect(matches('GET', '/api/admin/webhooksX')).toBe(false);
    expect(matches('GET', '/prefix/api/admin/webhooks')).toBe(false);
  });

  it('takes path characters literally', () => {
    const dotted = routeMatcher([{ method: 'get', path: '/api/openapi.json' }]);
    expect(dotted('GET', '/api/openapi.json')).toBe(true);
    expect(dotted('GET', '/api/openapiXjson')).toBe(false);
  });
});

/** Whether one request path could match both patterns (a parameter matches any one segment). */
function overlap(a: RoutePattern, b: RoutePattern): boolean {
  if (a.method !== b.method) return false;
  const left = a.path.split('/');
  const right = b.path.split('/');
  return (
    left.length === right.length &&
    left.every((segment, index) => {
      const other = right[index] ?? '';
      return (
        segment.startsWith(':') ||
        other.startsWith(':') ||
        segment.toLowerCase() === other.toLowerCase()
      );
    })
  );
}

describe('the embed routes', () => {
  const embed: RouteDefinition[] = Object.values(webhooksEmbedRoutes);
  // The routes outside the contracts' tables that the app mounts too.
  const mountedByHand: RoutePattern[] = [
    { method: 'post', path: '/webhooks/test/:code' },
    { method: 'post', path: '/webhooks/:code' },
    { method: 'get', path: '/oauth' },
    { method: 'get', path: '/oauth/salesforce' },
  ];
  const others: RoutePattern[] = [
    ...Object.values(serviceRoutes).filter((route) => !embed.includes(route)),
    ...mountedByHand,
  ];

  it('(the overlap check itself finds a clash)', () => {
    const byId = { method: 'get', path: '/api/admin/webhooks/:id' } as const;
    expect(overlap(byId, { method: 'get', path: '/api/admin/Webhooks/count' })).toBe(true);
    expect(overlap(byId, { method: 'put', path: '/api/admin/webhooks/count' })).toBe(false);
    expect(overlap(byId, { method: 'get', path: '/api/admin/webhooks/:id/logs' })).toBe(false);
  });

  it('share no method and path shape with any other route, so the router cannot hand one elsewhere', () => {
    const clashes = embed.flatMap((route) =>
      others
        .filter((other) => overlap(route, other))
        .map((other) => `${route.method} ${route.path} ~ ${other.method} ${other.path}`),
    );
    expect(clashes).toEqual([]);
  });

  it('are session routes of the service, so the embedded module gets its customer’s data', () => {
    const served = Object.values(serviceRoutes);
    for (const route of embed) {
      expect(served).toContain(route);
      expect(route.auth ?? 'session').toBe('session');
    }
  });
});

describe('bearerCredential', () => {
  const withAuthorization = (value: string) => ({ get: () => value }) as unknown as Context;

  it('reads the credential of a Bearer header, whatever the scheme’s case', () => {
    expect(bearerCredential(withAuthorization('Bearer oset_abc'))).toBe('oset_abc');
    expect(bearerCredential(withAuthorization('bearer   oset_abc  '))).toBe('oset_abc');
  });

  it("is '' for a Bearer header without one, and undefined for none or another scheme", () => {
    expect(bearerCredential(withAuthorization('Bearer'))).toBe('');
    expect(bearerCredential(withAuthorization(''))).toBeUndefined();
    expect(bearerCredential(withAuthorization('Basic dXNlcjpwYXNz'))).toBeUndefined();
    expect(bearerCredential(withAuthorization('Bearerish x'))).toBeUndefined();
  });
});
