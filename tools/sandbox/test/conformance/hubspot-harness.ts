import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@hubspot/api-client';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type IConfiguration from '@hubspot/api-client/lib/src/configuration/IConfiguration';
import { HUBSPOT_DEMO_PRIVATE_APP_TOKEN } from '../../src/index.ts';
import { OpenApiContract } from '../openapi-contract.ts';
import { startTestSandbox, type TestSandbox } from '../sandbox-client.ts';

/**
 * The HubSpot conformance harness. The official `@hubspot/api-client` talks to the sandbox
 * through a small validating proxy: every answer the suite receives is checked against
 * HubSpot's OpenAPI files (status code declared for the operation, body matching the
 * response schema), and a path no operation declares is a violation too. A new route is therefore covered without new assertions; `afterEach` fails the
 * test on any violation.
 */
export const HUBSPOT_OPENAPI_FILES = [
  'hubspot-oauth-v1.json',
  'hubspot-contacts-v3.json',
  'hubspot-companies-v3.json',
  'hubspot-emails-v3.json',
  'hubspot-tasks-v3.json',
  'hubspot-crm-owners-v3.json',
  'hubspot-properties-v3.json',
  'hubspot-associations-v4.json',
  'hubspot-lists-v3.json',
];

/** One answer the proxy saw, with what the OpenAPI files say is wrong with it. */
export interface CheckedAnswer {
  operation: string;
  status: number;
  violations: string[];
}

export interface HubspotConformance {
  /** The sandbox itself, for controls (`/_faults`, `/_tokens/expire`) and OAuth pages. */
  readonly sandbox: TestSandbox;
  /** The base path to give `new Client({ basePath })`: the validating proxy's `/hubspot`. */
  readonly basePath: string;
  /** A client on the demo portal's private-app token (every scope). */
  readonly client: Client;
  /** A client with other settings (an OAuth access token, no token for the OAuth API). */
  clientWith(config: IConfiguration): Client;
  /** Answers checked during the current test. */
  readonly answers: CheckedAnswer[];
}

/** Starts the sandbox and the validating proxy for one test file, checked after each test. */
export function useHubspotConformance(): HubspotConformance {
  const contract = new OpenApiContract(HUBSPOT_OPENAPI_FILES);
  const answers: CheckedAnswer[] = [];
  let sandbox: TestSandbox | undefined;
  let proxy: Server | undefined;
  let basePath = '';
  let client: Client | undefined;

  beforeAll(async () => {
    // The vendor rate limit stays on (the sandbox default); the 429 tests rely on it.
    sandbox = await startTestSandbox();
    const target = sandbox.url;
    proxy = createServer((request, response) => {
      forward(contract, target, request, answers)
        .then(({ status, headers, body }) => {
          response.writeHead(status, headers);
          response.end(body);
        })
        .catch((error: unknown) => {
          answers.push({ operation: 'proxy', status: 0, violations: [String(error)] });
          response.writeHead(502).end();
        });
    });
    await new Promise<void>((resolve) => proxy?.listen(0, '127.0.0.1', resolve));
    basePath = `http://127.0.0.1:${String((proxy.address() as AddressInfo).port)}/hubspot`;
    client = new Client({ basePath, accessToken: HUBSPOT_DEMO_PRIVATE_APP_TOKEN });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
    await sandbox?.stop();
  });
  beforeEach(async () => {
    answers.length = 0;
    await sandbox?.request('POST', '/_seed');
  });
  afterEach(() => {
    const violations = answers.filter((answer) => answer.violations.length > 0);
    expect(violations).toEqual([]);
    expect(answers.length).toBeGreaterThan(0);
  });

  return {
    get sandbox() {
      if (!sandbox) throw new Error('the sandbox starts in beforeAll');
      return sandbox;
    },
    get basePath() {
      return basePath;
    },
    get client() {
      if (!client) throw new Error('the client is built in beforeAll');
      return client;
    },
    clientWith: (config) => new Client({ basePath, ...config }),
    answers,
  };
}

interface Forwarded {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const HOP_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'content-encoding',
  'keep-alive',
  'accept-encoding',
]);

async function forward(
  contract: OpenApiContract,
  target: string,
  request: IncomingMessage,
  answers: CheckedAnswer[],
): Promise<Forwarded> {
  const method = request.method ?? 'GET';
  const url = request.url ?? '/';
  const requestBody = await readAll(request);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers))
    if (!HOP_HEADERS.has(name) && value !== undefined)
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
  const response = await fetch(`${target}${url}`, {
    method,
    headers,
    redirect: 'manual',
    ...(requestBody.length > 0 ? { body: new Uint8Array(requestBody) } : {}),
  });
  const body = Buffer.from(await response.arrayBuffer());
  // The generated client writes some paths with a trailing slash (`/crm/v3/owners/`).
  const apiPath = url.replace(/^\/hubspot/, '').replace(/\/(?=\?|$)/, '');
  const violations = checkExchange(contract, {
    method,
    apiPath,
    status: response.status,
    responseBody: body,
  });
  answers.push({
    operation: `${method} ${apiPath}`,
    status: response.status,
    violations,
  });
  const responseHeaders: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!HOP_HEADERS.has(name)) responseHeaders[name] = value;
  });
  responseHeaders['content-length'] = String(body.length);
  return { status: response.status, headers: responseHeaders, body };
}

/**
 * HubSpot's 429 body as its usage guide documents it (developers.hubspot.com/docs/api/usage-details:
 * `status`, `message`, `errorType: "RATE_LIMIT"`, `correlationId`, `policyName`). It has no
 * `category`, which the OpenAPI files' `default` Error schema requires, so a 429 is checked
 * against this documented shape instead.
 */
const RATE_LIMIT_BODY = {
  type: 'object',
  required: ['status', 'message', 'errorType', 'correlationId', 'policyName'],
  properties: {
    status: { const: 'error' },
    message: { type: 'string' },
    errorType: { const: 'RATE_LIMIT' },
    correlationId: { type: 'string', format: 'uuid' },
    policyName: { type: 'string' },
    groupName: { type: 'string' },
  },
};
const rateLimitAjv = new Ajv({ allErrors: true });
addFormats(rateLimitAjv);
const validateRateLimitBody = rateLimitAjv.compile(RATE_LIMIT_BODY);

function checkExchange(
  contract: OpenApiContract,
  exchange: {
    method: string;
    apiPath: string;
    status: number;
    responseBody: Buffer;
  },
): string[] {
  const { method, apiPath } = exchange;
  try {
    contract.find(method, apiPath);
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
  // Requests are not checked: the client (13.4.0) is generated from older OpenAPI files than
  // the ones kept here (its BatchReadInputPropertyName has no `dataSensitivity`, which the
  // newer file requires), so a request mismatch says nothing about the sandbox.
  const body = parse(exchange.responseBody.toString());
  if (exchange.status === 429)
    return validateRateLimitBody(body)
      ? []
      : (validateRateLimitBody.errors ?? []).map(
          (error) => `response 429: ${error.instancePath || '(root)'} ${error.message ?? ''}`,
        );
  return contract
    .responseErrors(method, apiPath, exchange.status, body)
    .map((problem) => `response ${String(exchange.status)}: ${problem}`);
}

function parse(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function readAll(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** The status and body of a call the official client refused (its ApiException). */
export async function apiError(call: Promise<unknown>): Promise<{ code: number; body: unknown }> {
  try {
    await call;
  } catch (error) {
    const { code, body } = error as { code?: unknown; body?: unknown };
    if (typeof code === 'number') return { code, body };
    throw error;
  }
  throw new Error('the call succeeded; an error answer was expected');
}
