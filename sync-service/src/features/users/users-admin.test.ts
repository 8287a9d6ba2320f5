import type { MeResponse } from '@outsync/contracts';
import type { AdminUserRow } from '@outsync/contracts/accounts';
import { buildProfile } from '../../testing/profile-factories';
import { startTestApp, type TestApp } from '../../testing/test-app';
import type { TestClient } from '../../testing/test-client';

let app: TestApp;
let customer: TestClient;
let manager: TestClient;
let admin: TestClient;
let customerId: string;
let adminId: string;
let profileId: string;
let bareUserId: string;

type Error_ = { code: string; message: string };

async function idOf(client: TestClient): Promise<string> {
  return (await client.get<MeResponse>('/api/admin/me')).body.id;
}

beforeAll(async () => {
  app = await startTestApp();
  customer = await app.signIn({ email: 'users-customer@customer.test', isPaidTier: false });
  manager = await app.signIn({ email: 'users-manager@outsync.test', role: 'MANAGER' });
  admin = await app.signIn({ email: 'users-admin@outsync.test', role: 'ADMIN' });
  const bare = await app.signIn({ email: 'users-bare@customer.test' });
  customerId = await idOf(customer);
  adminId = await idOf(admin);
  bareUserId = await idOf(bare);
  const profile = await buildProfile(app.db, {
    ownerId: customerId,
    email: 'crm-user@acme.test',
    accountId: '77',
    organizationId: '24000001',
    organizationDomain: 'acme.hubspot.test',
    canBlockList: false,
  });
  profileId = profile._id.toString();
});
afterAll(async () => {
  await app?.stop();
});

describe('GET /api/admin/dashboard/users', () => {
  it('is for managers and admins only', async () => {
    const answer = await customer.get<Error_>('/api/admin/dashboard/users');
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('forbidden');
    expect((await app.asAnonymous().get('/api/admin/dashboard/users')).status).toBe(401);
  });

  it('lists every profile, and every user without one', async () => {
    for (const client of [manager, admin]) {
      const answer = await client.get<AdminUserRow[]>('/api/admin/dashboard/users');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.body).toContainEqual({
        id: profileId,
        userId: customerId,
        userEmail: 'users-customer@customer.test',
        profile: 'HUBSPOT',
        accountId: '77',
        organizationId: '24000001',
        email: 'crm-user@acme.test',
        role: null,
        isPaidTier: false,
        organizationDomain: 'acme.hubspot.test',
        canWebhook: true,
        canUserAccount: true,
        canBlockList: false,
      });
      expect(answer.body).toContainEqual(
        expect.objectContaining({
          id: bareUserId,
          userId: bareUserId,
          profile: null,
          email: 'users-bare@customer.test',
        }),
      );
      // The customer has a profile: no second, profile-less row for them.
      expect(answer.body.filter((row) => row.userId === customerId)).toHaveLength(1);
    }
  });
});

describe('PUT /api/admin/dashboard/users/{id}', () => {
  const flags = { canWebhook: true, canUserAccount: false, canBlockList: true };

  it('is refused to customers and managers', async () => {
    for (const client of [customer, manager]) {
      const answer = await client.put<Error_>(`/api/admin/dashboard/users/${profileId}`, flags);
      expect(answer.status).toBe(403);
    }
  });

  it("lets an admin set a profile's flags and its owner's role and plan", async () => {
    const answer = await admin.put<AdminUserRow>(`/api/admin/dashboard/users/${profileId}`, {
      ...flags,
      isPaidTier: true,
      role: 'MANAGER',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: profileId,
      email: 'crm-user@acme.test',
      ...flags,
      isPaidTier: true,
      role: 'MANAGER',
    });
    const me = (await customer.get<MeResponse>('/api/admin/me')).body;
    expect(me).toMatchObject({ role: 'MANAGER', isPaidTier: true, isManager: true });

    const back = await admin.put<AdminUserRow>(`/api/admin/dashboard/users/${profileId}`, {
      canWebhook: false,
      canUserAccount: true,
      canBlockList: false,
      role: null,
    });
    expect(back.body).toMatchObject({ canWebhook: false, canBlockList: false, role: null });
    // Left out, the plan stays as it was.
    expect(back.body.isPaidTier).toBe(true);
  });

  it("sets a profile-less user's role and plan by the user id", async () => {
    const answer = await admin.put<AdminUserRow>(`/api/admin/dashboard/users/${bareUserId}`, {
      ...flags,
      isPaidTier: true,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: bareUserId, profile: null, isPaidTier: true });
  });

  it('will not let an admin remove their own admin role', async () => {
    const answer = await admin.put<Error_>(`/api/admin/dashboard/users/${adminId}`, {
      ...flags,
      role: 'MANAGER',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      code: 'bad_request',
      message: 'You cannot remove your own admin role.',
    });
    expect((await admin.get<MeResponse>('/api/admin/me')).body.role).toBe('ADMIN');
    // Keeping it is fine.
    const kept = await admin.put(`/api/admin/dashboard/users/${adminId}`, {
      ...flags,
      role: 'ADMIN',
    });
    expect(kept.status).toBe(200);
  });

  it('answers 404 for an unknown id and 400 for a malformed one or missing flags', async () => {
    expect(
      (await admin.put('/api/admin/dashboard/users/0123456789abcdef01234567', flags)).status,
    ).toBe(404);
    expect((await admin.put('/api/admin/dashboard/users/nope', flags)).status).toBe(400);
    expect(
      (await admin.put(`/api/admin/dashboard/users/${profileId}`, { canWebhook: true })).status,
    ).toBe(400);
  });
});
