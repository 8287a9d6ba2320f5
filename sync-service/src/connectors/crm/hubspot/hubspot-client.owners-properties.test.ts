// hubspot-client: the portal's owners (listOwners) and an object's properties (listProperties).
import nock from 'nock';
import { failureOf } from '../../test-support';
import { createHubspotClient } from './hubspot-client';
import { installNockHooks, API, auth, owner } from './hubspot-client.test-support';

installNockHooks();

describe('listOwners', () => {
  it('reads every page of GET /crm/v3/owners with the bearer token', async () => {
    nock(API)
      .get('/crm/v3/owners')
      .query({ limit: '100', archived: 'false' })
      .matchHeader('authorization', 'Bearer access-1')
      .reply(200, {
        results: [owner('101', 'ana@acme.test')],
        paging: { next: { after: '1', link: `${API}/crm/v3/owners?after=1` } },
      })
      .get('/crm/v3/owners')
      .query({ limit: '100', archived: 'false', after: '1' })
      .matchHeader('authorization', 'Bearer access-1')
      .reply(200, {
        results: [
          owner('102', 'queue@acme.test', {
            type: 'QUEUE',
            firstName: undefined,
            lastName: undefined,
            userId: undefined,
          }),
        ],
      });

    await expect(createHubspotClient({ apiUrl: API, auth: auth() }).listOwners()).resolves.toEqual([
      {
        id: '101',
        email: 'ana@acme.test',
        firstName: 'Ana',
        lastName: 'Lima',
        userId: '9001',
        archived: false,
      },
      {
        id: '102',
        email: 'queue@acme.test',
        firstName: '',
        lastName: '',
        userId: null,
        archived: false,
      },
    ]);
  });

  it('refreshes the token once on 401 and repeats the page', async () => {
    const tokens = auth();
    nock(API)
      .get('/crm/v3/owners')
      .query(true)
      .matchHeader('authorization', 'Bearer access-1')
      .reply(401, {
        status: 'error',
        message: 'The OAuth token used to make this call expired.',
        category: 'EXPIRED_AUTHENTICATION',
      })
      .get('/crm/v3/owners')
      .query(true)
      .matchHeader('authorization', 'Bearer access-2')
      .reply(200, { results: [owner('101', 'ana@acme.test')] });

    const owners = await createHubspotClient({ apiUrl: API, auth: tokens }).listOwners();

    expect(owners.map((item) => item.id)).toEqual(['101']);
    expect(tokens.refreshes).toBe(1);
  });

  it('fails as missing_scopes when the app lacks crm.objects.owners.read', async () => {
    nock(API)
      .get('/crm/v3/owners')
      .query(true)
      .reply(403, {
        status: 'error',
        message: "This app hasn't been granted all required scopes to make this call.",
        correlationId: '3d2f',
        errors: [
          {
            message: 'One or more of the following scopes are required.',
            context: { requiredGranularScopes: ['crm.objects.owners.read'] },
          },
        ],
        category: 'MISSING_SCOPES',
      });

    const error = await failureOf(createHubspotClient({ apiUrl: API, auth: auth() }).listOwners());

    expect(error).toMatchObject({
      system: 'hubspot',
      operation: 'listOwners',
      code: 'missing_scopes',
      status: 403,
    });
  });

  it('waits out a 429 with Retry-After and carries on', async () => {
    nock(API)
      .get('/crm/v3/owners')
      .query(true)
      .reply(
        429,
        {
          status: 'error',
          message: 'You have reached your ten_secondly_rolling limit.',
          errorType: 'RATE_LIMIT',
          policyName: 'TEN_SECONDLY_ROLLING',
        },
        { 'Retry-After': '1' },
      )
      .get('/crm/v3/owners')
      .query(true)
      .reply(200, { results: [owner('101', 'ana@acme.test')] });

    const owners = await createHubspotClient({ apiUrl: API, auth: auth() }).listOwners();

    expect(owners).toHaveLength(1);
  });

  it('fails as unexpected when an owner has no id', async () => {
    nock(API)
      .get('/crm/v3/owners')
      .query(true)
      .reply(200, { results: [{ ...owner('101', 'a@b.test'), id: undefined }] });

    const error = await failureOf(createHubspotClient({ apiUrl: API, auth: auth() }).listOwners());

    expect(error.code).toBe('unexpected');
    expect(error.message).toBe(
      'HubSpot listOwners (GET /crm/v3/owners) answered in an unexpected shape: results.0.id: Invalid input: expected string, received undefined',
    );
  });
});

describe('listProperties', () => {
  it('reads GET /crm/v3/properties/{objectType} and keeps the fields the UI shows', async () => {
    nock(API)
      .get('/crm/v3/properties/companies')
      .query({ archived: 'false' })
      .matchHeader('authorization', 'Bearer access-1')
      .reply(200, {
        results: [
          {
            updatedAt: '2019-10-30T03:30:17.883Z',
            createdAt: '2019-08-06T02:41:52.636Z',
            name: 'domain',
            label: 'Company Domain Name',
            type: 'string',
            fieldType: 'text',
            description: 'The domain name of the company',
            groupName: 'companyinformation',
            options: [],
            displayOrder: -1,
            calculated: false,
            externalOptions: false,
            hasUniqueValue: false,
            hidden: false,
            hubspotDefined: true,
            modificationMetadata: {
              archivable: true,
              readOnlyDefinition: true,
              readOnlyValue: false,
            },
            formField: false,
          },
          {
            name: 'os_last_reply_at',
            label: 'Last reply',
            type: 'datetime',
            fieldType: 'date',
            groupName: 'outsync',
          },
        ],
      });

    await expect(
      createHubspotClient({ apiUrl: API, auth: auth() }).listProperties('companies'),
    ).resolves.toEqual([
      {
        name: 'domain',
        label: 'Company Domain Name',
        description: 'The domain name of the company',
        type: 'string',
        fieldType: 'text',
        groupName: 'companyinformation',
      },
      {
        name: 'os_last_reply_at',
        label: 'Last reply',
        description: '',
        type: 'datetime',
        fieldType: 'date',
        groupName: 'outsync',
      },
    ]);
  });
});
