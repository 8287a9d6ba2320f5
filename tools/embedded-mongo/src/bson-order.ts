// BSON comparison order, as MongoDB documents it
// (https://www.mongodb.com/docs/v7.0/reference/bson-type-comparison-order/):
//   MinKey < Null < Numbers (int, long, double, decimal) < Symbol, String < Object < Array
//   < BinData < ObjectId < Boolean < Date < Timestamp < Regular Expression < MaxKey
// "MongoDB treats some types as equivalent for comparison purposes. For instance, numeric
// types undergo conversion before comparison." Numbers compare by exact numeric value across
// int32, int64 (Long), double and Decimal128; NaN is below every other number.
import { bsonTypeOf, isPlainObject } from './value-kinds.ts';

/** The canonical type bracket of a value (missing and undefined count as null). */
export function typeBracket(value: unknown): number {
  switch (typeof value) {
    case 'undefined':
      return 5;
    case 'number':
    case 'bigint':
      return 10;
    case 'string':
      return 15;
    case 'boolean':
      return 40;
  }
  if (value === null) return 5;
  if (Array.isArray(value)) return 25;
  if (value instanceof Date) return 45;
  if (value instanceof RegExp) return 50;
  switch (bsonTypeOf(value)) {
    case undefined:
      return isPlainObject(value) ? 20 : 30;
    case 'MinKey':
      return -1;
    case 'Int32':
    case 'Double':
    case 'Long':
    case 'Decimal128':
      return 10;
    case 'BSONSymbol':
      return 15;
    case 'Binary':
      return 30;
    case 'ObjectId':
      return 35;
    case 'Timestamp':
      return 47;
    case 'BSONRegExp':
      return 50;
    case 'Code':
      return 60;
    case 'MaxKey':
      return 100;
    default:
      return 20;
  }
}

export function isNumeric(value: unknown): boolean {
  return typeBracket(value) === 10;
}

/** True for the bson number classes mingo cannot compare (Long, Decimal128, wrappers). */
export function isBsonNumber(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return typeof value === 'bigint';
  const tag = bsonTypeOf(value);
  return tag === 'Long' || tag === 'Decimal128' || tag === 'Int32' || tag === 'Double';
}

// --- numbers --------------------------------------------------------------------------------

/** An exact number: NaN, ±Infinity, or the rational num / den (den > 0). */
type Exact =
  | { kind: 'nan' }
  | { kind: 'inf'; sign: 1 | -1 }
  | { kind: 'finite'; num: bigint; den: bigint; approx: number };

const TEN = BigInt(10);

function exactOfDouble(x: number): Exact {
  if (Number.isNaN(x)) return { kind: 'nan' };
  if (!Number.isFinite(x)) return { kind: 'inf', sign: x > 0 ? 1 : -1 };
  if (Number.isInteger(x)) return { kind: 'finite', num: BigInt(x), den: BigInt(1), approx: x };
  // A finite double is m / 2^k exactly.
  let den = BigInt(1);
  let scaled = x;
  while (!Number.isInteger(scaled)) {
    scaled *= 2;
    den *= BigInt(2);
  }
  return { kind: 'finite', num: BigInt(scaled), den, approx: x };
}

function exactOfDecimal(text: string): Exact {
  if (/nan/i.test(text)) return { kind: 'nan' };
  if (/inf/i.test(text)) return { kind: 'inf', sign: text.startsWith('-') ? -1 : 1 };
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!match) return { kind: 'nan' };
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = match;
  let digits = BigInt(`${whole}${fraction}` || '0') * (sign === '-' ? BigInt(-1) : BigInt(1));
  let exponent = Number(exponentText) - fraction.length;
  // Canonical: '5.00' is 5/1, '0.50' is 5/10.
  while (exponent < 0 && digits % TEN === BigInt(0)) {
    digits /= TEN;
    exponent += 1;
  }
  const approx = Number(text);
  return exponent >= 0
    ? { kind: 'finite', num: digits * TEN ** BigInt(exponent), den: BigInt(1), approx }
    : { kind: 'finite', num: digits, den: TEN ** BigInt(-exponent), approx };
}

