// `explain` of find and count, in the shape of a MongoDB 7.0 classic-engine plan: the stages
// the read went through (COLLSCAN, IDHACK, IXSCAN + FETCH, SORT, SKIP, LIMIT, projection,
// COUNT) and, at executionStats verbosity, what it read. Only the winning plan is reported.
import { CommandError, ErrorCode } from '../errors.ts';
import { type FindSpec, type FindTrace, findDocuments } from '../query.ts';
import { type Document, isPlainObject } from '../values.ts';
import { checkFilter } from './checks.ts';
import { isView } from './collection-options.ts';
import {
  type CommandHandler,
  collectionName,
  documentOption,
  evalOptionsOf,
  numberOption,
} from './context.ts';

const VERBOSITIES = new Set(['queryPlanner', 'executionStats', 'allPlansExecution']);

/** mongod's in-memory sort limit (100 MB), reported on SORT stages. */
const SORT_MEMORY_LIMIT = 104_857_600;

export const explain: CommandHandler = (command, context) => {
  const inner = command.explain;
  if (!isPlainObject(inner))
    throw new CommandError(ErrorCode.BadValue, 'explain command requires a nested object');
  // mongod's default verbosity for the explain command.
  const verbosity = command.verbosity ?? 'allPlansExecution';
  if (typeof verbosity !== 'string' || !VERBOSITIES.has(verbosity))
    throw new CommandError(
      ErrorCode.FailedToParse,
      `verbosity string must be one of {'queryPlanner', 'executionStats', 'allPlansExecution'}`,
    );
  const commandName = Object.keys(inner)[0] ?? '';
  if (commandName !== 'find' && commandName !== 'count')
    throw new CommandError(
      ErrorCode.CommandNotSupported,
      `explain of ${commandName} is not supported by the embedded server (find and count are)`,
    );
  const name = collectionName(inner);
  const collection = context.catalog.collection(context.db, name);
  if (collection && isView(collection))
    throw new CommandError(
      ErrorCode.CommandNotSupported,
      'explain on a view is not supported by the embedded server',
    );
  const evalOptions = evalOptionsOf(inner, collection?.options);
  const isCount = commandName === 'count';
  const filter = documentOption(isCount ? inner.query : inner.filter) ?? {};
  checkFilter(filter, collection);
  const limit = numberOption(inner.limit);
  const spec: FindSpec = {
    ...evalOptions,
    filter,
    sort: isCount ? undefined : documentOption(inner.sort),
    projection: isCount ? undefined : documentOption(inner.projection),
    skip: numberOption(inner.skip),
    limit: limit === undefined ? undefined : Math.abs(limit),
  };
  const trace: FindTrace = { docsExamined: 0 };
  const started = performance.now();
  const fastCount =
    isCount && Object.keys(filter).length === 0 && !spec.skip && !spec.limit && collection;
  const results = fastCount ? [] : findDocuments(collection, spec, trace);
  const elapsed = performance.now() - started;
  const plan = fastCount
    ? { stage: 'RECORD_STORE_FAST_COUNT' }
    : isCount
      ? { stage: 'COUNT', inputStage: readStages(spec, trace) }
      : readStages(spec, trace);
  const reply: Document = {
    explainVersion: '1',
    queryPlanner: {
      namespace: `${context.db}.${name}`,
      indexFilterSet: false,
      parsedQuery: filter,
      winningPlan: plan,
      rejectedPlans: [],
    },
  };
  if (verbosity !== 'queryPlanner')
    reply.executionStats = {
      executionSuccess: true,
      nReturned: isCount ? 0 : results.length,
      executionTimeMillis: Math.round(elapsed),
      totalKeysExamined: trace.candidates?.keysExamined?.count ?? 0,
      totalDocsExamined: trace.docsExamined,
    };
  reply.command = { ...inner, $db: context.db };
  reply.ok = 1;
  return reply;
};

/** The stages of a find, innermost first: how candidates were read, then sort, skip, limit. */
function readStages(spec: FindSpec, trace: FindTrace): Document {
  const candidates = trace.candidates;
  const filter = spec.filter ?? {};
  const hasFilter = Object.keys(filter).length > 0;
  let stage: Document;
  if (!candidates?.index) stage = { stage: 'COLLSCAN', filter, direction: 'forward' };
  else if (candidates.idLookup) stage = { stage: 'IDHACK' };
  else
    stage = {
      stage: 'FETCH',
      ...(hasFilter && !candidates.exact ? { filter } : {}),
      inputStage: {
        stage: 'IXSCAN',
        keyPattern: candidates.index.key,
        indexName: candidates.index.name,
        direction: candidates.direction ?? 'forward',
      },
    };
  const skip = spec.skip ?? 0;
  const limit = spec.limit ?? 0;
  if (trace.sortedInMemory)
    stage = {
      stage: 'SORT',
      sortPattern: spec.sort,
      memLimit: SORT_MEMORY_LIMIT,
      ...(limit > 0 ? { limitAmount: skip + limit } : {}),
      type: 'simple',
      inputStage: stage,
    };
  if (skip > 0) stage = { stage: 'SKIP', skipAmount: skip, inputStage: stage };
  if (limit > 0 && !trace.sortedInMemory)
    stage = { stage: 'LIMIT', limitAmount: limit, inputStage: stage };
  if (spec.projection && Object.keys(spec.projection).length > 0)
    stage = { stage: 'PROJECTION_DEFAULT', transformBy: spec.projection, inputStage: stage };
  return stage;
}
