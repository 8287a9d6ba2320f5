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
