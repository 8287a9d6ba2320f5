// The harness itself: the fake answers as the service does (schemas, CSRF, save rules, rule
// messages, visibility), so the screens' tests can trust it.
import { createDashboardRouteClient, createQueryClient } from '@outsync/app-runtime';
import { isApiError } from '@outsync/contracts';
import { webhooksAreaRoutes } from '../shared/api/webhooks-api';
import { fakeService } from './fake-service';
import {
  aCrmOwner,
  admin,
  anIntegration,
  aSalesforceWebhook,
  aUserAccount,
  aWebhook,
  hubspotProfile,
  oid,
  salesforceProfile,
} from './fixtures';

afterEach(() => jest.restoreAllMocks());

const client = () =>
  createDashboardRouteClient(webhooksAreaRoutes, { queryClient: createQueryClient() });

async function failure(call: Promise<unknown>) {
  const error: unknown = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!isApiError(error)) throw new Error('expected the call to fail');
  return { status: error.status, message: error.message };
}

const colleagueProfile = anIntegration({
  id: oid(9),
  email: 'bob@acme.test',
  firstName: 'Bob',
  lastName: 'Stone',
});

test("the list answers the caller's own webhooks and those on their portals, with canUpdate", async () => {
  const colleagues = aWebhook({ id: oid(0x1009), userProfileId: oid(9), canUpdate: true });
  const elsewhere = aWebhook({
    id: oid(0x100a),
    userProfileId: oid(10),
    user: { ...aWebhook().user, id: oid(10), organizationId: '999' },
  });
  fakeService({
    integrations: [hubspotProfile, colleagueProfile],
    webhooks: [aWebhook(), colleagues, elsewhere],
  });

  const { webhooks, allWebhooks } = await client().webhooks();

  expect(webhooks.map((webhook) => webhook.id)).toEqual([oid(0x1001)]);
  expect(allWebhooks.map((webhook) => [webhook.id, webhook.canUpdate])).toEqual([
    [oid(0x1001), true],
    [oid(0x1009), false],
  ]);
});

test('an admin sees every webhook and may change each', async () => {
  const api = fakeService({ caller: admin, webhooks: [aWebhook(), aSalesforceWebhook()] });

  const { webhooks, allWebhooks } = await client().webhooks();

  expect(webhooks).toEqual([]);
  expect(allWebhooks.every((webhook) => webhook.canUpdate)).toBe(true);
  await client().deleteWebhook({ params: { id: oid(0x2001) } });
  expect(api.db.webhooks.map((webhook) => webhook.id)).toEqual([oid(0x1001)]);
});

test('generate answers a plain-text code that create then accepts once', async () => {
  const owner = aCrmOwner();
  const api = fakeService({
    integrations: [hubspotProfile],
    userAccounts: [aUserAccount()],
  });
  const code = await client().generateWebhookCode();
  expect(code).toMatch(/^[A-Za-z0-9_-]{32,64}$/);

  const body = {
    userProfileId: hubspotProfile.user.id,
    selectedOwner: owner,
    code,
    emailService: { type: 'heyreach', name: 'HeyReach' },
    objectLookupMethod: 'default',
    objectDefaultSearchProperty: 'hs_linkedin_url',
    createOrUpdateCompany: true,
    additionalEndpoints: [
      { userAccount: { id: oid(0xe1) }, eventTypes: ['MESSAGE_SENT' as const] },
    ],
  };
  const created = await client().createWebhook({ body });

  // The save rules ran: the company checkbox cannot be on for the social tool.
  expect(created).toMatchObject({
    emailService: 'heyreach',
    createOrUpdateCompany: false,
    logType: 1,
    webhookUrl: `http://localhost/webhooks/${code}`,
    ownerDetails: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@acme.test' },
    userAccountWebhooks: [
      {
        userAccount: { id: oid(0xe1), description: 'Ops forwarder' },
        eventTypes: ['MESSAGE_SENT'],
      },
    ],
    canUpdate: true,
  });
  expect(api.db.webhooks).toHaveLength(1);
  expect(await failure(client().createWebhook({ body }))).toEqual({
    status: 409,
    message: 'This webhook URL is already in use. Generate a new one.',
  });
  expect(api.sent('createWebhook')[0]?.headers.get('X-CSRF-Token')).toBe('csrf-1');
});

test("create and update answer the rules' first blocking message as a 400", async () => {
  fakeService({ integrations: [hubspotProfile, salesforceProfile], webhooks: [aWebhook()] });
  const code = await client().generateWebhookCode();

  expect(
    await failure(
      client().createWebhook({
        body: { userProfileId: hubspotProfile.user.id, code, emailService: 'smartlead' },
      }),
    ),
  ).toEqual({ status: 400, message: 'Select Owner' });

  expect(
    await failure(
      client().updateWebhook({
        params: { id: oid(0x1001) },
        body: {
          emailService: 'heyreach',
          objectLookupMethod: 'AlternativeProperty',
          objectLookupIdField: null,
        },
      }),
    ),
  ).toEqual({ status: 400, message: 'Select Contact Search Property for HeyReach' });
});

test('Salesforce custom fields must be created before a webhook may use them', async () => {
  const api = fakeService({ integrations: [salesforceProfile] });
  const settings = {
    userProfileId: salesforceProfile.user.id,
    selectedOwner: aCrmOwner(),
    emailService: 'instantly',
    createContactCustomProperties: true,
    salesforceCustomFieldObjects: ['Contact' as const],
  };

  const code = await client().generateWebhookCode();
  expect(await failure(client().createWebhook({ body: { ...settings, code } }))).toEqual({
    status: 400,
    message: 'Fields not created',
  });
  await client().createSalesforceFields({
    body: {
      userProfileId: salesforceProfile.user.id,
      permissionId: 'ps1',
      customFields: ['Contact'],
    },
  });
  const created = await client().createWebhook({ body: { ...settings, code } });

  expect(created.salesforceCustomFieldObjects).toEqual(['Contact']);
  expect(api.db.customFieldsCreated).toEqual({ [salesforceProfile.user.id]: ['Contact'] });
});

test('a route can be made to fail, and a request the schemas refuse is answered 400 with its first issue', async () => {
  const api = fakeService({ integrations: [hubspotProfile] });
  api.on('organizationIntegrations', () => ({
    status: 500,
    error: { message: 'Database down', code: 'internal_error' },
  }));

  expect(await failure(client().organizationIntegrations())).toEqual({
    status: 500,
    message: 'Database down',
  });
  expect(await failure(client().deleteWebhook({ params: { id: 'not-an-id' } }))).toEqual({
    status: 400,
    message: 'Expected an id (24 hexadecimal digits).',
  });
  expect(api.sent('deleteWebhook')).toHaveLength(1);
});
