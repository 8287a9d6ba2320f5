import type { Platform } from '@outsync/contracts';
import type { ApiKeysResponse, BlockListSync } from '@outsync/contracts/accounts';
import type { BlockListLogsPage } from '@outsync/contracts/history';
import { DEMO_API_KEYS, type RunningSandbox } from '@outsync/sandbox';
import { compose } from '../../composition';
import { createBlockListWriter } from './run/platform-writer';
import { runBlockListSync, type BlockListRunOutcome } from './run/run-block-list';
import { buildApiKey } from '../../testing/account-factories';
import { sandboxLists, type SandboxLists } from '../../testing/block-list-fixtures';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { connectBothCrms } from '../../testing/profile-factories';
import { startSandboxTestApp, type SandboxTestApp } from '../../testing/sandbox-test-app';
import type { TestClient } from '../../testing/test-client';
import { memoryLogger } from '../../testing/test-support';
import { apiKeyModel } from '../api-keys';
import { profileModel } from '../profiles';
import { blockListLogModel } from './block-list-log.model';
import { blockListStateModel, blockListSyncModel } from './block-list-sync.model';

// Block-list syncs through the real app against an in-process sandbox: Start Blocking with the
// form's validation, who may see and change what, and runs that read a HubSpot list or a
// Salesforce report and write a platform's block list.

guardOutboundCalls();

type ErrorBody = { code: string; message: string };

const SYNCS = '/api/admin/dashboard/smartlead/blocked-lists';
const HUBSPOT_CREATE = '/api/admin/hubspot/blocked-lists';
const SALESFORCE_CREATE = '/api/admin/salesforce/blocked-lists';

let sandbox: RunningSandbox;
let lists: SandboxLists;
let app: SandboxTestApp;
let owner: TestClient;
let hubspotId: string;
let salesforceId: string;
const keys = {} as Record<Platform, string>;

async function smartleadBlockList(): Promise<Array<{ value: string; clientId: number | null }>> {
  const entries = await lists.call<Array<{ email_or_domain: string; client_id: number | null }>>(
    'GET',
    `/smartlead/api/v1/leads/get-domain-block-list?api_key=${DEMO_API_KEYS.smartlead}&limit=1000`,
  );
  return entries.map((entry) => ({ value: entry.email_or_domain, clientId: entry.client_id }));
}

async function instantlyBlockList(): Promise<string[]> {
  const answer = await lists.call<{ items: Array<{ bl_value: string }> }>(
    'GET',
    '/instantly/api/v2/block-lists-entries?limit=100',
    { headers: { authorization: `Bearer ${DEMO_API_KEYS.instantly}` } },
  );
  return answer.items.map((item) => item.bl_value);
}

function runner() {
  const { logger } = memoryLogger('silent');
  const { profiles } = compose({
    config: app.config,
    logger,
    db: app.db,
    authSecret: 'block-lists-test-secret-0123456789abcdef',
    secrets: app.secrets,
    safeFetch: app.safeFetch,
    assertPublicUrl: async () => undefined,
    now: () => new Date(),
    scheduleSync: async () => undefined,
    queueBlockListRun: async () => undefined,
  });
  const connection = app.db.connection;
  return (syncId: string): Promise<BlockListRunOutcome> =>
    runBlockListSync(
      {
        syncs: blockListSyncModel(connection),
        states: blockListStateModel(connection),
        logs: blockListLogModel(connection),
        profiles: profileModel(connection),
        apiKeys: apiKeyModel(connection),
        connections: profiles.connections,
        secrets: app.secrets,
        writerFor: (target) =>
          createBlockListWriter(target, {
            urls: app.config.platforms,
            fetch: app.safeFetch,
            // An outage fails the run after two quick retries instead of minutes of them;
            // Smartlead's 10 calls per 2 s (the forms' client checks count) are waited out.
            tuning: { retries: 2, timeoutMs: 5_000, maxRetryAfterMs: 3_000 },
          }),
        now: () => new Date(),
        leaseMs: 60_000,
        intervalMs: 3_600_000,
        retentionDays: 90,
        logger,
      },
      syncId,
    );
}
let run: ReturnType<typeof runner>;

