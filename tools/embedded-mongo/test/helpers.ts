import { MongoClient, type MongoClientOptions } from 'mongodb';
import { type EmbeddedMongo, type EmbeddedMongoOptions, startEmbeddedMongo } from '../src/index.ts';

export interface Harness {
  server: EmbeddedMongo;
  client: MongoClient;
  logs: string[];
  close(): Promise<void>;
}

/** An in-memory server on a free port and a connected driver client. */
export async function startHarness(
  options: EmbeddedMongoOptions = {},
  clientOptions: MongoClientOptions = {},
): Promise<Harness> {
  const logs: string[] = [];
  const server = await startEmbeddedMongo({
    port: 0,
    inMemory: true,
    logger: (line) => logs.push(line),
    ...options,
  });
  const client = new MongoClient(server.uri, { serverSelectionTimeoutMS: 5000, ...clientOptions });
  await client.connect();
  return {
    server,
    client,
    logs,
    close: async () => {
      await client.close();
      await server.stop();
    },
  };
}

/** Polls until `check` holds (for behaviour that happens in the background, like TTL). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
