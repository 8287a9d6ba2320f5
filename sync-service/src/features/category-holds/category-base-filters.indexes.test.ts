import type { CategoryBaseFiltersFilter } from '@outsync/contracts/history';
import mongoose from 'mongoose';
import { categoryQuery } from './category-base-filters.reads';
import { categoryHoldModel } from './category-hold.model';
import {
  indexTestAdmin as admin,
  indexTestCustomer as customer,
  keysOf,
  servingIndex,
  subsets,
} from '../../testing/serving-index';

// Every filter combination History > Category Base Filter can send is served by an index, by
// MongoDB's rules: an index whose leading fields are all equalities of the query (at least one,
// when the query has any), followed by the list's order (newest first, `_id` for ties). Such an
// index reads a page in order without a blocking sort and counts by its keys. The query shapes
// are the reads' own; the embedded MongoDB's `explain` reports only its own planner's choice, so
// the rule is checked on the declared indexes (as webhook-logs.indexes.test.ts does).

const connection = mongoose.createConnection();
afterAll(() => connection.close());

describe('category base filter records', () => {
  const indexes = keysOf(categoryHoldModel(connection).schema);
  const values: Required<Omit<CategoryBaseFiltersFilter, 'page'>> = {
    eventType: 'EMAIL_REPLY',
    webhookId: '65f0000000000000000000aa',
    campaignId: '77',
    leadId: '991',
    webhookUrl: 'https://hooks.outsync.test/webhooks/x',
  };
  const combos = subsets(Object.keys(values) as (keyof typeof values)[]).map((set) =>
    Object.fromEntries(set.map((name) => [name, values[name]])),
  );

  it.each(combos)('%j, for a customer and for staff', (filter) => {
    for (const user of [customer, admin]) {
      const query = categoryQuery(user, filter);
      expect(servingIndex(indexes, Object.keys(query), { created_at: -1, _id: -1 })).toBeDefined();
    }
  });
});
