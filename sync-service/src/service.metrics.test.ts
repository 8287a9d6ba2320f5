// /metrics answers on every role (issue 33, item 3): the worker-only process, which serves no
// API, included. The embedded MongoDB, or a real one when MONGODB_URI is set.
import { startEmbeddedMongo, type EmbeddedMongo } from '@outsync/embedded-mongo';
import { startService, type Service } from './service';
import { memoryLogger, testConfig, unreachableMongoUri, until } from './testing/test-support';

let mongo: EmbeddedMongo | undefined;
let mongoUri: string;

beforeAll(async () => {
  if (process.env.MONGODB_URI) {
    mongoUri = process.env.MONGODB_URI;
  } else {
    mongo = await startEmbeddedMongo({ port: 0, inMemory: true, logger: false });
    mongoUri = mongo.uri;
  }
});

afterAll(async () => {
  await mongo?.stop();
});

async function scrape(service: Service): Promise<string> {
  const response = await fetch(`${service.metricsUrl ?? ''}/metrics`);
  expect(response.status).toBe(200);
  return response.text();
}

it.each(['worker', 'all'] as const)(
  'serves /metrics on its own port with --role=%s',
  async (role) => {
    const { logger, lines } = memoryLogger('info');
    const service = await startService(
      testConfig({ ROLE: role, MONGODB_URI: mongoUri, METRICS_PORT: '0' }),
      { logger },
    );
    try {
      // Stopped only once Agenda has started (its start must not race the database's close).
      await until(() => lines.some((line) => line.msg === 'worker started'));
      expect(service.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(service.metricsUrl).not.toBe(service.url);
      const text = await scrape(service);
      expect(text).toContain(`outsync_sync_retries_total{crm="hubspot",role="${role}"} 0`);
      expect(text).toContain(`outsync_queue_depth{status="due",role="${role}"} 0`);
      expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
      expect((await fetch(`${service.metricsUrl ?? ''}/readyz`)).status).toBe(200);
      if (service.url) expect((await fetch(`${service.url}/metrics`)).status).toBe(404);
    } finally {
      await service.stop();
    }
  },
);

it('serves /metrics with --role=api, without the queue depth while MongoDB does not answer', async () => {
  const { logger } = memoryLogger('warn');
  const service = await startService(
    testConfig({ ROLE: 'api', MONGODB_URI: await unreachableMongoUri(), METRICS_PORT: '0' }),
    { logger },
  );
  try {
    expect(service.metricsUrl).not.toBe(service.url);
    const text = await scrape(service);
    expect(text).toContain('outsync_sync_retries_total{crm="hubspot",role="api"} 0');
    expect(text).toContain('# TYPE outsync_queue_depth gauge');
    expect(text).not.toContain('outsync_queue_depth{');
    expect((await fetch(`${service.metricsUrl ?? ''}/healthz`)).status).toBe(200);
    expect((await fetch(`${service.metricsUrl ?? ''}/readyz`)).status).toBe(503);
    expect((await fetch(`${service.url ?? ''}/metrics`)).status).toBe(404);
  } finally {
    await service.stop();
  }
});

it('starts no metrics server unless METRICS_PORT is set', async () => {
  const { logger } = memoryLogger('warn');
  const service = await startService(
    testConfig({ ROLE: 'api', MONGODB_URI: await unreachableMongoUri() }),
    { logger },
  );
  try {
    expect(service.metricsUrl).toBeUndefined();
  } finally {
    await service.stop();
  }
});
