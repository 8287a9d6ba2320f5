// Spec 01 §2.6, §6, §7 "Webhooks", §8 "Webhooks". Every text is spelled out here, copied from
// the spec (or from the contracts' catalogs it names), never imported from the code.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { deferred, fakeService } from '../../../test/fake-service';
import {
  admin,
  aSalesforceWebhook,
  aWebhook,
  customer,
  hubspotProfile,
  oid,
  salesforceProfile,
} from '../../../test/fixtures';
import { chooseProfile, findToast, renderPage, shownToasts } from '../../../test/render-page';
import { serviceErrors } from '../../../test/service-answers';

const path = '/admin/dashboard/webhooks';

/** 9:30 on 20 November 2026 in the viewer's time zone (the table shows local time). */
const createdAt = new Date(2026, 10, 20, 9, 30, 0).toISOString();

const hubspotWebhook = aWebhook({
  createdAt,
  assignContactOwner: true,
  createOrUpdateTask: true,
  apiKeyId: oid(0xa1),
  smartleadBaseCategories: [
    { id: '3', name: 'Interested' },
    { id: '7', name: 'Meeting booked' },
  ],
});

const salesforceWebhook = aSalesforceWebhook({
  createdAt: new Date(2026, 0, 5, 16, 7, 9).toISOString(),
  emailService: 'instantly',
  logType: 1,
  salesforceObjectType: 'Lead',
  salesforceOnlyUpdate: true,
  createContactCustomProperties: true,
  salesforceCustomFieldObjects: ['Contact', 'Lead'],
  objectLookupMethod: 'AlternativeProperty',
  user: {
    ...aSalesforceWebhook().user,
    organizationDomain: '',
    settings: { domain: 'https://acme.my.salesforce.test' },
  },
});

/** A colleague's webhook on the same HubSpot portal: visible to the customer, not theirs. */
const colleagueWebhook = aWebhook({
  id: oid(0x1009),
  userProfileId: oid(9),
  user: { ...aWebhook().user, id: oid(9), email: 'bob@acme.test' },
  ownerDetails: { firstName: 'Bob', lastName: 'Stone', email: 'bob.owner@acme.test' },
  code: 'whk00000000000000000000000000009',
  webhookUrl: 'http://localhost/webhooks/whk00000000000000000000000000009',
});

function seeded(seed: Parameters<typeof fakeService>[0] = {}) {
  return fakeService({
    integrations: [hubspotProfile, salesforceProfile],
    webhooks: [hubspotWebhook, salesforceWebhook, colleagueWebhook],
    ...seed,
  });
}

const table = (name: string) => screen.getByRole('table', { name });
const rowOf = (tableName: string, text: string) => {
  const row = within(table(tableName))
    .getAllByRole('row')
    .find((candidate) => candidate.textContent?.includes(text));
  if (!row) throw new Error(`no row with "${text}" in ${tableName}`);
  return row;
};
/** A row's cell under the column headed `header`. */
function cellOf(row: HTMLElement, header: string) {
  const headers = within(row.closest('table') as HTMLElement)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
  const cell = within(row).getAllByRole('cell')[headers.indexOf(header)];
  if (!cell) throw new Error(`no column "${header}"`);
  return cell;
}
/** The visible lines of a cell (not the tooltip's, nor decorations hidden from assistive tech). */
const linesOf = (cell: HTMLElement) =>
  Array.from(cell.querySelectorAll('span, strong'))
    .filter(
      (element) =>
        element.children.length === 0 &&
        element.closest('[role="tooltip"], [aria-hidden="true"]') === null,
    )
    .map((element) => element.textContent);
const chipsOf = (cell: HTMLElement) =>
  within(cell)
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

async function openScreen(user = customer) {
  const rendered = renderPage(path, { user });
  // By the caption's text: a role query over the whole page is slow in jsdom.
  await screen.findByText('All webhooks:');
  return rendered;
}

afterEach(() => jest.restoreAllMocks());

