import { act, fireEvent, screen } from '@testing-library/react';
import { RemotePage, moduleUnavailableTitle, retryLabel } from './remote-page';
import { loadRemoteModule } from './remote-registry';
import { renderWithUi } from '../test/render';

jest.mock('./remote-registry', () => ({ loadRemoteModule: jest.fn() }));
const load = jest.mocked(loadRemoteModule);

function WebhooksPage() {
  return <h1>Webhooks</h1>;
}

beforeEach(() => {
  load.mockReset();
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
