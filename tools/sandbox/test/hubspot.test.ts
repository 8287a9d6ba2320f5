import {
  HUBSPOT_DEMO_CLIENT_ID,
  HUBSPOT_DEMO_CLIENT_SECRET,
  HUBSPOT_DEMO_HUB_DOMAIN,
  HUBSPOT_DEMO_HUB_ID,
  HUBSPOT_DEMO_PRIVATE_APP_TOKEN,
} from '../src/index.ts';
import { at, startTestSandbox, type TestSandbox } from './sandbox-client.ts';

const auth = { authorization: `Bearer ${HUBSPOT_DEMO_PRIVATE_APP_TOKEN}` };
const REDIRECT = 'http://localhost:3000/oauth/hubspot/callback';
let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.request('POST', '/_seed'));

async function authorize(): Promise<URL> {
  const query = new URLSearchParams({
    client_id: HUBSPOT_DEMO_CLIENT_ID,
    redirect_uri: REDIRECT,
    scope: 'crm.objects.contacts.write crm.objects.owners.read oauth',
    state: 'st-123',
  });
  const pageResponse = await sandbox.request('GET', `/hubspot/oauth/authorize?${query}`);
  expect(pageResponse.status).toBe(200);
  expect(pageResponse.body).toContain('<form method="post" action="/hubspot/oauth/authorize">');
  expect(pageResponse.body).toMatch(
    /<button type="submit" name="decision" value="authorize">Authorize<\/button>/,
  );
  const user = /<option value="(\d+)">/.exec(String(pageResponse.body))?.[1] ?? '';
  const decision = await sandbox.request('POST', '/hubspot/oauth/authorize', {
    form: {
      client_id: HUBSPOT_DEMO_CLIENT_ID,
      redirect_uri: REDIRECT,
      scope: 'crm.objects.contacts.write crm.objects.owners.read oauth',
      state: 'st-123',
      user,
      decision: 'authorize',
    },
  });
  expect(decision.status).toBe(302);
  return new URL(decision.headers.get('location') ?? '');
}

async function exchange(form: Record<string, string>) {
  return sandbox.request('POST', '/hubspot/oauth/v1/token', {
    form: { client_id: HUBSPOT_DEMO_CLIENT_ID, client_secret: HUBSPOT_DEMO_CLIENT_SECRET, ...form },
  });
}

