import { Aggregator } from 'mingo';
import { operationCollation } from '../collation.ts';
import { CommandError, ErrorCode } from '../errors.ts';
import type { EvalOptions } from '../query.ts';
import type { CursorStore } from '../cursors.ts';
import type { ReplicaSet } from '../replica-set.ts';
import type { Catalog } from '../storage/catalog.ts';
import type { Collection } from '../storage/collection.ts';
import type { Document } from '../values.ts';

export interface ConnectionInfo {
  id: number;
  remote: string;
}

/** What a command handler may use. */
export interface CommandContext {
  catalog: Catalog;
  cursors: CursorStore;
  db: string;
  connection: ConnectionInfo;
  /** Set in replica-set mode only; a standalone otherwise. */
  replicaSet?: ReplicaSet | undefined;
}

export type CommandHandler = (command: Document, context: CommandContext) => Document;

/** The collection named by the command's first field (`{ find: 'users' }`). */
export function collectionName(command: Document): string {
  const name = Object.values(command)[0];
  if (typeof name !== 'string' || name === '')
    throw new CommandError(
      ErrorCode.InvalidNamespace,
      `collection name has invalid type ${typeof name}`,
    );
  return name;
}

export function targetCollection(
  command: Document,
  context: CommandContext,
): Collection | undefined {
  return context.catalog.collection(context.db, collectionName(command));
}

export function namespaceNotFound(context: CommandContext, name: string): CommandError {
  return new CommandError(ErrorCode.NamespaceNotFound, `ns does not exist: ${context.db}.${name}`);
}

/** Reads an optional numeric option that may arrive as a JS number or a bson Long. */
export function numberOption(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  const asNumber = Number(String(value));
  return Number.isFinite(asNumber) ? asNumber : undefined;
}

export function documentOption(value: unknown): Document | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Document)
    : undefined;
}

/**
 * A command's `let` option: each variable's expression is evaluated once (constants, `$$NOW`,
 * operators on them), as mongod does, and handed to mingo as `$$name` variables.
 */
export function letVariables(value: unknown): Document | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value))
    throw new CommandError(
      ErrorCode.TypeMismatch,
      "BSON field 'let' is the wrong type, expected type 'object'",
    );
  if (Object.keys(value).length === 0) return undefined;
  for (const name of Object.keys(value))
    if (!/^[a-z\u0080-\uffff][\w\u0080-\uffff]*$/u.test(name))
      throw new CommandError(
        ErrorCode.FailedToParse,
        `'${name}' starts with an invalid character for a user variable name`,
      );
  try {
    return new Aggregator([{ $replaceWith: value }], { idKey: '_id' }).run([{}])[0] as Document;
  } catch (error) {
    throw new CommandError(ErrorCode.BadValue, (error as Error).message);
  }
}

function isRecord(value: unknown): value is Document {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The collation and `let` variables of a command on a collection. */
export function evalOptionsOf(
  command: Document,
  collectionOptions: Document | undefined,
  collation: unknown = command.collation,
): EvalOptions {
  return {
    collation: operationCollation(collation, collectionOptions),
    variables: letVariables(command.let),
  };
}
