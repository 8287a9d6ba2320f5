// Bad input through the shell (issue 30, "What to build" 5): every route that takes a body,
// read from the product's own OpenAPI document and the receiver's two addresses, gets bodies
// no client should send — garbage or cut gzip, deflate and br, an unknown encoding, broken JSON,
// 20 MB with `Connection: close` — as anonymous and as a signed-in customer, through the shell's
// origin as a browser or a platform reaches it. Each must be answered with a 4xx and the JSON
// error envelope: never a 5xx, a reset connection or the app's HTML.
import http from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { signedInSession } from '../../scripts/demo-workspace';
import type { RunningProduct } from '../../scripts/product';
import { startTestProduct } from './product-harness';

let product: RunningProduct;
let customer: Record<string, string>;

beforeAll(async () => {
  product = await startTestProduct();
  const session = await signedInSession(
    product.shellUrl,
    product.sandboxUrl ?? '',
    'fuzz-customer@bad-input-e2e.example',
  );
  customer = await session.credentials();
}, 300_000);

afterAll(async () => {
  await product?.stop();
});

type Answer = { status: number; contentType: string; body: string };

/** One request made by hand (fetch would refuse some of these headers and bodies). */
function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<Answer> {
  const target = new URL(path, product.shellUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        method,
        path: `${target.pathname}${target.search}`,
        headers: { 'content-length': String(body.length), ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    // A service that answers before the whole body is in (413) may close while it is still
    // being written: that is fine as long as its answer arrived.
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') reject(error);
    });
    request.end(body);
  });
}

const json = Buffer.from(JSON.stringify({ email: 'someone@example.com', name: 'x' }));
const garbage = Buffer.from('this is not compressed at all, whatever the header says');
const cutGzip = gzipSync(json).subarray(0, 12);
const BAD_BODIES: Array<[string, Record<string, string>, Buffer]> = [
  ['garbage gzip', { 'content-encoding': 'gzip' }, garbage],
  ['cut gzip', { 'content-encoding': 'gzip' }, cutGzip],
  ['garbage deflate', { 'content-encoding': 'deflate' }, garbage],
  ['cut br', { 'content-encoding': 'br' }, brotliCompressSync(json).subarray(0, 5)],
  ['an unknown encoding', { 'content-encoding': 'x-rot13' }, json],
  ['broken JSON', {}, Buffer.from('{"email": "someone@example.com",')],
];
const OVERSIZE = Buffer.alloc(20 * 1024 * 1024, 'a');

/** Every method and path whose operation takes a body, path parameters filled in. */
async function routesWithBodies(): Promise<Array<[string, string]>> {
  const response = await fetch(`${product.shellUrl}/api/openapi.json`);
  const document = (await response.json()) as {
    paths: Record<string, Record<string, { requestBody?: unknown }>>;
  };
  const routes: Array<[string, string]> = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!operation.requestBody) continue;
      routes.push([method.toUpperCase(), path.replace(/\{[^}]+\}/g, '0123456789abcdef01234567')]);
    }
  }
  // The platforms' side: a delivery and a test event to a webhook address.
  routes.push(['POST', '/webhooks/no-such-code'], ['POST', '/webhooks/test/no-such-code']);
  return routes;
}

function expectRefusal(answer: Answer, what: string): void {
  const envelope = answer.contentType.includes('application/json')
    ? (JSON.parse(answer.body) as { code?: unknown; message?: unknown })
    : {};
  expect({
    what,
    clientError: answer.status >= 400 && answer.status < 500,
    envelope: typeof envelope.code === 'string' && typeof envelope.message === 'string',
  }).toEqual({ what, clientError: true, envelope: true });
}

test('every body-taking route refuses malformed bodies with a 4xx JSON envelope, anonymous or signed in', async () => {
  const routes = await routesWithBodies();
  expect(routes.length).toBeGreaterThan(20);
  let checked = 0;
  for (const [method, path] of routes) {
    for (const [caller, credentials] of [
      ['anonymous', {}],
      ['customer', customer],
    ] as const) {
      for (const [name, headers, body] of BAD_BODIES) {
        const answer = await send(
          method,
          path,
          { 'content-type': 'application/json', ...credentials, ...headers },
          body,
        );
        expectRefusal(answer, `${caller} ${method} ${path} with ${name}: ${answer.status}`);
        checked += 1;
      }
    }
  }
  expect(checked).toBe(routes.length * 2 * BAD_BODIES.length);
}, 180_000);

test('a 20 MB body with Connection: close is refused with a 4xx JSON envelope, not reset', async () => {
  for (const [method, path] of [
    ['POST', '/api/admin/webhooks'],
    ['POST', '/auth/code'],
    ['POST', '/webhooks/no-such-code'],
  ] as const) {
    const answer = await send(
      method,
      path,
      { 'content-type': 'application/json', connection: 'close', ...customer },
      OVERSIZE,
    );
    expectRefusal(answer, `${method} ${path} with 20 MB: ${answer.status}`);
  }
}, 120_000);
