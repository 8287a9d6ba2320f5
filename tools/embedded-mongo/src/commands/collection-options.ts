// Collection options beyond storage: document validators (`validator`, `validationLevel`,
// `validationAction`), views (`viewOn` + `pipeline`), and the options the embedded server
// refuses rather than ignores (clustered indexes, time-series, `prepareUnique`).
import { calculateObjectSize } from 'bson';
import { CommandError, ErrorCode } from '../errors.ts';
import { compileFilter, runMingo } from '../query.ts';
import type { Collection } from '../storage/collection.ts';
import { type Document, bsonTypeOf, indexKey, isPlainObject } from '../values.ts';
import { type CommandContext, numberOption } from './context.ts';

function notSupported(what: string): CommandError {
  return new CommandError(
    ErrorCode.CommandNotSupported,
    `${what} are not supported by the embedded server`,
  );
}

/** Checks a create command's options: refusals, views and validator settings. */
export function checkCreateOptions(options: Document): void {
  if (options.timeseries !== undefined) throw notSupported('time-series collections');
  if (options.clusteredIndex !== undefined) throw notSupported('clustered indexes');
  if (options.viewOn !== undefined) {
    if (typeof options.viewOn !== 'string')
      throw new CommandError(
        ErrorCode.TypeMismatch,
        "BSON field 'create.viewOn' is the wrong type, expected type 'string'",
      );
    const pipeline = options.pipeline ?? [];
    if (!Array.isArray(pipeline) || !pipeline.every(isPlainObject))
      throw new CommandError(
        ErrorCode.TypeMismatch,
        "BSON field 'create.pipeline' is the wrong type, expected type 'array'",
      );
    options.pipeline = pipeline;
  } else if (options.pipeline !== undefined)
    throw new CommandError(ErrorCode.BadValue, "'pipeline' requires 'viewOn' to also be specified");
  checkValidatorOptions(options);
}

/** `validator`, `validationLevel` and `validationAction`, as create and collMod take them. */
export function checkValidatorOptions(options: Document): void {
  const { validator, validationLevel, validationAction } = options;
  if (validator !== undefined) {
    if (!isPlainObject(validator))
      throw new CommandError(
        ErrorCode.TypeMismatch,
        "BSON field 'validator' is the wrong type, expected type 'object'",
      );
    const { $jsonSchema, ...query } = validator;
    if ($jsonSchema !== undefined && !isPlainObject($jsonSchema))
      throw new CommandError(ErrorCode.TypeMismatch, '$jsonSchema must be an object');
    compileFilter(query);
  }
  if (
    validationLevel !== undefined &&
    !['off', 'strict', 'moderate'].includes(validationLevel as string)
  )
    throw new CommandError(
      ErrorCode.BadValue,
      `Enumeration value '${String(validationLevel)}' for field 'validationLevel' is not a valid value.`,
    );
  if (validationAction !== undefined && !['error', 'warn'].includes(validationAction as string))
    throw new CommandError(
      ErrorCode.BadValue,
      `Enumeration value '${String(validationAction)}' for field 'validationAction' is not a valid value.`,
    );
}

/** Index options the embedded server refuses (createIndexes and collMod). */
export function checkIndexOptions(spec: unknown): void {
  if (isPlainObject(spec) && spec.prepareUnique !== undefined)
    throw notSupported('prepareUnique indexes (converting an index to unique)');
}

// ---------------------------------------------------------------------------------------------
// Capped collections

/**
 * After an insert into a capped collection: removes the oldest documents while there are more
 * than `max` or they take more than `size` bytes (BSON size; mongod counts its storage size).
 */
export function enforceCap(collection: Collection): void {
  if (collection.options.capped !== true) return;
  const max = numberOption(collection.options.max) ?? 0;
  const size = numberOption(collection.options.size) ?? 0;
  let bytes = 0;
  if (size > 0) for (const doc of collection.docs.values()) bytes += calculateObjectSize(doc);
  for (const oldest of collection.docs.values()) {
    const overCount = max > 0 && collection.size > max;
    const overSize = size > 0 && bytes > size;
    if ((!overCount && !overSize) || collection.size <= 1) break;
    bytes -= calculateObjectSize(oldest);
    collection.remove(oldest);
  }
}

// ---------------------------------------------------------------------------------------------
// Views

export function isView(collection: Collection | undefined): boolean {
  return typeof collection?.options.viewOn === 'string';
}

/** A write to a view: 166 CommandNotSupportedOnView. */
export function viewWriteError(collection: Collection): CommandError {
  return new CommandError(
    ErrorCode.CommandNotSupportedOnView,
    `Namespace ${collection.namespace} is a view, not a collection`,
  );
}

export function refuseView(collection: Collection | undefined): void {
  if (collection && isView(collection)) throw viewWriteError(collection);
}