function exactOf(value: unknown): Exact {
  if (typeof value === 'number') return exactOfDouble(value);
  if (typeof value === 'bigint')
    return { kind: 'finite', num: value, den: BigInt(1), approx: Number(value) };
  switch (bsonTypeOf(value)) {
    case 'Long':
      return exactOfDecimal(String(value));
    case 'Decimal128':
      return exactOfDecimal(String(value));
    default:
      return exactOfDouble(Number((value as { valueOf(): unknown }).valueOf()));
  }
}

function sign(n: number | bigint): number {
  return n > 0 ? 1 : n < 0 ? -1 : 0;
}

/** Compares two numeric values of any BSON number type by exact value (NaN lowest). */
export function compareNumbers(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') {
    if (a < b) return -1;
    if (a > b) return 1;
    if (a === b) return 0;
    return Number.isNaN(a) ? (Number.isNaN(b) ? 0 : -1) : 1;
  }
  const x = exactOf(a);
  const y = exactOf(b);
  if (x.kind === 'nan' || y.kind === 'nan')
    return x.kind === y.kind ? 0 : x.kind === 'nan' ? -1 : 1;
  if (x.kind === 'inf' || y.kind === 'inf') {
    const sx = x.kind === 'inf' ? x.sign * 2 : 0;
    const sy = y.kind === 'inf' ? y.sign * 2 : 0;
    return sign(sx - sy);
  }
  // Quick answer when the doubles already differ by more than rounding could explain.
  if (Math.abs(x.approx - y.approx) > 1e-9 * Math.max(Math.abs(x.approx), Math.abs(y.approx), 1))
    return x.approx < y.approx ? -1 : 1;
  return sign(x.num * y.den - y.num * x.den);
}

/** True when a value is NaN (a double or a Decimal128 NaN). */
export function isNaNValue(value: unknown): boolean {
  if (typeof value === 'number') return Number.isNaN(value);
  return bsonTypeOf(value) === 'Decimal128' && /nan/i.test(String(value));
}

/**
 * A canonical key for a number, equal for numbers MongoDB holds equal (5, 5.0, Long 5,
 * Decimal128 '5.00') and different otherwise (Decimal128 '0.1' is not the double 0.1).
 */
export function numberKey(value: unknown): string {
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'nNaN';
    if (Object.is(value, -0)) return 'n0';
    if (Number.isInteger(value) && !Number.isSafeInteger(value)) return `n${BigInt(value)}`;
    return `n${value}`;
  }
  const exact = exactOf(value);
  if (exact.kind === 'nan') return 'nNaN';
  if (exact.kind === 'inf') return exact.sign > 0 ? 'nInfinity' : 'n-Infinity';
  if (exact.den === BigInt(1)) return `n${exact.num}`;
  // A fraction equal to a double gets the double's key; any other fraction its own.
  if (compareNumbers(value, exact.approx) === 0) return `n${exact.approx}`;
  return `q${exact.num}/${exact.den}`;
}

// --- everything else ------------------------------------------------------------------------

/** Strings compare by code point (UTF-8 byte order), not by UTF-16 code unit. */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i += 1) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      // Surrogates (U+D800–DFFF, code points above U+FFFF) sort after U+E000–FFFF.
      const fx = x >= 0xd800 ? (x >= 0xe000 ? x - 0x800 : x + 0x2000) : x;
      const fy = y >= 0xd800 ? (y >= 0xe000 ? y - 0x800 : y + 0x2000) : y;
      return fx < fy ? -1 : 1;
    }
  }
  return a.length < b.length ? -1 : 1;
}

export type StringCompare = (a: string, b: string) => number;

