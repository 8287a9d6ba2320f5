// Spec 02 §2.2, §7 "HUBSPOT profiles", §8, §9. Every text is spelled out here, copied from the
// spec (or from docs/decisions.md where the spec names none), never imported from the code.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aUserProfile, oid } from '../../../test/fixtures';
import { fakeService } from '../../../test/fake-service';
import { findToast, renderPage, shownToasts } from '../../../test/render-page';
import { profileInUse, serviceErrors } from '../../../test/service-answers';
import { browserLocation } from '../../../shared/navigation/browser-location';

const path = '/admin/dashboard/hubspot';
const own = aUserProfile({
  id: oid(1),
  email: 'ada@acme.test',
  firstName: 'Ada',
  lastName: 'Lovelace',
  accountId: '5150001',
  organizationId: '20519234',
  organizationDomain: 'acme.hubspot.test',
  canWebhook: true,
  canUserAccount: false,
  canBlockList: true,
});
const colleague = aUserProfile({
  id: oid(2),
  email: 'bob@acme.test',
  firstName: 'Bob',
  lastName: 'Stone',
  accountId: '5150002',
});

let assign: jest.SpyInstance;
beforeEach(() => {
  assign = jest.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

function seeded() {
  return fakeService({
    hubspotProfiles: {
      auth0Profiles: [{ id: own.id, user: own }],
      organizationProfiles: [colleague],
    },
  });
}

const table = (name: string) => screen.getByRole('table', { name });
const rowOf = (tableName: string, text: string) =>
  within(table(tableName))
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(text)) as HTMLElement;

async function openScreen(api: ReturnType<typeof fakeService>, url = path) {
  const rendered = renderPage(url);
  await screen.findByText('ada@acme.test');
  expect(api.sent('hubspotProfiles')).toHaveLength(1);
  return rendered;
}

test('on entry it checks the connected account and loads both profile tables', async () => {
  const api = seeded();
  await openScreen(api);

  expect(screen.getByRole('heading', { level: 1, name: 'HubSpot accounts' })).toBeTruthy();
  expect(api.sent('hubspotCheckConnectedAccount')).toHaveLength(1);
  for (const name of ['HubSpot Profiles', 'HubSpot Organization Profiles']) {
    const headers = within(table(name))
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers.slice(0, 7)).toEqual([
      'ID',
      'Account ID',
      'Organization ID',
      'Account',
      'Email',
      'Hub Domain',
      'Approved',
    ]);
  }
  const ownRow = rowOf('HubSpot Profiles', 'ada@acme.test');
  expect(within(ownRow).getByRole('rowheader').textContent).toBe(oid(1));
  for (const text of ['5150001', '20519234', 'Ada Lovelace', 'acme.hubspot.test']) {
    expect(within(ownRow).getByText(text)).toBeTruthy();
  }
  expect(
    within(rowOf('HubSpot Organization Profiles', 'bob@acme.test')).getByText('Bob Stone'),
  ).toBeTruthy();
  expect(shownToasts()).toEqual([]);
});

test('the three Approved flags say enabled or disabled, and a false one is red', async () => {
  await openScreen(seeded());

  const row = rowOf('HubSpot Profiles', 'ada@acme.test');
  const flags = within(row).getAllByRole('listitem');
  expect(flags.map((flag) => flag.textContent)).toEqual([
    '✓ Webhooks: enabled',
    '✕ Additional Webhooks: disabled',
    '✓ Block Lists: enabled',
  ]);
  const [webhooks, additional] = flags as [HTMLElement, HTMLElement];
  expect(getComputedStyle(additional).color).toBe('var(--os-color-danger)');
  expect(getComputedStyle(webhooks).color).toBe('var(--os-color-success)');
});

test('a problem the check names shows as a sticky error with its title and message', async () => {
  const api = seeded();
  api.db.hubspotCheck = {
    title: 'HubSpot connection lost',
    message: 'Reconnect acme.hubspot.test: its access was revoked.',
  };
  renderPage(path);

  const toast = await findToast('Reconnect acme.hubspot.test: its access was revoked.');
  expect(toast).toEqual({ severity: 'error', summary: 'HubSpot connection lost', life: 0 });
});