async function syncOf(client: TestClient, id: string): Promise<BlockListSync> {
  const all = (await client.get<BlockListSync[]>(SYNCS)).body;
  const found = all.find((sync) => sync.id === id);
  if (!found) throw new Error(`sync ${id} is not listed`);
  return found;
}

function hubspotBody(overrides: Record<string, unknown> = {}) {
  return {
    crm: 'HUBSPOT',
    listType: 'CONTACT_LIST',
    listId: '',
    listName: '',
    apiKeyId: keys.smartlead,
    blockType: 'ADDRESS',
    client: '301',
    useDomainForNonLatin: false,
    profileUrlFieldNames: [],
    heyReachListId: null,
    userProfileId: hubspotId,
    ...overrides,
  };
}

beforeAll(async () => {
  app = await startSandboxTestApp();
  sandbox = app.sandbox;
  lists = sandboxLists(sandbox.url);
  owner = await app.signIn({ email: 'block-lists@customer.test' });
  ({ hubspotId, salesforceId } = await connectBothCrms(app.url, owner, sandbox.url));
  await profileModel(app.db.connection).updateMany({}, { $set: { canBlockList: true } });
  for (const platform of ['smartlead', 'instantly', 'heyreach'] as const) {
    const key = await buildApiKey(app.db, app.secrets, {
      userProfileId: hubspotId,
      platform,
      apiKey: DEMO_API_KEYS[platform],
      description: `Demo ${platform}`,
    });
    keys[platform] = key._id.toString();
  }
  run = runner();
  // Every create asks Smartlead for the key's clients: its 10 calls per 2 s would turn the
  // counted writes below into retried ones. Rate limits are the connectors' tests' concern.
  await lists.setFaults({ system: 'smartlead', rateLimit: 0 });
});
afterAll(async () => {
  await app?.stop();
});
afterEach(async () => {
  await lists.setFaults({ system: '*', errorRate: 0 });
});

