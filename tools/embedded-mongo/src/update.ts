import type { Collation } from './collation.ts';
import { makeAggregator, mingoOptions } from './query.ts';
import { update as applyOperators, type Modifier } from 'mingo/updater';
import { CommandError, ErrorCode } from './errors.ts';
import {
  type Document,
  bsonTypeOf,
  cloneValue,
  getPath,
  indexKey,
  isOperatorObject,
  isPlainObject,
  setPath,
} from './values.ts';

const UPDATE_OPERATORS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$rename',
  '$currentDate',
  '$push',
  '$addToSet',
  '$pop',
  '$pull',
  '$pullAll',
  '$bit',
  '$setOnInsert',
]);

export type UpdateSpec = Document | Document[];

export interface UpdateContext {
  arrayFilters?: Document[] | undefined;
  /** The command's `let` variables (`$$name` in a pipeline update or the condition). */
  variables?: Document | undefined;
  /** The operation's collation, for the condition positional `$` resolves against. */
  collation?: Collation | undefined;
  /** The update's query: positional `$` resolves against it. */
  condition: Document;
  /** True when the document is being created by an upsert ($setOnInsert applies). */
  inserting: boolean;
}

export interface UpdateOutcome {
  doc: Document;
  modified: boolean;
}

/** Applies an update (operators, replacement or pipeline) to a copy of `doc`. */
export function applyUpdate(
  doc: Document,
  spec: UpdateSpec,
  context: UpdateContext,
): UpdateOutcome {
  if (Array.isArray(spec)) return applyPipeline(doc, spec, context.variables);
  if (!isUpdateWithOperators(spec)) return applyReplacement(doc, spec);
  const modifier = prepareModifier(spec, context.inserting);
  dropUnchangedIdSet(doc, modifier);
  checkTypes(doc, modifier);
  const next = cloneValue(doc);
  let changed: string[] = [];
  if (Object.keys(modifier).length > 0) {
    // mingo applies nothing unless the document matches the condition, which an upsert's
    // seed need not (`{ n: { $gt: 5 } }`); positional paths are invalid on insert anyway.
    const condition = context.inserting ? undefined : context.condition;
    changed = runUpdater(() =>
      applyOperators(next, modifier as Modifier<Document>, context.arrayFilters, condition, {
        cloneMode: 'copy',
        queryOptions: mingoOptions({ collation: context.collation, variables: context.variables }),
      }),
    );
  }
  assertSameId(doc, next);
  return { doc: next, modified: changed.length > 0 || context.inserting };
}

/** mingo rejects `$set: { _id }` even to the same value, which MongoDB accepts. */
function dropUnchangedIdSet(doc: Document, modifier: Document): void {
  const set = modifier.$set as Document | undefined;
  if (!set || !Object.hasOwn(set, '_id')) return;
  if (Object.hasOwn(doc, '_id') && indexKey(set._id) !== indexKey(doc._id)) throw immutableId();
  const { _id, ...rest } = set;
  if (!Object.hasOwn(doc, '_id')) doc._id = _id;
  if (Object.keys(rest).length > 0) modifier.$set = rest;
  else delete modifier.$set;
}

function runUpdater<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof CommandError) throw error;
    const message = (error as Error).message;
    if (message.includes("immutable field '_id'")) throw immutableId();
    throw new CommandError(ErrorCode.BadValue, message);
  }
}

export function isUpdateWithOperators(spec: Document): boolean {
  const keys = Object.keys(spec);
  const operators = keys.filter((key) => key.startsWith('$'));
  if (operators.length > 0 && operators.length !== keys.length)
    throw new CommandError(
      ErrorCode.FailedToParse,
      `Unknown modifier: ${keys.find((key) => !key.startsWith('$')) ?? ''}. Expected a valid update modifier or pipeline-style update specified as an array`,
    );
  return operators.length > 0;
}

