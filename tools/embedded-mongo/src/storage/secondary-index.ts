import type { Query } from 'mingo';
import { compileFilter } from '../filter.ts';
import { compareValues, typeBracket } from '../bson-order.ts';
import { type Collation, collationId, foldValue, parseCollation } from '../collation.ts';
import { CommandError, ErrorCode } from '../errors.ts';
import {
  ARRAY_REACHED,
  type Document,
  formatValue,
  indexKey,
  isPlainObject,
  pathValuesAt,
  plainPathValue,
} from '../values.ts';
import { OrderedEntries, type Position } from './ordered-entries.ts';

/** An index as listIndexes reports it and createIndexes accepts it. */
export interface IndexSpec {
  v: number;
  key: Record<string, number | string>;
  name: string;
  unique?: boolean;
  sparse?: boolean;
  partialFilterExpression?: Document;
  expireAfterSeconds?: number;
  [option: string]: unknown;
}

/** The default index name MongoDB derives from a key pattern: `{ a: 1, b: -1 }` → `a_1_b_-1`. */
export function defaultIndexName(key: Record<string, unknown>): string {
  return Object.entries(key)
    .map(([field, direction]) => `${field}_${String(direction)}`)
    .join('_');
}

/** One end of a range: the value, and whether it is included. */
export interface RangeBound {
  value: unknown;
  inclusive: boolean;
}

/**
 * One key of an index in its ordered form: the value per field (strings folded under the
 * index's collation, a missing field as undefined, which BSON order holds equal to null) and
 * the document's id key, which orders equal keys (as mongod orders them by record id).
 */
export interface IndexEntry {
  values: unknown[];
  id: string;
}

/**
 * A document's keys in an index, whether an indexed path met an array, and (when none did and
 * the document is indexed) its one value per field.
 */
interface IndexedKeys {
  keys: string[];
  arrays: boolean;
  plain?: unknown[];
}

/** Upper bound on index keys one document may produce (multikey × compound). */
const MAX_KEYS_PER_DOCUMENT = 10_000;

/**
 * A secondary index: a hash map from the canonical key of the indexed values to the ids of the
 * documents holding them, for full-key equality lookups and uniqueness; plus, once a read
 * needs them, its keys in index order (`orderedEntries`) for equality on a leading prefix and
 * index-ordered reads, and for a single-field index its values in BSON order for ranges.
 */
export class SecondaryIndex {
  readonly spec: IndexSpec;
  readonly fields: string[];
  /** Each field's path split at its dots, once (every write walks them). */
  private readonly paths: string[][];
  private readonly partial: Query | undefined;
  /** The index's collation: its keys hold strings folded under it (undefined = binary). */
  readonly collation: Collation | undefined;
  readonly collationId: string;
  /** index key → one document id key, or a set of them. */
  private readonly entries = new Map<string, string | Set<string>>();
  /** Single-field, binary-collation indexes: index key → the value it stands for. */
  private readonly values: Map<string, unknown> | undefined;
  /** The keys in BSON order, rebuilt on the first range lookup after a key came or went. */
  private ordered: { key: string; value: unknown }[] | undefined;
  /** Some document held several values (an array): bounds may then be met by different ones. */
  private multikey = false;
  /** 1 or -1 per field (only meaningful when every direction is a number). */
  readonly directions: number[];
  /** The fields where some document held an array (mongod's path-level multikey info). */
  readonly multikeyFields = new Set<string>();
  /** Every key in index order: built on the first prefix or ordered read, then maintained. */
  private sorted: OrderedEntries<IndexEntry> | undefined;

  constructor(spec: IndexSpec) {
    this.spec = spec;
    this.fields = Object.keys(spec.key);
    this.paths = this.fields.map((field) => field.split('.'));
    this.directions = this.fields.map((field) => (Number(spec.key[field]) < 0 ? -1 : 1));
    this.partial = spec.partialFilterExpression
      ? compileFilter(spec.partialFilterExpression)
      : undefined;
    this.collation = parseCollation(spec.collation);
    this.collationId = collationId(this.collation);
    this.values =
      this.fields.length === 1 && !this.collation && !this.partial && spec.sparse !== true
        ? new Map()
        : undefined;
  }

  /** Can a range on the field be answered from this index (single field, plain values)? */
  get answersRange(): boolean {
    return this.values !== undefined && this.isHashable;
  }

