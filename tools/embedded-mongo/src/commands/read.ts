import { type Collation, foldValue } from '../collation.ts';
import { CommandError, ErrorCode } from '../errors.ts';
import { type EvalOptions, findDocuments, makeAggregator, runMingo } from '../query.ts';
import type { Collection } from '../storage/collection.ts';
import type { IndexSpec } from '../storage/secondary-index.ts';
import { type Document, cloneValue, indexKey, isPlainObject, pathValues } from '../values.ts';
import {
  type CommandContext,
  type CommandHandler,
  collectionName,
  documentOption,
  evalOptionsOf,
  numberOption,
  targetCollection,
} from './context.ts';
import { withId } from './write.ts';

const find: CommandHandler = (command, context) => {
  const name = collectionName(command);
  const limit = numberOption(command.limit);
  const collection = context.catalog.collection(context.db, name);
  const evalOptions = evalOptionsOf(command, collection?.options);
  const docs = findDocuments(collection, {
    ...evalOptions,
    filter: documentOption(command.filter),
    sort: documentOption(command.sort),
    projection: documentOption(command.projection),
    skip: numberOption(command.skip),
    limit,
  });
  const results =
    command.returnKey === true && collection
      ? returnKeys(collection, docs, command.hint, {
          filter: documentOption(command.filter) ?? {},
          collation: evalOptions.collation,
        })
      : docs;
  return context.cursors.open(`${context.db}.${name}`, results, {
    batchSize: numberOption(command.batchSize),
    singleBatch: command.singleBatch === true || (limit !== undefined && limit < 0),
  });
};

/**
 * `returnKey`: each document reduced to the key of the index the find used (the hinted one,
 * else the one the planner chose), `{}` when it used none.
 */
function returnKeys(
  collection: Collection,
  docs: Document[],
  hint: unknown,
  query: { filter: Document; collation?: Collation | undefined },
): Document[] {
  const index =
    hint === undefined || (isPlainObject(hint) && Object.keys(hint).length === 0)
      ? collection.candidates(query.filter, query.collation).index
      : hintedIndex(collection, hint);
  if (!index) return docs.map(() => ({}));
  const fields = Object.keys(index.key);
  return docs.map((doc) => {
    const key: Document = {};
    for (const field of fields) key[field] = pathValues(doc, field)[0] ?? null;
    return key;
  });
}

function hintedIndex(collection: Collection, hint: unknown): IndexSpec {
  const found = collection
    .indexSpecs()
    .find((spec) =>
      typeof hint === 'string' ? spec.name === hint : indexKey(spec.key) === indexKey(hint),
    );
  if (!found)
    throw new CommandError(
      ErrorCode.BadValue,
      'error processing query: planner returned error :: caused by :: hint provided does not correspond to an existing index',
    );
  return found;
}

const getMore: CommandHandler = (command, context) => {
  const name = command.collection;
  if (typeof name !== 'string')
    throw new CommandError(ErrorCode.BadValue, 'getMore needs a collection');
  return context.cursors.getMore(
    command.getMore,
    `${context.db}.${name}`,
    numberOption(command.batchSize),
  );
};

const killCursors: CommandHandler = (command, context) =>
  context.cursors.kill(Array.isArray(command.cursors) ? command.cursors : []);

const count: CommandHandler = (command, context) => {
  const collection = targetCollection(command, context);
  const query = documentOption(command.query) ?? {};
  const skip = numberOption(command.skip) ?? 0;
  const limit = numberOption(command.limit) ?? 0;
  const evalOptions = evalOptionsOf(command, collection?.options);
  if (!collection) return { n: 0, ok: 1 };
  if (Object.keys(query).length === 0 && skip === 0 && limit === 0)
    return { n: collection.size, ok: 1 };
  const n = findDocuments(collection, { filter: query, skip, limit, ...evalOptions }).length;
  return { n, ok: 1 };
};

const distinct: CommandHandler = (command, context) => {
  const key = command.key;
  if (typeof key !== 'string') throw new CommandError(ErrorCode.BadValue, 'distinct needs a key');
  const collection = targetCollection(command, context);
  const { collation } = evalOptionsOf(command, collection?.options);
  const docs = findDocuments(collection, { filter: documentOption(command.query), collation });
  // Under a collation, values it holds equal are one value (the first one seen).
  const keyOf = (value: unknown): string =>
    indexKey(collation ? foldValue(collation, value) : value);
  const values = new Map<string, unknown>();
  for (const doc of docs)
    for (const value of pathValues(doc, key))
      if (value !== undefined && !Array.isArray(value) && !values.has(keyOf(value)))
        values.set(keyOf(value), value);
  return { values: [...values.values()], ok: 1 };
};

