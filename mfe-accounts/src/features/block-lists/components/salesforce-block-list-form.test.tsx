// Spec 02 §2.7 "SALESFORCE block-list form", §4, §5 "SALESFORCE block list" and "Non-Latin rule",
// §7, §8, §9. Every text is spelled out here, copied from the spec (or from the lead's brief where
// the spec names none), never imported from the code.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  blockListsSeed,
  otherReport,
  report,
  salesforceInstantlyKey,
  salesforceProfile,
  salesforceProfileLabel,
  salesforceSmartleadKey,
} from '../../../test/block-lists-data';
import { fakeService, type FakeService } from '../../../test/fake-service';
import { chooseOption, findToast, renderPage } from '../../../test/render-page';

const path = '/admin/dashboard/smartlead-block-lists';
const reportOption = '00O5g000001AbCdEAK: Do not contact';
const otherReportOption = '00O5g000001XyZwEAK: Churned accounts';

afterEach(() => jest.restoreAllMocks());

async function openSalesforceForm(api: FakeService) {
  renderPage(path);
  await screen.findByRole('heading', { level: 2, name: 'Add Block List' });
  chooseOption('HubSpot / Salesforce Account:', salesforceProfileLabel);
  await screen.findByRole('button', { name: 'Start Blocking' });
  await waitFor(() => expect(api.sent('salesforceBlockListSources')).toHaveLength(1));
}

async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const listed = (label: string) =>
  within(screen.getByRole('listbox', { name: label }))
    .getAllByRole('option')
    .map((option) => option.textContent);

function optionsOf(label: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  const names = listed(label);
  fireEvent.keyDown(screen.getByRole('combobox', { name: label }), { key: 'Escape' });
  return names;
}

const shown = (label: string) => screen.getByRole('combobox', { name: label }).textContent;
const start = () => fireEvent.click(screen.getByRole('button', { name: 'Start Blocking' }));
const form = () => screen.getByRole('button', { name: 'Start Blocking' }).closest('form')!;
const chips = () =>
  within(form())
    .queryAllByRole('button', { name: /^Remove / })
    .map((button) => button.getAttribute('aria-label'));

async function expectValidation(message: string) {
  expect(await findToast(message)).toEqual({ severity: 'warn', summary: 'Validation', life: 3000 });
}

async function pickField(field: string) {
  fireEvent.click(screen.getByRole('combobox', { name: 'Select Fields' }));
  fireEvent.click(await screen.findByRole('option', { name: field }));
  fireEvent.keyDown(screen.getByRole('combobox', { name: 'Select Fields' }), { key: 'Escape' });
}

test('a Salesforce profile shows the SALESFORCE form: its fields in order, its reports, no HeyReach', async () => {
  const api = fakeService(blockListsSeed());
  await openSalesforceForm(api);

  const labels = () =>
    Array.from(form().querySelectorAll('label')).map((label) => label.textContent);
  expect(labels()).toEqual([
    'Salesforce List Source',
    'Select Fields',
    'Sales Engagement Platform',
    'API Key',
    'Type of blocking',
  ]);
  expect(optionsOf('Salesforce List Source')).toEqual([reportOption, otherReportOption]);
  expect(api.sent('salesforceBlockListSources')[0]?.path).toBe(
    `/api/admin/salesforce/user-profiles/${salesforceProfile.id}/lists`,
  );
  expect(optionsOf('Sales Engagement Platform')).toEqual(['Smartlead', 'Instantly', 'EmailBison']);

  chooseOption('Sales Engagement Platform', 'Instantly');
  await choose('API Key', 'SF Instantly');
  chooseOption('Type of blocking', 'Address (Individual Email Address)');
  expect(labels()).toEqual([
    'Salesforce List Source',
    'Select Fields',
    'Sales Engagement Platform',
    'API Key',
    'Type of blocking',
    'Block the domain of an address with non-Latin characters',
  ]);
  chooseOption('Sales Engagement Platform', 'Smartlead');
  expect(labels()).toEqual([
    'Salesforce List Source',
    'Select Fields',
    'Sales Engagement Platform',
    'API Key',
    'Type of blocking',
    'Smartlead Clients',
  ]);
});

test('choosing a report reads its fields; another report empties the chosen fields', async () => {
  const api = fakeService(blockListsSeed());
  await openSalesforceForm(api);

  await choose('Salesforce List Source', reportOption);
  fireEvent.click(screen.getByRole('combobox', { name: 'Select Fields' }));
  await screen.findByRole('option', { name: 'EMAIL' });
  expect(listed('Select Fields')).toEqual(['EMAIL', 'ACCOUNT.WEBSITE']);
  expect(api.sent('salesforceReportFields')[0]?.path).toBe(
    `/api/admin/salesforce/profiles/${salesforceProfile.id}/reports/${report.Id}/fields`,
  );
  fireEvent.keyDown(screen.getByRole('combobox', { name: 'Select Fields' }), { key: 'Escape' });
  await pickField('EMAIL');
  expect(chips()).toEqual(['Remove EMAIL']);

  await choose('Salesforce List Source', otherReportOption);
  expect(chips()).toEqual([]);
  fireEvent.click(screen.getByRole('combobox', { name: 'Select Fields' }));
  await screen.findByRole('option', { name: 'CONTACT.EMAIL' });
  expect(listed('Select Fields')).toEqual(['CONTACT.EMAIL']);
  expect(api.sent('salesforceReportFields')[1]?.path).toBe(
    `/api/admin/salesforce/profiles/${salesforceProfile.id}/reports/${otherReport.Id}/fields`,
  );
});

