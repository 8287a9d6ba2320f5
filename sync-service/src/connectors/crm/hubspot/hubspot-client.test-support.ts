// Shared set-up of the hubspot-client.*.test.ts files: the API, its token, owners as HubSpot
// answers them, and the nock hooks.
import type { TokenAuth } from '../../http';

export const API = 'https://api.hubapi.com';

export function auth(
  token = 'access-1',
  refreshed = 'access-2',
): TokenAuth & { refreshes: number } {
  let current = token;
  const value = {
    kind: 'bearer' as const,
    refreshes: 0,
    getAccessToken: () => Promise.resolve(current),
    refresh: () => {
      value.refreshes++;
      current = refreshed;
      return Promise.resolve(current);
    },
  };
  return value;
}

export function owner(id: string, email: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    email,
    type: 'PERSON',
    firstName: 'Ana',
    lastName: 'Lima',
    userId: 9001,
    userIdIncludingInactive: 9001,
    createdAt: '2024-01-15T09:00:00.000Z',
    updatedAt: '2024-01-15T09:00:00.000Z',
    archived: false,
    teams: [{ id: '1', name: 'Sales', primary: true }],
    ...extra,
  };
}

/** The nock hooks each split test file runs (one definition for every connector test). */
export { useNockHooks as installNockHooks } from '../../test-support';
