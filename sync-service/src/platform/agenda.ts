import { MongoBackend } from '@agendajs/mongo-backend';
import { Agenda } from 'agenda';
import type { Database } from './db';

export const AGENDA_COLLECTION = 'agendaJobs';

/**
 * Agenda on the service's own MongoDB connection (agenda 6: the backend takes the driver's
 * `Db`, so it must be connected first). `processEvery` is how often a worker polls for due jobs;
 * a job queued by the same process is picked up at once, so the poll only bounds cross-process
 * latency.
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
    processEvery: options.processEvery ?? 500,
    ...(options.name ? { name: options.name } : {}),
  });
  // Its indexes are made on connect: closing the database before then would cut them off.
  await agenda.ready;
  return agenda;
}
