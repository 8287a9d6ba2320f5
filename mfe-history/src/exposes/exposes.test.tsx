import { screen } from '@testing-library/react';
import { pages } from '../app/pages';
import { fakeHistoryService } from '../test/fake-history-service';
import { fakeLayout, renderPage } from '../test/render-page';

beforeEach(() => fakeLayout());
afterEach(() => jest.restoreAllMocks());

test('the module offers its four pages at their catalog paths', () => {
  expect(pages.map(({ path }) => path)).toEqual([
    '/admin/dashboard/history/webhook-logs',
    '/admin/dashboard/history/block-list-logs',
    '/admin/dashboard/history/category-base-filter-logs',
    '/admin/dashboard/history/audit-log',
  ]);
});

test('each page is titled as its screen is named', () => {
  expect(pages.map(({ label }) => label)).toEqual([
    'Webhook payloads',
    'Block list history',
    'Category Base Filter Payloads',
    'Audit log',
  ]);
});

test.each(pages)('inside a host, the page at $path is titled "$label"', async ({ path, label }) => {
  fakeHistoryService();
  renderPage(path);
  expect(await screen.findByRole('heading', { level: 1, name: label })).toBeTruthy();
  await screen.findByText('Total results: 0');
});
