import nock from 'nock';
import { z } from 'zod';
import type { TokenAuth } from '../../http';
import { assertNockDone, failureOf } from '../../test-support';
import { createSalesforceClient } from './salesforce-client';
import { soqlString } from './salesforce-soql';

// Data calls go to the org's instance URL, which differs from the login domain.
const INSTANCE = 'https://acme.my.salesforce.com';
const DATA = '/services/data/v62.0';

function auth(): TokenAuth & { refreshes: number } {
  let current = 'session-1';
  const value = {
    kind: 'bearer' as const,
    refreshes: 0,
    getAccessToken: () => Promise.resolve(current),
    refresh: () => {
      value.refreshes++;
      current = 'session-2';
      return Promise.resolve(current);
    },
  };
  return value;
}

function client(tokens: TokenAuth = auth()) {
  return createSalesforceClient({ instanceUrl: `${INSTANCE}/`, apiVersion: 'v62.0', auth: tokens });
}

function row(type: string, fields: Record<string, unknown>) {
  return {
    attributes: { type, url: `${DATA}/sobjects/${type}/${String(fields.Id)}` },
    ...fields,
  };
}

function picklistField(name: string, values: Array<[string, boolean]>) {
  return {
    name,
    label: name,
    type: 'picklist',
    custom: false,
    inlineHelpText: null,
    length: 255,
    createable: true,
    picklistValues: values.map(([value, active]) => ({
      value,
      label: value,
      active,
      defaultValue: false,
      validFor: null,
    })),
  };
}

beforeAll(() => nock.disableNetConnect());
afterEach(assertNockDone);
afterAll(() => {
  nock.enableNetConnect();
  nock.restore();
});

describe('query', () => {
  it('follows nextRecordsUrl on the instance host with the bearer session', async () => {
    nock(INSTANCE)
      .get(`${DATA}/query`)
      .query({ q: 'SELECT Id FROM Contact' })
      .matchHeader('authorization', 'Bearer session-1')
      .reply(200, {
        totalSize: 3,
        done: false,
        nextRecordsUrl: `${DATA}/query/01gD0000002HU6KIAW-2000`,
        records: [row('Contact', { Id: '003A' }), row('Contact', { Id: '003B' })],
      })
      .get(`${DATA}/query/01gD0000002HU6KIAW-2000`)
      .matchHeader('authorization', 'Bearer session-1')
      .reply(200, { totalSize: 3, done: true, records: [row('Contact', { Id: '003C' })] });

    const rows = await client().query('SELECT Id FROM Contact', z.looseObject({ Id: z.string() }));

    expect(rows.map((record) => record.Id)).toEqual(['003A', '003B', '003C']);
  });

  it('refreshes the session once on INVALID_SESSION_ID and repeats', async () => {
    const tokens = auth();
    nock(INSTANCE)
      .get(`${DATA}/query`)
      .query(true)
      .matchHeader('authorization', 'Bearer session-1')
      .reply(401, [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }])
      .get(`${DATA}/query`)
      .query(true)
      .matchHeader('authorization', 'Bearer session-2')
      .reply(200, { totalSize: 0, done: true, records: [] });

    await expect(client(tokens).query('SELECT Id FROM Contact')).resolves.toEqual([]);
    expect(tokens.refreshes).toBe(1);
  });

  it('fails as rate_limited when the org has spent its API budget', async () => {
    nock(INSTANCE)
      .get(`${DATA}/query`)
      .query(true)
      .reply(403, [
        { message: 'TotalRequests Limit exceeded.', errorCode: 'REQUEST_LIMIT_EXCEEDED' },
      ]);

    const error = await failureOf(client().query('SELECT Id FROM Contact'));

    expect(error).toMatchObject({ code: 'rate_limited', status: 403, retryable: true });
  });

  it('fails as unexpected when a row does not match, naming the row', async () => {
    nock(INSTANCE)
      .get(`${DATA}/query`)
      .query(true)
      .reply(200, { totalSize: 1, done: true, records: [row('User', { Id: 5 })] });

    const error = await failureOf(
      client().query('SELECT Id FROM User', z.looseObject({ Id: z.string() })),
    );

    expect(error.code).toBe('unexpected');
    expect(error.message).toBe(
      'Salesforce query answered a row in an unexpected shape: records.0.Id: Invalid input: expected string, received number',
    );
  });
});

