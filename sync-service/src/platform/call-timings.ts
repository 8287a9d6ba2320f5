import type { mongo } from 'mongoose';
import type { Logger } from './logger';
import type { SafeFetch } from './safe-fetch';

// Trace-level timings of every outbound HTTP call and database command, for finding where time
// goes (`bench/sync-latency.ts` starts the service with LOG_LEVEL=trace and reads them back).
// Nothing is wrapped or listened to unless the logger's level is trace: in production these
// cost nothing.

/** Epoch milliseconds with the fraction the monotonic clock gives (lines of two processes align). */
export function epochMs(): number {
  return performance.timeOrigin + performance.now();
}

/** True when the trace lines of this module are written. */
export function tracesCalls(logger: Logger): boolean {
  return logger.isLevelEnabled('trace');
}

/**
 * `fetch` that logs each call at trace level: method, host and path (never the query, which may
 * hold a key), status, start (`at`, epoch ms) and duration.
 */
export function timedFetch(fetch: SafeFetch, logger: Logger): SafeFetch {
  if (!tracesCalls(logger)) return fetch;
  const log = logger.child({ component: 'outbound' });
  return async (input, init) => {
    const at = epochMs();
    const request = input instanceof Request ? input : undefined;
    const url = new URL(request?.url ?? input.toString());
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const call = `${method} ${url.host}${url.pathname}`;
    try {
      const response = await fetch(input, init);
      log.trace({ call, status: response.status, at, ms: epochMs() - at }, 'outbound call');
      return response;
    } catch (error) {
      log.trace({ call, status: 0, at, ms: epochMs() - at }, 'outbound call');
      throw error;
    }
  };
}

/**
 * Logs each database command the client sends at trace level: its name, collection, start
 * (`at`, epoch ms) and duration. The client must have been made with `monitorCommands`.
 */
export function logDatabaseCommands(client: mongo.MongoClient, logger: Logger): void {
  if (!tracesCalls(logger)) return;
  const log = logger.child({ component: 'database' });
  const started = new Map<number, { command: string; collection: string; at: number }>();
  client.on('commandStarted', (event) => {
    const target: unknown = event.command[event.commandName];
    started.set(event.requestId, {
      command: event.commandName,
      collection: typeof target === 'string' ? target : '',
      at: epochMs(),
    });
  });
  const done = (event: { requestId: number; failure?: unknown }) => {
    const start = started.get(event.requestId);
    if (!start) return;
    started.delete(event.requestId);
    log.trace(
      { ...start, ms: epochMs() - start.at, ok: event.failure === undefined },
      'database command',
    );
  };
  client.on('commandSucceeded', done);
  client.on('commandFailed', done);
}
