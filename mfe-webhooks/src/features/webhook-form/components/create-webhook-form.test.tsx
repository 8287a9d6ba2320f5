// Spec 01 §2.7, §2.8, §4, §5, §8: the create form of a HUBSPOT profile. Every text is spelled out
// here, copied from the spec (or from the report where the spec names none), never imported.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeService, type FakeService } from '../../../test/fake-service';
import { hubspotProfile } from '../../../test/fixtures';
import { findToast, renderInShell, shownToasts } from '../../../test/render-page';
import { serviceErrors } from '../../../test/service-answers';
import {
  crmEndpoint,
  grace,
  opsEndpoint,
  smartleadKey,
  webhookFormSeed,
} from '../../../test/webhook-form-data';
import { CreateWebhookForm } from './create-webhook-form';

afterEach(() => jest.restoreAllMocks());

const urlField = () => screen.getByRole('textbox', { name: 'Webhook URL' }) as HTMLInputElement;
const combobox = (name: string) => screen.getByRole('combobox', { name });
const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const optionNames = () => screen.getAllByRole('option').map((option) => option.textContent);

async function openForm(api: FakeService, options: { productName?: string } = {}) {
  renderInShell(<CreateWebhookForm profile={hubspotProfile} />, options);
  await screen.findByRole('heading', { name: 'Create a webhook:' });
  await waitFor(() => expect(urlField().value).toMatch(/^http:\/\/localhost\/webhooks\/whk/));
  await waitFor(() => expect(api.sent('hubspotOwnersAndUserAccounts')).toHaveLength(1));
}

