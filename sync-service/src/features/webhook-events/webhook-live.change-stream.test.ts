// The live view on a replica set (issue 34, item 1): a change another process makes to a
// watched webhook's logs reaches this process through its change stream within a second, with
// its poll a minute away; without change streams (a standalone) the poll finds it.
import { Types } from 'mongoose';
import { hasChangeStreams } from '../../platform/agenda';
import { openDatabase, type Database } from '../../platform/db';
import {
  startEmbeddedReplicaSet,
  type EmbeddedReplicaSet,
} from '../../testing/embedded-replica-set';
import { memoryLogger } from '../../testing/test-support';
import { webhookEventModel } from './webhook-event.model';
import { logOf, type Caller } from './webhook-logs.test-support';
import { createWebhookLive, type LiveMessage, type WebhookLive } from './webhook-live';

const MINUTE = 60_000;
const viewer = {
  id: new Types.ObjectId().toString(),
  email: 'ada@customer-a.test',
  role: null,
  isPaidTier: true,
};

let server: EmbeddedReplicaSet;
let databases: Database[] = [];
let lives: WebhookLive[] = [];

beforeAll(async () => {
  server = await startEmbeddedReplicaSet();
});

afterAll(async () => {
  await server.stop();
});

afterEach(async () => {
  for (const live of lives) live.stop();
  for (const db of databases) await db.close();
  lives = [];
  databases = [];
});

async function processOn(uri: string): Promise<Database> {
  const db = openDatabase(uri, { logger: memoryLogger().logger, retryDelayMs: 100 });
  databases.push(db);
  await db.connected;
  return db;
}

/** Resolves with the first message `match` takes, or rejects after `timeoutMs`. */
function nextMessage(
  messages: LiveMessage[],
  match: (message: LiveMessage) => boolean,
  timeoutMs: number,
): Promise<LiveMessage> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const look = () => {
      const found = messages.find(match);
      if (found) return resolve(found);
      if (Date.now() - started > timeoutMs) return reject(new Error('no such message'));
      setTimeout(look, 20);
    };
    look();
  });
}

it('hears another process change a watched webhook’s logs within a second, its poll a minute away', async () => {
  const uri = `${server.uri}/live-view`;
  const api = await processOn(uri);
  const worker = await processOn(uri);
  const live = createWebhookLive({
    events: webhookEventModel(api.connection),
    now: () => new Date(),
    hasChangeStreams: async () => {
      const mongo = api.connection.db;
      return mongo ? hasChangeStreams(mongo) : false;
    },
    options: { pollMs: MINUTE, streamingPollMs: MINUTE },
  });
  lives.push(live);
  const webhookId = new Types.ObjectId();
  const messages: LiveMessage[] = [];
  const unwatch = live.watch(
    viewer,
    webhookId.toString(),
    (message) => messages.push(message),
    () => undefined,
  );
  const deadline = Date.now() + 5_000;
  while (!live.isStreaming() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  expect(live.isStreaming()).toBe(true);

  const events = webhookEventModel(worker.connection);
  // logOf reads the owner's id and e-mail only.
  const owner = { id: viewer.id, email: viewer.email } as Caller;
  const now = new Date();
  const log = logOf(owner, { webhookId, status: 'held', receivedAt: now, updatedAt: now });
  const other = logOf(owner, { status: 'held', receivedAt: now, updatedAt: now });
  await events.insertMany([log, other]);
  const held = await nextMessage(
    messages,
    (message) => message.event.id === log._id.toString(),
    1_000,
  );
  expect(held.event.status).toBe('held');

  await events.updateOne(
    { _id: log._id },
    { $set: { status: 'synced', updatedAt: new Date(now.getTime() + 1) } },
  );
  await nextMessage(messages, (message) => message.event.status === 'synced', 1_000);
  // Only the watched webhook's.
  expect(messages.map((message) => message.event.id)).not.toContain(other._id.toString());

  // The last viewer gone, the stream is closed: nobody's changes are shipped here for nothing.
  unwatch();
  expect(live.isStreaming()).toBe(false);
});
