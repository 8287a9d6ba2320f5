import type { MeResponse } from '@outsync/contracts';
import type { CrmOwner, SalesforceProfile } from '@outsync/contracts/accounts';
import {
  WebhookSchema,
  WebhooksResponseSchema,
  type Webhook,
  type WebhooksResponse,
} from '@outsync/contracts/webhooks';
import {
  SALESFORCE_DEMO_CLIENT_ID,
  SALESFORCE_DEMO_CLIENT_SECRET,
  type RunningSandbox,
} from '@outsync/sandbox';
import nock from 'nock';
import { buildApiKey, buildUserAccount } from '../../testing/account-factories';
import { guardOutboundCalls } from '../../testing/nock-guard';
import {
  authorizeInSandbox,
  browserGet,
  buildProfile,
  callbackPath,
  connectHubspot,
} from '../../testing/profile-factories';
import { startSandboxTestApp, type SandboxTestApp } from '../../testing/sandbox-test-app';
import type { TestClient } from '../../testing/test-client';
import { buildWebhook } from '../../testing/webhook-factories';
import { profileModel } from '../profiles';
import { webhookModel, type WebhookDoc } from './webhooks.service';

// Webhooks end to end: the real app against the sandbox's HubSpot portal and Salesforce org
// (owners, task types, custom fields), with nock for the one org the sandbox cannot be.

guardOutboundCalls();

const WEBHOOKS = '/api/admin/webhooks';

type Error_ = { code: string; message: string };

let sandbox: RunningSandbox;
let app: SandboxTestApp;
let owner: TestClient;
let ownerId: string;
let ownerEmail: string;
let hubspotId: string;
let salesforceId: string;
let salesforceDomain: string;
let hubspotOwners: CrmOwner[];
let salesforceOwners: CrmOwner[];
let clock: Date;

beforeAll(async () => {
  clock = new Date('2030-01-01T10:00:00.000Z');
  app = await startSandboxTestApp({
    now: () => clock,
    env: { PUBLIC_URL: 'https://hooks.outsync.test' },
  });
  sandbox = app.sandbox;
  ownerEmail = 'webhook-owner@customer.test';
  owner = await app.signIn({ email: ownerEmail });
  await connectHubspot(app.url, owner);
  salesforceDomain = `${sandbox.url}/salesforce`;
  const created = await owner.post<SalesforceProfile>('/api/admin/salesforce/profiles', {
    domain: salesforceDomain,
    consumer_key: SALESFORCE_DEMO_CLIENT_ID,
    consumer_secret: SALESFORCE_DEMO_CLIENT_SECRET,
  });
  salesforceId = created.body.id;
  const check = await owner.get<{ authorizeUrl: string }>(
    `/api/admin/salesforce/profiles/${salesforceId}`,
  );
  await browserGet(app.url, owner, callbackPath(await authorizeInSandbox(check.body.authorizeUrl)));
  const me = (await owner.get<MeResponse>('/api/admin/me')).body;
  ownerId = me.id;
  hubspotId = me.userProfiles
    .map((entry) => entry.userProfileId)
    .find((id) => id !== salesforceId) as string;
  hubspotOwners = (
    await owner.get<{ owners: CrmOwner[] }>(
      `/api/admin/hubspot/owners-and-user-accounts/${hubspotId}`,
    )
  ).body.owners;
  salesforceOwners = (
    await owner.get<{ owners: CrmOwner[] }>(`/api/admin/salesforce/user-accounts/${salesforceId}`)
  ).body.owners;
});

afterAll(async () => {
  await app?.stop();
});

async function generate(client: TestClient = owner): Promise<string> {
  const answer = await client.post<string>(`${WEBHOOKS}/generate`);
  expect(answer.status).toBe(200);
  return answer.body;
}

function hubspotOwner(): CrmOwner {
  const first = hubspotOwners[0];
  if (!first) throw new Error('the sandbox portal has no owners');
  return first;
}

function salesforceOwner(): CrmOwner {
  const first = salesforceOwners[0];
  if (!first) throw new Error('the sandbox org has no users');
  return first;
}

async function hubspotBody(settings: Record<string, unknown> = {}) {
  return {
    userProfileId: hubspotId,
    selectedOwner: hubspotOwner(),
    code: await generate(),
    emailService: { type: 'smartlead', name: 'Smartlead' },
    objectLookupMethod: 'default',
    ...settings,
  };
}

async function salesforceBody(settings: Record<string, unknown> = {}) {
  return {
    userProfileId: salesforceId,
    selectedOwner: salesforceOwner(),
    code: await generate(),
    emailService: 'smartlead',
    objectLookupMethod: 'default',
    logType: 0,
    ...settings,
  };
}

async function create(body: Record<string, unknown>, client: TestClient = owner) {
  return client.post<Webhook & Error_>(WEBHOOKS, body);
}

