import {
  HUBSPOT_DEMO_CLIENT_ID,
  HUBSPOT_DEMO_CLIENT_SECRET,
  HUBSPOT_DEMO_PRIVATE_APP_TOKEN,
  INSTANTLY_DEMO_API_KEY,
} from '../src/index.ts';
import { OpenApiContract } from './openapi-contract.ts';
import { at, startTestSandbox, type TestSandbox } from './sandbox-client.ts';

// Every request these tests send and every response the sandbox gives must satisfy the
// vendors' own OpenAPI files, so the sandbox stays honest as it grows.
const hubspot = new OpenApiContract([
  'hubspot-oauth-v1.json',
  'hubspot-contacts-v3.json',
  'hubspot-companies-v3.json',
  'hubspot-emails-v3.json',
  'hubspot-tasks-v3.json',
  'hubspot-crm-owners-v3.json',
  'hubspot-properties-v3.json',
  'hubspot-associations-v4.json',
  'hubspot-lists-v3.json',
]);
const instantly = new OpenApiContract(['instantly-v2.json']);

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ hubspotRateLimit: null });
});
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.request('POST', '/_seed'));

interface Call {
  body?: unknown;
  form?: Record<string, string>;
  expectStatus?: number;
}

async function call(
  contract: OpenApiContract,
  prefix: string,
  headers: Record<string, string>,
  method: string,
  apiPath: string,
  { body, form, expectStatus }: Call = {},
) {
  if (body !== undefined)
    expect(contract.requestErrors(method, apiPath, 'application/json', body)).toEqual([]);
  if (form !== undefined)
    expect(
      contract.requestErrors(method, apiPath, 'application/x-www-form-urlencoded', form),
    ).toEqual([]);
  const response = await sandbox.request(method, `${prefix}${apiPath}`, {
    headers,
    ...(body !== undefined ? { body } : {}),
    ...(form ? { form } : {}),
  });
  if (expectStatus !== undefined) expect(response.status).toBe(expectStatus);
  expect({
    operation: `${method} ${apiPath}`,
    errors: contract.responseErrors(method, apiPath, response.status, response.body),
  }).toEqual({ operation: `${method} ${apiPath}`, errors: [] });
  return response;
}

const hs = (method: string, apiPath: string, options?: Call) =>
  call(
    hubspot,
    '/hubspot',
    { authorization: `Bearer ${HUBSPOT_DEMO_PRIVATE_APP_TOKEN}` },
    method,
    apiPath,
    options,
  );
const inst = (method: string, apiPath: string, options?: Call, key = INSTANTLY_DEMO_API_KEY) =>
  call(instantly, '/instantly', { authorization: `Bearer ${key}` }, method, apiPath, options);

