import mongoose, { type Connection } from 'mongoose';
import { openTestDatabase, type TestDatabase } from '../../testing/test-database';
import type { CrmRateLimitOptions } from './crm-rate-limits';
import { createSharedCrmRateLimits, type SharedCrmRateLimits } from './shared-crm-rate-limits';
import { fakeTime, type FakeTime } from '../../testing/fake-time';

// Each limiter has a connection of its own, as each worker process has: they share only the
// database. One clock for all of them, moved by hand or by their sleeps; it starts at the real
// time, so the budgets' TTL index (which runs on the server's clock) leaves their documents be.

let database: TestDatabase;
const connections: Connection[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await Promise.all(connections.map((connection) => connection.close()));
  await database.release();
});

async function connect(): Promise<Connection> {
  const connection = await mongoose.createConnection(database.uri).asPromise();
  connections.push(connection);
  return connection;
}

/** `count` limiters (worker processes) on the test database, sharing one clock. */
async function processes(
  count: number,
  time: FakeTime,
  options: CrmRateLimitOptions = {},
): Promise<SharedCrmRateLimits[]> {
  return Promise.all(
    Array.from({ length: count }, async () =>
      createSharedCrmRateLimits({ connection: await connect(), ...time, ...options }),
    ),
  );
}

let portals = 0;
/** A portal no other test has used (the tests share the database). */
const newPortal = () => `portal-${(portals += 1)}-${Date.now()}`;

const HUBSPOT = 'https://api.hubapi.com';
const call = (path = '/crm/v3/objects/contacts/batch/read') => ({
  method: 'POST',
  url: `${HUBSPOT}${path}`,
});
const search = () => call('/crm/v3/objects/contacts/search');
const answer = (headers: Record<string, string>) => new Response('{}', { headers });
const tier = (max: number) =>
  answer({
    'X-HubSpot-RateLimit-Max': String(max),
    'X-HubSpot-RateLimit-Interval-Milliseconds': '10000',
  });

/** Whether the call was let through (true) or refused as rate limited (false). */
async function granted(promise: Promise<void>): Promise<boolean> {
  try {
    await promise;
    return true;
  } catch (error) {
    expect(error).toMatchObject({ code: 'rate_limited' });
    return false;
  }
}

/** The most calls found in any 10 s window (each window starting at a call). */
function mostInAnyWindow(times: readonly number[], windowMs = 10_000): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let first = 0, last = 0; first < sorted.length; first += 1) {
    while (last < sorted.length && (sorted[last] ?? 0) < (sorted[first] ?? 0) + windowMs) last += 1;
    most = Math.max(most, last - first);
  }
  return most;
}

