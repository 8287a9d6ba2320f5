import * as z from '@outsync/contracts/zod';
import { ErrorEnvelopeSchema } from './error-envelope';
import type { OpenApiDocument } from './openapi-document.schemas';
import { acceptsApiToken, toOpenApiPath, type RouteDefinition, type RouteTable } from './route';

export type OpenApiOptions = {
  title: string;
  version: string;
  description?: string;
  /** Absolute base URL the API is reached at; omitted, clients use the document's own origin. */
  serverUrl?: string;
  /** Name of the session cookie routes with `auth: 'session'` need. */
  sessionCookie?: string;
  /**
   * The customer API tokens' bearer scheme: given, every route that takes a token
   * (`acceptsApiToken`) lists it beside the session as a second way in.
   */
  apiToken?: { description: string };
};

type JsonSchema = Record<string, unknown>;
type ParameterObject = {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
  description?: string;
};

const ERROR_ENVELOPE = 'ErrorEnvelope';
/** The customer API tokens' security scheme. */
const API_TOKEN_SCHEME = 'apiToken';
const JSON_SCHEMA_DIALECT = 'https://spec.openapis.org/oas/3.1/dialect/base';

/**
 * Generates the OpenAPI 3.1 document of a route table. Schemas are JSON Schema 2020-12 from
 * zod's own `z.toJSONSchema`, on their input side: that is the JSON on the wire in both
 * directions (the client parses responses into the output side).
 */
export function buildOpenApiDocument(routes: RouteTable, options: OpenApiOptions): OpenApiDocument {
  const components = new ComponentSchemas();
  components.add(ERROR_ENVELOPE, ErrorEnvelopeSchema);

  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, route] of Object.entries(routes)) {
    const path = toOpenApiPath(route.path);
    paths[path] = {
      ...paths[path],
      [route.method]: operation(name, route, components, options.apiToken !== undefined),
    };
  }

  const usesSession = Object.values(routes).some((route) => authOf(route) === 'session');
  const usesApiToken =
    options.apiToken !== undefined && Object.values(routes).some(acceptsApiToken);
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: JSON_SCHEMA_DIALECT,
    info: {
      title: options.title,
      version: options.version,
      ...(options.description ? { description: options.description } : {}),
    },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    paths,
    components: {
      schemas: components.toJSON(),
      ...(usesSession
        ? {
            securitySchemes: {
              session: {
                type: 'apiKey',
                in: 'cookie',
                name: options.sessionCookie ?? 'outsync.sid',
              },
              ...(usesApiToken
                ? {
                    [API_TOKEN_SCHEME]: {
                      type: 'http',
                      scheme: 'bearer',
                      description: options.apiToken?.description,
                    },
                  }
                : {}),
            },
          }
        : {}),
    },
  };
}

function operation(
  name: string,
  route: RouteDefinition,
  components: ComponentSchemas,
  withApiToken: boolean,
): Record<string, unknown> {
  const request = route.request ?? {};
  const parameters = [
    ...parametersOf(request.params, 'path'),
    ...parametersOf(request.query, 'query'),
  ];
  const responses: Record<string, unknown> = {
    [String(route.status ?? 200)]: {
      description: 'Success',
      // A string answer goes out as plain text (Koa's body of a string), not as JSON.
      content: route.produces
        ? { [route.produces]: { schema: { type: 'string' } } }
        : route.response._zod.def.type === 'string'
          ? { 'text/plain': { schema: { type: 'string' } } }
          : jsonContent(components.add(`${pascal(name)}Response`, route.response)),
    },
  };
  if (request.params || request.query || request.body) {
    responses['400'] = errorResponse('Invalid request (`validation_error`).');
  }
  for (const [status, description] of Object.entries(route.errors ?? {})) {
    responses[status] = errorResponse(description);
  }
  responses['500'] = errorResponse('Unexpected error (`internal_error`).');
  responses.default = errorResponse('Any other error, as the error envelope.');

  return {
    operationId: name,
    description: route.description,
    ...(parameters.length ? { parameters } : {}),
    ...(request.body
      ? {
          requestBody: {
            required: !request.body.safeParse(undefined).success,
            content: jsonContent(components.add(`${pascal(name)}Request`, request.body)),
          },
        }
      : {}),
    responses,
    ...(authOf(route) === 'session' ? { security: securityOf(route, withApiToken) } : {}),
  };
}

/** Either credential will do where a token is taken (OpenAPI: alternatives are list entries). */
function securityOf(route: RouteDefinition, withApiToken: boolean) {
  return withApiToken && acceptsApiToken(route)
    ? [{ session: [] }, { [API_TOKEN_SCHEME]: [] }]
    : [{ session: [] }];
}

function authOf(route: RouteDefinition) {
  return route.auth ?? 'session';
}

function parametersOf(schema: z.ZodObject | undefined, where: 'path' | 'query'): ParameterObject[] {
  if (!schema) return [];
  const json = toJsonSchema(schema);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      schema: rest,
      ...(typeof description === 'string' ? { description } : {}),
    };
  });
}

function jsonContent(ref: JsonSchema) {
  return { 'application/json': { schema: ref } };
}

function errorResponse(description: string) {
  return { description, content: jsonContent(refTo(ERROR_ENVELOPE)) };
}

function refTo(name: string): JsonSchema {
  return { $ref: `#/components/schemas/${name}` };
}

function toJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    // A schema with no JSON equivalent (a Date, a transform's output) is documented as "any".
    unrepresentable: 'any',
  }) as JsonSchema;
  return json;
}

/** components.schemas, adding each zod schema once and referring to it by name. */
class ComponentSchemas {
  private readonly names = new Map<z.ZodType, string>();
  private readonly schemas: Record<string, JsonSchema> = {};

  add(name: string, schema: z.ZodType): JsonSchema {
    const known = this.names.get(schema);
    if (known) return refTo(known);
    if (name in this.schemas) throw new TypeError(`Duplicate OpenAPI schema name ${name}`);
    this.names.set(schema, name);
    const { $defs, ...json } = toJsonSchema(schema);
    // Shared or recursive parts land in $defs, which a schema inside a document cannot refer
    // to as `#/$defs/…`: they move to components.schemas and the references follow them.
    for (const [defName, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
      this.schemas[`${name}_${defName}`] = rewriteDefRefs(def, name);
    }
    this.schemas[name] = rewriteDefRefs(json, name);
    return refTo(name);
  }

  toJSON(): Record<string, JsonSchema> {
    return this.schemas;
  }
}

function rewriteDefRefs(json: JsonSchema, owner: string): JsonSchema {
  const text = JSON.stringify(json)
    .replaceAll('"#/$defs/', `"#/components/schemas/${owner}_`)
    .replaceAll('"$ref":"#"', `"$ref":"#/components/schemas/${owner}"`);
  return JSON.parse(text) as JsonSchema;
}

function pascal(name: string): string {
  return name.replace(/(^|[-_\s])(\w)/g, (_match, _sep, letter: string) => letter.toUpperCase());
}
