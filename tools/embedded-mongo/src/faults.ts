/** What a failed command answers. */
export interface InjectedError {
  code: number;
  errmsg?: string;
  codeName?: string;
  /** Labels such as 'RetryableWriteError' the driver acts on. */
  errorLabels?: string[];
}

export interface FailCommandsOptions extends InjectedError {
  /** Only these command names fail (default: every command but the handshake). */
  commands?: string[];
}

/** Fault injection for reliability tests, reachable from the handle `startEmbeddedMongo` returns. */
export interface FaultControls {
  /** Closes every open client connection; the server keeps accepting new ones. */
  closeConnections(): void;
  /** Delays every answer by `ms` (0 turns it off). */
  delayReplies(ms: number): void;
  /** The next `count` matching commands answer with the given error instead of running. */
  failCommands(count: number, error: FailCommandsOptions): void;
  /** Removes pending failures and delays. */
  reset(): void;
}

const HANDSHAKE = new Set(['hello', 'isMaster', 'ismaster']);

interface PendingFailure {
  remaining: number;
  error: FailCommandsOptions;
}

/** The state behind FaultControls, consulted by the server for each command. */
export class FaultState {
  delayMs = 0;
  private failures: PendingFailure[] = [];

  addFailure(count: number, error: FailCommandsOptions): void {
    if (count > 0) this.failures.push({ remaining: count, error });
  }

  /** The error the next run of `commandName` must answer, consuming one failure. */
  take(commandName: string): InjectedError | undefined {
    const failure = this.failures.find(({ error }) =>
      error.commands ? error.commands.includes(commandName) : !HANDSHAKE.has(commandName),
    );
    if (!failure) return undefined;
    failure.remaining -= 1;
    if (failure.remaining === 0) this.failures = this.failures.filter((f) => f !== failure);
    return failure.error;
  }

  reset(): void {
    this.delayMs = 0;
    this.failures = [];
  }
}
