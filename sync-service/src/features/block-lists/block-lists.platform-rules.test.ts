// The platforms' own rules through create and run (docs/dedupe-and-block-list-runs.md,
// "Block-list runs"): Instantly's non-Latin addresses follow the stored useDomainForNonLatin
// (spec 02 §5: stored only for Instantly, ADDRESS and a contact list), and HeyReach blocks
// social profiles only, in its chosen list.
import type { BlockListSync } from '@outsync/contracts/accounts';
import { DEMO_API_KEYS } from '@outsync/sandbox';
import { buildApiKey } from '../../testing/account-factories';
import { guardOutboundCalls } from '../../testing/nock-guard';
import {
  createHubspotSync,
  createSalesforceSync,
  heyreachListUrls,
  instantlyValues,
  logOf,
  newHeyreachList,
  runSync,
  smartleadValues,
} from './block-lists.runs.test-support';
import {
  type ErrorBody,
  HUBSPOT_CREATE,
  app,
  hubspotBody,
  keys,
  lists,
  owner,
  salesforceId,
  syncOf,
  useBlockListsApp,
} from './block-lists.test-support';

guardOutboundCalls();
useBlockListsApp();

const instantly = { apiKeyId: '', client: null };

beforeAll(() => {
  instantly.apiKeyId = keys.instantly;
});

