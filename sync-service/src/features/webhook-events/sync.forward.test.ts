// Forwarding through the real pipeline (issue 29 "Forwarding on its own schedule"): an event's
// additional endpoint is tried at once and, when it fails in a way that may pass, again at its
// own published times — 1 s, 4 s, 16 s, 1 min, 5 min, 15 min, 1 h (×0.8–1.2), or the
// endpoint's longer Retry-After up to 1 h — eight attempts in all, never on the CRM's schedule
// and never writing the CRM again. Math.random is fixed at 0.5 (a jitter factor of exactly 1)
// so the times can be spelled out; the jitter's range has its own test.
import {
  clock,
  ENDPOINT_A,
  forwardingPipeline,
  scriptedEndpoints,
  stepWriter,
  storedEvent,
  URL_A,
} from './sync.forward.test-support';
import { storeEvent, usePipelineDatabase } from './pipeline.test-support';

const database = usePipelineDatabase();
const models = () => database.models();

beforeEach(async () => {
  await models().events.deleteMany({});
  await models().dedup.deleteMany({});
});

afterEach(() => {
  jest.restoreAllMocks();
});

/** Stores the event (due at 09:59), then fixes the jitter at a factor of exactly 1. */
async function receivedEvent(lead = 1) {
  const id = await storeEvent(models(), lead, { nextAttemptAt: new Date('2026-11-29T09:59:00Z') });
  jest.spyOn(Math, 'random').mockReturnValue(0.5);
  return id;
}

it('delivers at once: one signed POST with its delivery id, the event synced', async () => {
  const id = await receivedEvent();
  const time = clock('2026-11-29T10:00:00Z');
  const { writer } = stepWriter();
  const endpoint = scriptedEndpoints({ [URL_A]: [{ status: 204 }] });
  const pipeline = forwardingPipeline({ models: models(), writer, fetch: endpoint.fetch, ...time });

  await pipeline.processEvents([id.toString()]);

  expect(endpoint.calls).toEqual([
    {
      url: URL_A,
      at: '2026-11-29T10:00:00.000Z',
      attempt: 1,
      delivery: `${id.toString()}-${ENDPOINT_A}`,
    },
  ]);
  const doc = await storedEvent(models(), id);
  expect(doc).toMatchObject({ status: 'synced', reason: null, nextAttemptAt: null, errors: [] });
  expect(doc.forwards).toEqual([
    {
      userAccountId: ENDPOINT_A,
      url: URL_A,
      ok: true,
      attempts: 1,
      status: 204,
      reason: null,
      at: new Date('2026-11-29T10:00:00Z'),
      nextAttemptAt: null,
    },
  ]);
});

