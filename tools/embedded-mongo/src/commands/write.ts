import { ObjectId } from 'bson';
import { CommandError, ErrorCode } from '../errors.ts';
import {
  type EvalOptions,
  compileFilter,
  findDocuments,
  findFirst,
  idFirst,
  runMingo,
} from '../query.ts';
import type { RewriteKind } from '../storage/changes.ts';
import type { Collection } from '../storage/collection.ts';
import { type UpdateSpec, applyUpdate, isUpdateWithOperators, seedFromFilter } from '../update.ts';
import { type Document, isPlainObject } from '../values.ts';
import { checkFilter, checkIdField } from './checks.ts';
import { enforceCap, refuseView, validateDocument } from './collection-options.ts';
import {
  type CommandHandler,
  collectionName,
  documentOption,
  evalOptionsOf,
  numberOption,
} from './context.ts';

interface WriteError {
  index: number;
  code: number;
  errmsg: string;
  [detail: string]: unknown;
}

/** Puts `_id` first, generating an ObjectId when the document has none, as mongod does. */
export function withId(doc: Document): Document {
  if (Object.hasOwn(doc, '_id')) {
    if (Array.isArray(doc._id))
      throw new CommandError(ErrorCode.BadValue, "can't use an array for _id");
    checkIdField(doc);
    if (Object.keys(doc)[0] === '_id') return doc;
    const { _id, ...rest } = doc;
    return { _id, ...rest };
  }
  return { _id: new ObjectId(), ...doc };
}

/**
 * Runs the statements of a write command, collecting per-statement errors the way mongod
 * reports them: `ok: 1` with `writeErrors`, stopping at the first one when ordered.
 */
function runStatements<T>(
  statements: T[],
  ordered: boolean,
  run: (statement: T, index: number) => void,
): WriteError[] {
  const errors: WriteError[] = [];
  for (const [index, statement] of statements.entries()) {
    try {
      run(statement, index);
    } catch (error) {
      if (!(error instanceof CommandError)) throw error;
      errors.push({ index, code: error.code, errmsg: error.message, ...error.details });
      if (ordered) break;
    }
  }
  return errors;
}

function statementsOf(command: Document, field: string): Document[] {
  const list = command[field];
  if (!Array.isArray(list) || !list.every(isPlainObject))
    throw new CommandError(
      ErrorCode.FailedToParse,
      `BSON field '${field}' is missing or not an array of documents`,
    );
  return list;
}

function withWriteErrors(reply: Document, errors: WriteError[]): Document {
  return errors.length > 0 ? { ...reply, writeErrors: errors } : reply;
}

const insert: CommandHandler = (command, context) => {
  const name = collectionName(command);
  const documents = statementsOf(command, 'documents');
  let collection: Collection | undefined;
  let n = 0;
  const errors = runStatements(documents, command.ordered !== false, (doc) => {
    collection ??= context.catalog.ensureCollection(context.db, name);
    refuseView(collection);
    const stored = withId(doc);
    validateDocument(collection, stored, command);
    collection.insert(stored);
    enforceCap(collection);
    n += 1;
  });
  return withWriteErrors({ n, ok: 1 }, errors);
};

interface UpdateStatement {
  q: Document;
  u: UpdateSpec;
  upsert: boolean;
  multi: boolean;
  arrayFilters?: Document[] | undefined;
  sort?: Document | undefined;
  collation?: unknown;
}

function parseUpdateStatement(raw: Document): UpdateStatement {
  const u = raw.u;
  if (!(Array.isArray(u) || isPlainObject(u)))
    throw new CommandError(ErrorCode.FailedToParse, "BSON field 'update.updates.u' is missing");
  if (!Array.isArray(u) && raw.multi === true && !isUpdateWithOperators(u))
    throw new CommandError(
      ErrorCode.InvalidOptions,
      'multi update is not supported for replacement-style update',
    );
  return {
    q: documentOption(raw.q) ?? {},
    u: u as UpdateSpec,
    upsert: raw.upsert === true,
    multi: raw.multi === true,
    arrayFilters: Array.isArray(raw.arrayFilters) ? (raw.arrayFilters as Document[]) : undefined,
    sort: documentOption(raw.sort),
    collation: raw.collation,
  };
}

/**
 * Creates the document of an upsert: the filter's equalities, then the update on top. A
 * replacement (or a pipeline's new root) keeps only the filter's `_id` of them, unless it has
 * its own; without either, a new ObjectId.
 */
function upsertDocument(statement: {
  q: Document;
  u: UpdateSpec;
  arrayFilters?: Document[] | undefined;
  variables?: Document | undefined;
}): Document {
  const seed = seedFromFilter(statement.q);
  const { doc } = applyUpdate(seed, statement.u, {
    arrayFilters: statement.arrayFilters,
    variables: statement.variables,
    condition: statement.q,
    inserting: true,
  });
  if (!Object.hasOwn(doc, '_id') && Object.hasOwn(seed, '_id')) return { _id: seed._id, ...doc };
  return withId(doc);
}

