// Who may see what, and how much (issue 12): field-level security through permission sets
// assigned to the session's user, the org's daily API budget, expired sessions, and the
// inspection page a human and the e2e test read synced events from.
import {
  SALESFORCE_DEMO_ACCESS_TOKEN,
  SALESFORCE_DEMO_CLIENT_ID,
  SALESFORCE_DEMO_CLIENT_SECRET,
  SALESFORCE_DEMO_INSTANCE_PATH,
  SALESFORCE_SECOND_ACCESS_TOKEN,
  SALESFORCE_SECOND_INSTANCE_PATH,
} from '../src/index.ts';
import { at, startTestSandbox, type TestSandbox } from './sandbox-client.ts';

const auth = { authorization: `Bearer ${SALESFORCE_DEMO_ACCESS_TOKEN}` };
const API = `${SALESFORCE_DEMO_INSTANCE_PATH}/services/data/v62.0`;
const REDIRECT = 'http://127.0.0.1:9/oauth/salesforce';
/** 100,000 plus 1,000 for each of the default 10 licences. */
const DEMO_DAILY_LIMIT = 110_000;
let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.request('POST', '/_seed'));

function soql(query: string, headers: Record<string, string> = auth) {
  return sandbox.request('GET', `${API}/query?q=${encodeURIComponent(query)}`, { headers });
}
async function firstId(query: string): Promise<string> {
  return String(at((await soql(query)).body, 'records', 0, 'Id'));
}
function post(object: string, body: unknown, headers: Record<string, string> = auth) {
  return sandbox.request('POST', `${API}/sobjects/${object}`, { headers, body });
}
async function createdId(object: string, body: unknown): Promise<string> {
  const answer = await post(object, body);
  expect(answer.status).toBe(201);
  return String(at(answer.body, 'id'));
}
async function describedFields(headers: Record<string, string> = auth) {
  const answer = await sandbox.request('GET', `${API}/sobjects/Contact/describe`, { headers });
  return at(answer.body, 'fields') as Array<{ name: string; updateable: boolean }>;
}
/** The user a session acts as, from the identity URL the version resource names. */
async function userOf(headers: Record<string, string>): Promise<string> {
  const resources = await sandbox.request('GET', API, { headers });
  return String(at(resources.body, 'identity')).split('/').at(-1) ?? '';
}
/** An OAuth session of `userId` on the demo org (the authorize page lets one pick the user). */
async function sessionOf(userId: string): Promise<Record<string, string>> {
  const decision = await sandbox.request('POST', '/salesforce/services/oauth2/authorize', {
    form: {
      client_id: SALESFORCE_DEMO_CLIENT_ID,
      redirect_uri: REDIRECT,
      scope: 'api refresh_token',
      user: userId,
      decision: 'authorize',
    },
  });
  const code = new URL(decision.headers.get('location') ?? '').searchParams.get('code') ?? '';
  const tokens = await sandbox.request('POST', '/salesforce/services/oauth2/token', {
    form: {
      grant_type: 'authorization_code',
      code,
      client_id: SALESFORCE_DEMO_CLIENT_ID,
      client_secret: SALESFORCE_DEMO_CLIENT_SECRET,
      redirect_uri: REDIRECT,
    },
  });
  return { authorization: `Bearer ${String(at(tokens.body, 'access_token'))}` };
}
/** Contact.Secret__c, with read (and edit) granted on a new permission set nobody holds yet. */
async function secretField(edit = true): Promise<string> {
  const created = await sandbox.request('POST', `${API}/tooling/sobjects/CustomField`, {
    headers: auth,
    body: {
      FullName: 'Contact.Secret__c',
      Metadata: { label: 'Secret', type: 'Text', length: 40 },
    },
  });
  expect(created.status).toBe(201);
  const permissionSetId = await createdId('PermissionSet', { Name: 'Secrets', Label: 'Secrets' });
  await createdId('FieldPermissions', {
    ParentId: permissionSetId,
    SobjectType: 'Contact',
    Field: 'Contact.Secret__c',
    PermissionsRead: true,
    PermissionsEdit: edit,
  });
  return permissionSetId;
}
function assign(userId: string, permissionSetId: string) {
  return post('PermissionSetAssignment', { AssigneeId: userId, PermissionSetId: permissionSetId });
}