describe('Start Blocking (HUBSPOT)', () => {
  it('stores the sync queued, lists it with its key and client, and names it on the key', async () => {
    const { listId } = await lists.contactList(['ana@northwind.test']);
    const answer = await owner.post<BlockListSync>(HUBSPOT_CREATE, hubspotBody({ listId }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      crm: 'HUBSPOT',
      listId,
      listIdILS: listId,
      listName: expect.stringMatching(/^Block test/),
      listType: 'CONTACT_LIST',
      userId: hubspotId,
      user: { canBlockList: true },
      apiKey: { id: keys.smartlead, description: 'Demo smartlead', platform: 'smartlead' },
      clientDetails: { id: '301', email: 'ops@northwind-agency.example' },
      blockType: 'ADDRESS',
      useDomainForNonLatin: false,
      isEnabled: true,
      status: 'QUEUED',
      lastFetchedAt: null,
      countItemsSynced: 0,
      canManage: true,
    });
    expect((await syncOf(owner, answer.body.id)).listName).toBe(answer.body.listName);
    const apiKeys = (await owner.get<ApiKeysResponse>('/api/admin/dashboard/api-keys')).body;
    const key = apiKeys.apiKeys.find((candidate) => candidate.id === keys.smartlead);
    expect(key?.syncBlockList).toContainEqual({
      id: answer.body.id,
      listName: answer.body.listName,
    });
    const deleteKey = await owner.delete<ErrorBody>(
      `/api/admin/dashboard/smartlead/${keys.smartlead}`,
    );
    expect(deleteKey.status).toBe(409);
    expect(deleteKey.body.message).toContain(`block list "${answer.body.listName}"`);
  });

  it.each([
    [{ listType: null }, 'Select List Type'],
    [{ listId: '' }, 'Select hubspot list'],
    [{ listId: '7', apiKeyId: null }, 'Select API Key'],
    [{ listId: '7', blockType: null }, 'Select Type of blocking'],
  ])('refuses %j with the form message', async (overrides, message) => {
    const answer = await owner.post<ErrorBody>(HUBSPOT_CREATE, hubspotBody(overrides));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(message);
  });

  it('asks for the Smartlead client when the key has several and none is chosen', async () => {
    const { listId } = await lists.contactList(['bo@northwind.test']);
    const answer = await owner.post<ErrorBody>(
      HUBSPOT_CREATE,
      hubspotBody({ listId, client: null }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Select Smartlead Client');
    const unknown = await owner.post<ErrorBody>(
      HUBSPOT_CREATE,
      hubspotBody({ listId, client: '999' }),
    );
    expect(unknown.body.message).toBe('Smartlead has no client 999 for this API key.');
  });

  it('checks the list exists and is of the chosen type', async () => {
    const missing = await owner.post<ErrorBody>(HUBSPOT_CREATE, hubspotBody({ listId: '987654' }));
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('HubSpot has no list 987654: Select hubspot list');
    const companies = await lists.companyList([{ domain: 'acme-type.test' }]);
    const wrongType = await owner.post<ErrorBody>(
      HUBSPOT_CREATE,
      hubspotBody({ listId: companies }),
    );
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toBe(
      `List ${companies} is not a contact list: choose the matching List Type.`,
    );
  });

  it('keeps a company list to domains and HeyReach to contact lists with its fields and list', async () => {
    const companies = await lists.companyList([{ domain: 'acme-rules.test' }]);
    const address = await owner.post<ErrorBody>(
      HUBSPOT_CREATE,
      hubspotBody({ listId: companies, listType: 'COMPANY_LIST' }),
    );
    expect(address.body.message).toBe(
      'A company list blocks every domain: choose Domain (Every domain).',
    );
    const heyreach = { apiKeyId: keys.heyreach, client: null };
    const company = await owner.post<ErrorBody>(
      HUBSPOT_CREATE,
      hubspotBody({
        ...heyreach,
        listId: companies,
        listType: 'COMPANY_LIST',
        blockType: 'DOMAIN',
      }),
    );
    expect(company.body.message).toBe('HeyReach cannot block a company list: choose Contact List.');
    const { listId } = await lists.contactList(['cy@northwind.test']);
    const noFields = await owner.post<ErrorBody>(
      HUBSPOT_CREATE,
      hubspotBody({ ...heyreach, listId }),
    );
    expect(noFields.body.message).toBe('Select at least one Profile URL field for HeyReach');
    const noList = await owner.post<ErrorBody>(
      HUBSPOT_CREATE,
      hubspotBody({ ...heyreach, listId, profileUrlFieldNames: ['hs_linkedin_url'] }),
    );
    expect(noList.body.message).toBe('Please select HeyReach list');
    const client = await owner.post<ErrorBody>(
      HUBSPOT_CREATE,
      hubspotBody({ listId, apiKeyId: keys.instantly, client: '301' }),
    );
    expect(client.body.message).toBe(
      "Clients are Smartlead's: leave the client empty for Instantly.",
    );
  });

  it('refuses a key of another profile, and a profile without Block Lists', async () => {
    const { listId } = await lists.contactList(['di@northwind.test']);
    const otherKey = await buildApiKey(app.db, app.secrets, {
      userProfileId: salesforceId,
      platform: 'smartlead',
    });
    const foreign = await owner.post<ErrorBody>(
      HUBSPOT_CREATE,
      hubspotBody({ listId, apiKeyId: otherKey._id.toString() }),
    );
    expect(foreign.body.message).toBe('Select API Key: the key must belong to the chosen profile.');
    await profileModel(app.db.connection).updateOne({ _id: hubspotId }, { canBlockList: false });
    try {
      const off = await owner.post<ErrorBody>(HUBSPOT_CREATE, hubspotBody({ listId }));
      expect(off.status).toBe(403);
      expect(off.body.message).toBe(
        'Block lists are not enabled for this profile: ask an admin to turn on "Block Lists".',
      );
    } finally {
      await profileModel(app.db.connection).updateOne({ _id: hubspotId }, { canBlockList: true });
    }
  });
});

describe('Start Blocking (SALESFORCE)', () => {
  async function firstReport(): Promise<{ Id: string; fields: string[] }> {
    const lists = (
      await owner.get<Array<{ Id: string }>>(
        `/api/admin/salesforce/user-profiles/${salesforceId}/lists`,
      )
    ).body;
    const report = lists[0];
    if (!report) throw new Error('the sandbox org has no report');
    const fields = (
      await owner.get<string[]>(
        `/api/admin/salesforce/profiles/${salesforceId}/reports/${report.Id}/fields`,
      )
    ).body;
    return { Id: report.Id, fields };
  }

  it('stores a report sync with its fields, and refuses HeyReach and unknown columns', async () => {
    const key = await buildApiKey(app.db, app.secrets, {
      userProfileId: salesforceId,
      platform: 'instantly',
      apiKey: DEMO_API_KEYS.instantly,
    });
    const report = await firstReport();
    const body = {
      crm: 'SALESFORCE',
      listIdentifier: report.Id,
      listName: 'Report',
      apiKeyId: key._id.toString(),
      blockType: 'ADDRESS',
      client: null,
      fields: report.fields.slice(0, 1),
      useDomainForNonLatin: true,
      userProfileId: salesforceId,
    };
    const created = await owner.post<BlockListSync>(SALESFORCE_CREATE, body);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      crm: 'SALESFORCE',
      listId: report.Id,
      listIdILS: report.Id,
      listName: 'Report',
      fields: report.fields.slice(0, 1),
      useDomainForNonLatin: true,
      apiKey: { platform: 'instantly' },
    });
    const noFields = await owner.post<ErrorBody>(SALESFORCE_CREATE, { ...body, fields: [] });
    expect(noFields.body.message).toContain('Select fields');
    const unknown = await owner.post<ErrorBody>(SALESFORCE_CREATE, {
      ...body,
      fields: ['NOT_A_COLUMN'],
    });
    expect(unknown.body.message).toBe('The report has no column NOT_A_COLUMN: Select fields');
    const heyreachKey = await buildApiKey(app.db, app.secrets, {
      userProfileId: salesforceId,
      platform: 'heyreach',
    });
    const heyreach = await owner.post<ErrorBody>(SALESFORCE_CREATE, {
      ...body,
      apiKeyId: heyreachKey._id.toString(),
    });
    expect(heyreach.body.message).toBe(
      'HeyReach is not offered for Salesforce block lists: choose an e-mail platform.',
    );
  });
});

