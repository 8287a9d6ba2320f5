// Spec 02 §2.3, §5 "SALESFORCE profile create", §7 "SALESFORCE profiles", §8, §9. Every text is
// spelled out here, copied from the spec (or from docs/decisions.md where the spec names none),
// never imported from the code.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aSalesforceProfile, oid } from '../../../test/fixtures';
import { fakeService } from '../../../test/fake-service';
import { findToast, renderPage, shownToasts } from '../../../test/render-page';
import { browserLocation } from '../../../shared/navigation/browser-location';

const path = '/admin/dashboard/salesforce';
const connected = aSalesforceProfile({
  id: oid(0x51),
  user: {
    id: oid(0x51),
    settings: { domain: 'https://acme.my.salesforce.test', consumer_key: '3MVG9-acme' },
  },
  isConnected: true,
  connectedAs: 'ada@acme.test',
});
const fresh = aSalesforceProfile({
  id: oid(0x52),
  user: {
    id: oid(0x52),
    settings: { domain: 'https://beta.my.salesforce.test', consumer_key: '3MVG9-beta' },
  },
  isConnected: false,
  connectedAs: null,
});

let assign: jest.SpyInstance;
beforeEach(() => {
  assign = jest.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const seeded = () => fakeService({ salesforceProfiles: [connected, fresh] });
const table = () => screen.getByRole('table', { name: 'Salesforce Profiles' });
const rowOf = (text: string) =>
  within(table())
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(text)) as HTMLElement;

async function openScreen(api: ReturnType<typeof fakeService>, url = path) {
  const rendered = renderPage(url);
  await screen.findByText('https://acme.my.salesforce.test');
  expect(api.sent('salesforceProfiles')).toHaveLength(1);
  return rendered;
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const clickCreate = () => fireEvent.click(screen.getByRole('button', { name: 'Create' }));

test('on entry it checks the connected account and lists the profiles with their state', async () => {
  const api = seeded();
  await openScreen(api);

  expect(screen.getByRole('heading', { level: 1, name: 'Salesforce settings' })).toBeTruthy();
  expect(api.sent('salesforceCheckConnectedAccount')).toHaveLength(1);
  expect(
    within(table())
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['ID', 'Domain', 'Consumer key', 'Connect', 'Delete']);
  const first = rowOf('acme.my.salesforce.test');
  expect(within(first).getByRole('rowheader').textContent).toBe(oid(0x51));
  expect(within(first).getByText('3MVG9-acme')).toBeTruthy();
  expect(within(first).getByRole('button', { name: 'Reconnect' })).toBeTruthy();
  expect(within(first).getByText('Connected as ada@acme.test')).toBeTruthy();
  const second = rowOf('beta.my.salesforce.test');
  expect(within(second).getByRole('button', { name: 'Connect' })).toBeTruthy();
  expect(within(second).getByText('Not connected')).toBeTruthy();
  expect(shownToasts()).toEqual([]);
});

test('a message from the check shows as an error for 3 s', async () => {
  const api = seeded();
  api.db.salesforceCheck = { message: 'Salesforce refused the stored token for acme.' };
  renderPage(path);

  expect(await findToast('Salesforce refused the stored token for acme.')).toEqual({
    severity: 'error',
    summary: 'Error',
    life: 3000,
  });
});

test('Create checks the fields in order, each as a 3 s "Validation" warning, and sends nothing', async () => {
  const api = seeded();
  await openScreen(api);
  expect((screen.getByLabelText('Domain') as HTMLInputElement).placeholder).toBe(
    'https://mycompany.my.salesforce.com',
  );
  expect(screen.getByLabelText('Consumer Secret').getAttribute('type')).toBe('password');

  clickCreate();
  expect(await findToast('Domain is required')).toEqual({
    severity: 'warn',
    summary: 'Validation',
    life: 3000,
  });

  type('Domain', '   ');
  clickCreate();
  await waitFor(() =>
    expect(shownToasts().filter((t) => t.includes('Domain is required'))).toHaveLength(2),
  );

  type('Domain', 'acme2.my.salesforce.test');
  clickCreate();
  expect((await findToast('Consumer key is required')).summary).toBe('Validation');

  type('Consumer Key', 'key-2');
  clickCreate();
  expect((await findToast('Consumer secret is required')).summary).toBe('Validation');
  expect(api.sent('createSalesforceProfile')).toHaveLength(0);
});

test('Create sends the trimmed fields with https:// added, says so and shows the new row', async () => {
  const api = seeded();
  await openScreen(api);

  type('Domain', '  acme2.my.salesforce.test/ ');
  type('Consumer Key', ' key-2 ');
  type('Consumer Secret', ' secret-2 ');
  clickCreate();

  expect((await findToast('Salesforce profile created')).severity).toBe('success');
  expect(api.sent('createSalesforceProfile')[0]?.body).toEqual({
    domain: 'https://acme2.my.salesforce.test',
    consumer_key: 'key-2',
    consumer_secret: 'secret-2',
  });
  expect(await within(table()).findByText('https://acme2.my.salesforce.test')).toBeTruthy();
  expect((screen.getByLabelText('Domain') as HTMLInputElement).value).toBe('');
  expect((screen.getByLabelText('Consumer Secret') as HTMLInputElement).value).toBe('');
});

test("a refused create shows the service's message and keeps the form", async () => {
  const api = seeded();
  api.on('createSalesforceProfile', () => ({
    status: 400,
    error: { message: 'The domain resolves to a private address.', code: 'unsafe_url' },
  }));
  await openScreen(api);

  type('Domain', 'intranet.acme.test');
  type('Consumer Key', 'key-2');
  type('Consumer Secret', 'secret-2');
  clickCreate();

  expect((await findToast('The domain resolves to a private address.')).severity).toBe('error');
  expect((screen.getByLabelText('Domain') as HTMLInputElement).value).toBe('intranet.acme.test');
});

test("Connect checks the profile, then sends the browser to the org's authorize page", async () => {
  const api = seeded();
  await openScreen(api);

  fireEvent.click(
    within(rowOf('beta.my.salesforce.test')).getByRole('button', { name: 'Connect' }),
  );

  await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
  expect(api.sent('salesforceConnectCheck')[0]?.path).toBe(
    `/api/admin/salesforce/profiles/${oid(0x52)}`,
  );
  const target = new URL(assign.mock.calls[0][0] as string);
  expect(`${target.origin}${target.pathname}`).toBe(
    'https://beta.my.salesforce.test/services/oauth2/authorize',
  );
  expect(target.searchParams.get('client_id')).toBe('3MVG9-beta');
  expect(target.searchParams.get('redirect_uri')).toBe('http://localhost/oauth/salesforce');
  expect(target.searchParams.get('response_type')).toBe('code');
  expect(target.searchParams.get('prompt')).toBe('login');
});

test('a failed check before Connect shows the message and does not leave', async () => {
  const api = seeded();
  api.on('salesforceConnectCheck', () => ({
    status: 400,
    error: { message: 'The domain resolves to a private address.', code: 'unsafe_url' },
  }));
  await openScreen(api);

  fireEvent.click(
    within(rowOf('beta.my.salesforce.test')).getByRole('button', { name: 'Connect' }),
  );

  expect((await findToast('The domain resolves to a private address.')).severity).toBe('error');
  expect(assign).not.toHaveBeenCalled();
});

test('Delete asks first; Yes deletes the profile, says so and removes the row', async () => {
  const api = seeded();
  await openScreen(api);

  fireEvent.click(within(rowOf('beta.my.salesforce.test')).getByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog', {
    name: 'Do you want to delete https://beta.my.salesforce.test?',
  });
  expect(
    within(dialog).getByText('This deletes the Salesforce profile and its stored connection.'),
  ).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(api.sent('deleteSalesforceProfile')).toHaveLength(0);

  fireEvent.click(within(rowOf('beta.my.salesforce.test')).getByRole('button', { name: 'Delete' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));

  expect((await findToast('Deleted https://beta.my.salesforce.test')).severity).toBe('success');
  expect(api.sent('deleteSalesforceProfile')[0]?.path).toBe(`/api/admin/salesforce/${oid(0x52)}`);
  await waitFor(() => expect(screen.queryByText('https://beta.my.salesforce.test')).toBeNull());
});

test('back from Salesforce with ?connected=1 it says so and removes the parameter', async () => {
  const api = seeded();
  const { router } = await openScreen(api, `${path}?connected=1`);

  expect((await findToast('Salesforce account connected')).severity).toBe('success');
  await waitFor(() => expect(router.state.location.search).toBe(''));
});

test('back from Salesforce with ?error= it shows the message and removes the parameter', async () => {
  const api = seeded();
  const { router } = await openScreen(api, `${path}?error=invalid_client_id`);

  expect((await findToast('invalid_client_id')).severity).toBe('error');
  await waitFor(() => expect(router.state.location.search).toBe(''));
});
