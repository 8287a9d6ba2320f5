// Webhooks end to end (set-up in webhooks.test-support.ts): the save rules, applied to crafted
// requests.
import { buildUserAccount } from '../../testing/account-factories';
import { guardOutboundCalls } from '../../testing/nock-guard';
import {
  app,
  hubspotId,
  useWebhooksApp,
  hubspotBody,
  salesforceBody,
  created,
  stored,
} from './webhooks.test-support';

guardOutboundCalls();
useWebhooksApp();

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
