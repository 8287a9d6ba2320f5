import { type Collation, collationId, holdsString } from '../collation.ts';
import { CommandError, ErrorCode } from '../errors.ts';
import { type Document, indexKey, isOperatorObject, isPlainObject, bsonTypeOf } from '../values.ts';
import type { ChangeSink, RewriteKind } from './changes.ts';
import type { JournalSink } from './journal-record.ts';
import {
  type IndexEntry,
  type IndexSpec,
  type RangeBound,
  SecondaryIndex,
} from './secondary-index.ts';
import { compareValues, isNaNValue, typeBracket } from '../bson-order.ts';

export const ID_INDEX: IndexSpec = { v: 2, key: { _id: 1 }, name: '_id_' };

/** Candidate documents for a filter, and whether they are known to match it exactly. */
export interface Candidates {
  docs: Iterable<Document>;
  exact: boolean;
  /** The index the documents came from (`_id_` or a secondary index), none for a scan. */
  index?: IndexSpec | undefined;
  /** The documents come in the order the caller asked for (`OrderRequest.sort`). */
  sorted?: boolean | undefined;
  /** How the index is walked (explain's IXSCAN `direction`). */
  direction?: 'forward' | 'backward' | undefined;
  /** A lookup by `_id` (explain's IDHACK). */
  idLookup?: boolean | undefined;
  /** Index keys read so far (explain's `totalKeysExamined`); grows as `docs` is read. */
  keysExamined?: { count: number } | undefined;
}

/** The order a read wants its documents in, and how many it needs (skip + limit). */
export interface OrderRequest {
  sort?: Document | undefined;
  skip?: number | undefined;
  limit?: number | undefined;
}

interface SortField {
  field: string;
  direction: 1 | -1;
}

/** One way to read candidates, with what the planner compares. */
interface PlanOption extends Candidates {
  /** How many leading index fields the filter pins by equality. */
  prefix: number;
  /** How many index keys (or documents) it reads at most. */
  estimate: number;
  sorted: boolean;
  unique?: boolean;
}

/** Beyond this many `$in` combinations in the prefix, ranges are not merged in sort order. */
const MAX_MERGED_RANGES = 200;
/** Beyond this many `$in` combinations in the prefix, the index is not used. */
const MAX_PREFIX_POINTS = 10_000;

/**
 * Documents of one collection, in insertion order, keyed by the canonical key of their _id,
 * plus the secondary indexes. Documents are never changed in place: an update stores a new
 * object. That keeps cursors and background compaction snapshots consistent for free.
 */
export class Collection {
  readonly db: string;
  readonly name: string;
  options: Document;
  readonly docs = new Map<string, Document>();
  readonly indexes = new Map<string, SecondaryIndex>();
  private readonly sink: JournalSink;
  /** Receives each write for change streams (replica-set mode); a no-op otherwise. */
  private readonly changes: ChangeSink;

  constructor(
    db: string,
    name: string,
    options: Document,
    sink: JournalSink,
    changes: ChangeSink = () => undefined,
  ) {
    this.db = db;
    this.name = name;
    this.options = options;
    this.sink = sink;
    this.changes = changes;
  }

  get namespace(): string {
    return `${this.db}.${this.name}`;
  }

  get size(): number {
    return this.docs.size;
  }

  indexSpecs(): IndexSpec[] {
    return [ID_INDEX, ...[...this.indexes.values()].map((index) => index.spec)];
  }

  insert(doc: Document): void {
    const id = indexKey(doc._id);
    if (this.docs.has(id)) throw this.duplicateIdError(doc);
    for (const index of this.indexes.values()) index.checkUnique(doc, id, this.namespace);
    this.store(id, doc);
    this.sink({ o: 'put', db: this.db, c: this.name, doc });
    this.changes({ op: 'insert', db: this.db, coll: this.name, doc });
  }

  /**
   * Replaces a stored document by a new version with the same _id; `kind` says whether update
   * operators (or a pipeline) made it or a whole replacement (a change stream tells them apart).
   */
  replace(previous: Document, next: Document, kind: RewriteKind = 'update'): void {
    const id = indexKey(previous._id);
    for (const index of this.indexes.values()) index.checkUnique(next, id, this.namespace);
    for (const index of this.indexes.values()) index.remove(previous, id);
    this.docs.set(id, next);
    for (const index of this.indexes.values()) index.add(next, id);
    this.sink({ o: 'put', db: this.db, c: this.name, doc: next });
    this.changes({ op: kind, db: this.db, coll: this.name, previous, doc: next });
  }

