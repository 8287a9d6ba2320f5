import nock from 'nock';
import { assertNockDone, failureOf, printedForms } from '../../test-support';
import { bisonInstanceUrl, createBisonClient } from './bison-client';

// Each customer has an instance of their own.
const INSTANCE = 'https://send.agency.test';
const KEY = '42|pLk9Jh7TgR5eWq3sXc1VbN8mZa6Yd2Fu';

beforeAll(() => nock.disableNetConnect());
afterEach(assertNockDone);
afterAll(() => {
  nock.enableNetConnect();
  nock.restore();
});

describe('bisonInstanceUrl', () => {
  it('drops a trailing slash and a trailing /api', () => {
    expect(bisonInstanceUrl(' https://send.agency.test/api/ ')).toBe(INSTANCE);
    expect(bisonInstanceUrl('http://localhost:4100/bison')).toBe('http://localhost:4100/bison');
  });
});

describe('checkApiKey', () => {
  it('asks GET {instance}/api/users with the bearer token', async () => {
    nock(INSTANCE)
      .get('/api/users')
      .matchHeader('authorization', `Bearer ${KEY}`)
      .reply(200, {
        data: { id: 1, name: 'Ana', email: 'ana@agency.test', workspace: { id: 3, name: 'Main' } },
      });

    await expect(
      createBisonClient({ baseUrl: `${INSTANCE}/api/`, apiKey: KEY }).checkApiKey(),
    ).resolves.toEqual({ valid: true });
  });

  it('is invalid on 401', async () => {
    nock(INSTANCE).get('/api/users').reply(401, { message: 'Unauthenticated.' });

    await expect(
      createBisonClient({ baseUrl: INSTANCE, apiKey: KEY }).checkApiKey(),
    ).resolves.toEqual({
      valid: false,
      message: 'EmailBison rejected this API key.',
    });
  });

  it('throws (could not check) when the base URL is not an EmailBison instance', async () => {
    nock(INSTANCE).get('/api/users').reply(200, '<!doctype html><title>Agency</title>');

    const error = await failureOf(
      createBisonClient({ baseUrl: INSTANCE, apiKey: KEY }).checkApiKey(),
    );

    expect(error).toMatchObject({ system: 'bison', operation: 'checkApiKey', code: 'unexpected' });
  });

  it('throws (could not check) when the instance cannot be reached, without the token', async () => {
    const fetch = (): Promise<Response> =>
      Promise.reject(
        new TypeError('fetch failed', {
          cause: Object.assign(new Error(`getaddrinfo ENOTFOUND send.agency.test ${KEY}`), {
            code: 'ENOTFOUND',
          }),
        }),
      );

    const error = await failureOf(
      createBisonClient({ baseUrl: INSTANCE, apiKey: KEY, fetch, retries: 0 }).checkApiKey(),
    );

    expect(error.code).toBe('network');
    expect(error.message).toContain('ENOTFOUND');
    for (const text of printedForms(error)) expect(text).not.toContain(KEY);
  });
});