describe("Instantly's non-Latin addresses", () => {
  it('blocks their domains when the sync says so (a free-mail one is not synced)', async () => {
    const { listId } = await lists.contactList([
      'иван@cyrillic-on.test',
      'José@accent-on.test',
      'ann@plain-on.test',
      'ünal@gmail.com',
    ]);
    const created = await createHubspotSync(
      hubspotBody({ ...instantly, listId, useDomainForNonLatin: true }),
    );
    expect(created.useDomainForNonLatin).toBe(true);
    expect(await runSync(created.id)).toEqual({
      ran: true,
      status: 'SYNCED',
      added: 3,
      notSynced: 1,
    });
    const values = await instantlyValues();
    expect(values).toEqual(
      expect.arrayContaining(['cyrillic-on.test', 'accent-on.test', 'ann@plain-on.test']),
    );
    expect(values.filter((value) => value.includes('-on.test') || value === 'gmail.com')).toEqual([
      'cyrillic-on.test',
      'accent-on.test',
      'ann@plain-on.test',
    ]);
    expect((await logOf(created.id)).map((line) => line.entityDetails)).toEqual([
      'cyrillic-on.test, accent-on.test, ann@plain-on.test.',
      'Not synced 1: ünal@gmail.com (non-Latin address not blocked by its domain: a free-mail domain, blocking it would block everyone on it).',
    ]);
    expect(await syncOf(owner, created.id)).toMatchObject({
      countItemsSynced: 3,
      countItemsNotSynced: 1,
    });
  });

  it('skips them, and never blocks their domains, when the sync says not to', async () => {
    const { listId } = await lists.contactList([
      'иван@cyrillic-off.test',
      'José@accent-off.test',
      'ann@plain-off.test',
    ]);
    const created = await createHubspotSync(
      hubspotBody({ ...instantly, listId, useDomainForNonLatin: false }),
    );
    expect(created.useDomainForNonLatin).toBe(false);
    expect(await runSync(created.id)).toEqual({
      ran: true,
      status: 'SYNCED',
      added: 1,
      notSynced: 2,
    });
    expect((await instantlyValues()).filter((value) => value.includes('-off.test'))).toEqual([
      'ann@plain-off.test',
    ]);
    expect((await logOf(created.id)).map((line) => line.entityDetails)).toEqual([
      'ann@plain-off.test.',
      'Not synced 2: иван@cyrillic-off.test (non-Latin address skipped: Instantly does not accept it), josé@accent-off.test (non-Latin address skipped: Instantly does not accept it).',
    ]);
  });

  it('is stored only for Instantly, ADDRESS and a contact list, from HubSpot and Salesforce', async () => {
    const { listId } = await lists.contactList(['bea@stored-rule.test']);
    const companies = await lists.companyList([{ domain: 'stored-rule.test' }]);
    const salesforceKeys: Record<'smartlead' | 'instantly', string> = {
      smartlead: '',
      instantly: '',
    };
    for (const platform of ['smartlead', 'instantly'] as const) {
      const key = await buildApiKey(app.db, app.secrets, {
        userProfileId: salesforceId,
        platform,
        apiKey: DEMO_API_KEYS[platform],
      });
      salesforceKeys[platform] = key._id.toString();
    }
    const reports = (
      await owner.get<Array<{ Id: string }>>(
        `/api/admin/salesforce/user-profiles/${salesforceId}/lists`,
      )
    ).body;
    const salesforce = (overrides: Record<string, unknown>) =>
      createSalesforceSync({
        crm: 'SALESFORCE',
        listIdentifier: reports[0]?.Id,
        listName: 'Stored rule',
        apiKeyId: salesforceKeys.instantly,
        blockType: 'ADDRESS',
        client: null,
        fields: ['EMAIL'],
        useDomainForNonLatin: true,
        userProfileId: salesforceId,
        ...overrides,
      });
    const stored = async (sync: Promise<BlockListSync>) => (await sync).useDomainForNonLatin;

    expect({
      hubspotInstantlyAddress: await stored(
        createHubspotSync(hubspotBody({ ...instantly, listId, useDomainForNonLatin: true })),
      ),
      hubspotInstantlyDomain: await stored(
        createHubspotSync(
          hubspotBody({ ...instantly, listId, blockType: 'DOMAIN', useDomainForNonLatin: true }),
        ),
      ),
      hubspotInstantlyCompanies: await stored(
        createHubspotSync(
          hubspotBody({
            ...instantly,
            listId: companies,
            listType: 'COMPANY_LIST',
            blockType: 'DOMAIN',
            useDomainForNonLatin: true,
          }),
        ),
      ),
      hubspotSmartleadAddress: await stored(
        createHubspotSync(hubspotBody({ listId, useDomainForNonLatin: true })),
      ),
      salesforceInstantlyAddress: await stored(salesforce({})),
      salesforceInstantlyDomain: await stored(salesforce({ blockType: 'DOMAIN' })),
      salesforceSmartleadAddress: await stored(
        salesforce({ apiKeyId: salesforceKeys.smartlead, client: '301' }),
      ),
      salesforceInstantlyAddressOff: await stored(salesforce({ useDomainForNonLatin: false })),
    }).toEqual({
      hubspotInstantlyAddress: true,
      hubspotInstantlyDomain: false,
      hubspotInstantlyCompanies: false,
      hubspotSmartleadAddress: false,
      salesforceInstantlyAddress: true,
      salesforceInstantlyDomain: false,
      salesforceSmartleadAddress: false,
      salesforceInstantlyAddressOff: false,
    });
  });

  it('leaves other platforms the address as it is: Smartlead refuses it, counted not synced', async () => {
    const { listId } = await lists.contactList([
      'иван@cyrillic-smartlead.test',
      'al@latin-smartlead.test',
    ]);
    const created = await createHubspotSync(
      hubspotBody({ listId, client: '301', useDomainForNonLatin: true }),
    );
    expect(created.useDomainForNonLatin).toBe(false);
    expect(await runSync(created.id)).toEqual({
      ran: true,
      status: 'SYNCED',
      added: 2,
      notSynced: 1,
    });
    const values = await smartleadValues();
    expect(values).toContain('al@latin-smartlead.test');
    expect(values).not.toContain('cyrillic-smartlead.test');
    expect((await logOf(created.id)).map((line) => line.entityDetails)).toEqual([
      'иван@cyrillic-smartlead.test, al@latin-smartlead.test. Refused by the platform 1: иван@cyrillic-smartlead.test.',
    ]);
    expect(await syncOf(owner, created.id)).toMatchObject({
      countItemsSynced: 1,
      countItemsNotSynced: 1,
    });
  });
});

