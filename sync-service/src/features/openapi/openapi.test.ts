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