test('"Connect HubSpot Account" sends the browser to the authorize address from the service', async () => {
  const api = seeded();
  await openScreen(api);

  fireEvent.click(screen.getByRole('button', { name: 'Connect HubSpot Account' }));

  await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
  expect(assign).toHaveBeenCalledWith(
    'https://app.hubspot.test/oauth/authorize?client_id=c1&state=s1',
  );
  expect(api.sent('hubspotAuthorizeUrl')).toHaveLength(1);
});

test("a refused authorize address shows the service's message and stays on the screen", async () => {
  const api = seeded();
  api.on('hubspotAuthorizeUrl', () => ({
    status: 503,
    error: { message: 'HubSpot is not configured on this server.', code: 'not_ready' },
  }));
  await openScreen(api);

  fireEvent.click(screen.getByRole('button', { name: 'Connect HubSpot Account' }));

  expect((await findToast('HubSpot is not configured on this server.')).severity).toBe('error');
  expect(assign).not.toHaveBeenCalled();
});

test('back from HubSpot with ?connected=1 it says so and removes the parameter', async () => {
  const api = seeded();
  const { router } = await openScreen(api, `${path}?connected=1`);

  const toast = await findToast('HubSpot account connected');
  expect(toast.severity).toBe('success');
  expect(toast.life).toBe(3000);
  await waitFor(() => expect(router.state.location.search).toBe(''));
  expect(router.state.location.pathname).toBe(path);
  expect(router.state.historyAction).toBe('REPLACE');
});

test('back from HubSpot with ?error= it shows the message and removes the parameter', async () => {
  const api = seeded();
  const { router } = await openScreen(
    api,
    `${path}?error=${encodeURIComponent('You denied access to your portal.')}`,
  );

  expect((await findToast('You denied access to your portal.')).severity).toBe('error');
  await waitFor(() => expect(router.state.location.search).toBe(''));
  expect(shownToasts()).toEqual(['error: You denied access to your portal.']);
});

test('Delete asks "Do you want to delete {email}?"; No, and the X, close without deleting', async () => {
  const api = seeded();
  await openScreen(api);

  fireEvent.click(
    within(rowOf('HubSpot Profiles', 'ada@acme.test')).getByRole('button', { name: 'Delete' }),
  );
  const dialog = await screen.findByRole('dialog', {
    name: 'Do you want to delete ada@acme.test?',
  });
  expect(within(dialog).getByText('This only deletes the User Profile.')).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
  expect(screen.queryByRole('dialog')).toBeNull();

  fireEvent.click(
    within(rowOf('HubSpot Profiles', 'ada@acme.test')).getByRole('button', { name: 'Delete' }),
  );
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(api.sent('deleteHubspotProfile')).toHaveLength(0);
});

test('Yes deletes the profile: "Account deleted" and the row is gone', async () => {
  const api = seeded();
  await openScreen(api);

  fireEvent.click(
    within(rowOf('HubSpot Profiles', 'ada@acme.test')).getByRole('button', { name: 'Delete' }),
  );
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));

  expect((await findToast('Account deleted')).severity).toBe('success');
  expect(api.sent('deleteHubspotProfile')[0]?.path).toBe(`/api/admin/hubspot/profiles/${oid(1)}`);
  await waitFor(() => expect(screen.queryByText('ada@acme.test')).toBeNull());
  expect(screen.queryByRole('dialog')).toBeNull();
});

test("a refused delete shows the service's message and keeps the row", async () => {
  const api = seeded();
  api.on('deleteHubspotProfile', () => ({ status: 409, error: profileInUse('webhook 7') }));
  await openScreen(api);

  fireEvent.click(
    within(rowOf('HubSpot Profiles', 'ada@acme.test')).getByRole('button', { name: 'Delete' }),
  );
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));

  expect(
    (await findToast('This profile is still used by webhook 7. Delete those first.')).severity,
  ).toBe('error');
  expect(screen.getByText('ada@acme.test')).toBeTruthy();
});

test('organization profiles have no Delete button', async () => {
  await openScreen(seeded());

  expect(
    within(table('HubSpot Organization Profiles')).queryByRole('button', { name: 'Delete' }),
  ).toBeNull();
});

test('a 401 while loading goes to /unauthorized', async () => {
  const api = seeded();
  api.on('hubspotProfiles', () => ({ status: 401, error: serviceErrors.unauthorized }));
  const { router } = renderPage(path);

  await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
});
