import {
  HUBSPOT_DEMO_CLIENT_ID,
  HUBSPOT_DEMO_CLIENT_SECRET,
  HUBSPOT_DEMO_HUB_ID,
  HUBSPOT_DEMO_PRIVATE_APP_TOKEN,
  HUBSPOT_OPTIONAL_SCOPES,
  HUBSPOT_REQUIRED_SCOPES,
  HUBSPOT_SECOND_HUB_DOMAIN,
  HUBSPOT_SECOND_HUB_ID,
  HUBSPOT_SECOND_PRIVATE_APP_TOKEN,
} from '../src/index.ts';
import { at, startTestSandbox, type TestSandbox } from './sandbox-client.ts';

const REDIRECT = 'http://localhost:3000/oauth/hubspot';
let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.request('POST', '/_seed'));

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** Opens the authorize page as the product would, then submits its form with `choices`. */
async function consent(
  choices: Record<string, string | string[]>,
  clientId = HUBSPOT_DEMO_CLIENT_ID,
) {
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT,
    scope: HUBSPOT_REQUIRED_SCOPES.join(' '),
    optional_scope: HUBSPOT_OPTIONAL_SCOPES.join(' '),
    state: 'st-1',
  });
  const authorizePage = await sandbox.request('GET', `/hubspot/oauth/authorize?${query}`);
  const form = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT,
    scope: HUBSPOT_REQUIRED_SCOPES.join(' '),
    optional_scopes_offered: HUBSPOT_OPTIONAL_SCOPES.join(' '),
    state: 'st-1',
  });
  for (const [name, value] of Object.entries(choices))
    for (const entry of Array.isArray(value) ? value : [value]) form.append(name, entry);
  const response = await fetch(`${sandbox.url}/hubspot/oauth/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  return { page: String(authorizePage.body), response };
}

async function tokensFor(location: string | null) {
  const code = new URL(location ?? '').searchParams.get('code') ?? '';
  const tokens = await sandbox.request('POST', '/hubspot/oauth/v1/token', {
    form: {
      grant_type: 'authorization_code',
      client_id: HUBSPOT_DEMO_CLIENT_ID,
      client_secret: HUBSPOT_DEMO_CLIENT_SECRET,
      redirect_uri: REDIRECT,
      code,
    },
  });
  expect(tokens.status).toBe(200);
  return tokens.body;
}

describe('HubSpot authorize page', () => {
  it('offers every portal (demo selected) and the optional scopes as ticked checkboxes', async () => {
    const { page } = await consent({ decision: 'deny' });
    expect(page).toContain(`<option value="${HUBSPOT_DEMO_HUB_ID}" selected>`);
    expect(page).toContain(`<option value="${HUBSPOT_SECOND_HUB_ID}" >`);
    for (const scope of HUBSPOT_OPTIONAL_SCOPES)
      expect(page).toContain(
        `<input type="checkbox" name="optional_scope" value="${scope}" checked />`,
      );
    expect(page).toMatch(
      /<button type="submit" name="decision" value="deny" class="secondary">Deny<\/button>/,
    );
  });

  it('redirects a denied consent with error=access_denied, a description and the state', async () => {
    const { response } = await consent({ decision: 'deny' });
    expect(response.status).toBe(302);
    const callback = new URL(response.headers.get('location') ?? '');
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('error_description')).toMatch(/declined/);
    expect(callback.searchParams.get('state')).toBe('st-1');
    expect(callback.searchParams.has('code')).toBe(false);
  });

  it('puts the chosen portal in the token and its metadata, and the token sees that portal only', async () => {
    const { response } = await consent({
      decision: 'authorize',
      hub_id: String(HUBSPOT_SECOND_HUB_ID),
      user: '9100001',
      optional_scope: [...HUBSPOT_OPTIONAL_SCOPES],
    });
    const tokens = await tokensFor(response.headers.get('location'));
    expect(at(tokens, 'hub_id')).toBe(HUBSPOT_SECOND_HUB_ID);
    const accessToken = String(at(tokens, 'access_token'));
    const info = await sandbox.request('GET', `/hubspot/oauth/v1/access-tokens/${accessToken}`);
    expect(at(info.body, 'hub_id')).toBe(HUBSPOT_SECOND_HUB_ID);
    expect(at(info.body, 'hub_domain')).toBe(HUBSPOT_SECOND_HUB_DOMAIN);
    expect(at(info.body, 'user')).toBe('quinn.quota@outsync-second.test');
    expect(at(info.body, 'scopes')).toEqual([
      ...HUBSPOT_REQUIRED_SCOPES,
      ...HUBSPOT_OPTIONAL_SCOPES,
    ]);
    const refreshInfo = await sandbox.request(
      'GET',
      `/hubspot/oauth/v1/refresh-tokens/${String(at(tokens, 'refresh_token'))}`,
    );
    expect(at(refreshInfo.body, 'hub_domain')).toBe(HUBSPOT_SECOND_HUB_DOMAIN);

    const contacts = await sandbox.request('GET', '/hubspot/crm/v3/objects/contacts?limit=100', {
      headers: bearer(accessToken),
    });
    const emails = (at(contacts.body, 'results') as Array<{ properties: { email: string } }>).map(
      (record) => record.properties.email,
    );
    expect(emails).toHaveLength(5);
    expect(emails.every((email) => !email.endsWith('acme-robotics.example'))).toBe(true);
  });

  it('keeps each private-app token on its own portal', async () => {
    const count = async (token: string) =>
      at(
        (
          await sandbox.request('POST', '/hubspot/crm/v3/objects/contacts/search', {
            headers: bearer(token),
            body: { filterGroups: [], limit: 1 },
          })
        ).body,
        'total',
      );
    // The demo portal: 12 demo people and 296 generated "Do not contact" contacts.
    expect(await count(HUBSPOT_DEMO_PRIVATE_APP_TOKEN)).toBe(308);
    expect(await count(HUBSPOT_SECOND_PRIVATE_APP_TOKEN)).toBe(5);
    await sandbox.request('POST', '/hubspot/crm/v3/objects/contacts', {
      headers: bearer(HUBSPOT_SECOND_PRIVATE_APP_TOKEN),
      body: { properties: { email: 'only.second@example.com' }, associations: [] },
    });
    expect(await count(HUBSPOT_DEMO_PRIVATE_APP_TOKEN)).toBe(308);
    expect(await count(HUBSPOT_SECOND_PRIVATE_APP_TOKEN)).toBe(6);
  });
});

describe('HubSpot scope enforcement', () => {
  it('answers HubSpot’s MISSING_SCOPES 403 when an optional scope was not granted', async () => {
    const { response } = await consent({
      decision: 'authorize',
      user: '9000001',
      optional_scope: 'crm.schemas.contacts.write',
    });
    const token = String(at(await tokensFor(response.headers.get('location')), 'access_token'));
    const lists = await sandbox.request('POST', '/hubspot/crm/v3/lists/search', {
      headers: bearer(token),
      body: { query: '' },
    });
    expect(lists.status).toBe(403);
    const body = lists.body as Record<string, unknown>;
    expect(Object.keys(body)).toEqual([
      'status',
      'message',
      'correlationId',
      'errors',
      'links',
      'category',
    ]);
    expect(body).toEqual({
      status: 'error',
      message:
        "This app hasn't been granted all required scopes to make this call. Read more about required scopes here: https://developers.hubspot.com/scopes.",
      correlationId: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
      errors: [
        {
          message: 'One or more of the following scopes are required.',
          context: { requiredGranularScopes: ['crm.lists.read'] },
        },
      ],
      links: { scopes: 'https://developers.hubspot.com/scopes' },
      category: 'MISSING_SCOPES',
    });
    // The granted optional scope works: a contact property can be created.
    const property = await sandbox.request('POST', '/hubspot/crm/v3/properties/contacts', {
      headers: bearer(token),
      body: {
        name: 'os_scope_probe',
        label: 'Probe',
        type: 'string',
        fieldType: 'text',
        groupName: 'contactinformation',
      },
    });
    expect(property.status).toBe(201);
  });

  it.each([
    ['GET', '/hubspot/crm/v3/owners', 'crm.objects.owners.read'],
    ['GET', '/hubspot/crm/v3/objects/contacts', 'crm.objects.contacts.read'],
    ['POST', '/hubspot/crm/v3/objects/contacts/search', 'crm.objects.contacts.read'],
    ['POST', '/hubspot/crm/v3/objects/contacts/batch/upsert', 'crm.objects.contacts.write'],
    ['POST', '/hubspot/crm/v3/objects/tasks', 'crm.objects.contacts.write'],
    ['POST', '/hubspot/crm/v3/objects/companies/search', 'crm.objects.companies.read'],
    ['POST', '/hubspot/crm/v3/objects/companies', 'crm.objects.companies.write'],
    ['POST', '/hubspot/crm/v3/properties/contacts', 'crm.schemas.contacts.write'],
    ['POST', '/hubspot/crm/v3/properties/contacts/groups', 'crm.schemas.contacts.write'],
    ['GET', '/hubspot/crm/v3/lists/101/memberships', 'crm.lists.read'],
  ])('%s %s needs %s', async (method, path, scope) => {
    // An install granting only `oauth`: every CRM call is refused with the scope it needs.
    const narrow = await sandbox.request('POST', '/hubspot/oauth/authorize', {
      form: {
        client_id: HUBSPOT_DEMO_CLIENT_ID,
        redirect_uri: REDIRECT,
        scope: 'oauth',
        decision: 'authorize',
      },
    });
    const token = String(at(await tokensFor(narrow.headers.get('location')), 'access_token'));
    const refused = await sandbox.request(method, path, {
      headers: bearer(token),
      ...(method === 'POST' ? { body: {} } : {}),
    });
    expect(refused.status).toBe(403);
    expect(at(refused.body, 'errors', 0, 'context', 'requiredGranularScopes')).toContain(scope);
  });
});

describe('HubSpot apps', () => {
  it('registers an OAuth app whose redirect URL must match exactly', async () => {
    const app = await sandbox.request('POST', '/_sandbox/hubspot/apps', {
      body: { redirectUrls: ['https://app.customer.example/oauth/hubspot'] },
    });
    expect(app.status).toBe(201);
    const clientId = String(at(app.body, 'clientId'));
    const mismatch = await sandbox.request(
      'GET',
      `/hubspot/oauth/authorize?${new URLSearchParams({ client_id: clientId, redirect_uri: REDIRECT, scope: 'oauth' })}`,
    );
    expect(mismatch.status).toBe(400);
    expect(String(mismatch.body)).toContain(
      'doesn&#39;t match the app&#39;s registered redirect URL',
    );
    const match = await sandbox.request(
      'GET',
      `/hubspot/oauth/authorize?${new URLSearchParams({ client_id: clientId, redirect_uri: 'https://app.customer.example/oauth/hubspot', scope: 'oauth' })}`,
    );
    expect(match.status).toBe(200);
    const unknown = await sandbox.request(
      'GET',
      `/hubspot/oauth/authorize?${new URLSearchParams({ client_id: 'nope', redirect_uri: REDIRECT })}`,
    );
    expect(unknown.status).toBe(400);
  });
});

describe('portals made for a test or a demo', () => {
  it('has the owners it was given, by e-mail, and answers its private app token', async () => {
    const created = await sandbox.request('POST', '/_sandbox/hubspot/portals', {
      body: { hubId: 7_300_001, name: 'Northwind', ownerEmails: ['ana.lima@northwind.test'] },
    });
    expect(created.status).toBe(201);
    const token = String(at(created.body, 'privateAppToken'));
    const owners = await sandbox.request('GET', '/hubspot/crm/v3/owners', {
      headers: bearer(token),
    });
    expect(owners.status).toBe(200);
    expect(at(owners.body, 'results')).toEqual([
      expect.objectContaining({
        email: 'ana.lima@northwind.test',
        firstName: 'Ana',
        lastName: 'Lima',
        type: 'PERSON',
      }),
    ]);
  });
});

describe('HubSpot rate limit headers', () => {
  it('sends the X-HubSpot-RateLimit headers, the daily pair to private apps only, and 429s a burst', async () => {
    const first = await sandbox.request('GET', '/hubspot/crm/v3/owners', {
      headers: bearer(HUBSPOT_DEMO_PRIVATE_APP_TOKEN),
    });
    expect(first.headers.get('x-hubspot-ratelimit-max')).toBe('190');
    expect(first.headers.get('x-hubspot-ratelimit-remaining')).toBe('189');
    expect(first.headers.get('x-hubspot-ratelimit-interval-milliseconds')).toBe('10000');
    expect(first.headers.get('x-hubspot-ratelimit-daily')).toBe('1000000');
    expect(first.headers.get('x-hubspot-ratelimit-daily-remaining')).toBe('999999');
    const { response } = await consent({ decision: 'authorize', user: '9000001' });
    const oauthToken = String(
      at(await tokensFor(response.headers.get('location')), 'access_token'),
    );
    const oauthCall = await sandbox.request('GET', '/hubspot/crm/v3/owners', {
      headers: bearer(oauthToken),
    });
    expect(oauthCall.headers.get('x-hubspot-ratelimit-max')).toBe('190');
    expect(oauthCall.headers.get('x-hubspot-ratelimit-daily')).toBeNull();

    const burst = await Promise.all(
      Array.from({ length: 200 }, () =>
        sandbox.request('GET', '/hubspot/crm/v3/owners', {
          headers: bearer(HUBSPOT_DEMO_PRIVATE_APP_TOKEN),
        }),
      ),
    );
    const limited = burst.filter((response) => response.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(10);
    expect(limited[0]?.headers.get('x-hubspot-ratelimit-remaining')).toBe('0');
    expect(limited[0]?.body).toEqual({
      status: 'error',
      message: 'You have reached your ten_secondly_rolling limit.',
      errorType: 'RATE_LIMIT',
      correlationId: expect.any(String) as unknown,
      policyName: 'TEN_SECONDLY_ROLLING',
      groupName: expect.any(String) as unknown,
    });
    // Each portal has its own budget.
    const other = await sandbox.request('GET', '/hubspot/crm/v3/owners', {
      headers: bearer(HUBSPOT_SECOND_PRIVATE_APP_TOKEN),
    });
    expect(other.status).toBe(200);
  });
});
