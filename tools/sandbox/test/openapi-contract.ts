import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

type JsonValue = unknown;

interface Operation {
  specId: string;
  template: string;
  pointer: string;
  operation: Record<string, JsonValue>;
  params: number;
  regex: RegExp;
}

/**
 * Validates requests and responses against vendor OpenAPI files. Each file is added to ajv
 * whole, under its own id, so `#/components/...` references resolve inside it.
 */
export class OpenApiContract {
  private readonly ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  private readonly operations: Operation[] = [];
  private readonly specs = new Map<string, Record<string, JsonValue>>();
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(files: string[]) {
    addFormats(this.ajv);
    this.ajv.addFormat('int32', { type: 'number', validate: Number.isInteger });
    this.ajv.addFormat('int64', { type: 'number', validate: Number.isInteger });
    for (const file of files) {
      const spec = JSON.parse(
        readFileSync(path.join(__dirname, 'openapi', file), 'utf8'),
      ) as Record<string, JsonValue>;
      this.specs.set(file, spec);
      this.ajv.addSchema(spec as object, file);
      const paths = spec.paths as Record<string, Record<string, Record<string, JsonValue>>>;
      for (const [template, item] of Object.entries(paths)) {
        for (const [method, operation] of Object.entries(item)) {
          if (method === 'parameters') continue;
          this.operations.push({
            specId: file,
            template: `${method.toUpperCase()} ${template}`,
            pointer: `/paths/${escape(template)}/${method}`,
            operation,
            params: (template.match(/\{/g) ?? []).length,
            regex: new RegExp(
              `^${method.toUpperCase()} ${template.replace(/\{[^}]+\}/g, '[^/]+')}$`,
            ),
          });
        }
      }
    }
    this.operations.sort((a, b) => a.params - b.params);
  }

  /** The operation for `METHOD /path` (query string ignored), most literal match first. */
  find(method: string, apiPath: string): Operation {
    const key = `${method.toUpperCase()} ${apiPath.split('?')[0] ?? ''}`;
    const found = this.operations.find((operation) => operation.regex.test(key));
    if (!found) throw new Error(`no operation in the OpenAPI files for ${key}`);
    return found;
  }

  requestErrors(method: string, apiPath: string, contentType: string, body: unknown): string[] {
    const operation = this.find(method, apiPath);
    const requestBody = this.resolve(operation.specId, operation.operation.requestBody);
    const content = (requestBody as { content?: Record<string, unknown> } | undefined)?.content;
    if (!content) return [];
    if (!(contentType in content)) return [`${operation.template} does not accept ${contentType}`];
    const base =
      this.refTarget(operation.operation.requestBody) ?? `${operation.pointer}/requestBody`;
    return this.check(operation.specId, `${base}/content/${escape(contentType)}/schema`, body);
  }

  responseErrors(method: string, apiPath: string, status: number, body: unknown): string[] {
    const operation = this.find(method, apiPath);
    const responses = operation.operation.responses as Record<string, unknown>;
    const key =
      String(status) in responses ? String(status) : 'default' in responses ? 'default' : undefined;
    if (!key) return [`${operation.template} documents no ${status} response`];
    const response = this.resolve(operation.specId, responses[key]) as
      { content?: Record<string, unknown> } | undefined;
    if (!response?.content)
      return body === undefined || body === ''
        ? []
        : [`${operation.template} ${status} documents no body`];
    const contentType =
      'application/json' in response.content
        ? 'application/json'
        : Object.keys(response.content)[0];
    if (!contentType) return [];
    const schemaPointer = this.refTarget(responses[key]) ?? `${operation.pointer}/responses/${key}`;
    return this.check(
      operation.specId,
      `${schemaPointer}/content/${escape(contentType)}/schema`,
      body,
    );
  }

  private check(specId: string, pointer: string, value: unknown): string[] {
    const ref = `${specId}#${pointer}`;
    let validate = this.compiled.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.compiled.set(ref, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map(
      (error) =>
        `${error.instancePath || '(root)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
    );
  }

  private resolve(specId: string, value: unknown): unknown {
    const target = this.refTarget(value);
    if (!target) return value;
    let current: unknown = this.specs.get(specId);
    for (const part of target.split('/').slice(1))
      current = (current as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    return current;
  }

  private refTarget(value: unknown): string | undefined {
    const ref = (value as { $ref?: unknown } | undefined)?.$ref;
    return typeof ref === 'string' && ref.startsWith('#') ? ref.slice(1) : undefined;
  }
}

function escape(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
