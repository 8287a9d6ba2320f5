import { z } from 'zod';
import { accountsRoutes } from '../accounts';
import { apiRoutes } from '../api-routes';
import { buildOpenApiDocument } from './openapi';
import { defineRoute, toOpenApiPath } from './route';

type Json = Record<string, unknown>;

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const OPERATION_FIELDS = [
  'tags',
  'summary',
  'description',
  'externalDocs',
  'operationId',
  'parameters',
  'requestBody',
  'responses',
  'callbacks',
  'deprecated',
  'security',
  'servers',
];

/** Every `$ref` string anywhere in the document. */
function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) =>
      key === '$ref' && typeof inner === 'string' ? [inner] : refsIn(inner),
    );
  }
  return [];
}

function resolve(document: unknown, ref: string): unknown {
  expect(ref.startsWith('#/')).toBe(true);
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, key) => (node as Json | undefined)?.[key], document);
}

function operationsOf(document: { paths: Record<string, Json> }) {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      path,
      method,
      operation: operation as Json,
    })),
  );
}

/** The structural rules of OpenAPI 3.1 this document must keep. */
function expectStructurallyValid(document: ReturnType<typeof buildOpenApiDocument>) {
  expect(document.openapi).toMatch(/^3\.1\.\d+$/);
  expect(document.info).toEqual(
    expect.objectContaining({ title: expect.any(String), version: expect.any(String) }),
  );
  expect(JSON.parse(JSON.stringify(document))).toEqual(document);

  for (const { path, method, operation } of operationsOf(document)) {
    expect(path.startsWith('/')).toBe(true);
    expect(HTTP_METHODS).toContain(method);
    expect(OPERATION_FIELDS).toEqual(expect.arrayContaining(Object.keys(operation)));

    const templated = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
    const parameters = (operation.parameters ?? []) as Json[];
    const inPath = parameters.filter((parameter) => parameter.in === 'path');
    expect(inPath.map((parameter) => parameter.name).sort()).toEqual(templated.sort());
    for (const parameter of inPath) expect(parameter.required).toBe(true);
    for (const parameter of parameters) {
      expect(parameter).toEqual(
        expect.objectContaining({
          name: expect.any(String),
          in: expect.stringMatching(/^(path|query)$/),
          schema: expect.any(Object),
        }),
      );
    }

    const responses = operation.responses as Record<string, Json>;
    expect(Object.keys(responses).length).toBeGreaterThan(0);
    for (const [status, response] of Object.entries(responses)) {
      expect(status).toMatch(/^([1-5]\d\d|[1-5]XX|default)$/);
      expect(response.description).toEqual(expect.any(String));
    }
  }

  for (const name of Object.keys(document.components?.schemas ?? {})) {
    expect(name).toMatch(/^[a-zA-Z0-9._-]+$/);
  }
  for (const ref of refsIn(document)) {
    expect({ ref, target: resolve(document, ref) }).toEqual({ ref, target: expect.any(Object) });
  }
}

