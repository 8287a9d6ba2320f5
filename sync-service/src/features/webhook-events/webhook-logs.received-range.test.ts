// The webhook logs' time range (issue 29: "bulk retry and bulk release by filter (status,
// webhook, time range)"; set-up in webhook-logs.test-support.ts): receivedFrom (inclusive) and
// receivedTo (exclusive) narrow the list, its count, its chart and the bulk actions alike.
import type {
  HistoryCount,
  WebhookLogActionCount,
  WebhookLogActionResult,
  WebhookLogsDaily,
  WebhookLogsPage,
} from '@outsync/contracts/history';
import type { WebhookEventDoc } from '../../pipeline';
import { guardOutboundCalls } from '../../testing/nock-guard';
import {
  LOGS,
  type Caller,
  type ErrorBody,
  ada,
  admin,
  bob,
  events,
  ids,
  logOf,
  manager,
  store,
  useWebhookLogsApp,
} from './webhook-logs.test-support';

guardOutboundCalls();
useWebhookLogsApp();

const ACTIONS = '/api/admin/webhook-log-actions';
const FROM = '2030-03-15T09:00:00.000Z';
const TO = '2030-03-15T12:00:00.000Z';
const RANGE = `receivedFrom=${FROM}&receivedTo=${TO}`;

const at = (iso: string) => new Date(iso);

/** Ada's events around the range 09:00–12:00 UTC on 15 March 2030, and Bob's and the manager's. */
let seeded: Record<
  'atFrom' | 'inside' | 'heldInside' | 'lastInside' | 'atTo' | 'justBefore',
  WebhookEventDoc
>;

async function seed() {
  seeded = {
    justBefore: logOf(ada, { receivedAt: at('2030-03-15T08:59:59.999Z'), status: 'failed' }),
    atFrom: logOf(ada, { receivedAt: at(FROM), status: 'failed' }),
    inside: logOf(ada, { receivedAt: at('2030-03-15T10:30:00.000Z'), status: 'failed' }),
    heldInside: logOf(ada, { receivedAt: at('2030-03-15T11:00:00.000Z'), status: 'held' }),
    lastInside: logOf(ada, {
      receivedAt: at('2030-03-15T11:59:59.999Z'),
      status: 'partially_synced',
    }),
    atTo: logOf(ada, { receivedAt: at(TO), status: 'failed' }),
  };
  await store(
    ...Object.values(seeded),
    logOf(bob, { receivedAt: at('2030-03-15T10:00:00.000Z'), status: 'failed' }),
    logOf(manager, { receivedAt: at('2030-03-15T10:00:00.000Z'), status: 'failed' }),
  );
}

const idOf = (name: keyof typeof seeded) => seeded[name]._id.toString();

async function list(who: Caller, query: string) {
  return ids((await who.client.get<WebhookLogsPage>(`${LOGS}?${query}`)).body);
}

async function count(who: Caller, query: string) {
  return (await who.client.get<HistoryCount>(`${LOGS}/count?${query}`)).body.totalItems;
}

async function actionCount(who: Caller, action: 'retry' | 'release', query: string) {
  return (await who.client.get<WebhookLogActionCount>(`${ACTIONS}/${action}/count?${query}`)).body
    .count;
}

async function statusOf(name: keyof typeof seeded) {
  return (await events().findById(seeded[name]._id, { status: 1 }).lean())?.status;
}

describe('the list and its count', () => {
  it('take the events received from receivedFrom (inclusive) until receivedTo (exclusive)', async () => {
    await seed();
    expect(await list(ada, RANGE)).toEqual([
      idOf('lastInside'),
      idOf('heldInside'),
      idOf('inside'),
      idOf('atFrom'),
    ]);
    expect(await count(ada, RANGE)).toBe(4);
    // Staff see everyone's in the range.
    expect(await count(admin, RANGE)).toBe(6);
  });

  it('take either bound alone, and the range with the other filters', async () => {
    await seed();
    expect(await list(ada, `receivedFrom=${TO}`)).toEqual([idOf('atTo')]);
    expect(await list(ada, `receivedTo=${FROM}`)).toEqual([idOf('justBefore')]);
    expect(await count(ada, `receivedTo=2030-03-15T09:00:00.001Z&receivedFrom=${FROM}`)).toBe(1);
    expect(await list(ada, `${RANGE}&status=failed`)).toEqual([idOf('inside'), idOf('atFrom')]);
    expect(await count(ada, `${RANGE}&status=failed`)).toBe(2);
  });

  it('read an instant in any time zone', async () => {
    await seed();
    // 10:00 at UTC+01:00 is 09:00 UTC; 07:00 at UTC−05:00 is 12:00 UTC.
    const query = 'receivedFrom=2030-03-15T10:00:00%2B01:00&receivedTo=2030-03-15T07:00:00-05:00';
    expect(await list(ada, query)).toEqual(await list(ada, RANGE));
  });

  it('refuse a malformed bound, or a range that ends where it starts, in words', async () => {
    for (const path of [`${LOGS}`, `${LOGS}/count`, `${LOGS}/daily`, `${ACTIONS}/retry/count`]) {
      const bad = await ada.client.get<ErrorBody>(`${path}?receivedFrom=2030-03-15T09:00:00`);
      expect([path, bad.status, bad.body.message]).toEqual([
        path,
        400,
        'receivedFrom must be an ISO 8601 date-time with a time zone, like 2026-11-28T09:00:00Z.',
      ]);
      const reversed = await ada.client.get<ErrorBody>(
        `${path}?receivedFrom=${TO}&receivedTo=${FROM}`,
      );
      expect([path, reversed.status, reversed.body.message]).toEqual([
        path,
        400,
        'receivedFrom must be earlier than receivedTo.',
      ]);
    }
  });
});

