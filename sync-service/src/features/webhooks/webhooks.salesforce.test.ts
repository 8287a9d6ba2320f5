// Webhooks end to end (set-up in webhooks.test-support.ts): a Salesforce webhook, its custom
// fields and task type, created, listed, updated and deleted.
import type { Webhook, WebhooksResponse } from '@outsync/contracts/webhooks';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { profileModel } from '../profiles';
import {
  WEBHOOKS,
  app,
  owner,
  ownerEmail,
  salesforceId,
  salesforceDomain,
  useWebhooksApp,
  salesforceOwner,
  salesforceBody,
  create,
  created,
} from './webhooks.test-support';

guardOutboundCalls();
useWebhooksApp();

describe('a Salesforce webhook', () => {
  async function createFields(customFields: string[]) {
    const sets = await owner.get<Array<{ Id: string; Name: string }>>(
      `/api/admin/salesforce/permissions/${salesforceId}`,
    );
    const permissionId = sets.body.find((set) => set.Name === 'OutSync Integration')?.Id;
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
