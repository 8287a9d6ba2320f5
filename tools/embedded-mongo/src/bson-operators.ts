// mingo operators that compare in BSON order (src/bson-order.ts) instead of mingo's own: mingo
// compares Long and Decimal128 as strings and never equal to a JS number. Query comparisons
// keep MongoDB's type bracketing (`{ $gt: 5 }` only matches numbers); sorts, `$min`/`$max`
// and aggregation expressions use the full cross-type order. Each operator also honours
// `options.collation` for strings, so the same context serves collated operations.
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as pipelineOperators from 'mingo/operators/pipeline';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import * as windowOperators from 'mingo/operators/window';
import { Context, evalExpr } from 'mingo/core';
import { Lazy } from 'mingo/lazy';
import { resolve } from 'mingo/util';
import {
  type StringCompare,
  compareValues,
  isNaNValue,
  typeBracket,
  valuesEqual,
} from './bson-order.ts';
import { type Collation, collatorOf } from './collation.ts';
import { type Document, isPlainObject } from './values.ts';

function stringCompareOf(options: unknown): StringCompare | undefined {
  const collation = (options as { collation?: Collation } | undefined)?.collation;
  if (typeof collation?.locale !== 'string') return undefined;
  const collator = collatorOf(collation);
  return (a, b) => collator.compare(a, b);
}

/** The values a field condition looks at: the value, an array's elements, nested to depth. */
function candidates(value: unknown, depth: number): unknown[] {
  if (!Array.isArray(value)) return [value];
  const out: unknown[] = [value, ...value];
  let level: unknown[] = value;
  for (let d = 0; d < depth; d += 1) {
    const next: unknown[] = [];
    for (const item of level) if (Array.isArray(item)) next.push(...(item as unknown[]));
    if (next.length === 0) break;
    out.push(...next);
    level = next;
  }
  return out;
}

function matchesEquality(
  lhs: unknown,
  rhs: unknown,
  depth: number,
  strings?: StringCompare,
): boolean {
  if (rhs === null || rhs === undefined) {
    if (lhs === null || lhs === undefined) return true;
    return Array.isArray(lhs) && lhs.some((item) => item === null || item === undefined);
  }
  if (typeof rhs === 'number' && typeof lhs === 'number')
    return lhs === rhs || (Number.isNaN(lhs) && Number.isNaN(rhs));
  for (const item of candidates(lhs, depth)) if (valuesEqual(item, rhs, strings)) return true;
  return false;
}

function matchesIn(lhs: unknown, list: unknown[], depth: number, strings?: StringCompare): boolean {
  for (const rhs of list) {
    if (rhs instanceof RegExp) {
      if (candidates(lhs, depth).some((item) => typeof item === 'string' && rhs.test(item)))
        return true;
    } else if (matchesEquality(lhs, rhs, depth, strings)) return true;
  }
  return false;
}

function matchesRange(
  lhs: unknown,
  rhs: unknown,
  accept: (order: number) => boolean,
  depth: number,
  strings?: StringCompare,
): boolean {
  // `{ $gte: null }` and `{ $lte: null }` match null and missing, `$gt`/`$lt` nothing.
  if (rhs === null) return accept(0) && matchesEquality(lhs, null, depth);
  const bracket = typeBracket(rhs);
  const rhsNaN = isNaNValue(rhs);
  for (const item of candidates(lhs, depth)) {
    if (typeof item === 'number' && typeof rhs === 'number' && !rhsNaN && !Number.isNaN(item)) {
      if (accept(item < rhs ? -1 : item > rhs ? 1 : 0)) return true;
      continue;
    }
    if (typeBracket(item) !== bracket) continue;
    // NaN only equals NaN: it is neither greater nor less than any number.
    if (bracket === 10 && (rhsNaN || isNaNValue(item))) {
      if (rhsNaN && isNaNValue(item) && accept(0)) return true;
      continue;
    }
    if (accept(compareValues(item, rhs, strings))) return true;
  }
  return false;
}

