// What a MongoDB 7.0 standalone refuses before running a command, with its own codes and
// messages: API version parameters, readConcern snapshot, unknown query operators, `$text`
// without a text index and `$`-prefixed names inside `_id`.
import { CommandError, ErrorCode } from '../errors.ts';
import type { Collection } from '../storage/collection.ts';
import { type Document, isPlainObject } from '../values.ts';

/** The commands of Stable API version 1 (MongoDB 7.0) that this server implements. */
const API_V1_COMMANDS = new Set([
  'abortTransaction',
  'aggregate',
  'authenticate',
  'collMod',
  'commitTransaction',
  'count',
  'create',
  'createIndexes',
  'delete',
  'drop',
  'dropDatabase',
  'dropIndexes',
  'endSessions',
  'explain',
  'find',
  'findAndModify',
  'getMore',
  'hello',
  'insert',
  'killCursors',
  'listCollections',
  'listDatabases',
  'listIndexes',
  'ping',
  'refreshSessions',
  'update',
]);

/**
 * The generic arguments every command may carry: `apiVersion`/`apiStrict`/
 * `apiDeprecationErrors` (Stable API) and `readConcern`.
 */
export function checkGenericArguments(name: string, body: Document, replicaSet = false): void {
  const { apiVersion, apiStrict, apiDeprecationErrors } = body;
  if (apiVersion === undefined) {
    if (apiStrict !== undefined)
      throw new CommandError(
        4886600,
        'Provided apiStrict without passing apiVersion',
        {},
        'Location4886600',
      );
    if (apiDeprecationErrors !== undefined)
      throw new CommandError(
        4886600,
        'Provided apiDeprecationErrors without passing apiVersion',
        {},
        'Location4886600',
      );
  } else {
    if (apiVersion !== '1')
      throw new CommandError(ErrorCode.APIVersionError, 'API version must be "1"');
    if (apiStrict === true && !API_V1_COMMANDS.has(name))
      throw new CommandError(
        ErrorCode.APIStrictError,
        `Provided apiStrict:true, but the command ${name} is not in API Version 1. Information on supported commands and migrations in API Version 1 can be found at https://dochub.mongodb.org/core/manual-versioned-api`,
      );
  }
  const readConcern = body.readConcern;
  // Transactions are refused before this; outside one, snapshot needs a replica set, and the
  // replica-set mode does not pin reads to a point in time. Other levels (majority, and
  // afterClusterTime) read the latest data, which on a single node is already majority.
  if (isPlainObject(readConcern) && readConcern.level === 'snapshot')
    throw replicaSet
      ? new CommandError(
          ErrorCode.CommandNotSupported,
          'readConcern: snapshot is not supported by the embedded server',
        )
      : new CommandError(
          ErrorCode.NotAReplicaSet,
          'node needs to be a replica set member to use readConcern: snapshot',
        );
}

const TOP_LEVEL_OPERATORS = new Set([
  '$and',
  '$or',
  '$nor',
  '$expr',
  '$where',
  '$text',
  '$comment',
  '$jsonSchema',
  '$alwaysTrue',
  '$alwaysFalse',
  '$sampleRate',
]);

const FIELD_OPERATORS = new Set([
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$nin',
  '$exists',
  '$type',
  '$mod',
  '$regex',
  '$options',
  '$elemMatch',
  '$size',
  '$all',
  '$not',
  '$bitsAllSet',
  '$bitsAnySet',
  '$bitsAllClear',
  '$bitsAnyClear',
  '$geoWithin',
  '$geoIntersects',
  '$near',
  '$nearSphere',
  '$within',
  '$minDistance',
  '$maxDistance',
  '$jsonSchema',
]);

/** DBRef fields: `{ $ref, $id }` as a value is an equality, not an operator object. */
const DBREF_FIELDS = new Set(['$ref', '$id', '$db']);

function isOperatorDocument(value: unknown): value is Document {
  if (!isPlainObject(value)) return false;
  const first = Object.keys(value)[0];
  return first !== undefined && first.startsWith('$') && !DBREF_FIELDS.has(first);
}

/**
 * Checks a query filter as mongod parses it, whether or not the collection holds documents:
 * an unknown operator is 2 BadValue, `$text` needs a text index (27 IndexNotFound).
 */
export function checkFilter(filter: unknown, collection: Collection | undefined): void {
  if (!isPlainObject(filter)) return;
  checkQuery(filter, collection);
}

function checkQuery(filter: Document, collection: Collection | undefined): void {
  for (const [key, value] of Object.entries(filter)) {
    if (key.startsWith('$')) {
      if (!TOP_LEVEL_OPERATORS.has(key))
        throw new CommandError(
          ErrorCode.BadValue,
          `unknown top level operator: ${key}. If you have a field name that starts with a '$' symbol, consider using $getField or $setField.`,
        );
      if ((key === '$and' || key === '$or' || key === '$nor') && Array.isArray(value))
        for (const clause of value) if (isPlainObject(clause)) checkQuery(clause, collection);
      if (key === '$text') checkText(collection);
      continue;
    }
    if (isOperatorDocument(value)) checkOperators(value, collection);
  }
}

function checkOperators(operators: Document, collection: Collection | undefined): void {
  for (const [operator, argument] of Object.entries(operators)) {
    if (!FIELD_OPERATORS.has(operator))
      throw new CommandError(ErrorCode.BadValue, `unknown operator: ${operator}`);
    if (operator === '$not' && isOperatorDocument(argument)) checkOperators(argument, collection);
    if (operator === '$elemMatch' && isPlainObject(argument)) {
      if (isOperatorDocument(argument) && !TOP_LEVEL_OPERATORS.has(Object.keys(argument)[0] ?? ''))
        checkOperators(argument, collection);
      else checkQuery(argument, collection);
    }
  }
}

/**
 * `$text` needs a text index (mongod: "text index required for $text query"). With one, the
 * embedded server still refuses it: it keeps text indexes as metadata only.
 */
function checkText(collection: Collection | undefined): void {
  const hasTextIndex = collection
    ?.indexSpecs()
    .some((spec) => Object.values(spec.key).includes('text'));
  if (!hasTextIndex)
    throw new CommandError(ErrorCode.IndexNotFound, 'text index required for $text query');
  throw new CommandError(
    ErrorCode.CommandNotSupported,
    '$text queries are not supported by the embedded server (text indexes are metadata only)',
  );
}

/**
 * mongod stores `$`-prefixed field names since 5.0, but not inside `_id`
 * (52 DollarPrefixedFieldName).
 */
export function checkIdField(doc: Document): void {
  const id = doc._id;
  if (!isPlainObject(id) || Object.keys(id).length === 0) return;
  const bad = findDollarField(id);
  if (bad !== undefined)
    throw new CommandError(
      ErrorCode.DollarPrefixedFieldName,
      `_id fields may not contain '$'-prefixed fields: ${bad} is not valid for storage.`,
    );
}

function findDollarField(doc: Document): string | undefined {
  // A DBRef (`{ $ref, $id, $db }`, `$ref` first) is valid for storage, also inside `_id`.
  const dbRef = Object.keys(doc)[0] === '$ref';
  for (const [key, value] of Object.entries(doc)) {
    if (key.startsWith('$') && !(dbRef && DBREF_FIELDS.has(key))) return key;
    if (isPlainObject(value)) {
      const inner = findDollarField(value);
      if (inner !== undefined) return inner;
    }
  }
  return undefined;
}
