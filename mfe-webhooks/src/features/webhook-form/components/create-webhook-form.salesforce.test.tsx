// Spec 01 §2.9, §4, §5, §8: the create form of a SALESFORCE profile. Every text is spelled out
// here, copied from the spec (or from the report where the spec names none), never imported;
// the service's own messages come from the fake's answers.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeService, type FakeService } from '../../../test/fake-service';
import { salesforceProfile } from '../../../test/fixtures';
import { findToast, renderInShell, shownToasts } from '../../../test/render-page';
import { CUSTOM_FIELDS_CREATED } from '../../../test/service-answers';
import { sfEndpoint, sfOwner, webhookFormSeed } from '../../../test/webhook-form-data';
import { CreateWebhookForm } from './create-webhook-form';

afterEach(() => jest.restoreAllMocks());

const profileId = salesforceProfile.user.id;
const urlField = () => screen.getByRole('textbox', { name: 'Webhook URL' }) as HTMLInputElement;
const combobox = (name: string) => screen.getByRole('combobox', { name });
const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const optionNames = () => screen.getAllByRole('option').map((option) => option.textContent);
const subject = () =>
  screen.getByRole('textbox', { name: 'Custom Task Subject' }) as HTMLInputElement;
const create = () => fireEvent.click(screen.getByRole('button', { name: 'Create Webhook' }));

async function openForm(api: FakeService) {
  renderInShell(<CreateWebhookForm profile={salesforceProfile} />);
  await screen.findByRole('heading', { name: 'Create a webhook:' });
  await waitFor(() => expect(urlField().value).toMatch(/^http:\/\/localhost\/webhooks\/whk/));
  await waitFor(() => expect(api.sent('salesforceUserAccounts')).toHaveLength(1));
}

