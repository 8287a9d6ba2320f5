// The aggregation output stages `$out` and `$merge` (MongoDB 7.0): both must be the last stage,
// both write the pipeline's results into a collection (of this or another database) and answer
// an empty cursor. https://www.mongodb.com/docs/v7.0/reference/operator/aggregation/merge/
import { Aggregator } from 'mingo';
import { CommandError, ErrorCode } from '../errors.ts';
import { type EvalOptions, findFirst, makeAggregator, runMingo } from '../query.ts';
import type { Collection } from '../storage/collection.ts';
import { type Document, cloneValue, getPath, indexKey, isPlainObject } from '../values.ts';
import type { CommandContext } from './context.ts';
import { withId } from './write.ts';

const OUTPUT_STAGES = new Set(['$out', '$merge']);

/** 40601: an output stage anywhere but last (`$merge can only be the final stage …`). */
export function checkOutputStagePosition(stageNames: string[]): void {
  stageNames.forEach((name, i) => {
    if (OUTPUT_STAGES.has(name) && i !== stageNames.length - 1)
      throw new CommandError(
        40601,
        `${name} can only be the final stage in the pipeline`,
        {},
        'Location40601',
      );
  });
}

function locationError(code: number, message: string): CommandError {
  return new CommandError(code, message, {}, `Location${code}`);
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (isPlainObject(value)) return 'object';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'double';
  if (typeof value === 'boolean') return 'bool';
  return typeof value;
}

// --- $out -----------------------------------------------------------------------------------

/** The target of `$out: 'name'` or `$out: { db, coll }`. */
export function parseOut(spec: unknown, db: string): { db: string; coll: string } {
  if (typeof spec === 'string') return { db, coll: spec };
  if (isPlainObject(spec) && typeof spec.coll === 'string')
    return { db: typeof spec.db === 'string' ? spec.db : db, coll: spec.coll };
  throw new CommandError(ErrorCode.BadValue, '$out needs a collection name');
}

/** `$out`: replaces the target collection's documents, keeping its options and indexes. */
export function runOut(
  context: CommandContext,
  target: { db: string; coll: string },
  docs: Document[],
): void {
  const { catalog } = context;
  const previous = catalog.collection(target.db, target.coll);
  const specs = previous ? [...previous.indexes.values()].map((index) => index.spec) : [];
  if (previous) catalog.dropCollection(target.db, target.coll);
  const collection = catalog.createCollection(target.db, target.coll, previous?.options ?? {});
  for (const spec of specs) collection.createIndex(spec);
  for (const doc of docs) collection.insert(withId(doc));
}

// --- $merge ---------------------------------------------------------------------------------

type WhenMatched = 'replace' | 'keepExisting' | 'merge' | 'fail' | Document[];
type WhenNotMatched = 'insert' | 'discard' | 'fail';

export interface MergeSpec {
  db: string;
  coll: string;
  on: string[];
  let: Document | undefined;
  whenMatched: WhenMatched;
  whenNotMatched: WhenNotMatched;
}

const MERGE_FIELDS = new Set(['into', 'on', 'let', 'whenMatched', 'whenNotMatched']);
const WHEN_MATCHED = new Set(['replace', 'keepExisting', 'merge', 'fail']);
const WHEN_NOT_MATCHED = new Set(['insert', 'discard', 'fail']);
/** The stages a whenMatched pipeline may hold (those of a pipeline update). */
const UPDATE_STAGES = new Set([
  '$addFields',
  '$set',
  '$project',
  '$unset',
  '$replaceRoot',
  '$replaceWith',
]);