const update: CommandHandler = (command, context) => {
  const name = collectionName(command);
  const statements = statementsOf(command, 'updates');
  // `sort` in an update statement arrived in MongoDB 8.0; 7.0's command parser refuses it
  // (findAndModify has always taken one).
  if (statements.some((statement) => Object.hasOwn(statement, 'sort')))
    throw new CommandError(
      40415,
      "BSON field 'update.updates.sort' is an unknown field.",
      {},
      'Location40415',
    );
  let n = 0;
  let nModified = 0;
  const upserted: Document[] = [];
  const errors = runStatements(statements, command.ordered !== false, (raw, index) => {
    const statement = parseUpdateStatement(raw);
    const collection = context.catalog.collection(context.db, name);
    refuseView(collection);
    checkFilter(statement.q, collection);
    const evalOptions = evalOptionsOf(command, collection?.options, statement.collation);
    const targets = collection ? matchTargets(collection, statement, evalOptions) : [];
    for (const target of targets) {
      const outcome = applyUpdate(target, statement.u, {
        arrayFilters: statement.arrayFilters,
        variables: evalOptions.variables,
        collation: evalOptions.collation,
        condition: statement.q,
        inserting: false,
      });
      n += 1;
      if (!outcome.modified) continue;
      validateDocument(collection as Collection, outcome.doc, command, target);
      (collection as Collection).replace(target, outcome.doc, rewriteKind(statement.u));
      nModified += 1;
    }
    if (targets.length === 0 && statement.upsert) {
      const doc = upsertDocument({ ...statement, variables: evalOptions.variables });
      const into = context.catalog.ensureCollection(context.db, name);
      validateDocument(into, doc, command);
      into.insert(doc);
      upserted.push({ index, _id: doc._id });
      n += 1;
    }
  });
  const reply: Document = { n, nModified, ok: 1 };
  if (upserted.length > 0) reply.upserted = upserted;
  return withWriteErrors(reply, errors);
};

/** A replacement document is a `replace` in a change stream; operators or a pipeline, an `update`. */
function rewriteKind(spec: UpdateSpec): RewriteKind {
  return Array.isArray(spec) || isUpdateWithOperators(spec) ? 'update' : 'replace';
}

function matchTargets(
  collection: Collection,
  statement: UpdateStatement,
  evalOptions: EvalOptions,
): Document[] {
  if (statement.multi) return findDocuments(collection, { filter: statement.q, ...evalOptions });
  const first = findFirst(collection, statement.q, statement.sort, evalOptions);
  return first ? [first] : [];
}

const deleteCommand: CommandHandler = (command, context) => {
  const collection = context.catalog.collection(context.db, collectionName(command));
  const statements = statementsOf(command, 'deletes');
  let n = 0;
  const errors = runStatements(statements, command.ordered !== false, (raw) => {
    refuseView(collection);
    const filter = documentOption(raw.q) ?? {};
    checkFilter(filter, collection);
    const limit = numberOption(raw.limit) ?? 0;
    const evalOptions = evalOptionsOf(command, collection?.options, raw.collation);
    if (!collection) {
      compileFilter(filter, evalOptions);
      return;
    }
    const targets = findDocuments(collection, {
      filter,
      limit: limit === 1 ? 1 : undefined,
      ...evalOptions,
    });
    for (const doc of targets) collection.remove(doc);
    n += targets.length;
  });
  return withWriteErrors({ n, ok: 1 }, errors);
};

const findAndModify: CommandHandler = (command, context) => {
  const name = collectionName(command);
  const query = documentOption(command.query) ?? {};
  const sort = documentOption(command.sort);
  const fields = documentOption(command.fields);
  const returnNew = command.new === true;
  const collection = context.catalog.collection(context.db, name);
  refuseView(collection);
  checkFilter(query, collection);
  const evalOptions = evalOptionsOf(command, collection?.options);
  const found = collection ? findFirst(collection, query, sort, evalOptions) : undefined;
  const project = (doc: Document | undefined): Document | null =>
    doc === undefined
      ? null
      : fields && Object.keys(fields).length > 0
        ? projectOne(doc, fields, query)
        : doc;

  if (command.remove === true) {
    if (found) collection?.remove(found);
    return { lastErrorObject: { n: found ? 1 : 0 }, value: project(found), ok: 1 };
  }
  const spec = command.update;
  if (!(Array.isArray(spec) || isPlainObject(spec)))
    throw new CommandError(
      ErrorCode.FailedToParse,
      'Either an update or remove=true must be specified',
    );
  const arrayFilters = Array.isArray(command.arrayFilters)
    ? (command.arrayFilters as Document[])
    : undefined;
  if (found && collection) {
    const outcome = applyUpdate(found, spec as UpdateSpec, {
      arrayFilters,
      variables: evalOptions.variables,
      collation: evalOptions.collation,
      condition: query,
      inserting: false,
    });
    if (outcome.modified) {
      validateDocument(collection, outcome.doc, command, found);
      collection.replace(found, outcome.doc, rewriteKind(spec as UpdateSpec));
    }
    return {
      lastErrorObject: { n: 1, updatedExisting: true },
      value: project(returnNew ? outcome.doc : found),
      ok: 1,
    };
  }
  if (command.upsert === true) {
    const doc = upsertDocument({
      q: query,
      u: spec as UpdateSpec,
      arrayFilters,
      variables: evalOptions.variables,
    });
    const into = context.catalog.ensureCollection(context.db, name);
    validateDocument(into, doc, command);
    into.insert(doc);
    return {
      lastErrorObject: { n: 1, updatedExisting: false, upserted: doc._id },
      value: returnNew ? project(doc) : null,
      ok: 1,
    };
  }
  return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
};

function projectOne(doc: Document, fields: Document, query: Document): Document {
  // The query is used only for positional projections; the updated document may no longer match it.
  const condition = Object.keys(fields).some((field) => field.endsWith('.$')) ? query : {};
  const projected = runMingo(() => compileFilter(condition).find<Document>([doc], fields).all()[0]);
  return projected ? idFirst(projected) : doc;
}

export const writeCommands: Record<string, CommandHandler> = {
  insert,
  update,
  delete: deleteCommand,
  findAndModify,
  findandmodify: findAndModify,
};
