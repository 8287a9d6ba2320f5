// Spec 02 §2.8, §3 "User profile", §4 "User permission flags", §6, §7 "Users", §8; issue 9 (role
// and paid plan). Every text is spelled out here, copied from the spec (or from
// docs/decisions.md where the spec names none), never imported from the code.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CurrentUser } from '@outsync/contracts';
import { admin, anAdminUserRow, customer, manager, oid } from '../../../test/fixtures';
import { fakeService } from '../../../test/fake-service';
import { chooseOption, findToast, renderPage } from '../../../test/render-page';
import { serviceErrors } from '../../../test/service-answers';

const path = '/admin/dashboard/users';

const ada = anAdminUserRow({
  id: oid(1),
  userId: oid(0x100),
  userEmail: 'ada@outsync.test',
  profile: 'HUBSPOT',
  accountId: '5150001',
  organizationId: '20519234',
  email: 'ada@acme.test',
  role: null,
  isPaidTier: false,
  organizationDomain: 'acme.hubspot.test',
  canWebhook: true,
  canUserAccount: false,
  canBlockList: false,
});
const meg = anAdminUserRow({
  id: oid(0x200),
  userId: oid(0x200),
  userEmail: 'meg@outsync.test',
  profile: null,
  accountId: '',
  organizationId: '',
  email: 'meg@outsync.test',
  role: 'MANAGER',
  isPaidTier: true,
  organizationDomain: '',
});

afterEach(() => jest.restoreAllMocks());

const seeded = () => fakeService({ adminUsers: [ada, meg] });

async function openScreen(api: ReturnType<typeof fakeService>, user: CurrentUser) {
  renderPage(path, { user });
  await screen.findByText('ada@acme.test');
  expect(api.sent('adminUsers')).toHaveLength(1);
}

const table = () => screen.getByRole('table', { name: 'Users' });
const rowOf = (text: string) =>
  within(table())
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(text)) as HTMLElement;
const headers = () =>
  within(table())
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);

test('a manager sees every user with the spec columns, and no Update', async () => {
  await openScreen(seeded(), manager);

  expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
  expect(headers()).toEqual([
    'ID',
    'Account ID',
    'Organization ID',
    'Account',
    'Email',
    'Role',
    'Hub Domain',
    'Approved',
  ]);
  const row = rowOf('ada@acme.test');
  expect(within(row).getByRole('rowheader').textContent).toBe(oid(1));
  for (const text of ['5150001', '20519234', 'ada@outsync.test', 'Customer', 'acme.hubspot.test']) {
    expect(within(row).getByText(text)).toBeTruthy();
  }
  expect(within(rowOf('meg@outsync.test')).getByText('Manager')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
});

test('the Approved flags are red when false; a user without a profile shows none', async () => {
  await openScreen(seeded(), manager);

  const flags = within(rowOf('ada@acme.test')).getAllByRole('listitem');
  expect(flags.map((flag) => flag.textContent)).toEqual([
    '✓ Webhooks: enabled',
    '✕ Additional Webhooks: disabled',
    '✕ Block Lists: disabled',
  ]);
  expect(flags.map((flag) => getComputedStyle(flag).color)).toEqual([
    'var(--os-color-success)',
    'var(--os-color-danger)',
    'var(--os-color-danger)',
  ]);
  const noProfile = rowOf('meg@outsync.test');
  expect(within(noProfile).queryAllByRole('listitem')).toEqual([]);
  expect(within(noProfile).getAllByText('—').length).toBeGreaterThan(0);
});

test('an admin gets "Update" per row: the "Update User" dialog with the flags, role and plan', async () => {
  await openScreen(seeded(), admin);

  expect(headers().at(-1)).toBe('Update');
  fireEvent.click(within(rowOf('ada@acme.test')).getByRole('button', { name: 'Update' }));
  const dialog = await screen.findByRole('dialog', { name: 'Update User' });

  const checked = (name: string) =>
    (within(dialog).getByLabelText(name) as HTMLInputElement).checked;
  expect(checked('Webhooks')).toBe(true);
  expect(checked('Additional Webhooks')).toBe(false);
  expect(checked('Block Lists')).toBe(false);
  expect(checked('Paid plan')).toBe(false);
  const role = within(dialog).getByRole('combobox', { name: 'Role' });
  expect(role.textContent).toBe('Customer');
  fireEvent.click(role);
  expect(
    within(dialog)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['Customer', 'Manager', 'Admin']);
});

test('Update sends the flags, role and plan: "{user email} updated" and the row follows', async () => {
  const api = seeded();
  await openScreen(api, admin);

  fireEvent.click(within(rowOf('ada@acme.test')).getByRole('button', { name: 'Update' }));
  const dialog = await screen.findByRole('dialog', { name: 'Update User' });
  fireEvent.click(within(dialog).getByLabelText('Additional Webhooks'));
  fireEvent.click(within(dialog).getByLabelText('Block Lists'));
  fireEvent.click(within(dialog).getByLabelText('Paid plan'));
  chooseOption('Role', 'Admin', dialog);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));

  expect((await findToast('ada@acme.test updated')).severity).toBe('success');
  expect(api.sent('updateAdminUser').map((request) => [request.path, request.body])).toEqual([
    [
      `/api/admin/dashboard/users/${oid(1)}`,
      {
        canWebhook: true,
        canUserAccount: true,
        canBlockList: true,
        role: 'ADMIN',
        isPaidTier: true,
      },
    ],
  ]);
  expect(screen.queryByRole('dialog')).toBeNull();
  await waitFor(() =>
    expect(
      within(rowOf('ada@acme.test'))
        .getAllByRole('listitem')
        .map((flag) => flag.textContent),
    ).toEqual(['✓ Webhooks: enabled', '✓ Additional Webhooks: enabled', '✓ Block Lists: enabled']),
  );
  expect(within(rowOf('ada@acme.test')).getByText('Admin')).toBeTruthy();
});

