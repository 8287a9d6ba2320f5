// A HubSpot install that declined the optional scope crm.schemas.contacts.write (issue 29
// "Partial success"): the sandbox refuses what the real API refuses, the creation of contact
// properties and of their group (the calls OutSync's writer makes, external-apis.md §1.1), and
// takes the rest, reading properties and writing contacts, as the real API does.
import {
  HUBSPOT_DEMO_CLIENT_ID,
  HUBSPOT_DEMO_CLIENT_SECRET,
  HUBSPOT_DEMO_PRIVATE_APP_TOKEN,
  HUBSPOT_OPTIONAL_SCOPES,
  HUBSPOT_REQUIRED_SCOPES,
  authorizeInSandbox,
} from '../src/index.ts';
import { at, startTestSandbox, type TestSandbox } from './sandbox-client.ts';

const REDIRECT = 'http://localhost:3000/oauth/hubspot';
let sandbox: TestSandbox;
let token: string;
let granted: unknown;

const bearer = (value: string) => ({ authorization: `Bearer ${value}` });

beforeAll(async () => {
  sandbox = await startTestSandbox();
  const query = new URLSearchParams({
    client_id: HUBSPOT_DEMO_CLIENT_ID,
    redirect_uri: REDIRECT,
    scope: HUBSPOT_REQUIRED_SCOPES.join(' '),
    optional_scope: HUBSPOT_OPTIONAL_SCOPES.join(' '),
  });
  const backTo = await authorizeInSandbox(`${sandbox.url}/hubspot/oauth/authorize?${query}`, {
    declineScopes: ['crm.schemas.contacts.write'],
  });
  const tokens = await sandbox.request('POST', '/hubspot/oauth/v1/token', {
    form: {
      grant_type: 'authorization_code',
      client_id: HUBSPOT_DEMO_CLIENT_ID,
      client_secret: HUBSPOT_DEMO_CLIENT_SECRET,
      redirect_uri: REDIRECT,
      code: backTo.searchParams.get('code') ?? '',
    },
  });
  granted = at(tokens.body, 'scopes');
  token = String(at(tokens.body, 'access_token'));
});
afterAll(() => sandbox.stop());

/** HubSpot's 403 for the missing scope, key for key but the correlation id. */
const MISSING_SCHEMA_SCOPE = {
  status: 'error',
  message:
    "This app hasn't been granted all required scopes to make this call. Read more about required scopes here: https://developers.hubspot.com/scopes.",
  correlationId: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
  errors: [
    {
      message: 'One or more of the following scopes are required.',
      context: { requiredGranularScopes: ['crm.schemas.contacts.write'] },
    },
  ],
  links: { scopes: 'https://developers.hubspot.com/scopes' },
  category: 'MISSING_SCOPES',
};

const PROPERTY = {
  name: 'os_last_open_time',
  label: 'Opened at (latest)',
  type: 'datetime',
  fieldType: 'date',
  groupName: 'outsync',
};

describe('a token without crm.schemas.contacts.write', () => {
  it('is issued with the scopes granted on the consent page, the declined one left out', () => {
    expect(granted).toEqual([
      'oauth',
      'crm.objects.contacts.read',
      'crm.objects.contacts.write',
      'crm.objects.companies.read',
      'crm.objects.companies.write',
      'crm.objects.owners.read',
      'crm.lists.read',
    ]);
  });

  it('gets 403 MISSING_SCOPES creating a contact property group, one property or a batch of them', async () => {
    const group = await sandbox.request('POST', '/hubspot/crm/v3/properties/contacts/groups', {
      headers: bearer(token),
      body: { name: 'outsync', label: 'OutSync' },
    });
    const one = await sandbox.request('POST', '/hubspot/crm/v3/properties/contacts', {
      headers: bearer(token),
      body: PROPERTY,
    });
    const batch = await sandbox.request(
      'POST',
      '/hubspot/crm/v3/properties/contacts/batch/create',
      {
        headers: bearer(token),
        body: { inputs: [PROPERTY] },
      },
    );

    for (const refused of [group, one, batch]) {
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual(MISSING_SCHEMA_SCOPE);
    }
    // Nothing was created: the portal (seen with every scope) has neither.
    const property = await sandbox.request(
      'GET',
      '/hubspot/crm/v3/properties/contacts/os_last_open_time',
      { headers: bearer(HUBSPOT_DEMO_PRIVATE_APP_TOKEN) },
    );
    expect(property.status).toBe(404);
    const groups = await sandbox.request('GET', '/hubspot/crm/v3/properties/contacts/groups', {
      headers: bearer(HUBSPOT_DEMO_PRIVATE_APP_TOKEN),
    });
    expect(at(groups.body, 'results')).not.toContainEqual(
      expect.objectContaining({ name: 'outsync' }),
    );
  });

  it('still lists the contact properties and their groups, and writes contacts', async () => {
    const properties = await sandbox.request('GET', '/hubspot/crm/v3/properties/contacts', {
      headers: bearer(token),
    });
    expect(properties.status).toBe(200);
    const groups = await sandbox.request('GET', '/hubspot/crm/v3/properties/contacts/groups', {
      headers: bearer(token),
    });
    expect(groups.status).toBe(200);

    const upsert = await sandbox.request('POST', '/hubspot/crm/v3/objects/contacts/batch/upsert', {
      headers: bearer(token),
      body: {
        inputs: [
          {
            idProperty: 'email',
            id: 'no.schema@example.com',
            properties: { email: 'no.schema@example.com', firstname: 'Nora', jobtitle: 'CFO' },
          },
        ],
      },
    });
    expect(upsert.status).toBe(200);
    expect(at(upsert.body, 'results', 0, 'properties')).toMatchObject({
      email: 'no.schema@example.com',
      firstname: 'Nora',
      jobtitle: 'CFO',
    });
  });
});