test("'Select Profile:' lists the integrations as 'profile - e-mail - organizationId organizationDomain'", async () => {
  const api = seeded();
  await openScreen();

  // The select's code loads once there are profiles to offer, downshift on its first use (issue 32).
  fireEvent.click(await screen.findByRole('combobox', { name: 'Select Profile:' }));

  expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
    'HUBSPOT - ada@acme.test - 20519234 acme.hubspot.test',
    'SALESFORCE - ada@acme-sf.test - 00D5g000004XyZ1 acme.my.salesforce.test',
  ]);
  expect(api.sent('organizationIntegrations')).toHaveLength(1);
  expect(screen.queryByText("You don't have any integrations!")).toBeNull();
});

test("without integrations it says 'You don't have any integrations!' instead of the select", async () => {
  seeded({ integrations: [] });
  renderPage(path);

  expect(await screen.findByText("You don't have any integrations!")).toBeTruthy();
  expect(screen.queryByRole('combobox', { name: 'Select Profile:' })).toBeNull();
});

test('with no webhooks and nothing loading it welcomes the user by the product name', async () => {
  seeded({ webhooks: [] });
  renderPage(path);

  const heading = await screen.findByRole('heading', {
    level: 2,
    name: 'Welcome to OutSync! Create a webhook to get started.',
  });
  const emptyState = heading.closest('section') as HTMLElement;
  expect(within(emptyState).getByText('Create a webhook to get started.')).toBeTruthy();
  const illustration = emptyState.querySelector('svg');
  expect(illustration?.getAttribute('aria-hidden')).toBe('true');
  expect(screen.queryByRole('table')).toBeNull();
});

test('a host that names the product differently is welcomed by that name', async () => {
  seeded({ webhooks: [] });
  renderPage(path, { productName: 'Acme Sync' });

  expect(
    await screen.findByRole('heading', {
      name: 'Welcome to Acme Sync! Create a webhook to get started.',
    }),
  ).toBeTruthy();
});

test('a spinner shows while the webhooks load, and no welcome', async () => {
  const api = seeded();
  const answer = deferred<void>();
  api.on('webhooks', async () => {
    await answer.promise;
    return { body: { webhooks: [], allWebhooks: [] } };
  });
  renderPage(path);

  await waitFor(() => expect(api.sent('webhooks')).toHaveLength(1));
  expect(screen.getAllByRole('status').length).toBeGreaterThan(0);
  expect(screen.queryByRole('heading', { name: /Welcome to/ })).toBeNull();

  await act(async () => answer.resolve());
  expect(await screen.findByRole('heading', { name: /Welcome to OutSync!/ })).toBeTruthy();
  expect(screen.queryAllByRole('status')).toHaveLength(0);
});

test("'Existing webhooks:' holds the caller's own, then 'All webhooks:' every one they may see", async () => {
  seeded();
  await openScreen();

  const ownTable = table('Existing webhooks:');
  const allTable = table('All webhooks:');
  expect(
    ownTable.compareDocumentPosition(allTable) & Node.DOCUMENT_POSITION_FOLLOWING,
  ).toBeTruthy();
  const headers = within(ownTable)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
  expect(headers.slice(0, 4)).toEqual(['Full Name', 'Profile', 'Tags', 'Category-based filter']);
  expect(within(ownTable).queryByText('Bob Stone')).toBeNull();
  for (const name of ['Grace Hopper', 'Alan Turing', 'Bob Stone']) {
    expect(within(allTable).getByText(name)).toBeTruthy();
  }
});

