// The connector against the sandbox's HubSpot: proves that both read the API the same way.
import {
  HUBSPOT_DEMO_PRIVATE_APP_TOKEN,
  startSandbox,
  type RunningSandbox,
} from '@outsync/sandbox';
import { guardOutboundCalls } from '../../../testing/nock-guard';
import type { TokenAuth } from '../../http';
import { createHubspotClient, type HubspotClient } from './hubspot-client';
import { HUBSPOT_ASSOCIATION_TYPES } from './hubspot-objects.types';

guardOutboundCalls();

// A private-app token never expires, so a refresh would be a bug.
const privateApp: TokenAuth = {
  kind: 'bearer',
  getAccessToken: () => Promise.resolve(HUBSPOT_DEMO_PRIVATE_APP_TOKEN),
  refresh: () => Promise.reject(new Error('a private-app token is never refreshed')),
};

let sandbox: RunningSandbox;
let hubspot: HubspotClient;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, smtpPort: 0, host: '127.0.0.1', seed: false });
  hubspot = createHubspotClient({ apiUrl: `${sandbox.url}/hubspot`, auth: privateApp });
});

afterAll(async () => {
  await sandbox.stop();
});

describe('the HubSpot object calls against the sandbox', () => {
  it('creates the custom property group once, then finds it existing', async () => {
    const group = { name: 'outsync_objects_test', label: 'OutSync (objects test)' };

    await expect(hubspot.createPropertyGroup('contacts', group)).resolves.toBe('created');
    await expect(hubspot.createPropertyGroup('contacts', group)).resolves.toBe('exists');
    await expect(hubspot.listPropertyGroups('contacts')).resolves.toContain(group.name);
  });

  it('creates custom properties, and reports the ones that exist already', async () => {
    const inputs = [
      {
        name: 'os_objects_test_platform',
        label: 'Last platform (test)',
        type: 'enumeration' as const,
        fieldType: 'select' as const,
        groupName: 'outsync_objects_test',
        options: [
          { label: 'Smartlead', value: 'smartlead' },
          { label: 'HeyReach', value: 'heyreach' },
        ],
      },
    ];

    const first = await hubspot.batchCreateProperties('contacts', inputs);
    const second = await hubspot.batchCreateProperties('contacts', inputs);

    expect(first).toEqual({ results: [{ name: 'os_objects_test_platform' }], errors: [] });
    expect(second.results).toEqual([]);
    expect(second.errors).toHaveLength(1);
  });

  it('upserts, searches, reads, updates and associates contacts and companies, and logs an e-mail', async () => {
    const upserted = await hubspot.batchUpsertObjects('contacts', [
      {
        idProperty: 'email',
        id: 'ana@acme-objects.test',
        properties: { firstname: 'Ana', os_objects_test_platform: 'smartlead' },
        objectWriteTraceId: 'ana',
      },
    ]);
    expect(upserted.errors).toEqual([]);
    expect(upserted.results).toMatchObject([{ new: true }]);
    const contactId = upserted.results[0]?.id ?? '';

    const found = await hubspot.searchObjects('contacts', {
      filterGroups: [
        { filters: [{ propertyName: 'email', operator: 'IN', values: ['ana@acme-objects.test'] }] },
      ],
      properties: ['email', 'firstname'],
    });
    expect(found).toEqual([
      { id: contactId, properties: expect.objectContaining({ firstname: 'Ana' }) as unknown },
    ]);

    const companies = await hubspot.batchCreateObjects('companies', [
      { properties: { domain: 'acme-objects.test', name: 'Acme' }, objectWriteTraceId: 'acme' },
    ]);
    expect(companies.errors).toEqual([]);
    expect(companies.results).toMatchObject([{ objectWriteTraceId: 'acme' }]);
    const companyId = companies.results[0]?.id ?? '';

    await expect(
      hubspot.batchAssociateDefault('contacts', 'companies', [
        { fromId: contactId, toId: companyId },
      ]),
    ).resolves.toEqual({ errors: [] });

    const emails = await hubspot.batchCreateObjects('emails', [
      {
        properties: {
          hs_timestamp: '2026-11-23T10:00:00.000Z',
          hs_email_direction: 'INCOMING_EMAIL',
          hs_email_subject: 'Re: hello',
        },
        associations: [
          { toId: contactId, associationTypeId: HUBSPOT_ASSOCIATION_TYPES.emailToContact },
          { toId: companyId, associationTypeId: HUBSPOT_ASSOCIATION_TYPES.emailToCompany },
        ],
        objectWriteTraceId: 'email-1',
      },
    ]);
    expect(emails.errors).toEqual([]);
    // The writer matches results to inputs by the trace id HubSpot echoes.
    expect(emails.results).toMatchObject([{ objectWriteTraceId: 'email-1' }]);

    const updated = await hubspot.batchUpdateObjects('contacts', [
      { id: contactId, properties: { os_objects_test_platform: 'heyreach' } },
    ]);
    expect(updated.errors).toEqual([]);

    const read = await hubspot.batchReadObjects('contacts', {
      ids: [contactId, '999999999'],
      properties: ['os_objects_test_platform'],
    });
    expect(read).toEqual([
      {
        id: contactId,
        properties: expect.objectContaining({ os_objects_test_platform: 'heyreach' }) as unknown,
      },
    ]);
  });

  it('fails only the inputs of a batch HubSpot refuses for a value that is not an option', async () => {
    const answer = await hubspot.batchCreateObjects('contacts', [
      {
        properties: { email: 'bo@acme-objects.test', os_objects_test_platform: 'carrier-pigeon' },
        objectWriteTraceId: 'bo',
      },
    ]);

    expect(answer.results).toEqual([]);
    expect(answer.errors).toMatchObject([{ traceIds: ['bo'] }]);
  });

  it('reports an association to a record that does not exist', async () => {
    const answer = await hubspot.batchAssociateDefault('contacts', 'companies', [
      { fromId: '999999998', toId: '999999999' },
    ]);

    expect(answer.errors).toHaveLength(1);
  });
});
