import { randomBytes } from 'node:crypto';
import type { MeResponse } from '@outsync/contracts';
import {
  SALESFORCE_DEMO_ACCESS_TOKEN,
  SALESFORCE_DEMO_INSTANCE_PATH,
  type RunningSandbox,
} from '@outsync/sandbox';
import nock from 'nock';
import { buildUserAccount } from '../../testing/account-factories';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { buildProfile, sandboxEnv, connectBothCrms } from '../../testing/profile-factories';
import { startSandboxTestApp, type SandboxTestApp } from '../../testing/sandbox-test-app';
import { startTestApp } from '../../testing/test-app';
import type { TestClient } from '../../testing/test-client';
import { profileModel, type ProfileDoc } from './profiles.service';

guardOutboundCalls();

type Owner = { id: string; firstName: string; lastName: string; email: string; name: string };
type Error_ = { code: string; message: string };

let sandbox: RunningSandbox;
let app: SandboxTestApp;
let clock: Date;
let owner: TestClient;
let hubspotId: string;
let salesforceId: string;

async function setFaults(body: Record<string, unknown>): Promise<void> {
  const answer = await fetch(`${sandbox.url}/_faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (answer.status !== 200) throw new Error(`faults answered ${answer.status}`);
}

/**
 * Takes the demo org's 'OutSync Integration' permission set away from every user, as in an org
 * where no admin assigned it: only 'Create Fields' assigning it makes the fields visible.
 */
/** A SOQL query straight to the sandbox's demo org. */
async function sandboxSoql(soql: string): Promise<Array<{ Id: string }>> {
  const api = `${sandbox.url}${SALESFORCE_DEMO_INSTANCE_PATH}/services/data/v62.0`;
  const headers = { authorization: `Bearer ${SALESFORCE_DEMO_ACCESS_TOKEN}` };
  const answer = await fetch(`${api}/query?q=${encodeURIComponent(soql)}`, { headers });
  return ((await answer.json()) as { records: Array<{ Id: string }> }).records;
}

async function withdrawIntegrationSet(): Promise<void> {
  const api = `${sandbox.url}${SALESFORCE_DEMO_INSTANCE_PATH}/services/data/v62.0`;
  const headers = { authorization: `Bearer ${SALESFORCE_DEMO_ACCESS_TOKEN}` };
  const query = sandboxSoql;
  const [set] = await query("SELECT Id FROM PermissionSet WHERE Name = 'OutSync_Integration'");
  const held = await query(
    `SELECT Id FROM PermissionSetAssignment WHERE PermissionSetId = '${set?.Id ?? ''}'`,
  );
  for (const { Id } of held) {
    const answer = await fetch(`${api}/sobjects/PermissionSetAssignment/${Id}`, {
      method: 'DELETE',
      headers,
    });
    if (answer.status !== 204) throw new Error(`delete answered ${answer.status}`);
  }
}

async function stored(id: string): Promise<ProfileDoc> {
  const doc = await profileModel(app.db.connection).findById(id).lean<ProfileDoc>();
  if (!doc) throw new Error('no such profile');
  return doc;
}

beforeAll(async () => {
  clock = new Date();
  app = await startSandboxTestApp({ now: () => clock });
  sandbox = app.sandbox;
  owner = await app.signIn({ email: 'crm-data-owner@customer.test' });
  ({ hubspotId, salesforceId } = await connectBothCrms(app.url, owner, sandbox.url));
});
afterAll(async () => {
  await app?.stop();
});
afterEach(async () => {
  await setFaults({ system: '*', errorRate: 0 });
});

describe('owners and webhook endpoints', () => {
  it("lists the HubSpot portal's owners and the profile's endpoints", async () => {
    const endpoint = await buildUserAccount(app.db, { userProfileId: hubspotId });
    const answer = await owner.get<{ owners: Owner[]; userAccounts: Array<{ id: string }> }>(
      `/api/admin/hubspot/owners-and-user-accounts/${hubspotId}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body.owners.length).toBeGreaterThan(0);
    for (const listed of answer.body.owners) {
      expect(listed).toEqual({
        id: expect.stringMatching(/^\d+$/),
        firstName: expect.any(String),
        lastName: expect.any(String),
        email: expect.stringContaining('@'),
        name: `${listed.firstName} ${listed.lastName}`.trim() || listed.email,
      });
    }
    expect(answer.body.userAccounts.map((account) => account.id)).toEqual([
      endpoint._id.toString(),
    ]);
  });

  it("lists the Salesforce org's active users as owners", async () => {
    const answer = await owner.get<{ owners: Owner[]; userAccounts: unknown[] }>(
      `/api/admin/salesforce/user-accounts/${salesforceId}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.owners.length).toBeGreaterThan(0);
    expect(answer.body.owners.every((listed) => listed.id.startsWith('005'))).toBe(true);
    // The seeded former user is inactive: not an owner to pick.
    expect(answer.body.owners.some((listed) => listed.email.startsWith('former.user'))).toBe(false);
    expect(answer.body.userAccounts).toEqual([]);
  });

  it('answers 502 upstream_failed naming HubSpot when it does not answer', async () => {
    await setFaults({ system: 'hubspot', errorRate: 1 });
    const answer = await owner.get<Error_>(
      `/api/admin/hubspot/owners-and-user-accounts/${hubspotId}`,
    );
    expect(answer.status).toBe(502);
    expect(answer.body.code).toBe('upstream_failed');
    expect(answer.body.message).toMatch(/^HubSpot did not answer: /);
  });

  it('renews an expired HubSpot token before using it', async () => {
    const before = await stored(hubspotId);
    clock = new Date(clock.getTime() + 31 * 60_000);
    const answer = await owner.get(`/api/admin/hubspot/owners-and-user-accounts/${hubspotId}`);
    expect(answer.status).toBe(200);
    const after = await stored(hubspotId);
    expect(app.secrets.open(after.connection!.accessTokenSealed)).not.toBe(
      app.secrets.open(before.connection!.accessTokenSealed),
    );
    expect(after.connection!.expiresAt.getTime()).toBeGreaterThan(clock.getTime());
  });

  it('refreshes once when HubSpot answers 401 to a token it ended early', async () => {
    const before = await stored(hubspotId);
    await fetch(`${sandbox.url}/_tokens/expire`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ system: 'hubspot' }),
    });
    const answer = await owner.get(`/api/admin/hubspot/owners-and-user-accounts/${hubspotId}`);
    expect(answer.status).toBe(200);
    const after = await stored(hubspotId);
    expect(app.secrets.open(after.connection!.accessTokenSealed)).not.toBe(
      app.secrets.open(before.connection!.accessTokenSealed),
    );
  });
});

describe('CRM properties', () => {
  it('lists HubSpot contact properties', async () => {
    const answer = await owner.get<Array<{ name: string; label: string; description: string }>>(
      `/api/admin/profiles/${hubspotId}/crm-properties`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toContainEqual(expect.objectContaining({ name: 'email' }));
    expect(Object.keys(answer.body[0] ?? {}).sort()).toEqual(['description', 'label', 'name']);
  });

  it('lists Salesforce Contact fields by default, and Lead fields when asked', async () => {
    const contact = await owner.get<Array<{ name: string }>>(
      `/api/admin/profiles/${salesforceId}/crm-properties`,
    );
    expect(contact.status).toBe(200);
    expect(contact.body.map((field) => field.name)).toContain('Email');
    expect(contact.body.map((field) => field.name)).not.toContain('Company');
    const lead = await owner.get<Array<{ name: string }>>(
      `/api/admin/profiles/${salesforceId}/crm-properties?type=Lead`,
    );
    expect(lead.body.map((field) => field.name)).toContain('Company');
    const wrong = await owner.get<Error_>(
      `/api/admin/profiles/${salesforceId}/crm-properties?type=Account`,
    );
    expect(wrong.status).toBe(400);
  });
});

describe('Salesforce settings data', () => {
  it('lists the permission sets a field permission can hang off, by the names an admin reads', async () => {
    const answer = await owner.get<Array<{ Id: string; Name: string }>>(
      `/api/admin/salesforce/permissions/${salesforceId}`,
    );
    expect(answer.status).toBe(200);
    // Spec 01 §2.9: 'System Administrator' (the profile's own set, named by its profile) is there
    // to be preselected; a set of its own reads by its label (issue 31).
    expect(answer.body.map((set) => set.Name)).toEqual([
      'OutSync Integration',
      'System Administrator',
    ]);
  });

  it("creates the fields through the 'System Administrator' profile's set, assigning it to no one", async () => {
    await withdrawIntegrationSet();
    const sets = await owner.get<Array<{ Id: string; Name: string }>>(
      `/api/admin/salesforce/permissions/${salesforceId}`,
    );
    const permissionId = sets.body.find((set) => set.Name === 'System Administrator')!.Id;
    const answer = await owner.post('/api/admin/salesforce/properties', {
      userProfileId: salesforceId,
      permissionId,
      customFields: ['Contact'],
    });
    expect(answer.body).toEqual({ success: true, message: 'Custom fields created' });
    const fields = await owner.get<Array<{ name: string }>>(
      `/api/admin/profiles/${salesforceId}/crm-properties`,
    );
    expect(fields.body.map((field) => field.name)).toContain('OSLastReplyTime__c');
    const assigned = await sandboxSoql(
      `SELECT Id FROM PermissionSetAssignment WHERE PermissionSetId = '${permissionId}'`,
    );
    expect(assigned).toEqual([]);
  });

  it('lists the Task types, and reports an unreadable org as success false rather than a 5xx', async () => {
    const path = `/api/admin/salesforce/profiles/${salesforceId}/task-types`;
    const answer = await owner.get<{ success: boolean; error: string | null; data: unknown[] }>(
      path,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, error: null });
    expect(answer.body.data).toContainEqual({ value: 'Other', label: 'Other' });

    await setFaults({ system: 'salesforce', errorRate: 1 });
    const failing = await owner.get<{ success: boolean; error: string; data: unknown[] }>(path);
    expect(failing.status).toBe(200);
    expect(failing.body.success).toBe(false);
    expect(failing.body.data).toEqual([]);
    expect(failing.body.error).toMatch(/^Salesforce did not answer/);
  });

  it('validates a task type against the picklist', async () => {
    const found = await owner.post('/api/admin/salesforce/task-types/validate', {
      userProfileId: salesforceId,
      taskType: 'Other',
    });
    expect(found.status).toBe(200);
    expect(found.body).toEqual({
      success: true,
      message: 'Task Type "Other" found in Salesforce.',
    });
    const missing = await owner.post('/api/admin/salesforce/task-types/validate', {
      userProfileId: salesforceId,
      taskType: 'Carrier pigeon',
    });
    expect(missing.body).toEqual({
      success: false,
      message: 'Task Type "Carrier pigeon" not found in Salesforce. Please add it manually.',
    });
    const blank = await owner.post<Error_>('/api/admin/salesforce/task-types/validate', {
      userProfileId: salesforceId,
      taskType: ' ',
    });
    expect(blank.status).toBe(400);
  });

  it('creates the custom fields on the chosen objects, visible to the connected user, again without error', async () => {
    await withdrawIntegrationSet();
    const sets = await owner.get<Array<{ Id: string; Name: string }>>(
      `/api/admin/salesforce/permissions/${salesforceId}`,
    );
    const permissionId = sets.body.find((set) => set.Name === 'OutSync Integration')!.Id;
    for (let round = 0; round < 2; round += 1) {
      const answer = await owner.post('/api/admin/salesforce/properties', {
        userProfileId: salesforceId,
        permissionId,
        customFields: ['Contact'],
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ success: true, message: 'Custom fields created' });
    }
    const fields = await owner.get<Array<{ name: string }>>(
      `/api/admin/profiles/${salesforceId}/crm-properties`,
    );
    const names = fields.body.map((field) => field.name);
    expect(names).toEqual(expect.arrayContaining(['OSLastReplyTime__c', 'OSLastUpdateSource__c']));
    const lead = await owner.get<Array<{ name: string }>>(
      `/api/admin/profiles/${salesforceId}/crm-properties?type=Lead`,
    );
    expect(lead.body.map((field) => field.name)).not.toContain('OSLastReplyTime__c');
  });

  it("answers success false with Salesforce's reason when it refuses", async () => {
    const answer = await owner.post<{ success: boolean; message: string }>(
      '/api/admin/salesforce/properties',
      { userProfileId: salesforceId, permissionId: '0PS000000000000AAA', customFields: ['Lead'] },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(false);
    expect(answer.body.message).toMatch(/^Salesforce /);
  });
});

describe("the record of what 'Create Fields' did", () => {
  it('keeps the objects the fields were created on, and not those Salesforce refused', async () => {
    const sets = await owner.get<Array<{ Id: string; Name: string }>>(
      `/api/admin/salesforce/permissions/${salesforceId}`,
    );
    const permissionId = sets.body.find((set) => set.Name === 'OutSync Integration')!.Id;
    await profileModel(app.db.connection).updateOne(
      { _id: salesforceId },
      { $set: { customFieldObjectsCreated: [] } },
    );

    const refused = await owner.post<{ success: boolean }>('/api/admin/salesforce/properties', {
      userProfileId: salesforceId,
      permissionId: '0PS000000000000AAA',
      customFields: ['Lead'],
    });
    expect(refused.body.success).toBe(false);
    expect((await stored(salesforceId)).customFieldObjectsCreated).toEqual([]);

    for (const customFields of [['Lead'], ['Contact', 'Lead']]) {
      const answer = await owner.post<{ success: boolean }>('/api/admin/salesforce/properties', {
        userProfileId: salesforceId,
        permissionId,
        customFields,
      });
      expect(answer.body.success).toBe(true);
    }
    // Each object once, whatever order and however often.
    expect([...(await stored(salesforceId)).customFieldObjectsCreated].sort()).toEqual([
      'Contact',
      'Lead',
    ]);
  });
});

describe('who may read what', () => {
  const routes = (id: string): Array<[string, string, unknown?]> => [
    ['get', `/api/admin/hubspot/owners-and-user-accounts/${id}`],
    ['get', `/api/admin/salesforce/user-accounts/${id}`],
    ['get', `/api/admin/profiles/${id}/crm-properties`],
    ['get', `/api/admin/salesforce/permissions/${id}`],
    ['get', `/api/admin/salesforce/profiles/${id}/task-types`],
    ['get', `/api/admin/salesforce/profiles/${id}`],
    ['post', '/api/admin/salesforce/task-types/validate', { userProfileId: id, taskType: 'Email' }],
    [
      'post',
      '/api/admin/salesforce/properties',
      { userProfileId: id, permissionId: '0PS1', customFields: ['Contact'] },
    ],
    ['delete', `/api/admin/hubspot/profiles/${id}`],
    ['delete', `/api/admin/salesforce/${id}`],
  ];

  async function call(client: TestClient, [method, path, body]: [string, string, unknown?]) {
    if (method === 'get') return client.get<Error_>(path);
    if (method === 'post') return client.post<Error_>(path, body);
    return client.delete<Error_>(path);
  }

  it("answers 404 for another customer's profile and for an unknown id, on every profile route", async () => {
    const stranger = await app.signIn({ email: 'crm-data-stranger@customer.test' });
    const unknown = randomBytes(12).toString('hex');
    for (const id of [hubspotId, salesforceId, unknown]) {
      for (const route of routes(id)) {
        const answer = await call(stranger, route);
        expect([route[1], answer.status, answer.body.code]).toEqual([route[1], 404, 'not_found']);
      }
    }
  });

  it('answers 400 for a malformed id, on every profile route', async () => {
    for (const route of routes('not-an-id')) {
      const answer = await call(owner, route);
      expect([route[1], answer.status, answer.body.code]).toEqual([
        route[1],
        400,
        'validation_error',
      ]);
    }
  });

  it('lets a manager read a customer profile but not change it', async () => {
    const manager = await app.signIn({ email: 'crm-data-manager@outsync.test', role: 'MANAGER' });
    expect(
      (await manager.get(`/api/admin/hubspot/owners-and-user-accounts/${hubspotId}`)).status,
    ).toBe(200);
    const write = await manager.post<Error_>('/api/admin/salesforce/properties', {
      userProfileId: salesforceId,
      permissionId: '0PS1',
      customFields: ['Contact'],
    });
    expect(write.status).toBe(404);
  });

  it('answers 409 not_connected for a Salesforce profile that never connected', async () => {
    const me = (await owner.get<MeResponse>('/api/admin/me')).body;
    const pending = await buildProfile(app.db, {
      ownerId: me.id,
      crm: 'SALESFORCE',
      secrets: app.secrets,
      salesforce: {
        domain: 'https://acme.my.salesforce.com',
        consumerKey: 'k',
        consumerSecret: 's',
      },
    });
    const id = pending._id.toString();
    const owners = await owner.get<Error_>(`/api/admin/salesforce/user-accounts/${id}`);
    expect(owners.status).toBe(409);
    expect(owners.body).toEqual({
      code: 'not_connected',
      message: 'Connect this Salesforce profile first.',
    });
    const types = await owner.get(`/api/admin/salesforce/profiles/${id}/task-types`);
    expect(types.body).toEqual({
      success: false,
      error: 'Connect this Salesforce profile first.',
      data: [],
    });
  });
});

describe('a HubSpot connection without a scope', () => {
  it('names the scope HubSpot says is missing instead of a bare failure', async () => {
    const api = 'https://api.hubapi.test';
    const scoped = await startTestApp({
      env: { ...sandboxEnv(sandbox.url), HUBSPOT_API_URL: api },
    });
    try {
      const client = await scoped.signIn({ email: 'scopes@customer.test' });
      const me = (await client.get<MeResponse>('/api/admin/me')).body;
      const profile = await buildProfile(scoped.db, {
        ownerId: me.id,
        secrets: scoped.secrets,
        connection: { accessToken: 'hs-access', refreshToken: 'hs-refresh' },
      });
      nock(api)
        .get('/crm/v3/owners')
        .query(true)
        .reply(403, {
          status: 'error',
          message:
            "This app hasn't been granted all required scopes to make this call. Read more about required scopes here: https://developers.hubspot.com/scopes.",
          errors: [
            {
              message: 'One or more of the following scopes are required.',
              context: { requiredGranularScopes: ['crm.objects.owners.read'] },
            },
          ],
          category: 'MISSING_SCOPES',
        });
      const answer = await client.get<Error_>(
        `/api/admin/hubspot/owners-and-user-accounts/${profile._id.toString()}`,
      );
      expect(answer.status).toBe(502);
      expect(answer.body).toEqual({
        code: 'upstream_failed',
        message:
          'HubSpot did not grant the permission "crm.objects.owners.read" to OutSync. Connect the account again and allow it.',
      });
    } finally {
      await scoped.stop();
    }
  });
});