describe('blacklistEmails and blacklistDomains', () => {
  function bison(overrides: { retries?: number } = {}) {
    return createBisonClient({ baseUrl: INSTANCE, apiKey: KEY, ...overrides });
  }

  function listed(id: number, field: 'email' | 'domain', value: string) {
    return {
      id,
      [field]: value,
      created_at: '2026-08-13T11:11:58.000000Z',
      updated_at: '2026-08-13T11:11:58.000000Z',
    };
  }

  it('posts {instance}/api/blacklisted-emails/bulk with the bearer token; added is valid_count', async () => {
    nock(INSTANCE)
      .post('/api/blacklisted-emails/bulk', {
        emails: ['ana@acme.test', 'bo@acme.test', 'not-an-email'],
      })
      .matchHeader('authorization', `Bearer ${KEY}`)
      .matchHeader('content-type', 'application/json')
      .reply(201, {
        data: [listed(7, 'email', 'ana@acme.test'), listed(8, 'email', 'bo@acme.test')],
        meta: { valid_count: 2, invalid_count: 1 },
      });

    await expect(
      bison().blacklistEmails(['ana@acme.test', 'bo@acme.test', 'not-an-email']),
    ).resolves.toEqual({ added: 2 });
  });

  it('posts /api/blacklisted-domains/bulk {domains}; without counts, the entries are counted', async () => {
    nock(INSTANCE)
      .post('/api/blacklisted-domains/bulk', { domains: ['acme.test', 'globex.test', 'x.test'] })
      .matchHeader('authorization', `Bearer ${KEY}`)
      .reply(200, {
        data: [
          listed(3, 'domain', 'acme.test'),
          listed(4, 'domain', 'globex.test'),
          listed(5, 'domain', 'x.test'),
        ],
      });

    await expect(bison().blacklistDomains(['acme.test', 'globex.test', 'x.test'])).resolves.toEqual(
      { added: 3 },
    );
  });

  it('reads the count over the entries when both are there', async () => {
    nock(INSTANCE)
      .post('/api/blacklisted-domains/bulk')
      .reply(201, {
        data: [listed(3, 'domain', 'acme.test')],
        meta: { valid_count: 4, invalid_count: 0 },
      });

    await expect(bison().blacklistDomains(['acme.test'])).resolves.toEqual({ added: 4 });
  });

  it('calls nothing for no values', async () => {
    await expect(bison().blacklistEmails([])).resolves.toEqual({ added: 0 });
  });

  it('waits out a 429 with Retry-After and sends the same values again', async () => {
    nock(INSTANCE)
      .post('/api/blacklisted-emails/bulk', { emails: ['ana@acme.test'] })
      .reply(429, { message: 'Too Many Attempts.' }, { 'Retry-After': '1' })
      .post('/api/blacklisted-emails/bulk', { emails: ['ana@acme.test'] })
      .reply(201, { data: [listed(7, 'email', 'ana@acme.test')] });

    await expect(bison().blacklistEmails(['ana@acme.test'])).resolves.toEqual({ added: 1 });
  });

  it('repeats after a 503, since a value listed twice stays one entry', async () => {
    nock(INSTANCE)
      .post('/api/blacklisted-domains/bulk')
      .reply(503, { message: 'Service Unavailable' })
      .post('/api/blacklisted-domains/bulk')
      .reply(201, { data: [listed(3, 'domain', 'acme.test')] });

    await expect(bison().blacklistDomains(['acme.test'])).resolves.toEqual({ added: 1 });
  });

  it.each([400, 422])(
    'fails as invalid_request on a %i refusal with the reason, without the token',
    async (status) => {
      nock(INSTANCE)
        .post('/api/blacklisted-emails/bulk')
        .reply(status, {
          message: 'The emails.0 field must be a valid email address.',
          errors: { 'emails.0': [`Token ${KEY} may not add "x".`] },
        });

      const error = await failureOf(bison().blacklistEmails(['x']));

      expect(error).toMatchObject({
        system: 'bison',
        operation: 'blacklistEmails',
        code: 'invalid_request',
        status,
        vendorMessage: 'The emails.0 field must be a valid email address.',
      });
      expect(error.retryable).toBe(false);
      for (const text of printedForms(error)) expect(text).not.toContain(KEY);
    },
  );

  it('fails as unexpected when the answer has neither counts nor a list of entries', async () => {
    nock(INSTANCE)
      .post('/api/blacklisted-domains/bulk')
      .reply(200, { data: { success: true, message: 'Queued.' } });

    const error = await failureOf(bison().blacklistDomains(['acme.test']));

    expect(error).toMatchObject({ operation: 'blacklistDomains', code: 'unexpected' });
    expect(error.message).toBe(
      'EmailBison blacklistDomains (POST /api/blacklisted-domains/bulk) answered in an unexpected shape: (root): Invalid input',
    );
  });
});