test('Start Blocking checks the form in the spec order, each a 3 s "Validation" warning, and sends nothing', async () => {
  const api = fakeService(blockListsSeed());
  await openSalesforceForm(api);

  start();
  await expectValidation('Select list');

  await choose('Salesforce List Source', reportOption);
  start();
  await expectValidation('Select fields');

  await pickField('EMAIL');
  start();
  await expectValidation('Select Email Service');

  chooseOption('Sales Engagement Platform', 'Smartlead');
  start();
  await expectValidation('Select API Key');

  await choose('API Key', 'SF sequencer');
  start();
  await expectValidation('Select Type of blocking');

  chooseOption('Type of blocking', 'Domain (Every domain)');
  await waitFor(() => expect(api.sent('smartleadClients')).toHaveLength(1));
  start();
  await expectValidation('Select Smartlead Client');

  expect(api.sent('createSalesforceBlockList')).toHaveLength(0);
});

test('a new platform clears the client and the API key', async () => {
  const api = fakeService(blockListsSeed());
  await openSalesforceForm(api);

  chooseOption('Sales Engagement Platform', 'Smartlead');
  await choose('API Key', 'SF sequencer');
  await choose('Smartlead Clients', '11 Contoso ops@contoso.test');
  chooseOption('Type of blocking', 'Address (Individual Email Address)');

  chooseOption('Sales Engagement Platform', 'Instantly');
  expect(shown('API Key')).toBe('Select an API key');
  expect(screen.queryByRole('combobox', { name: 'Smartlead Clients' })).toBeNull();
  expect(shown('Type of blocking')).toBe('Address (Individual Email Address)');

  chooseOption('Sales Engagement Platform', 'Smartlead');
  expect(shown('Smartlead Clients')).toBe('Select a client');
});

test('a valid form is sent as the contract says: "Started blocking {listIdILS}: {listName}." and the new row', async () => {
  const api = fakeService(blockListsSeed());
  await openSalesforceForm(api);

  await choose('Salesforce List Source', reportOption);
  await pickField('EMAIL');
  await pickField('ACCOUNT.WEBSITE');
  chooseOption('Sales Engagement Platform', 'Smartlead');
  await choose('API Key', 'SF sequencer');
  chooseOption('Type of blocking', 'Domain (Every domain)');
  await choose('Smartlead Clients', '12 Fabrikam team@fabrikam.test');
  start();

  expect(await findToast(`Started blocking ${report.Id}: Do not contact.`)).toMatchObject({
    severity: 'success',
  });
  expect(api.sent('createSalesforceBlockList').map((request) => request.body)).toEqual([
    {
      crm: 'SALESFORCE',
      listIdentifier: report.Id,
      listName: 'Do not contact',
      apiKeyId: salesforceSmartleadKey.id,
      blockType: 'DOMAIN',
      client: '12',
      fields: ['EMAIL', 'ACCOUNT.WEBSITE'],
      useDomainForNonLatin: false,
      userProfileId: salesforceProfile.id,
    },
  ]);
  const table = screen.getByRole('table', { name: 'Blocked List' });
  expect(await within(table).findByText(`${report.Id} : Do not contact`)).toBeTruthy();
});

test('non-Latin rule: true is sent exactly for Instantly with ADDRESS; the note shows then', async () => {
  const api = fakeService(blockListsSeed());
  await openSalesforceForm(api);
  const note =
    "Instantly's API does not accept non-Latin characters in e-mail addresses. By default, OutSync blocks the whole domain of such an address instead.";

  const fill = async (platform: string, apiKey: string, blockType: string) => {
    await choose('Salesforce List Source', reportOption);
    await pickField('EMAIL');
    chooseOption('Sales Engagement Platform', platform);
    await choose('API Key', apiKey);
    chooseOption('Type of blocking', blockType);
  };
  const sentNonLatin = () =>
    api
      .sent('createSalesforceBlockList')
      .map((request) => (request.body as { useDomainForNonLatin: boolean }).useDomainForNonLatin);

  await fill('Instantly', 'SF Instantly', 'Address (Individual Email Address)');
  expect(screen.getByText(note)).toBeTruthy();
  start();
  await waitFor(() => expect(sentNonLatin()).toEqual([true]));
  expect(api.sent('createSalesforceBlockList')[0]?.body).toMatchObject({
    apiKeyId: salesforceInstantlyKey.id,
    client: null,
  });

  await waitFor(() => expect(screen.queryByText(note)).toBeNull());
  await fill('Instantly', 'SF Instantly', 'Domain (Every domain)');
  expect(screen.queryByText(note)).toBeNull();
  start();
  await waitFor(() => expect(sentNonLatin()).toEqual([true, false]));
});
