// Issue 15: the Partners section at the bottom of the Users screen, for admins. Every text is
// spelled out here, copied from the contracts' schema messages or from the texts this section
// chose (docs/decisions.md), never imported from the code.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CurrentUser } from '@outsync/contracts';
import type { Partner } from '@outsync/contracts/accounts';
import { admin, anAdminUserRow, manager, oid } from '../../../test/fixtures';
import { fakeService, type FakeService } from '../../../test/fake-service';
import { findToast, renderPage } from '../../../test/render-page';

const path = '/admin/dashboard/users';

const acmePortal: Partner = {
  id: oid(0x9a1),
  name: 'Acme Portal',
  allowedOrigins: ['https://portal.acme.test', 'https://staging.acme.test'],
  customerEmails: ['ada@outsync.test', 'bob@outsync.test'],
  keyPrefix: 'osp_3f2a',
  keyCreatedAt: '2026-11-20T12:00:00.000Z',
  createdAt: '2026-11-20T12:00:00.000Z',
};

/** The keys the fake service issues, in order. */
const issuedKeys = ['osp_7Qm2vX9cLr4T8nB1zK6wYe3H', 'osp_Jd5pR0sFh2Wq7Vu4Ny8Mg1Ct'];

const users = [
  anAdminUserRow({ id: oid(1), userId: oid(0x100), userEmail: 'ada@outsync.test' }),
  anAdminUserRow({ id: oid(2), userId: oid(0x100), userEmail: 'ada@outsync.test' }),
  anAdminUserRow({ id: oid(3), userId: oid(0x101), userEmail: 'cy@outsync.test' }),
];

/**
 * The partner routes as the service answers them, over an in-memory list: keys are issued in
 * order from `issuedKeys`, and a key's prefix is its first 8 characters.
 */
function withPartners(api: FakeService, seed: Partner[]) {
  const db = { partners: [...seed] };
  let issued = 0;
  const newKey = () => {
    const apiKey = issuedKeys[issued++] ?? 'osp_no_more_keys';
    return { apiKey, keyPrefix: apiKey.slice(0, 8), keyCreatedAt: new Date().toISOString() };
  };
  const notFound = {
    status: 404,
    error: { message: 'No such partner.', code: 'not_found' },
  } as const;
  api.on('partners', () => ({ body: db.partners }));
  api.on('createPartner', ({ body }) => {
    const { apiKey, ...key } = newKey();
    const created: Partner = {
      id: oid(0x9b0 + issued),
      ...body,
      ...key,
      createdAt: '2026-11-28T12:00:00.000Z',
    };
    db.partners = [...db.partners, created];
    return { status: 201, body: { ...created, apiKey } };
  });
  api.on('updatePartner', ({ params, body }) => {
    const partner = db.partners.find((item) => item.id === params.id);
    if (!partner) return notFound;
    const updated = { ...partner, ...body };
    db.partners = db.partners.map((item) => (item.id === partner.id ? updated : item));
    return { body: updated };
  });
  api.on('rotatePartnerKey', ({ params }) => {
    const partner = db.partners.find((item) => item.id === params.id);
    if (!partner) return notFound;
    const { apiKey, ...key } = newKey();
    const rotated = { ...partner, ...key };
    db.partners = db.partners.map((item) => (item.id === partner.id ? rotated : item));
    return { body: { ...rotated, apiKey } };
  });
  api.on('deletePartner', ({ params }) => {
    if (!db.partners.some((item) => item.id === params.id)) return notFound;
    db.partners = db.partners.filter((item) => item.id !== params.id);
    return { body: { id: params.id } };
  });
  return db;
}

function seeded(partners: Partner[] = [acmePortal]) {
  const api = fakeService({ adminUsers: users });
  const db = withPartners(api, partners);
  return { api, db };
}

async function openScreen(user: CurrentUser = admin) {
  const rendered = renderPage(path, { user });
  await within(screen.getByRole('table', { name: 'Users' })).findAllByText('ada@outsync.test');
  return rendered;
}

const section = () => screen.getByRole('region', { name: 'Partners' });
const partnersTable = () => screen.getByRole('table', { name: 'Partners' });
const rowOf = (name: string) =>
  within(partnersTable())
    .getAllByRole('row')
    .find((row) => within(row).queryByRole('rowheader')?.textContent === name);
const findRow = async (name: string) => {
  await waitFor(() => expect(rowOf(name)).toBeTruthy());
  return rowOf(name) as HTMLElement;
};

