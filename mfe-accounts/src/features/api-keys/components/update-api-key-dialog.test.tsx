// Spec 02 §2.4 "Update ApiKey", §5 "API key update", §8. Every text is spelled out here, copied
// from the spec (or from docs/decisions.md where the spec names none), never imported from the code.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiKeysSeed, bisonKey, secrets, smartleadKey } from '../../../test/api-keys-data';
import { fakeService } from '../../../test/fake-service';
import { chooseOption, findToast, renderPage, shownToasts } from '../../../test/render-page';

const path = '/admin/dashboard/api-keys';
const mask = '********-****-****-****-**********_********';

afterEach(() => jest.restoreAllMocks());

const ownTable = () => screen.getByRole('table', { name: 'API Keys' });
const rowOf = (text: string) =>
  within(ownTable())
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(text)) as HTMLElement;

/** Opens the screen and the update dialog of the key described `description`. */
async function openDialog(api: ReturnType<typeof fakeService>, description: string) {
  renderPage(path);
  await within(ownTable()).findByText(description);
  fireEvent.click(within(rowOf(description)).getByRole('button', { name: 'Edit' }));
  return screen.findByRole('dialog', { name: 'Update ApiKey' });
}

function type(dialog: HTMLElement, label: string, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

const apiKeyField = (dialog: HTMLElement) =>
  within(dialog).getByLabelText('API Key') as HTMLInputElement;

test('the dialog shows the key (read from the service), platform, base URL for bison and description', async () => {
  const api = fakeService(apiKeysSeed());
  const dialog = await openDialog(api, 'Bison outreach');

  await waitFor(() => expect(apiKeyField(dialog).value).toBe(secrets[bisonKey.id]));
  expect(api.sent('revealApiKey')).toHaveLength(1);
  expect(within(dialog).getByRole('combobox', { name: 'Platform' }).textContent).toBe('EmailBison');
  expect((within(dialog).getByLabelText('Base URL') as HTMLInputElement).value).toBe(
    'https://mail.acme.test',
  );
  expect((within(dialog).getByLabelText('Description') as HTMLInputElement).value).toBe(
    'Bison outreach',
  );
  expect(within(dialog).getByRole('button', { name: 'Update' })).toBeTruthy();
});

test('a key already shown in the table is used as it is', async () => {
  const api = fakeService(apiKeysSeed());
  renderPage(path);
  await within(ownTable()).findByText('Main sequencer');
  fireEvent.click(within(rowOf('Main sequencer')).getByRole('button', { name: mask }));
  await within(rowOf('Main sequencer')).findByText(secrets[smartleadKey.id]!);

  fireEvent.click(within(rowOf('Main sequencer')).getByRole('button', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Update ApiKey' });

  expect(apiKeyField(dialog).value).toBe(secrets[smartleadKey.id]);
  expect(api.sent('revealApiKey')).toHaveLength(1);
  expect(within(dialog).queryByLabelText('Base URL')).toBeNull();
});

test('Update checks the key with the service, then updates it: "Updated API key"', async () => {
  const api = fakeService(apiKeysSeed());
  const dialog = await openDialog(api, 'Main sequencer');
  await waitFor(() => expect(apiKeyField(dialog).value).toBe(secrets[smartleadKey.id]));

  type(dialog, 'API Key', ' sl-rotated ');
  type(dialog, 'Description', 'Main sequencer (rotated)');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));

  expect((await findToast('Updated API key')).severity).toBe('success');
  expect(api.sent('checkApiKey').map((request) => request.body)).toEqual([
    { apiKey: 'sl-rotated', platform: 'smartlead', baseUrl: null },
  ]);
  expect(api.sent('updateApiKey').map((request) => [request.path, request.body])).toEqual([
    [
      `/api/admin/dashboard/api-keys/${smartleadKey.id}`,
      {
        apiKey: 'sl-rotated',
        platform: 'smartlead',
        baseUrl: null,
        description: 'Main sequencer (rotated)',
      },
    ],
  ]);
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(await within(ownTable()).findByText('Main sequencer (rotated)')).toBeTruthy();
});

test('an empty key aborts silently', async () => {
  const api = fakeService(apiKeysSeed());
  const dialog = await openDialog(api, 'Main sequencer');
  await waitFor(() => expect(apiKeyField(dialog).value).toBe(secrets[smartleadKey.id]));

  type(dialog, 'API Key', '  ');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));

  await act(() => new Promise((settle) => setTimeout(settle, 50)));
  expect(shownToasts()).toEqual([]);
  expect(within(dialog).queryByText('Please enter a valid API key')).toBeNull();
  expect(api.sent('checkApiKey')).toHaveLength(0);
  expect(api.sent('updateApiKey')).toHaveLength(0);
  expect(screen.getByRole('dialog', { name: 'Update ApiKey' })).toBeTruthy();
});

test('for bison the base URL must parse: "Please enter a valid base URL"', async () => {
  const api = fakeService(apiKeysSeed());
  const dialog = await openDialog(api, 'Bison outreach');
  await waitFor(() => expect(apiKeyField(dialog).value).toBe(secrets[bisonKey.id]));

  type(dialog, 'Base URL', '  not a url ');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));

  expect(await findToast('Please enter a valid base URL')).toEqual({
    severity: 'warn',
    summary: 'Validation',
    life: 3000,
  });
  expect(api.sent('checkApiKey')).toHaveLength(0);
});

test('switching to bison asks for a base URL; the trimmed one is sent', async () => {
  const api = fakeService(apiKeysSeed());
  const dialog = await openDialog(api, 'Main sequencer');
  await waitFor(() => expect(apiKeyField(dialog).value).toBe(secrets[smartleadKey.id]));

  chooseOption('Platform', 'EmailBison', dialog);
  type(dialog, 'Base URL', ' https://mail.acme.test/ ');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));

  await findToast('Updated API key');
  expect(api.sent('updateApiKey')[0]?.body).toMatchObject({
    platform: 'bison',
    baseUrl: 'https://mail.acme.test',
  });
});

test('a key the platform refuses is not updated: sticky "ApiKey" error, the dialog stays', async () => {
  const api = fakeService(apiKeysSeed({ refusedApiKeys: ['sl-bad'] }));
  const dialog = await openDialog(api, 'Main sequencer');
  await waitFor(() => expect(apiKeyField(dialog).value).toBe(secrets[smartleadKey.id]));

  type(dialog, 'API Key', 'sl-bad');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));

  expect(await findToast('Smartlead rejected this API key.')).toEqual({
    severity: 'error',
    summary: 'ApiKey',
    life: 0,
  });
  expect(api.sent('updateApiKey')).toHaveLength(0);
  expect(screen.getByRole('dialog', { name: 'Update ApiKey' })).toBeTruthy();
});

test('Cancel and the X close the dialog without a change', async () => {
  const api = fakeService(apiKeysSeed());
  let dialog = await openDialog(api, 'Main sequencer');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).toBeNull();

  fireEvent.click(within(rowOf('Main sequencer')).getByRole('button', { name: 'Edit' }));
  dialog = await screen.findByRole('dialog', { name: 'Update ApiKey' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(api.sent('updateApiKey')).toHaveLength(0);
});
