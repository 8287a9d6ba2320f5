// `aggregate` with a leading `$changeStream` (replica-set mode): a cursor over the write history
// (src/change-log.ts) that follows new writes, as the driver's `watch()` and Agenda's change
// stream channel use it.
import { Timestamp, calculateObjectSize } from 'bson';
import type { ChangeLog, LoggedChange } from '../change-log.ts';
import { describeUpdate } from '../change-log.ts';
import { MAX_BATCH_BYTES, type CursorSource } from '../cursors.ts';
import { CommandError, ErrorCode } from '../errors.ts';
import { type EvalOptions, makeAggregator, runMingo } from '../query.ts';
import type { Catalog } from '../storage/catalog.ts';
import { type Document, cloneValue, indexKey, isPlainObject } from '../values.ts';
import { type CommandContext, documentOption, evalOptionsOf, numberOption } from './context.ts';
import { isView } from './collection-options.ts';

/** The stages mongod allows after `$changeStream` (they look at one event at a time). */
const STAGES_AFTER = new Set([
  '$match',
  '$project',
  '$addFields',
  '$set',
  '$unset',
  '$replaceRoot',
  '$replaceWith',
  '$redact',
]);

const STAGE_OPTIONS = new Set([
  'fullDocument',
  'fullDocumentBeforeChange',
  'resumeAfter',
  'startAfter',
  'startAtOperationTime',
  'allChangesForCluster',
  'showExpandedEvents',
]);

const INTERNAL_DATABASES = new Set(['admin', 'config', 'local']);

/** What a stream watches: one collection, one database, or every database (cluster). */
type Scope =
  | { kind: 'collection'; db: string; coll: string }
  | { kind: 'database'; db: string }
  | { kind: 'cluster' };

type FullDocument = 'default' | 'updateLookup';

export function openChangeStream(
  command: Document,
  pipeline: Document[],
  context: CommandContext,
  changes: ChangeLog,
): Document {
  const stageNames = pipeline.map((stage) => Object.keys(stage)[0] ?? '');
  if (stageNames.lastIndexOf('$changeStream') !== 0)
    throw locationError(40602, '$changeStream is only valid as the first stage in a pipeline');
  const spec = (pipeline[0] as Document).$changeStream;
  if (!isPlainObject(spec))
    throw locationError(50808, '$changeStream stage expects a document as argument');
  for (const name of Object.keys(spec))
    if (!STAGE_OPTIONS.has(name))
      throw locationError(40415, `BSON field '$changeStream.${name}' is an unknown field.`);
  for (const name of stageNames.slice(1))
    if (!STAGES_AFTER.has(name))
      throw new CommandError(
        ErrorCode.IllegalOperation,
        `${name} is not permitted in a $changeStream pipeline`,
      );
  const scope = scopeOf(command, spec, context);
  const fullDocument = fullDocumentOf(spec);
  const start = startPosition(spec, changes);
  const evalOptions = evalOptionsOf(command, undefined);
  const source = new ChangeStream({
    changes,
    catalog: context.catalog,
    scope,
    fullDocument,
    position: start,
    stages: pipeline.slice(1),
    evalOptions,
  });
  const namespace =
    scope.kind === 'collection' ? `${scope.db}.${scope.coll}` : `${context.db}.$cmd.aggregate`;
  const cursorOptions = documentOption(command.cursor) ?? {};
  return context.cursors.openSource(namespace, source, {
    batchSize: numberOption(cursorOptions.batchSize),
  });
}

