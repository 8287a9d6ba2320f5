// Shared set-up of the http-client.*.test.ts files: the vendor, its key, a token auth that
// counts its refreshes, and the nock hooks.
import { z } from 'zod';
import { createHttpClient, type HttpClientOptions, type TokenAuth } from './http-client';

export const BASE = 'https://api.vendor.test';
export const KEY = 'sk_live_7f3a9c1e5b2d4f60';
export const Ok = z.looseObject({ ok: z.boolean() });

export function client(overrides: Partial<HttpClientOptions> = {}) {
  return createHttpClient({ system: 'smartlead', baseUrl: BASE, ...overrides });
}

export function tokenAuth(
  tokens: string[],
  refreshed: string[],
): TokenAuth & { refreshes: number } {
  let current = tokens[0] ?? '';
  const auth = {
    kind: 'bearer' as const,
    refreshes: 0,
    getAccessToken: () => Promise.resolve(current),
    refresh: () => {
      auth.refreshes++;
      const next = refreshed.shift();
      if (next === undefined) return Promise.reject(new Error(`refresh token ${KEY} rejected`));
      current = next;
      return Promise.resolve(next);
    },
  };
  return auth;
}

/** The nock hooks each split test file runs (one definition for every connector test). */
export { useNockHooks as installNockHooks } from '../test-support';
