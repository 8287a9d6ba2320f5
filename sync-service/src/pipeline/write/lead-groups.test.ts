import type { CanonicalEvent } from '@outsync/contracts/sync';
import { ConnectorError } from '../../connectors/http';
import { batchFailureOutcome, grownCounters, mergeByRecord } from './lead-groups';

function item(occurredAt: string, leadKey: string | null, type = 'EMAIL_OPEN') {
  return { event: { occurredAt, type } as unknown as CanonicalEvent, leadKey };
}

const names = { opens: 'opens_field', clicks: 'clicks_field' } as const;
const increments = (entry: ReturnType<typeof item>) =>
  entry.event.type === 'EMAIL_OPEN'
    ? { opens_field: 1 }
    : entry.event.type === 'EMAIL_LINK_CLICK'
      ? { clicks_field: 1 }
      : {};

describe('mergeByRecord', () => {
  it('merges groups that found one record, events in the order they occurred, and keeps groups without a record apart', () => {
    const late = item('2026-11-20T10:00:02Z', 'a@x.io');
    const early = item('2026-11-20T10:00:01Z', 'b@x.io');
    const groups = [
      { record: 'C1', items: [late] },
      { record: null, items: [item('2026-11-20T10:00:00Z', 'c@x.io')] },
      { record: 'C1', items: [early] },
      { record: null, items: [item('2026-11-20T10:00:00Z', 'd@x.io')] },
    ];
    const merged = mergeByRecord(groups, (group) => group.record);
    expect(merged.map((group) => group.items.map((entry) => entry.leadKey))).toEqual([
      ['b@x.io', 'a@x.io'],
      ['c@x.io'],
      ['d@x.io'],
    ]);
  });
});

describe('grownCounters', () => {
  it('adds the batch’s opens and clicks to what is written for every key of the lead', () => {
    const written = new Map([
      ['a@x.io', { opens: 2, clicks: 1 }],
      ['https://linkedin.com/in/a', { opens: 1, clicks: 0 }],
    ]);
    const items = [
      item('1', 'a@x.io'),
      item('2', 'a@x.io'),
      item('3', 'https://linkedin.com/in/a', 'EMAIL_LINK_CLICK'),
    ];
    expect(grownCounters(names, items, increments, written, () => 100)).toEqual({
      opens_field: 5,
      clicks_field: 2,
    });
  });

  it('counts a key once however many of the batch’s events carry it', () => {
    const written = new Map([['a@x.io', { opens: 3, clicks: 0 }]]);
    expect(
      grownCounters(
        names,
        [item('1', 'a@x.io'), item('2', 'a@x.io')],
        increments,
        written,
        () => 0,
      ),
    ).toEqual({ opens_field: 5 });
  });

  it('starts from the record’s current values when the written counts are unknown', () => {
    const current = { opens_field: 7, clicks_field: 4 };
    expect(
      grownCounters(
        names,
        [item('1', 'a@x.io'), item('2', 'a@x.io', 'EMAIL_LINK_CLICK')],
        increments,
        null,
        (name) => current[name],
      ),
    ).toEqual({ opens_field: 8, clicks_field: 5 });
  });

  it('leaves out the counters the events do not grow', () => {
    expect(
      grownCounters(names, [item('1', 'a@x.io', 'EMAIL_REPLY')], increments, null, () => 9),
    ).toEqual({});
  });
});

describe('batchFailureOutcome', () => {
  it('retries a rate limit after the time it names, marked as a rate limit (it spends no attempt)', () => {
    const error = new ConnectorError({
      system: 'hubspot',
      operation: 'batchUpsert',
      code: 'rate_limited',
      message: 'HubSpot is rate limiting',
      retryAfterSeconds: 10,
    });
    expect(batchFailureOutcome(error, 'contact')).toEqual({
      kind: 'retry',
      step: 'contact',
      message: 'HubSpot is rate limiting',
      code: 'rate_limited',
      rateLimited: true,
      retryAfterMs: 10_000,
    });
  });

  it('retries an outage as a failed attempt (not a rate limit)', () => {
    const outage = new ConnectorError({
      system: 'hubspot',
      operation: 'batchUpsert',
      code: 'unavailable',
      status: 503,
      message: 'HubSpot is down',
    });
    expect(batchFailureOutcome(outage, 'contact')).toEqual({
      kind: 'retry',
      step: 'contact',
      message: 'HubSpot is down',
      code: 'unavailable',
    });
  });

  it('retries a token the CRM refuses (the account is down until the customer reconnects)', () => {
    const expired = new ConnectorError({
      system: 'hubspot',
      operation: 'batchUpsert',
      code: 'unauthorized',
      status: 401,
      message: 'HubSpot refused the token: reconnect the profile',
    });
    expect(batchFailureOutcome(expired, 'contact')).toEqual({
      kind: 'retry',
      step: 'contact',
      message: 'HubSpot refused the token: reconnect the profile',
      code: 'unauthorized',
    });
  });

  it('fails on a connector error that will not pass later, and retries anything unexpected', () => {
    const refused = new ConnectorError({
      system: 'salesforce',
      operation: 'createRecords',
      code: 'forbidden',
      message: 'Forbidden',
    });
    expect(batchFailureOutcome(refused, 'company')).toEqual({
      kind: 'failed',
      step: 'company',
      message: 'Forbidden',
      code: 'forbidden',
    });
    expect(batchFailureOutcome(new Error('socket hang up'), 'activity')).toEqual({
      kind: 'retry',
      step: 'activity',
      message: 'socket hang up',
      code: 'internal',
    });
  });
});
