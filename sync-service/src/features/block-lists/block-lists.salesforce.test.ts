// A Salesforce block list end to end against the sandbox: a report's chosen column read from
// the demo org, turned into block values and written into the platform's block list, then only
// what changed (docs/dedupe-and-block-list-runs.md, "Block-list runs").
import { DEMO_API_KEYS } from '@outsync/sandbox';
import { buildApiKey } from '../../testing/account-factories';
import { guardOutboundCalls } from '../../testing/nock-guard';
import {
  callsTo,
  createSalesforceSync,
  instantlyValues,
  logOf,
  runLog,
  runSync,
  salesforceReport,
  savedState,
  setContactEmail,
  smartleadValues,
} from './block-lists.runs.test-support';
import {
  app,
  lists,
  owner,
  salesforceId,
  syncOf,
  useBlockListsApp,
} from './block-lists.test-support';

guardOutboundCalls();
useBlockListsApp();

const keys = { smartlead: '', instantly: '' };

beforeAll(async () => {
  for (const platform of ['smartlead', 'instantly'] as const) {
    const key = await buildApiKey(app.db, app.secrets, {
      userProfileId: salesforceId,
      platform,
      apiKey: DEMO_API_KEYS[platform],
      description: `Salesforce ${platform}`,
    });
    keys[platform] = key._id.toString();
  }
});

function reportBody(reportId: string, overrides: Record<string, unknown> = {}) {
  return {
    crm: 'SALESFORCE',
    listIdentifier: reportId,
    listName: '',
    apiKeyId: keys.smartlead,
    blockType: 'ADDRESS',
    client: '301',
    fields: ['EMAIL'],
    useDomainForNonLatin: false,
    userProfileId: salesforceId,
    ...overrides,
  };
}

describe('a Salesforce block list', () => {
  it("writes a report's e-mails into Smartlead for the client, then only what changed", async () => {
    const { reportId, contactIds } = await salesforceReport([
      'Ann.Ray@Report-One.test',
      'bo@report-one.test',
      null,
    ]);
    const created = await createSalesforceSync(reportBody(reportId));
    expect(created).toMatchObject({
      crm: 'SALESFORCE',
      listId: reportId,
      listType: 'CONTACT_LIST',
      fields: ['EMAIL'],
      clientDetails: { id: '301', email: 'ops@northwind-agency.example' },
      apiKey: { id: keys.smartlead, platform: 'smartlead' },
      useDomainForNonLatin: false,
    });
    expect(created.listName).toMatch(/^Block run /);
    const writesBefore = await callsTo('add-domain-block-list');

    expect(await runSync(created.id)).toEqual({
      ran: true,
      status: 'SYNCED',
      added: 2,
      notSynced: 1,
    });
    expect(await smartleadValues()).toEqual(
      expect.arrayContaining(['ann.ray@report-one.test', 'bo@report-one.test']),
    );
    expect(await callsTo('add-domain-block-list')).toBe(writesBefore + 1);
    expect(await syncOf(owner, created.id)).toMatchObject({
      status: 'SYNCED',
      countItemsSynced: 2,
      countItemsNotSynced: 1,
      lastError: null,
      lastSmartleadError: null,
      progress: null,
    });
    expect(await savedState(created.id)).toEqual({
      written: ['ann.ray@report-one.test', 'bo@report-one.test'],
      keptAfterRemoval: [],
      refused: [],
    });

    // bo's contact now holds another address: it is written, bo's is reported and kept.
    await setContactEmail(contactIds[1] ?? '', 'cy@report-one.test');
    expect(await runSync(created.id)).toEqual({
      ran: true,
      status: 'SYNCED',
      added: 1,
      notSynced: 1,
    });
    expect(await callsTo('add-domain-block-list')).toBe(writesBefore + 2);
    expect(await smartleadValues()).toEqual(
      expect.arrayContaining([
        'ann.ray@report-one.test',
        'bo@report-one.test',
        'cy@report-one.test',
      ]),
    );
    expect(await savedState(created.id)).toEqual({
      written: ['ann.ray@report-one.test', 'bo@report-one.test', 'cy@report-one.test'],
      keptAfterRemoval: ['bo@report-one.test'],
      refused: [],
    });
    expect(await logOf(created.id)).toEqual([
      {
        entities: ['ann.ray@report-one.test', 'bo@report-one.test'],
        entityDetails: 'ann.ray@report-one.test, bo@report-one.test.',
        lastError: null,
        synced: true,
      },
      {
        entities: [],
        entityDetails: 'Not synced 1: (empty) (no value).',
        lastError: null,
        synced: true,
      },
      {
        entities: ['cy@report-one.test'],
        entityDetails: 'cy@report-one.test.',
        lastError: null,
        synced: true,
      },
      {
        entities: [],
        entityDetails:
          'Left the CRM list, still blocked 1: bo@report-one.test. Not synced 1: (empty) (no value).',
        lastError: null,
        synced: true,
      },
    ]);
  });

  it("blocks the domains of a report's e-mails in Instantly, never a free-mail domain", async () => {
    const { reportId } = await salesforceReport([
      'ann@acme-report.test',
      'bo@acme-report.test',
      'cy@gmail.com',
      'di@beta-report.test',
    ]);
    const created = await createSalesforceSync(
      reportBody(reportId, { apiKeyId: keys.instantly, client: null, blockType: 'DOMAIN' }),
    );
    expect(await runSync(created.id)).toEqual({
      ran: true,
      status: 'SYNCED',
      added: 2,
      notSynced: 1,
    });
    const values = await instantlyValues();
    expect(values).toEqual(expect.arrayContaining(['acme-report.test', 'beta-report.test']));
    expect(values).not.toContain('gmail.com');
    expect((await logOf(created.id)).map((line) => line.entityDetails)).toEqual([
      'acme-report.test, beta-report.test.',
      'Not synced 1: cy@gmail.com (a free-mail domain, blocking it would block everyone on it).',
    ]);
  });

  it('reports an org that does not answer as Last Error, the platform untouched', async () => {
    const { reportId } = await salesforceReport(['eve@report-down.test']);
    const created = await createSalesforceSync(reportBody(reportId));
    const writesBefore = await callsTo('add-domain-block-list');
    await lists.setFaults({ system: 'salesforce', errorRate: 1 });
    expect(await runSync(created.id)).toEqual({
      ran: true,
      status: 'FAILED',
      added: 0,
      notSynced: 0,
    });
    const failed = await syncOf(owner, created.id);
    expect(failed.status).toBe('FAILED');
    expect(failed.lastError).toMatch(/^Salesforce/);
    expect(failed.lastSmartleadError).toBeNull();
    expect(await callsTo('add-domain-block-list')).toBe(writesBefore);
    expect(await savedState(created.id)).toBeNull();
    expect(await logOf(created.id)).toEqual([
      { entities: [], entityDetails: '', lastError: failed.lastError, synced: false },
    ]);

    expect(runLog).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'block-list run could not read the CRM list',
        err: expect.objectContaining({ message: expect.any(String) }),
        blockListSyncId: created.id,
      }),
    );

    await lists.setFaults({ system: 'salesforce', errorRate: 0 });
    expect(await runSync(created.id)).toMatchObject({ status: 'SYNCED', added: 1 });
    expect(await syncOf(owner, created.id)).toMatchObject({ status: 'SYNCED', lastError: null });
    expect(await smartleadValues()).toContain('eve@report-down.test');
  });
});