/** Opens a select by its label and picks an option once the list shows it. */
async function pick(label: string, option: string) {
  fireEvent.click(combobox(label));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const create = () => fireEvent.click(screen.getByRole('button', { name: 'Create Webhook' }));

test('the heading, the product line and a webhook URL on the dashboard host', async () => {
  const api = fakeService(webhookFormSeed());
  await openForm(api, { productName: 'Acme Sync' });

  expect(
    screen.getByText(
      'This Acme Sync webhook URL is the place you will send your outbound campaign data.',
    ),
  ).toBeTruthy();
  expect(urlField().readOnly).toBe(true);
  expect(api.sent('generateWebhookCode')).toHaveLength(1);
  expect(urlField().value).toBe(`http://localhost/webhooks/${api.db.generatedCodes[0]}`);
});

test('"Select owner" lists first name, last name and e-mail; another owner gets another URL', async () => {
  const api = fakeService(webhookFormSeed());
  await openForm(api);
  const firstUrl = urlField().value;

  fireEvent.click(combobox('Select owner'));
  expect(await screen.findByRole('option', { name: 'Grace Hopper grace@acme.test' })).toBeTruthy();
  expect(optionNames()).toEqual(['Grace Hopper grace@acme.test', 'Alan Kay alan@acme.test']);
  fireEvent.click(screen.getByRole('option', { name: 'Grace Hopper grace@acme.test' }));

  expect((combobox('Select owner') as HTMLInputElement).value).toBe('Grace Hopper');
  await waitFor(() => expect(api.sent('generateWebhookCode')).toHaveLength(2));
  await waitFor(() => expect(urlField().value).not.toBe(firstUrl));
  expect(urlField().value).toBe(`http://localhost/webhooks/${api.db.generatedCodes[1]}`);
});

test('the platform select offers the four platforms; each change regenerates the URL', async () => {
  const api = fakeService(webhookFormSeed());
  await openForm(api);

  fireEvent.click(combobox('Sales Engagement Platform'));
  expect(optionNames()).toEqual(['Smartlead', 'Instantly', 'EmailBison', 'HeyReach']);
  fireEvent.click(screen.getByRole('option', { name: 'Smartlead' }));
  await waitFor(() => expect(api.sent('generateWebhookCode')).toHaveLength(2));

  await pick('Sales Engagement Platform', 'HeyReach');
  await waitFor(() => expect(api.sent('generateWebhookCode')).toHaveLength(3));
});

test('HeyReach turns company sync off and shows Profile URL with hs_linkedin_url; back to Smartlead undoes it', async () => {
  const api = fakeService(webhookFormSeed());
  await openForm(api);
  expect(checkbox('Create or update company').checked).toBe(true);
  expect(checkbox('Create or update company').disabled).toBe(false);
  expect(screen.queryByRole('combobox', { name: 'Profile URL' })).toBeNull();

  await pick('Sales Engagement Platform', 'HeyReach');

  expect(checkbox('Create or update company').checked).toBe(false);
  expect(checkbox('Create or update company').disabled).toBe(true);
  expect((combobox('Profile URL') as HTMLInputElement).value).toBe('LinkedIn URL');
  expect(screen.queryByRole('combobox', { name: 'Email' })).toBeNull();
  expect(combobox('Object lookup method').textContent).toBe('Default Property (Social Profile)');

  await pick('Object lookup method', 'Optional Alternative Property (Select Below)');
  expect(screen.getByRole('combobox', { name: 'Profile URL' })).toBeTruthy();
  expect((combobox('Email') as HTMLInputElement).value).toBe('Email');

  await pick('Sales Engagement Platform', 'Smartlead');
  expect(checkbox('Create or update company').checked).toBe(true);
  expect(checkbox('Create or update company').disabled).toBe(false);
  expect(screen.queryByRole('combobox', { name: 'Profile URL' })).toBeNull();
  expect(combobox('Object lookup method').textContent).toBe('Default Property (Email Address)');
});

test('the lookup method explains itself; a non-default method shows the selection, with the record id preselected', async () => {
  const api = fakeService(webhookFormSeed());
  await openForm(api);
  await pick('Sales Engagement Platform', 'Smartlead');

  expect(
    screen.getByText(
      'This is the standard property included with every event from your Sales Engagement Platform. We will map this to the default property in HubSpot when searching for contacts.',
    ),
  ).toBeTruthy();
  fireEvent.click(combobox('Object lookup method'));
  expect(optionNames()).toEqual([
    'Default Property (Email Address)',
    'Alternative Property (Select Below)',
    'Optional Alternative Property (Select Below)',
  ]);
  expect(screen.queryByRole('combobox', { name: 'Object lookup selection' })).toBeNull();
  fireEvent.click(screen.getByRole('option', { name: 'Alternative Property (Select Below)' }));

  const selection = combobox('Object lookup selection') as HTMLInputElement;
  expect(selection.value).toBe('Record ID');
  const help = document.getElementById(selection.getAttribute('aria-describedby') ?? '');
  expect(help?.textContent).toContain(
    'You must include a custom field in your Sales Engagement Platform called os_objectlookup_id for every lead.',
  );
  fireEvent.click(selection);
  expect(optionNames()).toContain('Lead reference lead_ref Our own lead id');
});

test('property selects say "Loading properties..." while the CRM answers and "No properties found" when it has none', async () => {
  const api = fakeService(webhookFormSeed({ crmProperties: {} }));
  let answer: (() => void) | undefined;
  api.on(
    'crmProperties',
    () =>
      new Promise((resolve) => {
        answer = () => resolve({ body: [] });
      }),
  );
  await openForm(api);
  await pick('Object lookup method', 'Alternative Property (Select Below)');

  fireEvent.click(combobox('Object lookup selection'));
  expect(screen.getAllByText('Loading properties...').length).toBeGreaterThan(0);
  await act(async () => answer?.());
  expect(await screen.findByText('No properties found')).toBeTruthy();
});

test('the advanced settings show the owner, task and endpoint settings only when displayed', async () => {
  const api = fakeService(webhookFormSeed());
  await openForm(api);
  expect(checkbox('Custom contact properties').checked).toBe(true);
  expect(screen.queryByRole('checkbox', { name: 'Assign company owner' })).toBeNull();
  expect(screen.queryByRole('group', { name: 'Additional Endpoints' })).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: 'Display advanced settings' }));

  expect(checkbox('Assign company owner').checked).toBe(false);
  expect(checkbox('Assign contact owner').checked).toBe(false);
  expect(checkbox('Create task').checked).toBe(false);
  expect(screen.getByRole('group', { name: 'Additional Endpoints' })).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Hide advanced settings' }));
  expect(screen.queryByRole('checkbox', { name: 'Assign company owner' })).toBeNull();
});

