import { type Collation, foldValue } from '../collation.ts';
import { CommandError, ErrorCode } from '../errors.ts';
import {
  type EvalOptions,
  compileFilter,
  findDocuments,
  idFirst,
  makeAggregator,
  runMingo,
} from '../query.ts';
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
import { openChangeStream } from './change-stream.ts';
import { checkFilter } from './checks.ts';
import { isView, resolveView } from './collection-options.ts';
import { checkOutputStagePosition, parseMerge, parseOut, runMerge, runOut } from './merge.ts';

const find: CommandHandler = (command, context) => {
  const name = collectionName(command);
  const limit = numberOption(command.limit);
  const collection = context.catalog.collection(context.db, name);
  checkFilter(command.filter, collection);
  const tailable = command.tailable === true;
  if (tailable) checkTailable(collection);
  const evalOptions = evalOptionsOf(command, collection?.options);
  const spec = {
    ...evalOptions,
    filter: documentOption(command.filter),
    sort: documentOption(command.sort),
    projection: documentOption(command.projection),
    skip: numberOption(command.skip),
    limit,
  };
  const docs =
    collection && isView(collection)
      ? viewDocuments(context, collection, findStages(spec), evalOptions)
      : findDocuments(collection, spec);
  const results =
    command.returnKey === true && collection && !isView(collection)
      ? returnKeys(collection, docs, command.hint, {
          filter: documentOption(command.filter) ?? {},
          collation: evalOptions.collation,
        })
      : docs;
  return context.cursors.open(`${context.db}.${name}`, results, {
    batchSize: numberOption(command.batchSize),
    singleBatch: command.singleBatch === true || (limit !== undefined && limit < 0),
    follow: tailable && collection ? tail(context, collection, spec) : undefined,
    awaitData: tailable && command.awaitData === true,
  });
};

/** Tailable cursors need a capped collection (mongod: 2 BadValue); a view is not one. */
function checkTailable(collection: Collection | undefined): void {
  if (collection?.options.capped !== true || isView(collection))
    throw new CommandError(
      ErrorCode.BadValue,
      'error processing query: tailable cursor requested on non capped collection',
    );
}

/**
 * What a tailable cursor returns on each getMore once it reached the end: the documents stored
 * after the last one it saw (in natural order), filtered and projected as the find asked. The
 * last seen document deleted is 136 CappedPositionLost, as in mongod.
 */
function tail(
  context: CommandContext,
  collection: Collection,
  spec: { filter?: Document | undefined; projection?: Document | undefined } & EvalOptions,
): () => Document[] {
  const lastKey = (): string | undefined => {
    let last: Document | undefined;
    for (const doc of collection.docs.values()) last = doc;
    return last === undefined ? undefined : indexKey(last._id);
  };
  let seen = lastKey();
  return () => {
    const current = context.catalog.collection(collection.db, collection.name);
    if (current !== collection)
      throw new CommandError(ErrorCode.CursorNotFound, 'collection dropped between getMore calls');
    const fresh: Document[] = [];
    let found = seen === undefined;
    for (const [key, doc] of collection.docs) {
      if (found) fresh.push(doc);
      else if (key === seen) found = true;
    }
    if (!found)
      throw new CommandError(
        136,
        'CollectionScan died due to position in capped collection being deleted.',
        {},
        'CappedPositionLost',
      );
    if (fresh.length === 0) return [];
    seen = indexKey((fresh[fresh.length - 1] as Document)._id);
    const matching =
      spec.filter && Object.keys(spec.filter).length > 0
        ? fresh.filter((doc) =>
            runMingo(() => compileFilter(spec.filter as Document, spec).test(doc)),
          )
        : fresh;
    return spec.projection && Object.keys(spec.projection).length > 0
      ? runMingo(() =>
          compileFilter({}, spec).find<Document>(matching, spec.projection).all().map(idFirst),
        )
      : matching;
  };
}

/** A find on a view: its filter, sort, skip, limit and projection as stages after the view's. */
function findStages(spec: {
  filter?: Document | undefined;
  sort?: Document | undefined;
  projection?: Document | undefined;
  skip?: number | undefined;
  limit?: number | undefined;
}): Document[] {
  const stages: Document[] = [];
  if (spec.filter && Object.keys(spec.filter).length > 0) stages.push({ $match: spec.filter });
  if (spec.sort && Object.keys(spec.sort).length > 0) stages.push({ $sort: spec.sort });
  if (spec.skip && spec.skip > 0) stages.push({ $skip: spec.skip });
  if (spec.limit && spec.limit !== 0) stages.push({ $limit: Math.abs(spec.limit) });
  if (spec.projection && Object.keys(spec.projection).length > 0)
    stages.push({ $project: spec.projection });
  return stages;
}

