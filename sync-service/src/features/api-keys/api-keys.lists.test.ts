// API keys end to end (set-up in api-keys.test-support.ts): who lists which keys, and the key
// kept out of lists, the database and the log, revealed to its owner only.
import { DEMO_API_KEYS, SECOND_API_KEYS } from '@outsync/sandbox';
import type { ApiKey, ApiKeysResponse } from '@outsync/contracts/accounts';
import { Types } from 'mongoose';
import { guardOutboundCalls } from '../../testing/nock-guard';
import {
  KEYS,
  app,
  alice,
  bob,
  manager,
  admin,
  useApiKeysApp,
  createKey,
} from './api-keys.test-support';

guardOutboundCalls();
useApiKeysApp();

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
