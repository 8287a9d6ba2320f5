/** @jest-environment node */
// Issue 34, item 1: the live stream's reader gives up on a stream that went silent (no event, no
// heartbeat), so the view says it is reconnecting instead of "Live" over a dead connection.
import { LiveStreamSilent, readLiveStream, type StreamMessage } from './live-stream';

const encoder = new TextEncoder();
let controller: ReadableStreamDefaultController<Uint8Array>;

beforeEach(() => {
  jest.useFakeTimers();
  const body = new ReadableStream<Uint8Array>({
    start(opened) {
      controller = opened;
    },
  });
  // As fetch does, an abort of the call errors its body.
  jest.spyOn(globalThis, 'fetch').mockImplementation((_url, init) => {
    init?.signal?.addEventListener('abort', () => controller.error(init.signal?.reason));
    return Promise.resolve(
      new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    );
  });
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

function write(text: string): void {
  controller.enqueue(encoder.encode(text));
}

function read(messages: StreamMessage[], signal = new AbortController().signal) {
  return readLiveStream({
    webhookId: '65f0000000000000000000aa',
    apiBaseUrl: 'http://service.test',
    credentials: 'include',
    signal,
    onMessage: (message) => messages.push(message),
    silenceMs: 1_000,
  });
}

test('a stream that sends nothing, not even a heartbeat, is given up as silent', async () => {
  const messages: StreamMessage[] = [];
  const reading = read(messages);
  const outcome = reading.then(
    () => 'ended',
    (error: unknown) => error,
  );
  write('event: ready\nid: 1000.\ndata: {"replayed":0}\n\n');
  await jest.advanceTimersByTimeAsync(1_000);
  const error = await outcome;
  expect(error).toBeInstanceOf(LiveStreamSilent);
  expect((error as Error).message).toBe('The live stream went silent.');
  expect(messages).toEqual([{ event: 'ready', id: '1000.', data: '{"replayed":0}' }]);
});

test('heartbeats keep a quiet stream open until the service ends it', async () => {
  const messages: StreamMessage[] = [];
  let settled = false;
  const reading = read(messages).finally(() => {
    settled = true;
  });
  for (let beat = 0; beat < 3; beat += 1) {
    write(': heartbeat\n\n');
    await jest.advanceTimersByTimeAsync(800);
  }
  expect(settled).toBe(false);
  write('event: log\nid: 2000.a1\ndata: {}\n\n');
  controller.close();
  await expect(reading).resolves.toBeUndefined();
  expect(messages).toEqual([{ event: 'log', id: '2000.a1', data: '{}' }]);
});

test('closing the view ends the read without calling it silent', async () => {
  const view = new AbortController();
  const reading = read([], view.signal);
  view.abort();
  await expect(reading).rejects.not.toBeInstanceOf(LiveStreamSilent);
});