it('retries a 503 at 1 s, 4 s and 16 s, not on the CRM’s schedule, and writes the CRM once', async () => {
  const id = await receivedEvent();
  const time = clock('2026-11-29T10:00:00Z');
  const crm = stepWriter();
  const down = { status: 503 };
  const endpoint = scriptedEndpoints({ [URL_A]: [down, down, down, { status: 200 }] });
  const pipeline = forwardingPipeline({
    models: models(),
    writer: crm.writer,
    fetch: endpoint.fetch,
    ...time,
  });

  const reasons: Array<string | null> = [];
  for (let run = 1; run <= 4; run += 1) {
    await pipeline.processEvents([id.toString()]);
    const doc = await storedEvent(models(), id);
    reasons.push(doc.reason);
    if (doc.nextAttemptAt) time.at(doc.nextAttemptAt);
  }

  expect(endpoint.calls.map((call) => [call.at, call.attempt])).toEqual([
    ['2026-11-29T10:00:00.000Z', 1],
    ['2026-11-29T10:00:01.000Z', 2],
    ['2026-11-29T10:00:05.000Z', 3],
    ['2026-11-29T10:00:21.000Z', 4],
  ]);
  // The same delivery id on every attempt.
  expect(new Set(endpoint.calls.map((call) => call.delivery))).toEqual(
    new Set([`${id.toString()}-${ENDPOINT_A}`]),
  );
  expect(reasons).toEqual([
    `Written to HubSpot. Forwarding to ${URL_A}: attempt 1 of 8 failed; next attempt at 2026-11-29 10:00:01 UTC.`,
    `Written to HubSpot. Forwarding to ${URL_A}: attempt 2 of 8 failed; next attempt at 2026-11-29 10:00:05 UTC.`,
    `Written to HubSpot. Forwarding to ${URL_A}: attempt 3 of 8 failed; next attempt at 2026-11-29 10:00:21 UTC.`,
    null,
  ]);
  const doc = await storedEvent(models(), id);
  expect(doc).toMatchObject({ status: 'synced', nextAttemptAt: null, errors: [] });
  expect(doc.forwards[0]).toMatchObject({ ok: true, attempts: 4, status: 200, reason: null });
  // The CRM was written by the first run; the retries only forwarded: the writer was not
  // called again (the CRM's outcome was recorded with the event).
  expect(crm.writes()).toBe(1);
  expect(crm.seen.map((steps) => steps.contactWritten ?? false)).toEqual([false]);
  // The endpoint's retries spend none of the CRM's attempts.
  expect(doc.attempts.map((attempt) => attempt.outcome)).toEqual([
    'retrying',
    'waiting',
    'waiting',
    'synced',
  ]);
  expect(doc.attempts[1]?.message).toBe(`${URL_A}: The endpoint answered 503 Service Unavailable.`);
});

it.each([
  [0, '2026-11-29T10:00:00.800Z'],
  [0.5, '2026-11-29T10:00:01.000Z'],
  [0.999, '2026-11-29T10:00:01.200Z'],
])(
  'jitters each wait by ×0.8–1.2 (random %p: the 1 s wait ends at %s)',
  async (random, expected) => {
    const id = await receivedEvent();
    jest.spyOn(Math, 'random').mockReturnValue(random);
    const time = clock('2026-11-29T10:00:00Z');
    const endpoint = scriptedEndpoints({ [URL_A]: [{ status: 500 }] });
    const pipeline = forwardingPipeline({
      models: models(),
      writer: stepWriter().writer,
      fetch: endpoint.fetch,
      ...time,
    });

    await pipeline.processEvents([id.toString()]);

    const doc = await storedEvent(models(), id);
    expect(doc.nextAttemptAt?.toISOString()).toBe(expected);
    expect(doc.forwards[0]?.nextAttemptAt?.toISOString()).toBe(expected);
  },
);

it('honours a 429’s Retry-After: 120 — the next attempt 2 minutes later, not 1 s', async () => {
  const id = await receivedEvent();
  const time = clock('2026-11-29T10:00:00Z');
  const endpoint = scriptedEndpoints({
    [URL_A]: [{ status: 429, headers: { 'retry-after': '120' } }, { status: 200 }],
  });
  const pipeline = forwardingPipeline({
    models: models(),
    writer: stepWriter().writer,
    fetch: endpoint.fetch,
    ...time,
  });

  await pipeline.processEvents([id.toString()]);
  const waiting = await storedEvent(models(), id);
  expect(waiting).toMatchObject({
    status: 'received',
    nextAttemptAt: new Date('2026-11-29T10:02:00Z'),
    reason: `Written to HubSpot. Forwarding to ${URL_A}: attempt 1 of 8 failed; next attempt at 2026-11-29 10:02:00 UTC.`,
    errors: [
      { step: 'forward', message: `${URL_A}: The endpoint answered 429 Too Many Requests.` },
    ],
  });
  expect(waiting.forwards[0]).toMatchObject({ status: 429, attempts: 1 });

  time.at('2026-11-29T10:02:00Z');
  await pipeline.processEvents([id.toString()]);
  expect(endpoint.calls.map((call) => call.at)).toEqual([
    '2026-11-29T10:00:00.000Z',
    '2026-11-29T10:02:00.000Z',
  ]);
  expect(await storedEvent(models(), id)).toMatchObject({ status: 'synced' });
});

