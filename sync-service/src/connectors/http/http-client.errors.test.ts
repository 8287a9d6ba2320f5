// http-client: mapping failures to ConnectorError (statuses, scrubbed secrets, shapes, timeouts,
// network failures) and redact.
import nock from 'nock';
import { z } from 'zod';
import type { ConnectorError } from './connector-error';
import { redact } from './redact';
import { failureOf, printedForms } from '../test-support';
import { installNockHooks, BASE, KEY, Ok, client } from './http-client.test-support';

installNockHooks();

describe('error mapping', () => {
  const cases: Array<[string, number, unknown, Partial<ConnectorError>]> = [
    [
      'HubSpot missing scopes',
      403,
      {
        status: 'error',
        message: "This app hasn't been granted all required scopes to make this call.",
        correlationId: 'c-1',
        errors: [
          {
            message: 'One or more of the following scopes are required.',
            context: { requiredGranularScopes: ['crm.objects.owners.read'] },
          },
        ],
        category: 'MISSING_SCOPES',
      },
      {
        code: 'missing_scopes',
        vendorCode: 'MISSING_SCOPES',
        vendorMessage:
          "This app hasn't been granted all required scopes to make this call.; One or more of the following scopes are required.",
      },
    ],
    [
      'HubSpot refresh token',
      400,
      {
        status: 'BAD_REFRESH_TOKEN',
        message: 'missing or unknown refresh token',
        category: 'VALIDATION_ERROR',
      },
      { code: 'unauthorized', vendorCode: 'BAD_REFRESH_TOKEN' },
    ],
    [
      'HubSpot not found',
      404,
      { status: 'error', message: 'Unable to find property x', category: 'OBJECT_NOT_FOUND' },
      { code: 'not_found', vendorCode: 'OBJECT_NOT_FOUND' },
    ],
    [
      'Salesforce API budget',
      403,
      [{ message: 'TotalRequests Limit exceeded.', errorCode: 'REQUEST_LIMIT_EXCEEDED' }],
      {
        code: 'rate_limited',
        vendorCode: 'REQUEST_LIMIT_EXCEEDED',
        vendorMessage: 'TotalRequests Limit exceeded.',
      },
    ],
    [
      'Salesforce malformed query',
      400,
      [{ message: "unexpected token: 'FROM'", errorCode: 'MALFORMED_QUERY' }],
      { code: 'invalid_request', vendorCode: 'MALFORMED_QUERY' },
    ],
    [
      'Salesforce OAuth',
      400,
      { error: 'invalid_grant', error_description: 'expired access/refresh token' },
      {
        code: 'unauthorized',
        vendorCode: 'invalid_grant',
        vendorMessage: 'expired access/refresh token',
      },
    ],
    [
      'Instantly plan',
      402,
      {
        statusCode: 402,
        error: 'Payment Required',
        message: 'Workspace does not have an active paid plan',
      },
      { code: 'forbidden', vendorMessage: 'Workspace does not have an active paid plan' },
    ],
    [
      'EmailBison validation',
      422,
      {
        message: 'The email field must be a valid email.',
        errors: { email: ['The email field must be a valid email.'] },
      },
      { code: 'invalid_request', vendorMessage: 'The email field must be a valid email.' },
    ],
    [
      'HeyReach',
      404,
      { errorMessage: 'List not found', statusCode: 404 },
      { code: 'not_found', vendorMessage: 'List not found' },
    ],
    ['plain text', 500, 'Internal error', { code: 'unavailable', vendorMessage: 'Internal error' }],
  ];

  it.each(cases)('%s', async (_name, status, body, expected) => {
    nock(BASE)
      .post('/call')
      .reply(status, body as nock.Body);
    const error = await failureOf(
      client({ retries: 0 }).request({
        operation: 'call',
        method: 'POST',
        path: '/call',
        json: {},
        schema: Ok,
      }),
    );
    expect(error).toMatchObject({ status, ...expected });
  });

  it('scrubs the API key from the message, the vendor message and String(error)', async () => {
    nock(BASE)
      .get('/api/v1/leads/fetch-categories')
      .query({ api_key: KEY })
      .reply(401, { error: 'Invalid API Key', message: `api_key=${KEY} is not valid` });

    const error = await failureOf(
      client({
        auth: ({ url }) => url.searchParams.set('api_key', KEY),
        secrets: () => [KEY],
      }).request({
        operation: 'listLeadCategories',
        method: 'GET',
        path: '/api/v1/leads/fetch-categories',
        schema: Ok,
      }),
    );

    expect(error.code).toBe('unauthorized');
    expect(error.vendorMessage).toBe('api_key=[redacted] is not valid');
    for (const text of printedForms(error)) {
      expect(text).not.toContain(KEY);
    }
    expect(error.cause).toBeUndefined();
  });

  it('scrubs a secret that sits in the path', async () => {
    nock(BASE).get(`/oauth/v1/access-tokens/${KEY}`).reply(404, { message: 'not found' });

    const error = await failureOf(
      client({ system: 'hubspot', secrets: () => [KEY] }).request({
        operation: 'getAccessTokenInfo',
        method: 'GET',
        path: `/oauth/v1/access-tokens/${KEY}`,
        schema: Ok,
      }),
    );

    expect(error.message).toBe(
      'HubSpot getAccessTokenInfo (GET /oauth/v1/access-tokens/[redacted]) failed: 404 not_found (not found)',
    );
  });

  it('fails as unexpected, naming system, call and field, when the shape changed', async () => {
    nock(BASE)
      .get('/owners')
      .reply(200, { results: [{ id: 7 }] });

    const error = await failureOf(
      client({ system: 'hubspot' }).request({
        operation: 'listOwners',
        method: 'GET',
        path: '/owners',
        schema: z.looseObject({ results: z.array(z.looseObject({ id: z.string() })) }),
      }),
    );

    expect(error.code).toBe('unexpected');
    expect(error.message).toBe(
      'HubSpot listOwners (GET /owners) answered in an unexpected shape: results.0.id: Invalid input: expected string, received number',
    );
  });

  it('fails as unexpected on a body that is not JSON', async () => {
    nock(BASE).get('/owners').reply(200, '<html>login</html>');
    const error = await failureOf(
      client().request({ operation: 'listOwners', method: 'GET', path: '/owners', schema: Ok }),
    );
    expect(error.code).toBe('unexpected');
    expect(error.message).toContain('non-JSON');
  });

  // nock 15 neither delays nor fails native fetch on Node 20, so these two use a fake fetch.
  it('fails as timeout when no answer comes in time, aborting the request', async () => {
    let aborted = false;
    const fetch = (_input: string | URL, init?: RequestInit): Promise<Response> =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => {
          aborted = true;
          reject(new DOMException('aborted', 'AbortError'));
        });
      });

    const error = await failureOf(
      client({ fetch, timeoutMs: 50 }).request({
        operation: 'slow',
        method: 'GET',
        path: '/slow',
        schema: Ok,
      }),
    );

    expect(error).toMatchObject({ code: 'timeout', status: undefined });
    expect(error.message).toBe('Smartlead slow (GET /slow) timed out');
    expect(error.retryable).toBe(true);
    expect(aborted).toBe(true);
  });

  it('fails as network when the connection fails (after retrying a GET), scrubbing the URL', async () => {
    const urls: string[] = [];
    const fetch = (input: string | URL): Promise<Response> => {
      urls.push(String(input));
      const reset = Object.assign(new Error(`socket hang up ${String(input)}`), {
        code: 'ECONNRESET',
      });
      return Promise.reject(new TypeError('fetch failed', { cause: reset }));
    };

    const error = await failureOf(
      client({ fetch, auth: ({ url }) => url.searchParams.set('api_key', KEY) }).request({
        operation: 'a',
        method: 'GET',
        path: '/a',
        schema: Ok,
      }),
    );

    expect(urls).toEqual(Array(3).fill(`${BASE}/a?api_key=${KEY}`));
    expect(error.code).toBe('network');
    expect(error.message).toBe(
      `Smartlead a (GET /a) could not reach the server: ECONNRESET socket hang up ${BASE}/a?api_key=[redacted]`,
    );
  });

  it('does not repeat a POST after a connection failure', async () => {
    let calls = 0;
    const fetch = (): Promise<Response> => {
      calls++;
      return Promise.reject(new TypeError('fetch failed'));
    };
    const error = await failureOf(
      client({ fetch }).request({
        operation: 'p',
        method: 'POST',
        path: '/p',
        json: {},
        schema: Ok,
      }),
    );
    expect(error.code).toBe('network');
    expect(calls).toBe(1);
  });
});

describe('redact', () => {
  it('replaces secrets in every spelling, credential parameters and bearer tokens', () => {
    const secret = 'a+b/c=d secret';
    expect(
      redact(
        `x ${secret} ${encodeURIComponent(secret)} a%2Bb%2Fc%3Dd+secret ?api_key=zzz&x=1 Authorization: Bearer abc.def`,
        [secret, ''],
      ),
    ).toBe(
      'x [redacted] [redacted] [redacted] ?api_key=[redacted]&x=1 Authorization: Bearer [redacted]',
    );
  });
});
