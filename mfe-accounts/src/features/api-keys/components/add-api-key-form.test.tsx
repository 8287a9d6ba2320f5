// Spec 02 §2.4 "Add API Key", §5 "API key create", §6, §8. Every text is spelled out here, copied
// from the spec (or from docs/decisions.md where the spec names none), never imported from the code.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiKeysSeed, profile } from '../../../test/api-keys-data';
import { fakeService } from '../../../test/fake-service';
import { chooseOption, findToast, renderPage, shownToasts } from '../../../test/render-page';
import { serviceErrors } from '../../../test/service-answers';

const path = '/admin/dashboard/api-keys';
const profileLabel = 'HUBSPOT - ada@acme.test - 20519234 acme.hubspot.test';

afterEach(() => jest.restoreAllMocks());

async function openScreen(api: ReturnType<typeof fakeService>) {
  renderPage(path);
  await screen.findByRole('heading', { level: 2, name: 'Add API Key' });
  await waitFor(() => expect(api.sent('apiKeys')).toHaveLength(1));
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const clickCreate = () => fireEvent.click(screen.getByRole('button', { name: 'Create' }));

async function expectValidation(message: string) {
  expect(await findToast(message)).toEqual({ severity: 'warn', summary: 'Validation', life: 3000 });
}

test('a user without integrations reads "You don\'t have any integrations!" and gets no form', async () => {
  const api = fakeService(apiKeysSeed({ integrations: [] }));
  renderPage(path);

  expect(await screen.findByText("You don't have any integrations!")).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Add API Key' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
  expect(api.sent('userIntegrations')).toHaveLength(1);
});

test('"Select Profile" lists the integrations as "{profile} - {email} - {organizationId} {organizationDomain}"', async () => {
  await openScreen(fakeService(apiKeysSeed()));

  fireEvent.click(screen.getByRole('combobox', { name: 'Select Profile' }));
  expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([profileLabel]);
});

test('Platform offers the four platforms by name; Base URL shows only for bison', async () => {
  await openScreen(fakeService(apiKeysSeed()));

  fireEvent.click(screen.getByRole('combobox', { name: 'Platform' }));
  expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
    'Smartlead',
    'Instantly',
    'EmailBison',
    'HeyReach',
  ]);
  fireEvent.click(screen.getByRole('option', { name: 'Smartlead' }));
  expect(screen.queryByLabelText('Base URL')).toBeNull();

  chooseOption('Platform', 'EmailBison');
  const baseUrl = screen.getByLabelText('Base URL') as HTMLInputElement;
  expect(baseUrl.placeholder).toBe('https://mail.yourcompany.com');

  chooseOption('Platform', 'HeyReach');
  expect(screen.queryByLabelText('Base URL')).toBeNull();
});

test('Create checks the form in the spec order, each a 3 s "Validation" warning, and sends nothing', async () => {
  const api = fakeService(apiKeysSeed());
  await openScreen(api);

  clickCreate();
  await expectValidation('Please select a platform');

  chooseOption('Platform', 'EmailBison');
  clickCreate();
  await expectValidation('Please enter a valid API key');

  type('API Key', '   ');
  clickCreate();
  await waitFor(() =>
    expect(
      shownToasts().filter((toast) => toast.endsWith('Please enter a valid API key')),
    ).toHaveLength(2),
  );

  type('API Key', 'bison-new');
  clickCreate();
  await expectValidation('Please enter a description');

  type('Description', 'New bison');
  clickCreate();
  await expectValidation('Please enter a valid base URL');

  type('Base URL', 'mail dot acme');
  clickCreate();
  await waitFor(() =>
    expect(
      shownToasts().filter((toast) => toast.endsWith('Please enter a valid base URL')),
    ).toHaveLength(2),
  );

  type('Base URL', 'https://mail.acme.test');
  clickCreate();
  await expectValidation('Select Profile');

  expect(api.sent('checkApiKey')).toHaveLength(0);
  expect(api.sent('createApiKey')).toHaveLength(0);
});

