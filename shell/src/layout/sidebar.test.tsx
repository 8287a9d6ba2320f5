import { fireEvent, screen, within } from '@testing-library/react';
import { Sidebar } from './sidebar';
import { renderAt } from '../test/render';

const renderSidebarAt = (path: string) => renderAt(path, [{ path: '*', element: <Sidebar /> }]);

test('shows the spec entries and marks the current route', async () => {
  await renderSidebarAt('/admin/dashboard/webhooks');
  const nav = screen.getByRole('navigation', { name: 'Dashboard' });
  for (const label of ['Webhook receiver', 'Block lists', 'Users']) {
    expect(within(nav).getByRole('link', { name: label })).toBeTruthy();
  }
  expect(
    within(nav).getByRole('link', { name: 'Webhook receiver' }).getAttribute('aria-current'),
  ).toBe('page');
});

test('groups are collapsed until opened, and open by themselves around the current route', async () => {
  await renderSidebarAt('/admin/dashboard/history/block-list-logs');
  const accounts = screen.getByRole('button', { name: /Connected accounts/ });
  const history = screen.getByRole('button', { name: /History/ });
  expect(accounts.getAttribute('aria-expanded')).toBe('false');
  expect(history.getAttribute('aria-expanded')).toBe('true');
  expect(screen.queryByRole('link', { name: 'HubSpot' })).toBeNull();

  fireEvent.click(accounts);
  expect(accounts.getAttribute('aria-expanded')).toBe('true');
  expect(screen.getByRole('link', { name: 'HubSpot' }).getAttribute('href')).toBe(
    '/admin/dashboard/hubspot',
  );
});