describe('HubSpot OAuth', () => {
  it('redirects back with code and state, exchanges the code for 30-minute tokens, and refreshes', async () => {
    const callback = await authorize();
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT);
    expect(callback.searchParams.get('state')).toBe('st-123');
    const code = callback.searchParams.get('code') ?? '';

    const tokens = await exchange({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
    });
    expect(tokens.status).toBe(200);
    expect(at(tokens.body, 'expires_in')).toBe(1800);
    expect(at(tokens.body, 'hub_id')).toBe(HUBSPOT_DEMO_HUB_ID);
    const accessToken = String(at(tokens.body, 'access_token'));

    const owners = await sandbox.request('GET', '/hubspot/crm/v3/owners', {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(owners.status).toBe(200);

    const metadata = await sandbox.request('GET', `/hubspot/oauth/v1/access-tokens/${accessToken}`);
    expect(at(metadata.body, 'hub_domain')).toBe(HUBSPOT_DEMO_HUB_DOMAIN);
    expect(at(metadata.body, 'user')).toBe('dana.admin@outsync-demo.test');

    // A code is single-use.
    expect(
      (await exchange({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT })).status,
    ).toBe(400);

    await sandbox.request('POST', '/_tokens/expire', { body: { system: 'hubspot' } });
    const expired = await sandbox.request('GET', '/hubspot/crm/v3/owners', {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(expired.status).toBe(401);
    expect(at(expired.body, 'category')).toBe('EXPIRED_AUTHENTICATION');

    const refreshed = await exchange({
      grant_type: 'refresh_token',
      refresh_token: String(at(tokens.body, 'refresh_token')),
    });
    expect(refreshed.status).toBe(200);
    const again = await sandbox.request('GET', '/hubspot/crm/v3/owners', {
      headers: { authorization: `Bearer ${String(at(refreshed.body, 'access_token'))}` },
    });
    expect(again.status).toBe(200);
  });

  it('refuses a code sent with another redirect_uri and a wrong client secret', async () => {
    const code = (await authorize()).searchParams.get('code') ?? '';
    expect(
      at(
        (
          await exchange({
            grant_type: 'authorization_code',
            code,
            redirect_uri: 'http://evil.test/cb',
          })
        ).body,
        'status',
      ),
    ).toBe('BAD_AUTH_CODE');
    const wrongSecret = await sandbox.request('POST', '/hubspot/oauth/v1/token', {
      form: {
        grant_type: 'authorization_code',
        code,
        client_id: HUBSPOT_DEMO_CLIENT_ID,
        client_secret: 'nope',
      },
    });
    expect(wrongSecret.status).toBe(400);
  });

  it('answers 401 without a token', async () => {
    const response = await sandbox.request('GET', '/hubspot/crm/v3/owners');
    expect(response.status).toBe(401);
    expect(at(response.body, 'category')).toBe('INVALID_AUTHENTICATION');
  });
});

describe('HubSpot CRM objects', () => {
  it('upserts contacts by email, reads them back in a batch and finds them by search', async () => {
    const upsert = await sandbox.request('POST', '/hubspot/crm/v3/objects/contacts/batch/upsert', {
      headers: auth,
      body: {
        inputs: [
          { idProperty: 'email', id: 'New.Person@Example.com', properties: { firstname: 'New' } },
          {
            idProperty: 'email',
            id: 'ava.carter@acme-robotics.example',
            properties: { jobtitle: 'CEO' },
          },
        ],
      },
    });
    expect(upsert.status).toBe(200);
    expect(at(upsert.body, 'results', 0, 'new')).toBe(true);
    expect(at(upsert.body, 'results', 1, 'new')).toBe(false);
    expect(at(upsert.body, 'results', 1, 'properties', 'jobtitle')).toBe('CEO');

    const read = await sandbox.request('POST', '/hubspot/crm/v3/objects/contacts/batch/read', {
      headers: auth,
      body: {
        idProperty: 'email',
        inputs: [{ id: 'new.person@example.com' }, { id: 'missing@example.com' }],
        properties: ['email', 'firstname'],
      },
    });
    expect(read.status).toBe(207);
    expect(at(read.body, 'results', 0, 'properties', 'firstname')).toBe('New');
    expect(at(read.body, 'errors', 0, 'context', 'ids')).toEqual(['missing@example.com']);

    const search = await sandbox.request('POST', '/hubspot/crm/v3/objects/contacts/search', {
      headers: auth,
      body: {
        filterGroups: [
          {
            filters: [
              { propertyName: 'email', operator: 'IN', values: ['new.person@example.com'] },
            ],
          },
        ],
        properties: ['email'],
        limit: 5,
      },
    });
    expect(at(search.body, 'total')).toBe(1);
  });

  it('refuses properties the portal does not define until they are created', async () => {
    const write = () =>
      sandbox.request('POST', '/hubspot/crm/v3/objects/contacts', {
        headers: auth,
        body: { properties: { email: 'x@y.com', os_last_event: 'EMAIL_SENT' }, associations: [] },
      });
    const refused = await write();
    expect(refused.status).toBe(400);
    expect(at(refused.body, 'category')).toBe('VALIDATION_ERROR');
    expect(String(at(refused.body, 'message'))).toContain('os_last_event');

    const created = await sandbox.request('POST', '/hubspot/crm/v3/properties/contacts', {
      headers: auth,
      body: {
        name: 'os_last_event',
        label: 'Last event',
        type: 'string',
        fieldType: 'text',
        groupName: 'contactinformation',
      },
    });
    expect(created.status).toBe(201);
    const duplicate = await sandbox.request('POST', '/hubspot/crm/v3/properties/contacts', {
      headers: auth,
      body: {
        name: 'os_last_event',
        label: 'Last event',
        type: 'string',
        fieldType: 'text',
        groupName: 'contactinformation',
      },
    });
    expect(duplicate.status).toBe(409);
    expect((await write()).status).toBe(201);
    expect((await write()).status).toBe(409);
  });

  it('creates e-mails and tasks associated with a contact, readable through associations v4', async () => {
    const contact = await sandbox.request('POST', '/hubspot/crm/v3/objects/contacts/search', {
      headers: auth,
      body: {
        filterGroups: [
          {
            filters: [
              { propertyName: 'email', operator: 'EQ', value: 'ava.carter@acme-robotics.example' },
            ],
          },
        ],
      },
    });
    const contactId = String(at(contact.body, 'results', 0, 'id'));
    const email = await sandbox.request('POST', '/hubspot/crm/v3/objects/emails/batch/create', {
      headers: auth,
      body: {
        inputs: [
          {
            properties: {
              hs_timestamp: '2025-01-01T10:00:00Z',
              hs_email_direction: 'EMAIL',
              hs_email_subject: 'Hello',
            },
            associations: [
              {
                to: { id: contactId },
                types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 198 }],
              },
            ],
          },
        ],
      },
    });
    expect(email.status).toBe(201);
    const task = await sandbox.request('POST', '/hubspot/crm/v3/objects/tasks', {
      headers: auth,
      body: {
        properties: { hs_timestamp: '2025-01-02T10:00:00Z', hs_task_subject: 'Follow up' },
        associations: [
          {
            to: { id: contactId },
            types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 204 }],
          },
        ],
      },
    });
    expect(task.status).toBe(201);
    const emails = await sandbox.request(
      'GET',
      `/hubspot/crm/v4/objects/contacts/${contactId}/associations/emails`,
      { headers: auth },
    );
    expect(at(emails.body, 'results', 0, 'associationTypes', 0, 'typeId')).toBe(197);
    const tasks = await sandbox.request(
      'GET',
      `/hubspot/crm/v4/objects/contact/${contactId}/associations/tasks`,
      { headers: auth },
    );
    expect(at(tasks.body, 'results', 0, 'toObjectId')).toBe(String(at(task.body, 'id')));

    const bad = await sandbox.request('POST', '/hubspot/crm/v3/objects/tasks', {
      headers: auth,
      body: {
        properties: { hs_task_subject: 'x' },
        associations: [
          {
            to: { id: '999999' },
            types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 204 }],
          },
        ],
      },
    });
    expect(bad.status).toBe(400);
  });

  it('associates contacts and companies by default in a batch', async () => {
    const company = await sandbox.request('POST', '/hubspot/crm/v3/objects/companies', {
      headers: auth,
      body: { properties: { name: 'New Co', domain: 'new.example' }, associations: [] },
    });
    const contact = await sandbox.request('POST', '/hubspot/crm/v3/objects/contacts', {
      headers: auth,
      body: { properties: { email: 'p@new.example' }, associations: [] },
    });
    const linked = await sandbox.request(
      'POST',
      '/hubspot/crm/v4/associations/contacts/companies/batch/associate/default',
      {
        headers: auth,
        body: {
          inputs: [{ from: { id: at(contact.body, 'id') }, to: { id: at(company.body, 'id') } }],
        },
      },
    );
    expect(at(linked.body, 'results', 0, 'associationSpec', 'associationTypeId')).toBe(279);
    const back = await sandbox.request(
      'POST',
      '/hubspot/crm/v4/associations/companies/contacts/batch/read',
      { headers: auth, body: { inputs: [{ id: at(company.body, 'id') }] } },
    );
    expect(at(back.body, 'results', 0, 'to', 0, 'associationTypes', 0, 'typeId')).toBe(280);
  });
});

