import {
  SALESFORCE_DEMO_ACCESS_TOKEN,
  SALESFORCE_DEMO_CLIENT_ID,
  SALESFORCE_DEMO_CLIENT_SECRET,
  SALESFORCE_DEMO_INSTANCE_PATH,
} from '../src/index.ts';
import { at, startTestSandbox, type TestSandbox } from './sandbox-client.ts';

const auth = { authorization: `Bearer ${SALESFORCE_DEMO_ACCESS_TOKEN}` };
const REDIRECT = 'http://localhost:3000/oauth/salesforce/callback';
// Data answers on the instance (the token's instance_url), not on the login domain /salesforce.
const API = `${SALESFORCE_DEMO_INSTANCE_PATH}/services/data/v60.0`;
let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.request('POST', '/_seed'));

function soql(query: string) {
  return sandbox.request('GET', `${API}/query?q=${encodeURIComponent(query)}`, { headers: auth });
}

describe('Salesforce OAuth web-server flow', () => {
  it('authorizes on the org domain, returns instance_url and refreshes without rotating', async () => {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: SALESFORCE_DEMO_CLIENT_ID,
      redirect_uri: REDIRECT,
      state: 'abc',
      scope: 'api refresh_token',
    });
    const authorizePage = await sandbox.request(
      'GET',
      `/salesforce/services/oauth2/authorize?${query}`,
    );
    expect(authorizePage.body).toContain('>Authorize</button>');
    const user = /<option value="([^"]+)">/.exec(String(authorizePage.body))?.[1] ?? '';
    const decision = await sandbox.request('POST', '/salesforce/services/oauth2/authorize', {
      form: {
        client_id: SALESFORCE_DEMO_CLIENT_ID,
        redirect_uri: REDIRECT,
        state: 'abc',
        scope: 'api refresh_token',
        user,
        decision: 'authorize',
      },
    });
    const callback = new URL(decision.headers.get('location') ?? '');
    expect(callback.searchParams.get('state')).toBe('abc');

    const basic = Buffer.from(
      `${SALESFORCE_DEMO_CLIENT_ID}:${SALESFORCE_DEMO_CLIENT_SECRET}`,
    ).toString('base64');
    const tokens = await sandbox.request('POST', '/salesforce/services/oauth2/token', {
      headers: { authorization: `Basic ${basic}` },
      form: {
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code') ?? '',
        redirect_uri: REDIRECT,
      },
    });
    expect(tokens.status).toBe(200);
    expect(at(tokens.body, 'instance_url')).toBe(
      `${sandbox.url.replace('127.0.0.1', 'localhost')}${SALESFORCE_DEMO_INSTANCE_PATH}`,
    );
    const session = { authorization: `Bearer ${String(at(tokens.body, 'access_token'))}` };
    expect(
      (await sandbox.request('GET', `${API}/sobjects/Contact/describe`, { headers: session }))
        .status,
    ).toBe(200);

    await sandbox.request('POST', '/_tokens/expire', { body: { system: 'salesforce' } });
    const expired = await sandbox.request('GET', `${API}/sobjects/Contact/describe`, {
      headers: session,
    });
    expect(expired.status).toBe(401);
    expect(at(expired.body, 0, 'errorCode')).toBe('INVALID_SESSION_ID');

    const refreshed = await sandbox.request('POST', '/salesforce/services/oauth2/token', {
      form: {
        grant_type: 'refresh_token',
        refresh_token: String(at(tokens.body, 'refresh_token')),
        client_id: SALESFORCE_DEMO_CLIENT_ID,
        client_secret: SALESFORCE_DEMO_CLIENT_SECRET,
      },
    });
    expect(at(refreshed.body, 'refresh_token')).toBeUndefined();
    expect(
      (
        await sandbox.request('GET', `${API}/sobjects/Contact/describe`, {
          headers: { authorization: `Bearer ${String(at(refreshed.body, 'access_token'))}` },
        })
      ).status,
    ).toBe(200);
  });
});