describe('the chart', () => {
  type Day = WebhookLogsDaily['days'][number];
  const daily = async (query: string) =>
    (await ada.client.get<WebhookLogsDaily>(`${LOGS}/daily?${query}`)).body.days;
  const total = (days: Day[]) =>
    days.reduce((sum, day) => sum + day.synced + day.held + day.failed + day.notSynced, 0);

  it('counts only the range’s events, still over the last 14 days', async () => {
    await seed();
    const days = await daily(RANGE);
    expect(days).toHaveLength(14);
    expect(days.at(-1)).toEqual({
      date: '2030-03-15',
      synced: 1,
      held: 1,
      failed: 2,
      notSynced: 0,
    });
    expect(total(days)).toBe(4);
    expect(total(await daily(''))).toBe(6);
  });

  it('is empty for a range outside the 14 days', async () => {
    await seed();
    expect(total(await daily('receivedTo=2030-03-01T00:00:00Z'))).toBe(0);
    expect(total(await daily('receivedFrom=2030-03-16T00:00:00Z'))).toBe(0);
    // A range reaching beyond the window on both sides is the window.
    expect(
      total(await daily('receivedFrom=2020-01-01T00:00:00Z&receivedTo=2040-01-01T00:00:00Z')),
    ).toBe(6);
  });
});

describe('the bulk actions', () => {
  it('count and retry only the range’s failed and partially synced events', async () => {
    await seed();
    expect(await actionCount(ada, 'retry', RANGE)).toBe(3);
    expect(await actionCount(ada, 'release', RANGE)).toBe(1);

    const run = await ada.client.post<WebhookLogActionResult>(`${ACTIONS}/retry`, {
      receivedFrom: FROM,
      receivedTo: TO,
    });
    expect(run.body).toEqual({ queued: 3 });
    expect(await statusOf('atFrom')).toBe('received');
    expect(await statusOf('inside')).toBe('received');
    expect(await statusOf('lastInside')).toBe('received');
    // The bounds' other sides, and the held one, are left alone.
    expect(await statusOf('justBefore')).toBe('failed');
    expect(await statusOf('atTo')).toBe('failed');
    expect(await statusOf('heldInside')).toBe('held');
  });

  it('release only the range’s held events', async () => {
    await seed();
    const run = await ada.client.post<WebhookLogActionResult>(`${ACTIONS}/release`, {
      receivedFrom: '2030-03-15T11:00:00Z',
      receivedTo: '2030-03-15T11:00:00.001Z',
    });
    expect(run.body).toEqual({ queued: 1 });
    expect(await statusOf('heldInside')).toBe('received');
  });

  it('take a customer’s own events only; a manager’s own; an admin’s anyone’s', async () => {
    await seed();
    expect(await actionCount(bob, 'retry', RANGE)).toBe(1);
    expect(await actionCount(manager, 'retry', RANGE)).toBe(1);
    expect(await actionCount(admin, 'retry', RANGE)).toBe(5);

    const run = await bob.client.post<WebhookLogActionResult>(`${ACTIONS}/retry`, {
      receivedFrom: FROM,
      receivedTo: TO,
    });
    expect(run.body).toEqual({ queued: 1 });
    const others = await events()
      .find({ userId: { $ne: bob.id }, status: 'received' }, { _id: 1 })
      .lean();
    expect(others).toEqual([]);
  });

  it('refuse a malformed bound or a reversed range in the body, in words', async () => {
    const bad = await ada.client.post<ErrorBody>(`${ACTIONS}/retry`, {
      receivedTo: 1900000000000,
    });
    expect([bad.status, bad.body.message]).toEqual([
      400,
      'receivedTo must be an ISO 8601 date-time with a time zone, like 2026-11-28T09:00:00Z.',
    ]);
    const reversed = await ada.client.post<ErrorBody>(`${ACTIONS}/release`, {
      receivedFrom: TO,
      receivedTo: TO,
    });
    expect([reversed.status, reversed.body.message]).toEqual([
      400,
      'receivedFrom must be earlier than receivedTo.',
    ]);
  });
});