/** Parses a `$merge` stage with mongod's checks, codes and messages. */
export function parseMerge(value: unknown, db: string): MergeSpec {
  const spec: Document = typeof value === 'string' ? { into: value } : (value as Document);
  if (!isPlainObject(spec))
    throw locationError(
      51182,
      `$merge only supports a string or object argument, but found ${typeName(value)}`,
    );
  for (const field of Object.keys(spec))
    if (!MERGE_FIELDS.has(field))
      throw locationError(40415, `BSON field '$merge.${field}' is an unknown field.`);
  const into = parseInto(spec.into, db);
  const on = parseOn(spec.on);
  const whenMatched = parseWhenMatched(spec.whenMatched);
  const whenNotMatched = spec.whenNotMatched ?? 'insert';
  if (typeof whenNotMatched !== 'string')
    throw new CommandError(
      ErrorCode.TypeMismatch,
      `BSON field '$merge.whenNotMatched' is the wrong type '${typeName(whenNotMatched)}', expected type 'string'`,
    );
  if (!WHEN_NOT_MATCHED.has(whenNotMatched))
    throw new CommandError(
      ErrorCode.BadValue,
      `Enumeration value '${whenNotMatched}' for field '$merge.whenNotMatched' is not a valid value.`,
    );
  let letSpec: Document | undefined;
  if (spec.let !== undefined) {
    if (!isPlainObject(spec.let))
      throw new CommandError(
        ErrorCode.TypeMismatch,
        `BSON field '$merge.let' is the wrong type '${typeName(spec.let)}', expected type 'object'`,
      );
    if (!Array.isArray(whenMatched))
      throw locationError(
        51199,
        `Cannot use 'let' variables with 'whenMatched: ${whenMatched}' mode`,
      );
    if (Object.hasOwn(spec.let, 'new') && spec.let.new !== '$$ROOT')
      throw locationError(
        51273,
        "'let' may not define a value for the reserved 'new' variable other than '$$ROOT'",
      );
    letSpec = spec.let;
  }
  return {
    ...into,
    on,
    let: letSpec,
    whenMatched,
    whenNotMatched: whenNotMatched as WhenNotMatched,
  };
}

function parseInto(into: unknown, db: string): { db: string; coll: string } {
  if (typeof into === 'string') {
    if (into === '')
      throw new CommandError(ErrorCode.InvalidNamespace, `Invalid $merge namespace: ${db}.`);
    return { db, coll: into };
  }
  if (isPlainObject(into)) {
    for (const field of Object.keys(into))
      if (field !== 'db' && field !== 'coll')
        throw locationError(40415, `BSON field 'into.${field}' is an unknown field.`);
    if (typeof into.coll !== 'string' || into.coll === '')
      throw new CommandError(
        ErrorCode.InvalidNamespace,
        `Invalid $merge namespace: ${typeof into.db === 'string' ? into.db : db}.${String(into.coll ?? '')}`,
      );
    return { db: typeof into.db === 'string' ? into.db : db, coll: into.coll };
  }
  throw locationError(
    51178,
    `$merge 'into' field  must be either a string or an object, but found ${typeName(into)}`,
  );
}

function parseOn(on: unknown): string[] {
  if (on === undefined) return ['_id'];
  if (typeof on === 'string') return [on];
  if (!Array.isArray(on))
    throw locationError(
      51186,
      `$merge 'on' field  must be either a string or an array of strings, but found ${typeName(on)}`,
    );
  if (on.length === 0)
    throw locationError(
      51187,
      "If explicitly specifying $merge 'on', must include at least one field",
    );
  const fields: string[] = [];
  for (const field of on) {
    if (typeof field !== 'string')
      throw locationError(
        51134,
        `$merge 'on' array elements must be strings, but found ${typeName(field)}`,
      );
    if (fields.includes(field)) throw locationError(31465, `Found a duplicate field '${field}'`);
    fields.push(field);
  }
  return fields;
}

function parseWhenMatched(value: unknown): WhenMatched {
  if (value === undefined) return 'merge';
  if (typeof value === 'string') {
    if (!WHEN_MATCHED.has(value))
      throw new CommandError(
        ErrorCode.BadValue,
        `Enumeration value '${value}' for field 'whenMatched' is not a valid value.`,
      );
    return value as WhenMatched;
  }
  if (Array.isArray(value)) {
    for (const stage of value) {
      if (!isPlainObject(stage))
        throw new CommandError(
          ErrorCode.TypeMismatch,
          "Each element of the 'pipeline' array must be an object",
        );
      const name = Object.keys(stage)[0] ?? '';
      if (!UPDATE_STAGES.has(name))
        throw new CommandError(
          ErrorCode.InvalidOptions,
          `${name} is not allowed to be used within an update`,
        );
    }
    return value as Document[];
  }
  throw locationError(
    51191,
    `$merge 'whenMatched' field  must be either a string or an array, but found ${typeName(value)}`,
  );
}

/**
 * `on` fields other than `_id` need a unique index on exactly those fields (in any order),
 * non-partial, on the target collection: mongod's 51183 otherwise (also when the target does
 * not exist yet).
 */