/** The texts a control's `aria-describedby` points at: its help and its error. */
function descriptionOf(control: HTMLElement): string[] {
  return (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '');
}

async function openAddDialog() {
  fireEvent.click(
    within(await screen.findByRole('region', { name: 'Partners' })).getByRole('button', {
      name: 'Add partner',
    }),
  );
  return screen.findByRole('dialog', { name: 'Add partner' });
}

function fillPartner(dialog: HTMLElement, fields: { name?: string; origins?: string }) {
  if (fields.name !== undefined) {
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: fields.name } });
  }
  if (fields.origins !== undefined) {
    fireEvent.change(within(dialog).getByLabelText('Allowed origins'), {
      target: { value: fields.origins },
    });
  }
}

type QueryClientOfPage = ReturnType<typeof renderPage>['queryClient'];

/** Whether `text` ever shows up in the page's query cache (the key must stay out of it). */
function watchQueryCache(queryClient: QueryClientOfPage, text: string) {
  let seen = false;
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (JSON.stringify(event.query.state.data ?? null).includes(text)) seen = true;
  });
  return {
    seen: () => seen,
    stop: unsubscribe,
  };
}

/** What the page's mutation cache holds, as text. */
function mutationCacheText(queryClient: QueryClientOfPage) {
  return JSON.stringify(
    queryClient
      .getMutationCache()
      .getAll()
      .map((mutation) => mutation.state.data ?? null),
  );
}

afterEach(() => jest.restoreAllMocks());

