// Shared set-up for the API keys tests (api-keys.*.test.ts): the real app against an in-process
// sandbox whose platforms check the keys, with the sandbox's host the only non-public one the
// outbound guard lets through; two customers with a profile each, a manager and an admin. Each
// test file calls useApiKeysApp() once and so runs an app of its own.
import { DEMO_API_KEYS, startSandbox, type RunningSandbox } from '@outsync/sandbox';
import type { Platform } from '@outsync/contracts';
import type { ApiKey } from '@outsync/contracts/accounts';
import { buildProfile } from '../../testing/profile-factories';
import { startTestApp, type TestApp } from '../../testing/test-app';
import type { TestClient } from '../../testing/test-client';
import { createProfileRecords, profileModel, type ProfileDoc } from '../profiles';
import {
  apiKeyModel,
  createApiKeysService,
  createPlatformGateway,
  leadCategoryModel,
} from './api-keys.service';

export const KEYS = '/api/admin/dashboard/api-keys';
export const PLATFORMS: Platform[] = ['smartlead', 'instantly', 'bison', 'heyreach'];
export const NAMES: Record<Platform, string> = {
  smartlead: 'Smartlead',
  instantly: 'Instantly',
  bison: 'EmailBison',
  heyreach: 'HeyReach',
};

let sandbox: RunningSandbox;
export let app: TestApp;
export let bisonUrl: string;

export type Customer = { client: TestClient; userId: string; profile: ProfileDoc };
export let alice: Customer;
export let bob: Customer;
export let manager: TestClient;
export let admin: TestClient;

/** Registers the file's hooks: sandbox, app and accounts before its tests; no faults after each. */
export function useApiKeysApp(): void {
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, smtpPort: 0, host: '127.0.0.1' });
    const { host } = new URL(sandbox.url);
    bisonUrl = `${sandbox.url}/bison`;
    app = await startTestApp({
      env: {
        OUTBOUND_ALLOW_HOSTS: host,
        SMARTLEAD_API_URL: `${sandbox.url}/smartlead`,
        INSTANTLY_API_URL: `${sandbox.url}/instantly`,
        HEYREACH_API_URL: `${sandbox.url}/heyreach`,
      },
    });
    alice = await customer('alice@customer.test', 'Alice', 'Anders');
    bob = await customer('bob@other.test', 'Bob', 'Brown');
    manager = await app.signIn({ email: 'manager@outsync.test', role: 'MANAGER' });
    admin = await app.signIn({ email: 'admin@outsync.test', role: 'ADMIN' });
  });

  afterAll(async () => {
    await app?.stop();
    await sandbox?.stop();
  });

  afterEach(async () => {
    await fetch(`${sandbox.url}/_faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ system: '*', errorRate: 0, latencyMs: 0 }),
    });
  });
}

export async function customer(
  email: string,
  firstName: string,
  lastName: string,
): Promise<Customer> {
  const client = await app.signIn({ email });
  const user = await app.models.users.findOne({ email }).lean();
  if (!user) throw new Error('no user');
  const profile = await buildProfile(app.db, {
    ownerId: user._id,
    firstName,
    lastName,
    email: `crm-${email}`,
  });
  return { client, userId: user._id.toString(), profile };
}

export function form(platform: Platform, overrides: Record<string, unknown> = {}) {
  return {
    platform,
    apiKey: DEMO_API_KEYS[platform],
    description: `${NAMES[platform]} main`,
    baseUrl: platform === 'bison' ? bisonUrl : '',
    userProfileId: alice.profile._id.toString(),
    ...overrides,
  };
}

export async function createKey(
  owner: Customer,
  platform: Platform,
  overrides = {},
): Promise<ApiKey> {
  const response = await owner.client.post<ApiKey>(
    KEYS,
    form(platform, { userProfileId: owner.profile._id.toString(), ...overrides }),
  );
  expect(response.status).toBe(201);
  return response.body;
}

export async function fault(system: string, settings: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${sandbox.url}/_faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ system, ...settings }),
  });
  expect(response.status).toBe(200);
}

/** The service as app.ts builds it, with hooks a test sets. */
export function serviceWith(hooks: { keyUsage?: (keyId: string) => Promise<string[]> }) {
  return createApiKeysService({
    apiKeys: apiKeyModel(app.db.connection),
    leadCategories: leadCategoryModel(app.db.connection),
    profiles: createProfileRecords(profileModel(app.db.connection)),
    secrets: app.secrets,
    platforms: createPlatformGateway({
      urls: app.config.platforms,
      fetch: app.safeFetch,
      assertPublicUrl: async () => undefined,
    }),
    now: () => new Date(),
    ...hooks,
  });
}
