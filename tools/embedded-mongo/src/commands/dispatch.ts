import { CommandError, ErrorCode } from '../errors.ts';
import type { Document } from '../values.ts';
import { checkGenericArguments } from './checks.ts';
import type { CommandContext, CommandHandler } from './context.ts';
import { ddlCommands } from './ddl.ts';
import { explain } from './explain.ts';
import { handshakeCommands } from './handshake.ts';
import { readCommands } from './read.ts';
import { writeCommands } from './write.ts';

const commands: Record<string, CommandHandler> = {
  ...handshakeCommands,
  ...readCommands,
  ...writeCommands,
  ...ddlCommands,
  explain,
};

/** The commands the driver retries with a `txnNumber` on a replica set. */
const RETRYABLE_WRITES = new Set(['insert', 'update', 'delete', 'findAndModify', 'findandmodify']);

export function commandNameOf(body: Document): string {
  return Object.keys(body)[0] ?? '';
}

/**
 * Runs one command and always answers: unknown commands get CommandNotFound, failures
 * MongoDB's error document. Never throws.
 */
export function runCommand(
  body: Document,
  context: CommandContext,
  log: (line: string) => void,
): Document {
  const name = commandNameOf(body);
  try {
    const handler = Object.hasOwn(commands, name) ? commands[name] : undefined;
    if (!handler) throw new CommandError(ErrorCode.CommandNotFound, `no such command: '${name}'`);
    const { replicaSet } = context;
    const transaction = body.startTransaction === true || body.autocommit === false;
    if (!replicaSet && (transaction || body.txnNumber !== undefined))
      throw new CommandError(
        ErrorCode.IllegalOperation,
        'Transaction numbers are only allowed on a replica set member or mongos',
      );
    if (transaction)
      throw new CommandError(
        ErrorCode.CommandNotSupported,
        'multi-document transactions are not supported by the embedded server',
      );
    checkGenericArguments(name, body, replicaSet !== undefined);
    // A replica set's retryable write: mongod's error for a txnNumber on any other command.
    if (replicaSet && body.txnNumber !== undefined) {
      if (!RETRYABLE_WRITES.has(name))
        throw new CommandError(
          50768,
          `txnNumber may only be provided for multi-document transactions and retryable write commands. autocommit:false was not provided, and ${name} is not a retryable write command.`,
          {},
          'Location50768',
        );
      return replicaSet.retryableWrites.run(body.lsid, body.txnNumber, () =>
        handler(body, context),
      );
    }
    return handler(body, context);
  } catch (error) {
    if (error instanceof CommandError) return error.toReply();
    log(`command ${name} failed: ${(error as Error).stack ?? String(error)}`);
    return new CommandError(
      ErrorCode.InternalError,
      (error as Error).message ?? String(error),
    ).toReply();
  }
}
