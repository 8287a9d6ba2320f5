import type { BlockListLogsFilter } from '@outsync/contracts/history';
import mongoose from 'mongoose';
import { blockListLogModel } from './block-list-log.model';
import { blockListQuery } from './block-list-logs.reads';
import {
  indexTestAdmin as admin,
  indexTestCustomer as customer,
  keysOf,
  servingIndex,
} from '../../testing/serving-index';

// Every filter combination History > Block Lists can send is served by an index, by MongoDB's
// rules: an index whose leading fields are all equalities of the query (at least one, when the
// query has any), followed by the list's order (newest first, `_id` for ties). Such an index
// reads a page in order without a blocking sort and counts by its keys. The query shapes are the
// reads' own; the embedded MongoDB's `explain` reports only its own planner's choice, so the rule
// is checked on the declared indexes (as webhook-logs.indexes.test.ts does).

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
      const query = blockListQuery(user, filter);
      expect(servingIndex(indexes, Object.keys(query), { createdAt: -1, _id: -1 })).toBeDefined();
    }
  });
});
