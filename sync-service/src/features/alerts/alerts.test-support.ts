// The alerts tests' database: one test database per file, a connection to it, and the alerts
// collection emptied before each test.
import { openDatabase, type Database } from '../../platform/db';
import { createLogger } from '../../platform/logger';
import { openTestDatabase, type TestDatabase } from '../../testing/test-database';
import { crmAlertModel } from './crm-alert.model';

/** Registers the file's hooks; answers the connection once they ran. */
export function useAlertsDatabase(): () => Database {
  let database: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    db = openDatabase(database.uri, {
      logger: createLogger({ level: 'silent' }),
      retryDelayMs: 100,
    });
    await db.connected;
  });
  afterAll(async () => {
    await db?.close();
    await database?.release();
  });
  beforeEach(async () => {
    await crmAlertModel(db.connection).deleteMany({});
  });
  return () => db;
}
