// Issue 31, item 5: with no CRM connected the Block lists screen keeps the spec's "You don't have
// any integrations!" and says what to do first, linking to each CRM's screen; a profile without
// Block Lists says, before the form is filled in, what Start Blocking will do on it. The API keys
// screen guides the same way.
import { screen, waitFor } from '@testing-library/react';
import {
  blockListsSeed,
  hubspotProfile,
  hubspotProfileLabel,
} from '../../../test/block-lists-data';
import { anIntegration, aUserProfile } from '../../../test/fixtures';
import { fakeService } from '../../../test/fake-service';
import { chooseOption, renderPage } from '../../../test/render-page';

const path = '/admin/dashboard/smartlead-block-lists';

afterEach(() => jest.restoreAllMocks());

test('no integrations: the spec text, what to do first and a link to each CRM screen', async () => {
  fakeService(blockListsSeed({ integrations: [] }));
  renderPage(path);

  expect(await screen.findByText("You don't have any integrations!")).toBeTruthy();
  expect(
    screen.getByText(
      'Connect your CRM first: a HubSpot account or a Salesforce org. Then come back here to add a block list from one of its lists.',
    ),
  ).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Connect HubSpot' }).getAttribute('href')).toBe(
    '/admin/dashboard/hubspot',
  );
  expect(screen.getByRole('link', { name: 'Connect Salesforce' }).getAttribute('href')).toBe(
    '/admin/dashboard/salesforce',
  );
});

test('a profile without Block Lists says so as soon as it is chosen, above the form', async () => {
  const off = aUserProfile({ ...hubspotProfile, canBlockList: false });
  fakeService(blockListsSeed({ integrations: [anIntegration(off)] }));
  renderPage(path);
  await screen.findByRole('heading', { level: 2, name: 'Add Block List' });
  expect(screen.queryByRole('note')).toBeNull();

  chooseOption('HubSpot Account:', hubspotProfileLabel);
  const note = await screen.findByRole('note');
  expect(note.textContent).toBe(
    'Block Lists is not enabled for this profile: a block list started on it is saved but stays paused (PAUSED_PENDING_UPGRADE) until an admin turns on Block Lists for it, or the account moves to the paid plan.',
  );
  // Before the form's first field.
  const form = await screen.findByRole('button', { name: 'Start Blocking' });
  expect(note.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});

test('a profile with Block Lists shows no such note', async () => {
  fakeService(blockListsSeed());
  renderPage(path);
  await screen.findByRole('heading', { level: 2, name: 'Add Block List' });
  chooseOption('HubSpot / Salesforce Account:', hubspotProfileLabel);
  await screen.findByRole('button', { name: 'Start Blocking' });
  await waitFor(() => expect(screen.queryByRole('note')).toBeNull());
});

test('API keys: no integrations says what to do first, with the links', async () => {
  fakeService({ integrations: [] });
  renderPage('/admin/dashboard/api-keys');

  expect(await screen.findByText("You don't have any integrations!")).toBeTruthy();
  expect(
    screen.getByText(
      'Connect your CRM first: a HubSpot account or a Salesforce org. Then come back here to add the API keys of your platforms.',
    ),
  ).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Connect HubSpot' })).toBeTruthy();
});