describe('listUsers', () => {
  it('queries active standard users and answers them as owners', async () => {
    nock(INSTANCE)
      .get(`${DATA}/query`)
      .query({
        q: "SELECT Id, Name, Email, FirstName, LastName FROM User WHERE IsActive = true AND UserType = 'Standard' ORDER BY Name",
      })
      .reply(200, {
        totalSize: 2,
        done: true,
        records: [
          row('User', {
            Id: '005A',
            Name: 'Ana Lima',
            Email: 'ana@acme.test',
            FirstName: 'Ana',
            LastName: 'Lima',
          }),
          row('User', {
            Id: '005B',
            Name: 'Bot',
            Email: 'bot@acme.test',
            FirstName: null,
            LastName: 'Bot',
          }),
        ],
      });

    await expect(client().listUsers()).resolves.toEqual([
      { id: '005A', name: 'Ana Lima', email: 'ana@acme.test', firstName: 'Ana', lastName: 'Lima' },
      { id: '005B', name: 'Bot', email: 'bot@acme.test', firstName: '', lastName: 'Bot' },
    ]);
  });
});

describe('object describe and the lists built on it', () => {
  const contactDescribe = {
    name: 'Contact',
    label: 'Contact',
    custom: false,
    fields: [
      {
        name: 'Email',
        label: 'Email',
        type: 'email',
        custom: false,
        inlineHelpText: null,
        picklistValues: [],
      },
      {
        name: 'OSLastReplyAt__c',
        label: 'Last reply at',
        type: 'datetime',
        custom: true,
        inlineHelpText: 'When the lead last replied',
        picklistValues: [],
      },
    ],
  };

  it('describes an object at /sobjects/{name}/describe', async () => {
    nock(INSTANCE).get(`${DATA}/sobjects/Contact/describe`).reply(200, contactDescribe);

    const described = await client().describe('Contact');

    expect(described.fields[1]).toEqual({
      name: 'OSLastReplyAt__c',
      label: 'Last reply at',
      type: 'datetime',
      custom: true,
      inlineHelpText: 'When the lead last replied',
      picklistValues: [],
    });
  });

  it('lists fields as name, label and description (the help text)', async () => {
    nock(INSTANCE)
      .get(`${DATA}/sobjects/Lead/describe`)
      .reply(200, { ...contactDescribe, name: 'Lead' });

    await expect(client().listFields('Lead')).resolves.toEqual([
      { name: 'Email', label: 'Email', description: '' },
      {
        name: 'OSLastReplyAt__c',
        label: 'Last reply at',
        description: 'When the lead last replied',
      },
    ]);
  });

  it('lists the active Task Type values and checks one', async () => {
    const taskDescribe = {
      name: 'Task',
      label: 'Task',
      fields: [
        picklistField('Status', [['Not Started', true]]),
        picklistField('Type', [
          ['Call', true],
          ['Email', true],
          ['Old', false],
          ['LinkedIn', true],
        ]),
      ],
    };
    nock(INSTANCE).get(`${DATA}/sobjects/Task/describe`).times(3).reply(200, taskDescribe);
    const salesforce = client();

    await expect(salesforce.listTaskTypes()).resolves.toEqual([
      { value: 'Call', label: 'Call' },
      { value: 'Email', label: 'Email' },
      { value: 'LinkedIn', label: 'LinkedIn' },
    ]);
    await expect(salesforce.hasTaskType('LinkedIn')).resolves.toBe(true);
    await expect(salesforce.hasTaskType('Old')).resolves.toBe(false);
  });

  it('answers no task types when Type is not visible', async () => {
    nock(INSTANCE)
      .get(`${DATA}/sobjects/Task/describe`)
      .reply(200, {
        name: 'Task',
        label: 'Task',
        fields: [picklistField('Status', [['Done', true]])],
      });

    await expect(client().listTaskTypes()).resolves.toEqual([]);
  });
});

describe('listPermissionSets', () => {
  it('queries the permission sets not owned by a profile', async () => {
    nock(INSTANCE)
      .get(`${DATA}/query`)
      .query({
        q: 'SELECT Id, Name, Label FROM PermissionSet WHERE IsOwnedByProfile = false ORDER BY Label',
      })
      .reply(200, {
        totalSize: 1,
        done: true,
        records: [
          row('PermissionSet', {
            Id: '0PS1',
            Name: 'OutSync_Integration',
            Label: 'OutSync Integration',
          }),
        ],
      });

    await expect(client().listPermissionSets()).resolves.toEqual([
      { Id: '0PS1', Name: 'OutSync_Integration', Label: 'OutSync Integration' },
    ]);
  });
});

