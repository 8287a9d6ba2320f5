// Issue 34, item 5: the API tokens screen. Every text is spelled out here, copied from the
// contracts' schema messages or from the texts the screen chose (docs/decisions.md), never
// imported from the code.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiToken } from '@outsync/contracts/accounts';
import { oid } from '../../../test/fixtures';
import { fakeService } from '../../../test/fake-service';
import { chooseOption, findToast, renderPage } from '../../../test/render-page';

const path = '/admin/dashboard/api-tokens';

const SECRET = 'osat_Vq3Xk9Lm2Rt7Pw4Zs8Nd1Fh6Jc5Gb0Ya-Ue_Qi2Oo7Tr';

/** Dates well in the future, so the table tells them apart from expired ones. */
const nightly: ApiToken = {
  id: oid(0xa71),
  name: 'Nightly export',
  scope: 'read-only',
  prefix: 'osat_Ab12Cd3',
  createdAt: '2026-11-20T12:00:00.000Z',
  expiresAt: '2099-02-18T12:00:00.000Z',
  lastUsedAt: '2026-11-28T12:00:00.000Z',
};
const backup: ApiToken = {
  id: oid(0xa72),
  name: 'CRM backup',
  scope: 'read-write',
  prefix: 'osat_Zy98Xw7',
  createdAt: '2026-10-01T12:00:00.000Z',
  expiresAt: '2026-10-31T12:00:00.000Z',
  lastUsedAt: null,
};

const minute = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const table = () => screen.getByRole('table', { name: 'API tokens' });
const rowOf = (name: string) =>
  within(table())
    .queryAllByRole('row')
    .find((row) => within(row).queryByRole('rowheader')?.textContent?.startsWith(name));
const findRow = async (name: string) => {
  await waitFor(() => expect(rowOf(name)).toBeTruthy());
  return rowOf(name) as HTMLElement;
};
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

/** The texts a control's `aria-describedby` points at: its help and its error. */
function descriptionOf(control: HTMLElement): string[] {
  return (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '');
}

async function openCreateDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Create token' }));
  return screen.findByRole('dialog', { name: 'Create token' });
}

afterEach(() => jest.restoreAllMocks());

test('lists name, prefix, scope, created, expires and last used, with Revoke on each row', async () => {
  fakeService({ apiTokens: [nightly, backup] });
  renderPage(path);

  expect(await screen.findByRole('heading', { level: 1, name: 'API tokens' })).toBeTruthy();
  expect(
    screen.getByText(
      'API tokens let your own scripts call the OutSync API as you: read your webhooks and history, and with a read-and-write token also change webhooks and retry events. A token never does more than you can.',
    ),
  ).toBeTruthy();
  const row = await findRow('Nightly export');
  expect(
    within(table())
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Name', 'Scope', 'Created', 'Expires', 'Last used', 'Revoke']);
  expect(within(row).getByRole('rowheader').textContent).toBe('Nightly exportosat_Ab12Cd3…');
  expect(cellsOf(row)).toEqual([
    'Read only',
    'Nov 20, 2026',
    'Feb 18, 2099',
    minute.format(new Date('2026-11-28T12:00:00.000Z')),
    'Revoke',
  ]);
  expect(
    within(row)
      .getByText(minute.format(new Date(nightly.lastUsedAt ?? '')))
      .closest('time')
      ?.getAttribute('datetime'),
  ).toBe('2026-11-28T12:00:00.000Z');
  // Never used, and past its expiry.
  expect(cellsOf(await findRow('CRM backup'))).toEqual([
    'Read and write',
    'Oct 1, 2026',
    'Expired',
    'Never',
    'Revoke',
  ]);
});

test('with no tokens, the table says so', async () => {
  fakeService();
  renderPage(path);
  expect(
    await within(await screen.findByRole('table', { name: 'API tokens' })).findByText(
      'No API tokens yet. Create one to call the API from your own scripts.',
    ),
  ).toBeTruthy();
});

test('Create token sends the form, shows the token once with Copy and Done, then the new row', async () => {
  const api = fakeService({ apiTokenSecrets: [SECRET] });
  const writeText = jest.fn(async (_text: string) => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  try {
    const { queryClient } = renderPage(path);
    await screen.findByText('No API tokens yet. Create one to call the API from your own scripts.');

    const dialog = await openCreateDialog();
    const name = within(dialog).getByLabelText('Name');
    expect(descriptionOf(name)).toEqual(['What the token is for, e.g. "Nightly CRM report".']);
    // Read only for 90 days unless chosen otherwise.
    expect(within(dialog).getByRole('combobox', { name: 'Access' }).textContent).toContain(
      'Read only',
    );
    expect(
      within(dialog).getByText(
        'Read only: the token can read your webhooks and history. Read and write: it can also change webhooks and retry events.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Expires after' }));
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['30 days', '90 days', '365 days']);
    fireEvent.click(within(dialog).getByRole('option', { name: '365 days' }));
    chooseOption('Access', 'Read and write', dialog);
    fireEvent.change(name, { target: { value: 'Zapier' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));

    const shown = await screen.findByRole('dialog', { name: 'API token Zapier' });
    expect(api.sent('createApiToken').map((request) => request.body)).toEqual([
      { name: 'Zapier', scope: 'read-write', expiresInDays: 365 },
    ]);
    expect((await findToast('Created Zapier')).severity).toBe('success');
    expect(screen.queryByRole('dialog', { name: 'Create token' })).toBeNull();
    expect(
      within(shown).getByText('Copy this token now. It will not be shown again.'),
    ).toBeTruthy();
    expect(
      within(shown).getByText('Send it with each request as: Authorization: Bearer <token>'),
    ).toBeTruthy();
    expect(within(shown).getByText(SECRET)).toBeTruthy();

    fireEvent.click(within(shown).getByRole('button', { name: 'Copy token' }));
    expect((await findToast('Copied the API token.')).severity).toBe('success');
    expect(writeText).toHaveBeenCalledWith(SECRET);

    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const row = await findRow('Zapier');
    expect(cellsOf(row).slice(0, 1)).toEqual(['Read and write']);
    expect(within(row).getByText('osat_Vq3Xk9L…')).toBeTruthy();
    // Once: the token is on the page nowhere, and no cache keeps it.
    expect(screen.queryByText(SECRET)).toBeNull();
    await waitFor(() => {
      const cached = JSON.stringify([
        queryClient
          .getQueryCache()
          .getAll()
          .map((query) => query.state.data ?? null),
        queryClient
          .getMutationCache()
          .getAll()
          .map((mutation) => mutation.state.data ?? null),
      ]);
      expect(cached).not.toContain(SECRET);
    });
  } finally {
    Reflect.deleteProperty(navigator, 'clipboard');
  }
});

test("the schema's message shows under the name, and nothing is sent", async () => {
  const api = fakeService();
  renderPage(path);

  const dialog = await openCreateDialog();
  fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '   ' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));

  const name = within(dialog).getByLabelText('Name');
  await waitFor(() => expect(descriptionOf(name)).toContain('Enter a name for the token.'));
  expect(name.getAttribute('aria-invalid')).toBe('true');
  expect(api.sent('createApiToken')).toEqual([]);

  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).toBeNull();
});