test('choosing Customer sends role null', async () => {
  const api = seeded();
  await openScreen(api, admin);

  fireEvent.click(within(rowOf('meg@outsync.test')).getByRole('button', { name: 'Update' }));
  const dialog = await screen.findByRole('dialog', { name: 'Update User' });
  chooseOption('Role', 'Customer', dialog);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));

  expect((await findToast('meg@outsync.test updated')).severity).toBe('success');
  expect(api.sent('updateAdminUser')[0]?.body).toMatchObject({ role: null });
});

test('a user without a profile has no flags to change', async () => {
  await openScreen(seeded(), admin);

  fireEvent.click(within(rowOf('meg@outsync.test')).getByRole('button', { name: 'Update' }));
  const dialog = await screen.findByRole('dialog', { name: 'Update User' });

  for (const name of ['Webhooks', 'Additional Webhooks', 'Block Lists']) {
    expect((within(dialog).getByLabelText(name) as HTMLInputElement).disabled).toBe(true);
  }
  expect((within(dialog).getByLabelText('Paid plan') as HTMLInputElement).disabled).toBe(false);
});

test("a refused update shows the service's message and keeps the dialog", async () => {
  const api = seeded();
  api.on('updateAdminUser', () => ({ status: 400, error: serviceErrors.ownAdminRole }));
  await openScreen(api, admin);

  fireEvent.click(within(rowOf('ada@acme.test')).getByRole('button', { name: 'Update' }));
  fireEvent.click(
    within(await screen.findByRole('dialog')).getByRole('button', { name: 'Update' }),
  );

  expect((await findToast('You cannot remove your own admin role.')).severity).toBe('error');
  expect(screen.getByRole('dialog', { name: 'Update User' })).toBeTruthy();
});

test('a customer who reaches the page gets a note and no request', async () => {
  const api = seeded();
  renderPage(path, { user: customer });

  expect(await screen.findByText('Only managers and admins can see the users.')).toBeTruthy();
  expect(screen.queryByRole('table')).toBeNull();
  expect(api.sent('adminUsers')).toHaveLength(0);
});
