import nock from 'nock';
import { createApiClient } from '@outsync/contracts';
import { startEmbeddedMongo, type EmbeddedMongo } from '@outsync/embedded-mongo';
import { startService } from '../../service';
import {
  memoryLogger,
  startTestService,
  testConfig,
  type TestService,
  until,
} from '../../testing/test-support';

// The ready path needs a MongoDB: the embedded server, or a real one when MONGODB_URI is set
// (ARCHITECTURE.md §4).
describe('health endpoints with MongoDB', () => {
  let mongo: EmbeddedMongo | undefined;
  let mongoUri: string;
  let service: TestService;

  beforeAll(async () => {
    nock.disableNetConnect();
    nock.enableNetConnect('127.0.0.1');
    if (process.env.MONGODB_URI) {
      mongoUri = process.env.MONGODB_URI;
    } else {
      mongo = await startEmbeddedMongo({ port: 0, inMemory: true, logger: false });
      mongoUri = mongo.uri;
    }
    service = await startTestService({ MONGODB_URI: mongoUri });
  });

  afterAll(async () => {
    await service?.stop();
    await mongo?.stop();
    nock.enableNetConnect();
    // nock patches Node's own net module, which outlives this file in the jest worker.
    nock.restore();
  });

  it('answers /readyz 200 once MongoDB answers a ping', async () => {
    const client = createApiClient({ prefix: service.url });
    await waitForConnection(service);

    await expect(client.ready()).resolves.toEqual({
      status: 'ok',
      checks: [{ name: 'mongodb', ok: true }],
    });
  });

  it('starts the worker once the database is connected', async () => {
    const { logger, lines } = memoryLogger();
    const worker = await startService(testConfig({ ROLE: 'worker', MONGODB_URI: mongoUri }), {
      logger,
    });
    try {
      await until(() => lines.some((line) => line.msg === 'worker started'));
      expect(lines.map((line) => line.msg)).toContain('connected to MongoDB');
    } finally {
      await worker.stop();
    }
  });
});

async function waitForConnection(service: TestService) {
  await until(() => service.lines.some((line) => line.msg === 'connected to MongoDB'));
}