/** The BSON order of two values: < 0, 0 or > 0. */
export function compareValues(
  a: unknown,
  b: unknown,
  strings: StringCompare = compareStrings,
): number {
  if (a === b) return 0;
  const ta = typeBracket(a);
  const tb = typeBracket(b);
  if (ta !== tb) return ta < tb ? -1 : 1;
  switch (ta) {
    case 5:
    case -1:
    case 100:
      return 0;
    case 10:
      return compareNumbers(a, b);
    case 15:
      return strings(String(a), String(b));
    case 20:
      return compareObjects(a as Record<string, unknown>, b as Record<string, unknown>, strings);
    case 25:
      return compareArrays(a as unknown[], b as unknown[], strings);
    case 30:
      return compareBinary(a, b);
    case 35:
      return compareObjectIds(a, b);
    case 40:
      return a === b ? 0 : a ? 1 : -1;
    case 45:
      return sign((a as Date).getTime() - (b as Date).getTime());
    case 47: {
      const x = BigInt.asUintN(64, BigInt(String(a)));
      const y = BigInt.asUintN(64, BigInt(String(b)));
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 50: {
      const [sa, fa] = regexParts(a);
      const [sb, fb] = regexParts(b);
      return compareStrings(sa, sb) || compareStrings(fa, fb);
    }
    default:
      return compareStrings(String(a), String(b));
  }
}

/**
 * ObjectIds in byte order. bson 7 holds the 12 bytes as four 24-bit big-endian words
 * (`i0`..`i3`): comparing them avoids building two hex strings per comparison (index builds
 * and sorts compare ObjectIds millions of times); other shapes compare by hex string.
 */
function compareObjectIds(a: unknown, b: unknown): number {
  const x = a as { i0?: unknown; i1?: number; i2?: number; i3?: number };
  const y = b as { i0?: unknown; i1?: number; i2?: number; i3?: number };
  if (typeof x.i0 !== 'number' || typeof y.i0 !== 'number')
    return compareStrings(String(a), String(b));
  return (
    sign(x.i0 - y.i0) ||
    sign((x.i1 as number) - (y.i1 as number)) ||
    sign((x.i2 as number) - (y.i2 as number)) ||
    sign((x.i3 as number) - (y.i3 as number))
  );
}

/** Field by field: type bracket, then field name, then value; a shorter object is less. */
function compareObjects(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
  strings: StringCompare,
): number {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  const length = Math.min(ka.length, kb.length);
  for (let i = 0; i < length; i += 1) {
    const fa = ka[i] as string;
    const fb = kb[i] as string;
    const va = a[fa];
    const vb = b[fb];
    const byType = typeBracket(va) - typeBracket(vb);
    if (byType !== 0) return sign(byType);
    const byName = compareStrings(fa, fb);
    if (byName !== 0) return byName;
    const byValue = compareValues(va, vb, strings);
    if (byValue !== 0) return byValue;
  }
  return sign(ka.length - kb.length);
}

function compareArrays(a: unknown[], b: unknown[], strings: StringCompare): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i += 1) {
    const byValue = compareValues(a[i], b[i], strings);
    if (byValue !== 0) return byValue;
  }
  return sign(a.length - b.length);
}

/** BinData: length first, then subtype, then the bytes. */
function compareBinary(a: unknown, b: unknown): number {
  const bytes = (value: unknown): Uint8Array => {
    if (value instanceof Uint8Array) return value;
    const binary = value as { buffer?: Uint8Array; position?: number };
    return (binary.buffer ?? new Uint8Array()).subarray(
      0,
      binary.position ?? binary.buffer?.length,
    );
  };
  const subtype = (value: unknown): number => (value as { sub_type?: number }).sub_type ?? 0;
  const x = bytes(a);
  const y = bytes(b);
  if (x.length !== y.length) return x.length < y.length ? -1 : 1;
  if (subtype(a) !== subtype(b)) return subtype(a) < subtype(b) ? -1 : 1;
  for (let i = 0; i < x.length; i += 1)
    if (x[i] !== y[i]) return (x[i] as number) < (y[i] as number) ? -1 : 1;
  return 0;
}

function regexParts(value: unknown): [string, string] {
  if (value instanceof RegExp) return [value.source, value.flags];
  const regex = value as { pattern?: string; options?: string };
  return [regex.pattern ?? '', regex.options ?? ''];
}

/** MongoDB equality of two values (numbers across types, objects in field order). */
export function valuesEqual(a: unknown, b: unknown, strings?: StringCompare): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) && Number.isNaN(b);
  if (typeof a === 'string' && typeof b === 'string' && !strings) return false;
  return compareValues(a, b, strings) === 0;
}