test('a HubSpot webhook: owner, ids, domain, added by, US date, tooltip, profile, tags, categories, URL', async () => {
  seeded();
  await openScreen();
  const row = rowOf('Existing webhooks:', 'Grace Hopper');

  expect(linesOf(cellOf(row, 'Full Name'))).toEqual([
    'Grace Hopper',
    `ID: ${oid(0x1001)}`,
    'Hub ID: 20519234',
    'Domain: acme.hubspot.test',
    'Added by: ada@acme.test',
    expect.stringMatching(/^Created: 11\/20\/2026, 9:30:00\sAM$/),
  ]);
  const owner = within(row).getByRole('button', { name: /Grace Hopper/ });
  fireEvent.focus(owner);
  expect(within(row).getByRole('tooltip').textContent).toBe(
    'Hub Id: 20519234 Owner Id: 301 Owner Email: grace@acme.test',
  );
  expect(within(within(row).getByRole('tooltip')).getByText('Owner Id: 301')).toBeTruthy();

  expect(linesOf(cellOf(row, 'Profile'))).toEqual([
    'HUBSPOT',
    'Smartlead',
    'Email Object',
    'Default Property (Email Address)',
  ]);
  expect(chipsOf(cellOf(row, 'Tags'))).toEqual([
    'Create or update company',
    'Assign contact owner',
    'Create task',
    'Custom contact properties',
  ]);
  expect(chipsOf(cellOf(row, 'Category-based filter'))).toEqual([
    'ID: 3 - Interested',
    'ID: 7 - Meeting booked',
  ]);
  expect(within(row).getByText(`http://localhost/webhooks/${hubspotWebhook.code}`)).toBeTruthy();
  for (const name of ['Webhook Settings', 'Sync test', 'Copy URL', 'Delete']) {
    expect(within(row).getByRole('button', { name })).toBeTruthy();
  }
});

test('a Salesforce webhook: object type, lookup method, custom field tags, write mode, settings domain', async () => {
  seeded();
  await openScreen();
  const row = rowOf('Existing webhooks:', 'Alan Turing');

  expect(linesOf(cellOf(row, 'Full Name'))).toEqual([
    'Alan Turing',
    `ID: ${oid(0x2001)}`,
    'Hub ID: 00D5g000004XyZ1',
    'Domain: https://acme.my.salesforce.test',
    'Added by: ada@acme-sf.test',
    expect.stringMatching(/^Created: 1\/5\/2026, 4:07:09\sPM$/),
  ]);
  fireEvent.mouseEnter(within(row).getByRole('button', { name: /Alan Turing/ }));
  expect(within(row).getByRole('tooltip').textContent).toBe(
    'Hub Id: 00D5g000004XyZ1 Owner Id: 0055g00000AbCdE Owner Email: alan@acme-sf.test',
  );
  expect(linesOf(cellOf(row, 'Profile'))).toEqual([
    'SALESFORCE',
    'Instantly',
    'Task Object',
    'Lead',
    'Alternative Property (Select Below)',
  ]);
  expect(chipsOf(cellOf(row, 'Tags'))).toEqual([
    'Custom Contact fields',
    'Custom Lead fields',
    'Update Only',
  ]);
  expect(chipsOf(cellOf(row, 'Category-based filter'))).toEqual([]);
});

test("Salesforce tags: 'Upsert', and no custom field tags while custom properties are off", async () => {
  seeded({
    webhooks: [
      aSalesforceWebhook({
        salesforceOnlyUpdate: false,
        createContactCustomProperties: false,
        salesforceCustomFieldObjects: ['Contact'],
      }),
    ],
  });
  renderPage(path);
  await screen.findByText('Existing webhooks:');

  expect(chipsOf(cellOf(rowOf('Existing webhooks:', 'Alan Turing'), 'Tags'))).toEqual(['Upsert']);
});

test('a HubSpot webhook with every flag off has no tags; the social tool shows its own lookup label', async () => {
  seeded({
    webhooks: [
      aWebhook({
        emailService: 'heyreach',
        createOrUpdateCompany: false,
        createContactCustomProperties: false,
        logType: 1,
      }),
    ],
  });
  renderPage(path);
  await screen.findByText('Existing webhooks:');
  const row = rowOf('Existing webhooks:', 'Grace Hopper');

  expect(chipsOf(cellOf(row, 'Tags'))).toEqual([]);
  expect(linesOf(cellOf(row, 'Profile'))).toEqual([
    'HUBSPOT',
    'HeyReach',
    'Task Object',
    'Default Property (Social Profile)',
  ]);
});

