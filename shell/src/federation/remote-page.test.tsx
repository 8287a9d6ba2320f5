import { act, fireEvent, screen } from '@testing-library/react';
import { RemotePage, moduleUnavailableTitle, retryLabel } from './remote-page';
import { loadRemoteModule } from './remote-registry';
import { IncompatibleRemoteError, remoteRelease } from './release-check-plugin';
import { renderWithUi } from '../test/render';

jest.mock('./remote-registry', () => ({ loadRemoteModule: jest.fn() }));
jest.mock('./release-check-plugin', () => ({
  ...jest.requireActual<object>('./release-check-plugin'),
  remoteRelease: jest.fn(),
}));
const load = jest.mocked(loadRemoteModule);
const release = jest.mocked(remoteRelease);

function WebhooksPage() {
  return <h1>Webhooks</h1>;
}

beforeEach(() => {
  load.mockReset();
  release.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => {});
});

test('renders the exposed page the remote returns', async () => {
  load.mockResolvedValue({ default: WebhooksPage });
  await renderWithUi(<RemotePage remote="outsync_webhooks" expose="WebhooksPage" />);
  expect(await screen.findByRole('heading', { name: 'Webhooks' })).toBeTruthy();
  expect(load).toHaveBeenCalledWith('outsync_webhooks', 'WebhooksPage');
});

test('a remote that fails shows the unavailable tile, and retry loads it again', async () => {
  load.mockRejectedValueOnce(new Error('#RUNTIME-003 Failed to get manifest'));
  await renderWithUi(<RemotePage remote="outsync_webhooks" expose="WebhooksPage" />);
  const tile = await screen.findByRole('alert');
  expect(tile.textContent).toContain(moduleUnavailableTitle);

  load.mockResolvedValueOnce({ default: WebhooksPage });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: retryLabel }));
  });
  expect(await screen.findByRole('heading', { name: 'Webhooks' })).toBeTruthy();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(load).toHaveBeenCalledTimes(2);
});

test('a retry that fails again keeps the tile with its retry button', async () => {
  load.mockRejectedValue(new Error('down'));
  await renderWithUi(<RemotePage remote="outsync_history" expose="WebhookLogsPage" />);
  await screen.findByRole('alert');
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: retryLabel }));
  });
  expect((await screen.findByRole('alert')).textContent).toContain(moduleUnavailableTitle);
  expect(load).toHaveBeenCalledTimes(2);
});

test('under the page, an about line names the module and the release the shell loaded', async () => {
  load.mockResolvedValue({ default: WebhooksPage });
  release.mockReturnValue({ version: '0.4.2' });
  await renderWithUi(<RemotePage remote="outsync_history" expose="WebhookLogsPage" />);
  await screen.findByRole('heading', { name: 'Webhooks' });
  expect(screen.getByText('History module 0.4.2')).toBeTruthy();
  expect(release).toHaveBeenCalledWith('outsync_history');
});

test('a page shown without its release (the public sign-in screens) has no about line', async () => {
  load.mockResolvedValue({ default: WebhooksPage });
  release.mockReturnValue({ version: '0.4.2' });
  const { container } = await renderWithUi(
    <RemotePage remote="outsync_auth" expose="LoginPage" showRelease={false} />,
  );
  await screen.findByRole('heading', { name: 'Webhooks' });
  expect(container.textContent).not.toContain('0.4.2');
});

test('a release whose manifest names no version shows no about line', async () => {
  load.mockResolvedValue({ default: WebhooksPage });
  release.mockReturnValue({ version: undefined });
  const { container } = await renderWithUi(
    <RemotePage remote="outsync_webhooks" expose="WebhooksPage" />,
  );
  await screen.findByRole('heading', { name: 'Webhooks' });
  expect(container.textContent).not.toContain('Webhooks module');
});

test('a refused release shows the tile with the reason, and no retry that could not help', async () => {
  load.mockRejectedValue(
    new IncompatibleRemoteError(
      'outsync_history',
      'This module needs a different version of OutSync (contract 2; this dashboard speaks 1).',
    ),
  );
  await renderWithUi(<RemotePage remote="outsync_history" expose="WebhookLogsPage" />);
  const tile = await screen.findByRole('alert');
  expect(tile.textContent).toContain('Module unavailable');
  expect(tile.textContent).toContain(
    'This module needs a different version of OutSync (contract 2; this dashboard speaks 1).',
  );
  expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
});