test('filtered events explain themselves and offer the API key, then its lead categories', async () => {
  const api = fakeService(webhookFormSeed());
  await openForm(api);
  await pick('Sales Engagement Platform', 'Smartlead');
  expect(
    screen.getByText(
      'All data sent to OutSync will sync. Better for attribution, omnichannel follow up, and full visibility.',
    ),
  ).toBeTruthy();
  expect(screen.queryByRole('combobox', { name: 'API Key' })).toBeNull();

  await pick('Approved events for data sync', 'Filtered');
  expect(
    screen.getByText(
      'Filtered data sent to OutSync will sync based on the lead category. Better for experimental campaigns or strict CRM hygiene requirements.',
    ),
  ).toBeTruthy();
  fireEvent.click(combobox('Category-based filter'));
  expect(await screen.findByText('Categories not found')).toBeTruthy();
  fireEvent.click(combobox('Category-based filter'));

  await pick('API Key', 'Main sequencer');
  expect(api.sent('profileApiKeys')[0]?.query.get('platform')).toBe('smartlead');
  await waitFor(() => expect(api.sent('leadCategories')).toHaveLength(1));
  await pick('Category-based filter', 'ID: 1 - Interested');
  expect(screen.getByRole('button', { name: 'Remove ID: 1 - Interested' })).toBeTruthy();
});

test('"API Key not found" when the owner has no key of the platform; bison offers its fixed categories and no key', async () => {
  const api = fakeService(webhookFormSeed());
  await openForm(api);
  await pick('Sales Engagement Platform', 'Instantly');
  await pick('Approved events for data sync', 'Filtered');

  fireEvent.click(combobox('API Key'));
  expect(await screen.findByText('API Key not found')).toBeTruthy();

  await pick('Sales Engagement Platform', 'EmailBison');
  expect(screen.queryByRole('combobox', { name: 'API Key' })).toBeNull();
  fireEvent.click(combobox('Category-based filter'));
  expect(optionNames()).toEqual(['ID: lead_interested - Interested']);
});

test('a failed category load shows the service message and clears the API key and the categories', async () => {
  const api = fakeService(webhookFormSeed());
  api.on('leadCategories', () => ({
    status: 409,
    error: { message: 'Smartlead refused this key.', code: 'upstream_failed' },
  }));
  await openForm(api);
  await pick('Sales Engagement Platform', 'Smartlead');
  await pick('Approved events for data sync', 'Filtered');
  await pick('API Key', 'Main sequencer');

  expect(await findToast('Smartlead refused this key.')).toMatchObject({
    severity: 'error',
    summary: 'Error',
  });
  await waitFor(() => expect(combobox('API Key').textContent).toBe('Select an API key'));
  fireEvent.click(combobox('Category-based filter'));
  expect(await screen.findByText('Categories not found')).toBeTruthy();
});

test('a category load that gets no answer of the service says "Something went wrong" and clears the key', async () => {
  const api = fakeService(webhookFormSeed());
  api.on('leadCategories', () => ({ status: 404, text: '<h1>Not here</h1>' }));
  await openForm(api);
  await pick('Sales Engagement Platform', 'Smartlead');
  await pick('Approved events for data sync', 'Filtered');
  await pick('API Key', 'Main sequencer');

  expect(await findToast('Something went wrong')).toMatchObject({ severity: 'error' });
  await waitFor(() => expect(combobox('API Key').textContent).toBe('Select an API key'));
});

test('a 401 on the category load goes to /unauthorized', async () => {
  const api = fakeService(webhookFormSeed());
  api.on('leadCategories', () => ({ status: 401, error: serviceErrors.unauthorized }));
  await openForm(api);
  await pick('Sales Engagement Platform', 'Smartlead');
  await pick('Approved events for data sync', 'Filtered');
  await pick('API Key', 'Main sequencer');

  expect(await screen.findByRole('heading', { name: 'Unauthorized!' })).toBeTruthy();
});