describe('HubSpot contract', () => {
  it('OAuth token exchange and token metadata', async () => {
    const redirect = 'http://localhost:3000/cb';
    const decision = await sandbox.request('POST', '/hubspot/oauth/authorize', {
      form: {
        client_id: HUBSPOT_DEMO_CLIENT_ID,
        redirect_uri: redirect,
        scope: 'oauth',
        decision: 'authorize',
        user: '9000001',
      },
    });
    const code = new URL(decision.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const token = await hs('POST', '/oauth/v1/token', {
      form: {
        grant_type: 'authorization_code',
        client_id: HUBSPOT_DEMO_CLIENT_ID,
        client_secret: HUBSPOT_DEMO_CLIENT_SECRET,
        redirect_uri: redirect,
        code,
      },
      expectStatus: 200,
    });
    await hs('POST', '/oauth/v1/token', {
      form: {
        grant_type: 'refresh_token',
        client_id: HUBSPOT_DEMO_CLIENT_ID,
        client_secret: HUBSPOT_DEMO_CLIENT_SECRET,
        refresh_token: String(at(token.body, 'refresh_token')),
      },
      expectStatus: 200,
    });
    await hs('GET', `/oauth/v1/access-tokens/${String(at(token.body, 'access_token'))}`, {
      expectStatus: 200,
    });
    await hs('GET', `/oauth/v1/refresh-tokens/${String(at(token.body, 'refresh_token'))}`, {
      expectStatus: 200,
    });
  });

  it('contacts: create, read, update, batch upsert/read/update/create, search and errors', async () => {
    const created = await hs('POST', '/crm/v3/objects/contacts', {
      body: { properties: { email: 'c1@contract.example', firstname: 'C' }, associations: [] },
      expectStatus: 201,
    });
    const id = String(at(created.body, 'id'));
    await hs('GET', `/crm/v3/objects/contacts/${id}?properties=email,firstname`, {
      expectStatus: 200,
    });
    await hs('PATCH', `/crm/v3/objects/contacts/${id}`, {
      body: { properties: { lastname: 'Contract' } },
      expectStatus: 200,
    });
    await hs('GET', '/crm/v3/objects/contacts?limit=3', { expectStatus: 200 });
    await hs('POST', '/crm/v3/objects/contacts/batch/upsert', {
      body: {
        inputs: [
          { idProperty: 'email', id: 'c2@contract.example', properties: { firstname: 'Two' } },
          { idProperty: 'email', id: 'c1@contract.example', properties: { firstname: 'One' } },
        ],
      },
      expectStatus: 200,
    });
    await hs('POST', '/crm/v3/objects/contacts/batch/read', {
      body: {
        idProperty: 'email',
        inputs: [{ id: 'c2@contract.example' }],
        properties: ['email'],
        propertiesWithHistory: [],
      },
      expectStatus: 200,
    });
    await hs('POST', '/crm/v3/objects/contacts/batch/read', {
      body: { inputs: [{ id: '1' }], properties: ['email'], propertiesWithHistory: [] },
      expectStatus: 207,
    });
    await hs('POST', '/crm/v3/objects/contacts/batch/update', {
      body: { inputs: [{ id, properties: { jobtitle: 'QA' } }] },
      expectStatus: 200,
    });
    await hs('POST', '/crm/v3/objects/contacts/batch/create', {
      body: { inputs: [{ properties: { email: 'c3@contract.example' }, associations: [] }] },
      expectStatus: 201,
    });
    await hs('POST', '/crm/v3/objects/contacts/search', {
      body: {
        filterGroups: [
          {
            filters: [
              { propertyName: 'email', operator: 'CONTAINS_TOKEN', value: '*@contract.example' },
            ],
          },
        ],
        properties: ['email'],
        sorts: ['email'],
        limit: 2,
        after: '0',
      },
      expectStatus: 200,
    });
    await hs('POST', '/crm/v3/objects/contacts', {
      body: { properties: { nope: 'x' }, associations: [] },
      expectStatus: 400,
    });
    await hs('POST', '/crm/v3/objects/contacts', {
      body: { properties: { email: 'c3@contract.example' }, associations: [] },
      expectStatus: 409,
    });
  });

  it('companies, e-mails and tasks with inline associations', async () => {
    const company = await hs('POST', '/crm/v3/objects/companies', {
      body: { properties: { name: 'Contract Co', domain: 'contract.example' }, associations: [] },
      expectStatus: 201,
    });
    await hs('POST', '/crm/v3/objects/companies/search', {
      body: {
        filterGroups: [
          { filters: [{ propertyName: 'domain', operator: 'EQ', value: 'contract.example' }] },
        ],
        properties: ['domain'],
        sorts: [],
        limit: 1,
        after: '0',
      },
      expectStatus: 200,
    });
    const contact = await hs('POST', '/crm/v3/objects/contacts', {
      body: {
        properties: { email: 'assoc@contract.example' },
        associations: [
          {
            to: { id: String(at(company.body, 'id')) },
            types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 279 }],
          },
        ],
      },
      expectStatus: 201,
    });
    const contactId = String(at(contact.body, 'id'));
    const toContact = (typeId: number) => [
      {
        to: { id: contactId },
        types: [{ associationCategory: 'HUBSPOT_DEFINED' as const, associationTypeId: typeId }],
      },
    ];
    await hs('POST', '/crm/v3/objects/emails', {
      body: {
        properties: {
          hs_timestamp: '2025-01-01T00:00:00Z',
          hs_email_direction: 'EMAIL',
          hs_email_subject: 'Hi',
        },
        associations: toContact(198),
      },
      expectStatus: 201,
    });
    await hs('POST', '/crm/v3/objects/emails/batch/create', {
      body: {
        inputs: [
          {
            properties: { hs_timestamp: '1735689600000', hs_email_direction: 'INCOMING_EMAIL' },
            associations: toContact(198),
          },
        ],
      },
      expectStatus: 201,
    });
    await hs('POST', '/crm/v3/objects/tasks', {
      body: {
        properties: {
          hs_timestamp: '2025-01-01T00:00:00Z',
          hs_task_subject: 'Call back',
          hs_task_type: 'EMAIL',
        },
        associations: toContact(204),
      },
      expectStatus: 201,
    });
    await hs('POST', '/crm/v3/objects/tasks/batch/create', {
      body: {
        inputs: [
          {
            properties: { hs_timestamp: '2025-01-01T00:00:00Z', hs_task_subject: 'Two' },
            associations: toContact(204),
          },
        ],
      },
      expectStatus: 201,
    });
  });

  it('owners, properties, associations v4 and lists', async () => {
    const owners = await hs('GET', '/crm/v3/owners?limit=2', { expectStatus: 200 });
    await hs('GET', `/crm/v3/owners/${String(at(owners.body, 'results', 0, 'id'))}`, {
      expectStatus: 200,
    });
    await hs('GET', '/crm/v3/properties/contacts', { expectStatus: 200 });
    await hs('POST', '/crm/v3/properties/contacts', {
      body: {
        name: 'os_contract_id',
        label: 'Contract id',
        type: 'string',
        fieldType: 'text',
        groupName: 'contactinformation',
        hasUniqueValue: true,
      },
      expectStatus: 201,
    });
    await hs('GET', '/crm/v3/properties/contacts/os_contract_id', { expectStatus: 200 });

    const contacts = await hs('GET', '/crm/v3/objects/contacts?limit=1', { expectStatus: 200 });
    const companies = await hs('GET', '/crm/v3/objects/companies?limit=1', { expectStatus: 200 });
    const contactId = String(at(contacts.body, 'results', 0, 'id'));
    const companyId = String(at(companies.body, 'results', 0, 'id'));
    await hs(
      'PUT',
      `/crm/v4/objects/contacts/${contactId}/associations/default/companies/${companyId}`,
      { expectStatus: 200 },
    );
    await hs('GET', `/crm/v4/objects/contacts/${contactId}/associations/companies`, {
      expectStatus: 200,
    });
    await hs('POST', '/crm/v4/associations/contacts/companies/batch/associate/default', {
      body: { inputs: [{ from: { id: contactId }, to: { id: companyId } }] },
      expectStatus: 200,
    });
    await hs('POST', '/crm/v4/associations/contacts/companies/batch/read', {
      body: { inputs: [{ id: contactId }] },
      expectStatus: 200,
    });

    const search = await hs('POST', '/crm/v3/lists/search', {
      body: { query: '', offset: 0, count: 10, additionalProperties: ['hs_list_size'] },
      expectStatus: 200,
    });
    const listId = String(at(search.body, 'lists', 0, 'listId'));
    await hs('GET', `/crm/v3/lists/${listId}`, { expectStatus: 200 });
    await hs('GET', `/crm/v3/lists/${listId}/memberships?limit=2`, { expectStatus: 200 });
    await hs(
      'GET',
      `/crm/v3/lists/object-type-id/0-1/name/${encodeURIComponent('Do not contact')}`,
      { expectStatus: 200 },
    );
    await hs('POST', '/crm/v3/lists', {
      body: { name: 'Contract list', objectTypeId: '0-1', processingType: 'MANUAL' },
      expectStatus: 200,
    });
  });
});

