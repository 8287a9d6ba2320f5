// Collation (MongoDB's locale-aware string comparison) backed by Intl.Collator.
//
// The comparisons themselves (query operators, sorts, expressions) apply a collation through
// `collatorOf` in bson-operators.ts. Index keys are folded strings (see `foldString`), so
// uniqueness and equality lookups follow the index's collation.

import type { CollationSpec } from 'mingo/types';
import { CommandError, ErrorCode } from './errors.ts';
import { type Document, formatValue, isPlainObject } from './values.ts';

/** A parsed, non-simple collation (the simple, binary collation is `undefined`). */
export type Collation = CollationSpec & {
  readonly strength: 1 | 2 | 3 | 4 | 5;
  readonly normalization?: boolean;
};

const CASE_FIRST = new Set(['upper', 'lower', 'off']);
const ALTERNATE = new Set(['non-ignorable', 'shifted']);
const MAX_VARIABLE = new Set(['punct', 'space']);
const BOOLEAN_FIELDS = new Set(['caseLevel', 'numericOrdering', 'normalization', 'backwards']);
const KNOWN_FIELDS = new Set([
  'locale',
  'caseLevel',
  'caseFirst',
  'strength',
  'numericOrdering',
  'alternate',
  'maxVariable',
  'normalization',
  'backwards',
  'version',
]);

function failedToParse(message: string): CommandError {
  return new CommandError(ErrorCode.FailedToParse, message);
}

/**
 * Parses a collation document with mongod's checks and messages; `{ locale: 'simple' }` (and
 * no collation at all) is binary comparison, answered as undefined.
 */
export function parseCollation(value: unknown): Collation | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value))
    throw new CommandError(
      ErrorCode.TypeMismatch,
      `BSON field 'collation' is the wrong type '${Array.isArray(value) ? 'array' : typeof value}', expected type 'object'`,
    );
  for (const field of Object.keys(value))
    if (!KNOWN_FIELDS.has(field))
      throw failedToParse(
        `Collation spec contains unknown field. Collation spec: ${formatValue(value)}`,
      );
  const locale = value.locale;
  if (locale === undefined) throw failedToParse(`Missing expected field "locale"`);
  if (typeof locale !== 'string')
    throw new CommandError(
      ErrorCode.TypeMismatch,
      `"locale" had the wrong type. Expected string, found ${typeof locale}`,
    );
  for (const field of BOOLEAN_FIELDS)
    if (value[field] !== undefined && typeof value[field] !== 'boolean')
      throw new CommandError(
        ErrorCode.TypeMismatch,
        `"${field}" had the wrong type. Expected bool, found ${typeof value[field]}`,
      );
  const strength = value.strength === undefined ? 3 : Number(value.strength);
  if (![1, 2, 3, 4, 5].includes(strength))
    throw failedToParse(
      `Field 'strength' must be an integer 1 through 5. Got: ${String(value.strength)}`,
    );
  const caseFirst = value.caseFirst;
  if (caseFirst !== undefined && !(typeof caseFirst === 'string' && CASE_FIRST.has(caseFirst)))
    throw failedToParse(
      `Field 'caseFirst' must be 'upper', 'lower', or 'off'. Got: ${String(caseFirst)}`,
    );
  const alternate = value.alternate;
  if (alternate !== undefined && !(typeof alternate === 'string' && ALTERNATE.has(alternate)))
    throw failedToParse(
      `Field 'alternate' must be 'non-ignorable' or 'shifted'. Got: ${String(alternate)}`,
    );
  const maxVariable = value.maxVariable;
  if (
    maxVariable !== undefined &&
    !(typeof maxVariable === 'string' && MAX_VARIABLE.has(maxVariable))
  )
    throw failedToParse(
      `Field 'maxVariable' must be 'punct' or 'space'. Got: ${String(maxVariable)}`,
    );
  if (locale === 'simple') return undefined;
  const tag = bcp47(locale);
  if (tag === undefined)
    throw new CommandError(
      ErrorCode.BadValue,
      `Field 'locale' is invalid in: ${formatValue(value)}`,
    );
  return {
    locale: tag,
    strength: strength as Collation['strength'],
    ...(value.caseLevel === true ? { caseLevel: true } : {}),
    ...(typeof caseFirst === 'string' ? { caseFirst: caseFirst as 'upper' | 'lower' | 'off' } : {}),
    ...(value.numericOrdering === true ? { numericOrdering: true } : {}),
    ...(alternate === 'shifted' ? { alternate } : {}),
  };
}

