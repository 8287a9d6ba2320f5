import { ApiError, createApiClient } from '@outsync/contracts';
import {
  startTestService,
  unreachableMongoUri,
  type TestService,
} from '../../testing/test-support';

// No nock here: with MongoDB unreachable, nock 15's socket interception loops on the driver's
// refused connections (runaway listeners, then out of memory, on Node 20). These tests make no
// outbound calls; health.mongo.test.ts blocks the network with nock against a live database.

// The 200 path of /readyz needs a MongoDB: see health.mongo.test.ts.
describe('health endpoints without MongoDB', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService({ MONGODB_URI: await unreachableMongoUri() });
  });

  afterAll(async () => {
    await service.stop();
  });

  it('answers /healthz 200 without checking dependencies', async () => {
    const client = createApiClient({ prefix: service.url });

    await expect(client.health()).resolves.toEqual({ status: 'ok' });
  });

  it('answers /readyz 503 not_ready naming the failing check', async () => {
    const response = await fetch(`${service.url}/readyz`, {
      headers: { 'x-request-id': 'probe-1' },
    });

    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      message: 'Service not ready',
      code: 'not_ready',
      details: { checks: [{ name: 'mongodb', ok: false }] },
    });
    expect(service.lines).toContainEqual(
      expect.objectContaining({
        reqId: 'probe-1',
        level: 'warn',
        check: 'mongodb',
        msg: 'readiness check failed',
      }),
    );
  });

  it('gives the typed client an ApiError for not ready', async () => {
    const client = createApiClient({ prefix: service.url });

    const error = await client.ready().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: 'not_ready' });
  });
});
