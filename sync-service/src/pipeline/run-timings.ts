import type { Logger } from '../platform/logger';
import type { WebhookContext } from './ports';
import type { SyncPipelineDeps } from './run';

// Where a run's time goes, at debug level: every call the run makes through its ports (the event
// store, holds, circuits, the webhook's context, the CRM writer, scheduling), each with its start
// and duration, logged as one line when the run ends. `bench/sync-latency.ts` reads these lines
// (with the trace lines of the database commands and outbound calls inside them) to print the
// latency budget. Off unless the logger's level is debug: the ports are then used as they are.

/** One call of a run: its port and method (`events.claim`), start since the run's and duration. */
export type TimedCall = { call: string; at: number; ms: number };

export type RunTimings = {
  /** When the run started, epoch ms (with the monotonic clock's fraction). */
  startedAt: number;
  calls: TimedCall[];
  /** Logs the run's line (once it is over). */
  done(eventIds: readonly string[]): void;
};

/** The run's recorder, or undefined when the log is not at debug level. */
export function startRunTimings(log: Logger): RunTimings | undefined {
  if (!log.isLevelEnabled('debug')) return undefined;
  const origin = performance.now();
  const calls: TimedCall[] = [];
  return {
    startedAt: performance.timeOrigin + origin,
    calls,
    done(eventIds) {
      log.debug(
        {
          eventIds,
          startedAt: performance.timeOrigin + origin,
          ms: performance.now() - origin,
          calls,
        },
        'sync run timings',
      );
    },
  };
}

/** The run's dependencies with each port's calls timed into `timings`. */
export function timedDeps(deps: SyncPipelineDeps, timings: RunTimings): SyncPipelineDeps {
  const origin = timings.startedAt - performance.timeOrigin;
  const time = <T>(call: string, work: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    return work().finally(() =>
      timings.calls.push({ call, at: start - origin, ms: performance.now() - start }),
    );
  };
  /** Every method of a port, timed under `name.method`. */
  const port = <Port extends object>(name: string, target: Port): Port =>
    new Proxy(target, {
      get(object, key, receiver) {
        const value: unknown = Reflect.get(object, key, receiver);
        if (typeof value !== 'function') return value;
        const method = value as (...args: unknown[]) => unknown;
        return (...args: unknown[]) =>
          time(`${name}.${String(key)}`, () => Promise.resolve(method.apply(object, args)));
      },
    });
  const writerOf = (context: WebhookContext): WebhookContext => {
    const writer = context.writer;
    if (!writer) return context;
    return {
      ...context,
      writer: { write: (...args) => time('writer.write', () => writer.write(...args)) },
    };
  };
  return {
    ...deps,
    events: port('events', deps.events),
    holds: port('holds', deps.holds),
    circuits: port('circuits', deps.circuits),
    alerts: port('alerts', deps.alerts),
    loadContext: (webhookId) =>
      time('loadContext', async () => {
        const context = await deps.loadContext(webhookId);
        return context && writerOf(context);
      }),
    platformCategory: (input) => time('platformCategory', () => deps.platformCategory(input)),
    endpoint: (userAccountId) => time('endpoint', () => deps.endpoint(userAccountId)),
    schedule: (eventIds, at) => time('schedule', () => deps.schedule(eventIds, at)),
  };
}