test('Delete and Sync test show only where the caller may change the webhook (canUpdate)', async () => {
  seeded();
  await openScreen();

  const colleagues = rowOf('All webhooks:', 'Bob Stone');
  expect(within(colleagues).queryByRole('button', { name: 'Delete' })).toBeNull();
  // A test event writes into the owner's CRM: not for those who only see the webhook.
  expect(within(colleagues).queryByRole('button', { name: 'Sync test' })).toBeNull();
  expect(within(colleagues).getByRole('button', { name: 'Webhook Settings' })).toBeTruthy();
  expect(
    within(rowOf('All webhooks:', 'Grace Hopper')).getByRole('button', { name: 'Delete' }),
  ).toBeTruthy();
});

test('an admin may delete any webhook in All webhooks', async () => {
  seeded({ caller: admin });
  await openScreen(admin);

  expect(screen.queryByRole('table', { name: 'Existing webhooks:' })).toBeNull();
  expect(
    within(rowOf('All webhooks:', 'Bob Stone')).getByRole('button', { name: 'Delete' }),
  ).toBeTruthy();
});

test("Delete asks first, then deletes and says 'Deleted {firstName} {lastName}'s webhook.'", async () => {
  const api = seeded();
  await openScreen();

  fireEvent.click(
    within(rowOf('Existing webhooks:', 'Grace Hopper')).getByRole('button', { name: 'Delete' }),
  );
  const question = await screen.findByRole('dialog', {
    name: "Do you want to delete Grace Hopper's webhook?",
  });
  expect(
    within(question).getByText(
      'This only deletes the webhook. You may want to update your webhook settings in Smartlead and workflows in HubSpot.',
    ),
  ).toBeTruthy();
  fireEvent.click(within(question).getByRole('button', { name: 'Yes' }));

  const toast = await findToast("Deleted Grace Hopper's webhook.");
  expect(toast).toEqual({ severity: 'success', summary: 'Success', life: 3000 });
  expect(api.sent('deleteWebhook').map((request) => request.path)).toEqual([
    `/api/admin/webhooks/${oid(0x1001)}`,
  ]);
  await waitFor(() => expect(screen.queryByText('Grace Hopper')).toBeNull());
  expect(screen.queryByRole('dialog')).toBeNull();
  // The lists are read again.
  await waitFor(() => expect(api.sent('webhooks')).toHaveLength(2));
});

