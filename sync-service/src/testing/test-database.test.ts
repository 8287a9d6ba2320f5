import mongoose from 'mongoose';
import { openTestDatabase, testMongoUri } from './test-database';

async function withConnection<T>(uri: string, work: (db: mongoose.mongo.Db) => Promise<T>) {
  const connection = await mongoose.createConnection(uri).asPromise();
  try {
    return await work(connection.db!);
  } finally {
    await connection.close();
  }
}

describe('the test database', () => {
  it('is one MongoDB per worker: MONGODB_URI when set, else the embedded server it started', async () => {
    const uri = await testMongoUri();
    expect(await testMongoUri()).toBe(uri);
    if (process.env.MONGODB_URI) expect(uri).toBe(process.env.MONGODB_URI);
    else expect(uri).toMatch(/^mongodb:\/\/127\.0\.0\.1:\d+$/);
  });

  it('is one database per test file, shared within it and dropped after the last release', async () => {
    const first = await openTestDatabase();
    const second = await openTestDatabase();
    expect(second.name).toBe(first.name);
    expect(first.name).toMatch(new RegExp(`^outsync-test-${process.pid}-\\d+(-[0-9a-f]{6})?$`));
    expect(first.uri).toContain(`/${first.name}`);

    await withConnection(first.uri, (db) => db.collection('marks').insertOne({ file: 'this one' }));
    await first.release();
    await first.release();
    expect(await withConnection(second.uri, (db) => db.collection('marks').countDocuments())).toBe(
      1,
    );

    await second.release();
    const names = await withConnection(second.uri, async (db) =>
      (await db.admin().listDatabases()).databases.map((database) => database.name),
    );
    expect(names).not.toContain(first.name);

    const next = await openTestDatabase();
    try {
      expect(next.name).not.toBe(first.name);
      expect(await withConnection(next.uri, (db) => db.collection('marks').countDocuments())).toBe(
        0,
      );
    } finally {
      await next.release();
    }
  });
});
