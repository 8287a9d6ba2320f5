import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import { defineRoute } from '@outsync/contracts';
import Koa from 'koa';
import { z } from 'zod';
import { memoryLogger } from '../../testing/test-support';
import { errorHandler } from './error-handler';
import { HttpError } from './http-error';
import { noStoreWhenSignedIn } from './no-store';
import { requestContext } from './request-context';
import { addRoute } from './route';
import { requireRole, requireSession, sessionContext } from './session';
import type { AppState, SessionUser } from './types';

// No nock: this file only talks to its own server on 127.0.0.1.

const sessionRoute = defineRoute({
  method: 'get',
  path: '/api/mine',
  response: z.object({ email: z.string() }),
  description: 'a session route',
});
const failingSessionRoute = defineRoute({
  method: 'get',
  path: '/api/mine/broken',
  response: z.object({}),
  description: 'a session route that fails',
});
const cachedSessionRoute = defineRoute({
  method: 'get',
  path: '/api/mine/avatar',
  response: z.object({}),
  description: 'a session route that chooses its own caching',
});
const publicRoute = defineRoute({
  method: 'get',
  path: '/api/public',
  response: z.object({ ok: z.boolean() }),
  auth: 'none',
  description: 'no session needed',
});

const USER: SessionUser = { id: 'u1', email: 'user@example.com', role: null, isPaidTier: false };
const signedIn = { cookie: 'outsync.sid=user-token' };

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  const router = new Router<AppState>();
  addRoute(router, sessionRoute, (_input, ctx) => ({ email: ctx.state.user?.email ?? '' }));
  addRoute(router, failingSessionRoute, () => {
    throw new HttpError(409, 'conflict', 'Already there.');
  });
  addRoute(router, cachedSessionRoute, (_input, ctx) => {
    ctx.set('Cache-Control', 'private, max-age=60');
    return {};
  });
  addRoute(router, publicRoute, () => ({ ok: true }));
  router.get('/api/legacy', requireSession(), (ctx) => {
    ctx.body = { ok: true };
  });
  router.get('/api/admins', requireRole('ADMIN'), (ctx) => {
    ctx.body = { ok: true };
  });
  const app = new Koa<AppState>()
    .use(requestContext(memoryLogger().logger))
    .use(errorHandler())
    .use(sessionContext(async (token) => (token === 'user-token' ? USER : null)))
    .use(noStoreWhenSignedIn())
    .use(router.routes());
  server = createServer(app.callback()).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function cacheControl(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${path}`, { headers });
  return { status: response.status, cacheControl: response.headers.get('cache-control') };
}

describe('Cache-Control on signed-in answers', () => {
  it('is no-store on every answer to a signed-in user', async () => {
    expect(await cacheControl('/api/mine', signedIn)).toEqual({
      status: 200,
      cacheControl: 'no-store',
    });
    expect(await cacheControl('/api/legacy', signedIn)).toEqual({
      status: 200,
      cacheControl: 'no-store',
    });
  });

  it('is no-store on the errors a signed-in user gets, too', async () => {
    expect(await cacheControl('/api/mine/broken', signedIn)).toEqual({
      status: 409,
      cacheControl: 'no-store',
    });
    expect(await cacheControl('/api/admins', signedIn)).toEqual({
      status: 403,
      cacheControl: 'no-store',
    });
  });

  it('leaves a route’s own choice alone', async () => {
    expect((await cacheControl('/api/mine/avatar', signedIn)).cacheControl).toBe(
      'private, max-age=60',
    );
  });

  it('is not added where nobody signed in', async () => {
    expect(await cacheControl('/api/public')).toEqual({ status: 200, cacheControl: null });
    expect(await cacheControl('/api/public', signedIn)).toEqual({
      status: 200,
      cacheControl: null,
    });
    expect(await cacheControl('/api/mine')).toEqual({ status: 401, cacheControl: null });
  });
});