describe('buildOpenApiDocument', () => {
  // Every route the service serves: the core table and each area's (as sync-service builds it).
  const allRoutes = { ...apiRoutes, ...accountsRoutes };
  const document = buildOpenApiDocument(allRoutes, {
    title: 'OutSync API',
    version: '0.1.0',
    serverUrl: 'http://localhost:3000',
  });

  it('is a structurally valid OpenAPI 3.1 document', () => {
    expectStructurallyValid(document);
    expect(document.info).toEqual({ title: 'OutSync API', version: '0.1.0' });
    expect(document.servers).toEqual([{ url: 'http://localhost:3000' }]);
    expect(document.jsonSchemaDialect).toBe('https://spec.openapis.org/oas/3.1/dialect/base');
  });

  it('keeps every route of every table: no area reuses a core route name', () => {
    expect(Object.keys(allRoutes)).toHaveLength(
      Object.keys(apiRoutes).length + Object.keys(accountsRoutes).length,
    );
  });

  it('has one operation per route of the table', () => {
    const operations = operationsOf(document);
    expect(operations.map(({ operation }) => operation.operationId).sort()).toEqual(
      Object.keys(allRoutes).sort(),
    );
    for (const [name, route] of Object.entries(allRoutes)) {
      const operation = document.paths[toOpenApiPath(route.path)]?.[route.method] as Json;
      expect(operation).toMatchObject({ operationId: name, description: route.description });
    }
  });

  it('documents every error response as the envelope', () => {
    for (const { operation } of operationsOf(document)) {
      const responses = operation.responses as Record<string, Json>;
      for (const status of ['500', 'default']) {
        expect(responses[status]?.content).toEqual({
          'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } },
        });
      }
    }
    const ready = document.paths['/readyz']?.get as { responses: Record<string, Json> };
    expect(refsIn(ready.responses['503'])).toEqual(['#/components/schemas/ErrorEnvelope']);
    expect(document.components?.schemas?.ErrorEnvelope).toMatchObject({
      type: 'object',
      required: ['message', 'code'],
    });
  });

  it('describes success bodies with the JSON Schema of the route response', () => {
    const health = document.paths['/healthz']?.get as { responses: Record<string, Json> };
    const [ref] = refsIn(health.responses['200']);
    expect(resolve(document, ref ?? '')).toMatchObject({
      type: 'object',
      properties: { status: { type: 'string', const: 'ok' } },
      required: ['status'],
    });
  });

  it('describes a download as its media type, its errors still as the envelope', () => {
    const download = buildOpenApiDocument(
      {
        exportRows: defineRoute({
          method: 'get',
          path: '/rows/export',
          response: z.string(),
          produces: 'text/csv',
          errors: { 403: 'Not yours.' },
          description: 'The rows as CSV.',
        }),
      },
      { title: 't', version: '1' },
    );
    const operation = download.paths['/rows/export']?.get as { responses: Record<string, Json> };
    expect(operation.responses['200']?.content).toEqual({
      'text/csv': { schema: { type: 'string' } },
    });
    expect(refsIn(operation.responses['403'])).toEqual(['#/components/schemas/ErrorEnvelope']);
  });

  it('writes path params as templates, query params as parameters and bodies as requestBody', () => {
    const TagSchema: z.ZodType<{ name: string; children: { name: string }[] }> = z.lazy(() =>
      z.object({ name: z.string(), children: z.array(TagSchema) }),
    );
    const routes = {
      renameWebhook: defineRoute({
        method: 'patch',
        path: '/api/accounts/:accountId/webhooks/:id',
        request: {
          params: z.object({ accountId: z.string(), id: z.string().describe('Webhook id') }),
          query: z.object({
            notify: z.enum(['yes', 'no']).optional(),
            limit: z.number().default(10),
          }),
          body: z.object({ name: z.string(), tags: z.array(TagSchema) }),
        },
        response: z.object({ id: z.string() }),
        status: 201,
        description: 'test route',
      }),
    };

    const built = buildOpenApiDocument(routes, { title: 'test', version: '1' });

    expectStructurallyValid(built);
    expect(built.servers).toBeUndefined();
    const operation = built.paths['/api/accounts/{accountId}/webhooks/{id}']?.patch as Json;
    expect(operation.parameters).toEqual([
      { name: 'accountId', in: 'path', required: true, schema: { type: 'string' } },
      {
        name: 'id',
        in: 'path',
        required: true,
        schema: { type: 'string' },
        description: 'Webhook id',
      },
      {
        name: 'notify',
        in: 'query',
        required: false,
        schema: { type: 'string', enum: ['yes', 'no'] },
      },
      { name: 'limit', in: 'query', required: false, schema: { type: 'number', default: 10 } },
    ]);
    expect(operation.requestBody).toEqual({
      required: true,
      content: {
        'application/json': { schema: { $ref: '#/components/schemas/RenameWebhookRequest' } },
      },
    });
    expect(Object.keys(operation.responses as Json)).toEqual(['201', '400', '500', 'default']);
    // Session is the default: the operation needs the session cookie scheme.
    expect(operation.security).toEqual([{ session: [] }]);
    expect(built.components?.securitySchemes).toEqual({
      session: { type: 'apiKey', in: 'cookie', name: 'outsync.sid' },
    });
  });

  it('lists the API token beside the session where a route takes one, when asked to', () => {
    const routes = {
      read: defineRoute({
        method: 'get',
        path: '/things',
        response: z.object({}),
        description: 'r',
      }),
      manageTokens: defineRoute({
        method: 'get',
        path: '/tokens',
        response: z.object({}),
        apiToken: false,
        description: 't',
      }),
      open: defineRoute({
        method: 'get',
        path: '/open',
        response: z.object({}),
        auth: 'none',
        description: 'o',
      }),
    };
    const security = (document: ReturnType<typeof buildOpenApiDocument>, path: string) =>
      (document.paths[path]?.get as Json).security;

    const withTokens = buildOpenApiDocument(routes, {
      title: 't',
      version: '1',
      apiToken: { description: 'Bearer osat_ tokens.' },
    });
    expectStructurallyValid(withTokens);
    expect(withTokens.components?.securitySchemes).toEqual({
      session: { type: 'apiKey', in: 'cookie', name: 'outsync.sid' },
      apiToken: { type: 'http', scheme: 'bearer', description: 'Bearer osat_ tokens.' },
    });
    expect(security(withTokens, '/things')).toEqual([{ session: [] }, { apiToken: [] }]);
    expect(security(withTokens, '/tokens')).toEqual([{ session: [] }]);
    expect(security(withTokens, '/open')).toBeUndefined();

    const without = buildOpenApiDocument(routes, { title: 't', version: '1' });
    expect(without.components?.securitySchemes).toEqual({
      session: { type: 'apiKey', in: 'cookie', name: 'outsync.sid' },
    });
    expect(security(without, '/things')).toEqual([{ session: [] }]);
  });
});
