import { Query } from 'mingo';
import { type Collation, collationId, foldValue, parseCollation } from '../collation.ts';
import { CommandError, ErrorCode } from '../errors.ts';
import { type Document, formatValue, indexKey, pathValues } from '../values.ts';

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

/** Upper bound on index keys one document may produce (multikey × compound). */
const MAX_KEYS_PER_DOCUMENT = 10_000;

/**
 * A secondary index: a hash map from the canonical key of the indexed values to the ids of the
 * documents holding them. It answers equality lookups and enforces uniqueness; range queries
 * and sorts fall back to scanning, which is adequate at the sizes this server is meant for.
 */
export class SecondaryIndex {
  readonly spec: IndexSpec;
  readonly fields: string[];
  private readonly partial: Query | undefined;
  /** The index's collation: its keys hold strings folded under it (undefined = binary). */
  readonly collation: Collation | undefined;
  readonly collationId: string;
  /** index key → one document id key, or a set of them. */
  private readonly entries = new Map<string, string | Set<string>>();

  constructor(spec: IndexSpec) {
    this.spec = spec;
    this.fields = Object.keys(spec.key);
    this.partial = spec.partialFilterExpression
      ? new Query(spec.partialFilterExpression, {})
      : undefined;
    this.collation = parseCollation(spec.collation);
    this.collationId = collationId(this.collation);
  }

  private keyOf = (value: unknown): string =>
    indexKey(this.collation ? foldValue(this.collation, value) : value);

  get unique(): boolean {
    return this.spec.unique === true;
  }

  /** Can an equality query on every field be answered from this index alone? */
  get answersEquality(): boolean {
    return this.partial === undefined && this.spec.sparse !== true && this.isHashable;
  }

  private get isHashable(): boolean {
    return Object.values(this.spec.key).every((direction) => typeof direction === 'number');
  }

  /** The index keys of a document, or none when sparse or partial rules leave it out. */
  keysOf(doc: Document): string[] {
    if (this.partial && !this.partial.test(doc)) return [];
    const perField = this.fields.map((field) => pathValues(doc, field));
    if (this.spec.sparse && perField.every((values) => values.every((v) => v === undefined)))
      return [];
    return combine(perField.map((values) => unique(values.map(this.keyOf))));
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

  add(doc: Document, idKey: string, keys = this.keysOf(doc)): void {
    for (const key of keys) {
      const hit = this.entries.get(key);
      if (hit === undefined) this.entries.set(key, idKey);
      else if (typeof hit === 'string') {
        if (hit !== idKey) this.entries.set(key, new Set([hit, idKey]));
      } else hit.add(idKey);
    }
  }

  remove(doc: Document, idKey: string, keys = this.keysOf(doc)): void {
    for (const key of keys) {
      const hit = this.entries.get(key);
      if (hit === idKey) this.entries.delete(key);
      else if (hit instanceof Set) {
        hit.delete(idKey);
        if (hit.size === 1) this.entries.set(key, hit.values().next().value as string);
      }
    }
  }

  clear(): void {
    this.entries.clear();
  }

  duplicateKeyError(doc: Document, namespace: string): CommandError {
    const keyValue: Document = {};
    for (const field of this.fields) {
      const value = pathValues(doc, field)[0];
      keyValue[field] = value === undefined ? null : value;
    }
    const rendered = formatValue(keyValue);
    return new CommandError(
      ErrorCode.DuplicateKey,
      `E11000 duplicate key error collection: ${namespace} index: ${this.spec.name} dup key: ${rendered}`,
      { keyPattern: { ...this.spec.key }, keyValue },
    );
  }
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