function checkOnIndex(target: Collection | undefined, spec: MergeSpec): void {
  if (spec.on.length === 1 && spec.on[0] === '_id') return;
  const wanted = [...spec.on].sort().join('\u0000');
  const supported = target
    ?.indexSpecs()
    .some(
      (index) =>
        (index.unique === true || index.name === '_id_') &&
        index.partialFilterExpression === undefined &&
        Object.keys(index.key).sort().join('\u0000') === wanted,
    );
  if (!supported)
    throw locationError(51183, 'Cannot find index to verify that join fields will be unique');
}

/** `$merge`: writes each result into the target, one document at a time, as mongod does. */
export function runMerge(
  context: CommandContext,
  spec: MergeSpec,
  results: Document[],
  evalOptions: EvalOptions,
): void {
  checkOnIndex(context.catalog.collection(spec.db, spec.coll), spec);
  // The target is created on the first write, like mongod (an empty result creates nothing).
  let target: Collection | undefined;
  const collection = (): Collection =>
    (target ??= context.catalog.ensureCollection(spec.db, spec.coll));
  for (const result of results) {
    // A result without _id gets one, as an insert would (so an `_id` join never matches it).
    const doc = Object.hasOwn(result, '_id') ? withId(result) : withId(cloneValue(result));
    const filter: Document = {};
    for (const field of spec.on) {
      const value = getPath(doc, field);
      if (value === undefined || value === null || Array.isArray(value))
        throw locationError(
          51132,
          "$merge write error: 'on' field cannot be missing, null, undefined or an array",
        );
      filter[field] = { $eq: value };
    }
    const existing = context.catalog.collection(spec.db, spec.coll);
    const matched = existing ? findFirst(existing, filter) : undefined;
    if (!matched) {
      if (spec.whenNotMatched === 'insert') collection().insert(doc);
      else if (spec.whenNotMatched === 'fail')
        throw new CommandError(
          13113,
          '$merge could not find a matching document in the target collection for at least one document in the source collection',
          {},
          'MergeStageNoMatchingDocument',
        );
      continue;
    }
    const next = mergedDocument(spec, matched, doc, result, evalOptions);
    if (next === undefined) continue;
    if (next === 'fail') {
      collection().insert(doc); // answers E11000 on the matched key, as mongod does
      continue;
    }
    if (indexKey(next._id) !== indexKey(matched._id))
      throw new CommandError(
        ErrorCode.ImmutableField,
        "$merge failed to update the matching document, did you attempt to modify the _id or the shard key? :: caused by :: Performing an update on the path '_id' would modify the immutable field '_id'",
      );
    collection().replace(matched, next, spec.whenMatched === 'replace' ? 'replace' : 'update');
  }
}

/** The new version of a matched document (undefined: keep it; 'fail': whenMatched fail). */
function mergedDocument(
  spec: MergeSpec,
  matched: Document,
  doc: Document,
  result: Document,
  evalOptions: EvalOptions,
): Document | 'fail' | undefined {
  const { whenMatched } = spec;
  switch (whenMatched) {
    case 'keepExisting':
      return undefined;
    case 'fail':
      return 'fail';
    case 'replace':
      // The replacement keeps the matched _id when the result has none of its own.
      return Object.hasOwn(result, '_id') ? doc : { _id: matched._id, ...result };
    case 'merge': {
      const merged: Document = { ...matched };
      for (const key of Object.keys(result)) merged[key] = result[key];
      return merged;
    }
  }
  const variables: Document = {
    ...evalOptions.variables,
    ...letValues(spec.let, result, evalOptions),
    new: result,
  };
  const output = runMingo(
    () =>
      makeAggregator(whenMatched, { ...evalOptions, variables }, {}).run([
        cloneValue(matched),
      ]) as Document[],
  );
  const updated = output[0];
  if (!updated) return undefined;
  return Object.hasOwn(updated, '_id') ? withId(updated) : { _id: matched._id, ...updated };
}

/** The `$merge` `let` variables, evaluated against the result document. */
function letValues(
  letSpec: Document | undefined,
  result: Document,
  evalOptions: EvalOptions,
): Document {
  if (!letSpec) return {};
  const { new: _new, ...rest } = letSpec;
  if (Object.keys(rest).length === 0) return {};
  return runMingo(
    () =>
      new Aggregator([{ $replaceWith: rest }], {
        idKey: '_id',
        ...(evalOptions.variables ? { variables: evalOptions.variables } : {}),
      }).run([result])[0] as Document,
  );
}
