import { type Collation, collationId, holdsString } from '../collation.ts';
import { CommandError, ErrorCode } from '../errors.ts';
import { type Document, indexKey, isOperatorObject, isPlainObject, bsonTypeOf } from '../values.ts';
import type { JournalSink } from './journal-record.ts';
import { type IndexSpec, type RangeBound, SecondaryIndex } from './secondary-index.ts';
import { isNaNValue, typeBracket } from '../bson-order.ts';

export const ID_INDEX: IndexSpec = { v: 2, key: { _id: 1 }, name: '_id_' };

/** Candidate documents for a filter, and whether they are known to match it exactly. */
export interface Candidates {
  docs: Iterable<Document>;
  exact: boolean;
  /** The index the documents came from (`_id_` or a secondary index), none for a scan. */
  index?: IndexSpec | undefined;
}

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

  constructor(db: string, name: string, options: Document, sink: JournalSink) {
    this.db = db;
    this.name = name;
    this.options = options;
    this.sink = sink;
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
  }

  /** Replaces a stored document by a new version with the same _id. */
  replace(previous: Document, next: Document): void {
    const id = indexKey(previous._id);
    for (const index of this.indexes.values()) index.checkUnique(next, id, this.namespace);
    for (const index of this.indexes.values()) index.remove(previous, id);
    this.docs.set(id, next);
    for (const index of this.indexes.values()) index.add(next, id);
    this.sink({ o: 'put', db: this.db, c: this.name, doc: next });
  }

  remove(doc: Document): void {
    const id = indexKey(doc._id);
    if (!this.docs.delete(id)) return;
    for (const index of this.indexes.values()) index.remove(doc, id);
    this.sink({ o: 'remove', db: this.db, c: this.name, id: doc._id });
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
   * The documents a filter can match: by _id or an equality index when the filter allows,
   * otherwise every document.
   */
  candidates(filter: Document, collation?: Collation): Candidates {
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
        exact:
          collation === undefined &&
          Object.keys(filter).length === 1 &&
          ids.length === 1 &&
          isScalar(ids[0]),
      };
    }
    return (
      this.indexCandidates(filter, collation) ??
      this.rangeCandidates(filter, collation) ?? { docs: this.docs.values(), exact: false }
    );
  }

  /**
   * `$gt`/`$gte`/`$lt`/`$lte` on the field of a single-field index: the documents holding a
   * value in range (of the bound's type bracket), from the index's BSON-ordered keys. The
   * query still tests each of them.
   */
  private rangeCandidates(filter: Document, collation?: Collation): Candidates | undefined {
    for (const index of this.indexes.values()) {
      if (!index.answersRange) continue;
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
      return { docs, index: index.spec, exact: false };
    }
    return undefined;
  }

  private indexCandidates(filter: Document, collation?: Collation): Candidates | undefined {
    let best: { ids: Set<string>; index: SecondaryIndex } | undefined;
    const queryCollation = collationId(collation);
    for (const index of this.indexes.values()) {
      if (!index.answersEquality) continue;
      const perField = index.fields.map((field) => equalityValues(filter, field));
      if (perField.some((values) => values === undefined)) continue;
      // An index answers string equality only under its own collation (as in MongoDB).
      if (
        index.collationId !== queryCollation &&
        perField.some((values) => (values as unknown[]).some(holdsString))
      )
        continue;
      const ids = index.lookup(index.keysFor(perField as unknown[][]));
      if (!best || ids.size < best.ids.size) best = { ids, index };
      if (index.unique) break;
    }
    if (!best) return undefined;
    const docs: Document[] = [];
    for (const id of best.ids) {
      const doc = this.docs.get(id);
      if (doc) docs.push(doc);
    }
    return {
      docs,
      index: best.index.spec,
      exact: collation === undefined && !best.index.collation && isExactLookup(filter, best.index),
    };
  }

  private duplicateIdError(doc: Document): CommandError {
    const id = new SecondaryIndex({ ...ID_INDEX, unique: true });
    return id.duplicateKeyError(doc, this.namespace);
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