  remove(doc: Document): void {
    const id = indexKey(doc._id);
    if (!this.docs.delete(id)) return;
    for (const index of this.indexes.values()) index.remove(doc, id);
    this.sink({ o: 'remove', db: this.db, c: this.name, id: doc._id });
    this.changes({ op: 'delete', db: this.db, coll: this.name, doc });
  }

  /** Replay path: put by _id without uniqueness checks or journaling. */
  restore(doc: Document): void {
    const id = indexKey(doc._id);
    const previous = this.docs.get(id);
    if (previous) for (const index of this.indexes.values()) index.remove(previous, id);
    this.store(id, doc);
  }

  restoreRemoval(idValue: unknown): void {
    const id = indexKey(idValue);
    const previous = this.docs.get(id);
    if (!previous) return;
    this.docs.delete(id);
    for (const index of this.indexes.values()) index.remove(previous, id);
  }

  private store(id: string, doc: Document): void {
    this.docs.set(id, doc);
    for (const index of this.indexes.values()) index.add(doc, id);
  }

  /** Builds an index; an existing one with the same name and key is left as it is. */
  createIndex(spec: IndexSpec, journal = true): 'created' | 'exists' {
    const existing = this.findIndexConflict(spec);
    if (existing === 'same') return 'exists';
    const index = new SecondaryIndex(spec);
    for (const [id, doc] of this.docs) {
      if (journal) index.checkUnique(doc, id, this.namespace);
      index.add(doc, id);
    }
    this.indexes.set(spec.name, index);
    if (journal) this.sink({ o: 'index', db: this.db, c: this.name, spec });
    return 'created';
  }

  private findIndexConflict(spec: IndexSpec): 'same' | undefined {
    if (spec.name === ID_INDEX.name) return 'same';
    const sameKey = (other: IndexSpec): boolean => indexKey(other.key) === indexKey(spec.key);
    const byName = this.indexes.get(spec.name);
    if (byName) {
      if (!sameKey(byName.spec))
        throw new CommandError(
          ErrorCode.IndexKeySpecsConflict,
          `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(byName.spec)}`,
        );
      if (indexKey(optionsOf(byName.spec)) !== indexKey(optionsOf(spec)))
        throw new CommandError(
          ErrorCode.IndexOptionsConflict,
          `An equivalent index already exists with the same name but different options. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(byName.spec)}`,
        );
      return 'same';
    }
    for (const other of this.indexes.values()) {
      const sameFilter =
        indexKey(other.spec.partialFilterExpression) === indexKey(spec.partialFilterExpression);
      if (sameKey(other.spec) && sameFilter)
        throw new CommandError(
          ErrorCode.IndexOptionsConflict,
          `An existing index has the same name as the requested index or an equivalent index already exists with a different name and options. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(other.spec)}`,
        );
    }
    return undefined;
  }

  dropIndex(name: string, journal = true): void {
    if (!this.indexes.delete(name)) return;
    if (journal) this.sink({ o: 'dropIndex', db: this.db, c: this.name, name });
  }

  /** Re-records an index whose options changed (collMod). */
  updateIndexSpec(spec: IndexSpec): void {
    const index = this.indexes.get(spec.name);
    if (!index) return;
    for (const option of Object.keys(index.spec)) if (!(option in spec)) delete index.spec[option];
    Object.assign(index.spec, spec);
    this.sink({ o: 'index', db: this.db, c: this.name, spec: index.spec });
  }

  /**
   * The documents a filter can match: by _id, else from the index the planner picks (below),
   * else every document. With `order.sort`, the candidates may come already in that order
   * (`sorted`), so the caller can stop after skip + limit matches instead of sorting.
   */
  candidates(filter: Document, collation?: Collation, order: OrderRequest = {}): Candidates {
    const ids = equalityValues(filter, '_id');
    // The _id map is keyed by binary values: a collated string lookup must scan.
    if (ids && !(collation && ids.some(holdsString))) {
      const docs: Document[] = [];
      for (const key of new Set(ids.map(indexKey))) {
        const doc = this.docs.get(key);
        if (doc) docs.push(doc);
      }
      return {
        docs,
        index: ID_INDEX,
        idLookup: true,
        keysExamined: { count: docs.length },
        exact:
          collation === undefined &&
          Object.keys(filter).length === 1 &&
          ids.length === 1 &&
          isScalar(ids[0]),
      };
    }
    return this.plan(filter, collation, order) ?? { docs: this.docs.values(), exact: false };
  }