describe('createCustomFields', () => {
  const fields = [
    { fullName: 'OSLastReplyAt__c', label: 'Last reply at', type: 'DateTime' as const },
    { fullName: 'OSLastSubject__c', label: 'Last subject', type: 'Text' as const },
  ];
  const permissionsQuery =
    "SELECT Id, Field, PermissionsRead, PermissionsEdit FROM FieldPermissions WHERE ParentId = '0PS1' AND Field IN ('Contact.OSLastReplyAt__c', 'Contact.OSLastSubject__c', 'Lead.OSLastReplyAt__c', 'Lead.OSLastSubject__c')";

  const assignmentQuery =
    "SELECT Id FROM PermissionSetAssignment WHERE AssigneeId = '005A1' AND PermissionSetId = '0PS1'";

  function tooling(fullName: string, metadata: Record<string, string | number | boolean>) {
    return nock(INSTANCE)
      .post(`${DATA}/tooling/sobjects/CustomField`, { FullName: fullName, Metadata: metadata })
      .matchHeader('authorization', 'Bearer session-1');
  }
  const created = { id: '00N1', success: true, errors: [], warnings: [], infos: [] };
  const duplicate = [
    {
      message: 'There is already a field named OSLastReplyAt on Contact.',
      errorCode: 'DUPLICATE_DEVELOPER_NAME',
      fields: [],
    },
  ];

  it('creates missing fields, counts existing ones, and grants read and edit without duplicates', async () => {
    tooling('Contact.OSLastReplyAt__c', { label: 'Last reply at', type: 'DateTime' }).reply(
      400,
      duplicate,
    );
    tooling('Contact.OSLastSubject__c', { label: 'Last subject', type: 'Text', length: 255 }).reply(
      201,
      created,
    );
    tooling('Lead.OSLastReplyAt__c', { label: 'Last reply at', type: 'DateTime' }).reply(
      201,
      created,
    );
    tooling('Lead.OSLastSubject__c', { label: 'Last subject', type: 'Text', length: 255 }).reply(
      201,
      created,
    );
    nock(INSTANCE)
      .get(`${DATA}/query`)
      .query({ q: permissionsQuery })
      .reply(200, {
        totalSize: 2,
        done: true,
        records: [
          row('FieldPermissions', {
            Id: '01k1',
            Field: 'Contact.OSLastReplyAt__c',
            PermissionsRead: true,
            PermissionsEdit: true,
          }),
          row('FieldPermissions', {
            Id: '01k2',
            Field: 'Contact.OSLastSubject__c',
            PermissionsRead: true,
            PermissionsEdit: false,
          }),
        ],
      })
      .post(`${DATA}/composite/sobjects`, {
        allOrNone: false,
        records: ['Lead.OSLastReplyAt__c', 'Lead.OSLastSubject__c'].map((field) => ({
          attributes: { type: 'FieldPermissions' },
          ParentId: '0PS1',
          SobjectType: 'Lead',
          Field: field,
          PermissionsRead: true,
          PermissionsEdit: true,
        })),
      })
      .reply(200, [
        { id: '01k3', success: true, errors: [] },
        { id: '01k4', success: true, errors: [] },
      ])
      .patch(`${DATA}/composite/sobjects`, {
        allOrNone: false,
        records: [
          {
            attributes: { type: 'FieldPermissions' },
            Id: '01k2',
            PermissionsRead: true,
            PermissionsEdit: true,
          },
        ],
      })
      .reply(200, [{ id: '01k2', success: true, errors: [] }])
      // The integration user does not hold the set yet: it is assigned to them.
      .get(`${DATA}/query`)
      .query({ q: assignmentQuery })
      .reply(200, { totalSize: 0, done: true, records: [] })
      .post(`${DATA}/sobjects/PermissionSetAssignment`, {
        AssigneeId: '005A1',
        PermissionSetId: '0PS1',
      })
      .reply(201, { id: '0Pa1', success: true, errors: [] });

    await expect(
      client().createCustomFields({
        objects: ['Contact', 'Lead'],
        fields,
        permissionSetId: '0PS1',
        assigneeId: '005A1',
      }),
    ).resolves.toEqual({
      created: ['Contact.OSLastSubject__c', 'Lead.OSLastReplyAt__c', 'Lead.OSLastSubject__c'],
      existing: ['Contact.OSLastReplyAt__c'],
      permissionsCreated: ['Lead.OSLastReplyAt__c', 'Lead.OSLastSubject__c'],
      permissionsUpdated: ['Contact.OSLastSubject__c'],
      assigned: true,
    });
  });

  it('changes nothing the second time: every field exists and is granted', async () => {
    for (const name of [
      'Contact.OSLastReplyAt__c',
      'Contact.OSLastSubject__c',
      'Lead.OSLastReplyAt__c',
      'Lead.OSLastSubject__c',
    ]) {
      nock(INSTANCE)
        .post(
          `${DATA}/tooling/sobjects/CustomField`,
          (body: { FullName?: string }) => body.FullName === name,
        )
        .reply(400, [
          { message: 'duplicate value found', errorCode: 'DUPLICATE_VALUE', fields: [] },
        ]);
    }
    nock(INSTANCE)
      .get(`${DATA}/query`)
      .query({ q: permissionsQuery })
      .reply(200, {
        totalSize: 4,
        done: true,
        records: [
          'Contact.OSLastReplyAt__c',
          'Contact.OSLastSubject__c',
          'Lead.OSLastReplyAt__c',
          'Lead.OSLastSubject__c',
        ].map((field, index) =>
          row('FieldPermissions', {
            Id: `01k${index}`,
            Field: field,
            PermissionsRead: true,
            PermissionsEdit: true,
          }),
        ),
      })
      .get(`${DATA}/query`)
      .query({ q: assignmentQuery })
      .reply(200, {
        totalSize: 1,
        done: true,
        records: [row('PermissionSetAssignment', { Id: '0Pa1' })],
      });

    await expect(
      client().createCustomFields({
        objects: ['Contact', 'Lead'],
        fields,
        permissionSetId: '0PS1',
        assigneeId: '005A1',
      }),
    ).resolves.toEqual({
      assigned: false,
      created: [],
      existing: [
        'Contact.OSLastReplyAt__c',
        'Contact.OSLastSubject__c',
        'Lead.OSLastReplyAt__c',
        'Lead.OSLastSubject__c',
      ],
      permissionsCreated: [],
      permissionsUpdated: [],
    });
  });

  it('fills in what each field type requires', async () => {
    tooling('Contact.OSNotes__c', {
      label: 'Notes',
      type: 'LongTextArea',
      length: 32000,
      visibleLines: 3,
    }).reply(201, created);
    tooling('Contact.OSOpens__c', {
      label: 'Opens',
      type: 'Number',
      precision: 18,
      scale: 0,
    }).reply(201, created);
    tooling('Contact.OSBounced__c', {
      label: 'Bounced',
      type: 'Checkbox',
      defaultValue: 'false',
      description: 'Set by OutSync',
    }).reply(201, created);
    nock(INSTANCE)
      .get(`${DATA}/query`)
      .query(true)
      .reply(200, { totalSize: 0, done: true, records: [] })
      .post(`${DATA}/composite/sobjects`)
      .reply(
        200,
        [1, 2, 3].map((id) => ({ id: `01k${id}`, success: true, errors: [] })),
      );

    const result = await client().createCustomFields({
      objects: ['Contact'],
      fields: [
        { fullName: 'OSNotes__c', label: 'Notes', type: 'LongTextArea', length: 32000 },
        { fullName: 'OSOpens__c', label: 'Opens', type: 'Number' },
        {
          fullName: 'OSBounced__c',
          label: 'Bounced',
          type: 'Checkbox',
          description: 'Set by OutSync',
        },
      ],
      permissionSetId: '0PS1',
    });

    expect(result.created).toHaveLength(3);
  });

  it('stops on any other Tooling API refusal', async () => {
    tooling('Contact.OSLastReplyAt__c', { label: 'Last reply at', type: 'DateTime' }).reply(400, [
      {
        message: 'You do not have permission to customize',
        errorCode: 'INSUFFICIENT_ACCESS_OR_READONLY',
        fields: [],
      },
    ]);

    const error = await failureOf(
      client().createCustomFields({
        objects: ['Contact'],
        fields: fields.slice(0, 1),
        permissionSetId: '0PS1',
      }),
    );

    expect(error).toMatchObject({
      operation: 'createCustomFields',
      code: 'invalid_request',
      vendorCode: 'INSUFFICIENT_ACCESS_OR_READONLY',
    });
  });

  it('fails naming the field whose permission could not be saved', async () => {
    tooling('Contact.OSLastReplyAt__c', { label: 'Last reply at', type: 'DateTime' }).reply(
      201,
      created,
    );
    nock(INSTANCE)
      .get(`${DATA}/query`)
      .query(true)
      .reply(200, { totalSize: 0, done: true, records: [] })
      .post(`${DATA}/composite/sobjects`)
      .reply(200, [
        {
          success: false,
          errors: [
            {
              statusCode: 'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
              message:
                'Field Name: bad value for restricted picklist field: Contact.OSLastReplyAt__c',
              fields: ['Field'],
            },
          ],
        },
      ]);

    const error = await failureOf(
      client().createCustomFields({
        objects: ['Contact'],
        fields: fields.slice(0, 1),
        permissionSetId: '0PS1',
      }),
    );

    expect(error.code).toBe('invalid_request');
    expect(error.message).toBe(
      'Salesforce createCustomFields could not grant field permissions: Contact.OSLastReplyAt__c: INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST Field Name: bad value for restricted picklist field: Contact.OSLastReplyAt__c',
    );
  });

  it('refuses a name that is not a custom field API name, before calling Salesforce', async () => {
    const error = await failureOf(
      client().createCustomFields({
        objects: ['Contact'],
        fields: [{ fullName: 'Email', label: 'Email', type: 'Email' }],
        permissionSetId: '0PS1',
      }),
    );
    expect(error.code).toBe('invalid_request');
  });
});