type QueryOperator = (
  selector: string,
  value: unknown,
  options: unknown,
) => (doc: unknown) => boolean;
type Test = (lhs: unknown, rhs: unknown, depth: number, strings?: StringCompare) => boolean;

function queryOperator(
  builtin: unknown,
  test: Test,
  usesBuiltin: (value: unknown) => boolean,
): QueryOperator {
  const fallback = builtin as QueryOperator;
  return (selector, value, options) => {
    if (usesBuiltin(value)) return fallback(selector, value, options);
    const depth = selector.split('.').length - 1;
    const strings = stringCompareOf(options);
    return (doc) =>
      test(resolve(doc as Document, selector, { unwrapArray: true }), value, depth, strings);
  };
}

// `$eq: /re/` and the like keep mingo's handling.
const isRegex = (value: unknown): boolean => value instanceof RegExp;
const notAList = (value: unknown): boolean => !Array.isArray(value);
const range =
  (accept: (order: number) => boolean): Test =>
  (lhs, rhs, depth, strings) =>
    matchesRange(lhs, rhs, accept, depth, strings);

export const BSON_QUERY_OPERATORS = {
  $eq: queryOperator(queryOperators.$eq, matchesEquality, isRegex),
  $ne: queryOperator(queryOperators.$ne, (l, r, d, s) => !matchesEquality(l, r, d, s), isRegex),
  $in: queryOperator(
    queryOperators.$in,
    (l, r, d, s) => matchesIn(l, r as unknown[], d, s),
    notAList,
  ),
  $nin: queryOperator(
    queryOperators.$nin,
    (l, r, d, s) => !matchesIn(l, r as unknown[], d, s),
    notAList,
  ),
  $gt: queryOperator(
    queryOperators.$gt,
    range((o) => o > 0),
    isRegex,
  ),
  $gte: queryOperator(
    queryOperators.$gte,
    range((o) => o >= 0),
    isRegex,
  ),
  $lt: queryOperator(
    queryOperators.$lt,
    range((o) => o < 0),
    isRegex,
  ),
  $lte: queryOperator(
    queryOperators.$lte,
    range((o) => o <= 0),
    isRegex,
  ),
};

// --- sorting --------------------------------------------------------------------------------

/** Below null: the sort key of an empty array ("considers the empty array as less than null"). */
const EMPTY_ARRAY = Symbol('empty array');

function sortValues(value: unknown, parts: string[], depth: number, out: unknown[]): void {
  if (depth === parts.length) {
    if (Array.isArray(value)) {
      if (value.length === 0) out.push(EMPTY_ARRAY);
      else out.push(...(value as unknown[]));
    } else out.push(value);
    return;
  }
  if (Array.isArray(value)) {
    const part = parts[depth] as string;
    if (/^\d+$/.test(part) && value.length > Number(part)) {
      sortValues(value[Number(part)], parts, depth + 1, out);
      return;
    }
    for (const item of value) sortValues(item, parts, depth, out);
    return;
  }
  if (isPlainObject(value)) sortValues(value[parts[depth] as string], parts, depth + 1, out);
  else out.push(undefined);
}

function compareKeys(a: unknown, b: unknown, strings?: StringCompare): number {
  if (a === EMPTY_ARRAY || b === EMPTY_ARRAY) return a === b ? 0 : a === EMPTY_ARRAY ? -1 : 1;
  return compareValues(a, b, strings);
}

/**
 * The sort key of one field: "an ascending sort compares the smallest elements of the arrays,
 * a descending sort the largest"; missing is null.
 */
function sortKey(
  doc: unknown,
  path: string[],
  direction: number,
  strings?: StringCompare,
): unknown {
  const values: unknown[] = [];
  sortValues(doc, path, 0, values);
  let best = values[0];
  for (let i = 1; i < values.length; i += 1) {
    const order = compareKeys(values[i], best, strings);
    if (direction < 0 ? order > 0 : order < 0) best = values[i];
  }
  return best;
}

