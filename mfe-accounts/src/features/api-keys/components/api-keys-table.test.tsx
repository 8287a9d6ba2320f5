// Spec 02 §2.4 "API Keys" and "All API Keys", §3 "API key", §4, §6, §8, §9. Every text is spelled
// out here, copied from the spec (or from docs/decisions.md where the spec names none), never
// imported from the code.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { admin, customer, manager, oid } from '../../../test/fixtures';
import {
  apiKeysSeed,
  bisonKey,
  colleagueKey,
  heyreachKey,
  secrets,
  smartleadKey,
} from '../../../test/api-keys-data';
import { fakeService } from '../../../test/fake-service';
import { findToast, renderPage } from '../../../test/render-page';
import { serviceErrors } from '../../../test/service-answers';
import type { CurrentUser } from '@outsync/contracts';

const path = '/admin/dashboard/api-keys';
const mask = '********-****-****-****-**********_********';

afterEach(() => jest.restoreAllMocks());

async function openScreen(api: ReturnType<typeof fakeService>, user: CurrentUser = customer) {
  const rendered = renderPage(path, { user });
  await within(screen.getByRole('table', { name: 'API Keys' })).findByText('Main sequencer');
  expect(api.sent('apiKeys')).toHaveLength(1);
  return rendered;
}

const ownTable = () => screen.getByRole('table', { name: 'API Keys' });
const rowOf = (table: HTMLElement, text: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(text)) as HTMLElement;

test('the table shows each key with the spec columns, the key masked', async () => {
  await openScreen(fakeService(apiKeysSeed()));

  expect(
    within(ownTable())
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual([
    'ID',
    'API Key',
    'Description',
    'Platform',
    'Profile',
    'Status',
    'Check API Key',
    'Edit',
    'Lead Categories',
    'Delete',
  ]);
  const smartlead = rowOf(ownTable(), 'Main sequencer');
  expect(within(smartlead).getByRole('rowheader').textContent).toBe(smartleadKey.id);
  expect(within(smartlead).getByRole('button', { name: mask })).toBeTruthy();
  expect(within(smartlead).getByText(`${oid(0xb1)} - Customers`)).toBeTruthy();
  expect(within(smartlead).getByText('Smartlead')).toBeTruthy();
  expect(
    within(smartlead).getByText('Ada Lovelace ada@acme.test - 20519234 acme.hubspot.test'),
  ).toBeTruthy();
  expect(within(smartlead).getByText('Ok')).toBeTruthy();
  expect(within(smartlead).queryByText(/^Base URL:/)).toBeNull();

  const bison = rowOf(ownTable(), 'Bison outreach');
  expect(within(bison).getByText('EmailBison')).toBeTruthy();
  expect(within(bison).getByText('Base URL: https://mail.acme.test')).toBeTruthy();
  expect(within(bison).getByText('Invalid')).toBeTruthy();
});

test('clicking the masked key shows the real one (read from the service each time), clicking again masks it', async () => {
  const api = fakeService(apiKeysSeed());
  const { queryClient } = await openScreen(api);

  const row = () => rowOf(ownTable(), 'Main sequencer');
  fireEvent.click(within(row()).getByRole('button', { name: mask }));
  const shown = await within(row()).findByRole('button', { name: secrets[smartleadKey.id] });
  expect(shown.getAttribute('aria-pressed')).toBe('true');
  expect(api.sent('revealApiKey')[0]?.path).toBe(
    `/api/admin/dashboard/api-keys/${smartleadKey.id}/secret`,
  );

  fireEvent.click(shown);
  expect(within(row()).getByRole('button', { name: mask }).getAttribute('aria-pressed')).toBe(
    'false',
  );
  expect(within(row()).queryByText(secrets[smartleadKey.id]!)).toBeNull();

  fireEvent.click(within(row()).getByRole('button', { name: mask }));
  await within(row()).findByRole('button', { name: secrets[smartleadKey.id] });
  expect(api.sent('revealApiKey')).toHaveLength(2);

  // The key is kept by the row alone: no cache of the page holds it.
  await waitFor(() => expect(queryClient.getMutationCache().getAll()).toEqual([]));
  const cached = JSON.stringify(
    queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.state.data),
  );
  expect(cached).not.toContain(secrets[smartleadKey.id]);
});

test('"Check API Key" re-validates the key: "API key validated" and the status follows', async () => {
  const api = fakeService(apiKeysSeed());
  await openScreen(api);

  const bison = () => rowOf(ownTable(), 'Bison outreach');
  expect(within(bison()).getByText('Invalid')).toBeTruthy();
  fireEvent.click(within(bison()).getByRole('button', { name: 'Check API Key' }));

  expect((await findToast('API key validated')).severity).toBe('success');
  expect(api.sent('validateApiKey')[0]?.path).toBe(
    `/api/admin/dashboard/api-keys/${bisonKey.id}/validate`,
  );
  await waitFor(() => expect(within(bison()).getByText('Ok')).toBeTruthy());
});