describe('HubSpot contract: scopes', () => {
  it('a token without a scope the call needs gets a MISSING_SCOPES body of the Error schema', async () => {
    const redirect = 'http://localhost:3000/cb';
    const decision = await sandbox.request('POST', '/hubspot/oauth/authorize', {
      form: {
        client_id: HUBSPOT_DEMO_CLIENT_ID,
        redirect_uri: redirect,
        scope: 'oauth crm.objects.contacts.read',
        decision: 'authorize',
      },
    });
    const code = new URL(decision.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const token = await sandbox.request('POST', '/hubspot/oauth/v1/token', {
      form: {
        grant_type: 'authorization_code',
        client_id: HUBSPOT_DEMO_CLIENT_ID,
        client_secret: HUBSPOT_DEMO_CLIENT_SECRET,
        redirect_uri: redirect,
        code,
      },
    });
    const headers = { authorization: `Bearer ${String(at(token.body, 'access_token'))}` };
    const refused = await call(hubspot, '/hubspot', headers, 'GET', '/crm/v3/lists/101', {
      expectStatus: 403,
    });
    expect(at(refused.body, 'category')).toBe('MISSING_SCOPES');
    await call(hubspot, '/hubspot', headers, 'POST', '/crm/v3/properties/contacts', {
      body: { name: 'x', label: 'X', type: 'string', fieldType: 'text', groupName: 'g' },
      expectStatus: 403,
    });
    await call(hubspot, '/hubspot', headers, 'GET', '/crm/v3/objects/contacts?limit=1', {
      expectStatus: 200,
    });
  });
});

describe('Instantly contract', () => {
  it('workspace key check, lead labels and block-list entries', async () => {
    await inst('GET', '/api/v2/workspaces/current', { expectStatus: 200 });
    await inst('GET', '/api/v2/workspaces/current', { expectStatus: 401 }, 'wrong-key');
    await inst('GET', '/api/v2/lead-labels?limit=10', { expectStatus: 200 });
    await inst('POST', '/api/v2/block-lists-entries', {
      body: { bl_value: 'single.example' },
      expectStatus: 200,
    });
    await inst('POST', '/api/v2/block-lists-entries/bulk-create', {
      body: { bl_values: ['bulk.example', 'who@bulk.example', 'not an entry'] },
      expectStatus: 200,
    });
    await inst('GET', '/api/v2/block-lists-entries?limit=2', { expectStatus: 200 });
  });
});
