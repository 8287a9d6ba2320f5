import mongoose, { type Connection } from 'mongoose';
import { logDatabaseCommands, tracesCalls } from './call-timings';
import { safeUri, type Logger } from './logger';

export type Database = {
  /** The mongoose connection modules bind their models to (`db.connection.model(...)`). */
  connection: Connection;
  /** Resolves once the first connection is made; stays pending while MongoDB is unreachable. */
  connected: Promise<void>;
  /** Resolves if MongoDB answers a ping within `timeoutMs`, rejects otherwise. */
  ping(timeoutMs: number): Promise<void>;
  /** Stops connecting or disconnects. */
  close(): Promise<void>;
};

export type DatabaseOptions = {
  logger: Logger;
  /** Wait between failed first connection attempts. */
  retryDelayMs?: number;
};

/**
 * Opens a mongoose connection in the background and keeps trying until the first attempt
 * succeeds, so the API can answer /healthz and /readyz (503) while MongoDB is still coming up.
 * Once connected, the driver itself handles reconnects. Timeouts come from the URI, e.g.
 * `?serverSelectionTimeoutMS=2000`.
 */
export function openDatabase(uri: string, options: DatabaseOptions): Database {
  const { logger, retryDelayMs = 2000 } = options;
  const connection = mongoose.createConnection();
  const closing = new AbortController();
  let markConnected = () => {};
  const connected = new Promise<void>((resolve) => {
    markConnected = resolve;
  });

  const connect = async () => {
    for (let attempt = 1; !closing.signal.aborted; attempt += 1) {
      try {
        // At trace level each command is logged with its duration (platform/call-timings.ts).
        await connection.openUri(uri, tracesCalls(logger) ? { monitorCommands: true } : {});
        if (tracesCalls(logger)) logDatabaseCommands(connection.getClient(), logger);
        logger.info({ uri: safeUri(uri) }, 'connected to MongoDB');
        markConnected();
        return;
      } catch (error) {
        if (closing.signal.aborted) return;
        logger.warn(
          { error: errorMessage(error), attempt, uri: safeUri(uri) },
          'cannot reach MongoDB, retrying',
        );
        await sleep(retryDelayMs, closing.signal);
      }
    }
  };
  const connecting = connect();

  return {
    connection,
    connected,
    async ping(timeoutMs) {
      const db = connection.db;
      if (connection.readyState !== mongoose.ConnectionStates.connected || !db) {
        throw new Error('not connected');
      }
      await withTimeout(db.admin().ping(), timeoutMs, 'ping timed out');
    },
    async close() {
      closing.abort();
      await connection.close(true).catch(() => undefined);
      await connecting;
      await connection.close(true).catch(() => undefined);
    },
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** MongoDB's E11000: an insert (or upsert) met a document with the same unique key. */
export function isDuplicateKey(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000
  );
}
