import { act, screen } from '@testing-library/react';
import { pages } from '../app/pages';
import { fakeService } from '../test/fake-service';
import { aWebhook, hubspotProfile } from '../test/fixtures';
import { renderPage } from '../test/render-page';
import { mount } from './mount';

afterEach(() => {
  jest.restoreAllMocks();
  window.history.pushState({}, '', '/');
});

test('the module offers its page at its catalog path', () => {
  expect(pages.map(({ path }) => path)).toEqual(['/admin/dashboard/webhooks']);
});

test.each(pages)('inside a host, the page at $path is titled "$label"', async ({ path, label }) => {
  fakeService({ integrations: [hubspotProfile] });
  renderPage(path);
  expect(await screen.findByRole('heading', { level: 1, name: label })).toBeTruthy();
  expect(label).toBe('Webhooks');
});

test('mount() runs the module in a page that is not our shell', async () => {
  fakeService({ integrations: [hubspotProfile], webhooks: [aWebhook()] });
  window.history.pushState({}, '', '/partner/webhooks/admin/dashboard/webhooks');
  const element = document.createElement('div');
  document.body.append(element);
  let unmount = () => {};
  await act(async () => {
    unmount = mount(element, { basename: '/partner/webhooks' });
  });

  expect(await screen.findByRole('heading', { level: 1, name: 'Webhooks' })).toBeTruthy();
  expect(await screen.findByText('Existing webhooks:')).toBeTruthy();
  expect(screen.getAllByText('Grace Hopper').length).toBeGreaterThan(0);

  act(() => unmount());
  expect(element.innerHTML).toBe('');
  element.remove();
});
