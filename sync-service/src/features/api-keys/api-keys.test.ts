import {
  DEMO_API_KEYS,
  SECOND_API_KEYS,
  startSandbox,
  type RunningSandbox,
} from '@outsync/sandbox';
import { CSRF_HEADER, type Platform } from '@outsync/contracts';
import type { ApiKey, ApiKeysResponse, LeadCategory } from '@outsync/contracts/accounts';
import { Types } from 'mongoose';
import { buildApiKey } from '../../testing/account-factories';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { buildProfile } from '../../testing/profile-factories';
import { startTestApp, type TestApp } from '../../testing/test-app';
import type { TestClient } from '../../testing/test-client';
import { closedPort } from '../../testing/test-support';
import { profileModel, type ProfileDoc } from '../profiles';
import {
  apiKeyModel,
  createApiKeysService,
  createPlatformGateway,
  leadCategoryModel,
} from './api-keys.service';

// API keys end to end: the real app against an in-process sandbox whose platforms check the
// keys, with the sandbox's host the only non-public one the outbound guard lets through.

guardOutboundCalls();

const KEYS = '/api/admin/dashboard/api-keys';
const PLATFORMS: Platform[] = ['smartlead', 'instantly', 'bison', 'heyreach'];
const NAMES: Record<Platform, string> = {
  smartlead: 'Smartlead',
  instantly: 'Instantly',
  bison: 'EmailBison',
  heyreach: 'HeyReach',
};

let sandbox: RunningSandbox;
let app: TestApp;
let bisonUrl: string;

type Customer = { client: TestClient; userId: string; profile: ProfileDoc };
let alice: Customer;
let bob: Customer;
let manager: TestClient;
let admin: TestClient;

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

async function customer(email: string, firstName: string, lastName: string): Promise<Customer> {
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

function form(platform: Platform, overrides: Record<string, unknown> = {}) {
  return {
    platform,
    apiKey: DEMO_API_KEYS[platform],
    description: `${NAMES[platform]} main`,
    baseUrl: platform === 'bison' ? bisonUrl : '',
    userProfileId: alice.profile._id.toString(),
    ...overrides,
  };
}

async function createKey(owner: Customer, platform: Platform, overrides = {}): Promise<ApiKey> {
  const response = await owner.client.post<ApiKey>(
    KEYS,
    form(platform, { userProfileId: owner.profile._id.toString(), ...overrides }),
  );
  expect(response.status).toBe(201);
  return response.body;
}

async function fault(system: string, settings: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${sandbox.url}/_faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ system, ...settings }),
  });
  expect(response.status).toBe(200);
}

