import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import { defineRoute } from '@outsync/contracts';
import Koa from 'koa';
import nock from 'nock';
import { z } from 'zod';
import { memoryLogger, type LogLine } from '../../testing/test-support';
import { errorHandler } from './error-handler';
import { requestContext } from './request-context';
import { addRoute } from './route';
import { requireRole, requireSession, sessionContext } from './session';
import type { AppState, SessionUser } from './types';

const echoRoute = defineRoute({
  method: 'post',
  path: '/api/echo/:id',
  request: {
    params: z.object({ id: z.string().regex(/^\w+$/, 'expected a word') }),
    query: z.object({ n: z.coerce.number().int().optional() }),
    body: z.object({ name: z.string().min(1), tags: z.array(z.string()).default([]) }),
  },
  response: z.object({
    id: z.string(),
    n: z.number().optional(),
    name: z.string(),
    tags: z.array(z.string()),
  }),
  status: 201,
  auth: 'none',
  description: 'echo',
});

const boomRoute = defineRoute({
  method: 'get',
  path: '/api/boom',
  response: z.object({}),
  auth: 'none',
  description: 'fails',
});

const dbDownRoute = defineRoute({
  method: 'get',
  path: '/api/db-down',
  response: z.object({}),
  auth: 'none',
  description: 'meets a database outage',
});

const signedInRoute = defineRoute({
  method: 'post',
  path: '/api/signed-in',
  request: { body: z.object({ n: z.number() }) },
  response: z.object({ email: z.string() }),
  description: 'needs a session (the default)',
});

const adminRoute = defineRoute({
  method: 'get',
  path: '/api/admin-only',
  response: z.object({ ok: z.boolean() }),
  auth: 'session',
  description: 'admins only',
});

// Session tokens of the stub lookup: `admin-token` is an ADMIN, `user-token` a customer.
const SESSIONS: Record<string, SessionUser> = {
  'admin-token': { id: 'a1', email: 'admin@example.com', role: 'ADMIN', isPaidTier: true },
  'user-token': { id: 'u1', email: 'user@example.com', role: null, isPaidTier: false },
};

let server: Server;
let baseUrl: string;
let lines: LogLine[];

beforeAll(async () => {
  nock.disableNetConnect();
  nock.enableNetConnect('127.0.0.1');
  const memory = memoryLogger();
  lines = memory.lines;
  const router = new Router<AppState>();
  addRoute(router, echoRoute, ({ params, query, body }) => ({
    id: params.id,
    n: query.n,
    ...body,
  }));
  addRoute(router, boomRoute, () => {
    throw new Error('connection to mongodb://admin:hunter2@db failed');
  });
  addRoute(router, dbDownRoute, () => {
    // What the driver throws while MongoDB is down or failing over.
    const error = new Error('connect ECONNREFUSED 127.0.0.1:27017');
    error.name = 'MongoServerSelectionError';
    throw error;
  });
  addRoute(router, signedInRoute, (_input, ctx) => ({ email: ctx.state.user?.email ?? '' }));
  addRoute(router, adminRoute, () => ({ ok: true }), { roles: ['ADMIN'] });
  router.get('/api/managers', requireRole('ADMIN', 'MANAGER'), (ctx) => {
    ctx.body = { ok: true };
  });
  router.get('/api/any-user', requireSession(), (ctx) => {
    ctx.body = { id: ctx.state.user?.id };
  });
  const app = new Koa<AppState>()
    .use(requestContext(memory.logger))
    .use(errorHandler())
    .use(sessionContext(async (token) => SESSIONS[token] ?? null))
    .use(bodyParser({ enableTypes: ['json'] }))
    .use(router.routes())
    .use(router.allowedMethods());
  server = createServer(app.callback()).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  nock.enableNetConnect();
  // nock patches Node's own net module, which outlives this file in the jest worker.
  nock.restore();
});

function post(path: string, body: string, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function linesOf(requestId: string) {
  return lines.filter((line) => line.reqId === requestId);
}

describe('contract routes', () => {
  it('hands the parsed params, query and body to the handler and answers its status', async () => {
    const response = await post('/api/echo/abc?n=7', JSON.stringify({ name: 'Ada' }));

    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ id: 'abc', n: 7, name: 'Ada', tags: [] });
  });

  it('answers 400 validation_error listing every issue, the first one as the message', async () => {
    const response = await post('/api/echo/a-b?n=1.5', JSON.stringify({ name: '', tags: [1] }));

    expect(response.status).toBe(400);
    const body = (await response.json()) as { details: { issues: unknown[] } };
    expect(body).toMatchObject({ code: 'validation_error', message: 'expected a word' });
    expect(body.details.issues).toEqual([
      { in: 'params', path: ['id'], message: 'expected a word' },
      { in: 'query', path: ['n'], message: expect.stringContaining('int') },
      { in: 'body', path: ['name'], message: expect.stringContaining('>=1') },
      { in: 'body', path: ['tags', 0], message: expect.stringContaining('expected string') },
    ]);
  });

  it('answers malformed JSON with 400 bad_request', async () => {
    const response = await post('/api/echo/abc', '{"name":');

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 'bad_request', message: 'Malformed JSON body' });
  });
});

