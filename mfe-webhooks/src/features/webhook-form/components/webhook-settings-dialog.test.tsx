// Spec 01 §2.10, §4, §5, §8: the Webhook Settings (update) dialog of both CRM kinds. Every text
// is spelled out here, copied from the spec (or from the report where the spec names none).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Webhook } from '@outsync/contracts/webhooks';
import { deferred, fakeService, type FakeService } from '../../../test/fake-service';
import {
  aSalesforceWebhook,
  aWebhook,
  anIntegration,
  hubspotProfile,
  webhookSettings,
} from '../../../test/fixtures';
import { findToast, renderInShell, shownToasts } from '../../../test/render-page';
import { serviceErrors } from '../../../test/service-answers';
import {
  crmEndpoint,
  opsEndpoint,
  sfEndpoint,
  smartleadKey,
  webhookFormSeed,
} from '../../../test/webhook-form-data';
import { WebhookSettingsDialog } from './webhook-settings-dialog';

afterEach(() => jest.restoreAllMocks());

const hubspotWebhook = (overrides: Partial<Webhook> = {}) =>
  aWebhook({
    user: { ...aWebhook().user, userAccounts: [opsEndpoint, crmEndpoint] },
    userAccountWebhooks: [
      {
        userAccount: { id: opsEndpoint.id, description: 'Ops forwarder' },
        eventTypes: ['EMAIL_SENT'],
      },
    ],
    ...overrides,
  });

function seedWith(webhook: Webhook) {
  return fakeService(webhookFormSeed({ webhooks: [webhook] }));
}

async function openDialog(api: FakeService, webhook: Webhook, onClose = jest.fn()) {
  renderInShell(<WebhookSettingsDialog webhook={webhook} onClose={onClose} />);
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(api.sent('profileApiKeys')).toHaveLength(1));
  await within(dialog).findByRole('combobox', { name: 'Sales Engagement Platform:' });
  return { dialog, onClose };
}

const inDialog = () => within(screen.getByRole('dialog'));
const combobox = (name: string) => inDialog().getByRole('combobox', { name });
const checkbox = (name: string) => inDialog().getByRole('checkbox', { name }) as HTMLInputElement;
const optionNames = () =>
  inDialog()
    .getAllByRole('option')
    .map((option) => option.textContent);
const update = () => fireEvent.click(inDialog().getByRole('button', { name: 'Update' }));

async function pick(label: string, option: string) {
  fireEvent.click(combobox(label));
  fireEvent.click(await inDialog().findByRole('option', { name: option }));
}

test("a spinner shows until the owner's API keys are read; then the HubSpot fields, labelled with colons", async () => {
  const webhook = hubspotWebhook();
  const api = seedWith(webhook);
  const keys = deferred<void>();
  api.on('profileApiKeys', async () => {
    await keys.promise;
    return { body: [smartleadKey] };
  });
  renderInShell(<WebhookSettingsDialog webhook={webhook} onClose={jest.fn()} />);

  const dialog = await screen.findByRole('dialog', { name: 'Update Webhook HubSpot' });
  expect(within(dialog).getByRole('status').textContent).toBe('Loading webhook settings');
  expect(within(dialog).queryByRole('combobox')).toBeNull();
  expect(api.sent('profileApiKeys')[0]?.path).toBe(
    `/api/admin/dashboard/users/${webhook.userProfileId}/api-keys`,
  );
  keys.resolve();

  expect(
    (await within(dialog).findByRole('combobox', { name: 'Sales Engagement Platform:' }))
      .textContent,
  ).toBe('Smartlead');
  expect(combobox('Object lookup method:').textContent).toBe('Default Property (Email Address)');
  expect(checkbox('Create or update company:').checked).toBe(true);
  expect(checkbox('Custom contact properties:')).toBeTruthy();
  expect(combobox('Approved events for data sync:').textContent).toBe('All');
  expect(inDialog().getByRole('group', { name: 'Additional Endpoints:' })).toBeTruthy();
  expect(combobox('Account').textContent).toBe('Ops forwarder');
  expect(inDialog().getByRole('button', { name: 'Remove EMAIL_SENT' })).toBeTruthy();
  expect(inDialog().queryByRole('combobox', { name: /owner/i })).toBeNull();
  expect(inDialog().queryByRole('textbox', { name: /Webhook URL/ })).toBeNull();
  expect(inDialog().queryByRole('combobox', { name: 'Custom Field Objects:' })).toBeNull();
  expect(inDialog().queryByRole('checkbox', { name: 'Assign company owner:' })).toBeNull();
  fireEvent.click(inDialog().getByRole('button', { name: 'Display advanced settings' }));
  expect(checkbox('Assign company owner:').checked).toBe(false);
});

