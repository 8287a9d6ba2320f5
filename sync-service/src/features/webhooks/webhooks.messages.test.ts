// Webhooks end to end (set-up in webhooks.test-support.ts): the messages of spec 01 §5, over HTTP.
import { buildUserAccount } from '../../testing/account-factories';
import { guardOutboundCalls } from '../../testing/nock-guard';
import {
  WEBHOOKS,
  app,
  owner,
  hubspotId,
  useWebhooksApp,
  hubspotBody,
  salesforceBody,
  create,
  created,
  stored,
} from './webhooks.test-support';

guardOutboundCalls();
useWebhooksApp();

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
