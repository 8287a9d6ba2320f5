// Webhooks end to end (set-up in webhooks.test-support.ts): a HubSpot webhook created, tracked,
// listed, updated and deleted.
import { SPEC_SWITCH_DEFAULTS } from '@outsync/contracts/webhooks/testing';
import {
  WebhookSchema,
  WebhooksResponseSchema,
  type Webhook,
  type WebhooksResponse,
} from '@outsync/contracts/webhooks';
import { buildApiKey, buildUserAccount } from '../../testing/account-factories';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { profileModel } from '../profiles';
import { webhookModel } from './webhooks.service';
import {
  WEBHOOKS,
  type Error_,
  app,
  owner,
  ownerId,
  ownerEmail,
  hubspotId,
  salesforceId,
  hubspotOwners,
  clock,
  useWebhooksApp,
  generate,
  hubspotOwner,
  hubspotBody,
  create,
  created,
  stored,
  rawStored,
  later,
} from './webhooks.test-support';

guardOutboundCalls();
useWebhooksApp();

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
      ...SPEC_SWITCH_DEFAULTS,
      createOrUpdateTask: true,
      assignContactOwner: true,
      apiKeyId: key._id.toString(),
      apiKey: { id: key._id.toString(), description: 'Main Smartlead key' },
      smartleadBaseCategories: [{ id: '1', name: 'Interested' }],
      customTaskSubject: '',
      logType: 0,
      salesforceObjectType: 'Contact',
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
        ...Object.keys(SPEC_SWITCH_DEFAULTS),
        'apiKeyId',
        'smartleadBaseCategories',
        'customTaskSubject',
        'logType',
        'salesforceObjectType',
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
