// The shell's proxy and the live view's event stream (issue 34, item 1): each event goes through
// as the service writes it, not when the answer ends, and a viewer who leaves ends the call to the
// service too (a stream never ends by itself: it would stay open there, watched for nothing).
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serveApp, type RunningServer } from './serve-app';

let service: http.Server;
let shell: RunningServer;
let distDir: string;
let serviceClosed: Promise<void>;

beforeAll(async () => {
  let closed: () => void = () => undefined;
  serviceClosed = new Promise((resolve) => (closed = resolve));
  service = http.createServer((req, res) => {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store, no-transform',
    });
    res.write('event: ready\ndata: {"replayed":0}\n\n');
    req.socket.on('close', closed);
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  distDir = await mkdtemp(path.join(os.tmpdir(), 'outsync-shell-dist-'));
  shell = await serveApp({
    app: 'shell',
    port: 0,
    distDir,
    apiOrigin: `http://127.0.0.1:${(service.address() as AddressInfo).port}`,
  });
});

afterAll(async () => {
  await shell.close();
  service.closeAllConnections();
  await new Promise((resolve) => service.close(resolve));
  await rm(distDir, { recursive: true, force: true });
});

it('passes each event on at once and ends the call to the service when the viewer leaves', async () => {
  const aborted = new AbortController();
  const response = await fetch(`${shell.url}/api/admin/webhooks/65f0000000000000000000aa/live`, {
    signal: aborted.signal,
  });
  expect(response.headers.get('content-type')).toBe('text/event-stream');
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  // The service has not ended its answer: the first event arrives all the same.
  const first = await reader.read();
  expect(new TextDecoder().decode(first.value)).toBe('event: ready\ndata: {"replayed":0}\n\n');

  aborted.abort();
  await expect(
    Promise.race([
      serviceClosed.then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still open'), 3_000)),
    ]),
  ).resolves.toBe('closed');
});
