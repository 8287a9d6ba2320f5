// Block-list syncs through the real app against an in-process sandbox: Start Blocking, for a
// HubSpot list and for a Salesforce report, with the form's validation.
import type { ApiKeysResponse, BlockListSync } from '@outsync/contracts/accounts';
import { DEMO_API_KEYS } from '@outsync/sandbox';
import { buildApiKey } from '../../testing/account-factories';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { profileModel } from '../profiles';
import {
  type ErrorBody,
  HUBSPOT_CREATE,
  SALESFORCE_CREATE,
  lists,
  app,
  owner,
  hubspotId,
  salesforceId,
  keys,
  syncOf,
  hubspotBody,
  useBlockListsApp,
} from './block-lists.test-support';

guardOutboundCalls();
useBlockListsApp();

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

  it('refuses a key of another profile, and keeps a sync of a profile without Block Lists paused pending upgrade', async () => {
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
      // Stored, and displayed PAUSED_PENDING_UPGRADE (spec 02 §4): it runs once the plan or the
      // flag allows (block-lists.plan.test.ts).
      const off = await owner.post<BlockListSync>(HUBSPOT_CREATE, hubspotBody({ listId }));
      expect(off.status).toBe(200);
      expect(off.body.user.canBlockList).toBe(false);
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
    const twoUnknown = await owner.post<ErrorBody>(SALESFORCE_CREATE, {
      ...body,
      fields: [...report.fields.slice(0, 1), 'NOT_A_COLUMN', 'NOR_THIS'],
    });
    expect(twoUnknown.body.message).toBe(
      'The report has no column NOT_A_COLUMN, NOR_THIS: Select fields',
    );
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
