// Issue 31, item 5: with no CRM connected the screen keeps the spec's "You don't have any
// integrations!" and says what to do first, with a link to each CRM's screen (text only when
// embedded in a partner's page); a profile without Webhooks (or Additional Webhooks) says so
// before the form is filled in.
import { act, screen, waitFor } from '@testing-library/react';
import { embeddedAtom } from '@outsync/app-runtime';
import { fakeService } from '../../../test/fake-service';
import { anIntegration, oid } from '../../../test/fixtures';
import { chooseProfile, renderPage } from '../../../test/render-page';
import { webhookFormSeed } from '../../../test/webhook-form-data';

const path = '/admin/dashboard/webhooks';
const connectFirst =
  'Connect your CRM first: a HubSpot account or a Salesforce org. Then come back here to create a webhook for it.';

afterEach(() => jest.restoreAllMocks());

test('no integrations: the spec text, what to do first and a link to each CRM screen', async () => {
  fakeService({ integrations: [] });
  renderPage(path);

  expect(await screen.findByText("You don't have any integrations!")).toBeTruthy();
  expect(screen.getByText(connectFirst)).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Connect HubSpot' }).getAttribute('href')).toBe(
    '/admin/dashboard/hubspot',
  );
  expect(screen.getByRole('link', { name: 'Connect Salesforce' }).getAttribute('href')).toBe(
    '/admin/dashboard/salesforce',
  );
});

test('embedded in a partner’s page: the same guidance, without links to screens it lacks', async () => {
  fakeService({ integrations: [] });
  const { store } = renderPage(path);
  act(() => store.set(embeddedAtom, true));

  expect(await screen.findByText(connectFirst)).toBeTruthy();
  expect(screen.queryByRole('link', { name: 'Connect HubSpot' })).toBeNull();
});

test('a profile without Webhooks says so instead of a form, and asks for no webhook URL', async () => {
  const off = anIntegration({ id: oid(7), email: 'off@acme.test', canWebhook: false });
  const api = fakeService(webhookFormSeed({ integrations: [off] }));
  renderPage(path);
  await chooseProfile('HUBSPOT - off@acme.test - 20519234 acme.hubspot.test');

  expect(await screen.findByRole('heading', { name: 'Create a webhook:' })).toBeTruthy();
  expect(screen.getByRole('note').textContent).toBe(
    'Webhooks are not enabled for this profile, so a webhook cannot be created on it. Ask an admin to turn on Webhooks for it in Users.',
  );
  expect(screen.queryByRole('button', { name: 'Create Webhook' })).toBeNull();
  expect(api.sent('generateWebhookCode')).toHaveLength(0);
});

test('a profile without Additional Webhooks says so at the top of the form', async () => {
  const noEndpoints = anIntegration({ canUserAccount: false });
  fakeService(webhookFormSeed({ integrations: [noEndpoints] }));
  renderPage(path);
  await chooseProfile('HUBSPOT - ada@acme.test - 20519234 acme.hubspot.test');

  await screen.findByRole('button', { name: 'Create Webhook' });
  expect(screen.getByRole('note').textContent).toBe(
    'Additional endpoints are not enabled for this profile: a webhook that forwards to one is refused. Ask an admin to turn on Additional Webhooks for it in Users.',
  );
});

test('a profile with every flag shows no such note', async () => {
  fakeService(webhookFormSeed());
  renderPage(path);
  await chooseProfile('HUBSPOT - ada@acme.test - 20519234 acme.hubspot.test');
  await screen.findByRole('button', { name: 'Create Webhook' });
  await waitFor(() => expect(screen.queryByRole('note')).toBeNull());
});
