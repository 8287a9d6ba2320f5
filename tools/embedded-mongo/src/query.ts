import type { Aggregator, Query } from 'mingo';
import { Aggregator as BaseAggregator } from 'mingo/aggregator';
import type { Options } from 'mingo/types';
import { sortDocuments } from './bson-operators.ts';
import type { Collation } from './collation.ts';
import { CommandError, ErrorCode } from './errors.ts';
import { compileFilter, type EvalOptions, mingoOptions } from './filter.ts';
import type { Candidates, Collection } from './storage/collection.ts';
import { type Document, isPlainObject } from './values.ts';

export { compileFilter, type EvalOptions, MINGO_OPTIONS, mingoOptions } from './filter.ts';

export interface FindSpec {
  filter?: Document | undefined;
  sort?: Document | undefined;
  projection?: Document | undefined;
  skip?: number | undefined;
  limit?: number | undefined;
  collation?: Collation | undefined;
  /** The command's `let` variables, for `$$name` in `$expr`. */
  variables?: Document | undefined;
}

/** What a find did, for explain: the plan and how many documents it read. */
export interface FindTrace {
  candidates?: Candidates;
  /** The sort was done in memory (explain's SORT stage). */
  sortedInMemory?: boolean;
  docsExamined: number;
}

/** The documents a find returns, in order, after sort, skip, limit and projection. */
export function findDocuments(
  collection: Collection | undefined,
  spec: FindSpec,
  trace: FindTrace = { docsExamined: 0 },
): Document[] {
  if (!collection) return [];
  const filter = spec.filter ?? {};
  const skip = Math.max(0, spec.skip ?? 0);
  const limit = spec.limit && spec.limit !== 0 ? Math.abs(spec.limit) : Infinity;
  const evalOptions: EvalOptions = { collation: spec.collation, variables: spec.variables };
  const hasSort = isPlainObject(spec.sort) && Object.keys(spec.sort).length > 0;
  const candidates = collection.candidates(filter, spec.collation, {
    sort: hasSort ? spec.sort : undefined,
    skip,
    limit,
  });
  trace.candidates = candidates;
  const { docs, exact } = candidates;
  const hasProjection = isPlainObject(spec.projection) && Object.keys(spec.projection).length > 0;
  const query =
    exact || Object.keys(filter).length === 0 ? undefined : compileFilter(filter, evalOptions);
  // Candidates already in sort order (an index walk): stop once skip + limit matched.
  const sortInMemory = hasSort && candidates.sorted !== true;
  trace.sortedInMemory = sortInMemory;
  // mingo's cursor sorts with its own comparison: sort here, in BSON order.
  const found = sortInMemory
    ? sortDocuments(
        matchInOrder(docs, query, 0, Infinity, trace),
        spec.sort as Document,
        spec.collation,
      ).slice(skip, limit === Infinity ? undefined : skip + limit)
    : matchInOrder(docs, query, skip, limit, trace);
  if (!hasProjection) return found;
  const projector = compileFilter({}, evalOptions);
  return runMingo(() => projector.find<Document>(found, spec.projection).all()).map(idFirst);
}

/**
 * mingo's projection puts an included `_id` after the other fields; MongoDB returns it first
 * (stored documents always start with `_id`, and projected fields keep the document's order).
 */
export function idFirst(doc: Document): Document {
  if (!Object.hasOwn(doc, '_id') || Object.keys(doc)[0] === '_id') return doc;
  const { _id, ...rest } = doc;
  return { _id, ...rest };
}

/** Scans candidates in natural order, stopping as soon as skip + limit documents matched. */
function matchInOrder(
  docs: Iterable<Document>,
  query: Query | undefined,
  skip: number,
  limit: number,
  trace: FindTrace,
): Document[] {
  const out: Document[] = [];
  let toSkip = skip;
  for (const doc of docs) {
    trace.docsExamined += 1;
    if (query && !runMingo(() => query.test(doc))) continue;
    if (toSkip > 0) {
      toSkip -= 1;
      continue;
    }
    out.push(doc);
    if (out.length >= limit) break;
  }
  return out;
}

/** The first matching document in sort order (update, delete and findAndModify targets). */
export function findFirst(
  collection: Collection,
  filter: Document,
  sort?: Document,
  evalOptions: EvalOptions = {},
): Document | undefined {
  return findDocuments(collection, { filter, sort, limit: 1, ...evalOptions })[0];
}

/** An aggregation pipeline under a collation and `let` variables. */
export function makeAggregator(
  pipeline: Document[],
  evalOptions: EvalOptions,
  extra: Partial<Options>,
): Aggregator {
  const options = { ...mingoOptions(evalOptions), ...extra };
  return new BaseAggregator(pipeline, options) as Aggregator;
}

export function runMingo<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof CommandError) throw error;
    throw new CommandError(ErrorCode.BadValue, (error as Error).message);
  }
}
