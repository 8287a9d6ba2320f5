// Bodies that do not decompress as their Content-Encoding says answer 400 in the error envelope,
// not 500 (issue 30 "Bad input"). No nock here: its interceptor does not pass such bodies on.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { bodyParser } from '@koa/bodyparser';
import Koa from 'koa';
import { memoryLogger } from '../../testing/test-support';
import { errorHandler } from './error-handler';
import { requestContext } from './request-context';
import type { AppState } from './types';

let server: Server;
let port: number;

beforeAll(async () => {
  const app = new Koa<AppState>()
    .use(requestContext(memoryLogger().logger))
    .use(errorHandler())
    .use(bodyParser({ enableTypes: ['json'] }))
    .use((ctx) => {
      ctx.body = { received: ctx.request.body as unknown };
    });
  server = createServer(app.callback()).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** A POST with the body's bytes exactly as given. */
function post(body: Buffer, encoding: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const sent = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/',
        headers: {
          'content-type': 'application/json',
          'content-encoding': encoding,
          'content-length': body.length,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

const json = Buffer.from('{"name":"ada"}');

it.each([
  ['gzip', Buffer.from('not gzip at all')],
  ['gzip', gzipSync(json).subarray(0, 12)],
  ['deflate', Buffer.from([0x78, 0x9c, 0xff, 0xff, 0x00])],
  ['br', Buffer.from('garbage that is not brotli')],
])('a %s body that does not decompress: 400 bad_request', async (encoding, body) => {
  const response = await post(body, encoding);

  expect(response.status).toBe(400);
  expect(JSON.parse(response.text)).toEqual({
    code: 'bad_request',
    message: 'The request body does not decompress as its Content-Encoding says.',
  });
});

it.each([
  ['gzip', gzipSync(json)],
  ['br', brotliCompressSync(json)],
])('a well-formed %s body is read', async (encoding, body) => {
  const response = await post(body, encoding);

  expect(response.status).toBe(200);
  expect(JSON.parse(response.text)).toEqual({ received: { name: 'ada' } });
});