describe('who may see, pause, resume and delete', () => {
  it('shows a customer only their syncs; a manager sees all and may not change them; an admin may', async () => {
    const { listId } = await lists.contactList(['eve@northwind.test']);
    const created = (await owner.post<BlockListSync>(HUBSPOT_CREATE, hubspotBody({ listId }))).body;
    const stranger = await app.signIn({ email: 'stranger@other.test' });
    expect((await stranger.get<BlockListSync[]>(SYNCS)).body).toEqual([]);
    expect((await stranger.put(`${SYNCS}/${created.id}`, { isEnabled: false })).status).toBe(404);
    expect((await stranger.delete(`${SYNCS}/${created.id}`)).status).toBe(404);

    const manager = await app.signIn({ email: 'manager@outsync.test', role: 'MANAGER' });
    const seen = await syncOf(manager, created.id);
    expect(seen.canManage).toBe(false);
    expect((await manager.put(`${SYNCS}/${created.id}`, { isEnabled: false })).status).toBe(404);

    const admin = await app.signIn({ email: 'admin@outsync.test', role: 'ADMIN' });
    expect((await syncOf(admin, created.id)).canManage).toBe(true);
    const paused = await admin.put<BlockListSync>(`${SYNCS}/${created.id}`, { isEnabled: false });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ isEnabled: false, nextRunAt: null });
    expect(await run(created.id)).toEqual({ ran: false, reason: 'paused' });

    const resumed = await owner.put<BlockListSync>(`${SYNCS}/${created.id}`, { isEnabled: true });
    expect(resumed.body).toMatchObject({ isEnabled: true, status: 'QUEUED' });
    expect(resumed.body.nextRunAt).not.toBeNull();

    const deleted = await owner.delete<{ id: string; listId: string; listName: string }>(
      `${SYNCS}/${created.id}`,
    );
    expect(deleted.body).toEqual({ id: created.id, listId, listName: created.listName });
    expect((await owner.get<BlockListSync[]>(SYNCS)).body.map((sync) => sync.id)).not.toContain(
      created.id,
    );
    expect(await run(created.id)).toEqual({ ran: false, reason: 'not_found' });
  });

  it('never runs a sync whose profile lost Block Lists, and shows that', async () => {
    const { listId } = await lists.contactList(['fay@northwind.test']);
    const created = (await owner.post<BlockListSync>(HUBSPOT_CREATE, hubspotBody({ listId }))).body;
    await profileModel(app.db.connection).updateOne({ _id: hubspotId }, { canBlockList: false });
    try {
      expect(await run(created.id)).toEqual({ ran: false, reason: 'not_approved' });
      const shown = await syncOf(owner, created.id);
      expect(shown.user.canBlockList).toBe(false);
      expect(shown.lastAttemptedAt).toBeNull();
    } finally {
      await profileModel(app.db.connection).updateOne({ _id: hubspotId }, { canBlockList: true });
    }
  });
});

