// API keys end to end (set-up in api-keys.test-support.ts): a key's lead categories, read from
// the platform or typed by hand.
import type { LeadCategory } from '@outsync/contracts/accounts';
import { buildApiKey } from '../../testing/account-factories';
import { guardOutboundCalls } from '../../testing/nock-guard';
import {
  KEYS,
  app,
  alice,
  bob,
  manager,
  useApiKeysApp,
  createKey,
  fault,
} from './api-keys.test-support';

guardOutboundCalls();
useApiKeysApp();

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