function scopeOf(command: Document, spec: Document, context: CommandContext): Scope {
  const { db } = context;
  const cluster = spec.allChangesForCluster === true;
  if (typeof command.aggregate === 'string') {
    if (cluster)
      throw new CommandError(
        ErrorCode.InvalidOptions,
        'A change stream on a collection may not set allChangesForCluster',
      );
    if (INTERNAL_DATABASES.has(db))
      throw new CommandError(
        ErrorCode.InvalidNamespace,
        `$changeStream may not be opened on the internal ${db} database`,
      );
    const target = context.catalog.collection(db, command.aggregate);
    if (target && isView(target))
      throw new CommandError(
        ErrorCode.CommandNotSupportedOnView,
        `Namespace ${db}.${command.aggregate} is a view, not a collection`,
      );
    return { kind: 'collection', db, coll: command.aggregate };
  }
  if (command.aggregate !== 1)
    throw new CommandError(
      ErrorCode.FailedToParse,
      "Invalid command format: the 'aggregate' field must specify a collection name or 1",
    );
  if (cluster) {
    if (db !== 'admin')
      throw new CommandError(
        ErrorCode.InvalidNamespace,
        "$changeStream may only be opened on the 'admin' database if allChangesForCluster:true",
      );
    return { kind: 'cluster' };
  }
  if (INTERNAL_DATABASES.has(db))
    throw new CommandError(
      ErrorCode.InvalidNamespace,
      `$changeStream may not be opened on the internal ${db} database`,
    );
  return { kind: 'database', db };
}

const FULL_DOCUMENT = new Set(['default', 'updateLookup', 'whenAvailable', 'required']);
const FULL_DOCUMENT_BEFORE_CHANGE = new Set(['off', 'whenAvailable', 'required']);

function fullDocumentOf(spec: Document): FullDocument {
  const fullDocument = spec.fullDocument ?? 'default';
  const before = spec.fullDocumentBeforeChange ?? 'off';
  for (const [field, value, allowed] of [
    ['fullDocument', fullDocument, FULL_DOCUMENT],
    ['fullDocumentBeforeChange', before, FULL_DOCUMENT_BEFORE_CHANGE],
  ] as const)
    if (typeof value !== 'string' || !allowed.has(value))
      throw new CommandError(
        ErrorCode.BadValue,
        `'${String(value)}' is not a valid value for $changeStream.${field}`,
      );
  // Both need pre- or post-images, which the history does not keep.
  if (fullDocument === 'whenAvailable' || fullDocument === 'required' || before !== 'off')
    throw new CommandError(
      ErrorCode.CommandNotSupported,
      'pre- and post-images (fullDocument whenAvailable/required, fullDocumentBeforeChange) are not supported by the embedded server',
    );
  return fullDocument as FullDocument;
}

function startPosition(spec: Document, changes: ChangeLog): number {
  const given = ['resumeAfter', 'startAfter', 'startAtOperationTime'].filter(
    (name) => spec[name] !== undefined,
  );
  if (given.length > 1)
    throw locationError(
      40674,
      'Only one type of resume option is allowed, but multiple were found.',
    );
  if (spec.resumeAfter !== undefined) return changes.positionOf(spec.resumeAfter);
  if (spec.startAfter !== undefined) return changes.positionOf(spec.startAfter);
  const time = spec.startAtOperationTime;
  if (time !== undefined) {
    if (!(time instanceof Timestamp))
      throw new CommandError(
        ErrorCode.TypeMismatch,
        "BSON field '$changeStream.startAtOperationTime' is the wrong type, expected type 'timestamp'",
      );
    return changes.positionAt(time);
  }
  return changes.end;
}

interface StreamSetup {
  changes: ChangeLog;
  catalog: Catalog;
  scope: Scope;
  fullDocument: FullDocument;
  position: number;
  stages: Document[];
  evalOptions: EvalOptions;
}

/** One open change stream: where it stands in the history, and how it shapes events. */
class ChangeStream implements CursorSource {
  private readonly setup: StreamSetup;
  private position: number;
  /** Set by a drop of what it watches: the next batch ends with `invalidate` and the cursor. */
  private invalidatedAt: number | undefined;
  private readonly closed = new AbortController();
  private readonly transform: ((event: Document) => Document | undefined) | undefined;

  constructor(setup: StreamSetup) {
    this.setup = setup;
    this.position = setup.position;
    if (setup.stages.length > 0) {
      const aggregator = makeAggregator(setup.stages, setup.evalOptions, {});
      // Only $match reads without writing; other stages get a copy of the event.
      const copies = setup.stages.some((stage) => Object.keys(stage)[0] !== '$match');
      this.transform = (event) =>
        runMingo(() => aggregator.run([copies ? cloneValue(event) : event])[0] as Document);
    }
  }

