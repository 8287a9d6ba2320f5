import mongoose, { type Connection } from 'mongoose';
import { openTestDatabase, type TestDatabase } from '../../testing/test-database';
import { isConnectorError } from '../http';
import { createPlatformReadBudgets, type PlatformReadBudgets } from './platform-read-budgets';
import { fakeTime, type FakeTime } from '../../testing/fake-time';

// The backfill's reads keep each platform key's limit (issue 34, item 3), together across worker
// processes: each budget registry here has a connection of its own, as each process has, and they
// share the database and one clock (moved by their sleeps).

let database: TestDatabase;
const connections: Connection[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await Promise.all(connections.map((connection) => connection.close()));
  await database.release();
});

async function processes(count: number, time: FakeTime): Promise<PlatformReadBudgets[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const connection = await mongoose.createConnection(database.uri).asPromise();
      connections.push(connection);
      return createPlatformReadBudgets({ connection, now: time.now, sleep: time.sleep });
    }),
  );
}

let keys = 0;
/** A key no other test has used (the tests share the database). */
const newKey = () => `key-${(keys += 1)}-${Date.now()}`;

const emails = { method: 'GET', url: 'https://api.instantly.ai/api/v2/emails?limit=100' };
const leads = { method: 'POST', url: 'https://api.instantly.ai/api/v2/leads/list' };
const smartleadLeads = {
  method: 'GET',
  url: 'https://server.smartlead.ai/api/v1/campaigns/7/leads?offset=0&limit=100',
};

describe('a platform key’s read budget', () => {
  it('lets 18 Instantly e-mail pages through in a minute, and the 19th waits until the first is a minute old', async () => {
    const time = fakeTime();
    const [budgets] = await processes(1, time);
    const throttle = budgets!.throttle('instantly', newKey());
    for (let call = 0; call < 18; call += 1) {
      await throttle(emails);
      time.clock.at += 100;
    }
    expect(time.clock.slept).toEqual([]);

    await throttle(emails);
    // The first call was at 0 ms, the 18th at 1,700 ms; now is 1,800 ms: 58.2 s to go.
    expect(time.clock.slept).toEqual([58_200]);
  });

  it('counts only the e-mails endpoint against Instantly’s 20 a minute', async () => {
    const time = fakeTime();
    const [budgets] = await processes(1, time);
    const throttle = budgets!.throttle('instantly', newKey());
    for (let call = 0; call < 50; call += 1) await throttle(leads);
    for (let call = 0; call < 18; call += 1) await throttle(emails);
    expect(time.clock.slept).toEqual([]);
  });

  it('keeps Smartlead’s 10 per 2 seconds for two worker processes together (9 between them)', async () => {
    const time = fakeTime();
    const [first, second] = await processes(2, time);
    const key = newKey();
    const inFirst = first!.throttle('smartlead', key);
    const inSecond = second!.throttle('smartlead', key);
    for (let call = 0; call < 9; call += 1) await (call % 2 ? inSecond : inFirst)(smartleadLeads);
    expect(time.clock.slept).toEqual([]);

    await inSecond(smartleadLeads);
    expect(time.clock.slept).toEqual([2_000]);
  });

  it('gives each key a budget of its own', async () => {
    const time = fakeTime();
    const [budgets] = await processes(1, time);
    const first = budgets!.throttle('smartlead', newKey());
    const second = budgets!.throttle('smartlead', newKey());
    for (let call = 0; call < 9; call += 1) {
      await first(smartleadLeads);
      await second(smartleadLeads);
    }
    expect(time.clock.slept).toEqual([]);
  });

  it('does not pace EmailBison, which documents no limit (its 429s still pause a backfill)', async () => {
    const time = fakeTime();
    const [budgets] = await processes(1, time);
    const throttle = budgets!.throttle('bison', newKey());
    for (let call = 0; call < 100; call += 1)
      await throttle({ method: 'GET', url: 'https://mail.example.com/api/replies?page=1' });
    expect(time.clock.slept).toEqual([]);
  });

  it('refuses, as rate limited with the wait, a call that would wait longer than a minute', async () => {
    const time = fakeTime();
    const connection = await mongoose.createConnection(database.uri).asPromise();
    connections.push(connection);
    const budgets = createPlatformReadBudgets({ connection, ...time, maxWaitMs: 30_000 });
    const throttle = budgets.throttle('instantly', newKey());
    for (let call = 0; call < 18; call += 1) await throttle(emails);

    const refusal: unknown = await throttle(emails).catch((error: unknown) => error);
    expect(isConnectorError(refusal) && refusal.code).toBe('rate_limited');
    expect(refusal).toMatchObject({
      system: 'instantly',
      retryAfterSeconds: 60,
      message:
        'Instantly: this key’s emails budget (18 per 60 s) is used; OutSync reads on in 60 s.',
    });
    expect(time.clock.slept).toEqual([]);
  });

  it('stores no key: budgets are named by a digest of it', async () => {
    const time = fakeTime();
    const [budgets] = await processes(1, time);
    const key = `secret-${newKey()}`;
    await budgets!.throttle(
      'heyreach',
      key,
    )({
      method: 'POST',
      url: 'https://api.heyreach.io/api/public/inbox/GetConversationsV2',
    });
    const stored = await connections[0]!.collection('platformBudgets').find({}).toArray();
    expect(stored.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toContain(key);
    expect(stored.some((doc) => /^heyreach:[0-9a-f]{32}:requests$/.test(String(doc._id)))).toBe(
      true,
    );
  });
});
