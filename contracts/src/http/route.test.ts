import { z } from 'zod';
import { type apiRoutes } from '../api-routes';
import {
  defineRoute,
  fillPath,
  pathParamNames,
  toOpenApiPath,
  type RouteInput,
  type RouteParsedInput,
  type RouteResult,
} from './route';

// Compile-time checks: `tsc -p contracts` fails if the inferred types drift.
type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function assertType<_T extends true>(): void {}

const updateWebhook = defineRoute({
  method: 'patch',
  path: '/api/webhooks/:id',
  request: {
    params: z.object({ id: z.string() }),
    query: z.object({ dryRun: z.coerce.boolean().optional() }),
    body: z.object({ name: z.string(), retries: z.number().default(3) }),
  },
  response: z.object({ id: z.string(), updatedAt: z.iso.datetime().transform((s) => new Date(s)) }),
  description: 'test route',
});

assertType<Equal<keyof RouteInput<typeof apiRoutes.health>, never>>();
assertType<Equal<RouteResult<typeof apiRoutes.health>, { status: 'ok' }>>();
assertType<Equal<RouteInput<typeof updateWebhook>['body'], { name: string; retries?: number }>>();
assertType<
  Equal<RouteParsedInput<typeof updateWebhook>['body'], { name: string; retries: number }>
>();
assertType<Equal<RouteResult<typeof updateWebhook>['updatedAt'], Date>>();

describe('defineRoute', () => {
  it('keeps the definition as given', () => {
    expect(updateWebhook.method).toBe('patch');
    expect(updateWebhook.path).toBe('/api/webhooks/:id');
  });

  it('rejects a path whose parameters the params schema does not declare', () => {
    expect(() =>
      defineRoute({
        method: 'get',
        path: '/api/webhooks/:id',
        response: z.object({}),
        description: 'missing params',
      }),
    ).toThrow('path parameters [id] do not match request.params []');
  });

  it('rejects params the path does not have', () => {
    expect(() =>
      defineRoute({
        method: 'get',
        path: '/api/webhooks',
        request: { params: z.object({ id: z.string() }) },
        response: z.object({}),
        description: 'extra params',
      }),
    ).toThrow('path parameters [] do not match request.params [id]');
  });
});

describe('paths', () => {
  it('lists path parameter names', () => {
    expect(pathParamNames('/a/:accountId/b/:id')).toEqual(['accountId', 'id']);
  });

  it('writes OpenAPI templates', () => {
    expect(toOpenApiPath('/a/:accountId/b/:id')).toBe('/a/{accountId}/b/{id}');
  });

  it('fills and encodes parameters', () => {
    expect(fillPath('/a/:id', { id: 'x/y z' })).toBe('/a/x%2Fy%20z');
  });

  it('refuses to build a path with a missing parameter', () => {
    expect(() => fillPath('/a/:id', {})).toThrow('Missing path parameter "id"');
  });
});
