// The index rule the history reads' index tests check (webhook logs, category base filters,
// block-list logs): by MongoDB's rules, an index serves an equality query sorted by `order` when
// it leads with equalities of the query only, then has the order's fields. The embedded MongoDB's
// `explain` reports only its own planner's choice, so the rule is checked on declared indexes.
import type { Schema } from 'mongoose';
import type { SessionUser } from '../platform/http/types';

export type IndexKey = Record<string, 1 | -1>;

/** A customer and an admin, for the scoped and unscoped shapes of a list query. */
export const indexTestCustomer: SessionUser = {
  id: '65f000000000000000000001',
  email: 'ada@customer-a.test',
  role: null,
  isPaidTier: true,
};
export const indexTestAdmin: SessionUser = { ...indexTestCustomer, role: 'ADMIN' };

/** Every subset of `names`. */
export function subsets<T>(names: readonly T[]): T[][] {
  return names.reduce<T[][]>((sets, name) => [...sets, ...sets.map((set) => [...set, name])], [[]]);
}

export function keysOf(schema: Schema): IndexKey[] {
  return schema.indexes().map(([key]) => key as IndexKey);
}

/**
 * The index that serves an equality query sorted by `order`, or undefined. `leadingOneOf`: the
 * index must lead with one of these fields (the selective ones); `minLeading`: with at least
 * this many of the query's equalities (default: one, when the query has any).
 */
export function servingIndex(
  indexes: IndexKey[],
  equalities: string[],
  order: IndexKey,
  rules: { leadingOneOf?: string[]; minLeading?: number } = {},
): IndexKey | undefined {
  const sort = Object.entries(order);
  const minLeading = rules.minLeading ?? (equalities.length > 0 ? 1 : 0);
  return indexes.find((key) => {
    const fields = Object.entries(key);
    const prefix = fields.length - sort.length;
    if (prefix < minLeading) return false;
    const leading = fields.slice(0, prefix).map(([name]) => name);
    const trailing = fields.slice(prefix);
    // Equal order or all reversed: an index is walked either way.
    const same = trailing.every(([name, dir], i) => name === sort[i]?.[0] && dir === sort[i]?.[1]);
    const reversed = trailing.every(
      ([name, dir], i) => name === sort[i]?.[0] && dir === -(sort[i]?.[1] ?? 0),
    );
    const selective = !rules.leadingOneOf || rules.leadingOneOf.includes(leading[0] ?? '');
    return leading.every((name) => equalities.includes(name)) && selective && (same || reversed);
  });
}
