// The API keys screens' starting data: one profile, two keys (one used by a block-list sync, one
// bison key with its base URL) and their secrets.
import { anApiKey, anIntegration, aUserProfile, oid } from './fixtures';
import type { FakeDb } from './fake-service';

export const profile = aUserProfile({
  id: oid(1),
  profile: 'HUBSPOT',
  email: 'ada@acme.test',
  organizationId: '20519234',
  organizationDomain: 'acme.hubspot.test',
});

export const smartleadKey = anApiKey({
  id: oid(0xa1),
  description: 'Main sequencer',
  platform: 'smartlead',
  syncBlockList: [{ id: oid(0xb1), listName: 'Customers' }],
});

export const bisonKey = anApiKey({
  id: oid(0xa2),
  description: 'Bison outreach',
  platform: 'bison',
  baseUrl: 'https://mail.acme.test',
  isValid: false,
});

export const heyreachKey = anApiKey({
  id: oid(0xa3),
  description: 'Social reach',
  platform: 'heyreach',
});

export const colleagueKey = anApiKey({
  id: oid(0xa9),
  description: 'Colleague key',
  platform: 'instantly',
  canManage: false,
  userProfileId: oid(2),
  userProfile: {
    firstName: 'Bob',
    lastName: 'Stone',
    email: 'bob@acme.test',
    organizationId: '20519235',
    organizationDomain: 'beta.hubspot.test',
  },
});

export const secrets = {
  [smartleadKey.id]: '3f2a9c1e-77aa-4b1c-9d2e-0a1b2c3d4e5f_secret01',
  [bisonKey.id]: 'bison-secret-42',
  [heyreachKey.id]: 'heyreach-secret-7',
};

export function apiKeysSeed(overrides: Partial<FakeDb> = {}): Partial<FakeDb> {
  return {
    integrations: [anIntegration(profile)],
    apiKeys: [smartleadKey, bisonKey, heyreachKey],
    allApiKeys: [smartleadKey, bisonKey, heyreachKey, colleagueKey],
    apiKeySecrets: { ...secrets },
    ...overrides,
  };
}
