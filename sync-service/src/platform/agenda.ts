import { MongoBackend } from '@agendajs/mongo-backend';
import { Agenda, InMemoryNotificationChannel } from 'agenda';
import type { Database } from './db';

export const AGENDA_COLLECTION = 'agendaJobs';

/**
 * Agenda on the service's own MongoDB connection (agenda 6: the backend takes the driver's
 * `Db`, so it must be connected first). `processEvery` is how often a worker polls for due jobs.
 *
 * A job queued by this process is picked up at once by this process's worker (role `all`): an
 * in-process notification channel tells the job processor about each job saved, and it locks
 * and runs it without waiting for its next poll (issue 32: the poll alone cost 250 ms on
 * average between a webhook's receipt and its sync). The channel is connected by
 * `agenda.start()`, so an API-only process (which never starts) publishes nothing. Jobs queued
 * by another process are still found by the poll, within `processEvery`.
 */
export async function createAgenda(
  db: Database,
  options: { processEvery?: number; name?: string } = {},
): Promise<Agenda> {
  await db.connected;
  const mongo = db.connection.db;
  if (!mongo) throw new Error('MongoDB is not connected');
  const agenda = new Agenda({
    backend: new MongoBackend({ mongo, collection: AGENDA_COLLECTION }),
    notificationChannel: new InMemoryNotificationChannel(),
    processEvery: options.processEvery ?? 500,
    ...(options.name ? { name: options.name } : {}),
  });
  // Its indexes are made on connect: closing the database before then would cut them off.
  await agenda.ready;
  return agenda;
}
