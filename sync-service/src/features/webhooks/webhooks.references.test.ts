// Webhooks end to end (set-up in webhooks.test-support.ts): what a webhook may point at (keys,
// endpoints, profiles; nock for the one org the sandbox cannot be), what it keeps from being
// deleted, and ids that are malformed or not there.
import nock from 'nock';
import { buildApiKey, buildUserAccount } from '../../testing/account-factories';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { buildProfile } from '../../testing/profile-factories';
import { buildWebhook } from '../../testing/webhook-factories';
import { profileModel } from '../profiles';
import {
  WEBHOOKS,
  type Error_,
  app,
  owner,
  ownerId,
  hubspotId,
  clock,
  useWebhooksApp,
  hubspotOwner,
  hubspotBody,
  create,
  created,
  stored,
} from './webhooks.test-support';

guardOutboundCalls();
useWebhooksApp();

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
