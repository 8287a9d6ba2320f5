// Shared set-up of the hubspot-objects.*.test.ts files: the API, its token, records as HubSpot
// answers them, email inputs and their request bodies, and the nock hooks.
import type { TokenAuth } from '../../http';
import { createHubspotClient } from './hubspot-client';
import { HUBSPOT_ASSOCIATION_TYPES, type HubspotCreateInput } from './hubspot-objects.types';

export const API = 'https://api.hubapi.com';
export const TIMES = {
  startedAt: '2026-11-23T10:00:00.000Z',
  completedAt: '2026-11-23T10:00:00.120Z',
};

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

export function client({
  retries,
  tokens = auth(),
}: { retries?: number; tokens?: TokenAuth } = {}) {
  return createHubspotClient({ apiUrl: API, auth: tokens, retries });
}

/** A record as HubSpot answers it, with the fields the connector does not use. */
export function hubspotRecord(id: string, properties: Record<string, string | null>, extra = {}) {
  return {
    id,
    properties: { hs_object_id: id, ...properties },
    createdAt: '2026-11-23T10:00:00.000Z',
    updatedAt: '2026-11-23T10:00:00.000Z',
    archived: false,
    url: `https://app.hubspot.com/contacts/123/record/0-1/${id}`,
    ...extra,
  };
}

export function emailInput(n: number): HubspotCreateInput {
  return {
    properties: { hs_timestamp: '2026-11-23T10:00:00.000Z', hs_email_subject: `Hello ${n}` },
    associations: [{ toId: `c${n}`, associationTypeId: HUBSPOT_ASSOCIATION_TYPES.emailToContact }],
    objectWriteTraceId: `t${n}`,
  };
}

export function emailInputBody(n: number) {
  return {
    properties: { hs_timestamp: '2026-11-23T10:00:00.000Z', hs_email_subject: `Hello ${n}` },
    associations: [
      {
        to: { id: `c${n}` },
        types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 198 }],
      },
    ],
    objectWriteTraceId: `t${n}`,
  };
}

export const range = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, index) => from + index);

/** The nock hooks each split test file runs (one definition for every connector test). */
export { useNockHooks as installNockHooks } from '../../test-support';
