import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serveApp, type RunningServer } from './serve-app';
import { federationRuntimeFile, remotesManifest } from './topology';

// A stand-in dist per app, so the test needs no build.
const dists = mkdtempSync(path.join(os.tmpdir(), 'outsync-serve-'));
function dist(app: string, files: Record<string, string>): string {
  const dir = path.join(dists, app);
  mkdirSync(dir, { recursive: true });
  for (const [name, body] of Object.entries(files)) writeFileSync(path.join(dir, name), body);
  return dir;
}
const shellDist = dist('shell', {
  'index.html': '<!doctype html><div id="root"></div>',
  'main.cf61903d.js': 'console.log(1);',
});
const webhooksDist = dist('mfe-webhooks', {
  'mf-manifest.json': '{"id":"outsync_webhooks"}',
  'federation-runtime.js': '/* the runtime core for the module alone */',
});

let api: http.Server;
let apiOrigin: string;
const seen: Array<{
  method?: string;
  url?: string;
  body: string;
  forwardedHost?: string;
  headers?: http.IncomingHttpHeaders;
}> = [];
const servers: RunningServer[] = [];

beforeAll(async () => {
  api = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({
        method: req.method,
        url: req.url,
        body,
        forwardedHost: req.headers['x-forwarded-host'] as string | undefined,
        headers: req.headers,
      });
      res.writeHead(201, { 'Content-Type': 'application/json', 'X-Upstream': 'yes' });
      res.end(JSON.stringify({ ok: true }));
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiOrigin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const server of servers) await server.close();
  await new Promise((resolve) => api.close(resolve));
  rmSync(dists, { recursive: true, force: true });
});

async function shell(options: { apiOrigin?: string } = {}) {
  const server = await serveApp({
    app: 'shell',
    port: 0,
    remotes: () => remotesManifest({ MFE_WEBHOOKS_URL: 'https://webhooks.example.com' }),
    apiOrigin: options.apiOrigin ?? apiOrigin,
    distDir: shellDist,
  });
  servers.push(server);
  return server;
}

test('the shell answers deep links with index.html (history URLs)', async () => {
  const { url } = await shell();
  const response = await fetch(`${url}/admin/dashboard/history/webhook-logs`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/html');
  expect(await response.text()).toContain('<div id="root">');
});

test('the shell serves /remotes.json from the deployment settings, never cached', async () => {
  const { url } = await shell();
  const response = await fetch(`${url}/remotes.json`);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(await response.json()).toMatchObject({
    outsync_webhooks: 'https://webhooks.example.com/mf-manifest.json',
    outsync_auth: expect.stringMatching(/^http:\/\/localhost:\d+\/mf-manifest\.json$/),
  });
});

test('with a remotes file, the shell serves its content, read anew on every request', async () => {
  const file = path.join(dists, 'remotes.json');
  const v1 = { outsync_history: 'https://cdn.example.com/history/0.1.0/mf-manifest.json' };
  const v2 = { outsync_history: 'https://cdn.example.com/history/0.2.0/mf-manifest.json' };
  writeFileSync(file, JSON.stringify(v1));
  const server = await serveApp({
    app: 'shell',
    port: 0,
    remotes: () => remotesManifest({}),
    remotesFile: file,
    distDir: shellDist,
  });
  servers.push(server);

  const first = await fetch(`${server.url}/remotes.json`);
  expect(first.headers.get('cache-control')).toBe('no-store');
  expect(first.headers.get('content-type')).toBe('application/json');
  expect(await first.json()).toEqual(v1);

  // The operator switches the release while the shell keeps running.
  writeFileSync(file, JSON.stringify(v2));
  expect(await (await fetch(`${server.url}/remotes.json`)).json()).toEqual(v2);
});

test('a remotes file that cannot be read answers 503, never the computed list', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  const server = await serveApp({
    app: 'shell',
    port: 0,
    remotes: () => remotesManifest({}),
    remotesFile: path.join(dists, 'no-such-remotes.json'),
    distDir: shellDist,
  });
  servers.push(server);
  const response = await fetch(`${server.url}/remotes.json`);
  expect(response.status).toBe(503);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(await response.json()).toEqual({
    message: 'The list of modules cannot be read.',
    code: 'remotes_unavailable',
  });
});

