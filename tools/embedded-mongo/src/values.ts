// Helpers for documents as bson 7 decodes them: plain objects and arrays, JS numbers and
// strings, Date, and bson value classes (ObjectId, Long, Decimal128, Binary, ...).
import { numberKey } from './bson-order.ts';
import { type BsonValue, type Document, bsonTypeOf, isPlainObject } from './value-kinds.ts';

export { type Document, bsonTypeOf, isPlainObject };

/** True for a sub-document whose keys are query or update operators (`{ $gt: 1 }`). */
export function isOperatorObject(value: unknown): value is Document {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => key.startsWith('$'));
}

/**
 * Deep copy of the mutable parts of a document (plain objects, arrays, dates). bson value
 * objects are immutable in practice and are shared.
 */
export function cloneValue<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneValue) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (isPlainObject(value)) {
    const copy: Document = {};
    for (const key of Object.keys(value)) copy[key] = cloneValue(value[key]);
    return copy as T;
  }
  return value;
}

/**
 * A canonical string for a value, used as the key of index maps. Values MongoDB treats as
 * equal get equal keys: numbers of any width by exact value (5, 5.0, Long 5, Decimal128 5; but
 * Decimal128 0.1 is not the double 0.1), and null with missing.
 */
export function indexKey(value: unknown): string {
  switch (typeof value) {
    case 'undefined':
      return 'z';
    case 'number':
      return numberKey(value);
    case 'string':
      return `s${value}`;
    case 'boolean':
      return value ? 'T' : 'F';
    case 'bigint':
      return numberKey(value);
  }
  if (value === null) return 'z';
  if (value instanceof Date) return `d${value.getTime()}`;
  if (value instanceof RegExp) return `r${String(value)}`;
  if (Array.isArray(value))
    return `[${value.map((item) => lengthPrefixed(indexKey(item))).join('')}]`;
  const bsonType = bsonTypeOf(value);
  if (bsonType !== undefined) return bsonValueKey(bsonType, value as BsonValue);
  if (isPlainObject(value)) {
    const parts = Object.keys(value).map(
      (key) => lengthPrefixed(key) + lengthPrefixed(indexKey(value[key])),
    );
    return `{${parts.join('')}}`;
  }
  return `?${String(value)}`;
}

function lengthPrefixed(text: string): string {
  return `${text.length}:${text}`;
}

function bsonValueKey(bsonType: string, value: BsonValue): string {
  switch (bsonType) {
    case 'ObjectId':
      return `o${value.toString()}`;
    case 'Long':
    case 'Int32':
    case 'Double':
    case 'Decimal128':
      return numberKey(value);
    case 'Binary':
      return `x${(value as unknown as { sub_type: number }).sub_type}:${value.toString('base64')}`;
    default:
      return `${bsonType}:${JSON.stringify(value)}`;
  }
}

/** The value at a dotted path, without expanding arrays (undefined when missing). */
export function getPath(doc: unknown, path: string): unknown {
  let current: unknown = doc;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Document)[part];
  }
  return current;
}

/** Sets a dotted path, creating the intermediate sub-documents. */
export function setPath(doc: Document, path: string, value: unknown): void {
  const parts = path.split('.');
  let current: Document = doc;
  for (const part of parts.slice(0, -1)) {
    const next = current[part];
    if (isPlainObject(next)) current = next;
    else {
      const created: Document = {};
      current[part] = created;
      current = created;
    }
  }
  current[parts[parts.length - 1] ?? path] = value;
}

/**
 * Every value a dotted path reaches, expanding arrays the way multikey indexes do: an array
 * yields each element and itself. A missing path yields `undefined` once.
 */
export function pathValues(doc: unknown, path: string): unknown[] {
  return pathValuesAt(doc, path.split('.'));
}

/** `pathValues` for a path already split at its dots (indexes split theirs once). */
export function pathValuesAt(doc: unknown, parts: readonly string[]): unknown[] {
  const found: unknown[] = [];
  collect(doc, parts, 0, found);
  return found.length === 0 ? [undefined] : found;
}

/** What `plainPathValue` answers for a path that meets an array. */
export const ARRAY_REACHED: unique symbol = Symbol('array reached');

/**
 * The value a dotted path reaches when it meets no array on the way or at its end (undefined
 * when the path is missing); `ARRAY_REACHED` when it meets one, as only `pathValues` then says
 * which values it stands for. The common case of indexing, without pathValues' allocations.
 */
export function plainPathValue(doc: unknown, parts: readonly string[]): unknown {
  let current = doc;
  for (const part of parts) {
    if (Array.isArray(current)) return ARRAY_REACHED;
    if (!isPlainObject(current) || !Object.hasOwn(current, part)) return undefined;
    current = current[part];
  }
  return Array.isArray(current) ? ARRAY_REACHED : current;
}

function collect(value: unknown, parts: readonly string[], depth: number, found: unknown[]): void {
  if (depth === parts.length) {
    if (Array.isArray(value)) {
      found.push(...value, value);
      if (value.length === 0) found.push(undefined);
    } else found.push(value);
    return;
  }
  const part = parts[depth] ?? '';
  if (Array.isArray(value)) {
    if (/^\d+$/.test(part)) collect(value[Number(part)], parts, depth + 1, found);
    for (const item of value) if (isPlainObject(item)) collect(item, parts, depth, found);
    return;
  }
  if (isPlainObject(value) && Object.hasOwn(value, part))
    collect(value[part], parts, depth + 1, found);
}

/** Shell-like rendering of a value for error messages (`{ x: "a" }`, `ObjectId('…')`). */
export function formatValue(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (value instanceof Date) return `new Date(${value.getTime()})`;
  if (Array.isArray(value)) return `[ ${value.map(formatValue).join(', ')} ]`;
  const bsonType = bsonTypeOf(value);
  if (bsonType === 'ObjectId') return `ObjectId('${String(value)}')`;
  if (bsonType !== undefined) return `${bsonType}('${String(value)}')`;
  if (isPlainObject(value)) {
    const entries = Object.keys(value).map((key) => `${key}: ${formatValue(value[key])}`);
    return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
  }
  return String(value);
}