describe('Salesforce data API', () => {
  it('creates a custom external-id field that becomes usable once field permissions grant it', async () => {
    const created = await sandbox.request('POST', `${API}/tooling/sobjects/CustomField`, {
      headers: auth,
      body: {
        FullName: 'Contact.Outreach_Id__c',
        Metadata: {
          label: 'Outreach Id',
          type: 'Text',
          length: 255,
          externalId: true,
          unique: false,
        },
      },
    });
    expect(created.status).toBe(201);
    const hidden = await sandbox.request('PATCH', `${API}/sobjects/Contact/Outreach_Id__c/abc-1`, {
      headers: auth,
      body: { LastName: 'Hidden' },
    });
    expect(at(hidden.body, 0, 'errorCode')).toBe('INVALID_FIELD');

    const permissionSets = await soql(
      "SELECT Id, Name, Label FROM PermissionSet WHERE Profile.Name = 'System Administrator'",
    );
    const parentId = String(at(permissionSets.body, 'records', 0, 'Id'));
    const grant = await sandbox.request('POST', `${API}/sobjects/FieldPermissions`, {
      headers: auth,
      body: {
        ParentId: parentId,
        SobjectType: 'Contact',
        Field: 'Contact.Outreach_Id__c',
        PermissionsRead: true,
        PermissionsEdit: true,
      },
    });
    expect(grant.status).toBe(201);

    const describe = await sandbox.request('GET', `${API}/sobjects/Contact/describe`, {
      headers: auth,
    });
    expect(
      (at(describe.body, 'fields') as Array<{ name: string; externalId: boolean }>).find(
        (field) => field.name === 'Outreach_Id__c',
      )?.externalId,
    ).toBe(true);

    const first = await sandbox.request('PATCH', `${API}/sobjects/Contact/Outreach_Id__c/abc-1`, {
      headers: auth,
      body: { LastName: 'Upserted', Email: 'u@x.com' },
    });
    expect(first.status).toBe(201);
    expect(at(first.body, 'created')).toBe(true);
    const second = await sandbox.request('PATCH', `${API}/sobjects/Contact/Outreach_Id__c/abc-1`, {
      headers: auth,
      body: { Title: 'CTO' },
    });
    expect(second.status).toBe(200);
    expect(at(second.body, 'created')).toBe(false);

    const collection = await sandbox.request(
      'PATCH',
      `${API}/composite/sobjects/Contact/Outreach_Id__c`,
      {
        headers: auth,
        body: {
          allOrNone: false,
          records: [
            { attributes: { type: 'Contact' }, Outreach_Id__c: 'abc-1', Title: 'CEO' },
            { attributes: { type: 'Contact' }, Outreach_Id__c: 'abc-2', LastName: 'Second' },
            { attributes: { type: 'Contact' }, Outreach_Id__c: 'abc-3' },
          ],
        },
      },
    );
    expect(
      (collection.body as Array<{ created?: boolean; success: boolean }>).map((result) => [
        result.success,
        result.created,
      ]),
    ).toEqual([
      [true, false],
      [true, true],
      [false, undefined],
    ]);
    const rows = await soql(
      "SELECT Id, Title FROM Contact WHERE Outreach_Id__c IN ('abc-1', 'abc-2') ORDER BY Title",
    );
    expect(at(rows.body, 'totalSize')).toBe(2);
  });

  it('creates tasks only with picklist values the org defines and lists them through describe', async () => {
    const describe = await sandbox.request('GET', `${API}/sobjects/Task/describe`, {
      headers: auth,
    });
    const typeField = (
      at(describe.body, 'fields') as Array<{
        name: string;
        picklistValues: Array<{ value: string }>;
      }>
    ).find((field) => field.name === 'Type');
    expect(typeField?.picklistValues.map((value) => value.value)).toContain('Email');
    const contact = await soql(
      "SELECT Id, Account.Name FROM Contact WHERE Email = 'ava.carter@acme-robotics.example'",
    );
    const whoId = String(at(contact.body, 'records', 0, 'Id'));
    expect(at(contact.body, 'records', 0, 'Account', 'Name')).toBe('Acme Robotics');
    const task = await sandbox.request('POST', `${API}/composite/sobjects`, {
      headers: auth,
      body: {
        allOrNone: true,
        records: [
          {
            attributes: { type: 'Task' },
            WhoId: whoId,
            Subject: '[OS] Email sent',
            Type: 'Email',
            Status: 'Completed',
            ActivityDate: '2025-01-01',
          },
        ],
      },
    });
    expect(at(task.body, 0, 'success')).toBe(true);
    const bad = await sandbox.request('POST', `${API}/sobjects/Task`, {
      headers: auth,
      body: { WhoId: whoId, Subject: 'x', Type: 'Carrier pigeon' },
    });
    expect(at(bad.body, 0, 'errorCode')).toBe('INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST');
    const tasks = await soql(`SELECT Id, Subject, AccountId FROM Task WHERE WhoId = '${whoId}'`);
    expect(at(tasks.body, 'records', 0, 'AccountId')).toBeTruthy();
  });

  it('lists users and runs reports with factMap rows', async () => {
    const users = await soql('SELECT Id, Name, Email FROM User WHERE IsActive = true');
    expect(at(users.body, 'totalSize')).toBe(3);
    const reports = await sandbox.request('GET', `${API}/analytics/reports`, { headers: auth });
    const report = (reports.body as Array<{ id: string; name: string }>).find(
      (candidate) => candidate.name === 'Do Not Contact - Contacts',
    );
    const run = await sandbox.request(
      'GET',
      `${API}/analytics/reports/${report?.id ?? ''}?includeDetails=true`,
      { headers: auth },
    );
    expect(at(run.body, 'reportMetadata', 'detailColumns')).toEqual([
      'FIRST_NAME',
      'LAST_NAME',
      'EMAIL',
      'ACCOUNT.NAME',
    ]);
    const rows = at(run.body, 'factMap', 'T!T', 'rows') as Array<{
      dataCells: Array<{ value: unknown }>;
    }>;
    // The three demo people who opted out, then 45 generated ones.
    expect(rows.slice(0, 3).map((row) => row.dataCells[2]?.value)).toEqual([
      'ava.carter@acme-robotics.example',
      'liam.nguyen@globex-logistics.example',
      'maya.schmidt@initech.example',
    ]);
    expect(rows).toHaveLength(48);
    expect(at(run.body, 'allData')).toBe(true);
  });

  it('answers malformed SOQL with MALFORMED_QUERY', async () => {
    const response = await soql('SELECT FROM');
    expect(response.status).toBe(400);
    expect(at(response.body, 0, 'errorCode')).toBe('MALFORMED_QUERY');
  });
});
