// Spec 02 §2.5, §3 "Lead category", §5 "Lead categories", §8, §9. Every text is spelled out here,
// copied from the spec, never imported from the code.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aLeadCategory, manager } from '../../../test/fixtures';
import {
  apiKeysSeed,
  colleagueKey,
  heyreachKey,
  profile,
  smartleadKey,
} from '../../../test/api-keys-data';
import { fakeService } from '../../../test/fake-service';
import { findToast, renderPage } from '../../../test/render-page';
import { serviceErrors } from '../../../test/service-answers';
import type { CurrentUser } from '@outsync/contracts';

const path = '/admin/dashboard/api-keys';

afterEach(() => jest.restoreAllMocks());

async function openDialog(
  api: ReturnType<typeof fakeService>,
  description: string,
  { table = 'API Keys', user }: { table?: string; user?: CurrentUser } = {},
) {
  renderPage(path, user ? { user } : {});
  const keys = await screen.findByRole('table', { name: table });
  await within(keys).findByText(description);
  const row = within(keys)
    .getAllByRole('row')
    .find((candidate) => candidate.textContent?.includes(description)) as HTMLElement;
  fireEvent.click(within(row).getByRole('button', { name: 'View' }));
  return screen.findByRole('dialog', { name: description });
}

test("the dialog is titled by the key's description and lists ID, Created At and Name", async () => {
  const api = fakeService(
    apiKeysSeed({
      leadCategories: {
        [smartleadKey.id]: [
          aLeadCategory({ id: '11', name: 'Interested' }),
          aLeadCategory({ id: '12', name: 'Meeting Request', created_at: null }),
        ],
      },
    }),
  );
  const dialog = await openDialog(api, 'Main sequencer');

  const table = within(dialog).getByRole('table');
  await within(table).findByText('Interested');
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['ID', 'Created At', 'Name']);
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['11', '12']);
  expect(within(rows[0]!).getByText(/2026/)).toBeTruthy();
  expect(api.sent('leadCategories')[0]?.path).toBe(
    `/api/admin/dashboard/api-keys/${smartleadKey.id}/lead-categories`,
  );
  // Not a HeyReach key: no categories by hand.
  expect(within(dialog).queryByLabelText('Add Categories (one per line):')).toBeNull();
  expect(within(dialog).queryByRole('button', { name: 'Add' })).toBeNull();
});

test('no categories: "No lead categories found Or Invalid API Key"', async () => {
  const api = fakeService(apiKeysSeed());
  const dialog = await openDialog(api, 'Main sequencer');

  expect(
    await within(dialog).findByText('No lead categories found Or Invalid API Key'),
  ).toBeTruthy();
});

test("a failed read shows the service's message and an empty list", async () => {
  const api = fakeService(apiKeysSeed());
  api.on('leadCategories', () => ({ status: 404, error: serviceErrors.apiKeyNotFound }));
  const dialog = await openDialog(api, 'Main sequencer');

  const toast = await findToast('No such API key, or it is not yours.');
  expect(toast.severity).toBe('error');
  expect(within(dialog).getByText('No lead categories found Or Invalid API Key')).toBeTruthy();
});

test('a HeyReach key takes categories one per line: blank lines dropped, list replaced, "Categories added"', async () => {
  const api = fakeService(
    apiKeysSeed({
      leadCategories: { [heyreachKey.id]: [aLeadCategory({ id: 'warm', name: 'Warm' })] },
    }),
  );
  const dialog = await openDialog(api, 'Social reach');
  await within(dialog).findByText('Warm');

  const lines = within(dialog).getByLabelText('Add Categories (one per line):');
  fireEvent.change(lines, { target: { value: 'Meeting Booked\n\n   \n  Not Interested  \n' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

  expect((await findToast('Categories added')).severity).toBe('success');
  expect(api.sent('addLeadCategories')[0]?.body).toEqual({
    categories: [
      { categoryName: 'Meeting Booked', categoryId: 'meeting_booked', userProfileId: profile.id },
      { categoryName: 'Not Interested', categoryId: 'not_interested', userProfileId: profile.id },
    ],
  });
  const table = within(dialog).getByRole('table');
  await waitFor(() =>
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getByRole('rowheader').textContent),
    ).toEqual(['warm', 'meeting_booked', 'not_interested']),
  );
  expect((lines as HTMLTextAreaElement).value).toBe('');
});

test('only blank lines send nothing', async () => {
  const api = fakeService(apiKeysSeed());
  const dialog = await openDialog(api, 'Social reach');
  await within(dialog).findByText('No lead categories found Or Invalid API Key');

  fireEvent.change(within(dialog).getByLabelText('Add Categories (one per line):'), {
    target: { value: '\n   \n' },
  });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

  await act(() => new Promise((settle) => setTimeout(settle, 50)));
  expect(api.sent('addLeadCategories')).toHaveLength(0);
});

test('a failed add says "Something went wrong", whatever the service answered', async () => {
  const api = fakeService(apiKeysSeed());
  api.on('addLeadCategories', () => ({ status: 400, error: serviceErrors.notHeyReach }));
  const dialog = await openDialog(api, 'Social reach');

  fireEvent.change(within(dialog).getByLabelText('Add Categories (one per line):'), {
    target: { value: 'Warm' },
  });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

  expect((await findToast('Something went wrong')).severity).toBe('error');
  expect(
    screen.queryByText(
      'Lead categories are added by hand only for HeyReach keys; Smartlead has its own.',
    ),
  ).toBeNull();
});

test('"All API Keys" may look at a colleague\'s categories but not add any', async () => {
  const colleagueHeyReach = { ...colleagueKey, platform: 'heyreach' as const };
  const api = fakeService(apiKeysSeed({ allApiKeys: [smartleadKey, colleagueHeyReach] }));
  const dialog = await openDialog(api, 'Colleague key', { table: 'All API Keys', user: manager });

  expect(
    await within(dialog).findByText('No lead categories found Or Invalid API Key'),
  ).toBeTruthy();
  expect(within(dialog).queryByLabelText('Add Categories (one per line):')).toBeNull();
});

test('the X closes the dialog', async () => {
  const api = fakeService(apiKeysSeed());
  const dialog = await openDialog(api, 'Main sequencer');

  fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('dialog')).toBeNull();
});