describe('field-level security through assigned permission sets', () => {
  const noSuchColumn =
    "No such column 'Secret__c' on entity 'Contact'. If you are attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call for the appropriate names.";

  it('hides a field whose FieldPermissions sit on a set not assigned to the session user', async () => {
    const permissionSetId = await secretField();
    const me = await userOf(auth);
    const someoneElse = await firstId(
      `SELECT Id FROM User WHERE IsActive = true AND Id != '${me}' LIMIT 1`,
    );
    expect((await assign(someoneElse, permissionSetId)).status).toBe(201);

    expect((await describedFields()).map((field) => field.name)).not.toContain('Secret__c');
    const query = await soql('SELECT Id, Secret__c FROM Contact');
    expect(query.status).toBe(400);
    expect(at(query.body, 0, 'errorCode')).toBe('INVALID_FIELD');
    expect(String(at(query.body, 0, 'message'))).toContain(noSuchColumn);
    const write = await post('Contact', { LastName: 'x', Secret__c: 'psst' });
    expect(write.status).toBe(400);
    expect(write.body).toEqual([
      {
        message: "No such column 'Secret__c' on sobject of type Contact",
        errorCode: 'INVALID_FIELD',
        fields: ['Secret__c'],
      },
    ]);

    // The other user's own session sees it: the set is theirs.
    const theirs = await sessionOf(someoneElse);
    expect((await describedFields(theirs)).map((field) => field.name)).toContain('Secret__c');
  });

  it('shows the field once the set is assigned to the session user, writable with edit', async () => {
    const permissionSetId = await secretField();
    expect((await assign(await userOf(auth), permissionSetId)).status).toBe(201);
    expect((await describedFields()).find((field) => field.name === 'Secret__c')).toMatchObject({
      updateable: true,
    });
    expect((await post('Contact', { LastName: 'x', Secret__c: 'psst' })).status).toBe(201);
    const rows = await soql("SELECT Secret__c FROM Contact WHERE Secret__c = 'psst'");
    expect(at(rows.body, 'totalSize')).toBe(1);

    // A user holds a set once.
    const again = await assign(await userOf(auth), permissionSetId);
    expect(again.status).toBe(400);
    expect(at(again.body, 0, 'errorCode')).toBe('DUPLICATE_VALUE');
  });

  it('refuses writing a field the assigned set grants read but not edit', async () => {
    const permissionSetId = await secretField(false);
    await assign(await userOf(auth), permissionSetId);
    expect((await describedFields()).find((field) => field.name === 'Secret__c')).toMatchObject({
      updateable: false,
    });
    const write = await post('Contact', { LastName: 'x', Secret__c: 'psst' });
    expect(write.body).toEqual([
      {
        message:
          'Unable to create/update fields: Secret__c. Please check the security settings of this field and verify that it is read/write for your profile or permission set.',
        errorCode: 'INVALID_FIELD_FOR_INSERT_UPDATE',
        fields: ['Secret__c'],
      },
    ]);
  });

  it("lets the demo's OutSync Integration set and the profile's own set grant fields", async () => {
    await secretField();
    for (const name of ['OutSync_Integration', 'X00e5e000000OutSyncAdmin']) {
      await sandbox.request('POST', '/_seed');
      await sandbox.request('POST', `${API}/tooling/sobjects/CustomField`, {
        headers: auth,
        body: { FullName: 'Contact.Secret__c', Metadata: { label: 'Secret', type: 'Text' } },
      });
      await post('FieldPermissions', {
        ParentId: await firstId(`SELECT Id FROM PermissionSet WHERE Name = '${name}'`),
        SobjectType: 'Contact',
        Field: 'Contact.Secret__c',
        PermissionsRead: true,
      });
      expect((await describedFields()).map((field) => field.name)).toContain('Secret__c');
    }
  });
});