test('a valid form is checked with the service, then created: "Validated API key" and the new row', async () => {
  const api = fakeService(apiKeysSeed());
  await openScreen(api);

  chooseOption('Select Profile', profileLabel);
  chooseOption('Platform', 'EmailBison');
  type('API Key', ' bison-new ');
  type('Base URL', ' https://mail.beta.test/ ');
  type('Description', ' Beta bison ');
  clickCreate();

  expect((await findToast('Validated API key')).severity).toBe('success');
  expect(api.sent('checkApiKey').map((request) => request.body)).toEqual([
    { apiKey: 'bison-new', platform: 'bison', baseUrl: 'https://mail.beta.test' },
  ]);
  expect(api.sent('createApiKey').map((request) => request.body)).toEqual([
    {
      apiKey: 'bison-new',
      platform: 'bison',
      baseUrl: 'https://mail.beta.test',
      description: 'Beta bison',
      userProfileId: profile.id,
    },
  ]);
  const table = screen.getByRole('table', { name: 'API Keys' });
  expect(await within(table).findByText('Beta bison')).toBeTruthy();
  expect((screen.getByLabelText('API Key') as HTMLInputElement).value).toBe('');
});

test('the base URL is dropped for a platform other than bison', async () => {
  const api = fakeService(apiKeysSeed());
  await openScreen(api);

  chooseOption('Select Profile', profileLabel);
  chooseOption('Platform', 'EmailBison');
  type('Base URL', 'https://mail.beta.test');
  chooseOption('Platform', 'Instantly');
  type('API Key', 'inst-new');
  type('Description', 'Instantly main');
  clickCreate();

  await findToast('Validated API key');
  expect(api.sent('checkApiKey')[0]?.body).toEqual({
    apiKey: 'inst-new',
    platform: 'instantly',
    baseUrl: null,
  });
});

async function submitValidSmartleadKey(api: ReturnType<typeof fakeService>, key = 'sl-new') {
  await openScreen(api);
  chooseOption('Select Profile', profileLabel);
  chooseOption('Platform', 'Smartlead');
  type('API Key', key);
  type('Description', 'Second sequencer');
  clickCreate();
}

test('a key the platform refuses is a sticky "ApiKey" error with the service\'s message; nothing is created', async () => {
  const api = fakeService(apiKeysSeed({ refusedApiKeys: ['sl-bad'] }));
  await submitValidSmartleadKey(api, 'sl-bad');

  expect(await findToast('Smartlead rejected this API key.')).toEqual({
    severity: 'error',
    summary: 'ApiKey',
    life: 0,
  });
  expect(api.sent('createApiKey')).toHaveLength(0);
});

test("a check that gets no answer shows the error's own message", async () => {
  const api = fakeService(apiKeysSeed());
  api.on('checkApiKey', () => Promise.reject(new TypeError('fetch failed')));
  await submitValidSmartleadKey(api);

  expect(await findToast('Could not reach the server')).toEqual({
    severity: 'error',
    summary: 'ApiKey',
    life: 0,
  });
  expect(api.sent('createApiKey')).toHaveLength(0);
});

test('a check answered without a message says "An unknown error occurred"', async () => {
  const api = fakeService(apiKeysSeed());
  api.on('checkApiKey', () => ({ status: 502, text: '<h1>Bad gateway</h1>' }));
  await submitValidSmartleadKey(api);

  expect(await findToast('An unknown error occurred')).toEqual({
    severity: 'error',
    summary: 'ApiKey',
    life: 0,
  });
});

// The service's one 403 on create is a stale CSRF token (sync-service platform/http/csrf.ts).
test("a 403 on create shows the service's message", async () => {
  const api = fakeService(apiKeysSeed());
  api.on('createApiKey', () => ({ status: 403, error: serviceErrors.csrfInvalid }));
  await submitValidSmartleadKey(api);

  const toast = await findToast('Your session has expired. Refresh the page and try again.');
  expect(toast.severity).toBe('error');
  expect(screen.queryByText('Validated API key')).toBeNull();
});