describe('creating a key', () => {
  it('checks the form in the spec order before anything else', async () => {
    const steps: Array<[Record<string, unknown>, string]> = [
      [{}, 'Please select a platform'],
      [{ platform: 'smartlead' }, 'Please enter a valid API key'],
      [{ platform: 'smartlead', apiKey: '   ' }, 'Please enter a valid API key'],
      [{ platform: 'smartlead', apiKey: 'k' }, 'Please enter a description'],
      [{ platform: 'bison', apiKey: 'k', description: 'd' }, 'Please enter a valid base URL'],
      [
        { platform: 'bison', apiKey: 'k', description: 'd', baseUrl: 'not a url' },
        'Please enter a valid base URL',
      ],
      [{ platform: 'smartlead', apiKey: 'k', description: 'd' }, 'Select Profile'],
      [
        { platform: 'smartlead', apiKey: 'k', description: 'd', userProfileId: 'nope' },
        'Expected an id (24 hexadecimal digits).',
      ],
    ];
    for (const [body, message] of steps) {
      const response = await alice.client.post<{ message: string; code: string }>(KEYS, body);
      expect({ body, status: response.status, message: response.body.message }).toEqual({
        body,
        status: 400,
        message,
      });
      expect(response.body.code).toBe('validation_error');
    }
    expect(await apiKeyModel(app.db.connection).countDocuments()).toBe(0);
  });

  it.each(PLATFORMS)('stores a %s key the platform accepts, without the key', async (platform) => {
    const response = await alice.client.post<ApiKey>(KEYS, form(platform));
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      description: `${NAMES[platform]} main`,
      platform,
      baseUrl: platform === 'bison' ? bisonUrl : null,
      userProfileId: alice.profile._id.toString(),
      userProfile: {
        firstName: 'Alice',
        lastName: 'Anders',
        email: 'crm-alice@customer.test',
        organizationId: alice.profile.organizationId,
        organizationDomain: alice.profile.organizationDomain,
      },
      isValid: true,
      checkedAt: expect.any(String),
      syncBlockList: [],
      canManage: true,
    });
    expect(JSON.stringify(response.body)).not.toContain(DEMO_API_KEYS[platform]);
  });

  it.each(PLATFORMS)(
    'refuses a %s key the platform rejects, with its message',
    async (platform) => {
      const before = await apiKeyModel(app.db.connection).countDocuments();
      const response = await alice.client.post<{ message: string; code: string }>(
        KEYS,
        form(platform, { apiKey: `${platform}-wrong-key-123` }),
      );
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('api_key_invalid');
      expect(response.body.message).toContain(`${NAMES[platform]} rejected this API key`);
      expect(response.body.message).not.toContain(`${platform}-wrong-key-123`);
      expect(await apiKeyModel(app.db.connection).countDocuments()).toBe(before);
    },
  );

  it('accepts a key of another account on the same platform', async () => {
    const key = await createKey(alice, 'instantly', { apiKey: SECOND_API_KEYS.instantly });
    expect(key.isValid).toBe(true);
  });

  it('reads the bison base URL as typed: trimmed, trailing slash dropped', async () => {
    const key = await createKey(alice, 'bison', { baseUrl: `  ${bisonUrl}/  ` });
    expect(key.baseUrl).toBe(bisonUrl);
  });

  it('drops the base URL of the other platforms', async () => {
    const key = await createKey(alice, 'smartlead', { baseUrl: 'https://ignored.example' });
    expect(key.baseUrl).toBeNull();
  });

  it('refuses a bison base URL on a private address, without calling it', async () => {
    const port = await closedPort();
    for (const baseUrl of [
      `http://127.0.0.1:${port}`,
      'http://10.0.0.5',
      'http://169.254.169.254',
      'http://[::ffff:10.0.0.1]',
    ]) {
      const response = await alice.client.post<{ message: string; code: string }>(
        KEYS,
        form('bison', { baseUrl }),
      );
      expect({ baseUrl, status: response.status, code: response.body.code }).toEqual({
        baseUrl,
        status: 400,
        code: 'unsafe_url',
      });
      expect(response.body.message).not.toBe('');
    }
  });

  it('answers 502 naming the platform when it cannot tell', async () => {
    await fault('smartlead', { errorRate: 1 });
    const response = await alice.client.post<{ message: string; code: string }>(
      KEYS,
      form('smartlead'),
    );
    expect(response.status).toBe(502);
    expect(response.body.code).toBe('upstream_failed');
    expect(response.body.message).toMatch(/^Could not reach Smartlead to check the key: /);
  });

  it('answers 502 when the platform rate-limits the check', async () => {
    await fault('heyreach', { rateLimit: 1, rateWindowMs: 60_000 });
    try {
      await createKey(alice, 'heyreach');
      const response = await alice.client.post<{ message: string; code: string }>(
        KEYS,
        form('heyreach'),
      );
      expect(response.status).toBe(502);
      expect(response.body.message).toBe(
        'Could not reach HeyReach to check the key: too many requests right now. Please try again in a moment.',
      );
    } finally {
      await fault('heyreach', { rateLimit: null });
    }
  });

  it("answers 404 for another customer's profile, and for a manager", async () => {
    for (const client of [bob.client, manager]) {
      const response = await client.post<{ code: string }>(KEYS, form('smartlead'));
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('not_found');
    }
    const unknown = await alice.client.post(
      KEYS,
      form('smartlead', { userProfileId: new Types.ObjectId().toString() }),
    );
    expect(unknown.status).toBe(404);
  });

  it("lets an admin add a key to a customer's profile", async () => {
    const response = await admin.post<ApiKey>(KEYS, form('smartlead'));
    expect(response.status).toBe(201);
    // The key belongs to the profile's owner: the admin sees it, read-only.
    expect(response.body.canManage).toBe(false);
  });

  it('needs a session and the CSRF token', async () => {
    expect((await app.asAnonymous().post(KEYS, form('smartlead'))).status).toBe(401);
    const noCsrf = await alice.client.post(KEYS, form('smartlead'), {
      [CSRF_HEADER.toLowerCase()]: 'wrong',
    });
    expect(noCsrf.status).toBe(403);
  });
});