async function created(body: Record<string, unknown>): Promise<Webhook> {
  const answer = await create(body);
  expect([answer.status, answer.body.message]).toEqual([201, undefined]);
  return answer.body;
}

async function stored(id: string): Promise<WebhookDoc> {
  const doc = await webhookModel(app.db.connection).findById(id).lean<WebhookDoc>();
  if (!doc) throw new Error(`no webhook ${id}`);
  return doc;
}

async function rawStored(id: string): Promise<Record<string, unknown>> {
  const doc = await webhookModel(app.db.connection).collection.findOne({
    _id: (await stored(id))._id,
  });
  return doc as Record<string, unknown>;
}

function later(minutes = 1): void {
  clock = new Date(clock.getTime() + minutes * 60_000);
}

describe('generating a code', () => {
  it('answers a plain-text code of 46 URL-safe characters and stores nothing', async () => {
    const before = await webhookModel(app.db.connection).countDocuments();
    const answer = await owner.post<string>(`${WEBHOOKS}/generate`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(answer.body).toMatch(/^[A-Za-z0-9_-]{46}$/);
    expect(await webhookModel(app.db.connection).countDocuments()).toBe(before);
  });

  it('answers a different code every time', async () => {
    const codes = await Promise.all(Array.from({ length: 100 }, () => generate()));
    expect(new Set(codes).size).toBe(100);
  });

  it('needs a session', async () => {
    const answer = await app.asAnonymous().post<Error_>(`${WEBHOOKS}/generate`);
    expect(answer.status).toBe(401);
  });

  it('refuses a code generated for another user with 409', async () => {
    const someone = await app.signIn({ email: 'someone-else@customer.test' });
    const answer = await create(await hubspotBody({ code: await generate(someone) }));
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      code: 'code_unavailable',
      message: 'This webhook URL was not generated for you. Generate a new one.',
    });
  });

  it('refuses a hand-made code with 409', async () => {
    const answer = await create(
      await hubspotBody({ code: 'my-own-memorable-webhook-code-0123456789' }),
    );
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(
      'This webhook URL was not generated for you. Generate a new one.',
    );
  });

  it('refuses the same code twice with 409', async () => {
    const body = await hubspotBody();
    await created(body);
    const again = await create({ ...body, emailService: 'instantly' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      code: 'code_unavailable',
      message: 'This webhook URL is already in use. Generate a new one.',
    });
  });

  it('lets one of two simultaneous creates with one code through', async () => {
    const body = await hubspotBody();
    const answers = await Promise.all([create(body), create(body), create(body)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    expect(
      await webhookModel(app.db.connection).countDocuments({ code: body.code as string }),
    ).toBe(1);
  });

  it('refuses a code that is not one (schema) with 400', async () => {
    const answer = await create(await hubspotBody({ code: 'short' }));
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('validation_error');
  });
});

describe('a HubSpot webhook', () => {
  it('is created with every field of spec 01 §3, the key and the endpoints', async () => {
    const key = await buildApiKey(app.db, app.secrets, {
      userProfileId: hubspotId,
      platform: 'smartlead',
      description: 'Main Smartlead key',
    });
    const endpoint = await buildUserAccount(app.db, {
      userProfileId: hubspotId,
      description: 'Zapier mirror',
    });
    later();
    const body = await hubspotBody({
      objectLookupMethod: 'AlternativeProperty',
      objectLookupIdField: 'hs_object_id',
      createOrUpdateTask: true,
      assignContactOwner: true,
      apiKeyId: key._id.toString(),
      smartleadBaseCategories: [{ id: '1', name: 'Interested' }],
      additionalEndpoints: [
        { userAccount: { id: endpoint._id.toString() }, eventTypes: ['EMAIL_REPLY', 'EMAIL_SENT'] },
      ],
    });
    const answer = await create(body);
    expect(answer.status).toBe(201);
    const chosen = hubspotOwner();
    const profile = await profileModel(app.db.connection).findById(hubspotId).lean();
    expect(answer.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      userId: ownerId,
      userProfileId: hubspotId,
      user: {
        id: hubspotId,
        profile: 'HUBSPOT',
        email: ownerEmail,
        organizationDomain: profile?.organizationDomain,
        organizationId: profile?.organizationId,
        settings: { domain: profile?.organizationDomain },
        userAccounts: [
          expect.objectContaining({
            id: endpoint._id.toString(),
            description: 'Zapier mirror',
            url: 'https://hooks.example.com/outsync',
            // A webhook forwards to it now.
            canDelete: false,
          }),
        ],
      },
      selectedOwner: chosen,
      ownerDetails: { firstName: chosen.firstName, lastName: chosen.lastName, email: chosen.email },
      hubId: profile?.organizationId,
      hubspotOwnerId: chosen.id,
      webhookUrl: `https://hooks.outsync.test/webhooks/${body.code}`,
      code: body.code,
      createdAt: clock.toISOString(),
      emailService: 'smartlead',
      createOrUpdateCompany: true,
      createOrUpdateTask: true,
      createContactCustomProperties: true,
      assignCompanyOwner: false,
      assignContactOwner: true,
      apiKeyId: key._id.toString(),
      apiKey: { id: key._id.toString(), description: 'Main Smartlead key' },
      smartleadBaseCategories: [{ id: '1', name: 'Interested' }],
      customTaskSubject: '',
      logType: 0,
      salesforceObjectType: 'Contact',
      salesforceOnlyUpdate: false,
      salesforceCustomFieldObjects: [],
      salesforceTaskType: null,
      objectLookupMethod: 'AlternativeProperty',
      objectLookupIdField: 'hs_object_id',
      objectDefaultSearchProperty: null,
      optionalAlternativeProperty: null,
      userAccountWebhooks: [
        {
          userAccount: { id: endpoint._id.toString(), description: 'Zapier mirror' },
          eventTypes: ['EMAIL_REPLY', 'EMAIL_SENT'],
        },
      ],
      canUpdate: true,
    });

    // What the contracts' client checks every answer against.
    expect(WebhookSchema.safeParse(answer.body).error).toBeUndefined();

    const doc = await rawStored(answer.body.id);
    expect(Object.keys(doc).sort()).toEqual(
      [
        '_id',
        'userId',
        'userProfileId',
        'createdBy',
        'code',
        'selectedOwner',
        'ownerDetails',
        'hubId',
        'hubspotOwnerId',
        'emailService',
        'createOrUpdateCompany',
        'createOrUpdateTask',
        'createContactCustomProperties',
        'assignCompanyOwner',
        'assignContactOwner',
        'apiKeyId',
        'smartleadBaseCategories',
        'customTaskSubject',
        'logType',
        'salesforceObjectType',
        'salesforceOnlyUpdate',
        'salesforceCustomFieldObjects',
        'salesforceTaskType',
        'objectLookupMethod',
        'objectLookupIdField',
        'objectDefaultSearchProperty',
        'optionalAlternativeProperty',
        'additionalEndpoints',
        'createdAt',
        'updatedAt',
      ].sort(),
    );
    const typed = await stored(answer.body.id);
    expect(typed.userId.toString()).toBe(ownerId);
    expect(typed.createdBy.toString()).toBe(ownerId);
    expect(typed.apiKeyId?.toString()).toBe(key._id.toString());
    expect(typed.additionalEndpoints.map((row) => row.userAccountId.toString())).toEqual([
      endpoint._id.toString(),
    ]);
    expect(typed.createdAt.toISOString()).toBe(clock.toISOString());
  });

  it('tracks the owner by e-mail and stores it as HubSpot lists it', async () => {
    const chosen = hubspotOwner();
    const webhook = await created(
      await hubspotBody({
        selectedOwner: {
          id: 'stale',
          firstName: 'X',
          lastName: 'Y',
          email: chosen.email.toUpperCase(),
          name: '',
        },
      }),
    );
    expect(webhook.selectedOwner).toEqual(chosen);
    expect(webhook.hubspotOwnerId).toBe(chosen.id);
    expect(webhook.ownerDetails).toEqual({
      firstName: chosen.firstName,
      lastName: chosen.lastName,
      email: chosen.email,
    });
  });

  it("refuses an owner the portal does not have with 'Select Owner'", async () => {
    const answer = await create(
      await hubspotBody({
        selectedOwner: {
          id: '1',
          firstName: 'No',
          lastName: 'Body',
          email: 'nobody@x.test',
          name: '',
        },
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 'validation_error', message: 'Select Owner' });
    const none = await create(await hubspotBody({ selectedOwner: null }));
    expect(none.body).toEqual({ code: 'validation_error', message: 'Select Owner' });
  });

  it('is listed newest first, in the caller’s own list and in All webhooks', async () => {
    later();
    const first = await created(await hubspotBody());
    later();
    const second = await created(await hubspotBody({ emailService: 'instantly' }));
    const list = await owner.get<WebhooksResponse>(WEBHOOKS);
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(WebhooksResponseSchema.safeParse(list.body).error).toBeUndefined();
    const own = list.body.webhooks.map((webhook) => webhook.id);
    expect(own.indexOf(second.id)).toBeLessThan(own.indexOf(first.id));
    expect(own.indexOf(second.id)).toBe(0);
    expect(list.body.allWebhooks.map((webhook) => webhook.id)).toEqual(
      expect.arrayContaining([first.id, second.id]),
    );
    const times = list.body.webhooks.map((webhook) => webhook.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(list.body.webhooks.find((webhook) => webhook.id === first.id)).toEqual(first);
  });

  it('is updated by its owner; owner, profile, code and URL stay whatever the body holds', async () => {
    const webhook = await created(await hubspotBody());
    const endpoint = await buildUserAccount(app.db, {
      userProfileId: hubspotId,
      description: 'Second mirror',
    });
    later();
    const answer = await owner.put<Webhook>(`${WEBHOOKS}/${webhook.id}`, {
      ...webhook,
      code: await generate(),
      webhookUrl: 'https://evil.example/webhooks/x',
      userProfileId: salesforceId,
      userId: '0123456789abcdef01234567',
      selectedOwner: hubspotOwners[1] ?? hubspotOwner(),
      hubId: 'other',
      emailService: 'heyreach',
      objectLookupMethod: 'OptionalAlternativeProperty',
      optionalAlternativeProperty: { email: 'email', profile_url: 'hs_linkedin_url' },
      createOrUpdateCompany: true,
      additionalEndpoints: [
        { userAccount: { id: endpoint._id.toString() }, eventTypes: ['MESSAGE_SENT'] },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: webhook.id,
      code: webhook.code,
      webhookUrl: webhook.webhookUrl,
      userId: webhook.userId,
      userProfileId: hubspotId,
      selectedOwner: webhook.selectedOwner,
      hubId: webhook.hubId,
      createdAt: webhook.createdAt,
      emailService: 'heyreach',
      objectLookupMethod: 'OptionalAlternativeProperty',
      optionalAlternativeProperty: { email: 'email', profile_url: 'hs_linkedin_url' },
      objectLookupIdField: null,
      objectDefaultSearchProperty: null,
      createOrUpdateCompany: false,
      logType: 0,
      userAccountWebhooks: [
        {
          userAccount: { id: endpoint._id.toString(), description: 'Second mirror' },
          eventTypes: ['MESSAGE_SENT'],
        },
      ],
    });
    const doc = await stored(webhook.id);
    expect(doc.code).toBe(webhook.code);
    expect(doc.updatedAt.toISOString()).toBe(clock.toISOString());
    expect(doc.createdAt.toISOString()).toBe(webhook.createdAt);
  });

  it('is deleted by its owner, answering the id and the owner’s names', async () => {
    const webhook = await created(await hubspotBody());
    const answer = await owner.delete<{ id: string; ownerDetails: unknown }>(
      `${WEBHOOKS}/${webhook.id}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: webhook.id,
      ownerDetails: {
        firstName: webhook.ownerDetails.firstName,
        lastName: webhook.ownerDetails.lastName,
      },
    });
    expect(await webhookModel(app.db.connection).countDocuments({ _id: webhook.id })).toBe(0);
    const list = await owner.get<WebhooksResponse>(WEBHOOKS);
    expect(list.body.webhooks.map((listed) => listed.id)).not.toContain(webhook.id);
    expect((await owner.delete<Error_>(`${WEBHOOKS}/${webhook.id}`)).status).toBe(404);
  });
});

describe('a Salesforce webhook', () => {
  async function createFields(customFields: string[]) {
    const sets = await owner.get<Array<{ Id: string; Name: string }>>(
      `/api/admin/salesforce/permissions/${salesforceId}`,
    );
    const permissionId = sets.body.find((set) => set.Name === 'OutSync_Integration')?.Id;
    const answer = await owner.post<{ success: boolean }>('/api/admin/salesforce/properties', {
      userProfileId: salesforceId,
      permissionId,
      customFields,
    });
    expect(answer.body.success).toBe(true);
  }

  it('is created for the social tool once the task type Other checks out, with custom fields', async () => {
    await createFields(['Contact']);
    const body = await salesforceBody({
      emailService: 'heyreach',
      logType: 1,
      salesforceTaskType: 'Other',
      customTaskSubject: '[OS] {{ event_type }} {{ campaign_name }}',
      createContactCustomProperties: true,
      salesforceCustomFieldObjects: ['Contact'],
      salesforceObjectType: 'Lead',
      salesforceOnlyUpdate: true,
      objectLookupMethod: 'OptionalAlternativeProperty',
      objectDefaultSearchProperty: 'Id',
      optionalAlternativeProperty: {
        email: 'Email',
        profile_url: 'LinkedIn__c',
        os_objectlookup_id: 'X',
      },
      createOrUpdateCompany: true,
    });
    const answer = await create(body);
    expect(answer.status).toBe(201);
    const chosen = salesforceOwner();
    expect(answer.body).toMatchObject({
      userProfileId: salesforceId,
      user: {
        id: salesforceId,
        profile: 'SALESFORCE',
        email: ownerEmail,
        settings: { domain: salesforceDomain },
        userAccounts: [],
      },
      selectedOwner: chosen,
      hubspotOwnerId: chosen.id,
      emailService: 'heyreach',
      logType: 1,
      salesforceTaskType: 'Other',
      customTaskSubject: '[OS] {{ event_type }} {{ campaign_name }}',
      createContactCustomProperties: true,
      salesforceCustomFieldObjects: ['Contact'],
      salesforceObjectType: 'Lead',
      salesforceOnlyUpdate: true,
      objectLookupMethod: 'OptionalAlternativeProperty',
      objectDefaultSearchProperty: 'Id',
      objectLookupIdField: null,
      // SALESFORCE keeps the e-mail and profile properties of the social tool only.
      optionalAlternativeProperty: { email: 'Email', profile_url: 'LinkedIn__c' },
      createOrUpdateCompany: false,
      apiKey: null,
      userAccountWebhooks: [],
      canUpdate: true,
    });
    const profile = await profileModel(app.db.connection).findById(salesforceId).lean();
    expect(answer.body.hubId).toBe(profile?.organizationId);
  });

  it("tracks the owner by id: an unknown id is 'Select Owner'", async () => {
    const chosen = salesforceOwner();
    const answer = await create(
      await salesforceBody({ selectedOwner: { ...chosen, id: '005000000000000AAA' } }),
    );
    expect(answer.body).toEqual({ code: 'validation_error', message: 'Select Owner' });
  });

  it("answers 'Fields not created' for objects 'Create Fields' has not done", async () => {
    const answer = await create(
      await salesforceBody({
        createContactCustomProperties: true,
        salesforceCustomFieldObjects: ['Contact', 'Lead'],
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 'validation_error', message: 'Fields not created' });
  });

  it('is listed, updated and deleted', async () => {
    const webhook = await created(await salesforceBody());
    const list = await owner.get<WebhooksResponse>(WEBHOOKS);
    expect(list.body.webhooks.find((listed) => listed.id === webhook.id)).toEqual(webhook);
    const updated = await owner.put<Webhook>(`${WEBHOOKS}/${webhook.id}`, {
      emailService: 'instantly',
      objectLookupMethod: 'AlternativeProperty',
      objectDefaultSearchProperty: 'Email',
      objectLookupIdField: 'External_Id__c',
      logType: 1,
      salesforceTaskType: 'Email',
      customTaskSubject: '{{ subject }} ({{ campaign_name }})',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      emailService: 'instantly',
      objectLookupMethod: 'AlternativeProperty',
      objectDefaultSearchProperty: 'Email',
      objectLookupIdField: 'External_Id__c',
      logType: 1,
      salesforceTaskType: 'Email',
      customTaskSubject: '{{ subject }} ({{ campaign_name }})',
    });
    expect((await owner.delete(`${WEBHOOKS}/${webhook.id}`)).status).toBe(200);
  });
});

describe('the save rules, applied to crafted requests', () => {
  it('HubSpot with an e-mail sequencer keeps no social search property', async () => {
    const webhook = await created(
      await hubspotBody({
        objectDefaultSearchProperty: 'hs_linkedin_url',
        optionalAlternativeProperty: { email: 'email' },
      }),
    );
    expect(webhook.objectDefaultSearchProperty).toBeNull();
    expect(webhook.optionalAlternativeProperty).toBeNull();
    expect((await stored(webhook.id)).objectDefaultSearchProperty).toBeNull();
  });

  it('log type 0 clears the task subject and the task type', async () => {
    const webhook = await created(
      await salesforceBody({
        logType: 0,
        customTaskSubject: '{{ subject }}',
        salesforceTaskType: 'Call',
      }),
    );
    expect([webhook.customTaskSubject, webhook.salesforceTaskType]).toEqual(['', null]);
    const doc = await stored(webhook.id);
    expect([doc.customTaskSubject, doc.salesforceTaskType]).toEqual(['', null]);
  });

  it('the social tool never creates or updates companies', async () => {
    const webhook = await created(
      await hubspotBody({
        emailService: 'heyreach',
        objectDefaultSearchProperty: 'hs_linkedin_url',
        createOrUpdateCompany: true,
      }),
    );
    expect(webhook.createOrUpdateCompany).toBe(false);
    expect(webhook.objectDefaultSearchProperty).toBe('hs_linkedin_url');
    expect((await stored(webhook.id)).createOrUpdateCompany).toBe(false);
  });

  it('categories without an API key are dropped', async () => {
    const webhook = await created(
      await hubspotBody({ smartleadBaseCategories: [{ id: '1', name: 'Interested' }] }),
    );
    expect([webhook.apiKeyId, webhook.smartleadBaseCategories]).toEqual([null, null]);
    const doc = await stored(webhook.id);
    expect([doc.apiKeyId, doc.smartleadBaseCategories]).toEqual([null, null]);
  });

  it('bison on Salesforce keeps neither an API key nor categories', async () => {
    const webhook = await created(
      await salesforceBody({
        emailService: 'bison',
        apiKeyId: '0123456789abcdef01234567',
        smartleadBaseCategories: [{ id: 'lead_interested', name: 'Interested' }],
      }),
    );
    expect([webhook.apiKeyId, webhook.apiKey, webhook.smartleadBaseCategories]).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('bison on HubSpot keeps its fixed categories without a key', async () => {
    const webhook = await created(
      await hubspotBody({
        emailService: 'bison',
        smartleadBaseCategories: [{ id: 'lead_interested', name: 'Interested' }],
      }),
    );
    expect(webhook.smartleadBaseCategories).toEqual([
      { id: 'lead_interested', name: 'Interested' },
    ]);
    expect(webhook.apiKeyId).toBeNull();
  });

  it('custom properties off keep no custom field objects', async () => {
    const webhook = await created(
      await salesforceBody({
        createContactCustomProperties: false,
        salesforceCustomFieldObjects: ['Contact', 'Lead'],
      }),
    );
    expect(webhook.salesforceCustomFieldObjects).toEqual([]);
    expect((await stored(webhook.id)).salesforceCustomFieldObjects).toEqual([]);
  });

  it('drops endpoint rows without an account and repeated accounts', async () => {
    const endpoint = await buildUserAccount(app.db, { userProfileId: hubspotId });
    const webhook = await created(
      await hubspotBody({
        additionalEndpoints: [
          { userAccount: null, eventTypes: [] },
          {
            userAccount: { id: endpoint._id.toString() },
            eventTypes: ['EMAIL_SENT', 'EMAIL_SENT'],
          },
          { userAccount: { id: endpoint._id.toString() }, eventTypes: ['EMAIL_OPEN'] },
        ],
      }),
    );
    expect(webhook.userAccountWebhooks).toEqual([
      {
        userAccount: { id: endpoint._id.toString(), description: 'Endpoint' },
        eventTypes: ['EMAIL_SENT'],
      },
    ]);
  });
});

describe('the messages of spec 01 §5, over HTTP', () => {
  async function messageOf(answer: Promise<{ status: number; body: unknown }>) {
    const { status, body } = await answer;
    return [status, body];
  }
  const refusal = (message: string) => [400, { code: 'validation_error', message }];

  it('create, both CRMs', async () => {
    const endpoint = await buildUserAccount(app.db, { userProfileId: hubspotId });
    expect(await messageOf(create(await hubspotBody({ emailService: null })))).toEqual(
      refusal('Select Sales Engagement Platform'),
    );
    expect(
      await messageOf(create(await salesforceBody({ emailService: { type: 'lemlist' } }))),
    ).toEqual(refusal('Select Sales Engagement Platform'));
    expect(
      await messageOf(
        create(
          await hubspotBody({ apiKeyId: '0123456789abcdef01234567', smartleadBaseCategories: [] }),
        ),
      ),
    ).toEqual(refusal('Select Category-based filter'));
    expect(
      await messageOf(
        create(
          await hubspotBody({
            additionalEndpoints: [{ userAccount: { id: endpoint._id.toString() }, eventTypes: [] }],
          }),
        ),
      ),
    ).toEqual(refusal('Select Event Types'));
  });

  it('create, HubSpot', async () => {
    expect(await messageOf(create(await hubspotBody({ objectLookupMethod: null })))).toEqual(
      refusal('Select Object Lookup Method'),
    );
    expect(await messageOf(create(await hubspotBody({ objectLookupMethod: 'something' })))).toEqual(
      refusal('Select Object Lookup Method'),
    );
    expect(await messageOf(create(await hubspotBody({ emailService: 'heyreach' })))).toEqual(
      refusal('Select Property for Profile URL'),
    );
    expect(
      await messageOf(
        create(
          await hubspotBody({
            emailService: 'heyreach',
            objectLookupMethod: 'AlternativeProperty',
          }),
        ),
      ),
    ).toEqual(refusal('Select Property for Object lookup selection'));
    expect(
      await messageOf(
        create(
          await hubspotBody({
            emailService: 'heyreach',
            objectLookupMethod: 'optional_alternative_property',
            optionalAlternativeProperty: { email: ' ' },
          }),
        ),
      ),
    ).toEqual(refusal('Select at least one property for Optional Alternative Property'));
  });

  it('create, HubSpot: a missing lookup field for an e-mail sequencer only warns, it saves', async () => {
    const webhook = await created(await hubspotBody({ objectLookupMethod: 'AlternativeProperty' }));
    expect(webhook.objectLookupIdField).toBeNull();
  });

  it('create, Salesforce', async () => {
    expect(
      await messageOf(
        create(
          await salesforceBody({
            createContactCustomProperties: true,
            salesforceCustomFieldObjects: ['Lead'],
          }),
        ),
      ),
    ).toEqual(refusal('Fields not created'));
    expect(
      await messageOf(
        create(
          await salesforceBody({
            createContactCustomProperties: true,
            salesforceCustomFieldObjects: [],
          }),
        ),
      ),
    ).toEqual(refusal('Objects for custom fields not selected'));
    expect(
      await messageOf(
        create(
          await salesforceBody({
            logType: 1,
            customTaskSubject: '{{ not_a_snippet }}',
            salesforceTaskType: 'Email',
          }),
        ),
      ),
    ).toEqual(refusal('Enter Custom Task Subject'));
    expect(
      await messageOf(create(await salesforceBody({ objectLookupMethod: 'AlternativeProperty' }))),
    ).toEqual(refusal('Select Object lookup selection'));
    expect(
      await messageOf(
        create(await salesforceBody({ logType: 1, customTaskSubject: '{{ subject }}' })),
      ),
    ).toEqual(refusal('Select Task Type'));
  });

  it('update dialog', async () => {
    const hubspot = await created(await hubspotBody());
    const salesforce = await created(await salesforceBody());
    expect(
      await messageOf(
        owner.put(`${WEBHOOKS}/${salesforce.id}`, {
          emailService: 'smartlead',
          objectLookupMethod: 'default',
          createContactCustomProperties: true,
          salesforceCustomFieldObjects: [],
        }),
      ),
    ).toEqual(refusal('Custom Field Objects not selected'));
    expect(
      await messageOf(
        owner.put(`${WEBHOOKS}/${hubspot.id}`, {
          emailService: 'heyreach',
          objectLookupMethod: 'default',
        }),
      ),
    ).toEqual(refusal('Select Contact Search Property for HeyReach'));
    expect(
      await messageOf(owner.put(`${WEBHOOKS}/${hubspot.id}`, { objectLookupMethod: 'default' })),
    ).toEqual(refusal('Select Sales Engagement Platform'));
    // Nothing was changed by the refused updates.
    expect((await stored(hubspot.id)).emailService).toBe('smartlead');
  });
});

describe('what a webhook may point at', () => {
  it("refuses an API key that is not the profile's, or not of the platform", async () => {
    const other = await buildProfile(app.db, { ownerId });
    const elsewhere = await buildApiKey(app.db, app.secrets, {
      userProfileId: other._id,
      platform: 'smartlead',
    });
    const instantly = await buildApiKey(app.db, app.secrets, {
      userProfileId: hubspotId,
      platform: 'instantly',
    });
    for (const key of [elsewhere, instantly]) {
      const answer = await create(
        await hubspotBody({
          apiKeyId: key._id.toString(),
          smartleadBaseCategories: [{ id: '1', name: 'Interested' }],
        }),
      );
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        code: 'validation_error',
        message: "The API key is not one of this profile's Smartlead keys. Choose another.",
      });
    }
  });

  it("refuses an endpoint that is not the profile's", async () => {
    const other = await buildProfile(app.db, { ownerId });
    const endpoint = await buildUserAccount(app.db, { userProfileId: other._id });
    const answer = await create(
      await hubspotBody({
        additionalEndpoints: [
          { userAccount: { id: endpoint._id.toString() }, eventTypes: ['EMAIL_SENT'] },
        ],
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      "An additional endpoint is not one of this profile's webhook endpoints. Choose another account.",
    );
  });

  it('refuses endpoints on a profile without Additional Webhooks with 403', async () => {
    const endpoint = await buildUserAccount(app.db, { userProfileId: hubspotId });
    await profileModel(app.db.connection).updateOne(
      { _id: hubspotId },
      { $set: { canUserAccount: false } },
    );
    try {
      const answer = await create(
        await hubspotBody({
          additionalEndpoints: [
            { userAccount: { id: endpoint._id.toString() }, eventTypes: ['EMAIL_SENT'] },
          ],
        }),
      );
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({
        code: 'feature_not_approved',
        message:
          'Additional endpoints are not enabled for this profile. Ask an admin to turn on Additional Webhooks for it.',
      });
      // Without endpoints the profile still takes webhooks.
      expect((await create(await hubspotBody())).status).toBe(201);
    } finally {
      await profileModel(app.db.connection).updateOne(
        { _id: hubspotId },
        { $set: { canUserAccount: true } },
      );
    }
  });

  it('refuses a profile without Webhooks with 403 saying so, on create and update', async () => {
    const webhook = await created(await hubspotBody());
    await profileModel(app.db.connection).updateOne(
      { _id: hubspotId },
      { $set: { canWebhook: false } },
    );
    try {
      const message =
        'Webhooks are not enabled for this profile. Ask an admin to turn on Webhooks for it.';
      const answer = await create(await hubspotBody());
      expect([answer.status, answer.body]).toEqual([
        403,
        { code: 'feature_not_approved', message },
      ]);
      const update = await owner.put<Error_>(`${WEBHOOKS}/${webhook.id}`, {
        emailService: 'smartlead',
        objectLookupMethod: 'default',
      });
      expect([update.status, update.body]).toEqual([
        403,
        { code: 'feature_not_approved', message },
      ]);
    } finally {
      await profileModel(app.db.connection).updateOne(
        { _id: hubspotId },
        { $set: { canWebhook: true } },
      );
    }
  });

  it('refuses the social tool on an org without the task type Other', async () => {
    const instanceUrl = 'https://acme-no-other.my.salesforce.com';
    const profile = await buildProfile(app.db, {
      ownerId,
      crm: 'SALESFORCE',
      secrets: app.secrets,
      salesforce: { domain: instanceUrl, consumerKey: 'ck', consumerSecret: 'cs' },
      connection: {
        accessToken: 'sf-access',
        refreshToken: 'sf-refresh',
        instanceUrl,
        expiresAt: new Date(clock.getTime() + 60 * 60_000),
      },
    });
    const webhook = await buildWebhook(app.db, { profile });
    nock(instanceUrl)
      .get(/\/services\/data\/v[\d.]+\/sobjects\/Task\/describe$/)
      .reply(200, {
        name: 'Task',
        label: 'Task',
        fields: [
          {
            name: 'Type',
            label: 'Type',
            type: 'picklist',
            custom: false,
            picklistValues: [
              { value: 'Call', label: 'Call', active: true },
              { value: 'Email', label: 'Email', active: true },
              { value: 'Other', label: 'Other', active: false },
            ],
          },
        ],
      });
    const answer = await owner.put<Error_>(`${WEBHOOKS}/${webhook._id.toString()}`, {
      emailService: 'heyreach',
      objectLookupMethod: 'default',
      logType: 1,
      salesforceTaskType: 'Other',
      customTaskSubject: '{{ event_type }}',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      code: 'validation_error',
      message: 'Task Type "Other" not found in Salesforce. Please add it manually.',
    });
    expect((await stored(webhook._id.toString())).emailService).toBe('smartlead');
  });
});

describe('what a webhook keeps from being deleted', () => {
  it('its API key: 409 naming the webhook', async () => {
    const key = await buildApiKey(app.db, app.secrets, {
      userProfileId: hubspotId,
      platform: 'instantly',
      description: 'Busy key',
    });
    const chosen = hubspotOwner();
    const webhook = await created(
      await hubspotBody({
        emailService: 'instantly',
        apiKeyId: key._id.toString(),
        smartleadBaseCategories: [{ id: '2', name: 'Meeting booked' }],
      }),
    );
    const answer = await owner.delete<Error_>(
      `/api/admin/dashboard/smartlead/${key._id.toString()}`,
    );
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('in_use');
    expect(answer.body.message).toBe(
      `The API key "Busy key" is still used by webhook "${chosen.firstName} ${chosen.lastName} (Instantly)". Remove it first.`,
    );
    await owner.delete(`${WEBHOOKS}/${webhook.id}`);
    expect(
      (await owner.delete(`/api/admin/dashboard/smartlead/${key._id.toString()}`)).status,
    ).toBe(200);
  });

  it('its endpoint: 409, and the endpoint cannot be deleted in the endpoints list', async () => {
    const endpoint = await buildUserAccount(app.db, {
      userProfileId: hubspotId,
      description: 'Busy endpoint',
    });
    const webhook = await created(
      await hubspotBody({
        additionalEndpoints: [
          { userAccount: { id: endpoint._id.toString() }, eventTypes: ['EMAIL_SENT'] },
        ],
      }),
    );
    const answer = await owner.delete<Error_>(
      `/api/admin/user-accounts/${endpoint._id.toString()}`,
    );
    expect(answer.status).toBe(409);
    expect(answer.body.message).toMatch(
      /^The webhook endpoint "Busy endpoint" is still used by webhook ".+ \(Smartlead\)"\. Remove it from it first\.$/,
    );
    await owner.delete(`${WEBHOOKS}/${webhook.id}`);
    expect((await owner.delete(`/api/admin/user-accounts/${endpoint._id.toString()}`)).status).toBe(
      200,
    );
  });

  it('its profile: 409 counting the webhooks', async () => {
    const profile = await buildProfile(app.db, { ownerId });
    await buildWebhook(app.db, { profile });
    await buildWebhook(app.db, { profile });
    const answer = await owner.delete<Error_>(
      `/api/admin/hubspot/profiles/${profile._id.toString()}`,
    );
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(
      'This profile is still used by 2 webhooks. Delete those first.',
    );
  });
});

describe('ids', () => {
  it('a malformed id is 400, an unknown one 404, on update and delete', async () => {
    const body = { emailService: 'smartlead', objectLookupMethod: 'default' };
    for (const id of ['not-an-id', '0123456789ABCDEF01234567', '%24gt']) {
      expect((await owner.put<Error_>(`${WEBHOOKS}/${id}`, body)).body.code).toBe(
        'validation_error',
      );
      expect((await owner.delete<Error_>(`${WEBHOOKS}/${id}`)).status).toBe(400);
    }
    const unknown = '0123456789abcdef01234567';
    const update = await owner.put<Error_>(`${WEBHOOKS}/${unknown}`, body);
    expect([update.status, update.body.code]).toEqual([404, 'not_found']);
    const remove = await owner.delete<Error_>(`${WEBHOOKS}/${unknown}`);
    expect([remove.status, remove.body.code]).toEqual([404, 'not_found']);
  });

  it('a profile that is not there is 404 on create', async () => {
    const answer = await create(await hubspotBody({ userProfileId: '0123456789abcdef01234567' }));
    expect([answer.status, answer.body.code]).toEqual([404, 'not_found']);
  });
});