test.each(['/api/admin/webhooks?x=1', '/auth/code', '/webhooks/abc123', '/oauth?code=1'])(
  'the shell forwards %s to the sync-service with method, body and status',
  async (pathAndQuery) => {
    const { url } = await shell();
    const response = await fetch(`${url}${pathAndQuery}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co' }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-upstream')).toBe('yes');
    expect(seen.at(-1)).toMatchObject({
      method: 'POST',
      url: pathAndQuery,
      body: '{"email":"a@b.co"}',
      forwardedHost: new URL(url).host,
    });
  },
);

test('the health endpoints are the service’s on the shell’s origin too, not the app’s page', async () => {
  const { url } = await shell();
  for (const health of ['/healthz', '/readyz']) {
    const response = await fetch(`${url}${health}`);
    expect(response.headers.get('x-upstream')).toBe('yes');
    expect(seen.at(-1)?.url).toBe(health);
  }
});

test('hop-by-hop headers stay on their connection: the service never sees the client’s', async () => {
  const { url } = await shell();
  const target = new URL(`${url}/api/admin/webhooks`);
  const status = await new Promise<number>((resolve, reject) => {
    const sent = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: 'POST',
        path: target.pathname,
        headers: {
          'content-type': 'application/json',
          connection: 'close, x-hop-secret',
          'x-hop-secret': 'for the proxy only',
          'keep-alive': 'timeout=5',
          'x-end-to-end': 'kept',
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    sent.on('error', reject);
    sent.end('{"email":"a@b.co"}');
  });
  expect(status).toBe(201);
  const headers = seen.at(-1)?.headers ?? {};
  expect(headers['x-end-to-end']).toBe('kept');
  expect(headers['x-hop-secret']).toBeUndefined();
  expect(headers['keep-alive']).toBeUndefined();
  expect(headers.connection).not.toBe('close, x-hop-secret');
  expect(seen.at(-1)?.body).toBe('{"email":"a@b.co"}');
});

test('a path that only starts like an API prefix is not forwarded', async () => {
  const { url } = await shell();
  const before = seen.length;
  const response = await fetch(`${url}/apiary`);
  expect(response.headers.get('content-type')).toContain('text/html');
  expect(seen.length).toBe(before);
});

test('an unreachable sync-service gives 502 with the error envelope', async () => {
  const { url } = await shell({ apiOrigin: 'http://127.0.0.1:9' });
  const response = await fetch(`${url}/api/anything`);
  expect(response.status).toBe(502);
  expect(await response.json()).toEqual({
    message: 'The OutSync service is not reachable.',
    code: 'bad_gateway',
  });
});

test('a remote allows cross-origin loads and never caches its manifest', async () => {
  const server = await serveApp({ app: 'mfe-webhooks', port: 0, distDir: webhooksDist });
  servers.push(server);
  const response = await fetch(`${server.url}/mf-manifest.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  expect(response.headers.get('cache-control')).toBe('no-cache');
  expect((await fetch(`${server.url}/missing.js`)).status).toBe(404);
});

test("a remote's federation runtime keeps its stable name and is never cached", async () => {
  const server = await serveApp({ app: 'mfe-webhooks', port: 0, distDir: webhooksDist });
  servers.push(server);
  const response = await fetch(`${server.url}/${federationRuntimeFile}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-cache');
});

test('the shell revalidates its page at / and at every route; only hashed files are immutable', async () => {
  const { url } = await shell();
  for (const route of ['/', '/admin/dashboard', '/index.html']) {
    const response = await fetch(`${url}${route}`);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  }
  const chunk = await fetch(`${url}/main.cf61903d.js`);
  expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
});