test('a webhook with categories starts filtered, with its key and categories', async () => {
  const webhook = hubspotWebhook({
    ...webhookSettings('HUBSPOT', {
      emailService: 'smartlead',
      apiKeyId: smartleadKey.id,
      smartleadBaseCategories: [{ id: '1', name: 'Interested' }],
    }),
    apiKey: { id: smartleadKey.id, description: smartleadKey.description },
  });
  const api = seedWith(webhook);
  await openDialog(api, webhook);

  expect(combobox('Approved events for data sync:').textContent).toBe('Filtered');
  expect(combobox('API Key:').textContent).toBe('Main sequencer');
  expect(inDialog().getByRole('button', { name: 'Remove ID: 1 - Interested' })).toBeTruthy();
  await waitFor(() => expect(api.sent('leadCategories')).toHaveLength(1));
  expect(inDialog().getByRole('combobox', { name: 'Category-based filter:' })).toBeTruthy();
});

test('without canUpdate there is no Update button', async () => {
  const webhook = hubspotWebhook({ canUpdate: false });
  const api = seedWith(webhook);
  await openDialog(api, webhook);
  expect(inDialog().queryByRole('button', { name: 'Update' })).toBeNull();
});

test('Update sends the settings, says "Webhook has been updated" and closes', async () => {
  const webhook = hubspotWebhook();
  const api = seedWith(webhook);
  const { onClose } = await openDialog(api, webhook);

  fireEvent.click(checkbox('Create or update company:'));
  fireEvent.click(checkbox('Custom contact properties:'));
  update();

  expect(await findToast('Webhook has been updated')).toEqual({
    severity: 'success',
    summary: 'Success',
    life: 3000,
  });
  expect(onClose).toHaveBeenCalledTimes(1);
  const [sent] = api.sent('updateWebhook');
  expect(sent?.path).toBe(`/api/admin/webhooks/${webhook.id}`);
  expect(sent?.body).toMatchObject({
    emailService: { type: 'smartlead', name: 'Smartlead' },
    createOrUpdateCompany: false,
    createContactCustomProperties: false,
    additionalEndpoints: [{ userAccount: { id: opsEndpoint.id }, eventTypes: ['EMAIL_SENT'] }],
  });
  expect(api.db.webhooks[0]?.createOrUpdateCompany).toBe(false);
});

test('a refused update is an "Error" toast with the service message, not sticky; the dialog stays', async () => {
  const webhook = hubspotWebhook();
  const api = seedWith(webhook);
  api.on('updateWebhook', () => ({ status: 404, error: serviceErrors.webhookNotFound }));
  const { onClose } = await openDialog(api, webhook);
  update();

  expect(await findToast('No such webhook, or it is not visible to you.')).toEqual({
    severity: 'error',
    summary: 'Error',
    life: 3000,
  });
  expect(onClose).not.toHaveBeenCalled();
  expect(inDialog().getByRole('button', { name: 'Update' })).toHaveProperty('disabled', false);
});

test('HeyReach without its search property: "Select Contact Search Property for HeyReach"', async () => {
  const webhook = hubspotWebhook({
    ...webhookSettings('HUBSPOT', { emailService: 'heyreach' }),
    userAccountWebhooks: [],
  });
  const api = seedWith(webhook);
  await openDialog(api, webhook);
  expect(combobox('Social Profile Property:')).toHaveProperty('value', '');

  update();
  expect(await findToast('Select Contact Search Property for HeyReach')).toEqual({
    severity: 'warn',
    summary: 'Validation',
    life: 3000,
  });
  expect(api.sent('updateWebhook')).toHaveLength(0);
});

test("a platform change clears the endpoints' event types and the other platform's key and categories; a repeated account goes silently", async () => {
  const webhook = hubspotWebhook({
    ...webhookSettings('HUBSPOT', {
      emailService: 'smartlead',
      apiKeyId: smartleadKey.id,
      smartleadBaseCategories: [{ id: '1', name: 'Interested' }],
    }),
    apiKey: { id: smartleadKey.id, description: smartleadKey.description },
  });
  const api = seedWith(webhook);
  await openDialog(api, webhook);
  await waitFor(() => expect(api.sent('leadCategories')).toHaveLength(1));

  fireEvent.click(combobox('Sales Engagement Platform:'));
  expect(optionNames()).toEqual(['Smartlead', 'Instantly', 'EmailBison', 'HeyReach']);
  fireEvent.click(inDialog().getByRole('option', { name: 'Instantly' }));
  expect(inDialog().queryByRole('button', { name: 'Remove EMAIL_SENT' })).toBeNull();
  // A Smartlead key's categories are not Instantly's: both go, nothing is read for them.
  await waitFor(() =>
    expect(inDialog().queryByRole('button', { name: 'Remove ID: 1 - Interested' })).toBeNull(),
  );
  expect(api.sent('leadCategories')).toHaveLength(1);

  await pick('Event Types', 'EMAIL_OPEN');
  fireEvent.click(inDialog().getByRole('button', { name: 'Add endpoint' }));
  const accounts = () => inDialog().getAllByRole('combobox', { name: 'Account' });
  expect(accounts()).toHaveLength(2);
  fireEvent.click(accounts()[1]!);
  fireEvent.click(inDialog().getByRole('option', { name: 'Ops forwarder' }));
  expect(accounts()).toHaveLength(1);
  expect(shownToasts()).toEqual([]);
});

