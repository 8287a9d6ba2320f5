import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import nock from 'nock';
import { createSafeFetch } from '../platform/safe-fetch';
import { guardOutboundCalls, verifyOutboundCalls } from './nock-guard';

guardOutboundCalls();

// api.example.com resolves to a public address without DNS, so safe-fetch lets it through to nock.
const safeFetch = createSafeFetch({
  lookup: async () => [{ address: '93.184.216.34', family: 4 }],
});

async function rejection(promise: Promise<unknown>): Promise<Error & { cause?: unknown }> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('guardOutboundCalls', () => {
  it('makes a call nock does not answer reject, through fetch and safe-fetch alike', async () => {
    const viaFetch = await rejection(fetch('https://api.example.com/v1/contacts?api_key=k'));
    expect(String(viaFetch.cause)).toContain(
      'Disallowed net connect for "api.example.com:443/v1/contacts"',
    );
    const viaSafeFetch = await rejection(safeFetch('https://api.example.com/v1/deals'));
    expect(String(viaSafeFetch.cause)).toContain('Disallowed net connect');

    // The check after the test names both calls, without their query strings.
    expect(() => verifyOutboundCalls()).toThrow(
      'outbound calls no nock interceptor matched:\n' +
        '  GET https://api.example.com/v1/contacts\n' +
        '  GET https://api.example.com/v1/deals',
    );
  });

  it('lets interceptors answer', async () => {
    nock('https://api.example.com').post('/v1/contacts', { email: 'a@b.c' }).reply(201, { id: 7 });

    const response = await safeFetch('https://api.example.com/v1/contacts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.c' }),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ id: 7 });
  });

  it('fails a test that declared an interceptor it never called', () => {
    nock('https://api.hubapi.com').get('/crm/v3/owners').reply(200, { results: [] });

    expect(() => verifyOutboundCalls()).toThrow(
      'nock interceptors declared but never called:\n  GET https://api.hubapi.com:443/crm/v3/owners',
    );
    // It starts afresh: the interceptor is gone.
    expect(nock.pendingMocks()).toEqual([]);
  });

  it('fails a test whose call matched none of a host’s interceptors (nock answers 501)', async () => {
    nock('https://api.example.com').get('/v1/expected').reply(200);

    const response = await safeFetch('https://api.example.com/v1/other');
    expect(response.status).toBe(501);
    expect(() => verifyOutboundCalls()).toThrow(
      /declared but never called:\n {2}GET https:\/\/api\.example\.com:443\/v1\/expected\noutbound calls no nock interceptor matched:\n {2}GET https:\/\/api\.example\.com\/v1\/other$/,
    );
  });

  it('lets the test’s own servers on 127.0.0.1 through', async () => {
    const server: Server = createServer((_request, response) => response.end('local'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('local');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(() => verifyOutboundCalls()).not.toThrow();
  });
});