  /**
   * MongoDB's planner, within reason: every index whose leading fields the filter pins by
   * equality (a prefix of any length), every index whose fields after that prefix give the
   * requested sort (also with no prefix at all), and a range on a single-field index are
   * costed by the number of keys they would read; the cheapest wins, a collection scan when
   * none is cheaper. An index-ordered read with a limit is costed by how far it must read
   * until skip + limit documents matched (assuming matches spread evenly).
   */
  private plan(filter: Document, collation: Collation | undefined, order: OrderRequest) {
    const sort = sortFieldsOf(order.sort);
    const wanted =
      order.limit !== undefined && Number.isFinite(order.limit)
        ? (order.skip ?? 0) + order.limit
        : Infinity;
    const options: PlanOption[] = [];
    // Indexes already read in order first: their key counts serve the others' estimates.
    const estimates = new Map<string, number>();
    const indexes = [...this.indexes.values()];
    for (const built of [true, false])
      for (const index of indexes) {
        if (index.hasOrderedEntries !== built) continue;
        const option = this.indexOption(index, filter, collation, sort, estimates);
        if (option) options.push(option);
      }
    // A range is looked up only when no equality prefix helps (its id set is built up front).
    const range = options.some((option) => option.prefix > 0)
      ? undefined
      : this.rangeCandidates(filter, collation);
    if (range) options.push({ ...range, prefix: 1, estimate: range.docs.length, sorted: false });
    if (options.length === 0) return undefined;
    const fewest = Math.min(this.size, ...options.map((option) => option.estimate));
    // Sorting in memory costs a little more than reading in order.
    const sortFactor = sort && sort.length > 0 ? 1.2 : 1;
    const cost = (option: PlanOption): number =>
      option.sorted
        ? Math.min(option.estimate, Math.ceil((wanted * option.estimate) / Math.max(1, fewest)))
        : option.estimate * sortFactor;
    let best: PlanOption | undefined;
    let bestCost = this.size * sortFactor;
    for (const option of options) {
      const optionCost = cost(option);
      if (
        best === undefined
          ? optionCost <= bestCost
          : optionCost < bestCost || (optionCost === bestCost && preferred(option, best) < 0)
      ) {
        best = option;
        bestCost = optionCost;
      }
    }
    return best;
  }

  /** What reading one index would give for the filter and sort, or undefined when unusable. */
  private indexOption(
    index: SecondaryIndex,
    filter: Document,
    collation: Collation | undefined,
    sort: SortField[] | undefined,
    estimates: Map<string, number>,
  ): PlanOption | undefined {
    // A partial index may lack matching documents; special keys (text, 2dsphere) are metadata;
    // a hidden index is not visible to the planner (as in MongoDB).
    if (index.isPartial || !index.isOrderable || index.spec.hidden === true) return undefined;
    const queryCollation = collationId(collation);
    const perField: unknown[][] = [];
    for (const field of index.fields) {
      const values = equalityValues(filter, field);
      if (!values) break;
      // An index answers string equality only under its own collation (as in MongoDB).
      if (index.collationId !== queryCollation && values.some(holdsString)) break;
      perField.push(values);
    }
    const prefix = perField.length;
    // A sparse index lacks documents missing all its fields: usable only when the filter
    // requires one of them to hold a non-null value.
    if (
      index.isSparse &&
      !perField.some((values) => values.every((value) => value !== null && value !== undefined))
    )
      return undefined;
    const direction = this.sortDirection(index, perField, collation, sort);
    if (prefix === 0 && direction === undefined) return undefined;
    if (prefix === index.fields.length && (direction === undefined || !sort?.length)) {
      const ids = index.lookup(index.keysFor(perField));
      const docs: Document[] = [];
      for (const id of ids) {
        const doc = this.docs.get(id);
        if (doc) docs.push(doc);
      }
      return {
        docs,
        index: index.spec,
        prefix,
        estimate: docs.length,
        sorted: false,
        unique: index.unique,
        keysExamined: { count: docs.length },
        exact: collation === undefined && !index.collation && isExactLookup(filter, index),
      };
    }
    const points = prefixPoints(index, perField);
    if (points === undefined) return undefined;
    const sorted = direction !== undefined && points.length <= MAX_MERGED_RANGES;
    if (prefix === 0 && !sorted) return undefined;
    // The estimate needs the index's ordered keys; they are built on first use, so an index no
    // query has read yet borrows the count of a built index with the same leading fields (the
    // same keys in range), or, with no equality at all, counts every document.
    const signature = `${index.fields.slice(0, prefix).join('\u0000')}\u0001${indexKey(points)}`;
    let estimate = prefix === 0 ? this.size : estimates.get(signature);
    if (estimate === undefined || index.hasOrderedEntries) {
      const entries = index.orderedEntries(this.docs);
      estimate = 0;
      for (const point of points) {
        const range = index.prefixRange(entries, point);
        estimate += entries.countBetween(range.from, range.to);
      }
      if (prefix > 0) estimates.set(signature, estimate);
    }
    const keysExamined = { count: 0 };
    const backward = direction === 'backward';
    return {
      docs: this.readRanges(index, points, prefix, sorted, backward, keysExamined),
      index: index.spec,
      prefix,
      estimate,
      sorted,
      direction: backward ? 'backward' : 'forward',
      unique: index.unique,
      keysExamined,
      exact: collation === undefined && isExactPrefix(filter, index, prefix),
    };
  }

