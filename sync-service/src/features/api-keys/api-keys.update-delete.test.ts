// API keys end to end (set-up in api-keys.test-support.ts): updating and validating a key, and
// deleting it.
import { DEMO_API_KEYS, SECOND_API_KEYS } from '@outsync/sandbox';
import type { ApiKey } from '@outsync/contracts/accounts';
import { buildApiKey } from '../../testing/account-factories';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { apiKeyModel, leadCategoryModel } from './api-keys.service';
import {
  KEYS,
  app,
  bisonUrl,
  alice,
  bob,
  manager,
  admin,
  useApiKeysApp,
  createKey,
  fault,
  serviceWith,
} from './api-keys.test-support';

guardOutboundCalls();
useApiKeysApp();

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
