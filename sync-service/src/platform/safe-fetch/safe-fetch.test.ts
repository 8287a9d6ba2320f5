import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import ky from 'ky';
import { createSafeFetch, UnsafeUrlError, type HostLookup } from './index';

// Real local servers and real connections: nock is not loaded in this file, so nothing
// intercepts the sockets whose addresses these tests are about.

type Seen = { method: string; path: string; headers: IncomingMessage['headers']; body: string };
type TestServer = { port: number; origin: string; seen: Seen[]; close(): Promise<void> };

const servers: TestServer[] = [];

async function startServer(
  handle: (request: Seen, response: ServerResponse) => void = (_request, response) =>
    response.end('ok'),
): Promise<TestServer> {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body,
      };
      seen.push(entry);
      handle(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const handle_ = {
    port,
    origin: `http://127.0.0.1:${port}`,
    seen,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  servers.push(handle_);
  return handle_;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

function redirectTo(location: (request: Seen) => string, status = 302) {
  return (request: Seen, response: ServerResponse) => {
    response.writeHead(status, { location: location(request) }).end();
  };
}

/** Answers from a list, one entry per call (the last one repeats), and records the calls. */
function scriptedDns(answers: Record<string, string[][]>): HostLookup & { calls: string[] } {
  const calls: string[] = [];
  const lookup = async (hostname: string) => {
    const script = answers[hostname] ?? [];
    const index = calls.filter((call) => call === hostname).length;
    calls.push(hostname);
    const list = script[Math.min(index, script.length - 1)] ?? [];
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) as const);
  };
  return Object.assign(lookup, { calls });
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('allow-listed hosts', () => {
  it('reaches 127.0.0.1:<port> on the list and refuses another port of 127.0.0.1', async () => {
    const allowed = await startServer((_request, response) => response.end('hello'));
    const other = await startServer();
    const safeFetch = createSafeFetch({ allowHosts: [`127.0.0.1:${allowed.port}`] });

    const response = await safeFetch(`${allowed.origin}/ping`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('hello');

    const error = await rejection(safeFetch(`${other.origin}/ping`));
    expect(error).toBeInstanceOf(UnsafeUrlError);
    expect(error.message).toBe(
      'The address 127.0.0.1 is private; OutSync does not call private addresses.',
    );
    expect(other.seen).toEqual([]);
  });

  it('connects to the address its lookup answered (the name itself resolves nowhere)', async () => {
    const server = await startServer((request, response) => response.end(request.headers.host));
    const dns = scriptedDns({ 'sandbox.test': [['127.0.0.1']] });
    const safeFetch = createSafeFetch({
      allowHosts: [`sandbox.test:${server.port}`],
      lookup: dns,
    });

    const response = await safeFetch(`http://sandbox.test:${server.port}/`);
    expect(await response.text()).toBe(`sandbox.test:${server.port}`);
    expect(dns.calls).toContain('sandbox.test');
  });
});

describe('redirects', () => {
  it('refuses a redirect from an allowed local server to a private address', async () => {
    for (const target of [
      'http://10.0.0.5/admin',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
    ]) {
      const start = await startServer(redirectTo(() => target));
      const safeFetch = createSafeFetch({ allowHosts: [`127.0.0.1:${start.port}`] });

      const error = await rejection(safeFetch(`${start.origin}/go`));
      expect(error).toBeInstanceOf(UnsafeUrlError);
      expect((error as UnsafeUrlError).reason).toBe('private_address');
      expect(start.seen).toHaveLength(1);
    }
  });

  it('refuses a redirect to a local port that is not allowed, which never sees the request', async () => {
    const hidden = await startServer();
    const start = await startServer(redirectTo(() => `${hidden.origin}/internal`));
    const safeFetch = createSafeFetch({ allowHosts: [`127.0.0.1:${start.port}`] });

    await expect(safeFetch(`${start.origin}/`)).rejects.toThrow(UnsafeUrlError);
    expect(hidden.seen).toEqual([]);
  });

  it('refuses a redirect to a name that resolves to a private address', async () => {
    const start = await startServer(redirectTo(() => 'https://internal.example/x'));
    const dns = scriptedDns({ 'internal.example': [['192.168.0.10']] });
    const safeFetch = createSafeFetch({ allowHosts: [`127.0.0.1:${start.port}`], lookup: dns });

    const error = await rejection(safeFetch(`${start.origin}/`));
    expect(error.message).toBe(
      'The address 192.168.0.10 of internal.example is private; OutSync does not call private addresses.',
    );
    // The hop was checked before any connection to it was attempted.
    expect(dns.calls).toEqual(['internal.example']);
  });

  it('refuses a redirect to another scheme or with credentials', async () => {
    const ftp = await startServer(redirectTo(() => 'ftp://files.example/x'));
    const creds = await startServer(redirectTo(() => 'http://user:pw@files.example/x'));
    const safeFetch = createSafeFetch({
      allowHosts: [`127.0.0.1:${ftp.port}`, `127.0.0.1:${creds.port}`],
    });

    expect(((await rejection(safeFetch(ftp.origin))) as UnsafeUrlError).reason).toBe('protocol');
    expect(((await rejection(safeFetch(creds.origin))) as UnsafeUrlError).reason).toBe(
      'credentials',
    );
  });

  it('follows allowed hops, turning a POST into a GET on 302 and 303 and keeping it on 307', async () => {
    const server = await startServer((request, response) => {
      if (request.path === '/302') return redirectTo(() => '/done')(request, response);
      if (request.path === '/303') return redirectTo(() => '/done', 303)(request, response);
      if (request.path === '/307') return redirectTo(() => '/done', 307)(request, response);
      response.end(JSON.stringify({ method: request.method, body: request.body }));
    });
    const safeFetch = createSafeFetch({ allowHosts: [`127.0.0.1:${server.port}`] });
    const post = (path: string, method = 'POST') =>
      safeFetch(`${server.origin}${path}`, {
        method,
        body: '{"a":1}',
        headers: { 'content-type': 'application/json' },
      }).then((response) => response.json());

    expect(await post('/302')).toEqual({ method: 'GET', body: '' });
    expect(await post('/303', 'PUT')).toEqual({ method: 'GET', body: '' });
    expect(await post('/307')).toEqual({ method: 'POST', body: '{"a":1}' });
    const gets = server.seen.filter(
      (request) => request.path === '/done' && request.method === 'GET',
    );
    expect(gets.map((request) => request.headers['content-type'])).toEqual([undefined, undefined]);
  });

  it('stops after maxRedirects', async () => {
    const server = await startServer(
      redirectTo((request) => `/hop/${Number(request.path.split('/')[2] ?? 0) + 1}`),
    );
    const safeFetch = createSafeFetch({
      allowHosts: [`127.0.0.1:${server.port}`],
      maxRedirects: 2,
    });

    await expect(safeFetch(`${server.origin}/hop/0`)).rejects.toThrow(
      'Too many redirects (more than 2).',
    );
    expect(server.seen.map((request) => request.path)).toEqual(['/hop/0', '/hop/1', '/hop/2']);
  });

  it('follows 5 redirects by default', async () => {
    const server = await startServer((request, response) => {
      const hop = Number(request.path.split('/')[2]);
      if (hop < 5) return redirectTo(() => `/hop/${hop + 1}`, 301)(request, response);
      response.end('arrived');
    });
    const safeFetch = createSafeFetch({ allowHosts: [`127.0.0.1:${server.port}`] });

    expect(await (await safeFetch(`${server.origin}/hop/0`)).text()).toBe('arrived');
  });

  it("honours redirect: 'manual' and 'error'", async () => {
    const server = await startServer(redirectTo(() => 'http://10.0.0.5/'));
    const safeFetch = createSafeFetch({ allowHosts: [`127.0.0.1:${server.port}`] });

    const manual = await safeFetch(server.origin, { redirect: 'manual' });
    expect(manual.status).toBe(302);
    expect(manual.headers.get('location')).toBe('http://10.0.0.5/');
    await expect(safeFetch(server.origin, { redirect: 'error' })).rejects.toThrow(TypeError);
  });

  it('drops credential headers when a redirect leaves the origin, and keeps them within it', async () => {
    const target = await startServer();
    const start = await startServer((request, response) => {
      if (request.path === '/same') return redirectTo(() => '/landed')(request, response);
      if (request.path === '/away') {
        return redirectTo(() => `${target.origin}/landed`)(request, response);
      }
      response.end('ok');
    });
    const safeFetch = createSafeFetch({
      allowHosts: [`127.0.0.1:${start.port}`, `127.0.0.1:${target.port}`],
    });
    const headers = {
      authorization: 'Bearer secret-token',
      cookie: 'sid=secret-cookie',
      'x-api-key': 'secret-key',
      'x-trace': 'kept',
    };

    await safeFetch(`${start.origin}/same`, { headers });
    await safeFetch(`${start.origin}/away`, { headers });

    const sameOrigin = start.seen.find((request) => request.path === '/landed');
    expect(sameOrigin?.headers).toMatchObject({
      authorization: 'Bearer secret-token',
      'x-api-key': 'secret-key',
    });
    expect(target.seen[0]?.headers).toMatchObject({ 'x-trace': 'kept' });
    expect(target.seen[0]?.headers).not.toHaveProperty('authorization');
    expect(target.seen[0]?.headers).not.toHaveProperty('cookie');
    expect(target.seen[0]?.headers).not.toHaveProperty('x-api-key');
  });
});

describe('DNS rebinding', () => {
  it('refuses the connection when the name answers public at the check and private at connect', async () => {
    const victim = await startServer();
    const dns = scriptedDns({ 'rebind.example': [['93.184.216.34'], ['127.0.0.1']] });
    const safeFetch = createSafeFetch({ lookup: dns });

    const error = await rejection(safeFetch(`http://rebind.example:${victim.port}/secret`));
    expect(error).toBeInstanceOf(UnsafeUrlError);
    expect(error.message).toBe(
      'The address 127.0.0.1 of rebind.example is private; OutSync does not call private addresses.',
    );
    expect((error as UnsafeUrlError).url).toBe(`http://rebind.example:${victim.port}/secret`);
    // Checked once before sending and once more by the connection itself.
    expect(dns.calls).toEqual(['rebind.example', 'rebind.example']);
    expect(victim.seen).toEqual([]);
  });

  it('refuses a rebinding answer that mixes a public and a private address at connect', async () => {
    const victim = await startServer();
    const dns = scriptedDns({
      'rebind.example': [['93.184.216.34'], ['93.184.216.34', '127.0.0.1']],
    });
    const safeFetch = createSafeFetch({ lookup: dns });

    await expect(safeFetch(`http://rebind.example:${victim.port}/`)).rejects.toThrow(
      UnsafeUrlError,
    );
    expect(victim.seen).toEqual([]);
  });
});

describe('requests', () => {
  it('refuses credentials in the URL and other schemes before sending anything', async () => {
    const server = await startServer();
    const safeFetch = createSafeFetch({ allowHosts: [`127.0.0.1:${server.port}`] });

    const withCredentials = await rejection(safeFetch(`http://user:pw@127.0.0.1:${server.port}/`));
    expect((withCredentials as UnsafeUrlError).reason).toBe('credentials');
    expect(((await rejection(safeFetch('file:///etc/passwd'))) as UnsafeUrlError).reason).toBe(
      'protocol',
    );
    expect(server.seen).toEqual([]);
  });

  it('checks IP-literal URLs without a DNS lookup', async () => {
    const dns = scriptedDns({});
    const safeFetch = createSafeFetch({ lookup: dns });

    await expect(safeFetch('http://169.254.169.254/latest/meta-data/')).rejects.toThrow(
      'The address 169.254.169.254 is private; OutSync does not call private addresses.',
    );
    await expect(safeFetch('http://[::ffff:127.0.0.1]:9/')).rejects.toThrow(UnsafeUrlError);
    expect(dns.calls).toEqual([]);
  });

  it('gives up after timeoutMs for the whole request', async () => {
    const server = await startServer(() => undefined);
    const safeFetch = createSafeFetch({ allowHosts: [`127.0.0.1:${server.port}`], timeoutMs: 150 });

    const error = await rejection(safeFetch(server.origin));
    expect(error.name).toBe('TimeoutError');
  });

  it('honours the caller’s abort signal', async () => {
    const server = await startServer(() => undefined);
    const safeFetch = createSafeFetch({ allowHosts: [`127.0.0.1:${server.port}`] });

    const error = await rejection(safeFetch(server.origin, { signal: AbortSignal.timeout(50) }));
    expect(error.name).toBe('TimeoutError');
  });

  it('puts neither request headers nor the body nor the query into its errors', async () => {
    const start = await startServer(redirectTo(() => 'http://10.0.0.5/collect?api_key=secret-q'));
    const safeFetch = createSafeFetch({ allowHosts: [`127.0.0.1:${start.port}`] });

    const error = await rejection(
      safeFetch(`${start.origin}/send?api_key=secret-query`, {
        method: 'POST',
        headers: { authorization: 'Bearer secret-bearer', 'x-api-key': 'secret-header' },
        body: JSON.stringify({ password: 'secret-body' }),
      }),
    );
    const shown = JSON.stringify({ ...error, message: error.message, stack: error.stack });
    expect(shown).not.toMatch(/secret-(q|query|bearer|header|body)/);
    expect((error as UnsafeUrlError).url).toBe('http://10.0.0.5/collect');
  });

  it('works as ky’s fetch, which passes a Request', async () => {
    const server = await startServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({ method: request.method, body: JSON.parse(request.body || '{}') }),
      );
    });
    const safeFetch = createSafeFetch({ allowHosts: [`127.0.0.1:${server.port}`] });
    const api = ky.create({ fetch: safeFetch, prefix: server.origin, retry: 0 });

    expect(await api.post('items', { json: { name: 'Ada' } }).json()).toEqual({
      method: 'POST',
      body: { name: 'Ada' },
    });
    await expect(ky.get('http://10.0.0.5/', { fetch: safeFetch, retry: 0 })).rejects.toThrow(
      UnsafeUrlError,
    );
  });
});