function prepareModifier(spec: Document, inserting: boolean): Document {
  const modifier: Document = {};
  for (const [operator, fields] of Object.entries(spec)) {
    if (!UPDATE_OPERATORS.has(operator))
      throw new CommandError(
        ErrorCode.FailedToParse,
        `Unknown modifier: ${operator}. Expected a valid update modifier or pipeline-style update specified as an array`,
      );
    if (!isPlainObject(fields))
      throw new CommandError(
        ErrorCode.FailedToParse,
        `Modifiers operate on fields but we found type ${typeof fields} instead. For example: {$mod: {<field>: ...}} not {$set: ${String(fields)}}`,
      );
    if (Object.keys(fields).length === 0) continue;
    // mingo's updater has no $setOnInsert: on insert it is a $set, otherwise nothing.
    if (operator === '$setOnInsert') {
      if (inserting) modifier.$set = { ...(modifier.$set as Document | undefined), ...fields };
      continue;
    }
    if (operator === '$set')
      modifier.$set = { ...(modifier.$set as Document | undefined), ...fields };
    else modifier[operator] = fields;
  }
  checkConflicts(modifier);
  return modifier;
}

/** MongoDB refuses two operators touching the same path or a path and its parent. */
function checkConflicts(modifier: Document): void {
  const seen: string[] = [];
  for (const [operator, fields] of Object.entries(modifier)) {
    const paths = Object.keys(fields as Document);
    if (operator === '$rename')
      paths.push(...Object.values(fields as Document).map((target) => String(target)));
    for (const pathName of paths) {
      const base = pathName.replace(/\.\$(\[[^\]]*\])?/g, '');
      const clash = seen.find(
        (other) => other === base || other.startsWith(`${base}.`) || base.startsWith(`${other}.`),
      );
      if (clash !== undefined)
        throw new CommandError(
          ErrorCode.ConflictingUpdateOperators,
          `Updating the path '${pathName}' would create a conflict at '${clash}'`,
        );
      seen.push(base);
    }
  }
}

const NUMERIC_BSON = new Set(['Long', 'Int32', 'Double', 'Decimal128']);

function isNumeric(value: unknown): boolean {
  return typeof value === 'number' || NUMERIC_BSON.has(bsonTypeOf(value) ?? '');
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value instanceof Date) return 'date';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'double';
  if (typeof value === 'boolean') return 'bool';
  const bsonType = bsonTypeOf(value);
  if (bsonType) return bsonType.toLowerCase();
  return typeof value === 'object' ? 'object' : typeof value;
}

/**
 * mingo silently ignores type mismatches ($inc on a string, $push on a non-array); MongoDB
 * rejects them, and callers rely on the error. Checked on plain paths (no positional parts).
 */
function checkTypes(doc: Document, modifier: Document): void {
  const idText = `{_id: ${JSON.stringify(indexKeyText(doc._id))}}`;
  for (const [operator, fields] of Object.entries(modifier)) {
    for (const [pathName, argument] of Object.entries(fields as Document)) {
      if (pathName.includes('$')) continue;
      if (pathName === '_id' && operator !== '$set') throw immutableId();
      const current = getPath(doc, pathName);
      if (operator === '$inc' || operator === '$mul') {
        if (!isNumeric(argument))
          throw new CommandError(
            ErrorCode.TypeMismatch,
            `Cannot ${operator === '$inc' ? 'increment' : 'multiply'} with non-numeric argument: {${pathName}: ${JSON.stringify(argument)}}`,
          );
        if (current !== undefined && !isNumeric(current))
          throw new CommandError(
            ErrorCode.TypeMismatch,
            `Cannot apply ${operator} to a value of non-numeric type. ${idText} has the field '${pathName}' of non-numeric type ${typeName(current)}`,
          );
      }
      if (
        (operator === '$push' || operator === '$addToSet') &&
        current !== undefined &&
        !Array.isArray(current)
      )
        throw new CommandError(
          ErrorCode.BadValue,
          `The field '${pathName}' must be an array but is of type ${typeName(current)} in document ${idText}`,
        );
      if (
        (operator === '$pull' || operator === '$pullAll' || operator === '$pop') &&
        current !== undefined &&
        !Array.isArray(current)
      )
        throw new CommandError(
          ErrorCode.BadValue,
          operator === '$pop'
            ? `Path '${pathName}' contains an element of non-array type '${typeName(current)}'`
            : `Cannot apply ${operator} to a non-array value`,
        );
    }
  }
}

function indexKeyText(id: unknown): string {
  return bsonTypeOf(id) === 'ObjectId' ? String(id) : indexKey(id).slice(1);
}

function immutableId(): CommandError {
  return new CommandError(
    ErrorCode.ImmutableField,
    "Performing an update on the path '_id' would modify the immutable field '_id'",
  );
}

function assertSameId(before: Document, after: Document): void {
  if (indexKey(before._id) !== indexKey(after._id)) throw immutableId();
}