test("the delete question names the Salesforce webhook's platform and CRM; No keeps it", async () => {
  const api = seeded();
  await openScreen();

  fireEvent.click(
    within(rowOf('Existing webhooks:', 'Alan Turing')).getByRole('button', { name: 'Delete' }),
  );
  const question = await screen.findByRole('dialog', {
    name: "Do you want to delete Alan Turing's webhook?",
  });
  expect(
    within(question).getByText(
      'This only deletes the webhook. You may want to update your webhook settings in Instantly and workflows in Salesforce.',
    ),
  ).toBeTruthy();
  fireEvent.click(within(question).getByRole('button', { name: 'No' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(api.sent('deleteWebhook')).toHaveLength(0);
  expect(screen.getAllByText('Alan Turing').length).toBeGreaterThan(0);
});

test("a refused delete shows 'Error' with the service's message, not sticky, and keeps the webhook", async () => {
  const api = seeded();
  api.on('deleteWebhook', () => ({ status: 404, error: serviceErrors.webhookNotFound }));
  await openScreen();

  fireEvent.click(
    within(rowOf('Existing webhooks:', 'Grace Hopper')).getByRole('button', { name: 'Delete' }),
  );
  const question = await screen.findByRole('dialog', {
    name: "Do you want to delete Grace Hopper's webhook?",
  });
  fireEvent.click(within(question).getByRole('button', { name: 'Yes' }));

  const toast = await findToast(serviceErrors.webhookNotFound.message);
  expect(toast).toEqual({ severity: 'error', summary: 'Error', life: 3000 });
  expect(shownToasts()).toEqual([`error: ${serviceErrors.webhookNotFound.message}`]);
  expect(within(table('Existing webhooks:')).getByText('Grace Hopper')).toBeTruthy();
});

test("'Copy URL' copies the webhook URL and says 'Copied webhook URL.'", async () => {
  const writeText = jest.fn((_text: string) => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  try {
    seeded();
    await openScreen();

    await act(async () =>
      fireEvent.click(
        within(rowOf('Existing webhooks:', 'Alan Turing')).getByRole('button', {
          name: 'Copy URL',
        }),
      ),
    );

    expect(writeText).toHaveBeenCalledWith(`http://localhost/webhooks/${salesforceWebhook.code}`);
    expect((await findToast('Copied webhook URL.')).severity).toBe('success');
  } finally {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
  }
});

test.each(['webhooks', 'organizationIntegrations'] as const)(
  'a 401 from %s goes to /unauthorized',
  async (route) => {
    const api = seeded();
    api.on(route, () => ({ status: 401, error: serviceErrors.unauthorized }));
    renderPage(path);

    expect(await screen.findByRole('heading', { name: 'Unauthorized!' })).toBeTruthy();
  },
);

test('choosing a profile shows the create form for it', async () => {
  seeded();
  await openScreen();

  await chooseProfile('HUBSPOT - ada@acme.test - 20519234 acme.hubspot.test');

  expect(await screen.findByRole('heading', { name: 'Create a webhook:' })).toBeTruthy();
});

test("'Webhook Settings' opens the settings dialog for that webhook", async () => {
  seeded();
  await openScreen();

  fireEvent.click(
    within(rowOf('Existing webhooks:', 'Alan Turing')).getByRole('button', {
      name: 'Webhook Settings',
    }),
  );

  expect(await screen.findByRole('dialog', { name: /^Update Webhook\s*Salesforce$/ })).toBeTruthy();
});

test('after an update from the settings dialog the lists are read again', async () => {
  const api = seeded({ webhooks: [aWebhook({ createdAt })] });
  renderPage(path);
  await screen.findByText('Existing webhooks:');

  fireEvent.click(
    within(rowOf('Existing webhooks:', 'Grace Hopper')).getByRole('button', {
      name: 'Webhook Settings',
    }),
  );
  const dialog = await screen.findByRole('dialog', { name: /^Update Webhook\s*HubSpot$/ });
  fireEvent.click(await within(dialog).findByRole('button', { name: 'Update' }));

  expect((await findToast('Webhook has been updated')).severity).toBe('success');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(api.sent('updateWebhook').map((request) => request.path)).toEqual([
    `/api/admin/webhooks/${oid(0x1001)}`,
  ]);
  await waitFor(() => expect(api.sent('webhooks')).toHaveLength(2));
});

test("'Import past activity' shows where the caller may change the webhook and opens the import", async () => {
  const api = seeded();
  api.on('listBackfills', () => ({ body: { backfills: [] } }));
  await openScreen();

  // An import writes into the owner's CRM: not for those who only see the webhook.
  expect(
    within(rowOf('All webhooks:', 'Bob Stone')).queryByRole('button', {
      name: 'Import past activity',
    }),
  ).toBeNull();
  fireEvent.click(
    within(rowOf('Existing webhooks:', 'Grace Hopper')).getByRole('button', {
      name: 'Import past activity',
    }),
  );
  const dialog = await screen.findByRole('dialog', {
    name: /^Import past activity: .+'s webhook$/,
  });
  await within(dialog).findByRole('button', { name: 'Start import' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

test("'Sync test' opens the Send Test Webhook dialog for that webhook's platform", async () => {
  seeded();
  await openScreen();

  fireEvent.click(
    within(rowOf('Existing webhooks:', 'Grace Hopper')).getByRole('button', { name: 'Sync test' }),
  );

  const dialog = await screen.findByRole('dialog', { name: 'Send Test Webhook - Smartlead' });
  fireEvent.click(within(dialog).getByRole('button', { name: /close/i }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});
