// What a block-list create checks that only the server can know, and what it stores (spec 02
// §4, §5, §7; docs/decisions.md "The syncs"), through the real app against the sandbox.
import { DEMO_API_KEYS } from '@outsync/sandbox';
import { buildApiKey } from '../../testing/account-factories';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { buildProfile } from '../../testing/profile-factories';
import { apiKeyModel } from '../api-keys';
import {
  createHubspotSync,
  createSalesforceSync,
  newHeyreachList,
  ownerId,
  queuedRuns,
  refused,
  useSalesforceReportBody,
} from './block-lists.runs.test-support';
import {
  HUBSPOT_CREATE,
  SALESFORCE_CREATE,
  app,
  hubspotBody,
  hubspotId,
  keys,
  lists,
  salesforceId,
  useBlockListsApp,
} from './block-lists.test-support';

guardOutboundCalls();
useBlockListsApp();
const salesforceBody = useSalesforceReportBody();

/** A Smartlead account of the sandbox with these clients, and a key of the profile for it. */
async function smartleadKeyWithClients(
  apiKey: string,
  clients: Array<{ id: number; name: string; email: string }>,
): Promise<string> {
  await lists.call('POST', '/_sandbox/platforms/smartlead/accounts', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apiKey, name: apiKey, clients }),
  });
  const key = await buildApiKey(app.db, app.secrets, {
    userProfileId: hubspotId,
    platform: 'smartlead',
    apiKey,
  });
  return key._id.toString();
}

describe('create: the profile', () => {
  it("refuses a profile of the other CRM, naming the form's CRM", async () => {
    const { listId } = await lists.contactList(['pa@rules.test']);
    expect(
      await refused(HUBSPOT_CREATE, hubspotBody({ listId, userProfileId: salesforceId })),
    ).toEqual({
      status: 400,
      code: 'validation_error',
      message: 'Choose a HubSpot profile for a HubSpot block list.',
    });
    expect(await refused(SALESFORCE_CREATE, salesforceBody({ userProfileId: hubspotId }))).toEqual({
      status: 400,
      code: 'validation_error',
      message: 'Choose a Salesforce profile for a Salesforce block list.',
    });
  });

  it('refuses a profile never connected', async () => {
    const profile = await buildProfile(app.db, { ownerId: await ownerId(), canBlockList: true });
    const key = await buildApiKey(app.db, app.secrets, {
      userProfileId: profile._id,
      platform: 'instantly',
    });
    expect(
      await refused(
        HUBSPOT_CREATE,
        hubspotBody({
          listId: '1',
          userProfileId: profile._id.toString(),
          apiKeyId: key._id.toString(),
          client: null,
        }),
      ),
    ).toEqual({
      status: 409,
      code: 'not_connected',
      message: 'Connect this HubSpot profile first.',
    });
  });
});