describe('error envelope', () => {
  it('answers an unknown route with 404 not_found', async () => {
    const response = await fetch(`${baseUrl}/api/nothing-here`);

    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      code: 'not_found',
      message: 'No route for GET /api/nothing-here',
    });
  });

  it('answers a wrong method with 405 method_not_allowed and the allowed ones', async () => {
    const response = await fetch(`${baseUrl}/api/boom`, { method: 'DELETE' });

    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toContain('GET');
    expect(await response.json()).toMatchObject({ code: 'method_not_allowed' });
  });

  it('hides an unexpected error behind internal_error and logs it with the request id', async () => {
    const response = await fetch(`${baseUrl}/api/boom`, {
      headers: { 'x-request-id': 'req-boom-1' },
    });

    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ code: 'internal_error', message: 'Internal server error' });
    expect(text).not.toContain('hunter2');
    expect(linesOf('req-boom-1')).toContainEqual(
      expect.objectContaining({
        level: 'error',
        msg: 'request failed',
        err: expect.objectContaining({ message: expect.stringContaining('failed') }),
      }),
    );
  });
});

describe('a database outage', () => {
  it('answers 503 not_ready with Retry-After, not a 500', async () => {
    const response = await fetch(`${baseUrl}/api/db-down`);

    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({
      code: 'not_ready',
      message: 'The service cannot reach its database right now; try again in a few seconds.',
    });
  });
});

describe('request id', () => {
  it('keeps a sane incoming X-Request-Id and stamps it on every log line of the request', async () => {
    const response = await post('/api/echo/abc', JSON.stringify({ name: 'Ada' }), {
      'x-request-id': 'shell-42.a:b',
    });

    expect(response.headers.get('x-request-id')).toBe('shell-42.a:b');
    expect(linesOf('shell-42.a:b').map((line) => line.msg)).toEqual([
      'request started',
      'request completed',
    ]);
    expect(linesOf('shell-42.a:b')[1]).toMatchObject({
      method: 'POST',
      path: '/api/echo/abc',
      status: 201,
    });
  });

  it.each([
    ['spaces', 'two words'],
    ['too long', 'x'.repeat(129)],
    ['injection', 'abc"}{"level":"fatal'],
  ])('replaces an incoming id with %s by a fresh one', async (_case, incoming) => {
    const response = await fetch(`${baseUrl}/api/nothing-here`, {
      headers: { 'x-request-id': incoming },
    });

    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(linesOf(id ?? '')).toHaveLength(2);
  });

  it('generates distinct ids when none comes in', async () => {
    const [a, b] = await Promise.all([fetch(`${baseUrl}/api/x`), fetch(`${baseUrl}/api/y`)]);

    expect(a.headers.get('x-request-id')).not.toEqual(b.headers.get('x-request-id'));
  });

  it('never logs request headers, cookies or the query string', async () => {
    await fetch(`${baseUrl}/api/nothing-here?token=secret-token`, {
      headers: {
        'x-request-id': 'req-secret',
        authorization: 'Bearer secret-bearer',
        cookie: 'sid=secret-cookie',
      },
    });

    const logged = JSON.stringify(linesOf('req-secret'));
    expect(logged).not.toMatch(/secret-(token|bearer|cookie)/);
  });
});

describe('session and role guards', () => {
  const as = (token?: string): Record<string, string> =>
    token ? { cookie: `outsync.sid=${token}` } : {};

  it('answers 401 on a session route without a valid cookie, before validating the input', async () => {
    for (const headers of [as(), as('forged')]) {
      const response = await post('/api/signed-in', '{}', headers);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ code: 'unauthorized', message: 'Please sign in.' });
    }
  });

  it('hands the signed-in user to the handler', async () => {
    const response = await post('/api/signed-in', JSON.stringify({ n: 1 }), as('user-token'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ email: 'user@example.com' });
  });

  it('answers 403 forbidden to a user without the role, 401 to nobody', async () => {
    const get = (path: string, token?: string) =>
      fetch(`${baseUrl}${path}`, { headers: as(token) });

    expect((await get('/api/admin-only', 'admin-token')).status).toBe(200);
    const refused = await get('/api/admin-only', 'user-token');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      code: 'forbidden',
      message: 'You do not have access to this.',
    });
    expect((await get('/api/admin-only')).status).toBe(401);

    expect((await get('/api/managers', 'admin-token')).status).toBe(200);
    expect((await get('/api/managers', 'user-token')).status).toBe(403);
    expect((await get('/api/managers')).status).toBe(401);
    expect(await (await get('/api/any-user', 'user-token')).json()).toEqual({ id: 'u1' });
    expect((await get('/api/any-user')).status).toBe(401);
  });
});

describe('logger', () => {
  it('redacts credentials wherever a line carries them', () => {
    const { logger, lines: out } = memoryLogger();
    logger.info(
      {
        req: { headers: { authorization: 'Bearer abc', cookie: 'sid=1', accept: 'json' } },
        account: { apiKey: 'k', password: 'p', accessToken: 't', name: 'Acme' },
      },
      'with secrets',
    );

    expect(out[0]).toMatchObject({
      req: { headers: { authorization: '[redacted]', cookie: '[redacted]', accept: 'json' } },
      account: {
        apiKey: '[redacted]',
        password: '[redacted]',
        accessToken: '[redacted]',
        name: 'Acme',
      },
    });
  });
});