describe('HubSpot, several processes on one database', () => {
  it('lets a burst from three processes at once through only up to the portal’s budget, together', async () => {
    const time = fakeTime();
    const limits = await processes(3, time, { maxWaitMs: 0 });
    const portal = newPortal();

    const outcomes = await Promise.all(
      Array.from({ length: 150 }, (_, n) =>
        granted(limits[n % 3]!.hubspot(portal).throttle(call())),
      ),
    );

    // A free portal (100 per 10 s) at 90 %: 90 for all three processes, not 90 each.
    expect(outcomes.filter(Boolean)).toHaveLength(90);
  });

  it('keeps any 10 s window under the budget while three processes call steadily, and uses the budget fully', async () => {
    const time = fakeTime();
    const limits = await processes(3, time, { maxWaitMs: 0 });
    const portal = newPortal();
    const start = time.clock.at;
    const grantedAt: number[] = [];

    // 40 calls a second offered for 30 s, by the three in turn, against a budget of 9 a second.
    for (let step = 0; step < 1200; step += 1) {
      if (await granted(limits[step % 3]!.hubspot(portal).throttle(call())))
        grantedAt.push(time.clock.at - start);
      time.clock.at += 25;
    }

    expect(mostInAnyWindow(grantedAt)).toBe(90);
    // Each window's 90 calls, three windows in 30 s: the budget is not left unused either.
    expect(grantedAt).toHaveLength(270);
    expect(grantedAt.filter((at) => at >= 10_000 && at < 20_000)).toHaveLength(90);
  });

  it('gives a process that is left alone the whole budget once a stopped one’s calls leave the window', async () => {
    const time = fakeTime();
    const [first, second] = await processes(2, time, { maxWaitMs: 0 });
    const portal = newPortal();

    for (let n = 0; n < 45; n += 1) await first!.hubspot(portal).throttle(call());
    // The first process dies with half the budget used; the second gets the other half now…
    const now: boolean[] = [];
    for (let n = 0; n < 50; n += 1)
      now.push(await granted(second!.hubspot(portal).throttle(call())));
    expect(now.filter(Boolean)).toHaveLength(45);

    // …and the whole of it once the dead one's calls are out of the window: no share is lost.
    time.clock.at += 10_000;
    const later: boolean[] = [];
    for (let n = 0; n < 100; n += 1)
      later.push(await granted(second!.hubspot(portal).throttle(call())));
    expect(later.filter(Boolean)).toHaveLength(90);
  });

  it('waits for the budget when the wait is short, sleeping only until the oldest call leaves', async () => {
    const time = fakeTime();
    const [first, second] = await processes(2, time);
    const portal = newPortal();
    for (let n = 0; n < 90; n += 1) await first!.hubspot(portal).throttle(call());
    expect(time.clock.slept).toEqual([]);

    time.clock.at += 8500;
    await second!.hubspot(portal).throttle(call());
    expect(time.clock.slept).toEqual([1500]);
  });

  it('refuses a call that would wait longer than 2 s at once, retryable after the wait, in the local limiter’s words', async () => {
    const time = fakeTime();
    const [first, second] = await processes(2, time);
    const portal = newPortal();
    first!.hubspot(portal).observe(tier(1));
    await first!.hubspot(portal).throttle(call());
    time.clock.at += 500;

    await expect(second!.hubspot(portal).throttle(call())).rejects.toMatchObject({
      system: 'hubspot',
      code: 'rate_limited',
      retryAfterSeconds: 10,
      message:
        'HubSpot: this portal’s calls budget (1 per 10 s) is used; OutSync tries again in 10 s rather than collect HubSpot’s 429s.',
    });
    expect(time.clock.slept).toEqual([]);
  });

  it('learns the portal’s tier from one process’s answers for all of them: 190 per 10 s allows 171 together', async () => {
    const time = fakeTime();
    const [first, second] = await processes(2, time, { maxWaitMs: 0 });
    const portal = newPortal();
    first!.hubspot(portal).observe(tier(190));
    await first!.hubspot(portal).throttle(call());

    // The second process never saw a header: it keeps to the tier the first one stored.
    const outcomes: boolean[] = [];
    for (let n = 0; n < 180; n += 1)
      outcomes.push(await granted(second!.hubspot(portal).throttle(call())));
    expect(outcomes.filter(Boolean)).toHaveLength(170);
    await expect(second!.hubspot(portal).throttle(call())).rejects.toMatchObject({
      message: expect.stringContaining('(171 per 10 s)') as string,
    });
  });

  it('follows a tier that shrinks, as the portal’s answers say', async () => {
    const time = fakeTime();
    const [first, second] = await processes(2, time, { maxWaitMs: 0 });
    const portal = newPortal();
    first!.hubspot(portal).observe(tier(190));
    for (let n = 0; n < 20; n += 1) await first!.hubspot(portal).throttle(call());
    second!.hubspot(portal).observe(tier(20));

    // 18 allowed now, 20 already used: no more until enough have left the window.
    await expect(second!.hubspot(portal).throttle(call())).rejects.toMatchObject({
      message: expect.stringContaining('(18 per 10 s)') as string,
    });
    await expect(first!.hubspot(portal).throttle(call())).rejects.toMatchObject({
      code: 'rate_limited',
    });
  });

  it('keeps searches to 3 a second (90 % of HubSpot’s 4) for all processes together, on top of the portal’s budget', async () => {
    const time = fakeTime();
    const [first, second] = await processes(2, time);
    const portal = newPortal();
    await first!.hubspot(portal).throttle(search());
    await first!.hubspot(portal).throttle(search());
    await second!.hubspot(portal).throttle(search());
    // Other calls still go: the searches' budget is their own.
    await first!.hubspot(portal).throttle(call());
    expect(time.clock.slept).toEqual([]);

    await second!.hubspot(portal).throttle(search());
    expect(time.clock.slept).toEqual([1000]);
  });

  it('refuses a search whose per-second budget is used without spending a call of the portal’s budget', async () => {
    const time = fakeTime();
    const [first, second] = await processes(2, time, { maxWaitMs: 0 });
    const portal = newPortal();
    for (let n = 0; n < 3; n += 1) await first!.hubspot(portal).throttle(search());

    await expect(second!.hubspot(portal).throttle(search())).rejects.toMatchObject({
      code: 'rate_limited',
      retryAfterSeconds: 1,
      message:
        'HubSpot: this portal’s searches budget (3 per 1 s) is used; OutSync tries again in 1 s rather than collect HubSpot’s 429s.',
    });
    // 90 in the window: the 3 searches and 87 other calls, the refused search not counted.
    const outcomes: boolean[] = [];
    for (let n = 0; n < 90; n += 1)
      outcomes.push(await granted(second!.hubspot(portal).throttle(call())));
    expect(outcomes.filter(Boolean)).toHaveLength(87);
  });

  it('keeps one budget per portal', async () => {
    const time = fakeTime();
    const [first, second] = await processes(2, time, { maxWaitMs: 0 });
    const [busy, quiet] = [newPortal(), newPortal()];
    for (let n = 0; n < 90; n += 1) await first!.hubspot(busy).throttle(call());

    await expect(second!.hubspot(quiet).throttle(call())).resolves.toBeUndefined();
    await expect(second!.hubspot(busy).throttle(call())).rejects.toMatchObject({
      code: 'rate_limited',
    });
  });

  it('refuses calls, retryable, when MongoDB cannot be reached, rather than send them uncounted', async () => {
    const time = fakeTime();
    const connection = await mongoose
      .createConnection(database.uri, { bufferCommands: false })
      .asPromise();
    const limits = createSharedCrmRateLimits({ connection, ...time });
    await connection.close();

    await expect(limits.hubspot(newPortal()).throttle(call())).rejects.toMatchObject({
      system: 'hubspot',
      code: 'rate_limited',
      retryAfterSeconds: 5,
      message: expect.stringMatching(
        /^HubSpot: this portal’s request budget could not be read from MongoDB \(.+\); OutSync tries again in 5 s\.$/,
      ) as string,
    });
  });

  it('stores the budgets in a collection whose documents MongoDB removes once unused for a day', async () => {
    const time = fakeTime();
    const connection = await connect();
    const limits = createSharedCrmRateLimits({ connection, ...time });
    const portal = newPortal();
    await limits.hubspot(portal).throttle(call());
    await connection.model('CrmBudget').init();

    const indexes = await connection.collection('crmBudgets').indexes();
    expect(indexes).toContainEqual(
      expect.objectContaining({ key: { expiresAt: 1 }, expireAfterSeconds: 0 }),
    );
    const doc = await connection
      .collection<{ _id: string; expiresAt: Date }>('crmBudgets')
      .findOne({ _id: `hubspot:${portal}` });
    expect(doc?.expiresAt.getTime()).toBe(time.clock.at + 24 * 60 * 60 * 1000);
  });
});