describe('the check call', () => {
  it('answers valid for a key the platform accepts', async () => {
    const response = await alice.client.post(`${KEYS}/check`, {
      platform: 'HeyReach',
      apiKey: DEMO_API_KEYS.heyreach,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ valid: true, message: 'HeyReach accepted the API key.' });
  });

  it("answers 400 with the platform's message for a key it rejects", async () => {
    const response = await alice.client.post<{ message: string; code: string }>(`${KEYS}/check`, {
      platform: 'bison',
      apiKey: 'wrong',
      baseUrl: bisonUrl,
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      code: 'api_key_invalid',
      message: 'EmailBison rejected this API key.',
    });
  });

  it('checks the form first', async () => {
    const response = await alice.client.post<{ message: string }>(`${KEYS}/check`, {
      platform: 'bison',
      apiKey: DEMO_API_KEYS.bison,
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Please enter a valid base URL');
  });
});

describe('lists and secrecy', () => {
  let aliceKey: ApiKey;
  let bobKey: ApiKey;

  beforeAll(async () => {
    aliceKey = await createKey(alice, 'smartlead', { description: 'Alice listed' });
    bobKey = await createKey(bob, 'instantly', { description: 'Bob listed' });
  });

  it("lists a customer's own keys only, and no All API Keys", async () => {
    const response = await bob.client.get<ApiKeysResponse>(KEYS);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body.apiKeys.map((key) => key.id)).toEqual([bobKey.id]);
    expect(response.body.allApiKeys).toEqual([]);
  });

  it('lists every key for managers and admins, read-only unless their own', async () => {
    for (const client of [manager, admin]) {
      const response = await client.get<ApiKeysResponse>(KEYS);
      expect(response.body.apiKeys).toEqual([]);
      const ids = response.body.allApiKeys.map((key) => key.id);
      expect(ids).toEqual(expect.arrayContaining([aliceKey.id, bobKey.id]));
      expect(response.body.allApiKeys.every((key) => key.canManage === false)).toBe(true);
    }
  });

  it('never puts the key in a list, in the database or in the log', async () => {
    const lists = [
      await alice.client.get(KEYS),
      await manager.get(KEYS),
      await alice.client.get(`/api/admin/dashboard/users/${alice.profile._id.toString()}/api-keys`),
    ];
    for (const list of lists) {
      const text = JSON.stringify(list.body);
      for (const key of Object.values(DEMO_API_KEYS)) expect(text).not.toContain(key);
    }
    const raw = await app.db.connection
      .collection('apiKeys')
      .findOne({ _id: new Types.ObjectId(aliceKey.id) });
    expect(JSON.stringify(raw)).not.toContain(DEMO_API_KEYS.smartlead);
    expect(app.secrets.open(String(raw?.apiKeySealed))).toBe(DEMO_API_KEYS.smartlead);
    // Reveal too, then read every line the app logged in this file so far.
    await alice.client.get(`${KEYS}/${aliceKey.id}/secret`);
    const log = JSON.stringify(app.lines);
    for (const key of Object.values(DEMO_API_KEYS)) expect(log).not.toContain(key);
    for (const key of Object.values(SECOND_API_KEYS)) expect(log).not.toContain(key);
    expect(log).not.toContain('-wrong-key-123');
  });

  it('reveals the key to its owner only, uncached and audited', async () => {
    const response = await alice.client.get(`${KEYS}/${aliceKey.id}/secret`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body).toEqual({ id: aliceKey.id, apiKey: DEMO_API_KEYS.smartlead });
    const audit = app.lines.filter(
      (line) => line.audit === 'api_key_revealed' && line.apiKeyId === aliceKey.id,
    );
    expect(audit.length).toBeGreaterThan(0);
    expect(audit[0]).toMatchObject({ userId: alice.userId, msg: 'API key revealed to its owner' });
  });

  it('answers 404 to the reveal of anyone but the owner, staff included', async () => {
    for (const client of [bob.client, manager, admin]) {
      const response = await client.get<{ code: string }>(`${KEYS}/${aliceKey.id}/secret`);
      expect(response.status).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain(DEMO_API_KEYS.smartlead);
    }
    expect((await alice.client.get(`${KEYS}/not-an-id/secret`)).status).toBe(400);
    const unknown = await alice.client.get(`${KEYS}/${new Types.ObjectId().toString()}/secret`);
    expect(unknown.status).toBe(404);
  });

  it("lists a profile's keys to whoever may read it, optionally of one platform", async () => {
    const path = `/api/admin/dashboard/users/${alice.profile._id.toString()}/api-keys`;
    const all = await alice.client.get<ApiKey[]>(path);
    expect(all.status).toBe(200);
    expect(all.body.map((key) => key.id)).toContain(aliceKey.id);
    const smartlead = await alice.client.get<ApiKey[]>(`${path}?platform=Smartlead`);
    expect(smartlead.body.length).toBeGreaterThan(0);
    expect(smartlead.body.every((key) => key.platform === 'smartlead')).toBe(true);
    const heyreachOnly = await alice.client.get<ApiKey[]>(`${path}?platform=heyreach`);
    expect(heyreachOnly.body.every((key) => key.platform === 'heyreach')).toBe(true);

    const staff = await manager.get<ApiKey[]>(path);
    expect(staff.status).toBe(200);
    expect(staff.body.every((key) => !key.canManage)).toBe(true);
    expect((await bob.client.get(path)).status).toBe(404);
    expect((await alice.client.get(`${path}?platform=mailchimp`)).status).toBe(400);
    expect((await alice.client.get('/api/admin/dashboard/users/123/api-keys')).status).toBe(400);
  });
});

describe('updating and validating', () => {
  it('replaces key, platform, base URL and description once the platform accepts it', async () => {
    const key = await createKey(alice, 'smartlead', { description: 'Before' });
    const response = await alice.client.put<ApiKey>(`${KEYS}/${key.id}`, {
      platform: 'bison',
      apiKey: SECOND_API_KEYS.bison,
      baseUrl: bisonUrl,
      description: 'After',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: key.id,
      platform: 'bison',
      baseUrl: bisonUrl,
      description: 'After',
      isValid: true,
    });
    const secret = await alice.client.get(`${KEYS}/${key.id}/secret`);
    expect(secret.body).toEqual({ id: key.id, apiKey: SECOND_API_KEYS.bison });
  });

  it('keeps the stored key when the platform rejects the new one', async () => {
    const key = await createKey(alice, 'heyreach', { description: 'Keep me' });
    const response = await alice.client.put<{ code: string }>(`${KEYS}/${key.id}`, {
      platform: 'heyreach',
      apiKey: 'wrong-heyreach-key',
      description: 'Changed',
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('api_key_invalid');
    const secret = await alice.client.get(`${KEYS}/${key.id}/secret`);
    expect(secret.body).toEqual({ id: key.id, apiKey: DEMO_API_KEYS.heyreach });
  });

  it('checks the update form: base URL for bison, description', async () => {
    const key = await createKey(alice, 'smartlead');
    const noUrl = await alice.client.put<{ message: string }>(`${KEYS}/${key.id}`, {
      platform: 'bison',
      apiKey: DEMO_API_KEYS.bison,
      baseUrl: ' ',
      description: 'x',
    });
    expect(noUrl.body.message).toBe('Please enter a valid base URL');
    const noDescription = await alice.client.put<{ message: string }>(`${KEYS}/${key.id}`, {
      platform: 'smartlead',
      apiKey: DEMO_API_KEYS.smartlead,
    });
    expect(noDescription.body.message).toBe('Please enter a description');
  });

  it('answers 404 to another customer and a manager, lets an admin', async () => {
    const key = await createKey(alice, 'smartlead');
    const body = { platform: 'smartlead', apiKey: DEMO_API_KEYS.smartlead, description: 'x' };
    expect((await bob.client.put(`${KEYS}/${key.id}`, body)).status).toBe(404);
    expect((await manager.put(`${KEYS}/${key.id}`, body)).status).toBe(404);
    expect((await admin.put(`${KEYS}/${key.id}`, body)).status).toBe(200);
    expect((await alice.client.put(`${KEYS}/zzz`, body)).status).toBe(400);
  });

  it('stores what Check API Key finds: a rejected key is invalid, not an error', async () => {
    const good = await createKey(alice, 'instantly');
    const ok = await alice.client.put(`${KEYS}/${good.id}/validate`);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ id: good.id, isValid: true });

    const revoked = await buildApiKey(app.db, app.secrets, {
      userProfileId: alice.profile._id,
      platform: 'instantly',
      apiKey: 'instantly-revoked-key',
      isValid: true,
      createdAt: new Date('2024-01-01T00:00:00Z'),
    });
    const id = revoked._id.toString();
    const bad = await alice.client.put(`${KEYS}/${id}/validate`);
    expect(bad.status).toBe(200);
    expect(bad.body).toEqual({ id, isValid: false });
    const stored = await apiKeyModel(app.db.connection).findById(id).lean();
    expect(stored?.isValid).toBe(false);
    expect(stored?.checkedAt?.getTime()).toBeGreaterThan(Date.parse('2024-01-02T00:00:00Z'));
  });

  it('leaves isValid alone and answers 502 when the platform cannot tell', async () => {
    const key = await createKey(alice, 'instantly');
    await fault('instantly', { errorRate: 1 });
    const response = await alice.client.put<{ code: string; message: string }>(
      `${KEYS}/${key.id}/validate`,
    );
    expect(response.status).toBe(502);
    expect(response.body.message).toMatch(/^Could not reach Instantly to check the key: /);
    const stored = await apiKeyModel(app.db.connection).findById(key.id).lean();
    expect(stored?.isValid).toBe(true);
  });

  it('answers 404 to the validate of a stranger', async () => {
    const key = await createKey(alice, 'smartlead');
    expect((await bob.client.put(`${KEYS}/${key.id}/validate`)).status).toBe(404);
  });
});

describe('deleting', () => {
  const path = (id: string) => `/api/admin/dashboard/smartlead/${id}`;

  it("deletes the owner's key and answers its id and description", async () => {
    const key = await createKey(alice, 'heyreach', { description: 'Doomed' });
    await alice.client.post(`${KEYS}/${key.id}/lead-categories`, {
      categories: [{ categoryName: 'Hot', categoryId: 'hot', userProfileId: key.userProfileId }],
    });
    const response = await alice.client.delete(path(key.id));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: key.id, description: 'Doomed' });
    expect(await apiKeyModel(app.db.connection).findById(key.id)).toBeNull();
    const categories = leadCategoryModel(app.db.connection);
    expect(await categories.countDocuments({ apiKeyId: key.id })).toBe(0);
    expect((await alice.client.delete(path(key.id))).status).toBe(404);
  });

  it('answers 404 to another customer and a manager; an admin may delete', async () => {
    const key = await createKey(alice, 'smartlead');
    expect((await bob.client.delete(path(key.id))).status).toBe(404);
    expect((await manager.delete(path(key.id))).status).toBe(404);
    expect((await admin.delete(path(key.id))).status).toBe(200);
    expect((await alice.client.delete(path('42'))).status).toBe(400);
  });

  it('refuses while something uses the key, naming it', async () => {
    const key = await createKey(alice, 'smartlead', { description: 'Busy' });
    const service = serviceWith({ keyUsage: async () => ['webhook "Main"', 'block list 7'] });
    const user = { id: alice.userId, email: 'alice@customer.test', role: null, isPaidTier: false };
    await expect(service.remove(user, key.id)).rejects.toMatchObject({
      status: 409,
      code: 'in_use',
      message:
        'The API key "Busy" is still used by webhook "Main", block list 7. Remove them first.',
    });
    expect(await apiKeyModel(app.db.connection).findById(key.id)).not.toBeNull();
  });
});