async function pick(label: string, option: string) {
  fireEvent.click(combobox(label));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

/** Owner and platform chosen: what every save needs. */
async function openReadyForm(api: FakeService, platform = 'Smartlead') {
  await openForm(api);
  await pick('Select owner', 'Alan Turing alan@acme-sf.test');
  await pick('Sales Engagement Platform', platform);
}

async function expectValidation(api: FakeService, message: string) {
  expect(await findToast(message)).toEqual({ severity: 'warn', summary: 'Validation', life: 3000 });
  expect(api.sent('createWebhook')).toHaveLength(0);
}

test('owners are tracked by id; the Salesforce selects read as the spec names them', async () => {
  const api = fakeService(webhookFormSeed());
  await openReadyForm(api);

  expect((combobox('Select owner') as HTMLInputElement).value).toBe('Alan Turing');
  expect(checkbox('Custom Fields').checked).toBe(false);
  expect(combobox('Log Type').textContent).toBe('Email Object');
  fireEvent.click(combobox('Log Type'));
  expect(optionNames()).toEqual(['Email Object', 'Task Object']);
  fireEvent.click(combobox('Log Type'));
  expect(combobox('Salesforce Object').textContent).toBe('Contact');
  fireEvent.click(combobox('Salesforce Object'));
  expect(optionNames()).toEqual(['Contact', 'Lead']);
  fireEvent.click(combobox('Salesforce Object'));
  expect(combobox('Upsert Or Update Only Salesforce Object').textContent).toBe('Upsert');
  fireEvent.click(combobox('Upsert Or Update Only Salesforce Object'));
  expect(optionNames()).toEqual(['Upsert', 'Update Only']);
  fireEvent.click(combobox('Upsert Or Update Only Salesforce Object'));
  expect(screen.queryByRole('textbox', { name: 'Custom Task Subject' })).toBeNull();
  expect(screen.queryByRole('combobox', { name: 'Task Type' })).toBeNull();
  expect(screen.queryByRole('combobox', { name: 'Social Profile Property' })).toBeNull();
});

test('the object chosen decides whose fields the property selects list', async () => {
  const api = fakeService(webhookFormSeed());
  await openReadyForm(api);
  await pick('Object lookup method', 'Alternative Property (Select Below)');
  expect((combobox('Object lookup selection') as HTMLInputElement).value).toBe('Contact ID');

  await pick('Salesforce Object', 'Lead');

  await waitFor(() =>
    expect(api.sent('crmProperties').map((request) => request.query.get('type'))).toEqual([
      'Contact',
      'Lead',
    ]),
  );
  fireEvent.click(combobox('Object lookup selection'));
  await waitFor(() => expect(optionNames()).toEqual(['Lead ID Id', 'Lead ref Lead_Ref__c']));
});

test('"Select CRM field for os_objectlookup_id" shows its property select, for platforms other than HeyReach', async () => {
  const api = fakeService(webhookFormSeed());
  await openReadyForm(api);
  expect(
    screen.queryByRole('combobox', { name: 'CRM property for os_objectlookup_id' }),
  ).toBeNull();

  fireEvent.click(checkbox('Select CRM field for os_objectlookup_id'));
  await pick(
    'CRM property for os_objectlookup_id',
    'LinkedIn profile LinkedIn__c Social profile address',
  );
  await pick('Upsert Or Update Only Salesforce Object', 'Update Only');
  create();

  expect(await findToast('Created webhook')).toMatchObject({ severity: 'success' });
  expect(api.sent('createWebhook')[0]?.body).toMatchObject({
    userProfileId: profileId,
    selectedOwner: sfOwner,
    objectLookupIdField: 'LinkedIn__c',
    salesforceOnlyUpdate: true,
    salesforceObjectType: 'Contact',
    createContactCustomProperties: false,
    logType: 0,
  });

  await pick('Sales Engagement Platform', 'HeyReach');
  expect(
    screen.queryByRole('checkbox', { name: 'Select CRM field for os_objectlookup_id' }),
  ).toBeNull();
  expect(
    screen.queryByRole('combobox', { name: 'CRM property for os_objectlookup_id' }),
  ).toBeNull();
});

test('a non-default method without a selection is refused: "Select Object lookup selection"', async () => {
  const api = fakeService(webhookFormSeed());
  await openReadyForm(api);
  await pick('Object lookup method', 'Optional Alternative Property (Select Below)');
  const field = combobox('Object lookup selection').closest('div')?.parentElement as HTMLElement;
  fireEvent.click(within(field).getByRole('button', { name: 'Clear property' }));
  create();
  await expectValidation(api, 'Select Object lookup selection');
});

test('Custom Fields: objects, "System Administrator" preselected, and saving before Create Fields is refused', async () => {
  const api = fakeService(webhookFormSeed());
  await openReadyForm(api);
  expect(screen.queryByRole('combobox', { name: 'Custom Field Objects' })).toBeNull();

  fireEvent.click(checkbox('Custom Fields'));
  await waitFor(() =>
    expect(combobox('Select Permissions')).toHaveProperty('value', 'System Administrator'),
  );
  create();
  await expectValidation(api, 'Objects for custom fields not selected');

  fireEvent.click(combobox('Custom Field Objects'));
  expect(optionNames()).toEqual(['Contact', 'Lead']);
  fireEvent.click(screen.getByRole('option', { name: 'Contact' }));
  create();
  await expectValidation(api, 'Fields not created');
  expect(api.sent('salesforcePermissionSets')).toHaveLength(1);
});

test('Create Fields: the service message as a success toast, then the webhook saves', async () => {
  const api = fakeService(webhookFormSeed());
  await openReadyForm(api);
  fireEvent.click(checkbox('Custom Fields'));
  await pick('Custom Field Objects', 'Lead');
  await pick('Select Permissions', 'Sales Ops');

  fireEvent.click(screen.getByRole('button', { name: 'Create Fields' }));

  expect(await findToast(CUSTOM_FIELDS_CREATED)).toEqual({
    severity: 'success',
    summary: 'Success',
    life: 3000,
  });
  expect(api.sent('createSalesforceFields')[0]?.body).toEqual({
    userProfileId: profileId,
    permissionId: '0PS000000000001',
    customFields: ['Lead'],
  });
  create();
  expect(await findToast('Created webhook')).toMatchObject({ severity: 'success' });
  expect(api.sent('createWebhook')[0]?.body).toMatchObject({
    createContactCustomProperties: true,
    salesforceCustomFieldObjects: ['Lead'],
  });
});

test('Create Fields refused by the service is sticky with its message; a failed request says "Failed to create properties"', async () => {
  const api = fakeService(webhookFormSeed());
  api.on('createSalesforceFields', () => ({
    body: { success: false, message: 'The permission set cannot be changed.' },
  }));
  await openReadyForm(api);
  fireEvent.click(checkbox('Custom Fields'));
  await pick('Custom Field Objects', 'Contact');
  await waitFor(() =>
    expect(combobox('Select Permissions')).toHaveProperty('value', 'System Administrator'),
  );

  fireEvent.click(screen.getByRole('button', { name: 'Create Fields' }));
  expect(await findToast('The permission set cannot be changed.')).toEqual({
    severity: 'error',
    summary: 'Error',
    life: 0,
  });
  create();
  await expectValidation(api, 'Fields not created');

  api.on('createSalesforceFields', () => ({ status: 500, text: '<h1>Bad gateway</h1>' }));
  fireEvent.click(screen.getByRole('button', { name: 'Create Fields' }));
  expect(await findToast('Failed to create properties')).toEqual({
    severity: 'error',
    summary: 'Error',
    life: 0,
  });
});

test('Task Object shows Task Type (read once) and Custom Task Subject with its snippets', async () => {
  const api = fakeService(webhookFormSeed());
  await openReadyForm(api);

  await pick('Log Type', 'Task Object');

  expect(combobox('Task Type')).toHaveProperty('value', 'Email');
  expect(subject().value).toBe(
    '[OS] [{{ os_sales_engagement_platform }} - {{ event_type }}] {{ subject}}',
  );
  expect(subject().getAttribute('aria-invalid')).toBeNull();
  const help = document.getElementById(subject().getAttribute('aria-describedby') ?? '');
  const snippets = Array.from(help?.querySelectorAll('code') ?? []).map((code) => code.textContent);
  expect(snippets).toEqual([
    '{{ os_sales_engagement_platform }}',
    '{{ event_type }}',
    '{{ to_name }}',
    '{{ to_email }}',
    '{{ from_email }}',
    '{{ campaign_name }}',
    '{{ campaign_id }}',
    '{{ subject }}',
    '{{ sequence_number }}',
    '{{ lead_category_id }}',
    '{{ lead_category_name }}',
  ]);
  await pick('Task Type', 'Call');
  await pick('Log Type', 'Email Object');
  expect(screen.queryByRole('combobox', { name: 'Task Type' })).toBeNull();
  await pick('Log Type', 'Task Object');
  expect(combobox('Task Type')).toHaveProperty('value', 'Call');
  expect(api.sent('salesforceTaskTypes')).toHaveLength(1);
});

test('an invalid subject gets the red border and is refused: "Enter Custom Task Subject"', async () => {
  const api = fakeService(webhookFormSeed());
  await openReadyForm(api);
  await pick('Log Type', 'Task Object');

  fireEvent.change(subject(), { target: { value: 'Reply from {{ nobody }}' } });
  expect(subject().getAttribute('aria-invalid')).toBe('true');
  create();
  await expectValidation(api, 'Enter Custom Task Subject');

  fireEvent.change(subject(), { target: { value: 'Reply from {{ to_name }}' } });
  expect(subject().getAttribute('aria-invalid')).toBeNull();
  create();
  expect(await findToast('Created webhook')).toMatchObject({ severity: 'success' });
  expect(api.sent('createWebhook')[0]?.body).toMatchObject({
    logType: 1,
    salesforceTaskType: 'Email',
    customTaskSubject: 'Reply from {{ to_name }}',
  });
});

test('HeyReach writes tasks of type "Other", with the troubleshooting note, its own snippets and its properties', async () => {
  const api = fakeService(webhookFormSeed());
  await openReadyForm(api, 'HeyReach');

  expect(combobox('Log Type').textContent).toBe('Task Object');
  expect(combobox('Task Type')).toHaveProperty('value', 'Other');
  const note = screen.getByRole('link', { name: 'troubleshooting guide' });
  expect(note.getAttribute('href')).toBe(
    'https://help.salesforce.com/s/articleView?id=sf.task_fields.htm',
  );
  const help = document.getElementById(subject().getAttribute('aria-describedby') ?? '');
  const snippets = Array.from(help?.querySelectorAll('code') ?? []).map((code) => code.textContent);
  expect(snippets).toContain('{{ from_name }}');
  expect(snippets).not.toContain('{{ subject }}');
  expect((combobox('Social Profile Property') as HTMLInputElement).value).toBe('');
  expect((combobox('Email Property') as HTMLInputElement).value).toBe('Email');
  expect(screen.getByRole('combobox', { name: 'Approved events for data sync' })).toBeTruthy();
});

test('HeyReach tasks: "Other" is checked with the org first; a missing type is a sticky warning and nothing is saved', async () => {
  const api = fakeService(webhookFormSeed());
  await openReadyForm(api, 'HeyReach');
  create();

  expect(
    await findToast('Task Type "Other" not found in Salesforce. Please add it manually.'),
  ).toEqual({ severity: 'warn', summary: 'Warning', life: 0 });
  expect(api.sent('validateSalesforceTaskType')[0]?.body).toEqual({
    userProfileId: profileId,
    taskType: 'Other',
  });
  expect(api.sent('createWebhook')).toHaveLength(0);

  api.db.taskTypes[profileId] = [{ value: 'Other', label: 'Other' }];
  create();
  expect(await findToast('Created webhook')).toMatchObject({ severity: 'success' });
  expect(api.sent('validateSalesforceTaskType')).toHaveLength(2);
});

test('HeyReach tasks: a check that fails says "Failed to verify Task Type"', async () => {
  const api = fakeService(webhookFormSeed());
  api.on('validateSalesforceTaskType', () => ({ status: 500, text: 'upstream down' }));
  await openReadyForm(api, 'HeyReach');
  create();

  expect(await findToast('Failed to verify Task Type')).toMatchObject({ severity: 'error' });
  expect(api.sent('createWebhook')).toHaveLength(0);
});

test('task types the org cannot give are a sticky warning with its error, else the spec text', async () => {
  const api = fakeService(webhookFormSeed());
  api.on('salesforceTaskTypes', () => ({
    body: { success: false, error: 'INVALID_SESSION_ID: Session expired', data: [] },
  }));
  await openReadyForm(api);
  await pick('Log Type', 'Task Object');
  expect(await findToast('INVALID_SESSION_ID: Session expired')).toEqual({
    severity: 'warn',
    summary: 'Warning',
    life: 0,
  });
  expect(shownToasts()).toHaveLength(1);
});

test('task types: without an error of its own, the warning reads the spec text', async () => {
  const api = fakeService(webhookFormSeed());
  api.on('salesforceTaskTypes', () => ({ body: { success: false, error: null, data: [] } }));
  await openReadyForm(api);
  await pick('Log Type', 'Task Object');
  expect(
    await findToast('Task Type "Other" not found in Salesforce. Please add it manually.'),
  ).toEqual({ severity: 'warn', summary: 'Warning', life: 0 });
});

test("the endpoint rows are under the advanced settings and offer the profile's endpoints", async () => {
  const api = fakeService(webhookFormSeed());
  await openReadyForm(api);
  expect(screen.queryByRole('group', { name: 'Additional Endpoints' })).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: 'Display advanced settings' }));
  fireEvent.click(combobox('Account'));
  expect(optionNames()).toEqual([sfEndpoint.description]);
});
