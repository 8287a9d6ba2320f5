// The reducer only routes each change to its rule in @outsync/contracts/webhooks (tested there);
// these pin the routing: a change that skipped its rule would leave the values below unchanged.
import { initialWebhookForm, type WebhookFormValues } from '@outsync/contracts/webhooks';
import { oid } from '../../../test/fixtures';
import { webhookFormReducer, type WebhookFormAction } from './webhook-form-state';

const run = (values: WebhookFormValues, ...actions: WebhookFormAction[]) =>
  actions.reduce(webhookFormReducer, values);

test('a platform change applies the platform rules (HeyReach: no company sync, task log, hs_linkedin_url)', () => {
  const values = run(initialWebhookForm('HUBSPOT'), {
    type: 'emailService',
    emailService: 'heyreach',
  });
  expect(values).toMatchObject({
    emailService: 'heyreach',
    createOrUpdateCompany: false,
    logType: 1,
    salesforceTaskType: 'Other',
    lookupProperty: 'hs_linkedin_url',
    profileUrlProperty: 'hs_linkedin_url',
  });
});

test('another platform clears the key and its categories; the same platform keeps them', () => {
  const filtered = run(
    initialWebhookForm('HUBSPOT'),
    { type: 'emailService', emailService: 'smartlead' },
    { type: 'set', patch: { approvedEvents: 'filtered' } },
    { type: 'apiKey', apiKeyId: oid(0xa1) },
    { type: 'set', patch: { categories: [{ id: '1', name: 'Interested' }] } },
  );
  const changed = run(filtered, { type: 'emailService', emailService: 'instantly' });
  expect(changed).toMatchObject({ apiKeyId: null, categories: [] });
  const same = run(filtered, { type: 'emailService', emailService: 'smartlead' });
  expect(same).toMatchObject({
    apiKeyId: oid(0xa1),
    categories: [{ id: '1', name: 'Interested' }],
  });
});

test('lookup method, log type, key, failed categories and custom field objects go through their rules', () => {
  const salesforce = run(
    initialWebhookForm('SALESFORCE'),
    { type: 'emailService', emailService: 'smartlead' },
    { type: 'objectLookupMethod', method: 'AlternativeProperty' },
    { type: 'logType', logType: 1 },
    { type: 'set', patch: { fieldsCreated: true } },
    { type: 'salesforceCustomFieldObjects', objects: ['Lead'] },
  );
  expect(salesforce).toMatchObject({
    lookupProperty: 'Id',
    emailProperty: 'Email',
    salesforceTaskType: 'Email',
    salesforceCustomFieldObjects: ['Lead'],
    fieldsCreated: false,
  });

  const failed = run(
    { ...salesforce, apiKeyId: oid(0xa1), categories: [{ id: '1', name: 'Interested' }] },
    { type: 'categoriesLoadFailed' },
  );
  expect(failed).toMatchObject({ apiKeyId: null, categories: [] });
  expect(run(failed, { type: 'apiKey', apiKeyId: oid(0xa2) }).apiKeyId).toBe(oid(0xa2));
});

test('endpoint rows: add only after a complete row, a repeated account drops its row, remove leaves one', () => {
  const start = initialWebhookForm('HUBSPOT');
  expect(run(start, { type: 'addEndpoint' }).endpoints).toHaveLength(1);
  const two = run(
    start,
    { type: 'endpointAccount', index: 0, userAccountId: oid(0xe1) },
    { type: 'endpointEventTypes', index: 0, eventTypes: ['EMAIL_SENT'] },
    { type: 'addEndpoint' },
  );
  expect(two.endpoints).toEqual([
    { userAccountId: oid(0xe1), eventTypes: ['EMAIL_SENT'] },
    { userAccountId: null, eventTypes: [] },
  ]);
  expect(
    run(two, { type: 'endpointAccount', index: 1, userAccountId: oid(0xe1) }).endpoints,
  ).toHaveLength(1);
  expect(
    run(two, { type: 'removeEndpoint', index: 0 }, { type: 'removeEndpoint', index: 0 }).endpoints,
  ).toEqual([{ userAccountId: null, eventTypes: [] }]);
});