/** MongoDB's ICU locale ids (`en_US`, `de@collation=phonebook`) as a BCP 47 tag Intl accepts. */
function bcp47(locale: string): string | undefined {
  const tag = locale.split('@')[0]?.replace(/_/g, '-') ?? '';
  if (tag === '') return undefined;
  try {
    return Intl.Collator.supportedLocalesOf([tag]).length > 0 ? tag : undefined;
  } catch {
    return undefined;
  }
}

/** The collation an operation uses: its own `collation` option, else the collection default. */
export function operationCollation(
  option: unknown,
  collectionOptions: Document | undefined,
): Collation | undefined {
  if (option !== undefined && option !== null) return parseCollation(option);
  return parseCollation(collectionOptions?.collation);
}

/** A string identifying a collation, for comparing an index's with a query's ('' = simple). */
export function collationId(collation: Collation | undefined): string {
  return collation === undefined ? '' : JSON.stringify(collation);
}

const collators = new Map<string, Intl.Collator>();

export function collatorOf(collation: Collation): Intl.Collator {
  const id = collationId(collation);
  let collator = collators.get(id);
  if (!collator) {
    const sensitivity =
      collation.strength === 1
        ? collation.caseLevel
          ? 'case'
          : 'base'
        : collation.strength === 2 && !collation.caseLevel
          ? 'accent'
          : 'variant';
    collator = new Intl.Collator(collation.locale, {
      sensitivity,
      numeric: collation.numericOrdering === true,
      caseFirst: collation.caseFirst === 'off' ? 'false' : collation.caseFirst,
      ignorePunctuation: collation.alternate === 'shifted',
      usage: 'sort',
    });
    collators.set(id, collator);
  }
  return collator;
}

/**
 * A canonical form of a string under a collation, for index keys: strings the collation holds
 * equal should fold alike. It approximates ICU (case folding below strength 3, accents dropped
 * at strength 1, leading zeros of digit runs under numericOrdering, punctuation and spaces
 * dropped when alternate is shifted).
 */
export function foldString(collation: Collation, text: string): string {
  let folded = text.normalize('NFC');
  if (collation.alternate === 'shifted') folded = folded.replace(/[\p{P}\p{Z}\p{S}]/gu, '');
  if (collation.strength === 1)
    folded = folded.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
  if (collation.strength <= 2 && !collation.caseLevel)
    folded = folded.toLocaleLowerCase(collation.locale);
  if (collation.numericOrdering)
    folded = folded.replace(/\d+/g, (run) => run.replace(/^0+(?=\d)/, ''));
  return folded;
}

/** The value with every string (also inside arrays and sub-documents) folded. */
export function foldValue(collation: Collation, value: unknown): unknown {
  if (typeof value === 'string') return foldString(collation, value);
  if (Array.isArray(value)) return value.map((item) => foldValue(collation, item));
  if (isPlainObject(value)) {
    const out: Document = {};
    for (const key of Object.keys(value)) out[key] = foldValue(collation, value[key]);
    return out;
  }
  return value;
}

/** True when a value is or holds a string (only strings are affected by a collation). */
export function holdsString(value: unknown): boolean {
  if (typeof value === 'string') return true;
  if (Array.isArray(value)) return value.some(holdsString);
  if (isPlainObject(value)) return Object.values(value).some(holdsString);
  return false;
}