describe('Salesforce, several processes on one database', () => {
  const usage = (used: number, max: number) =>
    answer({ 'Sforce-Limit-Info': `api-usage=${used}/${max}` });

  it('lets calls through while less than 90 % of the org’s daily budget is used', async () => {
    const time = fakeTime();
    const [first, second] = await processes(2, time);
    await expect(first!.salesforce('org-under').throttle(call())).resolves.toBeUndefined();
    first!.salesforce('org-under').observe(usage(89_999, 100_000));
    await first!.settled();
    time.clock.at += 5000;
    await expect(second!.salesforce('org-under').throttle(call())).resolves.toBeUndefined();
  });

  it('pauses every process for 15 minutes once one of them saw 90 % used, then reads the usage anew', async () => {
    const time = fakeTime();
    const [first, second] = await processes(2, time);
    first!.salesforce('org-over').observe(usage(99_000, 110_000));
    await first!.settled();

    // The second process never saw the header.
    await expect(second!.salesforce('org-over').throttle(call())).rejects.toMatchObject({
      system: 'salesforce',
      code: 'rate_limited',
      retryAfterSeconds: 900,
      message:
        'Salesforce: 90 % of the org’s daily API requests are used (99,000 of 110,000); OutSync waits so your other integrations keep the rest.',
    });
    time.clock.at += 60_000;
    await expect(first!.salesforce('org-over').throttle(call())).rejects.toMatchObject({
      retryAfterSeconds: 840,
    });
    time.clock.at += 840_000;
    await expect(first!.salesforce('org-over').throttle(call())).resolves.toBeUndefined();
    await expect(second!.salesforce('org-over').throttle(call())).resolves.toBeUndefined();
  });

  it('keeps the newest usage any process saw, not the last one written', async () => {
    const time = fakeTime();
    const [first, second, third] = await processes(3, time);
    second!.salesforce('org-order').observe(usage(99_500, 110_000));
    await second!.settled();
    // An older answer, stored later, does not hide the newer one.
    time.clock.at -= 1000;
    first!.salesforce('org-order').observe(usage(10_000, 110_000));
    await first!.settled();
    time.clock.at += 1000;

    await expect(third!.salesforce('org-order').throttle(call())).rejects.toMatchObject({
      message: expect.stringContaining('(99,500 of 110,000)') as string,
    });
  });
});
