// Every route of the API (`serviceRoutes`: the core table and each area's, the table the served
// OpenAPI document is built from — a test below keeps the two the same), fed malformed,
// oversized, wrongly typed and operator-injection input (badly compressed bodies: in
// api-fuzz.compressed.test.ts, without nock, which decodes bodies itself): each answer is a 4xx
// error envelope, never a 5xx, and no such input reaches a database query or an outside system
// (nock refuses any outbound call).
import { CSRF_HEADER, pathParamNames, type RouteDefinition } from '@outsync/contracts';
import { serviceRoutes } from './api-table';
import { CSRF_COOKIE } from './platform/http/csrf';
import { SESSION_COOKIE } from './platform/http/session';
import { guardOutboundCalls } from './testing/nock-guard';
import { startTestApp, type TestApp } from './testing/test-app';
import type { TestClient, TestResponse } from './testing/test-client';

guardOutboundCalls();

let app: TestApp;
let admin: TestClient;
let customer: TestClient;

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.signIn({ email: 'fuzz-admin@example.com', role: 'ADMIN', isPaidTier: true });
  customer = await app.signIn({ email: 'fuzz-customer@example.com' });
});

afterAll(async () => {
  await app.stop();
});

const A_VALID_ID = '0123456789abcdef01234567';
const OPERATOR = { $gt: '' };

/** Path parameter values no route may accept. */
const BAD_PARAMS = [
  'not-an-id',
  encodeURIComponent(JSON.stringify(OPERATOR)),
  '0123456789ABCDEF0123456', // 23 characters, upper case
  'a'.repeat(5000),
  '%24where',
];

/** Bodies no route that takes a body may accept. */
const BAD_BODIES: { name: string; body: string }[] = [
  { name: 'an operator object', body: JSON.stringify(OPERATOR) },
  { name: 'an array', body: '[]' },
  { name: 'a string', body: '"text"' },
  { name: 'a number', body: '42' },
  { name: 'null', body: 'null' },
  { name: 'invalid JSON', body: '{"a":' },
  { name: 'deeply nested', body: '{"a":'.repeat(200) + '1' + '}'.repeat(200) },
];

function routeCases(filter: (route: RouteDefinition) => boolean) {
  const routes: [string, RouteDefinition][] = Object.entries(serviceRoutes);
  return routes.filter(([, route]) => (route.auth ?? 'session') === 'session' && filter(route));
}

function pathWith(route: RouteDefinition, value: (name: string) => string): string {
  return route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => value(name));
}

function send(client: TestClient, route: RouteDefinition, path: string, body?: unknown) {
  switch (route.method) {
    case 'get':
      return client.get(path);
    case 'delete':
      return client.delete(path);
    case 'post':
      return client.post(path, body);
    case 'put':
      return client.put(path, body);
    case 'patch':
      return client.patch(path, body);
  }
}

