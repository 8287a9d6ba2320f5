// Every route that takes a body (`serviceRoutes`, the table the OpenAPI document is built from),
// sent bodies that do not decompress as their Content-Encoding says, an unknown coding and a
// decompression bomb: each answer is a 4xx error envelope (413 for the bomb), never a 5xx
// (issue 30 "Bad input"). A file of its own without nock: its interceptor decodes request
// bodies itself and never passes such bodies on.
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { CSRF_HEADER, type RouteDefinition } from '@outsync/contracts';
import { serviceRoutes } from './api-table';
import { CSRF_COOKIE } from './platform/http/csrf';
import { SESSION_COOKIE } from './platform/http/session';
import { startTestApp, type TestApp } from './testing/test-app';
import type { TestClient } from './testing/test-client';

let app: TestApp;
let admin: TestClient;

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.signIn({ email: 'fuzz-admin@example.com', role: 'ADMIN', isPaidTier: true });
});

afterAll(async () => {
  await app.stop();
});

const A_VALID_ID = '0123456789abcdef01234567';

/** Compressed bodies no route may accept: garbage, cut short, an unknown coding, a bomb. */
const VALID_JSON = JSON.stringify({ description: 'compressed', platform: 'smartlead' });
const COMPRESSED_BODIES: { name: string; encoding: string; body: Buffer; status?: number }[] = [
  { name: 'garbage gzip', encoding: 'gzip', body: Buffer.from('not gzip at all') },
  {
    name: 'gzip cut short',
    encoding: 'gzip',
    body: gzipSync(VALID_JSON).subarray(0, 12),
  },
  { name: 'garbage deflate', encoding: 'deflate', body: Buffer.from('not deflate either') },
  { name: 'garbage brotli', encoding: 'br', body: Buffer.from([0xff, 0xfe, 0xfd, 0x00, 0x01]) },
  { name: 'an unknown coding', encoding: 'compress', body: Buffer.from(VALID_JSON) },
  {
    name: 'a deflate bomb (2 MB of JSON in a few kB)',
    encoding: 'deflate',
    body: deflateSync(`{"description":"${'a'.repeat(2_000_000)}"}`),
    status: 413,
  },
  {
    name: 'brotli of invalid JSON',
    encoding: 'br',
    body: brotliCompressSync('{"a":'),
  },
];

const allRoutes: [string, RouteDefinition][] = Object.entries(serviceRoutes);
const bodyRoutes = allRoutes.filter(
  ([, route]) => (route.auth ?? 'session') === 'session' && Boolean(route.request?.body),
);

async function sendCompressed(route: RouteDefinition, bad: (typeof COMPRESSED_BODIES)[number]) {
  const path = route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, A_VALID_ID);
  await admin.get('/auth/csrf-token');
  const csrf = admin.cookie(CSRF_COOKIE) ?? '';
  const session = admin.cookie(SESSION_COOKIE) ?? '';
  const response = await fetch(`${app.url}${path}`, {
    method: route.method.toUpperCase(),
    headers: {
      'content-type': 'application/json',
      'content-encoding': bad.encoding,
      [CSRF_HEADER]: csrf,
      cookie: `${SESSION_COOKIE}=${session}; ${CSRF_COOKIE}=${csrf}`,
    },
    body: new Uint8Array(bad.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the assertion on the envelope reports it
  }
  return { path, status: response.status, body };
}

describe.each(bodyRoutes)('%s with badly compressed bodies', (_name, route) => {
  it.each(COMPRESSED_BODIES.map((bad) => [bad.name, bad]))('%s → 4xx', async (_label, bad) => {
    const { path, status, body } = await sendCompressed(route, bad);
    const summary = `${route.method} ${path} ${bad.name} → ${status} ${JSON.stringify(body)?.slice(0, 200)}`;
    expect({ summary, clientError: status >= 400 && status < 500 }).toEqual({
      summary,
      clientError: true,
    });
    const envelope = body as { message?: unknown; code?: unknown };
    expect(typeof envelope.message).toBe('string');
    expect(typeof envelope.code).toBe('string');
    if (bad.status) expect(status).toBe(bad.status);
  });
});
