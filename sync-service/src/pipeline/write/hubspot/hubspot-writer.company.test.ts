// The HubSpot writer's company (createOrUpdateCompany). Set-up in hubspot-writer.test-support.ts.
import {
  recorded,
  record,
  useHubspotNock,
  writer,
  post,
  hubspotRecord,
  LEAD,
  LEAD_PROPERTIES,
  NO_LEAD,
  item,
  outcomesOf,
  WRITTEN,
  CONTACT_READ,
  readByEmail,
  updateContacts,
} from './hubspot-writer.test-support';

/** The requests HubSpot answered, in order: `METHOD path`. */
let calls: string[] = [];
useHubspotNock((call) => calls.push(call));
beforeEach(() => {
  calls = [];
});

describe('company (createOrUpdateCompany)', () => {
  const companySearch = (domains: string[], results: unknown[]) =>
    post(
      '/crm/v3/objects/companies/search',
      {
        filterGroups: [{ filters: [{ propertyName: 'domain', operator: 'IN', values: domains }] }],
        properties: ['domain', 'name', 'hubspot_owner_id'],
        limit: 200,
      },
      { body: { total: results.length, results } },
    );
  const associate = (pairs: Array<[string, string]>) =>
    post(
      '/crm/v4/associations/contacts/companies/batch/associate/default',
      { inputs: pairs.map(([from, to]) => ({ from: { id: from }, to: { id: to } })) },
      { body: { status: 'COMPLETE', results: [] } },
    );

  it('creates a missing company by domain with its name and owner, and associates the contact', async () => {
    readByEmail(['ana@acme.test'], CONTACT_READ, [
      hubspotRecord('501', { email: 'ana@acme.test' }),
    ]);
    updateContacts([{ id: '501', properties: LEAD_PROPERTIES, objectWriteTraceId: 'e1' }]);
    companySearch(['acme.test'], []);
    post(
      '/crm/v3/objects/companies/batch/create',
      {
        inputs: [
          {
            properties: { domain: 'acme.test', name: 'Acme', hubspot_owner_id: '9001' },
            associations: [],
            objectWriteTraceId: 'acme.test',
          },
        ],
      },
      {
        status: 201,
        body: {
          status: 'COMPLETE',
          results: [
            hubspotRecord('801', { domain: 'acme.test' }, { objectWriteTraceId: 'acme.test' }),
          ],
        },
      },
    );
    associate([['501', '801']]);

    const outcomes = await writer().write(
      [item('e1', { settings: { createOrUpdateCompany: true, assignCompanyOwner: true } })],
      record,
    );

    expect(calls).toEqual([
      'POST /crm/v3/objects/contacts/batch/read',
      'POST /crm/v3/objects/contacts/batch/update',
      'POST /crm/v3/objects/companies/search',
      'POST /crm/v3/objects/companies/batch/create',
      'POST /crm/v4/associations/contacts/companies/batch/associate/default',
    ]);
    expect(outcomesOf(outcomes)).toEqual({ e1: WRITTEN });
    expect(recorded).toEqual([
      ['e1', { contactId: '501', contactWritten: true }],
      ['e1', { companyId: '801', companyAssociated: true }],
    ]);
  });

  it("associates the domain's oldest company, once per contact, and skips done or domain-less events", async () => {
    const cy = { ...LEAD, email: 'cy@acme.test', firstName: 'Cy' };
    readByEmail(['ana@acme.test', 'cy@acme.test'], CONTACT_READ, [
      hubspotRecord('501', { email: 'ana@acme.test' }),
      hubspotRecord('503', { email: 'cy@acme.test' }),
    ]);
    updateContacts([
      { id: '501', properties: LEAD_PROPERTIES, objectWriteTraceId: 'e1' },
      {
        id: '503',
        properties: { ...LEAD_PROPERTIES, email: 'cy@acme.test', firstname: 'Cy' },
        objectWriteTraceId: 'e3',
      },
    ]);
    companySearch(
      ['acme.test'],
      [
        hubspotRecord('950', { domain: 'acme.test', name: 'Acme (copy)' }),
        hubspotRecord('930', { domain: 'ACME.test', name: 'Acme' }),
      ],
    );
    associate([
      ['501', '930'],
      ['503', '930'],
    ]);
    const companies = { createOrUpdateCompany: true };

    const outcomes = await writer().write(
      [
        item('e1', { settings: companies }),
        item('e2', { event: { occurredAt: '2026-11-23T10:01:00.000Z' }, settings: companies }),
        item('e3', {
          event: { lead: cy, occurredAt: '2026-11-23T10:02:00.000Z' },
          settings: companies,
        }),
        item('e4', {
          event: { occurredAt: '2026-11-23T10:03:00.000Z' },
          settings: companies,
          steps: {
            contactId: '501',
            contactWritten: true,
            companyId: '930',
            companyAssociated: true,
          },
        }),
        item('e5', {
          event: {
            lead: { ...NO_LEAD, email: 'ana@acme.test' },
            occurredAt: '2026-11-23T10:04:00.000Z',
          },
          settings: companies,
          steps: { contactId: '501', contactWritten: true },
        }),
      ],
      record,
    );

    expect(calls).toEqual([
      'POST /crm/v3/objects/contacts/batch/read',
      'POST /crm/v3/objects/contacts/batch/update',
      'POST /crm/v3/objects/companies/search',
      'POST /crm/v4/associations/contacts/companies/batch/associate/default',
    ]);
    expect(outcomesOf(outcomes)).toEqual({
      e1: WRITTEN,
      e2: WRITTEN,
      e3: WRITTEN,
      e4: WRITTEN,
      e5: WRITTEN,
    });
    expect(recorded.filter(([, steps]) => steps.companyAssociated)).toEqual([
      ['e1', { companyId: '930', companyAssociated: true }],
      ['e2', { companyId: '930', companyAssociated: true }],
      ['e3', { companyId: '930', companyAssociated: true }],
    ]);
  });

  it('fails the events whose association HubSpot refuses, without recording the step', async () => {
    readByEmail(['ana@acme.test'], CONTACT_READ, [
      hubspotRecord('501', { email: 'ana@acme.test' }),
    ]);
    updateContacts([{ id: '501', properties: LEAD_PROPERTIES, objectWriteTraceId: 'e1' }]);
    companySearch(['acme.test'], [hubspotRecord('930', { domain: 'acme.test', name: 'Acme' })]);
    post(
      '/crm/v4/associations/contacts/companies/batch/associate/default',
      { inputs: [{ from: { id: '501' }, to: { id: '930' } }] },
      {
        status: 207,
        body: {
          status: 'COMPLETE',
          results: [],
          errors: [
            {
              status: 'error',
              category: 'VALIDATION_ERROR',
              message: 'Too many associations',
              context: {},
            },
          ],
        },
      },
    );

    const outcomes = await writer().write(
      [item('e1', { settings: { createOrUpdateCompany: true } })],
      record,
    );

    expect(outcomesOf(outcomes)).toEqual({
      e1: {
        kind: 'failed',
        step: 'company',
        message: 'HubSpot refused it: Too many associations',
        code: 'record_refused',
      },
    });
    expect(recorded).toEqual([['e1', { contactId: '501', contactWritten: true }]]);
  });
});
