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
          reportType: { type: 'ContactList', label: 'Contacts & Accounts' },
          detailColumns: ['FIRST_NAME', 'EMAIL', 'ACCOUNT.NAME'],
          reportFilters: [
            {
              column: 'EMAIL',
              operator: 'notEqual',
              value: '',
              filterType: 'fieldValue',
              isRunPageEditable: true,
            },
            { column: 'ACCOUNT.TYPE', operator: 'equals', value: 'Competitor' },
          ],
          reportBooleanFilter: '1 OR 2',
        },
        reportExtendedMetadata: { detailColumnInfo: {} },
        reportTypeMetadata: { categories: [] },
      });

    await expect(client().describeReport(REPORT_ID)).resolves.toEqual({
      id: REPORT_ID,
      name: 'Do Not Contact - Contacts',
      format: 'TABULAR',
      detailColumns: ['FIRST_NAME', 'EMAIL', 'ACCOUNT.NAME'],
      reportType: 'ContactList',
      reportFilters: [
        { column: 'EMAIL', operator: 'notEqual', value: '' },
        { column: 'ACCOUNT.TYPE', operator: 'equals', value: 'Competitor' },
      ],
      reportBooleanFilter: '1 OR 2',
    });
  });

  it('describes a report without type, filters or logic as null and none', async () => {
    nock(INSTANCE)
      .get(`${DATA}/analytics/reports/${REPORT_ID}/describe`)
      .reply(200, {
        reportMetadata: {
          id: REPORT_ID,
          name: 'Old report',
          reportFormat: 'SUMMARY',
          detailColumns: ['EMAIL'],
          reportFilters: null,
          reportBooleanFilter: null,
        },
      });

    await expect(client().describeReport(REPORT_ID)).resolves.toEqual({
      id: REPORT_ID,
      name: 'Old report',
      format: 'SUMMARY',
      detailColumns: ['EMAIL'],
      reportType: null,
      reportFilters: [],
      reportBooleanFilter: null,
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

describe('runReportRows', () => {
  const REPORT_ID = '00O5e000001AbCdEAF';
  const RUN = `${DATA}/analytics/reports/${REPORT_ID}`;
  const DESCRIBE = `${RUN}/describe`;

  function describeAnswer(
    metadata: Record<string, unknown> = {},
    categories: unknown[] = [],
  ): Record<string, unknown> {
    return {
      reportMetadata: {
        id: REPORT_ID,
        name: 'Do Not Contact - Contacts',
        developerName: 'Do_Not_Contact_Contacts',
        reportFormat: 'TABULAR',
        reportType: { type: 'ContactList', label: 'Contacts & Accounts' },
        detailColumns: ['FIRST_NAME', 'EMAIL', 'ACCOUNT.WEBSITE'],
        reportFilters: [],
        reportBooleanFilter: null,
        aggregates: ['RowCount'],
        ...metadata,
      },
      reportExtendedMetadata: { detailColumnInfo: {} },
      reportTypeMetadata: { categories },
    };
  }

  /** A run's answer; a cell is `[value, label]`, or a bare value shown as its own label. */
  function runAnswer(detailColumns: string[], rows: unknown[][], allData: boolean) {
    return {
      attributes: { type: 'Report', reportId: REPORT_ID, reportName: 'Do Not Contact - Contacts' },
      allData,
      hasDetailRows: true,
      factMap: {
        'T!T': {
          rows: rows.map((cells) => ({
            dataCells: cells.map((cell) =>
              Array.isArray(cell)
                ? { value: cell[0] as unknown, label: cell[1] as unknown }
                : { value: cell, label: cell === null ? '-' : String(cell) },
            ),
          })),
          aggregates: [{ label: String(rows.length), value: rows.length }],
        },
      },
      groupingsAcross: { groupings: [] },
      groupingsDown: { groupings: [] },
      reportMetadata: {
        id: REPORT_ID,
        name: 'Do Not Contact - Contacts',
        reportFormat: 'TABULAR',
        reportType: { type: 'ContactList', label: 'Contacts & Accounts' },
        detailColumns,
      },
    };
  }

  function sortedBy(column: string) {
    return [{ sortColumn: column, sortOrder: 'Asc' }];
  }

  it('pages past 2,000 rows by record id: three runs, sorted, each after the last id', async () => {
    const columns = ['EMAIL', 'ACCOUNT.WEBSITE', 'CONTACT_ID'];
    nock(INSTANCE)
      .get(DESCRIBE)
      .matchHeader('authorization', 'Bearer session-1')
      .reply(
        200,
        describeAnswer({}, [
          {
            label: 'Contact Information',
            columns: {
              CONTACT_ID: { label: 'Contact ID', dataType: 'id', filterable: true },
              EMAIL: { label: 'Email', dataType: 'email', filterable: true },
            },
          },
          {
            label: 'Account Information',
            columns: {
              ACCOUNT_ID: { label: 'Account ID', dataType: 'id', filterable: true },
              'ACCOUNT.WEBSITE': { label: 'Website', dataType: 'url', filterable: true },
            },
          },
        ]),
      )
      .post(RUN, {
        reportMetadata: {
          detailColumns: columns,
          sortBy: sortedBy('CONTACT_ID'),
          reportFilters: [],
        },
      })
      .query({ includeDetails: 'true' })
      .matchHeader('authorization', 'Bearer session-1')
      .reply(
        200,
        runAnswer(
          columns,
          [
            ['ana@acme.test', 'https://acme.test', '0035e00000AAAA1AAA'],
            ['bo@globex.test', null, '0035e00000AAAA2AAA'],
          ],
          false,
        ),
      )
      .post(RUN, {
        reportMetadata: {
          detailColumns: columns,
          sortBy: sortedBy('CONTACT_ID'),
          reportFilters: [
            { column: 'CONTACT_ID', operator: 'greaterThan', value: '0035e00000AAAA2AAA' },
          ],
        },
      })
      .query({ includeDetails: 'true' })
      .reply(
        200,
        runAnswer(
          columns,
          [
            ['cy@initech.test', ['', '-'], '0035e00000AAAA3AAA'],
            [['', ''], 'umbrella.test', '0035e00000AAAA4AAA'],
          ],
          false,
        ),
      )
      .post(RUN, {
        reportMetadata: {
          detailColumns: columns,
          sortBy: sortedBy('CONTACT_ID'),
          reportFilters: [
            { column: 'CONTACT_ID', operator: 'greaterThan', value: '0035e00000AAAA4AAA' },
          ],
        },
      })
      .query({ includeDetails: 'true' })
      .reply(
        200,
        runAnswer(columns, [['dee@hooli.test', 'hooli.test', '0035e00000AAAA5AAA']], true),
      );
    const progress: number[] = [];

    const rows = await client().runReportRows(REPORT_ID, ['EMAIL', 'ACCOUNT.WEBSITE'], {
      onPage: (rowsSoFar) => {
        progress.push(rowsSoFar);
        return Promise.resolve();
      },
    });

    expect(rows).toEqual([
      { EMAIL: 'ana@acme.test', 'ACCOUNT.WEBSITE': 'https://acme.test' },
      { EMAIL: 'bo@globex.test', 'ACCOUNT.WEBSITE': null },
      { EMAIL: 'cy@initech.test', 'ACCOUNT.WEBSITE': null },
      { EMAIL: null, 'ACCOUNT.WEBSITE': 'umbrella.test' },
      { EMAIL: 'dee@hooli.test', 'ACCOUNT.WEBSITE': 'hooli.test' },
    ]);
    expect(progress).toEqual([2, 4, 5]);
  });

  it('keeps the report’s own filters on every run, before the id filter', async () => {
    const ownFilter = { column: 'LEAD_SOURCE', operator: 'equals', value: 'Purchased List' };
    const columns = ['EMAIL', 'LEAD_ID'];
    nock(INSTANCE)
      .get(DESCRIBE)
      .reply(
        200,
        describeAnswer({
          name: 'Purchased leads',
          reportType: { type: 'LeadList', label: 'Leads' },
          detailColumns: ['EMAIL', 'COMPANY'],
          reportFilters: [{ ...ownFilter, filterType: 'fieldValue', isRunPageEditable: true }],
        }),
      )
      .post(RUN, {
        reportMetadata: {
          detailColumns: columns,
          sortBy: sortedBy('LEAD_ID'),
          reportFilters: [ownFilter],
        },
      })
      .query({ includeDetails: 'true' })
      .reply(200, runAnswer(columns, [['ana@acme.test', '00Q5e00000BBBB1AAA']], false))
      .post(RUN, {
        reportMetadata: {
          detailColumns: columns,
          sortBy: sortedBy('LEAD_ID'),
          reportFilters: [
            ownFilter,
            { column: 'LEAD_ID', operator: 'greaterThan', value: '00Q5e00000BBBB1AAA' },
          ],
        },
      })
      .query({ includeDetails: 'true' })
      .reply(200, runAnswer(columns, [['bo@globex.test', '00Q5e00000BBBB2AAA']], true));

    await expect(client().runReportRows(REPORT_ID, ['EMAIL'])).resolves.toEqual([
      { EMAIL: 'ana@acme.test' },
      { EMAIL: 'bo@globex.test' },
    ]);
  });

  it('keeps the report’s filter logic, with the id filter ANDed to it', async () => {
    const own = [
      { column: 'EMAIL', operator: 'contains', value: '@competitor.test' },
      { column: 'ACCOUNT.TYPE', operator: 'equals', value: 'Competitor' },
    ];
    const columns = ['EMAIL', 'CONTACT_ID'];
    nock(INSTANCE)
      .get(DESCRIBE)
      .reply(200, describeAnswer({ reportFilters: own, reportBooleanFilter: '1 OR 2' }))
      .post(RUN, {
        reportMetadata: {
          detailColumns: columns,
          sortBy: sortedBy('CONTACT_ID'),
          reportFilters: own,
          reportBooleanFilter: '1 OR 2',
        },
      })
      .query({ includeDetails: 'true' })
      .reply(200, runAnswer(columns, [['ana@competitor.test', '0035e00000AAAA1AAA']], false))
      .post(RUN, {
        reportMetadata: {
          detailColumns: columns,
          sortBy: sortedBy('CONTACT_ID'),
          reportFilters: [
            ...own,
            { column: 'CONTACT_ID', operator: 'greaterThan', value: '0035e00000AAAA1AAA' },
          ],
          reportBooleanFilter: '(1 OR 2) AND 3',
        },
      })
      .query({ includeDetails: 'true' })
      .reply(200, runAnswer(columns, [], true));

    await expect(client().runReportRows(REPORT_ID, ['EMAIL'])).resolves.toEqual([
      { EMAIL: 'ana@competitor.test' },
    ]);
  });

  it('pages a custom report type by the column its describe types id, read in the answer’s order', async () => {
    nock(INSTANCE)
      .get(DESCRIBE)
      .reply(
        200,
        describeAnswer(
          {
            reportType: { type: 'Donors_with_Gifts__c', label: 'Donors with Gifts' },
            detailColumns: ['Donor__c.Email__c'],
          },
          [
            {
              label: 'Donors',
              columns: {
                CUST_NAME: { label: 'Donor Name', dataType: 'string' },
                CUST_ID: { label: 'Donor ID', dataType: 'id' },
                'Donor__c.Email__c': { label: 'Email', dataType: 'email' },
              },
            },
          ],
        ),
      )
      .post(RUN, {
        reportMetadata: {
          // The id column is asked for once, though it is chosen too.
          detailColumns: ['Donor__c.Email__c', 'CUST_ID'],
          sortBy: sortedBy('CUST_ID'),
          reportFilters: [],
        },
      })
      .query({ includeDetails: 'true' })
      .reply(
        200,
        runAnswer(
          ['CUST_ID', 'Donor__c.Email__c'],
          [['a0B5e000001XYZ1AAA', 'ana@acme.test']],
          true,
        ),
      );

    await expect(
      client().runReportRows(REPORT_ID, ['Donor__c.Email__c', 'CUST_ID']),
    ).resolves.toEqual([{ 'Donor__c.Email__c': 'ana@acme.test', CUST_ID: 'a0B5e000001XYZ1AAA' }]);
  });

  it('stops, failing, when a run adds no row though Salesforce says more remain', async () => {
    const columns = ['EMAIL', 'CONTACT_ID'];
    nock(INSTANCE)
      .get(DESCRIBE)
      .reply(200, describeAnswer())
      .post(RUN)
      .query({ includeDetails: 'true' })
      .reply(200, runAnswer(columns, [], false));

    const error = await failureOf(client().runReportRows(REPORT_ID, ['EMAIL']));

    expect(error).toMatchObject({ operation: 'runReportRows', code: 'unexpected' });
    expect(error.message).toBe(
      'Salesforce report "Do Not Contact - Contacts" stopped adding rows after 0 while saying more remain (allData false).',
    );
  });

  it('stops, failing, when a run answers only rows it had already (the id filter ignored)', async () => {
    const columns = ['EMAIL', 'CONTACT_ID'];
    const page = runAnswer(
      columns,
      [
        ['ana@acme.test', '0035e00000AAAA1AAA'],
        ['bo@globex.test', '0035e00000AAAA2AAA'],
      ],
      false,
    );
    nock(INSTANCE)
      .get(DESCRIBE)
      .reply(200, describeAnswer())
      .post(RUN)
      .query({ includeDetails: 'true' })
      .times(2)
      .reply(200, page);

    const error = await failureOf(client().runReportRows(REPORT_ID, ['EMAIL']));

    expect(error.code).toBe('unexpected');
    expect(error.message).toBe(
      'Salesforce report "Do Not Contact - Contacts" stopped adding rows after 2 while saying more remain (allData false).',
    );
  });

  it.each(['SUMMARY', 'MATRIX'])('refuses a %s report before running it', async (format) => {
    nock(INSTANCE)
      .get(DESCRIBE)
      .reply(200, describeAnswer({ reportFormat: format }));

    const error = await failureOf(client().runReportRows(REPORT_ID, ['EMAIL']));

    expect(error).toMatchObject({
      system: 'salesforce',
      operation: 'runReportRows',
      code: 'unexpected',
    });
    expect(error.message).toBe(
      `Salesforce report "Do Not Contact - Contacts" is a ${format} report; it must be tabular (Format: Tabular) for its rows to be read.`,
    );
  });

  it('fails as not_found for a report Salesforce does not have', async () => {
    nock(INSTANCE)
      .get(DESCRIBE)
      .reply(404, [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }]);

    const error = await failureOf(client().runReportRows(REPORT_ID, ['EMAIL']));

    expect(error).toMatchObject({ operation: 'runReportRows', code: 'not_found', status: 404 });
  });

  it('fails as invalid_request when Salesforce refuses the run', async () => {
    nock(INSTANCE)
      .get(DESCRIBE)
      .reply(200, describeAnswer())
      .post(RUN)
      .query({ includeDetails: 'true' })
      .reply(400, [
        { errorCode: 'BAD_REQUEST', message: 'The column EMAILS does not exist in this report.' },
      ]);

    const error = await failureOf(client().runReportRows(REPORT_ID, ['EMAILS']));

    expect(error).toMatchObject({
      operation: 'runReportRows',
      code: 'invalid_request',
      status: 400,
      vendorCode: 'BAD_REQUEST',
      vendorMessage: 'The column EMAILS does not exist in this report.',
    });
  });

  it('repeats a run after a 503, since it only reads', async () => {
    const columns = ['EMAIL', 'CONTACT_ID'];
    nock(INSTANCE)
      .get(DESCRIBE)
      .reply(200, describeAnswer())
      .post(RUN)
      .query({ includeDetails: 'true' })
      .reply(503, 'Service Unavailable')
      .post(RUN)
      .query({ includeDetails: 'true' })
      .reply(200, runAnswer(columns, [['ana@acme.test', '0035e00000AAAA1AAA']], true));

    await expect(client().runReportRows(REPORT_ID, ['EMAIL'])).resolves.toEqual([
      { EMAIL: 'ana@acme.test' },
    ]);
  });

  it('fails as unexpected when a run does not say whether it has all the data', async () => {
    const { allData: _allData, ...withoutAllData } = runAnswer(['EMAIL', 'CONTACT_ID'], [], true);
    nock(INSTANCE)
      .get(DESCRIBE)
      .reply(200, describeAnswer())
      .post(RUN)
      .query({ includeDetails: 'true' })
      .reply(200, withoutAllData);

    const error = await failureOf(client().runReportRows(REPORT_ID, ['EMAIL']));

    expect(error.code).toBe('unexpected');
    expect(error.message).toBe(
      `Salesforce runReportRows (POST ${RUN}) answered in an unexpected shape: allData: Invalid input: expected boolean, received undefined`,
    );
  });

  it('fails as unexpected when a row comes without its record id', async () => {
    const columns = ['EMAIL', 'CONTACT_ID'];
    nock(INSTANCE)
      .get(DESCRIBE)
      .reply(200, describeAnswer())
      .post(RUN)
      .query({ includeDetails: 'true' })
      .reply(200, runAnswer(columns, [['ana@acme.test', null]], false));

    const error = await failureOf(client().runReportRows(REPORT_ID, ['EMAIL']));

    expect(error.message).toBe(
      'Salesforce report "Do Not Contact - Contacts" answered a row without its CONTACT_ID.',
    );
  });
});

describe('soqlString', () => {
  it('quotes and escapes a literal', () => {
    expect(soqlString("O'Brien \\ co")).toBe("'O\\'Brien \\\\ co'");
  });
});