  next(size: number): { batch: Document[]; fields: Document; done: boolean } {
    const { changes } = this.setup;
    const batch: Document[] = [];
    let bytes = 0;
    let done = false;
    while (batch.length < size && this.position < changes.end && this.invalidatedAt === undefined) {
      const entry = changes.at(this.position) as LoggedChange;
      const token = changes.token(this.position + 1);
      if (!this.watches(entry)) {
        this.position += 1;
        continue;
      }
      const event = this.output(this.event(entry, token), token);
      const eventBytes = event ? calculateObjectSize(event) : 0;
      if (event && batch.length > 0 && bytes + eventBytes > MAX_BATCH_BYTES) break;
      this.position += 1;
      if (event) {
        batch.push(event);
        bytes += eventBytes;
      }
      if (this.invalidates(entry)) {
        this.invalidatedAt = this.position;
        break;
      }
    }
    if (this.invalidatedAt !== undefined && batch.length < size) {
      const entry = changes.at(this.invalidatedAt - 1) as LoggedChange;
      batch.push({
        _id: changes.token(this.invalidatedAt),
        operationType: 'invalidate',
        clusterTime: entry.clusterTime,
        wallTime: entry.wallTime,
      });
      done = true;
    }
    return { batch, fields: { postBatchResumeToken: changes.token(this.position) }, done };
  }

  wait(ms: number): Promise<void> {
    return this.setup.changes.waitForChange(ms, this.closed.signal);
  }

  close(): void {
    this.closed.abort();
  }

  private watches({ change }: LoggedChange): boolean {
    const { scope } = this.setup;
    if (scope.kind === 'cluster') return !INTERNAL_DATABASES.has(change.db);
    if (change.db !== scope.db) return false;
    if (change.op === 'dropDatabase') return scope.kind === 'database';
    if (scope.kind === 'database') return !change.coll.startsWith('system.');
    return change.coll === scope.coll;
  }

  /** A drop of the watched collection (or database) ends the stream, as in mongod. */
  private invalidates({ change }: LoggedChange): boolean {
    const { scope } = this.setup;
    if (scope.kind === 'collection') return change.op === 'drop';
    return scope.kind === 'database' && change.op === 'dropDatabase';
  }

  /** The event as mongod 7 shapes it (without showExpandedEvents). */
  private event(entry: LoggedChange, token: Document): Document {
    const { change, clusterTime, wallTime } = entry;
    const head = { _id: token, operationType: change.op, clusterTime, wallTime };
    switch (change.op) {
      case 'insert':
      case 'replace':
        return {
          ...head,
          fullDocument: change.doc,
          ns: { db: change.db, coll: change.coll },
          documentKey: { _id: change.doc._id },
        };
      case 'update': {
        entry.updateDescription ??= describeUpdate(change.previous, change.doc);
        const event: Document = {
          ...head,
          ns: { db: change.db, coll: change.coll },
          documentKey: { _id: change.doc._id },
          updateDescription: entry.updateDescription,
        };
        // The document as it is now, not as this update left it: mongod looks it up too.
        if (this.setup.fullDocument === 'updateLookup')
          event.fullDocument =
            this.setup.catalog
              .collection(change.db, change.coll)
              ?.docs.get(indexKey(change.doc._id)) ?? null;
        return event;
      }
      case 'delete':
        return {
          ...head,
          ns: { db: change.db, coll: change.coll },
          documentKey: { _id: change.doc._id },
        };
      case 'drop':
        return { ...head, ns: { db: change.db, coll: change.coll } };
      case 'dropDatabase':
        return { ...head, ns: { db: change.db } };
    }
  }

  /** The event after the stream's own stages; undefined when a `$match` left it out. */
  private output(event: Document, token: Document): Document | undefined {
    if (!this.transform) return event;
    const result = this.transform(event);
    if (result && indexKey(result._id) !== indexKey(token))
      throw new CommandError(
        280,
        'Encountered an event whose _id field, which contains the resume token, was modified by the pipeline. Modifying the _id field of an event makes it impossible to resume the stream from that point. Only transformations that retain the unmodified _id field are allowed.',
        {},
        'ChangeStreamFatalError',
      );
    return result;
  }
}

function locationError(code: number, message: string): CommandError {
  return new CommandError(code, message, {}, `Location${code}`);
}