test('endpoint rows: "+" needs a complete row, a repeated account is refused, "-" on the last row empties it', async () => {
  const api = fakeService(webhookFormSeed());
  await openForm(api);
  await pick('Sales Engagement Platform', 'Smartlead');
  fireEvent.click(screen.getByRole('button', { name: 'Display advanced settings' }));
  const group = () => screen.getByRole('group', { name: 'Additional Endpoints' });
  const accounts = () => within(group()).getAllByRole('combobox', { name: 'Account' });
  const eventTypes = () => within(group()).getAllByRole('combobox', { name: 'Event Types' });

  expect(accounts()[0]?.textContent).toBe('-- Select Account --');
  fireEvent.click(within(group()).getByRole('button', { name: 'Add endpoint' }));
  expect(accounts()).toHaveLength(1);

  fireEvent.click(accounts()[0]!);
  expect(optionNames()).toEqual(['Ops forwarder', 'CRM mirror']);
  fireEvent.click(screen.getByRole('option', { name: 'Ops forwarder' }));
  fireEvent.click(within(group()).getByRole('button', { name: 'Add endpoint' }));
  expect(accounts()).toHaveLength(1);

  fireEvent.click(eventTypes()[0]!);
  expect(optionNames()).toEqual([
    'EMAIL_SENT',
    'EMAIL_OPEN',
    'EMAIL_REPLY',
    'EMAIL_LINK_CLICK',
    'EMAIL_BOUNCE',
    'LEAD_CATEGORY_UPDATED',
    'LEAD_UNSUBSCRIBED',
  ]);
  fireEvent.click(screen.getByRole('option', { name: 'EMAIL_REPLY' }));
  fireEvent.click(within(group()).getByRole('button', { name: 'Add endpoint' }));
  expect(accounts()).toHaveLength(2);
  expect(accounts()[1]?.textContent).toBe('-- Select Account --');

  fireEvent.click(accounts()[1]!);
  fireEvent.click(screen.getByRole('option', { name: 'Ops forwarder' }));
  expect(await findToast('Endpoint is already selected')).toMatchObject({
    severity: 'warn',
    summary: 'Validation',
  });
  expect(accounts()).toHaveLength(1);
  expect(accounts()[0]?.textContent).toBe('Ops forwarder');

  fireEvent.click(within(group()).getByRole('button', { name: 'Remove endpoint' }));
  expect(accounts()).toHaveLength(1);
  expect(accounts()[0]?.textContent).toBe('-- Select Account --');
  expect(within(group()).queryByRole('button', { name: 'Remove EMAIL_REPLY' })).toBeNull();
  expect(crmEndpoint.description).toBe('CRM mirror');
});

async function expectValidation(api: FakeService, message: string) {
  expect(await findToast(message)).toEqual({ severity: 'warn', summary: 'Validation', life: 3000 });
  expect(api.sent('createWebhook')).toHaveLength(0);
}

/** Empties a property select with its clear button (there is none when it is empty). */
function clear(label: string) {
  const field = combobox(label).closest('div')?.parentElement;
  const button = field && within(field).queryByRole('button', { name: 'Clear property' });
  if (button) fireEvent.click(button);
  expect((combobox(label) as HTMLInputElement).value).toBe('');
}

test('Create checks owner, platform and the HeyReach lookup properties, each a "Validation" warning', async () => {
  const api = fakeService(webhookFormSeed());
  await openForm(api);

  create();
  await expectValidation(api, 'Select Owner');

  await pick('Select owner', 'Grace Hopper grace@acme.test');
  create();
  await expectValidation(api, 'Select Sales Engagement Platform');

  await pick('Sales Engagement Platform', 'HeyReach');
  clear('Profile URL');
  create();
  await expectValidation(api, 'Select Property for Profile URL');

  await pick('Object lookup method', 'Alternative Property (Select Below)');
  clear('Object lookup selection');
  create();
  await expectValidation(api, 'Select Property for Object lookup selection');

  await pick('Object lookup method', 'Optional Alternative Property (Select Below)');
  clear('Object lookup selection');
  clear('Profile URL');
  clear('Email');
  create();
  await expectValidation(api, 'Select at least one property for Optional Alternative Property');
});