describe('HeyReach', () => {
  const profile = (slug: string) => `https://www.linkedin.com/in/${slug}`;

  async function contactsWithProfiles(urls: Array<string | null>): Promise<string> {
    const { listId } = await lists.contactList([]);
    const ids: string[] = [];
    for (const [index, url] of urls.entries()) {
      const contact = await lists.hubspot<{ id: string }>('POST', '/crm/v3/objects/contacts', {
        properties: {
          email: `heyreach-${index}-${Date.now()}@profiles.test`,
          ...(url === null ? {} : { hs_linkedin_url: url }),
        },
      });
      ids.push(contact.id);
    }
    await lists.addMembers(listId, ids);
    return listId;
  }

  function heyreachBody(listId: string, heyReachListId: string, blockType: string) {
    return hubspotBody({
      listId,
      apiKeyId: keys.heyreach,
      client: null,
      blockType,
      profileUrlFieldNames: ['hs_linkedin_url'],
      heyReachListId,
    });
  }

  it('refuses DOMAIN: it blocks social profiles only', async () => {
    const listId = await contactsWithProfiles([profile('ria-domain')]);
    const heyReachListId = await newHeyreachList('Refuses domain');
    const answer = await owner.post<ErrorBody>(
      HUBSPOT_CREATE,
      heyreachBody(listId, heyReachListId, 'DOMAIN'),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      code: 'validation_error',
      message: 'HeyReach blocks social profiles: choose Address (Individual Social Profile).',
    });
  });

  it("adds a contact list's profile URLs to the chosen HeyReach list", async () => {
    const listId = await contactsWithProfiles([
      'linkedin.com/in/Sam-Profile/',
      profile('tia-profile'),
      'https://www.linkedin.com/sales/lead/ACwAAB123',
      null,
    ]);
    const heyReachListId = await newHeyreachList('Profiles');
    const created = await createHubspotSync(heyreachBody(listId, heyReachListId, 'ADDRESS'));
    expect(created).toMatchObject({
      blockType: 'ADDRESS',
      profileUrlFieldNames: ['hs_linkedin_url'],
      heyReachListId,
      useDomainForNonLatin: false,
    });
    expect(await runSync(created.id)).toEqual({
      ran: true,
      status: 'SYNCED',
      added: 2,
      notSynced: 2,
    });
    expect(await heyreachListUrls(heyReachListId)).toEqual([
      profile('sam-profile'),
      profile('tia-profile'),
    ]);
    expect((await logOf(created.id)).map((line) => line.entityDetails)).toEqual([
      'https://www.linkedin.com/in/sam-profile, https://www.linkedin.com/in/tia-profile.',
      'Not synced 2: https://www.linkedin.com/sales/lead/ACwAAB123 (a Sales Navigator URL, not a public profile URL), (empty) (no value).',
    ]);
    expect(await syncOf(owner, created.id)).toMatchObject({
      countItemsSynced: 2,
      countItemsNotSynced: 2,
    });
  });

  it('counts the leads HeyReach failed without naming them as not synced', async () => {
    const listId = await contactsWithProfiles([
      profile('uma-failed'),
      profile('vic-failed'),
      profile('wyn-failed'),
    ]);
    const heyReachListId = await newHeyreachList('Failed leads');
    const created = await createHubspotSync(heyreachBody(listId, heyReachListId, 'ADDRESS'));
    // HeyReach answers failedLeadsCount 1 for the batch.
    expect(await runSync(created.id, { unnamedFailures: 1 })).toEqual({
      ran: true,
      status: 'SYNCED',
      added: 3,
      notSynced: 1,
    });
    expect(await syncOf(owner, created.id)).toMatchObject({
      countItemsSynced: 2,
      countItemsNotSynced: 1,
    });
  });
});
