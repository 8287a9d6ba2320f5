// The live view's stream (issue 34, item 1; set-up in webhook-logs.test-support.ts): what each
// viewer is sent as a webhook's logs are written and change, and what a reconnect replays.
// Logs are written straight into the collection, as a worker process would: the stream must
// learn of them from the database, not from this process.
import type { LiveWebhookEvent } from '@outsync/contracts/webhooks/live-events';
import { Types } from 'mongoose';
import { SESSION_COOKIE } from '../../platform/http/session';
import { guardOutboundCalls } from '../../testing/nock-guard';
import {
  NOW,
  type Caller,
  type ErrorBody,
  app,
  manager,
  ada,
  bob,
  events,
  logOf,
  store,
  useWebhookLogsApp,
} from './webhook-logs.test-support';

guardOutboundCalls();
useWebhookLogsApp();

const livePath = (webhookId: string) => `/api/admin/webhooks/${webhookId}/live`;
/** `ms` after the test clock's now: each change is stamped later than the one before. */
const at = (ms: number) => new Date(NOW.getTime() + ms);

type Message = { event: string; id: string | undefined; data: unknown };

/** A viewer's open stream: every message so far, and a wait for the next one that matters. */
type Stream = {
  status: number;
  headers: Headers;
  messages: Message[];
  /** The first message (old or new) `match` accepts, within a generous wait. */
  next(match: (message: Message) => boolean): Promise<Message>;
  close(): void;
};

const open: Stream[] = [];

afterEach(() => {
  for (const stream of open.splice(0)) stream.close();
});