  /**
   * Whether the index gives the sort: its fields after the equality prefix (leaving out sort
   * fields the filter pins to one value) are the sort's fields, in the same directions
   * (forward) or all reversed (backward). Not when a sort field is multikey (an array sorts by
   * its smallest or largest element, the index holds each) or strings compare under a collation
   * (folded index keys are not in the collator's order).
   */
  private sortDirection(
    index: SecondaryIndex,
    perField: unknown[][],
    collation: Collation | undefined,
    sort: SortField[] | undefined,
  ): 'forward' | 'backward' | undefined {
    if (!sort || sort.length === 0 || collation || index.collation) return undefined;
    const prefix = perField.length;
    const pinned = new Set(
      index.fields
        .slice(0, prefix)
        .filter((field, i) => perField[i]?.length === 1 && !index.multikeyFields.has(field)),
    );
    const rest = sort.filter((field) => !pinned.has(field.field));
    const trailing = index.fields.slice(prefix);
    if (rest.length > trailing.length) return undefined;
    let same = 0;
    for (let i = 0; i < rest.length; i += 1) {
      const wanted = rest[i] as SortField;
      if (wanted.field !== trailing[i] || index.multikeyFields.has(wanted.field)) return undefined;
      if (wanted.direction === index.directions[prefix + i]) same += 1;
    }
    if (same === rest.length) return 'forward';
    return same === 0 ? 'backward' : undefined;
  }

  /**
   * The documents of the index ranges, in index order (or reversed). Several ranges (an `$in`
   * in the prefix) are merged by the remaining fields when the order matters. A multikey index
   * may hold a document more than once: it is returned once.
   */
  private *readRanges(
    index: SecondaryIndex,
    points: unknown[][],
    prefix: number,
    sorted: boolean,
    backward: boolean,
    keysExamined: { count: number },
  ): Generator<Document> {
    const seen = index.multikeyFields.size > 0 ? new Set<string>() : undefined;
    const entries = index.orderedEntries(this.docs);
    const streams = points.map((point) => {
      const range = index.prefixRange(entries, point);
      return entries.between(range.from, range.to, backward);
    });
    const merged =
      sorted && streams.length > 1 ? mergeStreams(index, streams, prefix, backward) : undefined;
    const all =
      merged ??
      (function* () {
        for (const stream of streams) yield* stream;
      })();
    for (const entry of all) {
      keysExamined.count += 1;
      if (seen) {
        if (seen.has(entry.id)) continue;
        seen.add(entry.id);
      }
      const doc = this.docs.get(entry.id);
      if (doc) yield doc;
    }
  }

