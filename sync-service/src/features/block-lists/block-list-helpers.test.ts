import { randomBytes } from 'node:crypto';
import type { MeResponse, Platform } from '@outsync/contracts';
import {
  DEMO_API_KEYS,
  HUBSPOT_DEMO_PRIVATE_APP_TOKEN,
  SALESFORCE_DEMO_ACCESS_TOKEN,
  SALESFORCE_DEMO_INSTANCE_PATH,
  SECOND_API_KEYS,
  type RunningSandbox,
} from '@outsync/sandbox';
import { buildApiKey } from '../../testing/account-factories';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { buildProfile, connectHubspot, connectBothCrms } from '../../testing/profile-factories';
import { startSandboxTestApp, type SandboxTestApp } from '../../testing/sandbox-test-app';
import type { TestClient } from '../../testing/test-client';

// The block-list forms' pickers end to end: the real app against an in-process sandbox whose
// HubSpot portal, Salesforce org, Smartlead and HeyReach accounts answer as the vendors do.

guardOutboundCalls();

type ErrorBody = { code: string; message: string };
type CrmList = {
  listId: string;
  name: string;
  objectTypeId: string;
  additionalProperties: { hs_list_size: number | null };
};
type HeyreachLists = {
  success: boolean;
  error: string | null;
  lists: Array<{ id: string; name: string }>;
};
type HeyreachCreated = { success: boolean; listId: string | null; error: string | null };

let sandbox: RunningSandbox;
let app: SandboxTestApp;
let owner: TestClient;
let ownerId: string;
let hubspotId: string;
let salesforceId: string;
const keys = {} as Record<Platform, string>;

