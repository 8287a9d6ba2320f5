// The HubSpot writer on a company HubSpot already has (createOrUpdateCompany, issue 29 item 6): its
// placeholder name and missing owner filled in one batch update, nothing of the customer's
// overwritten, nothing written again on a retry, and a refused update written with a warning
// while the contact is still associated. Set-up in hubspot-writer.test-support.ts.
import nock from 'nock';
import type { HubspotWriteSettings } from './hubspot-mapping';
import {
  API,
  recorded,
  record,
  useHubspotNock,
  writer,
  post,
  hubspotRecord,
  LEAD,
  LEAD_PROPERTIES,
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

const OWNED = { createOrUpdateCompany: true, assignCompanyOwner: true };
const BO = {
  ...LEAD,
  email: 'bo@beta.test',
  firstName: 'Bo',
  company: 'Beta',
  domain: 'beta.test',
};

/** Ana's contact 501 is found and written (and Bo's 502 when `bo`). */
function contactsWritten(bo = false) {
  readByEmail(bo ? ['ana@acme.test', 'bo@beta.test'] : ['ana@acme.test'], CONTACT_READ, [
    hubspotRecord('501', { email: 'ana@acme.test' }),
    ...(bo ? [hubspotRecord('502', { email: 'bo@beta.test' })] : []),
  ]);
  updateContacts([
    { id: '501', properties: LEAD_PROPERTIES, objectWriteTraceId: 'e1' },
    ...(bo
      ? [
          {
            id: '502',
            properties: {
              ...LEAD_PROPERTIES,
              email: 'bo@beta.test',
              firstname: 'Bo',
              company: 'Beta',
              website: 'https://beta.test',
            },
            objectWriteTraceId: 'e2',
          },
        ]
      : []),
  ]);
}

function companySearch(domains: string[], results: unknown[]) {
  post(
    '/crm/v3/objects/companies/search',
    {
      filterGroups: [{ filters: [{ propertyName: 'domain', operator: 'IN', values: domains }] }],
      properties: ['domain', 'name', 'hubspot_owner_id'],
      limit: 200,
    },
    { body: { total: results.length, results } },
  );
}

function companiesUpdated(
  inputs: Array<{ id: string; properties: Record<string, string>; objectWriteTraceId: string }>,
) {
  post(
    '/crm/v3/objects/companies/batch/update',
    { inputs },
    { body: { status: 'COMPLETE', results: inputs.map((input) => hubspotRecord(input.id)) } },
  );
}

function associated(pairs: Array<[string, string]>) {
  post(
    '/crm/v4/associations/contacts/companies/batch/associate/default',
    { inputs: pairs.map(([from, to]) => ({ from: { id: from }, to: { id: to } })) },
    { body: { status: 'COMPLETE', results: [] } },
  );
}

/** Ana's event e1 with these settings (her contact already written when `retry`). */
function ana(settings: Partial<HubspotWriteSettings>, retry = false) {
  return item('e1', {
    settings,
    ...(retry ? { steps: { contactId: '501', contactWritten: true } } : {}),
  });
}

const ASSOCIATED = ['e1', { companyId: '930', companyAssociated: true }];

describe('a company HubSpot already has (found by its domain)', () => {
  it('fills a placeholder name and a missing owner in one batch update, only where needed, then associates', async () => {
    contactsWritten(true);
    companySearch(
      ['acme.test', 'beta.test'],
      [
        hubspotRecord('930', { domain: 'acme.test', name: 'acme.test', hubspot_owner_id: null }),
        hubspotRecord('940', { domain: 'beta.test', name: 'Beta GmbH', hubspot_owner_id: '77' }),
      ],
    );
    companiesUpdated([
      {
        id: '930',
        properties: { name: 'Acme', hubspot_owner_id: '9001' },
        objectWriteTraceId: 'acme.test',
      },
    ]);
    associated([
      ['501', '930'],
      ['502', '940'],
    ]);

    const outcomes = await writer().write(
      [
        ana(OWNED),
        item('e2', {
          event: { lead: BO, occurredAt: '2026-11-23T10:01:00.000Z' },
          settings: OWNED,
        }),
      ],
      record,
    );

    expect(calls).toEqual([
      'POST /crm/v3/objects/contacts/batch/read',
      'POST /crm/v3/objects/contacts/batch/update',
      'POST /crm/v3/objects/companies/search',
      'POST /crm/v3/objects/companies/batch/update',
      'POST /crm/v4/associations/contacts/companies/batch/associate/default',
    ]);
    expect(outcomesOf(outcomes)).toEqual({ e1: WRITTEN, e2: WRITTEN });
    expect(recorded.filter(([, steps]) => steps.companyAssociated)).toEqual([
      ASSOCIATED,
      ['e2', { companyId: '940', companyAssociated: true }],
    ]);
  });

  it.each([
    ['an empty name and no owner, owner off: the name', { name: '' }, { name: 'Acme' }, false],
    [
      '"www.acme.test/" and an owner: the name',
      { name: 'www.acme.test/', hubspot_owner_id: '77' },
      { name: 'Acme' },
      true,
    ],
    [
      "the customer's name and no owner: the owner",
      { name: 'Acme Holding' },
      { hubspot_owner_id: '9001' },
      true,
    ],
  ])('a company with %s', async (_name, current, properties, assign) => {
    contactsWritten();
    companySearch(['acme.test'], [hubspotRecord('930', { domain: 'acme.test', ...current })]);
    companiesUpdated([{ id: '930', properties, objectWriteTraceId: 'acme.test' }]);
    associated([['501', '930']]);

    const outcomes = await writer().write(
      [ana({ createOrUpdateCompany: true, assignCompanyOwner: assign })],
      record,
    );

    expect(outcomesOf(outcomes)).toEqual({ e1: WRITTEN });
    expect(recorded).toContainEqual(ASSOCIATED);
  });

  it('writes nothing on a retry that finds the values there, nor when the lead names no company and Assign company owner is off', async () => {
    companySearch(
      ['acme.test'],
      [hubspotRecord('930', { domain: 'acme.test', name: 'Acme', hubspot_owner_id: '9001' })],
    );
    associated([['501', '930']]);
    const retried = await writer().write([ana(OWNED, true)], record);

    companySearch(
      ['acme.test'],
      [hubspotRecord('930', { domain: 'acme.test', name: 'acme.test' })],
    );
    associated([['501', '930']]);
    const unnamed = await writer().write(
      [
        item('e1', {
          event: { lead: { ...LEAD, company: null } },
          settings: { createOrUpdateCompany: true },
          steps: { contactId: '501', contactWritten: true },
        }),
      ],
      record,
    );

    expect(calls).toEqual([
      'POST /crm/v3/objects/companies/search',
      'POST /crm/v4/associations/contacts/companies/batch/associate/default',
      'POST /crm/v3/objects/companies/search',
      'POST /crm/v4/associations/contacts/companies/batch/associate/default',
    ]);
    expect([outcomesOf(retried), outcomesOf(unnamed)]).toEqual([{ e1: WRITTEN }, { e1: WRITTEN }]);
  });

  it('writes the event with a warning when HubSpot refuses the update, and still associates the contact', async () => {
    companySearch(
      ['acme.test'],
      [hubspotRecord('930', { domain: 'acme.test', name: 'acme.test' })],
    );
    post(
      '/crm/v3/objects/companies/batch/update',
      {
        inputs: [
          {
            id: '930',
            properties: { name: 'Acme', hubspot_owner_id: '9001' },
            objectWriteTraceId: 'acme.test',
          },
        ],
      },
      {
        status: 400,
        body: {
          status: 'error',
          message: '9001 was not a valid owner id',
          category: 'VALIDATION_ERROR',
          context: { objectWriteTraceId: ['acme.test'] },
        },
      },
    );
    associated([['501', '930']]);

    const outcomes = await writer().write([ana(OWNED, true)], record);

    expect(outcomesOf(outcomes)).toEqual({
      e1: {
        kind: 'written',
        warnings: [
          'The company of acme.test was not given its name and owner: HubSpot refused it (9001 was not a valid owner id); the contact is associated with the company as it is.',
        ],
      },
    });
    expect(recorded).toEqual([ASSOCIATED]);
  });

  it('sends the events back at step company after a rate limit on the update, the contact kept', async () => {
    contactsWritten();
    companySearch(['acme.test'], [hubspotRecord('930', { domain: 'acme.test', name: '' })]);
    nock(API)
      .post('/crm/v3/objects/companies/batch/update')
      .reply(429, { status: 'error', message: 'Too many requests' }, { 'Retry-After': '3' });

    const outcomes = await writer().write([ana(OWNED)], record);

    expect(outcomesOf(outcomes)).toEqual({
      e1: {
        kind: 'retry',
        step: 'company',
        message: expect.any(String) as string,
        code: 'rate_limited',
        retryAfterMs: 3000,
        rateLimited: true,
      },
    });
    expect(recorded).toEqual([['e1', { contactId: '501', contactWritten: true }]]);
  });
});