describe('the daily API budget', () => {
  const usageOf = (answer: { headers: Headers }) => answer.headers.get('sforce-limit-info');

  it('reports every REST call in Sforce-Limit-Info and /limits, a composite call as one', async () => {
    const first = await soql('SELECT Id FROM Contact LIMIT 1');
    expect(usageOf(first)).toBe(`api-usage=1/${DEMO_DAILY_LIMIT}`);
    const refused = await post('Contact', { Email: 'no-name@example.com' });
    expect(usageOf(refused)).toBe(`api-usage=2/${DEMO_DAILY_LIMIT}`);
    const composite = await sandbox.request('POST', `${API}/composite`, {
      headers: auth,
      body: {
        compositeRequest: [
          {
            method: 'POST',
            url: '/services/data/v62.0/sobjects/Contact',
            referenceId: 'a',
            body: { LastName: 'A' },
          },
          { method: 'GET', url: '/services/data/v62.0/sobjects/Contact/@{a.id}', referenceId: 'b' },
        ],
      },
    });
    expect(at(composite.body, 'compositeResponse', 1, 'httpStatusCode')).toBe(200);
    expect(usageOf(composite)).toBe(`api-usage=3/${DEMO_DAILY_LIMIT}`);
    const limits = await sandbox.request('GET', `${API}/limits`, { headers: auth });
    expect(at(limits.body, 'DailyApiRequests')).toEqual({
      Max: DEMO_DAILY_LIMIT,
      Remaining: DEMO_DAILY_LIMIT - 4,
    });
    // Each org has its own budget.
    const second = await sandbox.request(
      'GET',
      `${SALESFORCE_SECOND_INSTANCE_PATH}/services/data/v62.0/limits`,
      { headers: { authorization: `Bearer ${SALESFORCE_SECOND_ACCESS_TOKEN}` } },
    );
    expect(at(second.body, 'DailyApiRequests', 'Remaining')).toBe(DEMO_DAILY_LIMIT - 1);
  });

  it('answers 403 REQUEST_LIMIT_EXCEEDED once /_faults has spent it, and counts in /_stats', async () => {
    const set = await sandbox.request('POST', '/_faults', {
      body: { system: 'salesforce', tenant: 'demo', apiRemaining: 1 },
    });
    expect(at(set.body, 'apiUsage')).toEqual({
      demo: { used: DEMO_DAILY_LIMIT - 1, max: DEMO_DAILY_LIMIT, remaining: 1 },
    });
    expect((await soql('SELECT Id FROM Contact')).status).toBe(200);
    const spent = await soql('SELECT Id FROM Contact');
    expect(spent.status).toBe(403);
    expect(spent.body).toEqual([
      { message: 'TotalRequests Limit exceeded.', errorCode: 'REQUEST_LIMIT_EXCEEDED' },
    ]);
    expect(usageOf(spent)).toBe(`api-usage=${DEMO_DAILY_LIMIT}/${DEMO_DAILY_LIMIT}`);

    await sandbox.request('POST', '/_faults', {
      body: { system: 'salesforce', dailyApiRequests: 50, apiRemaining: 50 },
    });
    const limits = await sandbox.request('GET', `${API}/limits`, { headers: auth });
    expect(at(limits.body, 'DailyApiRequests')).toEqual({ Max: 50, Remaining: 49 });

    const stats = await sandbox.request('GET', '/_stats');
    expect(at(stats.body, 'systems', 'salesforce', 'requests')).toBe(3);
    expect(
      at(
        stats.body,
        'systems',
        'salesforce',
        'byRoute',
        'GET /salesforce-instance/:orgKey/services/data/:version/query',
      ),
    ).toBe(1);
  });
});

describe('sessions', () => {
  it('answers an expired session with 401 INVALID_SESSION_ID, not charging the budget', async () => {
    const session = await sessionOf(await firstId('SELECT Id FROM User WHERE IsActive = true'));
    expect((await soql('SELECT Id FROM Contact', session)).status).toBe(200);
    await sandbox.request('POST', '/_tokens/expire', {
      body: { system: 'salesforce', tenant: 'demo' },
    });
    const expired = await soql('SELECT Id FROM Contact', session);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual([
      { message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' },
    ]);
    const limits = await sandbox.request('GET', `${API}/limits`, { headers: auth });
    expect(at(limits.body, 'DailyApiRequests', 'Remaining')).toBe(DEMO_DAILY_LIMIT - 3);
  });
});

describe('the inspection page', () => {
  it('lists leads, contacts and tasks with who each task is about and a description excerpt', async () => {
    const leadId = await firstId('SELECT Id FROM Lead LIMIT 1');
    const lead = at(
      (await soql(`SELECT Name, Email FROM Lead WHERE Id = '${leadId}'`)).body,
      'records',
      0,
    ) as {
      Name: string;
      Email: string;
    };
    const description = `Reply: ${'interested '.repeat(30)}`;
    await createdId('Task', {
      Subject: '[OS] Instantly reply',
      Type: 'Email',
      TaskSubtype: 'Email',
      Status: 'Completed',
      ActivityDate: '2026-11-23',
      WhoId: leadId,
      Description: description,
    });

    const state = await sandbox.request('GET', '/_state/salesforce');
    const [row] = at(state.body, 'tasks') as Array<Record<string, unknown>>;
    expect(row).toMatchObject({
      Subject: '[OS] Instantly reply',
      TaskSubtype: 'Email',
      WhoId: leadId,
      Who: `Lead: ${lead.Name} <${lead.Email}>`,
      Description: description,
    });
    expect(String(row?.DescriptionExcerpt)).toHaveLength(120);
    expect(String(row?.DescriptionExcerpt)).toMatch(/^Reply: interested .*…$/);
    expect(at(state.body, 'leads', 0, 'IsConverted')).toBe(false);
    expect((at(state.body, 'permissionSetAssignments') as unknown[]).length).toBeGreaterThan(0);

    const page = await sandbox.request('GET', '/inspect/salesforce');
    const html = String(page.body);
    for (const text of [
      'Leads (',
      'Contacts (',
      'Tasks (1)',
      '[OS] Instantly reply',
      'TaskSubtype',
      'API usage today',
    ])
      expect(html).toContain(text);
    expect(html).not.toContain(description.trim());
  });
});