async function openLive(
  viewer: Caller | undefined,
  webhookId: string,
  lastEventId?: string,
): Promise<Stream> {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  const session = viewer?.client.cookie(SESSION_COOKIE);
  if (session) headers.cookie = `${SESSION_COOKIE}=${session}`;
  if (lastEventId) headers['last-event-id'] = lastEventId;
  const aborted = new AbortController();
  const response = await fetch(`${app.url}${livePath(webhookId)}`, {
    headers,
    signal: aborted.signal,
  });
  const messages: Message[] = [];
  const waiting = new Set<() => void>();
  const stream: Stream = {
    status: response.status,
    headers: response.headers,
    messages,
    async next(match) {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const found = messages.find(match);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no such message in ${JSON.stringify(messages)}`);
        await new Promise<void>((resolve) => {
          waiting.add(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => aborted.abort(),
  };
  open.push(stream);
  if (!response.ok || !response.body) return stream;
  // Reads the stream as EventSource does: blocks separated by a blank line.
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = new Map<string, string>();
          for (const line of block.split('\n')) {
            const colon = line.indexOf(':');
            if (colon <= 0) continue;
            fields.set(line.slice(0, colon), line.slice(colon + 1).trim());
          }
          const data = fields.get('data');
          if (data === undefined) continue;
          messages.push({
            event: fields.get('event') ?? 'message',
            id: fields.get('id'),
            data: JSON.parse(data) as unknown,
          });
          for (const wake of waiting) wake();
          waiting.clear();
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return stream;
}

const isLog = (id: string, status?: string) => (message: Message) =>
  message.event === 'log' &&
  (message.data as LiveWebhookEvent).id === id &&
  (status === undefined || (message.data as LiveWebhookEvent).status === status);
const isReady = (message: Message) => message.event === 'ready';
const logIds = (stream: Stream) =>
  stream.messages
    .filter((message) => message.event === 'log')
    .map((message) => (message.data as LiveWebhookEvent).id);

/** A poll and more: long enough for a change the stream would send to have been sent. */
const afterAFewPolls = () => new Promise((resolve) => setTimeout(resolve, 1_200));

it('opens as an uncompressed, uncached event stream and says it is ready', async () => {
  const stream = await openLive(ada, new Types.ObjectId().toString());
  expect(stream.status).toBe(200);
  expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  expect(stream.headers.get('cache-control')).toBe('no-store, no-transform');
  expect(stream.headers.get('x-accel-buffering')).toBe('no');
  const ready = await stream.next(isReady);
  expect(ready).toEqual({ event: 'ready', id: `${NOW.getTime()}.`, data: { replayed: 0 } });
});

it('refuses a caller without a session (401) and a malformed webhook id (400) with the envelope', async () => {
  const anonymous = await openLive(undefined, new Types.ObjectId().toString());
  expect(anonymous.status).toBe(401);
  const malformed = await fetch(`${app.url}${livePath('not-an-id')}`, {
    headers: { cookie: `${SESSION_COOKIE}=${ada.client.cookie(SESSION_COOKIE) ?? ''}` },
  });
  expect(malformed.status).toBe(400);
  expect(((await malformed.json()) as ErrorBody).code).toBe('validation_error');
});

it('sends an event as it is received, then its move from held to synced', async () => {
  const webhookId = new Types.ObjectId();
  const stream = await openLive(ada, webhookId.toString());
  await stream.next(isReady);

  const log = logOf(ada, {
    webhookId,
    status: 'held',
    reason: 'Held: the lead has no approved category yet.',
    receivedAt: at(1_000),
    updatedAt: at(1_000),
  });
  await store(log);
  const held = await stream.next(isLog(log._id.toString(), 'held'));
  expect(held).toEqual({
    event: 'log',
    id: `${at(1_000).getTime()}.${log._id.toString()}`,
    data: {
      id: log._id.toString(),
      webhookId: webhookId.toString(),
      eventType: 'EMAIL_SENT',
      leadEmail: 'lead@prospect.test',
      subject: 'Hello',
      status: 'held',
      reason: 'Held: the lead has no approved category yet.',
      test: false,
      receivedAt: at(1_000).toISOString(),
      updatedAt: at(1_000).toISOString(),
    },
  });

  // A worker process releases and syncs it.
  await events().updateOne(
    { _id: log._id },
    { $set: { status: 'synced', reason: null, syncedAt: at(2_000), updatedAt: at(2_000) } },
  );
  const synced = await stream.next(isLog(log._id.toString(), 'synced'));
  expect(synced.data).toMatchObject({ status: 'synced', reason: null });
  expect(synced.id).toBe(`${at(2_000).getTime()}.${log._id.toString()}`);
  // Each state once: the overlap of later polls reads them again but sends nothing twice.
  await afterAFewPolls();
  expect(logIds(stream)).toEqual([log._id.toString(), log._id.toString()]);
});

it("gives a failed event's last error as its reason", async () => {
  const webhookId = new Types.ObjectId();
  const stream = await openLive(ada, webhookId.toString());
  await stream.next(isReady);
  const log = logOf(ada, {
    webhookId,
    status: 'failed',
    errors: [{ step: 'contact', message: 'HubSpot answered 500.', at: at(500) }],
    updatedAt: at(500),
  });
  await store(log);
  const failed = await stream.next(isLog(log._id.toString(), 'failed'));
  expect(failed.data).toMatchObject({ reason: 'HubSpot answered 500.' });
});

describe('scoping, as the webhook logs list', () => {
  it("sends a customer only their own events of the webhook, and a manager the webhook's alone", async () => {
    const adasWebhook = new Types.ObjectId();
    const otherWebhook = new Types.ObjectId();
    const adaViews = await openLive(ada, adasWebhook.toString());
    const bobViews = await openLive(bob, adasWebhook.toString());
    const managerViews = await openLive(manager, adasWebhook.toString());
    await Promise.all([adaViews, bobViews, managerViews].map((stream) => stream.next(isReady)));

    const adasEvent = logOf(ada, { webhookId: adasWebhook, updatedAt: at(1_000) });
    const adasOtherEvent = logOf(ada, { webhookId: otherWebhook, updatedAt: at(1_000) });
    await store(adasEvent, adasOtherEvent);

    await adaViews.next(isLog(adasEvent._id.toString()));
    await managerViews.next(isLog(adasEvent._id.toString()));
    await afterAFewPolls();
    expect(logIds(adaViews)).toEqual([adasEvent._id.toString()]);
    expect(logIds(managerViews)).toEqual([adasEvent._id.toString()]);
    expect(logIds(bobViews)).toEqual([]);
  });
});

describe('reconnecting with Last-Event-ID', () => {
  it('replays at most the last 15 minutes, whatever the id says', async () => {
    const webhookId = new Types.ObjectId();
    const longAgo = logOf(ada, { webhookId, updatedAt: at(-16 * 60_000) });
    const lately = logOf(ada, { webhookId, updatedAt: at(-14 * 60_000) });
    await store(longAgo, lately);
    const resumed = await openLive(ada, webhookId.toString(), '0.');
    expect((await resumed.next(isReady)).data).toEqual({ replayed: 1 });
    expect(logIds(resumed)).toEqual([lately._id.toString()]);
  });

  it('replays what changed while the view was away, the viewer’s own only, then says ready', async () => {
    const webhookId = new Types.ObjectId();
    const first = await openLive(ada, webhookId.toString());
    const received = logOf(ada, { webhookId, status: 'held', updatedAt: at(1_000) });
    await store(received);
    await first.next(isLog(received._id.toString(), 'held'));
    const lastSeen = first.messages.at(-1)?.id;
    first.close();

    // While the view is away: the held event syncs, another arrives, and one of Bob's.
    await events().updateOne(
      { _id: received._id },
      { $set: { status: 'synced', updatedAt: at(5_000) } },
    );
    const arrived = logOf(ada, { webhookId, status: 'received', updatedAt: at(5_500) });
    const bobs = logOf(bob, { webhookId, status: 'received', updatedAt: at(5_600) });
    await store(arrived, bobs);

    const again = await openLive(ada, webhookId.toString(), lastSeen);
    const ready = await again.next(isReady);
    // The replay comes first (what the watch heard meanwhile may follow it, before ready).
    const replayed = again.messages.slice(0, 2);
    expect(again.messages.indexOf(ready)).toBeGreaterThanOrEqual(2);
    expect(
      replayed.map((message) => [
        (message.data as LiveWebhookEvent).id,
        (message.data as LiveWebhookEvent).status,
      ]),
    ).toEqual([
      [received._id.toString(), 'synced'],
      [arrived._id.toString(), 'received'],
    ]);
    expect(ready.data).toEqual({ replayed: 2 });
  });

  it('given the moment a view opened (an id with no log), replays what changed since then', async () => {
    const webhookId = new Types.ObjectId();
    const before = logOf(ada, { webhookId, updatedAt: at(-60_000) });
    const during = logOf(ada, { webhookId, status: 'received', updatedAt: at(3_000) });
    await store(before, during);
    const resumed = await openLive(ada, webhookId.toString(), `${NOW.getTime()}.`);
    expect((await resumed.next(isReady)).data).toEqual({ replayed: 1 });
    expect(logIds(resumed)).toEqual([during._id.toString()]);
  });

  it('replays nothing older than the overlap before the id, and ignores an id it did not make', async () => {
    const webhookId = new Types.ObjectId();
    const old = logOf(ada, { webhookId, updatedAt: at(-60_000) });
    await store(old);
    const resumed = await openLive(ada, webhookId.toString(), `${NOW.getTime()}.`);
    expect((await resumed.next(isReady)).data).toEqual({ replayed: 0 });
    const forged = await openLive(ada, webhookId.toString(), '{"$gt":""}');
    expect((await forged.next(isReady)).data).toEqual({ replayed: 0 });
    expect(logIds(resumed)).toEqual([]);
  });
});

/** The number of webhooks polled, once the streams closed before have let go. */
async function watchedWhenSettled(expected: number): Promise<number> {
  for (let tries = 0; tries < 50; tries += 1) {
    if (app.composition.webhookLive.watchedCount() === expected) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return app.composition.webhookLive.watchedCount();
}

it('stops polling a webhook once its last viewer has gone', async () => {
  const webhookId = new Types.ObjectId().toString();
  const before = await watchedWhenSettled(0);
  const first = await openLive(ada, webhookId);
  const second = await openLive(manager, webhookId);
  await Promise.all([first.next(isReady), second.next(isReady)]);
  expect(app.composition.webhookLive.watchedCount()).toBe(before + 1);
  first.close();
  // The other viewer still looks: the poll goes on.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(app.composition.webhookLive.watchedCount()).toBe(before + 1);
  second.close();
  expect(await watchedWhenSettled(before)).toBe(before);
});
