// Spec 02 §2.6, §3 "User account", §5 "Additional webhook endpoint", §6, §7, §8; the signing
// secret reveal is the lead's decision (docs/decisions.md). Every text is spelled out here, copied
// from the spec (or from docs/decisions.md where the spec names none), never imported from the code.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { anIntegration, aUserAccount, aUserProfile, oid } from '../../../test/fixtures';
import { fakeService, type FakeService } from '../../../test/fake-service';
import { chooseOption, findToast, renderPage, shownToasts } from '../../../test/render-page';
import { serviceErrors } from '../../../test/service-answers';

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
  const rendered = renderPage(path);
  await screen.findByRole('heading', { level: 2, name: 'Add Webhook' });
  await screen.findByText('Ops forwarder');
  expect(api.sent('userAccounts')).toHaveLength(1);
  return rendered;
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
  ).toEqual(['ID', 'Webhook URL', 'Description', 'Signing secret', 'Sync alerts', 'Delete']);
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
    syncAlerts: false,
  });
  expect(await within(table()).findByText('New endpoint')).toBeTruthy();
  expect((screen.getByLabelText('Webhook URL') as HTMLInputElement).value).toBe('');
  expect(createButton().disabled).toBe(true);
});

test('sync alerts are asked for with the new endpoint, and turned on and off in its row', async () => {
  const api = seeded();
  await openScreen(api);

  const ask = screen.getByRole('checkbox', {
    name: 'Also send sync alerts (sync.failed, sync.recovered)',
  }) as HTMLInputElement;
  expect(ask.checked).toBe(false);
  expect(
    screen.getByText(
      "OutSync POSTs an alert here when writing to this profile's CRM fails, and again when it recovers.",
    ),
  ).toBeTruthy();
  chooseOption('Select Profile', profileLabel);
  type('Webhook URL', 'https://hooks.acme.test/alerts');
  type('Description', 'Alerts');
  fireEvent.click(ask);
  fireEvent.click(createButton());
  await findToast('Validated webhook');
  expect(api.sent('createUserAccount')[0]?.body).toMatchObject({ syncAlerts: true });
  await waitFor(() => expect(ask.checked).toBe(false));
  const created = within(await waitFor(() => rowOf('Alerts'))).getByRole('checkbox', {
    name: 'Send sync alerts to Alerts',
  }) as HTMLInputElement;
  expect(created.checked).toBe(true);

  const row = within(rowOf('Ops forwarder')).getByRole('checkbox', {
    name: 'Send sync alerts to Ops forwarder',
  }) as HTMLInputElement;
  expect(row.checked).toBe(false);
  fireEvent.click(row);
  expect((await findToast('Sync alerts on for Ops forwarder')).severity).toBe('success');
  expect(api.sent('updateUserAccount')[0]).toMatchObject({
    path: `/api/admin/user-accounts/${oid(0xe1)}`,
    body: { syncAlerts: true },
  });
  await waitFor(() => expect(row.checked).toBe(true));
  fireEvent.click(row);
  expect((await findToast('Sync alerts off for Ops forwarder')).severity).toBe('success');
  expect(api.sent('updateUserAccount')[1]?.body).toEqual({ syncAlerts: false });
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

test('without integrations there is no form: "You don\'t have any integrations!" and what to do first', async () => {
  fakeService({ userAccounts: [forwarder] });
  renderPage(path);

  expect(await screen.findByText("You don't have any integrations!")).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
  // Issue 31, item 5 (docs/decisions.md): what to do first, and a link to each CRM's screen.
  expect(
    screen.getByText(
      'Connect your CRM first: a HubSpot account or a Salesforce org. Then come back here to add an endpoint its events can be forwarded to.',
    ),
  ).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Connect HubSpot' }).getAttribute('href')).toBe(
    '/admin/dashboard/hubspot',
  );
  expect(screen.getByRole('link', { name: 'Connect Salesforce' }).getAttribute('href')).toBe(
    '/admin/dashboard/salesforce',
  );
});

test('a profile without Additional Webhooks says so as soon as it is chosen, before the fields', async () => {
  const off = aUserProfile({ id: oid(2), canUserAccount: false, email: 'bo@acme.test' });
  fakeService({ integrations: [anIntegration(profile), anIntegration(off)], userAccounts: [] });
  renderPage(path);
  await screen.findByRole('heading', { level: 2, name: 'Add Webhook' });
  expect(screen.queryByRole('note')).toBeNull();

  chooseOption('Select Profile', profileLabel);
  await waitFor(() => expect(screen.queryByRole('note')).toBeNull());
  chooseOption('Select Profile', 'HUBSPOT - bo@acme.test - 20519234 acme.hubspot.test');
  const note = await screen.findByRole('note');
  expect(note.textContent).toBe(
    'Additional Webhooks is not enabled for this profile: an endpoint added on it is saved, but OutSync forwards no events or sync alerts to it, and a webhook that forwards to it is refused, until an admin turns on Additional Webhooks for it in Users.',
  );
  // Before the fields to fill in; the form stays usable (the service keeps such an endpoint).
  const url = screen.getByLabelText('Webhook URL');
  expect(note.compareDocumentPosition(url) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect((url as HTMLInputElement).disabled).toBe(false);
});

describe('the signing secret', () => {
  const signingSecrets: Record<string, string> = {
    [forwarder.id]: 'q7Jx0VbN3kLmPz9wRt2sYc5uHe8aGd1fKi4oWn6pBv',
    [locked.id]: 'crm-mirror-secret-0123456789abcdefghijklmnop',
  };
  const secretOf = (id: string) => signingSecrets[id] as string;
  const helpText = 'X-OutSync-Signature: sha256=<hex HMAC-SHA256 of the raw body with this secret>';

  /** The service's answer: the secret of an endpoint the caller manages, else its 404. */
  function withSecrets(api: FakeService, known: Record<string, string> = signingSecrets) {
    api.on('revealUserAccountSecret', ({ params }) => {
      const signingSecret = known[params.id];
      if (signingSecret === undefined)
        return { status: 404, error: serviceErrors.endpointNotFound };
      return { body: { signingSecret } };
    });
    return api;
  }

  const secretRow = () => rowOf('Ops forwarder');
  const masked = () => within(secretRow()).queryByRole('img', { name: 'Signing secret hidden' });

  test('is masked; Show reads it from the service each time, Hide masks it, no cache keeps it', async () => {
    const api = withSecrets(seeded());
    const { queryClient } = await openScreen(api);

    expect(masked()).toBeTruthy();
    expect(within(rowOf('CRM mirror')).getByRole('button', { name: 'Show' })).toBeTruthy();
    expect(screen.queryByText(secretOf(forwarder.id))).toBeNull();
    expect(api.sent('revealUserAccountSecret')).toHaveLength(0);

    fireEvent.click(within(secretRow()).getByRole('button', { name: 'Show' }));
    expect(await within(secretRow()).findByText(secretOf(forwarder.id))).toBeTruthy();
    expect(masked()).toBeNull();
    expect(api.sent('revealUserAccountSecret').map((request) => request.path)).toEqual([
      `/api/admin/user-accounts/${forwarder.id}/signing-secret`,
    ]);
    // Only the row asked shows its secret.
    expect(within(rowOf('CRM mirror')).queryByText(secretOf(locked.id))).toBeNull();

    fireEvent.click(within(secretRow()).getByRole('button', { name: 'Hide' }));
    expect(within(secretRow()).queryByText(secretOf(forwarder.id))).toBeNull();
    expect(masked()).toBeTruthy();

    fireEvent.click(within(secretRow()).getByRole('button', { name: 'Show' }));
    await within(secretRow()).findByText(secretOf(forwarder.id));
    expect(api.sent('revealUserAccountSecret')).toHaveLength(2);

    await waitFor(() => expect(queryClient.getMutationCache().getAll()).toEqual([]));
    const cached = JSON.stringify(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.state.data),
    );
    expect(cached).not.toContain(secretOf(forwarder.id));
  });

  test('Copy puts the secret on the clipboard without showing it', async () => {
    const writeText = jest.fn<Promise<void>, [string]>(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    try {
      const api = withSecrets(seeded());
      await openScreen(api);

      fireEvent.click(within(secretRow()).getByRole('button', { name: 'Copy' }));

      expect((await findToast('Signing secret copied.')).severity).toBe('success');
      expect(writeText.mock.calls).toEqual([[secretOf(forwarder.id)]]);
      expect(masked()).toBeTruthy();
      expect(screen.queryByText(secretOf(forwarder.id))).toBeNull();
    } finally {
      Reflect.deleteProperty(navigator, 'clipboard');
    }
  });

  test("a refused reveal shows the service's message and keeps the mask", async () => {
    const api = withSecrets(seeded(), { [forwarder.id]: secretOf(forwarder.id) });
    await openScreen(api);

    const row = () => rowOf('CRM mirror');
    fireEvent.click(within(row()).getByRole('button', { name: 'Show' }));

    expect((await findToast('No such webhook endpoint, or it is not yours.')).severity).toBe(
      'error',
    );
    expect(within(row()).getByRole('img', { name: 'Signing secret hidden' })).toBeTruthy();
    expect(within(row()).getByRole('button', { name: 'Show' })).toBeTruthy();
  });

  test('the screen says how to check a signature with it', async () => {
    await openScreen(withSecrets(seeded()));

    const help = screen.getByText(helpText);
    const show = within(secretRow()).getByRole('button', { name: 'Show' });
    const describedBy = show.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.contains(help)).toBe(true);
  });
});
