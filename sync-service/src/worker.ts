import type { Config } from './config';
import type { Database } from './platform/db';
import type { Logger } from './platform/logger';

export type WorkerDeps = {
  config: Config;
  logger: Logger;
  db: Database;
};

export type StopWorker = () => Promise<void>;

/**
 * Starts the background side: for now it waits for MongoDB and reports the worker up. The
 * Agenda scheduler and the sync jobs plug in here (started once the database is connected,
 * drained in the returned stop function).
 */
export function startWorker(deps: WorkerDeps): StopWorker {
  const log = deps.logger.child({ component: 'worker' });
  let stopped = false;
  void deps.db.connected.then(() => {
    if (!stopped) log.info('worker started');
  });

  return async () => {
    stopped = true;
    log.info('worker stopping');
    // Nothing runs yet; once jobs exist, this waits for the running ones to finish.
  };
}
