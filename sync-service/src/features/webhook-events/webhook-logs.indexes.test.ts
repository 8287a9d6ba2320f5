import type { WebhookLogsFilter } from '@outsync/contracts/history';
import mongoose from 'mongoose';
import { webhookEventModel } from './webhook-event.model';
import { webhookLogsQuery } from './webhook-logs.reads';
import {
  indexTestAdmin as admin,
  indexTestCustomer as customer,
  keysOf,
  servingIndex,
  subsets,
} from '../../testing/serving-index';

// Every filter combination History > Webhook Logs can send is served by an index, by MongoDB's
// rules: an index whose leading fields are all equalities of the query (at least one, when the
// query has any), followed by the list's order (newest first, `_id` for ties). Such an index
// reads a page in order without a blocking sort, counts by its keys, and bounds the 14-day
// chart's range. The query shapes are the reads' own; the embedded MongoDB's `explain` reports
// only its own planner's choice, so the rule is checked on the declared indexes.

const connection = mongoose.createConnection();
afterAll(() => connection.close());

describe('webhook logs', () => {
  const indexes = keysOf(webhookEventModel(connection).schema);
  const order = { receivedAt: -1, _id: -1 } as const;
  // The equality filters; the time range (receivedFrom, receivedTo) is checked below.
  const values: Required<Omit<WebhookLogsFilter, 'page' | 'receivedFrom' | 'receivedTo'>> = {
    email: 'lead@prospect.test',
    eventType: 'EMAIL_OPEN',
    status: 'failed',
    userEmail: 'ada@customer-a.test',
    webhookId: '65f0000000000000000000aa',
    webhookUrl: 'https://hooks.outsync.test/webhooks/x',
    hubId: '5550001',
  };
  const combos = (names: (keyof typeof values)[]) =>
    subsets(names).map((set) => Object.fromEntries(set.map((name) => [name, values[name]])));

  // A customer's logs are a small part of everyone's: their queries are read from an index
  // that leads with the lead's e-mail (a handful of events), or with their id and (when they
  // filter) an event type or status of theirs, since a status can be rare.
  it.each(combos(['email', 'eventType', 'status']))('a customer’s %j', (filter) => {
    const equalities = Object.keys(webhookLogsQuery(customer, filter));
    expect(equalities).toContain('userId');
    const served = equalities.includes('leadEmail')
      ? servingIndex(indexes, equalities, order, { leadingOneOf: ['leadEmail'] })
      : servingIndex(indexes, equalities, order, {
          leadingOneOf: ['userId'],
          minLeading: Math.min(equalities.length, 2),
        });
    expect(served).toBeDefined();
  });

  // Across all customers an event type or a status alone is common: read newest first and
  // tested, it fills a page soon. Every other field leads an index of its own.
  const common = ['eventType', 'status'];
  it.each(combos(Object.keys(values) as (keyof typeof values)[]))('staff’s %j', (filter) => {
    const query = webhookLogsQuery(admin, filter);
    const selective = Object.keys(query).filter((name) => !common.includes(name));
    expect(servingIndex(indexes, selective, order)).toBeDefined();
  });

  // A time range is on the order's first field, which every serving index has right after its
  // equalities: the query is the same one plus a range on receivedAt, served by the same index,
  // which the range bounds (webhook-logs.explain.test.ts shows the plans).
  const from = new Date('2030-03-15T09:00:00.000Z');
  const to = new Date('2030-03-15T12:00:00.000Z');
  it.each([
    ...combos(['email', 'eventType', 'status']).map(
      (filter) => ['a customer', customer, filter] as const,
    ),
    ...combos(Object.keys(values) as (keyof typeof values)[]).map(
      (filter) => ['staff', admin, filter] as const,
    ),
  ])('%s’s %j within a time range', (_, user, filter) => {
    const { receivedAt, ...others } = webhookLogsQuery(user, {
      ...filter,
      receivedFrom: from,
      receivedTo: to,
    });
    expect(others).toEqual(webhookLogsQuery(user, filter));
    expect(receivedAt).toEqual({ $gte: from, $lt: to });
  });

  it('a time range bounded on one side', () => {
    expect(webhookLogsQuery(customer, { receivedFrom: from }).receivedAt).toEqual({ $gte: from });
    expect(webhookLogsQuery(customer, { receivedTo: to }).receivedAt).toEqual({ $lt: to });
    expect(webhookLogsQuery(customer, {})).not.toHaveProperty('receivedAt');
  });

  it('would notice an unserved filter', () => {
    expect(servingIndex(indexes, ['campaignId'], order)).toBeUndefined();
    expect(servingIndex([{ userId: 1, receivedAt: -1 }], ['userId'], order)).toBeUndefined();
    const withoutOwnStatus = indexes.filter((key) => !('userId' in key && 'status' in key));
    expect(
      servingIndex(withoutOwnStatus, ['userId', 'status'], order, {
        leadingOneOf: ['userId'],
        minLeading: 2,
      }),
    ).toBeUndefined();
  });
});

describe('the live view', () => {
  it("reads a watched webhook's changed logs from an index that leads with the webhook, then the update time", () => {
    const indexes = keysOf(webhookEventModel(connection).schema);
    expect(indexes).toContainEqual({ webhookId: 1, updatedAt: 1 });
  });
});