describe('create: the key, the client and the lists', () => {
  it('refuses a bison key without its instance URL', async () => {
    const key = await buildApiKey(app.db, app.secrets, {
      userProfileId: hubspotId,
      platform: 'bison',
    });
    await apiKeyModel(app.db.connection).updateOne({ _id: key._id }, { $set: { baseUrl: null } });
    const { listId } = await lists.contactList(['pb@rules.test']);
    expect(
      await refused(
        HUBSPOT_CREATE,
        hubspotBody({ listId, apiKeyId: key._id.toString(), client: null }),
      ),
    ).toEqual({
      status: 400,
      code: 'validation_error',
      message: 'This bison API key has no base URL: add it on the API keys screen.',
    });
  });

  it('takes no client for a Smartlead account with one client, and the chosen one by id', async () => {
    const one = await smartleadKeyWithClients('sl-rules-one-client', [
      { id: 9101, name: 'Solo', email: 'solo@agency.test' },
    ]);
    const { listId } = await lists.contactList(['pc@rules.test']);
    const withoutClient = await createHubspotSync(
      hubspotBody({ listId, apiKeyId: one, client: null }),
    );
    expect(withoutClient.clientDetails).toBeNull();
    const chosen = await createHubspotSync(hubspotBody({ listId, apiKeyId: one, client: '9101' }));
    expect(chosen.clientDetails).toEqual({ id: '9101', email: 'solo@agency.test' });
  });

  it('answers 502 naming Smartlead when it refuses the key or does not answer', async () => {
    const wrong = await buildApiKey(app.db, app.secrets, {
      userProfileId: hubspotId,
      platform: 'smartlead',
      apiKey: 'not-a-smartlead-key',
    });
    const { listId } = await lists.contactList(['pd@rules.test']);
    const refusedKey = await refused(
      HUBSPOT_CREATE,
      hubspotBody({ listId, apiKeyId: wrong._id.toString() }),
    );
    expect(refusedKey).toEqual({
      status: 502,
      code: 'upstream_failed',
      message: 'Smartlead refused the API key: The api_key query parameter is missing or invalid.',
    });
    await lists.setFaults({ system: 'smartlead', errorRate: 1 });
    expect(await refused(HUBSPOT_CREATE, hubspotBody({ listId }))).toEqual({
      status: 502,
      code: 'upstream_failed',
      message:
        'Smartlead did not answer: the service is unavailable right now: Service temporarily unavailable (sandbox fault injection). Please try again.',
    });
  });

  it('refuses a key that does not exist', async () => {
    const { listId } = await lists.contactList(['pd2@rules.test']);
    expect(
      await refused(HUBSPOT_CREATE, hubspotBody({ listId, apiKeyId: '65f000000000000000000001' })),
    ).toEqual({
      status: 400,
      code: 'validation_error',
      message: 'Select API Key: the key must belong to the chosen profile.',
    });
  });

  it('refuses a HeyReach list the key does not have, or that is a company list', async () => {
    const { listId } = await lists.contactList(['pe@rules.test']);
    const heyreach = {
      listId,
      apiKeyId: keys.heyreach,
      client: null,
      profileUrlFieldNames: ['hs_linkedin_url'],
    };
    expect(
      await refused(HUBSPOT_CREATE, hubspotBody({ ...heyreach, heyReachListId: '987654' })),
    ).toEqual({
      status: 400,
      code: 'validation_error',
      message: 'HeyReach has no lead list 987654 for this API key: Please select HeyReach list',
    });
    const companies = await lists.call<{ id: number }>(
      'POST',
      '/heyreach/api/public/list/CreateEmptyList',
      {
        headers: { 'x-api-key': DEMO_API_KEYS.heyreach, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Companies', type: 'COMPANY_LIST' }),
      },
    );
    expect(
      await refused(
        HUBSPOT_CREATE,
        hubspotBody({ ...heyreach, heyReachListId: String(companies.id) }),
      ),
    ).toMatchObject({
      status: 400,
      message: `HeyReach has no lead list ${companies.id} for this API key: Please select HeyReach list`,
    });
  });

  it('answers 502 naming HeyReach when it refuses the key', async () => {
    const wrong = await buildApiKey(app.db, app.secrets, {
      userProfileId: hubspotId,
      platform: 'heyreach',
      apiKey: 'not-a-heyreach-key',
    });
    const { listId } = await lists.contactList(['pf@rules.test']);
    const answer = await refused(
      HUBSPOT_CREATE,
      hubspotBody({
        listId,
        apiKeyId: wrong._id.toString(),
        client: null,
        profileUrlFieldNames: ['hs_linkedin_url'],
        heyReachListId: '1',
      }),
    );
    expect(answer).toEqual({
      status: 502,
      code: 'upstream_failed',
      message: 'HeyReach refused the API key: Invalid API key',
    });
  });

  it('refuses a contact list for a company list, and answers 502 when HubSpot does not answer', async () => {
    const { listId } = await lists.contactList(['pg@rules.test']);
    expect(
      await refused(
        HUBSPOT_CREATE,
        hubspotBody({
          listId,
          listType: 'COMPANY_LIST',
          blockType: 'DOMAIN',
          apiKeyId: keys.instantly,
          client: null,
        }),
      ),
    ).toEqual({
      status: 400,
      code: 'validation_error',
      message: `List ${listId} is not a company list: choose the matching List Type.`,
    });
    await lists.setFaults({ system: 'hubspot', errorRate: 1 });
    const down = await refused(
      HUBSPOT_CREATE,
      hubspotBody({ listId, apiKeyId: keys.instantly, client: null }),
    );
    expect(down).toMatchObject({ status: 502, code: 'upstream_failed' });
    expect(down.message).toMatch(/^HubSpot /);
  });

  it("refuses a report the org does not have, and one the org's Salesforce cannot read", async () => {
    expect(
      await refused(SALESFORCE_CREATE, salesforceBody({ listIdentifier: '00O000000000000AAA' })),
    ).toEqual({
      status: 400,
      code: 'validation_error',
      message: 'Salesforce has no report 00O000000000000AAA: Select list',
    });
    await lists.setFaults({ system: 'salesforce', errorRate: 1 });
    const down = await refused(SALESFORCE_CREATE, salesforceBody());
    expect(down).toMatchObject({ status: 502, code: 'upstream_failed' });
    expect(down.message).toMatch(/^Salesforce /);
  });
});

describe('create: what is stored', () => {
  it('keeps a HubSpot sync to its list, name, client and the fields of its platform', async () => {
    const { listId } = await lists.contactList(['ph@rules.test']);
    const heyReachListId = await newHeyreachList('Stored fields');
    const smartlead = await createHubspotSync(
      hubspotBody({
        listId,
        listName: 'My own name',
        profileUrlFieldNames: ['hs_linkedin_url'],
        heyReachListId,
      }),
    );
    expect(smartlead).toMatchObject({
      listId,
      listIdILS: listId,
      listName: 'My own name',
      profileUrlFieldNames: [],
      heyReachListId: null,
      fields: [],
      status: 'QUEUED',
      isEnabled: true,
      lastAttemptedAt: null,
      lastError: null,
      lastSmartleadError: null,
      countItemsSynced: 0,
      countItemsNotSynced: 0,
      progress: null,
    });
    expect(Date.parse(smartlead.nextRunAt ?? '')).toBeLessThanOrEqual(Date.now());
    const heyreach = await createHubspotSync(
      hubspotBody({
        listId,
        apiKeyId: keys.heyreach,
        client: null,
        profileUrlFieldNames: ['hs_linkedin_url', 'linkedin_profile'],
        heyReachListId,
      }),
    );
    expect(heyreach).toMatchObject({
      profileUrlFieldNames: ['hs_linkedin_url', 'linkedin_profile'],
      heyReachListId,
      clientDetails: null,
    });
    expect(heyreach.listName).toMatch(/^Block test/);
  });

  it("keeps a Salesforce sync to its report's name and each column once", async () => {
    const body = salesforceBody({ fields: ['EMAIL', 'EMAIL', 'FIRST_NAME'] });
    const created = await createSalesforceSync(body);
    expect(created).toMatchObject({
      crm: 'SALESFORCE',
      listId: body.listIdentifier,
      listIdILS: body.listIdentifier,
      listName: 'Do Not Contact - Contacts',
      listType: 'CONTACT_LIST',
      fields: ['EMAIL', 'FIRST_NAME'],
      profileUrlFieldNames: [],
      heyReachListId: null,
      clientDetails: null,
    });
  });

  it('queues a run at once', async () => {
    const { listId } = await lists.contactList(['pi@rules.test']);
    const created = await createHubspotSync(hubspotBody({ listId }));
    expect(await queuedRuns(created.id)).toBe(1);
  });
});