  /**
   * The ids of documents holding a value of the bound's type bracket within the bounds (a
   * superset of a range query's matches: the caller still tests each document). Bounds must be
   * of one type bracket; binary search over the keys in BSON order.
   */
  rangeLookup(lower?: RangeBound, given?: RangeBound): Set<string> {
    // On arrays, `{ $gte: 5, $lt: 7 }` matches [1, 7, 20]: one element meets each bound, so a
    // multikey index narrows by one bound only.
    const upper = this.multikey && lower ? undefined : given;
    const ordered = this.orderedKeys();
    const bracket = typeBracket((lower ?? upper)?.value);
    const ids = new Set<string>();
    // First position at or after the lower bound (or the bracket's start).
    let lo = 0;
    let hi = ordered.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const entry = ordered[mid] as { value: unknown };
      const below = lower
        ? compareValues(entry.value, lower.value) < (lower.inclusive ? 0 : 1)
        : typeBracket(entry.value) < bracket;
      if (below) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < ordered.length; i += 1) {
      const entry = ordered[i] as { key: string; value: unknown };
      if (typeBracket(entry.value) !== bracket) break;
      if (upper) {
        const order = compareValues(entry.value, upper.value);
        if (order > 0 || (order === 0 && !upper.inclusive)) break;
      }
      const hit = this.entries.get(entry.key);
      if (typeof hit === 'string') ids.add(hit);
      else if (hit) for (const id of hit) ids.add(id);
    }
    return ids;
  }

  private orderedKeys(): { key: string; value: unknown }[] {
    if (!this.ordered) {
      const list = [...(this.values ?? new Map<string, unknown>())].map(([key, value]) => ({
        key,
        value,
      }));
      list.sort((a, b) => compareValues(a.value, b.value));
      this.ordered = list;
    }
    return this.ordered;
  }

  private keyOf = (value: unknown): string =>
    indexKey(this.collation ? foldValue(this.collation, value) : value);

  get unique(): boolean {
    return this.spec.unique === true;
  }

  /** Index order of two entries: field by field in BSON order and direction, then the id. */
  readonly compareEntries = (a: IndexEntry, b: IndexEntry): number => {
    for (let i = 0; i < this.directions.length; i += 1) {
      const order = compareValues(a.values[i], b.values[i]);
      if (order !== 0) return order * (this.directions[i] as number);
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };

  /** Is this index sparse, partial, or over other than ascending/descending keys? */
  get isSparse(): boolean {
    return this.spec.sparse === true;
  }

  get isPartial(): boolean {
    return this.partial !== undefined;
  }

  /** Ascending/descending keys only (text, 2dsphere and hashed keys are metadata here). */
  get isOrderable(): boolean {
    return this.isHashable;
  }

  /** Have the ordered keys been built (a prefix or ordered read used this index)? */
  get hasOrderedEntries(): boolean {
    return this.sorted !== undefined;
  }

  /**
   * The index's keys in index order, built from the collection's documents on first use and
   * then kept up to date by add and remove.
   */
  orderedEntries(docs: Map<string, Document>): OrderedEntries<IndexEntry> {
    if (!this.sorted) {
      const all: IndexEntry[] = [];
      for (const [id, doc] of docs) for (const entry of this.entriesOf(doc, id)) all.push(entry);
      all.sort(this.compareEntries);
      this.sorted = new OrderedEntries(this.compareEntries, all);
    }
    return this.sorted;
  }

  /** The range of entries whose leading fields equal `prefix` (values already folded). */
  prefixRange(
    entries: OrderedEntries<IndexEntry>,
    prefix: unknown[],
  ): { from: Position; to: Position } {
    const comparePrefix = (entry: IndexEntry): number => {
      for (let i = 0; i < prefix.length; i += 1) {
        const order = compareValues(entry.values[i], prefix[i]);
        if (order !== 0) return order * (this.directions[i] as number);
      }
      return 0;
    };
    return {
      from: entries.firstWhere((entry) => comparePrefix(entry) >= 0),
      to: entries.firstWhere((entry) => comparePrefix(entry) > 0),
    };
  }

  /** A query value as the index holds it (folded under the index's collation). */
  foldForIndex(value: unknown): unknown {
    return this.collation ? foldValue(this.collation, value) : value;
  }

  /** The ordered entries of one document (one per combination of its values, like keysOf). */
  private entriesOf(doc: Document, id: string): IndexEntry[] {
    if (this.partial && !this.partial.test(doc)) return [];
    const plain = this.plainValues(doc);
    if (plain) {
      if (this.spec.sparse && plain.every((value) => value === undefined)) return [];
      return [this.plainEntry(plain, id)];
    }
    const perField = this.paths.map((parts) => pathValuesAt(doc, parts));
    if (this.spec.sparse && perField.every((values) => values.every((v) => v === undefined)))
      return [];
    let combos: unknown[][] = [[]];
    for (const values of perField) {
      if (values.length === 1) {
        const folded = this.foldForIndex(values[0]);
        for (const combo of combos) combo.push(folded);
        continue;
      }
      const byKey = new Map<string, unknown>();
      for (const value of values) {
        const folded = this.foldForIndex(value);
        const key = indexKey(folded);
        if (!byKey.has(key)) byKey.set(key, folded);
      }
      const next: unknown[][] = [];
      for (const combo of combos) for (const value of byKey.values()) next.push([...combo, value]);
      combos = next;
    }
    return combos.map((values) => ({ values, id }));
  }

  private get isHashable(): boolean {
    return Object.values(this.spec.key).every((direction) => typeof direction === 'number');
  }

  /** The one ordered entry of a document whose indexed paths meet no array. */
  private plainEntry(plain: unknown[], id: string): IndexEntry {
    return { values: this.collation ? plain.map((v) => this.foldForIndex(v)) : plain, id };
  }

  /** The ordered entries of a document whose keys `keysAndArrays` gave, without a second walk. */
  private entriesFor(doc: Document, id: string, indexed: IndexedKeys): IndexEntry[] {
    if (indexed.keys.length === 0) return [];
    return indexed.plain ? [this.plainEntry(indexed.plain, id)] : this.entriesOf(doc, id);
  }

  /** The index keys of a document, or none when sparse or partial rules leave it out. */
  keysOf(doc: Document): string[] {
    return this.keysAndArrays(doc).keys;
  }

  /**
   * The document's index keys, and whether an indexed path met an array. Without arrays each
   * field has one value and the document one key (the usual write, done without sets and
   * products); with them, one key per combination of distinct values.
   */
  private keysAndArrays(doc: Document): IndexedKeys {
    if (this.partial && !this.partial.test(doc)) return { keys: [], arrays: false };
    const plain = this.plainValues(doc);
    if (plain) {
      if (this.spec.sparse && plain.every((value) => value === undefined))
        return { keys: [], arrays: false };
      let key = this.keyOf(plain[0]);
      for (let i = 1; i < plain.length; i += 1) key += `\u0000${this.keyOf(plain[i])}`;
      return { keys: [key], arrays: false, plain };
    }
    const perField = this.paths.map((parts) => pathValuesAt(doc, parts));
    if (this.spec.sparse && perField.every((values) => values.every((v) => v === undefined)))
      return { keys: [], arrays: true };
    return {
      keys: combine(perField.map((values) => unique(values.map(this.keyOf)))),
      arrays: true,
    };
  }

  /** One value per field when no indexed path meets an array; undefined when one does. */
  private plainValues(doc: Document): unknown[] | undefined {
    const values: unknown[] = [];
    for (const parts of this.paths) {
      const value = plainPathValue(doc, parts);
      if (value === ARRAY_REACHED) return undefined;
      values.push(value);
    }
    return values;
  }

  /** Keys for query values, one list of candidate values per field. */
  keysFor(valuesPerField: unknown[][]): string[] {
    return combine(valuesPerField.map((values) => unique(values.map(this.keyOf))));
  }

  lookup(keys: string[]): Set<string> {
    const ids = new Set<string>();
    for (const key of keys) {
      const hit = this.entries.get(key);
      if (typeof hit === 'string') ids.add(hit);
      else if (hit) for (const id of hit) ids.add(id);
    }
    return ids;
  }

  /** Throws MongoDB's duplicate key error when another document already holds a key. */
  checkUnique(doc: Document, idKey: string, namespace: string): void {
    if (!this.unique) return;
    for (const key of this.keysOf(doc)) {
      const hit = this.entries.get(key);
      const taken = typeof hit === 'string' ? hit !== idKey : hit !== undefined && !hit.has(idKey);
      if (taken) throw this.duplicateKeyError(doc, namespace);
    }
  }

  add(doc: Document, idKey: string): void {
    const indexed = this.keysAndArrays(doc);
    const { keys, arrays } = indexed;
    if (keys.length > 1 && this.values) this.multikey = true;
    if (arrays)
      this.fields.forEach((field, index) => {
        if (!this.multikeyFields.has(field) && reachesArray(doc, this.paths[index] ?? []))
          this.multikeyFields.add(field);
      });
    if (this.sorted)
      for (const entry of this.entriesFor(doc, idKey, indexed)) this.sorted.insert(entry);
    for (const key of keys) {
      const hit = this.entries.get(key);
      if (hit === undefined) {
        this.entries.set(key, idKey);
        if (this.values) this.rememberValue(doc, key);
      } else if (typeof hit === 'string') {
        if (hit !== idKey) this.entries.set(key, new Set([hit, idKey]));
      } else hit.add(idKey);
    }
  }

  remove(doc: Document, idKey: string): void {
    const indexed = this.keysAndArrays(doc);
    const { keys } = indexed;
    if (this.sorted)
      for (const entry of this.entriesFor(doc, idKey, indexed)) this.sorted.delete(entry);
    for (const key of keys) {
      const hit = this.entries.get(key);
      if (hit === idKey) {
        this.entries.delete(key);
        if (this.values) this.forgetValue(key);
      } else if (hit instanceof Set) {
        hit.delete(idKey);
        if (hit.size === 1) this.entries.set(key, hit.values().next().value as string);
      }
    }
  }

  clear(): void {
    this.entries.clear();
    this.values?.clear();
    this.ordered = undefined;
    this.sorted = undefined;
  }

  /** Records the value behind a new key (one of the values the field reaches). */
  private rememberValue(doc: Document, key: string): void {
    for (const value of pathValuesAt(doc, this.paths[0] ?? []))
      if (this.keyOf(value) === key) {
        this.values?.set(key, value);
        // Kept in order once built: a write costs a binary search and a splice, not a re-sort.
        if (this.ordered) this.ordered.splice(this.firstAtOrAfter(value, false), 0, { key, value });
        return;
      }
  }

  private forgetValue(key: string): void {
    const values = this.values as Map<string, unknown>;
    if (!values.has(key)) return;
    const value = values.get(key);
    values.delete(key);
    if (!this.ordered) return;
    for (let i = this.firstAtOrAfter(value, true); i < this.ordered.length; i += 1)
      if (this.ordered[i]?.key === key) {
        this.ordered.splice(i, 1);
        return;
      }
    this.ordered = undefined; // not found where expected: rebuild on the next range lookup
  }

  /** The first position whose value is ≥ (inclusive) or > (not inclusive) the given one. */
  private firstAtOrAfter(value: unknown, inclusive: boolean): number {
    const ordered = this.ordered ?? [];
    let lo = 0;
    let hi = ordered.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const order = compareValues((ordered[mid] as { value: unknown }).value, value);
      if (order < 0 || (!inclusive && order === 0)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  duplicateKeyError(doc: Document, namespace: string): CommandError {
    const keyValue: Document = {};
    this.fields.forEach((field, index) => {
      const value = pathValuesAt(doc, this.paths[index] ?? [])[0];
      keyValue[field] = value === undefined ? null : value;
    });
    const rendered = formatValue(keyValue);
    return new CommandError(
      ErrorCode.DuplicateKey,
      `E11000 duplicate key error collection: ${namespace} index: ${this.spec.name} dup key: ${rendered}`,
      { keyPattern: { ...this.spec.key }, keyValue },
    );
  }
}

/** Does the path meet an array anywhere (the field is then multikey, as mongod tracks it)? */
function reachesArray(value: unknown, parts: readonly string[]): boolean {
  let current = value;
  for (const part of parts) {
    if (Array.isArray(current)) return true;
    if (!isPlainObject(current) || !Object.hasOwn(current, part)) return false;
    current = current[part];
  }
  return Array.isArray(current);
}

function unique(keys: string[]): string[] {
  return [...new Set(keys)];
}

/** Cartesian product of per-field keys, joined into compound keys. */
function combine(perField: string[][]): string[] {
  let keys = [''];
  for (const fieldKeys of perField) {
    const next: string[] = [];
    for (const prefix of keys)
      for (const key of fieldKeys) next.push(prefix === '' ? key : `${prefix}\u0000${key}`);
    if (next.length > MAX_KEYS_PER_DOCUMENT)
      throw new CommandError(ErrorCode.BadValue, 'cannot index parallel arrays');
    keys = next;
  }
  return keys;
}