test('Salesforce: its labels, the task fields of log type 1 and the endpoints under the advanced settings', async () => {
  const webhook = aSalesforceWebhook({
    ...webhookSettings('SALESFORCE', {
      emailService: 'instantly',
      logType: 1,
      salesforceTaskType: 'Call',
      customTaskSubject: 'Sent {{ subject }}',
      salesforceObjectType: 'Lead',
      salesforceOnlyUpdate: true,
    }),
    user: { ...aSalesforceWebhook().user, userAccounts: [sfEndpoint] },
  });
  const api = seedWith(webhook);
  renderInShell(<WebhookSettingsDialog webhook={webhook} onClose={jest.fn()} />);
  expect(await screen.findByRole('dialog', { name: 'Update Webhook Salesforce' })).toBeTruthy();
  await inDialog().findByRole('combobox', { name: 'Sales Engagement Platform:' });

  expect(checkbox('Custom fields:').checked).toBe(false);
  expect(combobox('Log Type:').textContent).toBe('Task Object');
  expect(combobox('Task Type:')).toHaveProperty('value', 'Call');
  expect(inDialog().getByRole('link', { name: 'troubleshooting guide' })).toBeTruthy();
  expect(inDialog().getByRole('textbox', { name: 'Custom Task Subject:' })).toHaveProperty(
    'value',
    'Sent {{ subject }}',
  );
  expect(combobox('Salesforce Object:').textContent).toBe('Lead');
  expect(combobox('Upsert Or Update Only Salesforce Object:').textContent).toBe('Update Only');
  expect(inDialog().queryByRole('group', { name: 'Additional Endpoints:' })).toBeNull();
  fireEvent.click(inDialog().getByRole('button', { name: 'Display advanced settings' }));
  expect(inDialog().getByRole('group', { name: 'Additional Endpoints:' })).toBeTruthy();
  await waitFor(() => expect(api.sent('salesforceTaskTypes')).toHaveLength(1));

  update();
  expect(await findToast('Webhook has been updated')).toMatchObject({ severity: 'success' });
});

test('Salesforce custom fields: "Custom Field Objects:" must hold an object, and new objects need Create Fields', async () => {
  const webhook = aSalesforceWebhook({
    ...webhookSettings('SALESFORCE', {
      emailService: 'instantly',
      createContactCustomProperties: true,
      salesforceCustomFieldObjects: ['Contact'],
    }),
  });
  const api = seedWith(webhook);
  await openDialog(api, webhook);
  expect(checkbox('Custom fields:').checked).toBe(true);
  expect(inDialog().getByRole('button', { name: 'Remove Contact' })).toBeTruthy();

  fireEvent.click(inDialog().getByRole('button', { name: 'Remove Contact' }));
  update();
  expect(await findToast('Custom Field Objects not selected')).toMatchObject({
    severity: 'warn',
    summary: 'Validation',
  });

  await pick('Custom Field Objects:', 'Lead');
  update();
  expect(await findToast('Fields not created')).toMatchObject({ summary: 'Validation' });
  expect(api.sent('updateWebhook')).toHaveLength(0);
});

describe("the profile's flags (issue 31, item 5)", () => {
  const webhooksOff =
    'Webhooks are not enabled for this profile, so a change to this webhook is refused. Ask an admin to turn on Webhooks for it in Users.';
  const endpointsOff =
    'Additional endpoints are not enabled for this profile: a webhook that forwards to one is refused. Ask an admin to turn on Additional Webhooks for it in Users.';

  test('a profile without Webhooks or Additional Webhooks: said at the top, before the fields', async () => {
    const webhook = hubspotWebhook();
    const api = seedWith(webhook);
    const profile = anIntegration({
      id: hubspotProfile.user.id,
      canWebhook: false,
      canUserAccount: false,
    });
    renderInShell(
      <WebhookSettingsDialog webhook={webhook} profile={profile} onClose={jest.fn()} />,
    );
    await waitFor(() => expect(api.sent('profileApiKeys')).toHaveLength(1));
    const platform = await inDialog().findByRole('combobox', {
      name: 'Sales Engagement Platform:',
    });
    const notes = inDialog().getAllByRole('note');
    expect(notes.map((note) => note.textContent)).toEqual([webhooksOff, endpointsOff]);
    expect(
      notes[1]!.compareDocumentPosition(platform) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  test('a profile with both flags, or one the caller does not own: no note', async () => {
    const webhook = hubspotWebhook();
    const api = seedWith(webhook);
    const { dialog } = await openDialog(api, webhook);
    expect(within(dialog).queryByRole('note')).toBeNull();
  });
});
