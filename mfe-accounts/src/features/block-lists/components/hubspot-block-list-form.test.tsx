// Spec 02 §2.7 "HUBSPOT block-list form", §4, §5 "HUBSPOT block list" and "Non-Latin rule", §7,
// §8, §9. Every text is spelled out here, copied from the spec (or from docs/decisions.md and the
// lead's brief where the spec names none), never imported from the code.
import { fireEvent, getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import {
  blockListsSeed,
  heyreachKey,
  hubspotProfile,
  hubspotProfileLabel,
  instantlyKey,
  smartleadKey,
  soloSmartleadKey,
} from '../../../test/block-lists-data';
import { aBlockListSync, anIntegration, oid } from '../../../test/fixtures';
import { deferred, fakeService, type FakeService } from '../../../test/fake-service';
import { chooseOption, findToast, renderPage, shownToasts } from '../../../test/render-page';
import { notConnected, serviceErrors } from '../../../test/service-answers';

const path = '/admin/dashboard/smartlead-block-lists';

afterEach(() => jest.restoreAllMocks());

async function openHubspotForm(api: FakeService) {
  renderPage(path);
  await screen.findByRole('heading', { level: 2, name: 'Add Block List' });
  chooseOption('HubSpot / Salesforce Account:', hubspotProfileLabel);
  await screen.findByRole('button', { name: 'Start Blocking' });
  await waitFor(() => expect(api.sent('hubspotBlockListSources')).toHaveLength(1));
}

/** Opens a select and chooses an option that may still be loading. */
async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

/** The options a select offers, by their text. */
function optionsOf(label: string): (string | null)[] {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  const names = listed(label);
  fireEvent.keyDown(screen.getByRole('combobox', { name: label }), { key: 'Escape' });
  return names;
}

/** The options an open select lists now. */
const listed = (label: string) =>
  within(screen.getByRole('listbox', { name: label }))
    .getAllByRole('option')
    .map((option) => option.textContent);

const shown = (label: string) => screen.getByRole('combobox', { name: label }).textContent;
const start = () => fireEvent.click(screen.getByRole('button', { name: 'Start Blocking' }));
const form = () => screen.getByRole('button', { name: 'Start Blocking' }).closest('form')!;

async function expectValidation(message: string) {
  expect(await findToast(message)).toEqual({ severity: 'warn', summary: 'Validation', life: 3000 });
}

/** A contact list blocked from one key, as a user fills the form. */
async function fill({
  listType = 'Contact List',
  list = '101: Customers (1200 Contacts)',
  platform,
  apiKey,
  blockType,
}: {
  listType?: string;
  list?: string;
  platform: string;
  apiKey: string;
  blockType?: string;
}) {
  chooseOption('HubSpot List Type', listType);
  await choose('HubSpot List Source', list);
  chooseOption('Sales Engagement Platform', platform);
  await choose(`${platform} API Key`, apiKey);
  if (blockType) chooseOption('Type of blocking', blockType);
}

test('a user without integrations reads "You don\'t have any integrations!" and gets no form', async () => {
  const api = fakeService(blockListsSeed({ integrations: [] }));
  renderPage(path);

  expect(await screen.findByText("You don't have any integrations!")).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Add Block List' })).toBeNull();
  expect(screen.getByRole('table', { name: 'Blocked List' })).toBeTruthy();
  expect(api.sent('userIntegrations')).toHaveLength(1);
});

test('a user with HubSpot profiles only chooses from "HubSpot Account:"', async () => {
  fakeService(blockListsSeed({ integrations: [anIntegration(hubspotProfile)] }));
  renderPage(path);

  expect(await screen.findByRole('combobox', { name: 'HubSpot Account:' })).toBeTruthy();
  expect(optionsOf('HubSpot Account:')).toEqual([hubspotProfileLabel]);
});

test('"{CRM name} Account:" lists the profiles; a HubSpot profile shows the HUBSPOT form, its fields in order', async () => {
  const api = fakeService(blockListsSeed());
  renderPage(path);
  await screen.findByRole('heading', { level: 2, name: 'Add Block List' });

  expect(optionsOf('HubSpot / Salesforce Account:')).toEqual([
    hubspotProfileLabel,
    'SALESFORCE - sf@acme.test - 00D5g000004XyZ acme.my.salesforce.test',
  ]);
  chooseOption('HubSpot / Salesforce Account:', hubspotProfileLabel);
  await screen.findByRole('button', { name: 'Start Blocking' });
  const labels = () =>
    Array.from(form().querySelectorAll('label')).map((label) => label.textContent);
  expect(labels()).toEqual([
    'HubSpot List Type',
    'HubSpot List Source',
    'Sales Engagement Platform',
    'Sales Engagement Platform API Key',
    'Type of blocking',
  ]);

  chooseOption('HubSpot List Type', 'Contact List');
  chooseOption('Sales Engagement Platform', 'HeyReach');
  await choose('HeyReach API Key', 'Social reach');
  expect(labels()).toEqual([
    'HubSpot List Type',
    'HubSpot List Source',
    'Sales Engagement Platform',
    'HeyReach API Key',
    'HubSpot Social Profile Source',
    'HeyReach List Endpoint',
    'Type of blocking',
  ]);

  chooseOption('Sales Engagement Platform', 'Instantly');
  await choose('Instantly API Key', 'Instantly main');
  chooseOption('Type of blocking', 'Address (Individual Email Address)');
  expect(labels()).toEqual([
    'HubSpot List Type',
    'HubSpot List Source',
    'Sales Engagement Platform',
    'Instantly API Key',
    'Type of blocking',
    'Block the domain of an address with non-Latin characters',
  ]);

  chooseOption('Sales Engagement Platform', 'Smartlead');
  expect(labels()).toEqual([
    'HubSpot List Type',
    'HubSpot List Source',
    'Sales Engagement Platform',
    'Smartlead API Key',
    'Type of blocking',
    'Smartlead Clients',
  ]);
  expect(api.sent('hubspotBlockListSources')[0]?.path).toBe(
    `/api/admin/dashboard/user-profiles/${hubspotProfile.id}/hubspot-lists`,
  );
});

test('the selects offer the spec options: list types, lists with their sizes, platforms, keys, block types, clients', async () => {
  const api = fakeService(blockListsSeed());
  await openHubspotForm(api);

  expect(optionsOf('HubSpot List Type')).toEqual(['Contact List', 'Company List (every domain)']);
  expect(optionsOf('HubSpot List Source')).toEqual([
    '101: Customers (1200 Contacts)',
    '202: Target accounts (40 Companies)',
  ]);
  expect(optionsOf('Sales Engagement Platform')).toEqual([
    'Smartlead',
    'Instantly',
    'EmailBison',
    'HeyReach',
  ]);
  expect(optionsOf('Type of blocking')).toEqual([
    'Address (Individual Email Address)',
    'Domain (Every domain)',
  ]);

  chooseOption('Sales Engagement Platform', 'Smartlead');
  fireEvent.click(screen.getByRole('combobox', { name: 'Smartlead API Key' }));
  await screen.findByRole('option', { name: 'Main sequencer' });
  expect(listed('Smartlead API Key')).toEqual(['Main sequencer', 'Solo agency']);
  expect(api.sent('profileApiKeys').map((request) => request.path)).toEqual([
    `/api/admin/dashboard/users/${hubspotProfile.id}/api-keys`,
  ]);
  expect(api.sent('profileApiKeys')[0]?.query.get('platform')).toBe('smartlead');
  fireEvent.click(screen.getByRole('option', { name: 'Main sequencer' }));

  fireEvent.click(screen.getByRole('combobox', { name: 'Smartlead Clients' }));
  await screen.findByRole('option', { name: '11 Contoso ops@contoso.test' });
  expect(listed('Smartlead Clients')).toEqual([
    '11 Contoso ops@contoso.test',
    '12 Fabrikam team@fabrikam.test',
  ]);

  chooseOption('Sales Engagement Platform', 'HeyReach');
  expect(optionsOf('Type of blocking')).toEqual(['Address (Individual Social Profile)']);
});

test('empty texts: "List Source not found", "API Key not found " and "{platform name} Client not found"', async () => {
  const seed = blockListsSeed();
  const api = fakeService({
    ...seed,
    hubspotLists: {},
    apiKeys: [smartleadKey],
    smartleadClients: { [smartleadKey.id]: [] },
  });
  await openHubspotForm(api);

  fireEvent.click(screen.getByRole('combobox', { name: 'HubSpot List Source' }));
  expect(await screen.findByText('List Source not found')).toBeTruthy();

  chooseOption('Sales Engagement Platform', 'Instantly');
  fireEvent.click(screen.getByRole('combobox', { name: 'Instantly API Key' }));
  // With its trailing space.
  const exactly = { normalizer: getDefaultNormalizer({ trim: false }) };
  expect(await screen.findByText('API Key not found ', exactly)).toBeTruthy();
  fireEvent.keyDown(screen.getByRole('combobox', { name: 'Instantly API Key' }), { key: 'Escape' });

  chooseOption('Sales Engagement Platform', 'Smartlead');
  await choose('Smartlead API Key', 'Main sequencer');
  await waitFor(() => expect(api.sent('smartleadClients')).toHaveLength(1));
  fireEvent.click(screen.getByRole('combobox', { name: 'Smartlead Clients' }));
  expect(await screen.findByText('Smartlead Client not found')).toBeTruthy();
});

test('Start Blocking checks the form in the spec order, each a 3 s "Validation" warning, and sends nothing', async () => {
  const api = fakeService(blockListsSeed());
  await openHubspotForm(api);

  start();
  await expectValidation('Select List Type');

  chooseOption('HubSpot List Type', 'Contact List');
  start();
  await expectValidation('Select hubspot list');

  await choose('HubSpot List Source', '101: Customers (1200 Contacts)');
  start();
  await expectValidation('Select Email Service');

  chooseOption('Sales Engagement Platform', 'Smartlead');
  start();
  await expectValidation('Select API Key');

  await choose('Smartlead API Key', 'Main sequencer');
  start();
  await expectValidation('Select Type of blocking');

  chooseOption('Type of blocking', 'Address (Individual Email Address)');
  await waitFor(() => expect(api.sent('smartleadClients')).toHaveLength(1));
  // The key sees two clients: one must be chosen.
  start();
  await expectValidation('Select Smartlead Client');

  chooseOption('Sales Engagement Platform', 'HeyReach');
  await choose('HeyReach API Key', 'Social reach');
  start();
  await expectValidation('Select at least one Profile URL field for HeyReach');

  await choose(
    'HubSpot Social Profile Source',
    'LinkedIn URL linkedin_url The public profile address',
  );
  start();
  await expectValidation('Please select HeyReach list');

  await choose('HeyReach List Endpoint', '+ Create New List');
  start();
  await waitFor(() =>
    expect(
      shownToasts().filter((toast) => toast === 'warn: Please select HeyReach list'),
    ).toHaveLength(2),
  );

  expect(api.sent('createHubspotBlockList')).toHaveLength(0);
});

test('a key with one client needs no client choice; the sync is sent as the contract says', async () => {
  const api = fakeService(blockListsSeed());
  await openHubspotForm(api);

  await fill({
    platform: 'Smartlead',
    apiKey: 'Solo agency',
    blockType: 'Domain (Every domain)',
  });
  await waitFor(() => expect(api.sent('smartleadClients')).toHaveLength(1));
  start();

  expect(await findToast('Started blocking 101: Customers.')).toMatchObject({
    severity: 'success',
  });
  expect(api.sent('createHubspotBlockList').map((request) => request.body)).toEqual([
    {
      crm: 'HUBSPOT',
      listType: 'CONTACT_LIST',
      listId: '101',
      listName: 'Customers',
      apiKeyId: soloSmartleadKey.id,
      blockType: 'DOMAIN',
      client: null,
      useDomainForNonLatin: false,
      profileUrlFieldNames: [],
      heyReachListId: null,
      userProfileId: hubspotProfile.id,
    },
  ]);
});

test("Start Blocking is disabled while it runs; the toast names the answer's listIdILS; the sync joins the table; the form empties", async () => {
  const api = fakeService(blockListsSeed());
  const answer = deferred<void>();
  api.on('createHubspotBlockList', async ({ body }) => {
    await answer.promise;
    const created = aBlockListSync({
      id: oid(0xc1),
      listId: body.listId,
      listIdILS: '9101',
      listName: body.listName ?? '',
      status: 'SYNCED',
    });
    api.db.blockListSyncs = [created, ...api.db.blockListSyncs];
    return { body: created };
  });
  await openHubspotForm(api);

  await fill({
    platform: 'Smartlead',
    apiKey: 'Main sequencer',
    blockType: 'Address (Individual Email Address)',
  });
  await choose('Smartlead Clients', '12 Fabrikam team@fabrikam.test');
  start();

  await waitFor(() => expect(api.sent('createHubspotBlockList')).toHaveLength(1));
  const button = screen.getByRole('button', { name: 'Start Blocking' }) as HTMLButtonElement;
  expect(button.disabled).toBe(true);
  start();
  answer.resolve();

  expect(await findToast('Started blocking 9101: Customers.')).toEqual({
    severity: 'success',
    summary: 'Success',
    life: 3000,
  });
  expect(api.sent('createHubspotBlockList')).toHaveLength(1);
  expect(api.sent('createHubspotBlockList')[0]?.body).toMatchObject({
    apiKeyId: smartleadKey.id,
    blockType: 'ADDRESS',
    client: '12',
  });
  const table = screen.getByRole('table', { name: 'Blocked List' });
  expect(await within(table).findByText('9101 : Customers')).toBeTruthy();
  expect(shown('HubSpot List Type')).toBe('Select a list type');
  expect(
    (screen.getByRole('button', { name: 'Start Blocking' }) as HTMLButtonElement).disabled,
  ).toBe(false);
});

test("a refused Start Blocking shows the service's message and keeps the form", async () => {
  const api = fakeService(blockListsSeed());
  api.on('createHubspotBlockList', () => ({ status: 409, error: notConnected('HubSpot') }));
  await openHubspotForm(api);

  await fill({
    platform: 'Instantly',
    apiKey: 'Instantly main',
    blockType: 'Domain (Every domain)',
  });
  start();

  expect(await findToast('Connect this HubSpot profile first.')).toMatchObject({
    severity: 'error',
  });
  expect(shown('HubSpot List Type')).toBe('Contact List');
  expect(shown('Instantly API Key')).toBe('Instantly main');
});

test('COMPANY_LIST forces and locks DOMAIN; CONTACT_LIST clears and unlocks it; the list source follows the type', async () => {
  const api = fakeService(blockListsSeed());
  await openHubspotForm(api);
  const blockType = () => screen.getByRole('combobox', { name: 'Type of blocking' });

  await choose('HubSpot List Source', '101: Customers (1200 Contacts)');
  chooseOption('HubSpot List Type', 'Company List (every domain)');
  expect(blockType().textContent).toBe('Domain (Every domain)');
  expect(blockType().getAttribute('aria-disabled')).toBe('true');
  // The contact list no longer fits: the source offers company lists only.
  expect(shown('HubSpot List Source')).toBe('');
  expect(optionsOf('HubSpot List Source')).toEqual(['202: Target accounts (40 Companies)']);

  chooseOption('HubSpot List Type', 'Contact List');
  expect(blockType().textContent).toBe('Select a type');
  expect(blockType().getAttribute('aria-disabled')).toBeNull();
  expect(optionsOf('HubSpot List Source')).toEqual(['101: Customers (1200 Contacts)']);
});

test('a new platform clears the API key and the client', async () => {
  const api = fakeService(blockListsSeed());
  await openHubspotForm(api);

  chooseOption('Sales Engagement Platform', 'Smartlead');
  await choose('Smartlead API Key', 'Main sequencer');
  await choose('Smartlead Clients', '11 Contoso ops@contoso.test');
  expect(shown('Smartlead Clients')).toBe('11 Contoso ops@contoso.test');

  chooseOption('Sales Engagement Platform', 'Instantly');
  expect(shown('Instantly API Key')).toBe('Select an API key');
  expect(screen.queryByRole('combobox', { name: 'Smartlead Clients' })).toBeNull();

  chooseOption('Sales Engagement Platform', 'Smartlead');
  expect(shown('Smartlead API Key')).toBe('Select an API key');
  expect(shown('Smartlead Clients')).toBe('Select a client');
});

test('a new platform clears the profile URL fields, the HeyReach list and the new list being named', async () => {
  const api = fakeService(blockListsSeed());
  await openHubspotForm(api);

  chooseOption('Sales Engagement Platform', 'HeyReach');
  await choose('HeyReach API Key', 'Social reach');
  await choose(
    'HubSpot Social Profile Source',
    'LinkedIn URL linkedin_url The public profile address',
  );
  await choose('HeyReach List Endpoint', '+ Create New List');
  fireEvent.change(screen.getByLabelText('List Name'), { target: { value: 'Half typed' } });
  expect(screen.getByRole('button', { name: 'Remove LinkedIn URL' })).toBeTruthy();

  chooseOption('Sales Engagement Platform', 'Smartlead');
  chooseOption('Sales Engagement Platform', 'HeyReach');
  expect(screen.queryByRole('button', { name: 'Remove LinkedIn URL' })).toBeNull();
  expect(shown('HeyReach List Endpoint')).toBe('Select a list');
  expect(shown('HeyReach API Key')).toBe('Select an API key');
  expect(screen.queryByLabelText('List Name')).toBeNull();

  await choose('HeyReach API Key', 'Social reach');
  await choose('HeyReach List Endpoint', '+ Create New List');
  expect((screen.getByLabelText('List Name') as HTMLInputElement).value).toBe('');
});

test('HeyReach cannot use COMPANY_LIST: choosing it clears the list type, the list and the block type', async () => {
  const api = fakeService(blockListsSeed());
  await openHubspotForm(api);

  chooseOption('HubSpot List Type', 'Company List (every domain)');
  await choose('HubSpot List Source', '202: Target accounts (40 Companies)');
  chooseOption('Sales Engagement Platform', 'HeyReach');

  expect(shown('HubSpot List Type')).toBe('Select a list type');
  expect(shown('HubSpot List Source')).toBe('');
  expect(shown('Type of blocking')).toBe('Select a type');
  expect(optionsOf('HubSpot List Type')).toEqual(['Contact List']);
});

test('choosing a Smartlead key reads its clients; a client-list error shows its message and clears the key', async () => {
  const api = fakeService({ ...blockListsSeed(), refusedApiKeys: ['sl-main'] });
  await openHubspotForm(api);

  chooseOption('Sales Engagement Platform', 'Smartlead');
  await choose('Smartlead API Key', 'Solo agency');
  await waitFor(() =>
    expect(api.sent('smartleadClients').map((request) => request.path)).toEqual([
      `/api/admin/dashboard/smartlead/api-keys/${soloSmartleadKey.id}/client-list`,
    ]),
  );
  expect(shown('Smartlead API Key')).toBe('Solo agency');

  await choose('Smartlead API Key', 'Main sequencer');
  expect(await findToast('Smartlead refused the API key: Invalid API key.')).toMatchObject({
    severity: 'error',
  });
  await waitFor(() => expect(shown('Smartlead API Key')).toBe('Select an API key'));
  expect(api.sent('smartleadClients')).toHaveLength(2);
  expect(api.sent('heyreachLists')).toHaveLength(0);
});

test("choosing a HeyReach key reads its lists and the profile's contact properties", async () => {
  const api = fakeService(blockListsSeed());
  await openHubspotForm(api);

  chooseOption('Sales Engagement Platform', 'HeyReach');
  fireEvent.click(screen.getByRole('combobox', { name: 'HubSpot Social Profile Source' }));
  expect(await screen.findByRole('option', { name: /^Sales Navigator URL/ })).toBeTruthy();
  expect(listed('HubSpot Social Profile Source')).toEqual([
    'LinkedIn URL linkedin_url The public profile address',
    'Sales Navigator URL sales_nav_url Where the rep found them',
  ]);
  expect(api.sent('crmProperties')[0]?.path).toBe(
    `/api/admin/profiles/${hubspotProfile.id}/crm-properties`,
  );

  await choose('HeyReach API Key', 'Social reach');
  fireEvent.click(screen.getByRole('combobox', { name: 'HeyReach List Endpoint' }));
  expect(await screen.findByRole('option', { name: 'Do not contact (LinkedIn)' })).toBeTruthy();
  expect(listed('HeyReach List Endpoint')).toEqual([
    'Do not contact (LinkedIn)',
    '+ Create New List',
  ]);
  expect(api.sent('heyreachLists')[0]?.path).toBe(
    `/api/admin/api-keys/${heyreachKey.id}/heyreach/lists`,
  );
});

test('the property list says "Loading properties..." while the CRM answers and "No properties found" when it has none', async () => {
  const api = fakeService({ ...blockListsSeed(), crmProperties: {} });
  const answer = deferred<void>();
  api.on('crmProperties', async () => {
    await answer.promise;
    return { body: [] };
  });
  await openHubspotForm(api);

  chooseOption('Sales Engagement Platform', 'HeyReach');
  fireEvent.click(screen.getByRole('combobox', { name: 'HubSpot Social Profile Source' }));
  expect(screen.getAllByText('Loading properties...').length).toBeGreaterThan(0);
  answer.resolve();
  expect(await screen.findByText('No properties found')).toBeTruthy();
});

test('"+ Create New List": "Creating..." while it runs, then the new list is the selection and is sent', async () => {
  const api = fakeService(blockListsSeed());
  const answer = deferred<void>();
  api.on('createHeyreachList', async ({ params, body }) => {
    await answer.promise;
    api.db.heyreachLists[params.apiKeyId] = [
      ...(api.db.heyreachLists[params.apiKeyId] ?? []),
      { id: '5002', name: body.listName },
    ];
    return { body: { success: true, listId: '5002', error: null } };
  });
  await openHubspotForm(api);

  await fill({ platform: 'HeyReach', apiKey: 'Social reach' });
  await choose(
    'HubSpot Social Profile Source',
    'LinkedIn URL linkedin_url The public profile address',
  );
  await choose('HeyReach List Endpoint', '+ Create New List');
  fireEvent.change(screen.getByLabelText('List Name'), {
    target: { value: '  Block list from OutSync ' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Create' }));

  const busy = await screen.findByRole('button', { name: 'Creating...' });
  expect((busy as HTMLButtonElement).disabled).toBe(true);
  answer.resolve();
  await waitFor(() => expect(shown('HeyReach List Endpoint')).toBe('Block list from OutSync'));
  expect(screen.queryByLabelText('List Name')).toBeNull();
  expect(api.sent('createHeyreachList').map((request) => request.body)).toEqual([
    { listName: 'Block list from OutSync' },
  ]);

  chooseOption('Type of blocking', 'Address (Individual Social Profile)');
  start();
  await findToast('Started blocking 101: Customers.');
  expect(api.sent('createHubspotBlockList')[0]?.body).toEqual({
    crm: 'HUBSPOT',
    listType: 'CONTACT_LIST',
    listId: '101',
    listName: 'Customers',
    apiKeyId: heyreachKey.id,
    blockType: 'ADDRESS',
    client: null,
    useDomainForNonLatin: false,
    profileUrlFieldNames: ['linkedin_url'],
    heyReachListId: '5002',
    userProfileId: hubspotProfile.id,
  });
});

test('a list name is needed to create a list', async () => {
  const api = fakeService(blockListsSeed());
  await openHubspotForm(api);

  chooseOption('Sales Engagement Platform', 'HeyReach');
  await choose('HeyReach List Endpoint', '+ Create New List');
  fireEvent.change(screen.getByLabelText('List Name'), { target: { value: 'No key yet' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create' }));
  await expectValidation('Select API Key');

  await choose('HeyReach API Key', 'Social reach');
  await choose('HeyReach List Endpoint', '+ Create New List');
  fireEvent.change(screen.getByLabelText('List Name'), { target: { value: '   ' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create' }));
  await expectValidation('Enter List Name');
  expect(api.sent('createHeyreachList')).toHaveLength(0);
});

test.each([
  {
    case: 'HeyReach says why',
    reply: { body: { success: false, listId: null, error: 'HeyReach did not answer: 503' } },
    toast: 'Failed to create list: HeyReach did not answer: 503',
  },
  {
    case: 'HeyReach says nothing',
    reply: { body: { success: false, listId: null, error: null } },
    toast: 'Failed to create list',
  },
  {
    case: 'the service refuses',
    reply: { status: 404, error: serviceErrors.apiKeyNotFound },
    toast: 'No such API key, or it is not yours.',
  },
])('a failed list creation shows an error toast when $case', async ({ reply, toast }) => {
  const api = fakeService(blockListsSeed());
  api.on('createHeyreachList', () => reply);
  await openHubspotForm(api);

  chooseOption('Sales Engagement Platform', 'HeyReach');
  await choose('HeyReach API Key', 'Social reach');
  await choose('HeyReach List Endpoint', '+ Create New List');
  fireEvent.change(screen.getByLabelText('List Name'), { target: { value: 'Lost' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create' }));

  expect(await findToast(toast)).toMatchObject({ severity: 'error' });
  expect(shown('HeyReach List Endpoint')).toBe('+ Create New List');
  expect((screen.getByLabelText('List Name') as HTMLInputElement).value).toBe('Lost');
});

test('non-Latin rule: the note shows and true is sent exactly for Instantly, ADDRESS and a contact list', async () => {
  const api = fakeService(blockListsSeed());
  await openHubspotForm(api);
  const note =
    "Instantly's API does not accept non-Latin characters in e-mail addresses. By default, OutSync blocks the whole domain of such an address instead.";
  const sentNonLatin = () =>
    api
      .sent('createHubspotBlockList')
      .map((request) => (request.body as { useDomainForNonLatin: boolean }).useDomainForNonLatin);

  await fill({
    platform: 'Instantly',
    apiKey: 'Instantly main',
    blockType: 'Address (Individual Email Address)',
  });
  expect(screen.getByText(note)).toBeTruthy();
  const checkbox = screen.getByRole('checkbox', {
    name: 'Block the domain of an address with non-Latin characters',
  }) as HTMLInputElement;
  expect(checkbox.checked).toBe(true);
  start();
  await waitFor(() => expect(sentNonLatin()).toEqual([true]));
  await findToast('Started blocking 101: Customers.');

  await fill({
    platform: 'Instantly',
    apiKey: 'Instantly main',
    blockType: 'Domain (Every domain)',
  });
  expect(screen.queryByText(note)).toBeNull();
  start();
  await waitFor(() => expect(sentNonLatin()).toEqual([true, false]));

  await waitFor(() => expect(shown('HubSpot List Type')).toBe('Select a list type'));
  await fill({
    listType: 'Company List (every domain)',
    list: '202: Target accounts (40 Companies)',
    platform: 'Instantly',
    apiKey: 'Instantly main',
  });
  expect(screen.queryByText(note)).toBeNull();
  start();
  await waitFor(() => expect(sentNonLatin()).toEqual([true, false, false]));

  await waitFor(() => expect(shown('HubSpot List Type')).toBe('Select a list type'));
  await fill({
    platform: 'Smartlead',
    apiKey: 'Solo agency',
    blockType: 'Address (Individual Email Address)',
  });
  expect(screen.queryByText(note)).toBeNull();
  start();
  await waitFor(() => expect(sentNonLatin()).toEqual([true, false, false, false]));
  expect(api.sent('createHubspotBlockList')[0]?.body).toMatchObject({
    apiKeyId: instantlyKey.id,
    blockType: 'ADDRESS',
  });
});
