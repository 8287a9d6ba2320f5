// Forwarding through the real pipeline, continued (issue 29): each endpoint keeps its own
// time; the profile's "Additional Webhooks" flag (canUserAccount) is checked when a forward is
// sent; Retry in the history gives a refused endpoint a new round; an event whose CRM write and
// endpoint both wait is run at the earlier of their times. Math.random is fixed at 0.5 (a
// jitter factor of exactly 1) so that times can be spelled out.
import type { ForwardDelivery } from '../../pipeline/forward-step';
import type { ForwardState } from '../../pipeline';
import {
  clock,
  ENDPOINT_A,
  ENDPOINT_B,
  forwardingPipeline,
  scriptedEndpoints,
  stepWriter,
  storedEvent,
  URL_A,
  URL_B,
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

const NOT_ALLOWED =
  'Not forwarded: this profile is not allowed to forward to additional endpoints (Additional Webhooks, canUserAccount). An administrator can turn it on in Users.';
const BOTH = [
  { userAccountId: ENDPOINT_A, eventTypes: ['EMAIL_SENT' as const] },
  { userAccountId: ENDPOINT_B, eventTypes: ['EMAIL_SENT' as const] },
];

async function receivedEvent(overrides: Parameters<typeof storeEvent>[2] = {}) {
  const id = await storeEvent(models(), 1, {
    nextAttemptAt: new Date('2026-11-29T09:59:00Z'),
    ...overrides,
  });
  jest.spyOn(Math, 'random').mockReturnValue(0.5);
  return id;
}

it('keeps each endpoint’s own time: one is retried at 1 s, the other not before its Retry-After', async () => {
  const id = await receivedEvent();
  const time = clock('2026-11-29T10:00:00Z');
  const endpoint = scriptedEndpoints({
    [URL_A]: [{ status: 503 }, { status: 200 }],
    [URL_B]: [{ status: 429, headers: { 'retry-after': '120' } }, { status: 200 }],
  });
  const pipeline = forwardingPipeline({
    models: models(),
    writer: stepWriter().writer,
    fetch: endpoint.fetch,
    endpoints: BOTH,
    ...time,
  });

  await pipeline.processEvents([id.toString()]);
  expect(await storedEvent(models(), id)).toMatchObject({
    nextAttemptAt: new Date('2026-11-29T10:00:01Z'),
    reason:
      `Written to HubSpot. Forwarding to ${URL_A}: attempt 1 of 8 failed; next attempt at 2026-11-29 10:00:01 UTC. ` +
      `Forwarding to ${URL_B}: attempt 1 of 8 failed; next attempt at 2026-11-29 10:02:00 UTC.`,
  });

  time.at('2026-11-29T10:00:01Z');
  await pipeline.processEvents([id.toString()]);
  expect(await storedEvent(models(), id)).toMatchObject({
    status: 'received',
    nextAttemptAt: new Date('2026-11-29T10:02:00Z'),
    reason: `Written to HubSpot. Forwarding to ${URL_B}: attempt 1 of 8 failed; next attempt at 2026-11-29 10:02:00 UTC.`,
    errors: [
      { step: 'forward', message: `${URL_B}: The endpoint answered 429 Too Many Requests.` },
    ],
  });

  time.at('2026-11-29T10:02:00Z');
  await pipeline.processEvents([id.toString()]);
  expect(endpoint.calls.map((call) => [call.url, call.at, call.attempt])).toEqual([
    [URL_A, '2026-11-29T10:00:00.000Z', 1],
    [URL_B, '2026-11-29T10:00:00.000Z', 1],
    [URL_A, '2026-11-29T10:00:01.000Z', 2],
    [URL_B, '2026-11-29T10:02:00.000Z', 2],
  ]);
  expect(await storedEvent(models(), id)).toMatchObject({ status: 'synced', errors: [] });
});

it('does not call the endpoint of a profile without “Additional Webhooks”, and says why', async () => {
  const id = await receivedEvent();
  const endpoint = scriptedEndpoints({});
  const pipeline = forwardingPipeline({
    models: models(),
    writer: stepWriter().writer,
    fetch: endpoint.fetch,
    canForward: () => false,
    ...clock('2026-11-29T10:00:00Z'),
  });

  await pipeline.processEvents([id.toString()]);

  expect(endpoint.calls).toEqual([]);
  const doc = await storedEvent(models(), id);
  expect(doc.forwards).toEqual([
    {
      userAccountId: ENDPOINT_A,
      url: URL_A,
      ok: false,
      attempts: 0,
      status: null,
      reason: NOT_ALLOWED,
      at: new Date('2026-11-29T10:00:00Z'),
      nextAttemptAt: null,
    },
  ]);
  expect(doc).toMatchObject({
    status: 'partially_synced',
    nextAttemptAt: null,
    errors: [{ step: 'forward', message: `${URL_A}: ${NOT_ALLOWED}` }],
  });
});

it('checks the flag at each send: turned off between attempts, the retry calls no one', async () => {
  const id = await receivedEvent();
  const time = clock('2026-11-29T10:00:00Z');
  let allowed = true;
  const endpoint = scriptedEndpoints({ [URL_A]: [{ status: 503 }] });
  const pipeline = forwardingPipeline({
    models: models(),
    writer: stepWriter().writer,
    fetch: endpoint.fetch,
    canForward: () => allowed,
    ...time,
  });

  await pipeline.processEvents([id.toString()]);
  allowed = false;
  time.at('2026-11-29T10:00:01Z');
  await pipeline.processEvents([id.toString()]);

  expect(endpoint.calls.map((call) => call.at)).toEqual(['2026-11-29T10:00:00.000Z']);
  const doc = await storedEvent(models(), id);
  expect(doc.forwards[0]).toMatchObject({
    attempts: 1,
    reason: NOT_ALLOWED,
    nextAttemptAt: null,
  });
  expect(doc).toMatchObject({ status: 'partially_synced', nextAttemptAt: null });
});

it('Retry in the history gives a refused endpoint a new round; the one that took it is not called again', async () => {
  const id = await receivedEvent();
  const time = clock('2026-11-29T10:00:00Z');
  const crm = stepWriter();
  const endpoint = scriptedEndpoints({
    [URL_A]: [{ status: 200 }],
    [URL_B]: [{ status: 404 }, { status: 200 }],
  });
  const pipeline = forwardingPipeline({
    models: models(),
    writer: crm.writer,
    fetch: endpoint.fetch,
    endpoints: BOTH,
    ...time,
  });

  await pipeline.processEvents([id.toString()]);
  const refused = await storedEvent(models(), id);
  expect(refused).toMatchObject({ status: 'partially_synced', nextAttemptAt: null });
  expect(refused.forwards[1]).toMatchObject({
    url: URL_B,
    attempts: 1,
    status: 404,
    reason:
      'The endpoint answered 404 Not Found. Not retried: the same request would be refused again.',
    nextAttemptAt: null,
  });

  time.at('2026-11-29T10:30:00Z');
  expect(await pipeline.retry(id.toString())).toBe(true);
  await pipeline.processEvents([id.toString()]);

  expect(endpoint.calls.map((call) => [call.url, call.at, call.attempt])).toEqual([
    [URL_A, '2026-11-29T10:00:00.000Z', 1],
    [URL_B, '2026-11-29T10:00:00.000Z', 1],
    [URL_B, '2026-11-29T10:30:00.000Z', 1],
  ]);
  expect(await storedEvent(models(), id)).toMatchObject({ status: 'synced', errors: [] });
  expect(crm.writes()).toBe(1);
});

it('Retry of an event the CRM refused re-forwards once the CRM takes it, after another failure', async () => {
  const id = await receivedEvent();
  const time = clock('2026-11-29T10:00:00Z');
  const outage = 'HubSpot (POST /crm/v3/objects/contacts/batch/upsert) failed: 503 unavailable';
  const answers = [
    { kind: 'failed' as const, step: 'contact', message: 'HubSpot refused the contact.' },
    { kind: 'retry' as const, step: 'contact', message: outage },
    { kind: 'written' as const },
  ];
  const endpoint = scriptedEndpoints({ [URL_A]: [{ status: 410 }, { status: 200 }] });
  const pipeline = forwardingPipeline({
    models: models(),
    writer: stepWriter((call) => answers[call - 1] ?? { kind: 'written' }).writer,
    fetch: endpoint.fetch,
    deps: { retryScheduleMs: [10_000] },
    ...time,
  });

  await pipeline.processEvents([id.toString()]);
  expect(await storedEvent(models(), id)).toMatchObject({ status: 'failed', nextAttemptAt: null });

  time.at('2026-11-29T11:00:00Z');
  await pipeline.retry(id.toString());
  await pipeline.processEvents([id.toString()]);
  time.at('2026-11-29T11:00:10Z');
  await pipeline.processEvents([id.toString()]);

  expect(endpoint.calls.map((call) => [call.at, call.attempt])).toEqual([
    ['2026-11-29T10:00:00.000Z', 1],
    ['2026-11-29T11:00:10.000Z', 1],
  ]);
  expect(await storedEvent(models(), id)).toMatchObject({ status: 'synced', errors: [] });
});

it('tries a test event’s endpoint once', async () => {
  const id = await receivedEvent({ test: true });
  const endpoint = scriptedEndpoints({ [URL_A]: [{ status: 503 }] });
  const pipeline = forwardingPipeline({
    models: models(),
    writer: stepWriter().writer,
    fetch: endpoint.fetch,
    ...clock('2026-11-29T10:00:00Z'),
  });

  await pipeline.processEvents([id.toString()]);

  const doc = await storedEvent(models(), id);
  expect(doc).toMatchObject({ status: 'partially_synced', nextAttemptAt: null });
  expect(doc.forwards[0]).toMatchObject({
    reason:
      'The endpoint answered 503 Service Unavailable. Not retried: a test event is sent once.',
    nextAttemptAt: null,
  });
});

const pendingForward = (nextAttemptAt: string): ForwardDelivery => ({
  userAccountId: ENDPOINT_A,
  url: URL_A,
  ok: false,
  attempts: 1,
  status: 503,
  reason: 'The endpoint answered 503 Service Unavailable.',
  at: new Date('2026-11-29T09:59:59Z'),
  nextAttemptAt: new Date(nextAttemptAt),
});

it.each([
  ['the endpoint’s 10:00:30', pendingForward('2026-11-29T10:00:30Z'), 60_000, '10:00:30'],
  ['the CRM’s 10:00:10', pendingForward('2026-11-29T10:00:30Z'), 10_000, '10:00:10'],
  // Its time passed while the CRM went first: it goes once the CRM's part is done.
  [
    'the CRM’s, past the endpoint’s',
    pendingForward('2026-11-29T09:59:59.500Z'),
    60_000,
    '10:01:00',
  ],
])(
  'a CRM write and an endpoint both waiting: the earlier time wins (%s)',
  async (_name, forward, crmWaitMs, expected) => {
    const id = await receivedEvent({ steps: { forwards: [forward] }, attemptCount: 0 });
    const endpoint = scriptedEndpoints({});
    const outage = 'HubSpot (POST /crm/v3/objects/contacts/batch/upsert) failed: 503 unavailable';
    const pipeline = forwardingPipeline({
      models: models(),
      writer: stepWriter(() => ({ kind: 'retry', step: 'contact', message: outage })).writer,
      fetch: endpoint.fetch,
      deps: { retryScheduleMs: [crmWaitMs] },
      ...clock('2026-11-29T10:00:00Z'),
    });

    await pipeline.processEvents([id.toString()]);

    expect(endpoint.calls).toEqual([]);
    expect(await storedEvent(models(), id)).toMatchObject({
      status: 'received',
      nextAttemptAt: new Date(`2026-11-29T${expected}Z`),
      reason: `Attempt 1 of 9 failed; next attempt at 2026-11-29 ${expected} UTC.`,
    });
  },
);

it('retries a forward recorded before forwards kept their own time at the event’s next run', async () => {
  const before: ForwardState = {
    userAccountId: ENDPOINT_A,
    url: URL_A,
    ok: false,
    attempts: 2,
    status: 500,
    reason: 'The endpoint answered 500 Internal Server Error.',
    at: new Date('2026-11-29T09:58:00Z'),
  };
  const id = await receivedEvent({ steps: { forwards: [before] }, attemptCount: 2 });
  const endpoint = scriptedEndpoints({ [URL_A]: [{ status: 200 }] });
  const pipeline = forwardingPipeline({
    models: models(),
    writer: stepWriter().writer,
    fetch: endpoint.fetch,
    ...clock('2026-11-29T10:00:00Z'),
  });

  await pipeline.processEvents([id.toString()]);

  expect(endpoint.calls.map((call) => [call.at, call.attempt])).toEqual([
    ['2026-11-29T10:00:00.000Z', 3],
  ]);
  expect(await storedEvent(models(), id)).toMatchObject({ status: 'synced' });
});