test('Create refuses an API key without categories and an endpoint without event types', async () => {
  const api = fakeService(webhookFormSeed());
  await openForm(api);
  await pick('Select owner', 'Grace Hopper grace@acme.test');
  await pick('Sales Engagement Platform', 'Smartlead');
  await pick('Approved events for data sync', 'Filtered');
  await pick('API Key', 'Main sequencer');
  await waitFor(() => expect(api.sent('leadCategories')).toHaveLength(1));
  create();
  await expectValidation(api, 'Select Category-based filter');

  await pick('Approved events for data sync', 'All');
  fireEvent.click(screen.getByRole('button', { name: 'Display advanced settings' }));
  await pick('Account', 'CRM mirror');
  create();
  await expectValidation(api, 'Select Event Types');
});

test('a missing lookup field is a warning only: "Select Object Lookup Field", and the webhook is created', async () => {
  const api = fakeService(webhookFormSeed());
  await openForm(api);
  await pick('Select owner', 'Grace Hopper grace@acme.test');
  await pick('Sales Engagement Platform', 'Smartlead');
  await pick('Object lookup method', 'Alternative Property (Select Below)');
  clear('Object lookup selection');
  create();

  expect(await findToast('Select Object Lookup Field')).toEqual({
    severity: 'warn',
    summary: 'Validation',
    life: 3000,
  });
  expect(await findToast('Created webhook')).toMatchObject({ severity: 'success' });
  expect(api.sent('createWebhook')).toHaveLength(1);
});

test('Create sends the form object, says "Created webhook" and offers a new URL', async () => {
  const api = fakeService(webhookFormSeed());
  await openForm(api);
  await pick('Select owner', 'Grace Hopper grace@acme.test');
  await pick('Sales Engagement Platform', 'Smartlead');
  await pick('Approved events for data sync', 'Filtered');
  await pick('API Key', 'Main sequencer');
  await pick('Category-based filter', 'ID: 2 - Not interested');
  fireEvent.click(screen.getByRole('button', { name: 'Display advanced settings' }));
  fireEvent.click(checkbox('Assign contact owner'));
  await pick('Account', 'Ops forwarder');
  await pick('Event Types', 'EMAIL_SENT');
  const usedCode = urlField().value.split('/').at(-1);

  create();

  expect(await findToast('Created webhook')).toEqual({
    severity: 'success',
    summary: 'Success',
    life: 3000,
  });
  const [sent] = api.sent('createWebhook');
  expect(sent?.body).toMatchObject({
    userProfileId: hubspotProfile.user.id,
    selectedOwner: grace,
    code: usedCode,
    emailService: { type: 'smartlead', name: 'Smartlead' },
    createOrUpdateCompany: true,
    createContactCustomProperties: true,
    assignContactOwner: true,
    assignCompanyOwner: false,
    objectLookupMethod: 'default',
    apiKeyId: smartleadKey.id,
    smartleadBaseCategories: [{ id: '2', name: 'Not interested' }],
    additionalEndpoints: [{ userAccount: { id: opsEndpoint.id }, eventTypes: ['EMAIL_SENT'] }],
  });
  expect(api.db.webhooks).toHaveLength(1);
  await waitFor(() => expect(urlField().value.split('/').at(-1)).not.toBe(usedCode));
  expect(api.db.generatedCodes).toContain(urlField().value.split('/').at(-1));
});

test('a refused create is a sticky "Error" with the service message', async () => {
  const api = fakeService(webhookFormSeed());
  api.on('createWebhook', () => ({ status: 403, error: serviceErrors.featureNotApproved }));
  await openForm(api);
  await pick('Select owner', 'Grace Hopper grace@acme.test');
  await pick('Sales Engagement Platform', 'Smartlead');
  create();

  expect(
    await findToast(
      'Webhooks are not enabled for this profile. Ask an admin to turn on Webhooks for it.',
    ),
  ).toEqual({
    severity: 'error',
    summary: 'Error',
    life: 0,
  });
  expect(shownToasts()).not.toContain('success: Created webhook');
  expect(screen.getByRole('button', { name: 'Create Webhook' })).toHaveProperty('disabled', false);
});
