import type { BlockListLogsFilter } from '@outsync/contracts/history';
import mongoose, { type Schema } from 'mongoose';
import type { SessionUser } from '../../platform/http/types';
import { blockListLogModel } from './block-list-log.model';
import { blockListQuery } from './block-list-logs.reads';

// Every filter combination History > Block Lists can send is served by an index, by MongoDB's
// rules: an index whose leading fields are all equalities of the query (at least one, when the
// query has any), followed by the list's order (newest first, `_id` for ties). Such an index
// reads a page in order without a blocking sort and counts by its keys. The query shapes are the
// reads' own; the embedded MongoDB's `explain` reports only its own planner's choice, so the rule
// is checked on the declared indexes (as webhook-logs.indexes.test.ts does).

const customer: SessionUser = {
  id: '65f000000000000000000001',
  email: 'ada@customer-a.test',
  role: null,
  isPaidTier: true,
};
const admin: SessionUser = { ...customer, role: 'ADMIN' };

type IndexKey = Record<string, 1 | -1>;

function keysOf(schema: Schema): IndexKey[] {
  return schema.indexes().map(([key]) => key as IndexKey);
}

/**
 * The index that serves an equality query sorted by `order`, or undefined: it leads with
 * equalities of the query only (at least one, when the query has any), then has the order's
 * fields, all the same way or all reversed (an index is walked either way).
 */
function servingIndex(
  indexes: IndexKey[],
  equalities: string[],
  order: IndexKey,
): IndexKey | undefined {
  const sort = Object.entries(order);
  const minLeading = equalities.length > 0 ? 1 : 0;
  return indexes.find((key) => {
    const fields = Object.entries(key);
    const prefix = fields.length - sort.length;
    if (prefix < minLeading) return false;
    const leading = fields.slice(0, prefix).map(([name]) => name);
    const trailing = fields.slice(prefix);
    const same = trailing.every(([name, dir], i) => name === sort[i]?.[0] && dir === sort[i]?.[1]);
    const reversed = trailing.every(
      ([name, dir], i) => name === sort[i]?.[0] && dir === -(sort[i]?.[1] ?? 0),
    );
    return leading.every((name) => equalities.includes(name)) && (same || reversed);
  });
}

const connection = mongoose.createConnection();
afterAll(() => connection.close());

describe('block-list logs', () => {
  const indexes = keysOf(blockListLogModel(connection).schema);
  const filters: Omit<BlockListLogsFilter, 'page'>[] = [
    {},
    { email: 'ann@lead.io' },
    { 'block-list-id': '65f0000000000000000000bb' },
    { email: 'ann@lead.io', 'block-list-id': '65f0000000000000000000bb' },
  ];

  it.each(filters)('%j, for a customer and for staff', (filter) => {
    for (const user of [customer, admin]) {
      const query = blockListQuery(user, { page: 1, ...filter });
      expect(servingIndex(indexes, Object.keys(query), { createdAt: -1, _id: -1 })).toBeDefined();
    }
  });
});