test('an admin sees the Partners section under the users: name, origins, customers, key prefix, created', async () => {
  const { api } = seeded();
  await openScreen(admin);

  expect(within(section()).getByRole('heading', { level: 2, name: 'Partners' })).toBeTruthy();
  expect(
    within(section()).getByText(
      'Partners embed the webhooks module in their own portals: their server trades the partner key for short-lived embed tokens for the customers listed here.',
    ),
  ).toBeTruthy();
  const row = await findRow('Acme Portal');
  expect(
    within(partnersTable())
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Name', 'Allowed origins', 'Customers', 'Key', 'Created', 'Actions']);
  expect(within(row).getByText('https://portal.acme.test')).toBeTruthy();
  expect(within(row).getByText('https://staging.acme.test')).toBeTruthy();
  expect(within(row).getByText('osp_3f2a…')).toBeTruthy();
  expect(within(row).getByText('Nov 20, 2026')).toBeTruthy();
  expect(
    within(row)
      .getAllByRole('button')
      .map((button) => button.textContent),
  ).toEqual(['2 customers', 'Edit', 'Rotate key', 'Delete']);

  // The customers' e-mails are behind the count.
  const customers = within(row).getByRole('button', { name: '2 customers' });
  expect(within(row).queryAllByRole('listitem')).toEqual([]);
  fireEvent.click(customers);
  expect(customers.getAttribute('aria-expanded')).toBe('true');
  expect(
    within(row)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['ada@outsync.test', 'bob@outsync.test']);
  expect(api.sent('partners')).toHaveLength(1);
});

test('a manager sees the users but no Partners section, and asks nothing about partners', async () => {
  const { api } = seeded();
  await openScreen(manager);

  expect(screen.queryByRole('region', { name: 'Partners' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Add partner' })).toBeNull();
  expect(api.sent('partners')).toHaveLength(0);
});

test('with no partners the table says so', async () => {
  seeded([]);
  await openScreen(admin);

  expect(
    await within(await screen.findByRole('table', { name: 'Partners' })).findByText(
      'No partners yet.',
    ),
  ).toBeTruthy();
});

test('Add partner sends the form, shows the key once with Copy and Done, then the new row', async () => {
  const { api } = seeded();
  const writeText = jest.fn(async (_text: string) => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  try {
    const { queryClient } = await openScreen(admin);
    const queryCache = watchQueryCache(queryClient, 'osp_7Qm2vX9cLr4T8nB1zK6wYe3H');

    const dialog = await openAddDialog();
    fillPartner(dialog, {
      name: 'Globex',
      origins: 'https://portal.globex.test/\n\n  http://localhost:4200  ',
    });
    // The customers are picked from the users' sign-in e-mails, each once.
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Customers' }));
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['ada@outsync.test', 'cy@outsync.test']);
    fireEvent.click(within(dialog).getByRole('option', { name: 'cy@outsync.test' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add partner' }));

    const keyDialog = await screen.findByRole('dialog', { name: 'Partner key for Globex' });
    expect(api.sent('createPartner').map((request) => request.body)).toEqual([
      {
        name: 'Globex',
        allowedOrigins: ['https://portal.globex.test', 'http://localhost:4200'],
        customerEmails: ['cy@outsync.test'],
      },
    ]);
    expect((await findToast('Added partner Globex')).severity).toBe('success');
    expect(screen.queryByRole('dialog', { name: 'Add partner' })).toBeNull();
    expect(
      within(keyDialog).getByText('Copy this key now. It will not be shown again.'),
    ).toBeTruthy();
    expect(within(keyDialog).getByText('osp_7Qm2vX9cLr4T8nB1zK6wYe3H')).toBeTruthy();

    fireEvent.click(within(keyDialog).getByRole('button', { name: 'Copy key' }));
    expect((await findToast('Copied the partner key.')).severity).toBe('success');
    expect(writeText).toHaveBeenCalledWith('osp_7Qm2vX9cLr4T8nB1zK6wYe3H');

    fireEvent.click(within(keyDialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const row = await findRow('Globex');
    expect(within(row).getByText('osp_7Qm2…')).toBeTruthy();
    expect(within(row).getByRole('button', { name: '1 customer' })).toBeTruthy();
    expect(within(row).getByText('http://localhost:4200')).toBeTruthy();
    // Once: the key is on the page nowhere, never entered the query cache, and the mutation
    // cache let go of it.
    expect(screen.queryByText('osp_7Qm2vX9cLr4T8nB1zK6wYe3H')).toBeNull();
    expect(queryCache.seen()).toBe(false);
    queryCache.stop();
    await waitFor(() =>
      expect(mutationCacheText(queryClient)).not.toContain('osp_7Qm2vX9cLr4T8nB1zK6wYe3H'),
    );
  } finally {
    Reflect.deleteProperty(navigator, 'clipboard');
  }
});

test("the schema's messages show under the fields, and nothing is sent", async () => {
  const { api } = seeded();
  await openScreen(admin);

  const dialog = await openAddDialog();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add partner' }));

  const name = within(dialog).getByLabelText('Name');
  const origins = within(dialog).getByLabelText('Allowed origins');
  await waitFor(() => expect(descriptionOf(name)).toContain('Enter the partner’s name.'));
  expect(name.getAttribute('aria-invalid')).toBe('true');
  expect(descriptionOf(origins)).toContain('Add at least one allowed origin.');
  expect(origins.getAttribute('aria-invalid')).toBe('true');

  // After the first attempt each change is checked again.
  fillPartner(dialog, { name: 'Globex', origins: 'https://portal.globex.test/login' });
  expect(name.getAttribute('aria-invalid')).toBeNull();
  expect(descriptionOf(origins)).toContain(
    'Enter an origin like https://portal.example.com (https, no path).',
  );
  fillPartner(dialog, { origins: 'https://portal.globex.test\nhttp://portal.globex.test' });
  expect(descriptionOf(origins)).toContain(
    'Enter an origin like https://portal.example.com (https, no path).',
  );
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add partner' }));

  expect(screen.getByRole('dialog', { name: 'Add partner' })).toBeTruthy();
  expect(api.sent('createPartner')).toHaveLength(0);
});

test("a refused create shows the service's message and keeps the form", async () => {
  const { api } = seeded();
  api.on('createPartner', () => ({
    // The service's answer when the caller lost the admin role meanwhile.
    status: 403,
    error: { message: 'You do not have access to this.', code: 'forbidden' },
  }));
  await openScreen(admin);

  const dialog = await openAddDialog();
  fillPartner(dialog, { name: 'Globex', origins: 'https://portal.globex.test' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add partner' }));

  expect((await findToast('You do not have access to this.')).severity).toBe('error');
  expect(screen.getByRole('dialog', { name: 'Add partner' })).toBeTruthy();
  expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Globex');
  expect(screen.queryByRole('dialog', { name: /^Partner key for/ })).toBeNull();
});

test('Edit shows the partner and saves its new origins and customers', async () => {
  const { api } = seeded();
  await openScreen(admin);

  fireEvent.click(within(await findRow('Acme Portal')).getByRole('button', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit partner' });
  expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Acme Portal');
  expect((within(dialog).getByLabelText('Allowed origins') as HTMLTextAreaElement).value).toBe(
    'https://portal.acme.test\nhttps://staging.acme.test',
  );
  // bob@outsync.test has no row in the users list; he stays a customer until removed.
  expect(
    within(dialog)
      .getAllByRole('button', { name: /^Remove / })
      .map((button) => button.getAttribute('aria-label')),
  ).toEqual(['Remove ada@outsync.test', 'Remove bob@outsync.test']);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Remove bob@outsync.test' }));
  fillPartner(dialog, { origins: 'https://portal.acme.test' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

  expect((await findToast('Updated partner Acme Portal')).severity).toBe('success');
  expect(api.sent('updatePartner').map((request) => [request.path, request.body])).toEqual([
    [
      `/api/admin/partners/${oid(0x9a1)}`,
      {
        name: 'Acme Portal',
        allowedOrigins: ['https://portal.acme.test'],
        customerEmails: ['ada@outsync.test'],
      },
    ],
  ]);
  expect(screen.queryByRole('dialog')).toBeNull();
  const row = await findRow('Acme Portal');
  await waitFor(() => expect(within(row).queryByText('https://staging.acme.test')).toBeNull());
  expect(within(row).getByRole('button', { name: '1 customer' })).toBeTruthy();
});

test('Rotate key asks first; Yes shows the new key once and the row its new prefix', async () => {
  const { api } = seeded();
  const { queryClient } = await openScreen(admin);
  const queryCache = watchQueryCache(queryClient, 'osp_7Qm2vX9cLr4T8nB1zK6wYe3H');

  fireEvent.click(within(await findRow('Acme Portal')).getByRole('button', { name: 'Rotate key' }));
  let confirm = await screen.findByRole('dialog', { name: 'Rotate the key of Acme Portal?' });
  expect(
    within(confirm).getByText('The old key and its embed tokens stop working at once.'),
  ).toBeTruthy();
  fireEvent.click(within(confirm).getByRole('button', { name: 'No' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(api.sent('rotatePartnerKey')).toHaveLength(0);

  fireEvent.click(within(await findRow('Acme Portal')).getByRole('button', { name: 'Rotate key' }));
  confirm = await screen.findByRole('dialog', { name: 'Rotate the key of Acme Portal?' });
  fireEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));

  const keyDialog = await screen.findByRole('dialog', { name: 'Partner key for Acme Portal' });
  expect(api.sent('rotatePartnerKey').map((request) => request.path)).toEqual([
    `/api/admin/partners/${oid(0x9a1)}/key`,
  ]);
  expect((await findToast('Rotated the key of Acme Portal')).severity).toBe('success');
  expect(screen.queryByRole('dialog', { name: 'Rotate the key of Acme Portal?' })).toBeNull();
  expect(
    within(keyDialog).getByText('Copy this key now. It will not be shown again.'),
  ).toBeTruthy();
  expect(within(keyDialog).getByText('osp_7Qm2vX9cLr4T8nB1zK6wYe3H')).toBeTruthy();

  fireEvent.click(within(keyDialog).getByRole('button', { name: 'Done' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.queryByText('osp_7Qm2vX9cLr4T8nB1zK6wYe3H')).toBeNull();
  expect(within(await findRow('Acme Portal')).getByText('osp_7Qm2…')).toBeTruthy();
  expect(queryCache.seen()).toBe(false);
  queryCache.stop();
});

test('Delete asks first; Yes removes the row', async () => {
  const { api } = seeded();
  await openScreen(admin);

  fireEvent.click(within(await findRow('Acme Portal')).getByRole('button', { name: 'Delete' }));
  const confirm = await screen.findByRole('dialog', { name: 'Do you want to delete Acme Portal?' });
  expect(within(confirm).getByText('Its key and embed tokens stop working at once.')).toBeTruthy();
  fireEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));

  expect((await findToast('Deleted partner Acme Portal')).severity).toBe('success');
  expect(api.sent('deletePartner').map((request) => request.path)).toEqual([
    `/api/admin/partners/${oid(0x9a1)}`,
  ]);
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(rowOf('Acme Portal')).toBeUndefined();
  expect(within(partnersTable()).getByText('No partners yet.')).toBeTruthy();
});

test("a refused delete shows the service's message and keeps the question open", async () => {
  const { db } = seeded();
  await openScreen(admin);

  const row = await findRow('Acme Portal');
  // Another admin deleted it meanwhile.
  db.partners = [];
  fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
  const confirm = await screen.findByRole('dialog', { name: 'Do you want to delete Acme Portal?' });
  fireEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));

  expect((await findToast('No such partner.')).severity).toBe('error');
  expect(screen.getByRole('dialog', { name: 'Do you want to delete Acme Portal?' })).toBeTruthy();
});