test("a refused create shows the service's message and keeps the form open", async () => {
  const api = fakeService();
  api.on('createApiToken', () => ({
    status: 409,
    error: {
      code: 'api_token_limit',
      message: 'You already have 20 active API tokens. Revoke one to create another.',
    },
  }));
  renderPage(path);

  const dialog = await openCreateDialog();
  fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'One more' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));

  expect(
    (await findToast('You already have 20 active API tokens. Revoke one to create another.'))
      .severity,
  ).toBe('error');
  expect(screen.getByRole('dialog', { name: 'Create token' })).toBeTruthy();
});

test('Revoke asks first; No keeps the token, Yes revokes it', async () => {
  const api = fakeService({ apiTokens: [nightly, backup] });
  renderPage(path);

  fireEvent.click(
    within(await findRow('Nightly export')).getByRole('button', { name: 'Revoke Nightly export' }),
  );
  let confirm = await screen.findByRole('dialog', { name: 'Revoke Nightly export?' });
  expect(
    within(confirm).getByText(
      'Scripts that use this token stop working at once. This cannot be undone.',
    ),
  ).toBeTruthy();
  fireEvent.click(within(confirm).getByRole('button', { name: 'No' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(api.sent('revokeApiToken')).toEqual([]);

  fireEvent.click(
    within(await findRow('Nightly export')).getByRole('button', { name: 'Revoke Nightly export' }),
  );
  confirm = await screen.findByRole('dialog', { name: 'Revoke Nightly export?' });
  fireEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));

  expect((await findToast('Revoked Nightly export')).severity).toBe('success');
  expect(api.sent('revokeApiToken').map((request) => request.path)).toEqual([
    `/api/admin/api-tokens/${oid(0xa71)}`,
  ]);
  expect(screen.queryByRole('dialog')).toBeNull();
  await waitFor(() => expect(rowOf('Nightly export')).toBeUndefined());
  expect(rowOf('CRM backup')).toBeTruthy();
});

test("a refused revoke shows the service's message and keeps the question open", async () => {
  const api = fakeService({ apiTokens: [nightly] });
  renderPage(path);

  const row = await findRow('Nightly export');
  // Revoked meanwhile, in another tab.
  api.db.apiTokens = [];
  fireEvent.click(within(row).getByRole('button', { name: 'Revoke Nightly export' }));
  const confirm = await screen.findByRole('dialog', { name: 'Revoke Nightly export?' });
  fireEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));

  expect((await findToast('No such API token.')).severity).toBe('error');
  expect(screen.getByRole('dialog', { name: 'Revoke Nightly export?' })).toBeTruthy();
});

test('a refused list shows the service’s message, and the table stays empty', async () => {
  const api = fakeService();
  api.on('apiTokens', () => ({
    status: 400,
    error: { code: 'bad_request', message: 'The list could not be read.' },
  }));
  renderPage(path);
  expect((await findToast('The list could not be read.')).severity).toBe('error');
  expect(within(table()).queryAllByRole('rowheader')).toEqual([]);
});