/** The stored collection a view reads and the whole pipeline over it (views on views). */
export function resolveView(
  context: CommandContext,
  view: Collection,
): { source: Collection | undefined; pipeline: Document[] } {
  const pipeline: Document[] = [];
  let current: Collection | undefined = view;
  for (let depth = 0; current && isView(current); depth += 1) {
    if (depth > 20)
      throw new CommandError(ErrorCode.BadValue, 'View depth is too deep or view cycle detected');
    pipeline.unshift(...(current.options.pipeline as Document[]));
    current = context.catalog.collection(context.db, current.options.viewOn as string);
  }
  return { source: current, pipeline };
}

// ---------------------------------------------------------------------------------------------
// Validators

/**
 * Checks a document a write is about to store against the collection's validator.
 * `previous` is the stored version for an update (moderate validation skips documents that
 * did not satisfy the validator before). Answers 121 DocumentValidationFailure with errInfo.
 */
export function validateDocument(
  collection: Collection,
  doc: Document,
  command: Document,
  previous?: Document,
): void {
  const { validator, validationLevel, validationAction } = collection.options;
  if (!isPlainObject(validator) || Object.keys(validator).length === 0) return;
  if (validationLevel === 'off' || command.bypassDocumentValidation === true) return;
  if (validationAction === 'warn') return;
  const details = failureDetails(validator, doc);
  if (!details) return;
  if (previous && validationLevel === 'moderate' && failureDetails(validator, previous)) return;
  throw new CommandError(ErrorCode.DocumentValidationFailure, 'Document failed validation', {
    errInfo: { failingDocumentId: doc._id, details },
  });
}

/** Why a document fails a validator (MongoDB 5.0+ errInfo `details`), or undefined. */
function failureDetails(validator: Document, doc: Document): Document | undefined {
  const clauses: Document[] = [];
  for (const [key, condition] of Object.entries(validator)) {
    const details =
      key === '$jsonSchema'
        ? schemaFailure(condition as Document, doc)
        : queryFailure({ [key]: condition }, doc);
    if (details) clauses.push({ index: clauses.length, details });
  }
  if (clauses.length === 0) return undefined;
  if (Object.keys(validator).length === 1) return clauses[0]?.details as Document;
  return { operatorName: '$and', clausesNotSatisfied: clauses };
}

function queryFailure(clause: Document, doc: Document): Document | undefined {
  const matches = runMingo(() => compileFilter(clause).test(doc));
  if (matches) return undefined;
  const [key, condition] = Object.entries(clause)[0] as [string, unknown];
  const operatorName = key.startsWith('$')
    ? key
    : isPlainObject(condition) && Object.keys(condition)[0]?.startsWith('$')
      ? (Object.keys(condition)[0] as string)
      : '$eq';
  const details: Document = { operatorName, specifiedAs: clause };
  if (!key.startsWith('$')) {
    const value = valueAt(doc, key);
    if (value === undefined) details.reason = 'field was missing';
    else {
      details.reason = 'comparison failed';
      details.consideredValue = value;
    }
  }
  return details;
}

function valueAt(doc: Document, path: string): unknown {
  let value: unknown = doc;
  for (const part of path.split('.')) {
    if (!isPlainObject(value)) return undefined;
    value = value[part];
  }
  return value;
}

/** The BSON type alias of a value as `$type`/`bsonType` name it. */
function bsonTypeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value instanceof Date) return 'date';
  if (value instanceof RegExp) return 'regex';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    case 'number':
      return Number.isInteger(value) && Math.abs(value) <= 2 ** 31 - 1 ? 'int' : 'double';
    case 'bigint':
      return 'long';
    case 'undefined':
      return 'undefined';
  }
  const tag = bsonTypeOf(value);
  const names: Record<string, string> = {
    ObjectId: 'objectId',
    Long: 'long',
    Int32: 'int',
    Double: 'double',
    Decimal128: 'decimal',
    Binary: 'binData',
    Timestamp: 'timestamp',
    BSONRegExp: 'regex',
    MinKey: 'minKey',
    MaxKey: 'maxKey',
    Code: 'javascript',
    BSONSymbol: 'symbol',
  };
  return tag ? (names[tag] ?? tag) : 'object';
}

const JSON_TYPES: Record<string, string[]> = {
  object: ['object'],
  array: ['array'],
  number: ['int', 'long', 'double', 'decimal'],
  boolean: ['bool'],
  string: ['string'],
  null: ['null'],
};

function typeMatches(value: unknown, expected: unknown, json: boolean): boolean {
  const actual = bsonTypeName(value);
  const list = Array.isArray(expected) ? expected : [expected];
  return list.some((name) => {
    if (json) return (JSON_TYPES[name as string] ?? []).includes(actual);
    if (name === 'number') return JSON_TYPES.number?.includes(actual) === true;
    return name === actual;
  });
}

function numeric(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  const tag = bsonTypeOf(value);
  if (tag === 'Long' || tag === 'Int32' || tag === 'Double' || tag === 'Decimal128')
    return Number(String(value));
  return undefined;
}