/** Stages that only read their input, so the stored documents need no copy. */
const READ_ONLY_STAGES = new Set([
  '$match',
  '$sort',
  '$skip',
  '$limit',
  '$count',
  '$group',
  '$project',
  '$sortByCount',
]);

const aggregate: CommandHandler = (command, context) => {
  const pipeline = command.pipeline;
  if (!Array.isArray(pipeline) || !pipeline.every(isPlainObject))
    throw new CommandError(
      ErrorCode.FailedToParse,
      "'pipeline' option must be specified as an array",
    );
  const stageNames = pipeline.map((stage) => Object.keys(stage)[0] ?? '');
  if (stageNames.includes('$changeStream'))
    throw new CommandError(
      40573,
      'The $changeStream stage is only supported on replica sets',
      {},
      'Location40573',
    );
  const target = typeof command.aggregate === 'string' ? command.aggregate : undefined;
  const collection = target ? context.catalog.collection(context.db, target) : undefined;
  const last = pipeline[pipeline.length - 1];
  const outTarget =
    stageNames[stageNames.length - 1] === '$out' ? outCollectionName(last?.$out) : undefined;
  if (stageNames.includes('$merge'))
    throw new CommandError(
      ErrorCode.CommandNotFound,
      '$merge is not supported by the embedded server',
      {},
      'CommandNotSupported',
    );
  const stages = outTarget === undefined ? pipeline : pipeline.slice(0, -1);
  const results = runPipeline(
    collection,
    stages,
    context,
    evalOptionsOf(command, collection?.options),
  );
  if (outTarget !== undefined) {
    replaceContents(context, outTarget, results);
    return context.cursors.open(`${context.db}.${target ?? '$cmd.aggregate'}`, []);
  }
  const cursorOptions = documentOption(command.cursor) ?? {};
  return context.cursors.open(`${context.db}.${target ?? '$cmd.aggregate'}`, results, {
    batchSize: numberOption(cursorOptions.batchSize),
  });
};

function outCollectionName(out: unknown): string {
  if (typeof out === 'string') return out;
  if (isPlainObject(out) && typeof out.coll === 'string') return out.coll;
  throw new CommandError(ErrorCode.BadValue, '$out needs a collection name');
}

function runPipeline(
  collection: Collection | undefined,
  pipeline: Document[],
  context: CommandContext,
  evalOptions: EvalOptions,
): Document[] {
  let input: Document[] = [];
  let stages = pipeline;
  const first = pipeline[0];
  if (collection) {
    // A leading $match goes through the collection's planner, so it can use an index.
    if (first && isPlainObject(first.$match)) {
      input = findDocuments(collection, { filter: first.$match, ...evalOptions });
      stages = pipeline.slice(1);
    } else input = [...collection.docs.values()];
  }
  if (stages.length === 0) return input;
  const mutates = stages.some((stage) => !READ_ONLY_STAGES.has(Object.keys(stage)[0] ?? ''));
  if (mutates) input = input.map(cloneValue);
  const aggregator = makeAggregator(stages, evalOptions, {
    collectionResolver: (name) =>
      [...(context.catalog.collection(context.db, name)?.docs.values() ?? [])].map(cloneValue),
  });
  return runMingo(() => aggregator.run(input) as Document[]);
}

function replaceContents(context: CommandContext, name: string, docs: Document[]): void {
  const previous = context.catalog.collection(context.db, name);
  const specs = previous ? [...previous.indexes.values()].map((index) => index.spec) : [];
  if (previous) context.catalog.dropCollection(context.db, name);
  const collection = context.catalog.createCollection(context.db, name, previous?.options ?? {});
  for (const spec of specs) collection.createIndex(spec);
  for (const doc of docs) collection.insert(withId(doc));
}

export const readCommands: Record<string, CommandHandler> = {
  find,
  getMore,
  killCursors,
  count,
  distinct,
  aggregate,
};
