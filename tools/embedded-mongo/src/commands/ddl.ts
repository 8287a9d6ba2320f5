import { Query } from 'mingo';
import { parseCollation } from '../collation.ts';
import { CommandError, ErrorCode } from '../errors.ts';
import { MINGO_OPTIONS } from '../query.ts';
import { type IndexSpec, defaultIndexName } from '../storage/secondary-index.ts';
import { ID_INDEX, type Collection } from '../storage/collection.ts';
import { type Document, bsonTypeOf, indexKey, isPlainObject } from '../values.ts';
import {
  checkCreateOptions,
  checkIndexOptions,
  checkValidatorOptions,
  isView,
  refuseView,
} from './collection-options.ts';
import {
  type CommandHandler,
  collectionName,
  documentOption,
  namespaceNotFound,
  numberOption,
} from './context.ts';

const create: CommandHandler = (command, context) => {
  const name = collectionName(command);
  const options = collectionOptions(command);
  checkCreateOptions(options);
  // A default collation is checked now; `{ locale: 'simple' }` is no default at all.
  if (options.collation !== undefined && parseCollation(options.collation) === undefined)
    delete options.collation;
  context.catalog.createCollection(context.db, name, options);
  return { ok: 1 };
};

const GENERIC_FIELDS = new Set([
  'create',
  'lsid',
  'writeConcern',
  'txnNumber',
  'autocommit',
  'comment',
  'apiVersion',
  'apiStrict',
  'apiDeprecationErrors',
]);

/** The options a create command stores (validator, capped, ...), without the generic fields. */
function collectionOptions(command: Document): Document {
  return Object.fromEntries(
    Object.entries(command).filter(([key]) => !key.startsWith('$') && !GENERIC_FIELDS.has(key)),
  );
}

const drop: CommandHandler = (command, context) => {
  const name = collectionName(command);
  const dropped = context.catalog.dropCollection(context.db, name);
  if (!dropped) return { ok: 1 };
  return { ns: dropped.namespace, nIndexesWas: dropped.indexes.size + 1, ok: 1 };
};

const dropDatabase: CommandHandler = (_command, context) => {
  context.catalog.dropDatabase(context.db);
  return { dropped: context.db, ok: 1 };
};

const listDatabases: CommandHandler = (command, context) => {
  let databases: Document[] = context.catalog.databaseNames().map((name) => {
    const docs = context.catalog.collections(name).reduce((sum, c) => sum + c.size, 0);
    return { name, sizeOnDisk: docs * 256 + 4096, empty: docs === 0 };
  });
  const filter = documentOption(command.filter);
  if (filter) databases = new Query(filter, MINGO_OPTIONS).find<Document>(databases).all();
  if (command.nameOnly === true)
    return { databases: databases.map(({ name }) => ({ name })), ok: 1 };
  const totalSize = databases.reduce((sum, db) => sum + Number(db.sizeOnDisk), 0);
  return { databases, totalSize, totalSizeMb: Math.round(totalSize / 1024 / 1024), ok: 1 };
};

const listCollections: CommandHandler = (command, context) => {
  let infos: Document[] = context.catalog.collections(context.db).map((collection) =>
    isView(collection)
      ? {
          name: collection.name,
          type: 'view',
          options: collection.options,
          info: { readOnly: true },
        }
      : {
          name: collection.name,
          type: 'collection',
          options: collection.options,
          info: { readOnly: false },
          idIndex: ID_INDEX,
        },
  );
  const filter = documentOption(command.filter);
  if (filter && Object.keys(filter).length > 0)
    infos = new Query(filter, MINGO_OPTIONS).find<Document>(infos).all();
  if (command.nameOnly === true) infos = infos.map(({ name, type }) => ({ name, type }));
  const cursor = documentOption(command.cursor) ?? {};
  return context.cursors.open(`${context.db}.$cmd.listCollections`, infos, {
    batchSize: numberOption(cursor.batchSize),
  });
};

const INDEX_OPTIONS = new Set([
  'unique',
  'sparse',
  'partialFilterExpression',
  'expireAfterSeconds',
  'collation',
  'hidden',
  'weights',
  'default_language',
  'language_override',
  'textIndexVersion',
  '2dsphereIndexVersion',
  'bits',
  'min',
  'max',
  'wildcardProjection',
]);

/** Normalises a createIndexes entry into the spec listIndexes will report. */
function indexSpecOf(raw: unknown): IndexSpec {
  if (!isPlainObject(raw) || !isPlainObject(raw.key) || Object.keys(raw.key).length === 0)
    throw new CommandError(ErrorCode.BadValue, 'Index spec must have a non-empty key document');
  const key = raw.key as Record<string, number | string>;
  for (const direction of Object.values(key))
    if (
      typeof direction !== 'number' &&
      typeof direction !== 'string' &&
      bsonTypeOf(direction) === undefined
    )
      throw new CommandError(
        ErrorCode.BadValue,
        `Values in the index key pattern must be numbers or strings`,
      );
  const name = typeof raw.name === 'string' ? raw.name : defaultIndexName(key);
  const spec: IndexSpec = { v: 2, key: normaliseKey(key), name };
  for (const [option, value] of Object.entries(raw)) {
    if (!INDEX_OPTIONS.has(option)) continue;
    if ((option === 'unique' || option === 'sparse' || option === 'hidden') && value !== true)
      continue;
    spec[option] = option === 'expireAfterSeconds' ? numberOption(value) : value;
  }
  return spec;
}