async function setFaults(body: Record<string, unknown>): Promise<void> {
  const answer = await fetch(`${sandbox.url}/_faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (answer.status !== 200) throw new Error(`faults answered ${answer.status}`);
}

/** A call straight to the sandbox's HubSpot portal with its private-app token. */
async function hubspotApi<T>(method: string, path: string, body?: unknown): Promise<T> {
  const answer = await fetch(`${sandbox.url}/hubspot${path}`, {
    method,
    headers: {
      authorization: `Bearer ${HUBSPOT_DEMO_PRIVATE_APP_TOKEN}`,
      'content-type': 'application/json',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (answer.status >= 300) throw new Error(`HubSpot ${path} answered ${answer.status}`);
  return (await answer.json()) as T;
}

/** A call straight to the sandbox's HeyReach with a key. */
async function heyreachApi<T>(path: string, apiKey: string, body: unknown): Promise<T> {
  const answer = await fetch(`${sandbox.url}/heyreach/api/public${path}`, {
    method: 'POST',
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (answer.status !== 200) throw new Error(`HeyReach ${path} answered ${answer.status}`);
  return (await answer.json()) as T;
}

async function storeKey(platform: Platform, apiKey: string, profileId = hubspotId) {
  const key = await buildApiKey(app.db, app.secrets, {
    userProfileId: profileId,
    platform,
    apiKey,
  });
  return key._id.toString();
}

beforeAll(async () => {
  app = await startSandboxTestApp();
  sandbox = app.sandbox;
  owner = await app.signIn({ email: 'block-list-helpers@customer.test' });
  ({ ownerId, hubspotId, salesforceId } = await connectBothCrms(app.url, owner, sandbox.url));
  for (const platform of ['smartlead', 'instantly', 'heyreach'] as const) {
    keys[platform] = await storeKey(platform, DEMO_API_KEYS[platform]);
  }
});
afterAll(async () => {
  await app?.stop();
});
afterEach(async () => {
  await setFaults({ system: '*', errorRate: 0 });
});

describe('HubSpot list sources', () => {
  const path = () => `/api/admin/dashboard/user-profiles/${hubspotId}/hubspot-lists`;

  it("answers the portal's contact lists, then its company lists, with their sizes", async () => {
    const suffix = randomBytes(3).toString('hex');
    const contacts = await hubspotApi<{ results: Array<{ id: string }> }>(
      'GET',
      '/crm/v3/objects/contacts?limit=2',
    );
    const contactList = await hubspotApi<{ list: { listId: string } }>('POST', '/crm/v3/lists', {
      name: `Helpers contacts ${suffix}`,
      objectTypeId: '0-1',
      processingType: 'MANUAL',
    });
    await hubspotApi(
      'PUT',
      `/crm/v3/lists/${contactList.list.listId}/memberships/add`,
      contacts.results.map((contact) => contact.id),
    );
    const dealList = await hubspotApi<{ list: { listId: string } }>('POST', '/crm/v3/lists', {
      name: `Helpers deals ${suffix}`,
      objectTypeId: '0-3',
      processingType: 'MANUAL',
    });

    const answer = await owner.get<CrmList[]>(path());
    expect(answer.status).toBe(200);
    expect(answer.body).toContainEqual({
      listId: contactList.list.listId,
      name: `Helpers contacts ${suffix}`,
      objectTypeId: '0-1',
      additionalProperties: { hs_list_size: 2 },
    });
    expect(answer.body).toContainEqual(
      expect.objectContaining({ name: 'Competitor companies', objectTypeId: '0-2' }),
    );
    // Lists of deals (and other objects) cannot feed a block list.
    expect(answer.body.map((list) => list.listId)).not.toContain(dealList.list.listId);
    const types = answer.body.map((list) => list.objectTypeId);
    expect(types.indexOf('0-2')).toBeGreaterThan(types.lastIndexOf('0-1'));

    // The same lists and sizes HubSpot itself reports.
    const expected: CrmList[] = [];
    for (const objectTypeId of ['0-1', '0-2']) {
      const search = await hubspotApi<{
        lists: Array<{
          listId: string;
          name: string;
          additionalProperties: { hs_list_size: string };
        }>;
      }>('POST', '/crm/v3/lists/search', {
        objectTypeId,
        offset: 0,
        count: 500,
        additionalProperties: ['hs_list_size'],
      });
      expected.push(
        ...search.lists.map((list) => ({
          listId: list.listId,
          name: list.name,
          objectTypeId,
          additionalProperties: { hs_list_size: Number(list.additionalProperties.hs_list_size) },
        })),
      );
    }
    expect(answer.body).toEqual(expected);
  });

  it('answers 502 upstream_failed naming HubSpot when it does not answer', async () => {
    await setFaults({ system: 'hubspot', errorRate: 1 });
    const answer = await owner.get<ErrorBody>(path());
    expect(answer.status).toBe(502);
    expect(answer.body.code).toBe('upstream_failed');
    expect(answer.body.message).toMatch(/^HubSpot did not answer: /);
  });

  it('names the lists scope when the customer declined it on the consent page', async () => {
    const declined = await app.signIn({ email: 'no-lists-scope@customer.test' });
    await connectHubspot(app.url, declined, { declineScopes: ['crm.lists.read'] });
    const me = (await declined.get<MeResponse>('/api/admin/me')).body;
    const profileId = me.userProfiles[0]?.userProfileId ?? '';
    const answer = await declined.get<ErrorBody>(
      `/api/admin/dashboard/user-profiles/${profileId}/hubspot-lists`,
    );
    expect(answer.status).toBe(502);
    expect(answer.body).toEqual({
      code: 'upstream_failed',
      message:
        'HubSpot did not grant the permission "crm.lists.read" to OutSync. Connect the account again and allow it.',
    });
  });

  it('answers 404 for a Salesforce profile', async () => {
    const answer = await owner.get<ErrorBody>(
      `/api/admin/dashboard/user-profiles/${salesforceId}/hubspot-lists`,
    );
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('not_found');
  });
});

describe('Salesforce list sources and report fields', () => {
  async function sandboxReports(): Promise<Array<{ id: string; name: string }>> {
    const answer = await fetch(
      `${sandbox.url}${SALESFORCE_DEMO_INSTANCE_PATH}/services/data/v62.0/analytics/reports`,
      { headers: { authorization: `Bearer ${SALESFORCE_DEMO_ACCESS_TOKEN}` } },
    );
    return (await answer.json()) as Array<{ id: string; name: string }>;
  }

  it("answers the org's reports as Id and Name", async () => {
    const answer = await owner.get<Array<{ Id: string; Name: string }>>(
      `/api/admin/salesforce/user-profiles/${salesforceId}/lists`,
    );
    expect(answer.status).toBe(200);
    const reports = await sandboxReports();
    expect(reports.length).toBeGreaterThan(0);
    expect(answer.body).toEqual(reports.map((report) => ({ Id: report.id, Name: report.name })));
    expect(answer.body.map((report) => report.Name)).toContain('Do Not Contact - Contacts');
  });

  it("answers a report's columns by API name, in the report's order", async () => {
    const report = (await sandboxReports()).find(
      (candidate) => candidate.name === 'Do Not Contact - Contacts',
    );
    const answer = await owner.get<string[]>(
      `/api/admin/salesforce/profiles/${salesforceId}/reports/${report?.id ?? ''}/fields`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(['FIRST_NAME', 'LAST_NAME', 'EMAIL', 'ACCOUNT.NAME']);
  });

  it('answers 404 for a report the org does not have, and 400 for what is no report id', async () => {
    const unknown = await owner.get<ErrorBody>(
      `/api/admin/salesforce/profiles/${salesforceId}/reports/00O000000000000AAA/fields`,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      code: 'not_found',
      message: 'Salesforce has no report 00O000000000000AAA.',
    });
    const malformed = await owner.get<ErrorBody>(
      `/api/admin/salesforce/profiles/${salesforceId}/reports/${encodeURIComponent('00O/../x')}/fields`,
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('validation_error');
  });

  it('answers 502 upstream_failed naming Salesforce when it does not answer', async () => {
    await setFaults({ system: 'salesforce', errorRate: 1 });
    const answer = await owner.get<ErrorBody>(
      `/api/admin/salesforce/user-profiles/${salesforceId}/lists`,
    );
    expect(answer.status).toBe(502);
    expect(answer.body.code).toBe('upstream_failed');
    expect(answer.body.message).toMatch(/^Salesforce did not answer/);
  });

  it('answers 404 for a HubSpot profile and 409 for a Salesforce profile never connected', async () => {
    const hubspot = await owner.get<ErrorBody>(
      `/api/admin/salesforce/user-profiles/${hubspotId}/lists`,
    );
    expect(hubspot.status).toBe(404);
    const pending = await buildProfile(app.db, {
      ownerId,
      crm: 'SALESFORCE',
      secrets: app.secrets,
      salesforce: {
        domain: 'https://acme.my.salesforce.com',
        consumerKey: 'k',
        consumerSecret: 's',
      },
    });
    const id = pending._id.toString();
    for (const path of [
      `/api/admin/salesforce/user-profiles/${id}/lists`,
      `/api/admin/salesforce/profiles/${id}/reports/00O000000000000AAA/fields`,
    ]) {
      const answer = await owner.get<ErrorBody>(path);
      expect([path, answer.status, answer.body]).toEqual([
        path,
        409,
        { code: 'not_connected', message: 'Connect this Salesforce profile first.' },
      ]);
    }
  });
});

describe('Smartlead clients', () => {
  const path = (keyId: string) => `/api/admin/dashboard/smartlead/api-keys/${keyId}/client-list`;

  async function sandboxClients(apiKey: string) {
    const answer = await fetch(`${sandbox.url}/smartlead/api/v1/client/?api_key=${apiKey}`);
    const clients = (await answer.json()) as Array<{ id: number; name: string; email: string }>;
    return clients.map((client) => ({
      id: String(client.id),
      name: client.name,
      email: client.email,
    }));
  }

  it("answers the clients of the key's own Smartlead account as id, name and e-mail", async () => {
    const demo = await owner.get<Array<{ id: string; name: string; email: string }>>(
      path(keys.smartlead),
    );
    expect(demo.status).toBe(200);
    expect(demo.body.length).toBeGreaterThan(0);
    expect(demo.body).toEqual(await sandboxClients(DEMO_API_KEYS.smartlead));

    const secondKey = await storeKey('smartlead', SECOND_API_KEYS.smartlead);
    const second = await owner.get<Array<{ name: string }>>(path(secondKey));
    expect(second.body.map((client) => client.name)).toEqual(['Fabrikam Outreach']);
  });

  it('answers 400 for a key of another platform', async () => {
    const answer = await owner.get<ErrorBody>(path(keys.instantly));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      code: 'bad_request',
      message: 'Instantly keys have no clients: choose a Smartlead API key.',
    });
  });

  it('answers 502 when Smartlead refuses the key or does not answer', async () => {
    const refusedKey = await storeKey('smartlead', 'sl_not_a_key_anyone_has');
    const refused = await owner.get<ErrorBody>(path(refusedKey));
    expect(refused.status).toBe(502);
    expect(refused.body.code).toBe('upstream_failed');
    expect(refused.body.message).toMatch(/^Smartlead refused the API key/);

    await setFaults({ system: 'smartlead', errorRate: 1 });
    const down = await owner.get<ErrorBody>(path(keys.smartlead));
    expect(down.status).toBe(502);
    expect(down.body.message).toMatch(/^Smartlead did not answer: /);
  });
});

describe('HeyReach lists', () => {
  const path = (keyId: string) => `/api/admin/api-keys/${keyId}/heyreach/lists`;

  it("answers the account's lead lists, not its company lists", async () => {
    const companyList = await heyreachApi<{ id: number }>(
      '/list/CreateEmptyList',
      DEMO_API_KEYS.heyreach,
      { name: 'Helpers companies', type: 'COMPANY_LIST' },
    );
    const answer = await owner.get<HeyreachLists>(path(keys.heyreach));
    expect(answer.status).toBe(200);
    const leadLists = await heyreachApi<{ items: Array<{ id: number; name: string }> }>(
      '/list/GetAll',
      DEMO_API_KEYS.heyreach,
      { offset: 0, limit: 100, listType: 'USER_LIST' },
    );
    expect(answer.body).toEqual({
      success: true,
      error: null,
      lists: leadLists.items.map((list) => ({ id: String(list.id), name: list.name })),
    });
    expect(answer.body.lists.map((list) => list.name)).toContain('Do not contact (LinkedIn)');
    expect(answer.body.lists.map((list) => list.id)).not.toContain(String(companyList.id));
  });

  it('creates an empty lead list that the list then offers', async () => {
    const created = await owner.post<HeyreachCreated>(path(keys.heyreach), {
      listName: '  Block list from OutSync  ',
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ success: true, listId: expect.any(String), error: null });
    const lists = await owner.get<HeyreachLists>(path(keys.heyreach));
    expect(lists.body.lists).toContainEqual({
      id: created.body.listId,
      name: 'Block list from OutSync',
    });
  });

  it('refuses a blank list name with the form message', async () => {
    const answer = await owner.post<ErrorBody>(path(keys.heyreach), { listName: '   ' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'validation_error', message: 'Enter List Name' });
  });

  it('answers success false with the reason when HeyReach fails', async () => {
    await setFaults({ system: 'heyreach', errorRate: 1 });
    const lists = await owner.get<HeyreachLists>(path(keys.heyreach));
    expect(lists.status).toBe(200);
    expect(lists.body.success).toBe(false);
    expect(lists.body.lists).toEqual([]);
    expect(lists.body.error).toMatch(/^HeyReach did not answer: /);
    const created = await owner.post<HeyreachCreated>(path(keys.heyreach), { listName: 'Lost' });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      success: false,
      listId: null,
      error: expect.stringMatching(/^HeyReach did not answer: /),
    });
  });

  it('answers success false naming the key when HeyReach refuses it', async () => {
    const refusedKey = await storeKey('heyreach', 'heyreach_not_a_key_anyone_has');
    const lists = await owner.get<HeyreachLists>(path(refusedKey));
    expect(lists.body).toEqual({
      success: false,
      error: expect.stringMatching(/^HeyReach refused the API key/),
      lists: [],
    });
  });

  it('answers 400 for a key of another platform, on both calls', async () => {
    const read = await owner.get<ErrorBody>(path(keys.smartlead));
    expect(read.status).toBe(400);
    expect(read.body).toEqual({
      code: 'bad_request',
      message: 'Smartlead keys have no HeyReach lists: choose a HeyReach API key.',
    });
    const create = await owner.post<ErrorBody>(path(keys.smartlead), { listName: 'x' });
    expect(create.status).toBe(400);
    expect(create.body.code).toBe('bad_request');
  });
});

describe('who may call', () => {
  const reads = (profileId: string, keyId: string): string[] => [
    `/api/admin/dashboard/user-profiles/${profileId}/hubspot-lists`,
    `/api/admin/salesforce/user-profiles/${profileId}/lists`,
    `/api/admin/salesforce/profiles/${profileId}/reports/00O000000000000AAA/fields`,
    `/api/admin/dashboard/smartlead/api-keys/${keyId}/client-list`,
    `/api/admin/api-keys/${keyId}/heyreach/lists`,
  ];

  it("answers 404 for another customer's profiles and keys, and for unknown ids", async () => {
    const stranger = await app.signIn({ email: 'helpers-stranger@customer.test' });
    const unknown = randomBytes(12).toString('hex');
    const cases: Array<[string, string]> = [
      [hubspotId, keys.smartlead],
      [salesforceId, keys.heyreach],
      [unknown, unknown],
    ];
    for (const [profileId, keyId] of cases) {
      for (const path of reads(profileId, keyId)) {
        const answer = await stranger.get<ErrorBody>(path);
        expect([path, answer.status, answer.body.code]).toEqual([path, 404, 'not_found']);
      }
      const create = await stranger.post<ErrorBody>(`/api/admin/api-keys/${keyId}/heyreach/lists`, {
        listName: 'Not yours',
      });
      expect(create.status).toBe(404);
    }
  });

  it('answers 400 for malformed ids', async () => {
    for (const path of reads('not-an-id', 'not-an-id')) {
      const answer = await owner.get<ErrorBody>(path);
      expect([path, answer.status, answer.body.code]).toEqual([path, 400, 'validation_error']);
    }
  });

  it("lets a manager read a customer's lists but not create a HeyReach list with their key", async () => {
    const manager = await app.signIn({ email: 'helpers-manager@outsync.test', role: 'MANAGER' });
    expect((await manager.get(reads(hubspotId, keys.smartlead)[0] as string)).status).toBe(200);
    expect((await manager.get(reads(hubspotId, keys.smartlead)[3] as string)).status).toBe(200);
    expect((await manager.get(reads(hubspotId, keys.heyreach)[4] as string)).status).toBe(200);
    const create = await manager.post<ErrorBody>(
      `/api/admin/api-keys/${keys.heyreach}/heyreach/lists`,
      {
        listName: 'By a manager',
      },
    );
    expect(create.status).toBe(404);

    const admin = await app.signIn({ email: 'helpers-admin@outsync.test', role: 'ADMIN' });
    const byAdmin = await admin.post<HeyreachCreated>(
      `/api/admin/api-keys/${keys.heyreach}/heyreach/lists`,
      { listName: 'By an admin' },
    );
    expect(byAdmin.body.success).toBe(true);
  });
});
