// hubspot-objects: property groups and properties (listing and creating them).
import nock from 'nock';
import { failureOf } from '../../test-support';
import { installNockHooks, API, TIMES, client } from './hubspot-objects.test-support';

installNockHooks();

describe('property groups and properties', () => {
  it('lists the group names', async () => {
    nock(API)
      .get('/crm/v3/properties/contacts/groups')
      .matchHeader('authorization', 'Bearer access-1')
      .reply(200, {
        results: [
          { name: 'contactinformation', label: 'Contact information', displayOrder: 0 },
          { name: 'outsync', label: 'OutSync', displayOrder: -1, archived: false },
        ],
      });

    await expect(client().listPropertyGroups('contacts')).resolves.toEqual([
      'contactinformation',
      'outsync',
    ]);
  });

  it('creates a group, and takes a 409 as an existing one', async () => {
    nock(API)
      .post('/crm/v3/properties/contacts/groups', { name: 'outsync', label: 'OutSync' })
      .matchHeader('authorization', 'Bearer access-1')
      .reply(201, { name: 'outsync', label: 'OutSync', displayOrder: -1, archived: false })
      .post('/crm/v3/properties/companies/groups', { name: 'outsync', label: 'OutSync' })
      .reply(409, {
        status: 'error',
        message: 'A property group named outsync already exists.',
        category: 'OBJECT_ALREADY_EXISTS',
      });

    const api = client();
    await expect(
      api.createPropertyGroup('contacts', { name: 'outsync', label: 'OutSync' }),
    ).resolves.toBe('created');
    await expect(
      api.createPropertyGroup('companies', { name: 'outsync', label: 'OutSync' }),
    ).resolves.toBe('exists');
  });

  it('does not take another refusal of a group for an existing one', async () => {
    nock(API).post('/crm/v3/properties/contacts/groups').reply(400, {
      status: 'error',
      message: 'name must be lower case',
      category: 'VALIDATION_ERROR',
    });

    const error = await failureOf(
      client().createPropertyGroup('contacts', { name: 'Out Sync', label: 'OutSync' }),
    );

    expect(error).toMatchObject({ code: 'invalid_request', status: 400 });
  });

  it('creates properties in a batch and maps the ones refused', async () => {
    nock(API)
      .post('/crm/v3/properties/contacts/batch/create', {
        inputs: [
          {
            name: 'os_last_platform',
            label: 'Last platform',
            type: 'enumeration',
            fieldType: 'select',
            groupName: 'outsync',
            description: 'The platform of the last event',
            options: [
              { label: 'Smartlead', value: 'smartlead', displayOrder: 0, hidden: false },
              { label: 'HeyReach', value: 'heyreach', hidden: false },
            ],
          },
          {
            name: 'os_open_count',
            label: 'Opens',
            type: 'number',
            fieldType: 'number',
            groupName: 'outsync',
          },
        ],
      })
      .matchHeader('authorization', 'Bearer access-1')
      .reply(207, {
        status: 'COMPLETE',
        results: [
          {
            name: 'os_last_platform',
            label: 'Last platform',
            type: 'enumeration',
            fieldType: 'select',
            groupName: 'outsync',
            description: 'The platform of the last event',
            options: [],
          },
        ],
        numErrors: 1,
        errors: [
          {
            status: 'error',
            category: 'OBJECT_ALREADY_EXISTS',
            message: 'Property named os_open_count already exists.',
            context: { name: ['os_open_count'] },
          },
        ],
        ...TIMES,
      });

    const answer = await client().batchCreateProperties('contacts', [
      {
        name: 'os_last_platform',
        label: 'Last platform',
        type: 'enumeration',
        fieldType: 'select',
        groupName: 'outsync',
        description: 'The platform of the last event',
        options: [
          { label: 'Smartlead', value: 'smartlead', displayOrder: 0 },
          { label: 'HeyReach', value: 'heyreach' },
        ],
      },
      {
        name: 'os_open_count',
        label: 'Opens',
        type: 'number',
        fieldType: 'number',
        groupName: 'outsync',
      },
    ]);

    expect(answer).toEqual({
      results: [{ name: 'os_last_platform' }],
      errors: [
        {
          status: 'error',
          category: 'OBJECT_ALREADY_EXISTS',
          message: 'Property named os_open_count already exists.',
          context: { name: ['os_open_count'] },
          traceIds: [],
        },
      ],
    });
  });
});