describe('lead categories', () => {
  const categoriesOf = (id: string) => `${KEYS}/${id}/lead-categories`;

  it("reads Smartlead's categories, ids as strings", async () => {
    const key = await createKey(alice, 'smartlead');
    const response = await alice.client.get<LeadCategory[]>(categoriesOf(key.id));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body[0]).toEqual({
      id: '1',
      name: 'Interested',
      created_at: '2024-01-15T09:00:00.000Z',
    });
    expect(response.body.map((category) => category.name)).toEqual([
      'Interested',
      'Meeting Request',
      'Not Interested',
      'Do Not Contact',
      'Information Request',
      'Out Of Office',
      'Wrong Person',
    ]);
  });

  it("reads Instantly's lead labels after its built-in statuses", async () => {
    const key = await createKey(alice, 'instantly');
    const response = await alice.client.get<LeadCategory[]>(categoriesOf(key.id));
    expect(response.status).toBe(200);
    const names = response.body.map((category) => category.name);
    expect(names.slice(0, 2)).toEqual(['Interested', 'Meeting Booked']);
    expect(names).toEqual(expect.arrayContaining(['Hot lead', 'Competitor']));
    expect(response.body.find((category) => category.name === 'Hot lead')).toEqual({
      id: '10',
      name: 'Hot lead',
      created_at: '2024-01-15T09:00:00.000Z',
    });
  });

  it("answers bison's fixed list", async () => {
    const key = await createKey(alice, 'bison');
    const response = await alice.client.get(categoriesOf(key.id));
    expect(response.body).toEqual([
      { id: 'lead_interested', name: 'Interested', created_at: null },
    ]);
  });

  it('keeps HeyReach categories typed by hand, duplicates ignored', async () => {
    const key = await createKey(alice, 'heyreach');
    expect((await alice.client.get(categoriesOf(key.id))).body).toEqual([]);
    const category = (categoryName: string) => ({
      categoryName,
      categoryId: categoryName.toLowerCase().replaceAll(' ', '_'),
      userProfileId: key.userProfileId,
    });
    const first = await alice.client.post<LeadCategory[]>(categoriesOf(key.id), {
      categories: [category('Warm Lead'), category('Not now')],
    });
    expect(first.status).toBe(200);
    expect(first.body.map(({ id, name }) => ({ id, name }))).toEqual([
      { id: 'warm_lead', name: 'Warm Lead' },
      { id: 'not_now', name: 'Not now' },
    ]);
    const second = await alice.client.post<LeadCategory[]>(categoriesOf(key.id), {
      categories: [category('Warm Lead'), category('Later'), category('Later')],
    });
    expect(second.body.map((c) => c.id)).toEqual(['warm_lead', 'not_now', 'later']);
    expect(second.body.every((c) => typeof c.created_at === 'string')).toBe(true);
    const read = await alice.client.get<LeadCategory[]>(categoriesOf(key.id));
    expect(read.body).toEqual(second.body);
  });

  it('refuses a category id that breaks the id rule, and an empty list', async () => {
    const key = await createKey(alice, 'heyreach');
    const wrongId = await alice.client.post<{ message: string }>(categoriesOf(key.id), {
      categories: [
        { categoryName: 'Warm Lead', categoryId: 'warm', userProfileId: key.userProfileId },
      ],
    });
    expect(wrongId.status).toBe(400);
    expect(wrongId.body.message).toBe(
      'Each categoryId is the category name lowercased with spaces replaced by underscores.',
    );
    const empty = await alice.client.post(categoriesOf(key.id), { categories: [] });
    expect(empty.status).toBe(400);
  });

  it('adds categories by hand only to HeyReach keys', async () => {
    const key = await createKey(alice, 'smartlead');
    const response = await alice.client.post<{ code: string }>(categoriesOf(key.id), {
      categories: [{ categoryName: 'Hot', categoryId: 'hot', userProfileId: key.userProfileId }],
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('bad_request');
  });

  it("answers 502 with the platform's refusal when the key stopped working", async () => {
    const revoked = await buildApiKey(app.db, app.secrets, {
      userProfileId: alice.profile._id,
      platform: 'smartlead',
      apiKey: 'smartlead-revoked-key',
    });
    const response = await alice.client.get<{ code: string; message: string }>(
      categoriesOf(revoked._id.toString()),
    );
    expect(response.status).toBe(502);
    expect(response.body.code).toBe('upstream_failed');
    expect(response.body.message).toMatch(/^Smartlead refused the API key/);
    expect(response.body.message).not.toContain('smartlead-revoked-key');
  });

  it('answers 502 naming the platform when it does not answer', async () => {
    const key = await createKey(alice, 'instantly');
    await fault('instantly', { errorRate: 1 });
    const response = await alice.client.get<{ message: string }>(categoriesOf(key.id));
    expect(response.status).toBe(502);
    expect(response.body.message).toMatch(/^Could not read the lead categories from Instantly: /);
  });

  it('lets staff read, and nobody else', async () => {
    const key = await createKey(alice, 'bison');
    expect((await manager.get(categoriesOf(key.id))).status).toBe(200);
    expect((await bob.client.get(categoriesOf(key.id))).status).toBe(404);
    const add = await manager.post(categoriesOf(key.id), {
      categories: [{ categoryName: 'Hot', categoryId: 'hot', userProfileId: key.userProfileId }],
    });
    expect(add.status).toBe(404);
  });
});

describe('for other modules', () => {
  it("describes a profile's keys for its delete guard", async () => {
    const owner = await customer('carol@customer.test', 'Carol', 'Cole');
    const service = serviceWith({});
    const id = owner.profile._id.toString();
    expect(await service.describeUsageOfProfile(id)).toEqual([]);
    await createKey(owner, 'smartlead');
    expect(await service.describeUsageOfProfile(id)).toEqual(['1 API key']);
    await createKey(owner, 'bison');
    expect(await service.describeUsageOfProfile(id)).toEqual(['2 API keys']);
  });

  it("keeps a profile with keys from being deleted (the profiles module's guard)", async () => {
    const owner = await customer('dave@customer.test', 'Dave', 'Dunn');
    const key = await createKey(owner, 'smartlead');
    const path = `/api/admin/hubspot/profiles/${owner.profile._id.toString()}`;
    const refused = await owner.client.delete<{ code: string; message: string }>(path);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('in_use');
    expect(refused.body.message).toContain('1 API key');
    expect((await owner.client.delete(`/api/admin/dashboard/smartlead/${key.id}`)).status).toBe(
      200,
    );
    expect((await owner.client.delete(path)).status).toBe(200);
  });

  it('gives the sync engine a client holding the stored key', async () => {
    const key = await createKey(alice, 'heyreach');
    const opened = await serviceWith({}).platformClientForKey(key.id);
    expect(opened).toMatchObject({ platform: 'heyreach', keyId: key.id });
    expect(await opened?.client.checkApiKey()).toEqual({ valid: true });
    expect(await serviceWith({}).platformClientForKey(new Types.ObjectId().toString())).toBe(
      undefined,
    );
  });
});

/** The service as app.ts builds it, with hooks a test sets. */
function serviceWith(hooks: { keyUsage?: (keyId: string) => Promise<string[]> }) {
  return createApiKeysService({
    apiKeys: apiKeyModel(app.db.connection),
    leadCategories: leadCategoryModel(app.db.connection),
    profiles: profileModel(app.db.connection),
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