  /**
   * `$gt`/`$gte`/`$lt`/`$lte` on the field of a single-field index: the documents holding a
   * value in range (of the bound's type bracket), from the index's BSON-ordered keys. The
   * query still tests each of them.
   */
  private rangeCandidates(
    filter: Document,
    collation?: Collation,
  ): (Candidates & { docs: Document[] }) | undefined {
    for (const index of this.indexes.values()) {
      if (!index.answersRange || index.spec.hidden === true) continue;
      const bounds = rangeBounds(filter, index.fields[0] as string);
      if (!bounds) continue;
      const values = [bounds.lower?.value, bounds.upper?.value].filter((v) => v !== undefined);
      if (collation && values.some(holdsString)) continue;
      const ids = index.rangeLookup(bounds.lower, bounds.upper);
      const docs: Document[] = [];
      for (const id of ids) {
        const doc = this.docs.get(id);
        if (doc) docs.push(doc);
      }
      return { docs, index: index.spec, exact: false, keysExamined: { count: ids.size } };
    }
    return undefined;
  }

  private duplicateIdError(doc: Document): CommandError {
    const id = new SecondaryIndex({ ...ID_INDEX, unique: true });
    return id.duplicateKeyError(doc, this.namespace);
  }
}

/** Ties between equally cheap plans: an ordered read, then more equality fields, then unique. */
function preferred(a: PlanOption, b: PlanOption): number {
  if (a.sorted !== b.sorted) return a.sorted ? -1 : 1;
  if (a.prefix !== b.prefix) return b.prefix - a.prefix;
  if (a.unique !== b.unique) return a.unique ? -1 : 1;
  return 0;
}

/** The fields and directions of a sort, or undefined when it is not a plain one (`$meta`). */
function sortFieldsOf(sort: Document | undefined): SortField[] | undefined {
  if (!sort || !isPlainObject(sort)) return undefined;
  const fields: SortField[] = [];
  for (const [field, direction] of Object.entries(sort)) {
    if (direction !== 1 && direction !== -1) return undefined;
    fields.push({ field, direction });
  }
  return fields;
}

/**
 * Every combination of the prefix's equality values, as the index holds them (folded under
 * its collation, duplicates dropped); undefined when there are too many.
 */
function prefixPoints(index: SecondaryIndex, perField: unknown[][]): unknown[][] | undefined {
  let points: unknown[][] = [[]];
  for (const values of perField) {
    const byKey = new Map<string, unknown>();
    for (const value of values) {
      const folded = index.foldForIndex(value);
      byKey.set(indexKey(folded), folded);
    }
    const next: unknown[][] = [];
    for (const point of points) for (const value of byKey.values()) next.push([...point, value]);
    if (next.length > MAX_PREFIX_POINTS) return undefined;
    points = next;
  }
  return points;
}

/**
 * Entries of several prefix ranges in one stream ordered by the fields after the prefix (then
 * the document id), as mongod's SORT_MERGE does for an `$in` before the sort fields.
 */
