import { connect } from 'node:net';
import { startService } from './service';
import {
  memoryLogger,
  startTestService,
  testConfig,
  unreachableMongoUri,
  until,
} from './testing/test-support';

// No nock here: with MongoDB unreachable, nock 15's socket interception loops on the driver's
// refused connections (runaway listeners, then out of memory, on Node 20). These tests make no
// outbound calls; health.mongo.test.ts blocks the network with nock against a live database.

/**
 * Starts a POST whose body is not complete yet: the service is inside the request (the body
 * parser waits for the rest) until `finish` sends the last bytes. A raw socket, so that no
 * HTTP client (or nock's interception of it) holds the request back until its end.
 */
function openRequest(url: string) {
  const { hostname, port } = new URL(url);
  const body = JSON.stringify({ hello: 'world' });
  const socket = connect(Number(port), hostname);
  socket.setEncoding('utf8');
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    let text = '';
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', payload = ''] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      if (status) resolve({ status, body: payload });
      else reject(new Error('connection closed without a response'));
    });
  });
  socket.write(
    [
      'POST /healthz HTTP/1.1',
      `Host: ${hostname}:${port}`,
      'Content-Type: application/json',
      `Content-Length: ${body.length}`,
      'X-Request-Id: in-flight',
      // A valid double-submit pair, so the CSRF check lets the request through to the body.
      `Cookie: outsync.csrf=${CSRF_TOKEN}`,
      `X-CSRF-Token: ${CSRF_TOKEN}`,
      '',
      body.slice(0, 5),
    ].join('\r\n'),
  );
  return { response, finish: () => socket.write(body.slice(5)) };
}

const CSRF_TOKEN = 'a'.repeat(43);

describe('startService', () => {
  it('serves HTTP for the api role and stops cleanly', async () => {
    const service = await startTestService({ MONGODB_URI: await unreachableMongoUri() });

    expect(service.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${service.url}/healthz`)).status).toBe(200);

    await service.stop();
    await expect(fetch(`${service.url}/healthz`)).rejects.toThrow();
    expect(service.lines.map((line) => line.msg)).toContain('sync-service stopped');
  });

  it('lets an in-flight request finish and refuses new connections while stopping', async () => {
    const service = await startTestService({ MONGODB_URI: await unreachableMongoUri() });
    const inFlight = openRequest(service.url);
    await until(() => service.lines.some((line) => line.reqId === 'in-flight'));

    const stopped = service.stop();
    await until(() => service.lines.some((line) => line.msg === 'sync-service stopping'));
    await expect(fetch(`${service.url}/healthz`)).rejects.toThrow();
    inFlight.finish();

    // POST /healthz reaches the router only after the body is read: 405 proves it ran to the end.
    await expect(inFlight.response).resolves.toEqual({
      status: 405,
      body: JSON.stringify({ message: 'Method Not Allowed', code: 'method_not_allowed' }),
    });
    await expect(stopped).resolves.toBeUndefined();
  });

  it('cuts requests still open after SHUTDOWN_TIMEOUT_MS', async () => {
    const service = await startTestService({
      MONGODB_URI: await unreachableMongoUri(),
      SHUTDOWN_TIMEOUT_MS: '50',
    });
    const stuck = openRequest(service.url);
    const outcome = stuck.response.then(
      () => 'answered',
      (error: unknown) => error,
    );
    await until(() => service.lines.some((line) => line.reqId === 'in-flight'));

    await service.stop();

    expect(await outcome).toEqual(new Error('connection closed without a response'));
    expect(service.lines).toContainEqual(
      expect.objectContaining({ level: 'warn', msg: 'shutdown timeout: closing open connections' }),
    );
  });

  it('runs no HTTP server for the worker role', async () => {
    const { logger, lines } = memoryLogger();
    const service = await startService(
      testConfig({ ROLE: 'worker', MONGODB_URI: await unreachableMongoUri() }),
      { logger },
    );

    expect(service.url).toBeUndefined();
    await service.stop();
    expect(lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['sync-service started (role worker)', 'worker stopping']),
    );
  });

  it('stops only once however often stop is called', async () => {
    const service = await startTestService({ MONGODB_URI: await unreachableMongoUri() });

    await Promise.all([service.stop(), service.stop()]);
    await service.stop();
    expect(service.lines.filter((line) => line.msg === 'sync-service stopped')).toHaveLength(1);
  });
});