describe('reports', () => {
  const REPORT_ID = '00O5e000001AbCdEAF';

  it('lists GET /analytics/reports as id and name', async () => {
    nock(INSTANCE)
      .get(`${DATA}/analytics/reports`)
      .matchHeader('authorization', 'Bearer session-1')
      .reply(200, [
        {
          id: REPORT_ID,
          name: 'Do Not Contact - Contacts',
          url: `${DATA}/analytics/reports/${REPORT_ID}`,
          describeUrl: `${DATA}/analytics/reports/${REPORT_ID}/describe`,
          instancesUrl: `${DATA}/analytics/reports/${REPORT_ID}/instances`,
        },
        {
          id: '00O5e000001XyZaEAF',
          name: 'Competitor Accounts',
          url: `${DATA}/analytics/reports/00O5e000001XyZaEAF`,
          describeUrl: `${DATA}/analytics/reports/00O5e000001XyZaEAF/describe`,
          instancesUrl: `${DATA}/analytics/reports/00O5e000001XyZaEAF/instances`,
        },
      ]);

    await expect(client().listReports()).resolves.toEqual([
      { id: REPORT_ID, name: 'Do Not Contact - Contacts' },
      { id: '00O5e000001XyZaEAF', name: 'Competitor Accounts' },
    ]);
  });

  it("reads a report's format and detail columns from GET /analytics/reports/{id}/describe", async () => {
    nock(INSTANCE)
      .get(`${DATA}/analytics/reports/${REPORT_ID}/describe`)
      .matchHeader('authorization', 'Bearer session-1')
      .reply(200, {
        reportMetadata: {
          id: REPORT_ID,
          name: 'Do Not Contact - Contacts',
          reportFormat: 'TABULAR',
          detailColumns: ['FIRST_NAME', 'EMAIL', 'ACCOUNT.NAME'],
          reportFilters: [],
        },
        reportExtendedMetadata: { detailColumnInfo: {} },
        reportTypeMetadata: { categories: [] },
      });

    await expect(client().describeReport(REPORT_ID)).resolves.toEqual({
      id: REPORT_ID,
      name: 'Do Not Contact - Contacts',
      format: 'TABULAR',
      detailColumns: ['FIRST_NAME', 'EMAIL', 'ACCOUNT.NAME'],
    });
  });

  it('fails as not_found for a report Salesforce does not have', async () => {
    nock(INSTANCE)
      .get(`${DATA}/analytics/reports/00O5e000009ZZZZEAF/describe`)
      .reply(404, [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }]);

    const error = await failureOf(client().describeReport('00O5e000009ZZZZEAF'));
    expect(error).toMatchObject({ code: 'not_found', operation: 'describeReport' });
    expect(error.vendorMessage).toBe('The requested resource does not exist');
  });
});

describe('soqlString', () => {
  it('quotes and escapes a literal', () => {
    expect(soqlString("O'Brien \\ co")).toBe("'O\\'Brien \\\\ co'");
  });
});