describe('HubSpot lists', () => {
  it('reports hs_list_size in search and pages memberships by record id', async () => {
    const search = await sandbox.request('POST', '/hubspot/crm/v3/lists/search', {
      headers: auth,
      body: { query: 'do not', offset: 0, additionalProperties: ['hs_list_size'] },
    });
    const list = at(search.body, 'lists', 0);
    expect(at(list, 'name')).toBe('Do not contact');
    // 4 demo people and 296 generated contacts.
    expect(at(list, 'additionalProperties', 'hs_list_size')).toBe('300');
    const listId = String(at(list, 'listId'));
    const first = await sandbox.request(
      'GET',
      `/hubspot/crm/v3/lists/${listId}/memberships?limit=250`,
      { headers: auth },
    );
    expect((at(first.body, 'results') as unknown[]).length).toBe(250);
    const after = String(at(first.body, 'paging', 'next', 'after'));
    const second = await sandbox.request(
      'GET',
      `/hubspot/crm/v3/lists/${listId}/memberships?limit=250&after=${after}`,
      { headers: auth },
    );
    expect((at(second.body, 'results') as unknown[]).length).toBe(50);
    expect(at(second.body, 'paging')).toBeUndefined();
  });
});

describe('HubSpot rate limit', () => {
  it('serves HubSpot 429 bodies past the configured 10-second limit and counts them', async () => {
    await sandbox.request('POST', '/_faults', { body: { system: 'hubspot', rateLimit: 3 } });
    const statuses: number[] = [];
    let limited: unknown;
    for (let index = 0; index < 5; index++) {
      const response = await sandbox.request('GET', '/hubspot/crm/v3/owners', { headers: auth });
      statuses.push(response.status);
      if (response.status === 429) limited = response.body;
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(at(limited, 'errorType')).toBe('RATE_LIMIT');
    expect(at(limited, 'policyName')).toBe('TEN_SECONDLY_ROLLING');
    const stats = await sandbox.request('GET', '/_stats');
    expect(at(stats.body, 'systems', 'hubspot', 'rateLimited')).toBe(2);
    expect(at(stats.body, 'systems', 'hubspot', 'byRoute', 'GET /hubspot/crm/v3/owners')).toBe(5);
  });
});
