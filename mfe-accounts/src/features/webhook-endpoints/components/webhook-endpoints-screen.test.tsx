// Spec 02 §2.6, §3 "User account", §5 "Additional webhook endpoint", §6, §7, §8. Every text is
// spelled out here, copied from the spec (or from docs/decisions.md where the spec names none),
// never imported from the code.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { anIntegration, aUserAccount, aUserProfile, oid } from '../../../test/fixtures';
import { fakeService } from '../../../test/fake-service';
import { chooseOption, findToast, renderPage, shownToasts } from '../../../test/render-page';

const path = '/admin/dashboard/services';
const profile = aUserProfile({ id: oid(1) });
const profileLabel = 'HUBSPOT - ada@acme.test - 20519234 acme.hubspot.test';
const forwarder = aUserAccount({
  id: oid(0xe1),
  url: 'https://hooks.acme.test/outsync',
  description: 'Ops forwarder',
  canDelete: true,
});
const locked = aUserAccount({
  id: oid(0xe2),
  url: 'https://hooks.acme.test/crm',
  description: 'CRM mirror',
  canDelete: false,
});

afterEach(() => jest.restoreAllMocks());

const seeded = () =>
  fakeService({ integrations: [anIntegration(profile)], userAccounts: [forwarder, locked] });

async function openScreen(api: ReturnType<typeof fakeService>) {
  renderPage(path);
  await screen.findByRole('heading', { level: 2, name: 'Add Webhook' });
  await screen.findByText('Ops forwarder');
  expect(api.sent('userAccounts')).toHaveLength(1);
}

const table = () => screen.getByRole('table', { name: 'Webhooks' });
const rowOf = (text: string) =>
  within(table())
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(text)) as HTMLElement;
const createButton = () => screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement;

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function expectValidation(message: string) {
  expect(await findToast(message)).toEqual({ severity: 'warn', summary: 'Validation', life: 3000 });
}

test('the table lists ID, Webhook URL and Description; Delete only where the item allows it', async () => {
  await openScreen(seeded());

  expect(
    within(table())
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['ID', 'Webhook URL', 'Description', 'Delete']);
  const row = rowOf('Ops forwarder');
  expect(within(row).getByRole('rowheader').textContent).toBe(oid(0xe1));
  expect(within(row).getByText('https://hooks.acme.test/outsync')).toBeTruthy();
  expect(within(row).getByRole('button', { name: 'Delete' })).toBeTruthy();
  expect(within(rowOf('CRM mirror')).queryByRole('button', { name: 'Delete' })).toBeNull();
});

test('Create stays disabled until both the URL and the description are filled', async () => {
  await openScreen(seeded());
  expect((screen.getByLabelText('Webhook URL') as HTMLInputElement).placeholder).toBe(
    'https://example.com/webhook',
  );

  expect(createButton().disabled).toBe(true);
  type('Webhook URL', 'https://hooks.acme.test/new');
  expect(createButton().disabled).toBe(true);
  type('Webhook URL', '');
  type('Description', 'New endpoint');
  expect(createButton().disabled).toBe(true);
  type('Webhook URL', 'https://hooks.acme.test/new');
  expect(createButton().disabled).toBe(false);
});

test('Create checks the form in the spec order, each a 3 s "Validation" warning, and sends nothing', async () => {
  const api = seeded();
  await openScreen(api);

  type('Webhook URL', 'https://hooks.acme.test/new');
  type('Description', 'New endpoint');
  fireEvent.click(createButton());
  await expectValidation('Select Profile');

  chooseOption('Select Profile', profileLabel);
  type('Webhook URL', '   ');
  fireEvent.click(createButton());
  await expectValidation('Fill URL');

  type('Webhook URL', 'https://hooks.acme.test/new');
  type('Description', '   ');
  fireEvent.click(createButton());
  await expectValidation('Fill Description');

  type('Description', 'New endpoint');
  type('Webhook URL', 'hooks dot acme');
  fireEvent.click(createButton());
  await expectValidation('Your webhook URL is not accepting data');

  expect(api.sent('createUserAccount')).toHaveLength(0);
});

test('a valid form is sent trimmed: "Validated webhook" and the new row', async () => {
  const api = seeded();
  await openScreen(api);

  chooseOption('Select Profile', profileLabel);
  type('Webhook URL', ' https://hooks.acme.test/new ');
  type('Description', ' New endpoint ');
  fireEvent.click(createButton());

  expect((await findToast('Validated webhook')).severity).toBe('success');
  expect(api.sent('createUserAccount')[0]?.body).toEqual({
    url: 'https://hooks.acme.test/new',
    description: 'New endpoint',
    userProfileId: profile.id,
  });
  expect(await within(table()).findByText('New endpoint')).toBeTruthy();
  expect((screen.getByLabelText('Webhook URL') as HTMLInputElement).value).toBe('');
  expect(createButton().disabled).toBe(true);
});

test("a URL the service refuses (a private address) shows the service's message", async () => {
  const api = seeded();
  await openScreen(api);

  chooseOption('Select Profile', profileLabel);
  type('Webhook URL', 'http://192.168.1.20/hook');
  type('Description', 'Office box');
  fireEvent.click(createButton());

  const toast = await findToast(
    'The address 192.168.1.20 is private; OutSync does not call private addresses.',
  );
  expect(toast.severity).toBe('error');
  expect(within(table()).queryByText('Office box')).toBeNull();
});

test('a create that gets no answer says "Something went wrong"', async () => {
  const api = seeded();
  api.on('createUserAccount', () => Promise.reject(new TypeError('fetch failed')));
  await openScreen(api);

  chooseOption('Select Profile', profileLabel);
  type('Webhook URL', 'https://hooks.acme.test/new');
  type('Description', 'New endpoint');
  fireEvent.click(createButton());

  expect((await findToast('Something went wrong')).severity).toBe('error');
  expect(shownToasts()).toEqual(['error: Something went wrong']);
});

test('Delete asks first ("This deletes the webhook."); Yes: "Deleted {description}"', async () => {
  const api = seeded();
  await openScreen(api);

  fireEvent.click(within(rowOf('Ops forwarder')).getByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog', {
    name: 'Do you want to delete Ops forwarder?',
  });
  expect(within(dialog).getByText('This deletes the webhook.')).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(api.sent('deleteUserAccount')).toHaveLength(0);

  fireEvent.click(within(rowOf('Ops forwarder')).getByRole('button', { name: 'Delete' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));

  expect((await findToast('Deleted Ops forwarder')).severity).toBe('success');
  expect(api.sent('deleteUserAccount')[0]?.path).toBe(`/api/admin/user-accounts/${oid(0xe1)}`);
  await waitFor(() => expect(within(table()).queryByText('Ops forwarder')).toBeNull());
});

test('without integrations there is no form: "You don\'t have any integrations!"', async () => {
  fakeService({ userAccounts: [forwarder] });
  renderPage(path);

  expect(await screen.findByText("You don't have any integrations!")).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
});