describe('a run', () => {
  it('writes a contact list into Smartlead for the client, then only what is new', async () => {
    const { listId, contactIds } = await lists.contactList([
      'Gil@Contoso.test ',
      'hal@contoso.test',
      'not-an-address',
    ]);
    const created = (await owner.post<BlockListSync>(HUBSPOT_CREATE, hubspotBody({ listId }))).body;
    const before = await lists.calls();

    expect(await run(created.id)).toEqual({ ran: true, status: 'SYNCED', added: 2, notSynced: 1 });
    const entries = await smartleadBlockList();
    expect(entries).toEqual(
      expect.arrayContaining([
        { value: 'gil@contoso.test', clientId: 301 },
        { value: 'hal@contoso.test', clientId: 301 },
      ]),
    );
    const synced = await syncOf(owner, created.id);
    expect(synced).toMatchObject({
      status: 'SYNCED',
      countItemsSynced: 2,
      countItemsNotSynced: 1,
      lastError: null,
      lastSmartleadError: null,
      progress: null,
    });
    expect(synced.lastFetchedAt).not.toBeNull();
    expect(synced.lastAttemptedAt).not.toBeNull();
    const writes = (calls: Record<string, number>) =>
      Object.entries(calls)
        .filter(
          ([route]) => route.startsWith('smartlead') && route.includes('add-domain-block-list'),
        )
        .reduce((sum, [, n]) => sum + n, 0);
    const afterFirst = await lists.calls();
    expect(writes(afterFirst) - writes(before)).toBe(1);

    // Nothing changed: nothing is written.
    expect(await run(created.id)).toMatchObject({ ran: true, status: 'SYNCED', added: 0 });
    expect(writes(await lists.calls())).toBe(writes(afterFirst));

    // One new member, one gone: the new one is written, the gone one reported and kept.
    await lists.addMembers(listId, [await lists.newContact('ivy@contoso.test')]);
    await lists.hubspot('PUT', `/crm/v3/lists/${listId}/memberships/remove`, [contactIds[1]]);
    const third = await run(created.id);
    expect([third, (await syncOf(owner, created.id)).lastError]).toEqual([
      { ran: true, status: 'SYNCED', added: 1, notSynced: 1 },
      null,
    ]);
    expect(writes(await lists.calls())).toBe(writes(afterFirst) + 1);

    const history = (
      await owner.get<BlockListLogsPage>(
        `/api/admin/dashboard/smartlead/blocked-lists/history?block-list-id=${created.id}`,
      )
    ).body;
    const details = history.data.map((log) => log.entityDetails);
    expect(details).toContain('ivy@contoso.test.');
    expect(details).toEqual([
      'Left the CRM list, still blocked 1: hal@contoso.test. Not synced 1: not-an-address (not an e-mail address).',
      'ivy@contoso.test.',
      'Nothing new: 2 already blocked. Not synced 1: not-an-address (not an e-mail address).',
      'Not synced 1: not-an-address (not an e-mail address).',
      'gil@contoso.test, hal@contoso.test.',
    ]);
    const byEmail = (
      await owner.get<BlockListLogsPage>(
        '/api/admin/dashboard/smartlead/blocked-lists/history?email=GIL@contoso.test',
      )
    ).body;
    expect(byEmail.totalItems).toBe(1);
  });

  it('writes every domain of a company list into Instantly', async () => {
    const listId = await lists.companyList([
      { domain: 'Rival.test', hs_additional_domains: 'rival.example;rival-labs.test' },
      { domain: 'gmail.com' },
    ]);
    const created = (
      await owner.post<BlockListSync>(
        HUBSPOT_CREATE,
        hubspotBody({
          listId,
          listType: 'COMPANY_LIST',
          blockType: 'DOMAIN',
          apiKeyId: keys.instantly,
          client: null,
        }),
      )
    ).body;
    expect(await run(created.id)).toEqual({ ran: true, status: 'SYNCED', added: 3, notSynced: 1 });
    expect(await instantlyBlockList()).toEqual(
      expect.arrayContaining(['rival.test', 'rival.example', 'rival-labs.test']),
    );
    expect(await instantlyBlockList()).not.toContain('gmail.com');
  });

  it('fails on a platform outage, keeps its state, and the next run writes the rest once', async () => {
    const { listId } = await lists.contactList(['jo@fabrikam.test', 'kim@fabrikam.test']);
    const created = (await owner.post<BlockListSync>(HUBSPOT_CREATE, hubspotBody({ listId }))).body;
    await lists.setFaults({ system: 'smartlead', errorRate: 1 });
    expect(await run(created.id)).toMatchObject({ ran: true, status: 'FAILED' });
    const failed = await syncOf(owner, created.id);
    expect(failed.status).toBe('FAILED');
    expect(failed.lastError).toBeNull();
    expect(failed.lastSmartleadError).toMatch(/^Smartlead/);
    const logs = (
      await owner.get<BlockListLogsPage>(
        `/api/admin/dashboard/smartlead/blocked-lists/history?block-list-id=${created.id}`,
      )
    ).body;
    expect(logs.data[0]?.lastError).toBe(failed.lastSmartleadError);
    expect(logs.data[0]?.syncedAt).toBeNull();

    await lists.setFaults({ system: 'smartlead', errorRate: 0 });
    expect(await run(created.id)).toMatchObject({ ran: true, status: 'SYNCED', added: 2 });
    const values = (await smartleadBlockList()).map((entry) => entry.value);
    expect(values.filter((value) => value === 'jo@fabrikam.test')).toHaveLength(1);
    expect((await syncOf(owner, created.id)).lastSmartleadError).toBeNull();
  });

  it('reports a CRM failure as Last Error', async () => {
    const { listId } = await lists.contactList(['lu@fabrikam.test']);
    const created = (await owner.post<BlockListSync>(HUBSPOT_CREATE, hubspotBody({ listId }))).body;
    await lists.hubspot('DELETE', `/crm/v3/lists/${listId}`);
    expect(await run(created.id)).toMatchObject({ ran: true, status: 'FAILED' });
    const failed = await syncOf(owner, created.id);
    expect(failed.lastError).toMatch(/^HubSpot/);
    expect(failed.lastSmartleadError).toBeNull();
  });
});
