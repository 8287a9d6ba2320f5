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
    if (body.startTransaction === true || body.autocommit === false || body.txnNumber !== undefined)
      throw new CommandError(
        ErrorCode.IllegalOperation,
        'Transaction numbers are only allowed on a replica set member or mongos',
      );
    checkGenericArguments(name, body);
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