test('a key the platform now refuses turns Invalid, told as a sticky "ApiKey" error', async () => {
  const api = fakeService(apiKeysSeed({ refusedApiKeys: [secrets[smartleadKey.id]!] }));
  await openScreen(api);

  fireEvent.click(
    within(rowOf(ownTable(), 'Main sequencer')).getByRole('button', { name: 'Check API Key' }),
  );

  expect(await findToast('The platform did not accept this API key.')).toEqual({
    severity: 'error',
    summary: 'ApiKey',
    life: 0,
  });
  await waitFor(() =>
    expect(within(rowOf(ownTable(), 'Main sequencer')).getByText('Invalid')).toBeTruthy(),
  );
  expect(screen.queryByText('API key validated')).toBeNull();
});

test('a failed check is a sticky "ApiKey" error with the service\'s message', async () => {
  const api = fakeService(apiKeysSeed());
  api.on('validateApiKey', () => ({ status: 502, error: serviceErrors.upstreamFailed }));
  await openScreen(api);

  fireEvent.click(
    within(rowOf(ownTable(), 'Main sequencer')).getByRole('button', { name: 'Check API Key' }),
  );

  expect(
    await findToast(
      'Could not reach HeyReach to check the key: too many requests right now. Please try again in a moment.',
    ),
  ).toEqual({
    severity: 'error',
    summary: 'ApiKey',
    life: 0,
  });
});

test('Delete asks "Do you want to delete {description}?"; Yes deletes: "Deleted {description}"', async () => {
  const api = fakeService(apiKeysSeed());
  await openScreen(api);

  fireEvent.click(
    within(rowOf(ownTable(), 'Social reach')).getByRole('button', { name: 'Delete' }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Do you want to delete Social reach?' });
  expect(within(dialog).getByText('This deletes the API key.')).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
  expect(api.sent('deleteApiKey')).toHaveLength(0);

  fireEvent.click(
    within(rowOf(ownTable(), 'Social reach')).getByRole('button', { name: 'Delete' }),
  );
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));

  expect((await findToast('Deleted Social reach')).severity).toBe('success');
  expect(api.sent('deleteApiKey')[0]?.path).toBe(
    `/api/admin/dashboard/smartlead/${heyreachKey.id}`,
  );
  await waitFor(() => expect(within(ownTable()).queryByText('Social reach')).toBeNull());
});

test('a key still in use (409) is not deleted: the service says why', async () => {
  const api = fakeService(apiKeysSeed());
  await openScreen(api);

  fireEvent.click(
    within(rowOf(ownTable(), 'Main sequencer')).getByRole('button', { name: 'Delete' }),
  );
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));

  const toast = await findToast(
    'The API key "Main sequencer" is still used by block-list sync "Customers". Remove it first.',
  );
  expect(toast.severity).toBe('error');
  expect(within(ownTable()).getByText('Main sequencer')).toBeTruthy();
});

test('a failed list says "Failed to fetch API keys." whatever the service answered', async () => {
  const api = fakeService(apiKeysSeed());
  api.on('apiKeys', () => ({ status: 400, error: { message: 'Bad filter', code: 'bad_request' } }));
  renderPage(path);

  expect((await findToast('Failed to fetch API keys.')).severity).toBe('error');
  expect(screen.queryByText('Bad filter')).toBeNull();
});

test('a customer sees no "All API Keys" table', async () => {
  await openScreen(fakeService(apiKeysSeed()), customer);

  expect(screen.queryByRole('table', { name: 'All API Keys' })).toBeNull();
});

test.each([
  ['a manager', manager],
  ['an admin', admin],
])('%s also sees "All API Keys": read-only, with Check API Key and View', async (_who, user) => {
  const api = fakeService(apiKeysSeed());
  await openScreen(api, user);

  const all = screen.getByRole('table', { name: 'All API Keys' });
  expect(
    within(all)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual([
    'ID',
    'API Key',
    'Description',
    'Platform',
    'Profile',
    'Status',
    'Check API Key',
    'Lead Categories',
  ]);
  const colleague = rowOf(all, 'Colleague key');
  expect(within(colleague).getByText('Instantly')).toBeTruthy();
  expect(within(colleague).getByText(mask)).toBeTruthy();
  expect(within(colleague).queryByRole('button', { name: mask })).toBeNull();
  expect(within(all).queryByRole('button', { name: 'Edit' })).toBeNull();
  expect(within(all).queryByRole('button', { name: 'Delete' })).toBeNull();
  expect(within(all).queryByRole('button', { name: mask })).toBeNull();

  fireEvent.click(within(colleague).getByRole('button', { name: 'Check API Key' }));
  expect((await findToast('API key validated')).severity).toBe('success');
  expect(api.sent('validateApiKey')[0]?.path).toContain(colleagueKey.id);
});
