import { createApiClient, toOpenApiPath } from '@outsync/contracts';
import { serviceRoutes } from '../../api-table';
import {
  startTestService,
  unreachableMongoUri,
  type TestService,
} from '../../testing/test-support';

// No nock here: with MongoDB unreachable, nock 15's socket interception loops on the driver's
// refused connections (runaway listeners, then out of memory, on Node 20). These tests make no
// outbound calls; health.mongo.test.ts blocks the network with nock against a live database.

describe('GET /api/openapi.json', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService({
      MONGODB_URI: await unreachableMongoUri(),
      PUBLIC_URL: 'https://outsync.example.com',
    });
  });

  afterAll(async () => {
    await service.stop();
  });

  it('serves the OpenAPI 3.1 document of every route, for the public URL', async () => {
    const document = await createApiClient({ prefix: service.url }).openapi();

    expect(document).toMatchObject({
      openapi: '3.1.0',
      info: { title: 'OutSync API', version: '0.1.0' },
      servers: [{ url: 'https://outsync.example.com' }],
    });
    for (const [name, route] of Object.entries(serviceRoutes)) {
      expect(document.paths[toOpenApiPath(route.path)]?.[route.method]).toMatchObject({
        operationId: name,
      });
    }
  });

  it('documents the webhook logs’ time range wherever their filters go', async () => {
    const document = await createApiClient({ prefix: service.url }).openapi();
    const received = (operation: unknown) =>
      ((operation as { parameters?: { name: string }[] }).parameters ?? []).filter((parameter) =>
        parameter.name.startsWith('received'),
      );
    for (const path of [
      '/api/admin/webhook-logs',
      '/api/admin/webhook-logs/count',
      '/api/admin/webhook-logs/daily',
      '/api/admin/webhook-log-actions/{action}/count',
    ]) {
      expect([path, received(document.paths[path]?.get)]).toEqual([
        path,
        [
          {
            name: 'receivedFrom',
            in: 'query',
            required: false,
            schema: { type: 'string', format: 'date-time' },
            description: 'Received at or after this instant (ISO 8601 with a time zone).',
          },
          {
            name: 'receivedTo',
            in: 'query',
            required: false,
            schema: { type: 'string', format: 'date-time' },
            description:
              'Received before this instant (ISO 8601 with a time zone); later than receivedFrom.',
          },
        ],
      ]);
    }
    expect(document.components?.schemas?.['WebhookLogActionRequest']).toMatchObject({
      properties: {
        receivedFrom: { type: 'string', format: 'date-time' },
        receivedTo: { type: 'string', format: 'date-time' },
      },
    });
  });

  it('is true to the wire: the session cookie the service sets, the plain-text code', async () => {
    const document = await createApiClient({ prefix: service.url }).openapi();

    expect(document.components).toMatchObject({
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'outsync.sid' } },
    });
    expect(document.paths['/api/admin/webhooks/generate']?.post).toMatchObject({
      responses: { 200: { content: { 'text/plain': { schema: { type: 'string' } } } } },
    });
  });
});
