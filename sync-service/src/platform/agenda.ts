import { MongoBackend } from '@agendajs/mongo-backend';
import { Agenda, InMemoryNotificationChannel, type NotificationChannel } from 'agenda';
import type { Db } from 'mongodb';
import type { Database } from './db';
import { JobChangeStreamChannel } from './job-change-stream';
import type { Logger } from './logger';

export const AGENDA_COLLECTION = 'agendaJobs';

export type AgendaOptions = {
  /** How often a worker polls for due jobs: the safety net under the notifications. */
  processEvery?: number;
  name?: string;
  /** Where the change stream's losses and returns are reported. */
  logger?: Logger;
};

/**
 * Agenda on the service's own MongoDB connection (agenda 6: the backend takes the driver's
 * `Db`, so it must be connected first). `processEvery` is how often a worker polls for due jobs.
 *
 * A worker learns of new work from a notification channel, so a job runs when it is saved, not
 * at the next poll (issue 32: the poll alone cost 250 ms on average between a webhook's receipt
 * and its sync; issue 33: also across processes). Which channel depends on the deployment:
 * - a replica set (or a sharded cluster) has change streams: the worker watches the jobs
 *   collection and sees every process's saves, so a job queued by an API process wakes a
 *   `--role=worker` process at once (platform/job-change-stream.ts);
 * - a standalone server (the embedded default) has none: an in-process channel wakes this
 *   process's worker for this process's own jobs (role `all`); other processes' jobs are found
 *   by the poll, within `processEvery`.
 * The channel is connected by `agenda.start()`, so an API-only process (which never starts)
 * watches nothing and publishes nothing; its saves reach the workers through their streams.
 * The poll stays either way: it finds jobs due later, and jobs saved while a stream was down.
 */
export async function createAgenda(db: Database, options: AgendaOptions = {}): Promise<Agenda> {
  await db.connected;
  const mongo = db.connection.db;
  if (!mongo) throw new Error('MongoDB is not connected');
  const agenda = new Agenda({
    backend: new MongoBackend({ mongo, collection: AGENDA_COLLECTION }),
    notificationChannel: await notificationChannelFor(mongo, options.logger),
    processEvery: options.processEvery ?? 500,
    ...(options.name ? { name: options.name } : {}),
  });
  // Its indexes are made on connect: closing the database before then would cut them off.
  await agenda.ready;
  return agenda;
}

/** Change streams where the server has them (its `hello` names a replica set, or mongos). */
async function notificationChannelFor(mongo: Db, logger: Logger | undefined) {
  const changeStreams = await hasChangeStreams(mongo).catch((error: unknown) => {
    logger?.warn(
      { error: error instanceof Error ? error.message : String(error) },
      'cannot tell whether MongoDB has change streams: waking workers in this process only',
    );
    return false;
  });
  logger?.debug(
    { changeStreams },
    changeStreams
      ? 'jobs wake workers through a change stream'
      : 'jobs wake workers in this process only (no replica set)',
  );
  const channel: NotificationChannel = changeStreams
    ? new JobChangeStreamChannel({ db: mongo, collection: AGENDA_COLLECTION, logger })
    : new InMemoryNotificationChannel();
  return channel;
}

/** Whether the server has change streams: its `hello` names a replica set, or it is a mongos. */
export async function hasChangeStreams(mongo: Db): Promise<boolean> {
  const hello = await mongo.admin().command({ hello: 1 });
  return typeof hello.setName === 'string' || hello.msg === 'isdbgrid';
}