/**
 * The error mongod answers when a replacement (or a pipeline's new root) carries an `_id`
 * other than the matched document's.
 */
function alteredId(id: unknown): CommandError {
  return new CommandError(
    ErrorCode.ImmutableField,
    `After applying the update, the (immutable) field '_id' was found to have been altered to _id: ${idText(id)}`,
  );
}

/** The value as mongod prints a BSON element in messages (`"text"`, `2`, `ObjectId('…')`). */
function idText(id: unknown): string {
  if (typeof id === 'string') return JSON.stringify(id);
  if (typeof id === 'number' || typeof id === 'boolean') return String(id);
  if (id === null) return 'null';
  if (bsonTypeOf(id) === 'ObjectId') return `ObjectId('${String(id)}')`;
  if (id instanceof Date) return `new Date(${id.getTime()})`;
  try {
    return JSON.stringify(id) ?? String(id);
  } catch {
    return String(id);
  }
}

function hasId(doc: Document): boolean {
  return Object.hasOwn(doc, '_id') && doc._id !== undefined;
}

/**
 * The document a replacement produces, as mongod builds it: the matched document's `_id`
 * (first), then the replacement's other fields. The replacement may repeat that `_id` but not
 * change it. A document without `_id` (an upsert whose filter has none) takes the
 * replacement's, if any; the caller generates one otherwise.
 */
function replaceKeepingId(doc: Document, replacement: Document, clone: boolean): Document {
  const replacementHasId = hasId(replacement);
  if (hasId(doc) && replacementHasId && indexKey(replacement._id) !== indexKey(doc._id))
    throw alteredId(replacement._id);
  const next: Document = {};
  if (hasId(doc)) next._id = doc._id;
  else if (replacementHasId) next._id = clone ? cloneValue(replacement._id) : replacement._id;
  for (const [key, value] of Object.entries(replacement))
    if (key !== '_id') next[key] = clone ? cloneValue(value) : value;
  return next;
}

function applyReplacement(doc: Document, replacement: Document): UpdateOutcome {
  const next = replaceKeepingId(doc, replacement, true);
  return { doc: next, modified: indexKey(next) !== indexKey(doc) };
}

/** The stages MongoDB allows in a pipeline update. */
const PIPELINE_UPDATE_STAGES = new Set([
  '$addFields',
  '$set',
  '$project',
  '$unset',
  '$replaceRoot',
  '$replaceWith',
]);

/**
 * A pipeline's result is a replacement of the document: a `$replaceRoot`/`$replaceWith`
 * that drops `_id` keeps the original one, one that changes it is error 66.
 */
function applyPipeline(
  doc: Document,
  pipeline: Document[],
  variables: Document | undefined,
): UpdateOutcome {
  const unknown = pipeline
    .map((stage) => Object.keys(stage)[0] ?? '')
    .find((name) => !PIPELINE_UPDATE_STAGES.has(name));
  if (unknown !== undefined)
    throw new CommandError(ErrorCode.BadValue, `Unknown pipeline operator: '${unknown}'.`);
  // Run as an aggregation, not through mingo's updateOne: that one also works out the
  // modified paths, and fails ("bug: failed to retrieve modified fields") on field names
  // holding `.` or `$`, which `$setField`/`$unsetField`/`$replaceWith` may produce.
  const next = cloneValue(doc);
  const output = runUpdater(
    () => makeAggregator(pipeline, { variables }, {}).run([next]) as Document[],
  );
  const result = replaceKeepingId(doc, output[0] ?? next, false);
  return { doc: result, modified: indexKey(result) !== indexKey(doc) };
}

/**
 * The document an upsert starts from: the filter's equality fields (`{ a: 1 }`,
 * `{ a: { $eq: 1 } }`, inside `$and`), as MongoDB seeds it before applying the update.
 */
export function seedFromFilter(filter: Document): Document {
  const seed: Document = {};
  addEqualities(filter, seed);
  return seed;
}

function addEqualities(filter: Document, seed: Document): void {
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(condition)) {
      for (const clause of condition) if (isPlainObject(clause)) addEqualities(clause, seed);
      continue;
    }
    if (key.startsWith('$')) continue;
    if (condition instanceof RegExp) continue;
    if (isOperatorObject(condition)) {
      if (Object.hasOwn(condition, '$eq')) setPath(seed, key, cloneValue(condition.$eq));
      continue;
    }
    setPath(seed, key, cloneValue(condition));
  }
}