/** A stable sort in BSON order (strings under the collation, when there is one). */
export function sortDocuments<T>(docs: T[], spec: Document, collation?: Collation): T[] {
  const strings = collation ? stringCompareOf({ collation }) : undefined;
  const fields = Object.keys(spec).map((field) => ({
    path: field.split('.'),
    direction: Number(spec[field]) < 0 ? -1 : 1,
  }));
  const keyed = docs.map((doc, index) => ({
    doc,
    index,
    keys: fields.map((field) => sortKey(doc, field.path, field.direction, strings)),
  }));
  keyed.sort((a, b) => {
    for (let i = 0; i < fields.length; i += 1) {
      const order = compareKeys(a.keys[i], b.keys[i], strings);
      if (order !== 0) return order * (fields[i] as { direction: number }).direction;
    }
    return a.index - b.index;
  });
  return keyed.map((entry) => entry.doc);
}

interface LazyLike {
  transform(fn: (items: unknown[]) => unknown): unknown;
}

const $sort = (coll: LazyLike, sortKeys: unknown, options: unknown): unknown => {
  if (!isPlainObject(sortKeys) || Object.keys(sortKeys).length === 0)
    throw new Error('$sort specification is invalid');
  const collation = (options as { collation?: Collation }).collation;
  return coll.transform((items) =>
    Lazy(
      sortDocuments(items, sortKeys, typeof collation?.locale === 'string' ? collation : undefined),
    ),
  );
};

// --- accumulators and expressions -----------------------------------------------------------

type Accumulator = (coll: unknown[], expr: unknown, options: unknown) => unknown;
const push = accumulatorOperators.$push as unknown as Accumulator;

/** `$min`/`$max` ignore null and missing values; null when nothing is left. */
function extreme(pick: number): Accumulator {
  return (coll, expr, options) => {
    const strings = stringCompareOf(options);
    let best: unknown = null;
    for (const value of push(coll, expr, options) as unknown[]) {
      if (value === null || value === undefined) continue;
      if (best === null || compareValues(value, best, strings) * pick > 0) best = value;
    }
    return best;
  };
}

type Expression = (obj: unknown, expr: unknown, options: unknown) => unknown;

function comparison(accept: (order: number) => boolean): Expression {
  return (obj, expr, options) => {
    const [a, b] = evalExpr(obj as never, expr as never, options as never) as unknown[];
    return accept(compareValues(a, b, stringCompareOf(options)));
  };
}

const BSON_EXPRESSION_OPERATORS = {
  $cmp: ((obj, expr, options) => {
    const [a, b] = evalExpr(obj as never, expr as never, options as never) as unknown[];
    return Math.sign(compareValues(a, b, stringCompareOf(options)));
  }) as Expression,
  $eq: comparison((o) => o === 0),
  $ne: comparison((o) => o !== 0),
  $gt: comparison((o) => o > 0),
  $gte: comparison((o) => o >= 0),
  $lt: comparison((o) => o < 0),
  $lte: comparison((o) => o <= 0),
};

/** Every mingo operator, with comparisons in BSON order. */
export const BSON_CONTEXT = Context.init({
  accumulator: {
    ...accumulatorOperators,
    $min: extreme(-1),
    $max: extreme(1),
  } as unknown as typeof accumulatorOperators,
  expression: {
    ...expressionOperators,
    ...BSON_EXPRESSION_OPERATORS,
  } as unknown as typeof expressionOperators,
  pipeline: { ...pipelineOperators, $sort } as unknown as typeof pipelineOperators,
  projection: projectionOperators,
  query: { ...queryOperators, ...BSON_QUERY_OPERATORS } as unknown as typeof queryOperators,
  window: windowOperators,
});