/**
 * An index without a collation takes the collection's default, as in mongod; an explicit
 * `{ locale: 'simple' }` means binary comparison and is not reported.
 */
function withCollation(spec: IndexSpec, collectionOptions: Document | undefined): IndexSpec {
  if (spec.collation === undefined) {
    if (collectionOptions?.collation !== undefined) spec.collation = collectionOptions.collation;
  } else if (parseCollation(spec.collation) === undefined) delete spec.collation;
  return spec;
}

/** Int32, Long and Double directions arrive as numbers or bson objects; store plain numbers. */
function normaliseKey(key: Record<string, unknown>): Record<string, number | string> {
  const out: Record<string, number | string> = {};
  for (const [field, direction] of Object.entries(key))
    out[field] = typeof direction === 'string' ? direction : (numberOption(direction) ?? 1);
  return out;
}

const createIndexes: CommandHandler = (command, context) => {
  const name = collectionName(command);
  const raw = command.indexes;
  if (!Array.isArray(raw) || raw.length === 0)
    throw new CommandError(ErrorCode.BadValue, 'Must specify at least one index to create');
  const existing = context.catalog.collection(context.db, name);
  refuseView(existing);
  for (const entry of raw) checkIndexOptions(entry);
  const specs = raw.map((entry) => withCollation(indexSpecOf(entry), existing?.options));
  const collection = existing ?? context.catalog.ensureCollection(context.db, name);
  const before = collection.indexes.size + 1;
  const created = specs
    .map((spec) => collection.createIndex(spec))
    .filter((result) => result === 'created');
  const reply: Document = {
    numIndexesBefore: before,
    numIndexesAfter: collection.indexes.size + 1,
    createdCollectionAutomatically: !existing,
    ok: 1,
  };
  if (created.length === 0) reply.note = 'all indexes already exist';
  return reply;
};

const listIndexes: CommandHandler = (command, context) => {
  const name = collectionName(command);
  const collection = context.catalog.collection(context.db, name);
  if (!collection) throw namespaceNotFound(context, name);
  const cursor = documentOption(command.cursor) ?? {};
  return context.cursors.open(`${context.db}.${name}`, collection.indexSpecs(), {
    batchSize: numberOption(cursor.batchSize),
  });
};

/** The indexes a dropIndexes or collMod argument names: a name, a key pattern, a list or '*'. */
function resolveIndexes(collection: Collection, target: unknown): string[] {
  if (target === '*') return [...collection.indexes.keys()];
  const targets = Array.isArray(target) ? target : [target];
  return targets.map((one) => {
    if (typeof one === 'string') {
      if (one === ID_INDEX.name)
        throw new CommandError(ErrorCode.InvalidOptions, 'cannot drop _id index');
      if (!collection.indexes.has(one))
        throw new CommandError(ErrorCode.IndexNotFound, `index not found with name [${one}]`);
      return one;
    }
    if (isPlainObject(one)) {
      const match = [...collection.indexes.values()].find(
        (index) => indexKey(index.spec.key) === indexKey(normaliseKey(one)),
      );
      if (!match)
        throw new CommandError(
          ErrorCode.IndexNotFound,
          `can't find index with key: ${JSON.stringify(one)}`,
        );
      return match.spec.name;
    }
    throw new CommandError(ErrorCode.BadValue, 'invalid index name spec');
  });
}

const dropIndexes: CommandHandler = (command, context) => {
  const name = collectionName(command);
  const collection = context.catalog.collection(context.db, name);
  if (!collection) throw namespaceNotFound(context, name);
  const was = collection.indexes.size + 1;
  for (const indexName of resolveIndexes(collection, command.index))
    collection.dropIndex(indexName);
  return { nIndexesWas: was, ok: 1 };
};

const collMod: CommandHandler = (command, context) => {
  const name = collectionName(command);
  const collection = context.catalog.collection(context.db, name);
  if (!collection) throw namespaceNotFound(context, name);
  const validation = Object.fromEntries(
    ['validator', 'validationLevel', 'validationAction']
      .filter((key) => command[key] !== undefined)
      .map((key) => [key, command[key]]),
  );
  if (Object.keys(validation).length > 0) {
    refuseView(collection);
    checkValidatorOptions(validation);
    context.catalog.setOptions(collection, { ...collection.options, ...validation });
  }
  const change = documentOption(command.index);
  if (!change) return { ok: 1 };
  checkIndexOptions(change);
  const target = change.name ?? change.keyPattern;
  const [indexName] = resolveIndexes(collection, target);
  const index = indexName === undefined ? undefined : collection.indexes.get(indexName);
  if (!index) throw new CommandError(ErrorCode.IndexNotFound, 'cannot find index');
  const reply: Document = { ok: 1 };
  const seconds = numberOption(change.expireAfterSeconds);
  const spec: IndexSpec = { ...index.spec };
  if (seconds !== undefined) {
    reply.expireAfterSeconds_old = index.spec.expireAfterSeconds;
    reply.expireAfterSeconds_new = seconds;
    spec.expireAfterSeconds = seconds;
  }
  if (typeof change.hidden === 'boolean') {
    reply.hidden_old = index.spec.hidden === true;
    reply.hidden_new = change.hidden;
    if (change.hidden) spec.hidden = true;
    else delete spec.hidden;
  }
  collection.updateIndexSpec(spec);
  return reply;
};

export const ddlCommands: Record<string, CommandHandler> = {
  create,
  drop,
  dropDatabase,
  listDatabases,
  listCollections,
  createIndexes,
  listIndexes,
  dropIndexes,
  deleteIndexes: dropIndexes,
  collMod,
};
