import { act, screen, waitFor } from '@testing-library/react';
import { pages } from '../app/pages';
import { admin, aUserProfile } from '../test/fixtures';
import { fakeService } from '../test/fake-service';
import { renderPage } from '../test/render-page';
import { mount } from './mount';

afterEach(() => {
  jest.restoreAllMocks();
  window.history.pushState({}, '', '/');
});

test('the module offers its seven pages at their catalog paths', () => {
  expect(pages.map(({ path }) => path)).toEqual([
    '/admin/dashboard/hubspot',
    '/admin/dashboard/salesforce',
    '/admin/dashboard/api-keys',
    '/admin/dashboard/services',
    '/admin/dashboard/smartlead-block-lists',
    '/admin/dashboard/users',
    '/admin/dashboard/api-tokens',
  ]);
});

test.each(pages)('inside a host, the page at $path is titled "$label"', async ({ path, label }) => {
  fakeService();
  renderPage(path, { user: admin });
  expect(await screen.findByRole('heading', { level: 1, name: label })).toBeTruthy();
});

test('mount() runs the module in a page that is not our shell; StrictMode tells an OAuth return once', async () => {
  fakeService({
    hubspotProfiles: {
      auth0Profiles: [{ id: aUserProfile().id, user: aUserProfile() }],
      organizationProfiles: [],
    },
  });
  window.history.pushState({}, '', '/partner/accounts/admin/dashboard/hubspot?connected=1');
  const element = document.createElement('div');
  document.body.append(element);
  let unmount = () => {};
  await act(async () => {
    unmount = mount(element, { basename: '/partner/accounts' });
  });

  expect(await screen.findByRole('heading', { level: 1, name: 'HubSpot accounts' })).toBeTruthy();
  expect(await screen.findByText('ada@acme.test')).toBeTruthy();
  await waitFor(() => expect(window.location.search).toBe(''));
  expect(window.location.pathname).toBe('/partner/accounts/admin/dashboard/hubspot');
  expect(screen.getAllByText('HubSpot account connected')).toHaveLength(1);

  act(() => unmount());
  expect(element.innerHTML).toBe('');
  element.remove();
});