/** A `$jsonSchema` failure: `{ operatorName: '$jsonSchema', schemaRulesNotSatisfied }`. */
function schemaFailure(schema: Document, doc: Document): Document | undefined {
  const rules = schemaRules(schema, doc);
  return rules.length > 0
    ? { operatorName: '$jsonSchema', schemaRulesNotSatisfied: rules }
    : undefined;
}

/** The rules of one (sub-)schema a value does not satisfy, in MongoDB's errInfo shape. */
function schemaRules(schema: Document, value: unknown): Document[] {
  const failed: Document[] = [];
  // `properties` and `items` report their sub-schemas' failures instead of what they specify.
  const rule = (operatorName: string, extra: Document = {}): void => {
    const specifiedAs =
      operatorName === 'properties' || operatorName === 'items'
        ? {}
        : { specifiedAs: { [operatorName]: schema[operatorName] } };
    failed.push({ operatorName, ...specifiedAs, ...extra });
  };
  const considered = { consideredValue: value };
  for (const keyword of ['bsonType', 'type'] as const)
    if (schema[keyword] !== undefined && !typeMatches(value, schema[keyword], keyword === 'type'))
      rule(keyword, {
        reason: 'type did not match',
        ...considered,
        consideredType: bsonTypeName(value),
      });
  if (Array.isArray(schema.enum)) {
    const found = schema.enum.some((option) => indexKey(option) === indexKey(value));
    if (!found) rule('enum', { reason: 'value was not found in enum', ...considered });
  }
  const number = numeric(value);
  if (number !== undefined) {
    const min = numeric(schema.minimum);
    const max = numeric(schema.maximum);
    if (min !== undefined && (schema.exclusiveMinimum === true ? number <= min : number < min))
      rule('minimum', { reason: 'comparison failed', ...considered });
    if (max !== undefined && (schema.exclusiveMaximum === true ? number >= max : number > max))
      rule('maximum', { reason: 'comparison failed', ...considered });
    const multiple = numeric(schema.multipleOf);
    if (multiple !== undefined && number % multiple !== 0)
      rule('multipleOf', {
        reason: 'considered value is not a multiple of the specified value',
        ...considered,
      });
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    const minLength = numeric(schema.minLength);
    const maxLength = numeric(schema.maxLength);
    if (minLength !== undefined && length < minLength)
      rule('minLength', { reason: 'specified string length was not satisfied', ...considered });
    if (maxLength !== undefined && length > maxLength)
      rule('maxLength', { reason: 'specified string length was not satisfied', ...considered });
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value))
      rule('pattern', { reason: 'regular expression did not match', ...considered });
  }
  if (Array.isArray(value)) {
    const minItems = numeric(schema.minItems);
    const maxItems = numeric(schema.maxItems);
    if (minItems !== undefined && value.length < minItems)
      rule('minItems', { reason: 'array did not match specified length', ...considered });
    if (maxItems !== undefined && value.length > maxItems)
      rule('maxItems', { reason: 'array did not match specified length', ...considered });
    if (isPlainObject(schema.items))
      for (const [itemIndex, item] of value.entries()) {
        const details = schemaRules(schema.items, item);
        if (details.length > 0) {
          rule('items', {
            reason: 'At least one item did not match the sub-schema',
            itemIndex,
            details,
          });
          break;
        }
      }
  }
  if (isPlainObject(value) && bsonTypeOf(value) === undefined) {
    if (Array.isArray(schema.required)) {
      const missing = schema.required.filter(
        (name) => typeof name === 'string' && !Object.hasOwn(value, name),
      );
      if (missing.length > 0) rule('required', { missingProperties: missing });
    }
    const properties = isPlainObject(schema.properties) ? schema.properties : {};
    const propertiesNotSatisfied: Document[] = [];
    for (const [propertyName, sub] of Object.entries(properties)) {
      if (!Object.hasOwn(value, propertyName) || !isPlainObject(sub)) continue;
      const details = schemaRules(sub, value[propertyName]);
      if (details.length === 0) continue;
      const description =
        typeof sub.description === 'string' ? { description: sub.description } : {};
      propertiesNotSatisfied.push({ propertyName, ...description, details });
    }
    if (propertiesNotSatisfied.length > 0) rule('properties', { propertiesNotSatisfied });
    if (schema.additionalProperties === false) {
      const extra = Object.keys(value).filter((name) => !Object.hasOwn(properties, name));
      if (extra.length > 0) rule('additionalProperties', { additionalProperties: extra });
    }
  }
  for (const [keyword, combine] of [
    ['allOf', (passed: number, total: number) => passed === total],
    ['anyOf', (passed: number) => passed > 0],
    ['oneOf', (passed: number) => passed === 1],
  ] as const) {
    const list = schema[keyword];
    if (!Array.isArray(list)) continue;
    const passed = list.filter(
      (sub) => isPlainObject(sub) && schemaRules(sub, value).length === 0,
    ).length;
    if (!combine(passed, list.length)) rule(keyword, { reason: `${keyword} did not match` });
  }
  if (isPlainObject(schema.not) && schemaRules(schema.not, value).length === 0)
    rule('not', { reason: 'child schema matched' });
  return failed;
}
