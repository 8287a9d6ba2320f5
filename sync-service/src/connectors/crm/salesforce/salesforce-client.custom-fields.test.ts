// salesforce-client: createCustomFields (Tooling API fields, field permissions, the
// permission set's assignment).
import nock from 'nock';
import { failureOf } from '../../test-support';
import { installNockHooks, INSTANCE, DATA, client, row } from './salesforce-client.test-support';

installNockHooks();

describe('createCustomFields', () => {
  const fields = [
    { fullName: 'OSLastReplyAt__c', label: 'Last reply at', type: 'DateTime' as const },
    { fullName: 'OSLastSubject__c', label: 'Last subject', type: 'Text' as const },
  ];
  const permissionsQuery =
    "SELECT Id, Field, PermissionsRead, PermissionsEdit FROM FieldPermissions WHERE ParentId = '0PS1' AND Field IN ('Contact.OSLastReplyAt__c', 'Contact.OSLastSubject__c', 'Lead.OSLastReplyAt__c', 'Lead.OSLastSubject__c')";

  const assignmentQuery =
    "SELECT Id FROM PermissionSetAssignment WHERE AssigneeId = '005A1' AND PermissionSetId = '0PS1'";
  const ownedQuery = "SELECT IsOwnedByProfile FROM PermissionSet WHERE Id = '0PS1'";
  const notOwned = {
    totalSize: 1,
    done: true,
    records: [row('PermissionSet', { IsOwnedByProfile: false })],
  };

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
      // A set of its own (no profile's), the integration user does not hold yet: assigned.
      .get(`${DATA}/query`)
      .query({ q: ownedQuery })
      .reply(200, notOwned)
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
      .query({ q: ownedQuery })
      .reply(200, notOwned)
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

  it("never assigns a profile's own set: its users hold it through the profile", async () => {
    for (const name of ['Contact.OSLastReplyAt__c', 'Contact.OSLastSubject__c']) {
      nock(INSTANCE)
        .post(
          `${DATA}/tooling/sobjects/CustomField`,
          (body: { FullName?: string }) => body.FullName === name,
        )
        .reply(201, created);
    }
    nock(INSTANCE)
      .get(`${DATA}/query`)
      .query({
        q: "SELECT Id, Field, PermissionsRead, PermissionsEdit FROM FieldPermissions WHERE ParentId = '0PS1' AND Field IN ('Contact.OSLastReplyAt__c', 'Contact.OSLastSubject__c')",
      })
      .reply(200, { totalSize: 0, done: true, records: [] })
      .post(`${DATA}/composite/sobjects`)
      .reply(200, [
        { id: '01k1', success: true, errors: [] },
        { id: '01k2', success: true, errors: [] },
      ])
      .get(`${DATA}/query`)
      .query({ q: ownedQuery })
      .reply(200, {
        totalSize: 1,
        done: true,
        records: [row('PermissionSet', { IsOwnedByProfile: true })],
      });
    // No PermissionSetAssignment query or insert: nock fails the test on an unexpected call.

    await expect(
      client().createCustomFields({
        objects: ['Contact'],
        fields,
        permissionSetId: '0PS1',
        assigneeId: '005A1',
      }),
    ).resolves.toMatchObject({
      assigned: false,
      permissionsCreated: ['Contact.OSLastReplyAt__c', 'Contact.OSLastSubject__c'],
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