/** Runs the view's pipeline over its source collection, then `stages`. */
function viewDocuments(
  context: CommandContext,
  view: Collection,
  stages: Document[],
  evalOptions: EvalOptions,
): Document[] {
  const { source, pipeline } = resolveView(context, view);
  return runPipeline(source, [...pipeline, ...stages], context, evalOptions);
}

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
  checkFilter(query, collection);
  const skip = numberOption(command.skip) ?? 0;
  const limit = numberOption(command.limit) ?? 0;
  const evalOptions = evalOptionsOf(command, collection?.options);
  if (!collection) return { n: 0, ok: 1 };
  if (isView(collection)) {
    const stages = findStages({ filter: query, skip, limit });
    return { n: viewDocuments(context, collection, stages, evalOptions).length, ok: 1 };
  }
  if (Object.keys(query).length === 0 && skip === 0 && limit === 0)
    return { n: collection.size, ok: 1 };
  const n = findDocuments(collection, { filter: query, skip, limit, ...evalOptions }).length;
  return { n, ok: 1 };
};

const distinct: CommandHandler = (command, context) => {
  const key = command.key;
  if (typeof key !== 'string') throw new CommandError(ErrorCode.BadValue, 'distinct needs a key');
  const collection = targetCollection(command, context);
  checkFilter(command.query, collection);
  const { collation } = evalOptionsOf(command, collection?.options);
  const filter = documentOption(command.query);
  const docs =
    collection && isView(collection)
      ? viewDocuments(context, collection, findStages({ filter }), { collation })
      : findDocuments(collection, { filter, collation });
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
  if (stageNames.includes('$changeStream') && context.replicaSet)
    return openChangeStream(command, pipeline, context, context.replicaSet.changes);
  if (stageNames.includes('$changeStream'))
    throw new CommandError(
      40573,
      'The $changeStream stage is only supported on replica sets',
      {},
      'Location40573',
    );
  const target = typeof command.aggregate === 'string' ? command.aggregate : undefined;
  const collection = target ? context.catalog.collection(context.db, target) : undefined;
  if (isPlainObject(pipeline[0]?.$match)) checkFilter(pipeline[0].$match, collection);
  checkOutputStagePosition(stageNames);
  const last = pipeline[pipeline.length - 1];
  const lastName = stageNames[stageNames.length - 1];
  // $out and $merge: parsed (and refused) before the pipeline runs, as mongod does.
  const out = lastName === '$out' ? parseOut(last?.$out, context.db) : undefined;
  const merge = lastName === '$merge' ? parseMerge(last?.$merge, context.db) : undefined;
  const stages = out || merge ? pipeline.slice(0, -1) : pipeline;
  const evalOptions = evalOptionsOf(command, collection?.options);
  // On a view, the view's pipeline runs first, over its source collection.
  const view = collection && isView(collection) ? resolveView(context, collection) : undefined;
  const results = view
    ? runPipeline(view.source, [...view.pipeline, ...stages], context, evalOptions)
    : runPipeline(collection, stages, context, evalOptions);
  if (out || merge) {
    if (out) runOut(context, out, results);
    if (merge) runMerge(context, merge, results, evalOptions);
    return context.cursors.open(`${context.db}.${target ?? '$cmd.aggregate'}`, []);
  }
  const cursorOptions = documentOption(command.cursor) ?? {};
  return context.cursors.open(`${context.db}.${target ?? '$cmd.aggregate'}`, results, {
    batchSize: numberOption(cursorOptions.batchSize),
  });
};

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
    collectionResolver: (name) => {
      const from = context.catalog.collection(context.db, name);
      if (from && isView(from)) return viewDocuments(context, from, [], evalOptions);
      return [...(from?.docs.values() ?? [])].map(cloneValue);
    },
  });
  return runMingo(() => aggregator.run(input) as Document[]);
}

export const readCommands: Record<string, CommandHandler> = {
  find,
  getMore,
  killCursors,
  count,
  distinct,
  aggregate,
};
