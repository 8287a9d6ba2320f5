import { CommandError, ErrorCode } from '../errors.ts';
import type { CursorStore } from '../cursors.ts';
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