it('holds a Retry-After longer than an hour to the hour', async () => {
  const id = await receivedEvent();
  const time = clock('2026-11-29T10:00:00Z');
  const endpoint = scriptedEndpoints({
    [URL_A]: [{ status: 503, headers: { 'retry-after': '7200' } }],
  });
  const pipeline = forwardingPipeline({
    models: models(),
    writer: stepWriter().writer,
    fetch: endpoint.fetch,
    ...time,
  });

  await pipeline.processEvents([id.toString()]);

  expect((await storedEvent(models(), id)).nextAttemptAt).toEqual(new Date('2026-11-29T11:00:00Z'));
});

it('gives up after 8 attempts over 1 h 21 min 21 s, the forward state saying so, however few attempts the CRM has', async () => {
  const id = await receivedEvent();
  const time = clock('2026-11-29T10:00:00Z');
  const crm = stepWriter();
  const endpoint = scriptedEndpoints({ [URL_A]: Array(9).fill({ status: 503 }) });
  const pipeline = forwardingPipeline({
    models: models(),
    writer: crm.writer,
    fetch: endpoint.fetch,
    ...time,
    // The CRM's three attempts do not limit the endpoint's eight.
    deps: { maxAttempts: 3 },
  });

  for (let run = 1; run <= 8; run += 1) {
    await pipeline.processEvents([id.toString()]);
    const next = (await storedEvent(models(), id)).nextAttemptAt;
    if (next) time.at(next);
  }
  // Nothing is due any more: another run calls no one.
  await pipeline.processEvents([id.toString()]);

  expect(endpoint.calls.map((call) => call.at)).toEqual([
    '2026-11-29T10:00:00.000Z',
    '2026-11-29T10:00:01.000Z',
    '2026-11-29T10:00:05.000Z',
    '2026-11-29T10:00:21.000Z',
    '2026-11-29T10:01:21.000Z',
    '2026-11-29T10:06:21.000Z',
    '2026-11-29T10:21:21.000Z',
    '2026-11-29T11:21:21.000Z',
  ]);
  const doc = await storedEvent(models(), id);
  expect(doc.forwards).toEqual([
    {
      userAccountId: ENDPOINT_A,
      url: URL_A,
      ok: false,
      attempts: 8,
      status: 503,
      reason: 'The endpoint answered 503 Service Unavailable. Given up after 8 attempts.',
      at: new Date('2026-11-29T11:21:21Z'),
      nextAttemptAt: null,
    },
  ]);
  expect(doc).toMatchObject({
    status: 'partially_synced',
    nextAttemptAt: null,
    errors: [
      {
        step: 'forward',
        message: `${URL_A}: The endpoint answered 503 Service Unavailable. Given up after 8 attempts.`,
      },
    ],
  });
  expect(crm.writes()).toBe(1);
});

it('forwards an event the settings leave out of the CRM, on the endpoint’s schedule', async () => {
  const id = await receivedEvent();
  const time = clock('2026-11-29T10:00:00Z');
  const skipped = 'Not synced: Update Only, and HubSpot has no contact lead1@batch.example.';
  const crm = stepWriter(() => ({ kind: 'skipped', message: skipped }));
  const endpoint = scriptedEndpoints({ [URL_A]: [{ status: 502 }, { status: 200 }] });
  const pipeline = forwardingPipeline({
    models: models(),
    writer: crm.writer,
    fetch: endpoint.fetch,
    ...time,
  });

  await pipeline.processEvents([id.toString()]);
  expect(await storedEvent(models(), id)).toMatchObject({
    status: 'received',
    nextAttemptAt: new Date('2026-11-29T10:00:01Z'),
    reason: `${skipped} Forwarding to ${URL_A}: attempt 1 of 8 failed; next attempt at 2026-11-29 10:00:01 UTC.`,
  });

  time.at('2026-11-29T10:00:01Z');
  await pipeline.processEvents([id.toString()]);
  expect(await storedEvent(models(), id)).toMatchObject({
    status: 'not_synced',
    reason: skipped,
    errors: [],
  });
  expect(endpoint.calls).toHaveLength(2);
});