function* mergeStreams(
  index: SecondaryIndex,
  streams: Generator<IndexEntry>[],
  prefix: number,
  backward: boolean,
): Generator<IndexEntry> {
  const compare = (a: IndexEntry, b: IndexEntry): number => {
    for (let i = prefix; i < index.directions.length; i += 1) {
      const order = compareValues(a.values[i], b.values[i]);
      if (order !== 0) return order * (index.directions[i] as number);
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
  const heads: (IndexEntry | undefined)[] = streams.map((stream) => stream.next().value);
  for (;;) {
    let pick = -1;
    for (let i = 0; i < heads.length; i += 1) {
      const head = heads[i];
      if (head === undefined) continue;
      const order = pick < 0 ? -1 : compare(head, heads[pick] as IndexEntry);
      if (backward ? order > 0 || pick < 0 : order < 0) pick = i;
    }
    if (pick < 0) return;
    yield heads[pick] as IndexEntry;
    heads[pick] = (streams[pick] as Generator<IndexEntry>).next().value;
  }
}

/**
 * The range a filter puts on a field (`{ f: { $gt: a, $lte: b } }`, also inside a top-level
 * `$and`), when its bounds are plain values of one type bracket (not null, NaN, arrays,
 * regular expressions, MinKey or MaxKey).
 */
export function rangeBounds(
  filter: Document,
  field: string,
): { lower?: RangeBound; upper?: RangeBound } | undefined {
  const condition = filter[field];
  if (isOperatorObject(condition)) {
    let lower: RangeBound | undefined;
    let upper: RangeBound | undefined;
    for (const [op, value] of Object.entries(condition)) {
      if (op === '$gt' || op === '$gte') {
        if (!isRangeValue(value)) return undefined;
        lower = { value, inclusive: op === '$gte' };
      } else if (op === '$lt' || op === '$lte') {
        if (!isRangeValue(value)) return undefined;
        upper = { value, inclusive: op === '$lte' };
      }
    }
    if (lower && upper && typeBracket(lower.value) !== typeBracket(upper.value)) return undefined;
    if (lower || upper) return { ...(lower ? { lower } : {}), ...(upper ? { upper } : {}) };
  }
  const clauses = filter.$and;
  if (Array.isArray(clauses))
    for (const clause of clauses) {
      if (!isPlainObject(clause)) continue;
      const bounds = rangeBounds(clause, field);
      if (bounds) return bounds;
    }
  return undefined;
}

function isRangeValue(value: unknown): boolean {
  if (value === null || value === undefined || value instanceof RegExp || Array.isArray(value))
    return false;
  if (isNaNValue(value)) return false;
  const bracket = typeBracket(value);
  return bracket !== -1 && bracket !== 100 && bracket !== 5;
}

function optionsOf(spec: IndexSpec): Document {
  const { unique, sparse, partialFilterExpression, expireAfterSeconds } = spec;
  return {
    unique: unique === true,
    sparse: sparse === true,
    partialFilterExpression,
    expireAfterSeconds,
  };
}

/**
 * True when the index hit set is exactly the filter's answer, so no query test is needed:
 * a single-field filter `{ f: v }` with v a non-null scalar. The multikey index holds every
 * value reachable at f (array elements included), which is what MongoDB's equality matches;
 * null is left out because it also matches missing fields.
 */
function isExactLookup(filter: Document, index: SecondaryIndex): boolean {
  const [field, ...others] = Object.keys(filter);
  if (
    field === undefined ||
    others.length > 0 ||
    index.fields.length !== 1 ||
    field !== index.fields[0]
  )
    return false;
  const value = filter[field];
  return value !== null && value !== undefined && isScalar(value);
}

/**
 * True when the keys in an ordered prefix range are exactly the filter's matches, so no query
 * test is needed (a count then only counts): every filter field is an equality (`v`, `$eq`,
 * `$in`) on a prefix field with non-null scalar values, no field of the index ever held an
 * array (one key per document, and `$eq` on an array would also match its elements) and no
 * collation is involved (folded keys only approximate one).
 */
function isExactPrefix(filter: Document, index: SecondaryIndex, prefix: number): boolean {
  if (index.collation || index.multikeyFields.size > 0) return false;
  const prefixFields = index.fields.slice(0, prefix);
  return Object.keys(filter).every((field) => {
    if (!prefixFields.includes(field)) return false;
    const condition = filter[field];
    if (isOperatorObject(condition)) {
      const [operator, ...others] = Object.keys(condition);
      if (others.length > 0 || (operator !== '$eq' && operator !== '$in')) return false;
    }
    const values = equalityValues({ [field]: filter[field] }, field);
    return (
      values !== undefined && values.every((v) => v !== null && v !== undefined && isScalar(v))
    );
  });
}

function isScalar(value: unknown): boolean {
  if (value instanceof RegExp || Array.isArray(value)) return false;
  return !isPlainObject(value) || bsonTypeOf(value) !== undefined;
}

/**
 * The values a filter requires a field to equal (`{ f: v }`, `{ f: { $eq: v } }`,
 * `{ f: { $in: [...] } }`, also inside a top-level `$and`), or undefined when the filter does
 * not pin the field to a finite set of values.
 */
export function equalityValues(filter: Document, field: string): unknown[] | undefined {
  if (Object.hasOwn(filter, field)) {
    const values = valuesOfCondition(filter[field]);
    if (values) return values;
  }
  const clauses = filter.$and;
  if (Array.isArray(clauses)) {
    for (const clause of clauses) {
      if (!isPlainObject(clause)) continue;
      const values = equalityValues(clause, field);
      if (values) return values;
    }
  }
  return undefined;
}

function valuesOfCondition(condition: unknown): unknown[] | undefined {
  if (condition instanceof RegExp) return undefined;
  if (!isOperatorObject(condition)) return [condition];
  if (Object.hasOwn(condition, '$eq')) {
    const value = condition.$eq;
    return value instanceof RegExp ? undefined : [value];
  }
  const list = condition.$in;
  if (
    Array.isArray(list) &&
    !list.some((value) => value instanceof RegExp || isOperatorObject(value))
  )
    return list;
  return undefined;
}