/** A request with a body sent as raw text, with the client's session and CSRF token. */
async function sendRaw(
  client: TestClient,
  method: string,
  path: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
): Promise<TestResponse> {
  await client.get('/auth/csrf-token');
  const csrf = client.cookie(CSRF_COOKIE) ?? '';
  const session = client.cookie(SESSION_COOKIE) ?? '';
  const response = await fetch(`${app.url}${path}`, {
    method: method.toUpperCase(),
    headers: {
      'content-type': 'application/json',
      [CSRF_HEADER]: csrf,
      cookie: `${SESSION_COOKIE}=${session}; ${CSRF_COOKIE}=${csrf}`,
      ...headers,
    },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: the assertion on the envelope reports it
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

function expectClientError(response: TestResponse, context: string) {
  const { status, body } = response;
  const envelope = body as { message?: unknown; code?: unknown };
  const summary = `${context} → ${status} ${JSON.stringify(body)?.slice(0, 200)}`;
  expect({ summary, clientError: status >= 400 && status < 500 }).toEqual({
    summary,
    clientError: true,
  });
  expect(typeof envelope.message).toBe('string');
  expect(typeof envelope.code).toBe('string');
}

/** A body of the right type in every field but with an operator object in each, one at a time. */
function operatorInEachField(route: RouteDefinition): Record<string, unknown>[] {
  const schema = route.request?.body;
  const shape = schema && 'shape' in schema ? (schema.shape as Record<string, unknown>) : undefined;
  const fields = shape
    ? Object.keys(shape)
    : ['apiKey', 'url', 'platform', 'categories', 'userProfileId'];
  return fields.map((field) => ({ [field]: OPERATOR }));
}

describe.each(routeCases((route) => pathParamNames(route.path).length > 0))(
  '%s with malformed path parameters',
  (_name, route) => {
    it.each(BAD_PARAMS.map((value) => [value.slice(0, 40), value]))(
      '%s → 4xx',
      async (_label, value) => {
        const path = pathWith(route, () => value);
        for (const client of [admin, customer]) {
          expectClientError(
            await send(client, route, path, {}),
            `${route.method} ${path.slice(0, 80)}`,
          );
        }
      },
    );
  },
);

describe.each(routeCases((route) => Boolean(route.request?.body)))(
  '%s with malformed bodies',
  (_name, route) => {
    const path = pathWith(route, () => A_VALID_ID);

    it.each(BAD_BODIES.map((bad) => [bad.name, bad.body]))('%s → 4xx', async (_label, body) => {
      const response = await sendRaw(admin, route.method, path, body);
      expectClientError(response, `${route.method} ${path} ${body.slice(0, 30)}`);
    });

    it('an operator object in each field → 4xx', async () => {
      for (const body of operatorInEachField(route)) {
        expectClientError(
          await send(admin, route, path, body),
          `${route.method} ${path} ${JSON.stringify(body)}`,
        );
      }
    });

    it('wrong types everywhere → 4xx', async () => {
      for (const body of [
        { apiKey: 1, platform: true, description: [], baseUrl: {}, userProfileId: 7 },
        { categories: 'x' },
      ]) {
        expectClientError(
          await send(admin, route, path, body),
          `${route.method} ${path} ${JSON.stringify(body)}`,
        );
      }
    });

    it('a body over 1 MB → 413', async () => {
      const huge = JSON.stringify({ apiKey: 'k'.repeat(1_100_000) });
      const response = await sendRaw(admin, route.method, path, huge);
      expect(response.status).toBe(413);
    });

    it('5,000-character strings in every text field → 4xx', async () => {
      const long = 'x'.repeat(5000);
      const body = {
        apiKey: long,
        description: long,
        platform: long,
        baseUrl: long,
        url: long,
        userProfileId: long,
        domain: long,
        consumer_key: long,
        consumer_secret: long,
        taskType: long,
        permissionId: long,
      };
      expectClientError(
        await send(admin, route, path, body),
        `${route.method} ${path} long strings`,
      );
    });
  },
);

describe.each(routeCases((route) => Boolean(route.request?.query)))(
  '%s with malformed queries',
  (_name, route) => {
    it('repeated and operator-looking parameters → 4xx', async () => {
      const path = pathWith(route, () => A_VALID_ID);
      for (const query of [
        'platform=smartlead&platform=bison&type=Contact&type=Lead',
        'platform=%7B%22%24gt%22%3A%22%22%7D&type=%24where',
      ]) {
        expectClientError(await admin.get(`${path}?${query}`), `${path}?${query}`);
      }
    });
  },
);

describe('the served OpenAPI document', () => {
  it('names exactly the routes fuzzed here', async () => {
    const document = (
      await admin.get<{ paths: Record<string, Record<string, unknown>> }>('/api/openapi.json')
    ).body;
    const documented = Object.entries(document.paths)
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method} ${path.replace(/\{([^}]+)\}/g, ':$1')}`),
      )
      .sort();
    const fuzzed = Object.values(serviceRoutes)
      .map((route) => `${route.method} ${route.path}`)
      .sort();
    expect(documented).toEqual([...new Set(fuzzed)]);
  });
});

describe('the sign-in routes', () => {
  it.each([
    [
      'an address of 5,000 characters',
      { email: `${'a'.repeat(5000)}@example.com` },
      'Enter a valid e-mail address.',
    ],
    [
      'an address of 255 characters',
      { email: `${'a'.repeat(243)}@example.com` },
      'Enter a valid e-mail address.',
    ],
    ['no @', { email: 'nobody.example.com' }, 'Enter a valid e-mail address.'],
    ['an operator object', { email: OPERATOR }, undefined],
  ])('POST /auth/code refuses %s with 400', async (_label, body, message) => {
    const response = await app.asAnonymous().post('/auth/code', body);
    expect(response.status).toBe(400);
    if (message) expect(response.body).toMatchObject({ code: 'validation_error', message });
    expect(app.mailbox.to(typeof body.email === 'string' ? body.email : '')).toHaveLength(0);
  });

  it.each([
    ['letters', 'abcdef', 'The code is up to six digits.'],
    ['seven digits', '1234567', 'The code is up to six digits.'],
    ['an operator object', OPERATOR, undefined],
  ])('POST /auth/verify refuses a code of %s with 400', async (_label, code, message) => {
    const response = await app
      .asAnonymous()
      .post('/auth/verify', { email: 'someone@example.com', code });
    expect(response.status).toBe(400);
    if (message) expect(response.body).toMatchObject({ code: 'validation_error', message });
  });
});
