// Issue 34, item 1: the live view's dialog, with the service's stream replaced by one the test
// writes to. Every text is spelled out here (docs/decisions.md, "Live view"), never imported.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { UiProvider } from '@outsync/ui';
import type { LiveWebhookEvent } from '@outsync/contracts/webhooks/live-events';
import { readLiveStream, type LiveStreamRequest } from '../api/live-stream';
import { WebhookLiveDialog } from './webhook-live-dialog';

jest.mock('../api/live-stream', () => ({
  ...jest.requireActual<object>('../api/live-stream'),
  readLiveStream: jest.fn(),
}));

const read = jest.mocked(readLiveStream);
let stream: LiveStreamRequest | undefined;
/** Breaks the open stream, as a cut connection does. */
let drop: ((error: Error) => void) | undefined;

beforeEach(() => {
  stream = undefined;
  drop = undefined;
  read.mockClear();
  // The stream stays open until the dialog closes (the request is aborted) or `drop` breaks it.
  read.mockImplementation((request) => {
    stream = request;
    return new Promise((_, reject) => {
      drop = reject;
    });
  });
});

afterEach(() => {
  jest.useRealTimers();
});

const webhook = {
  id: '65f0000000000000000000aa',
  emailService: 'smartlead' as const,
  ownerDetails: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@acme.test' },
};

function event(id: string, status: LiveWebhookEvent['status'], seconds: number): LiveWebhookEvent {
  return {
    id,
    webhookId: webhook.id,
    eventType: 'EMAIL_SENT',
    leadEmail: `${id}@prospect.test`,
    subject: null,
    status,
    reason: status === 'held' ? 'Held until the lead has an approved category.' : null,
    test: false,
    receivedAt: '2030-03-15T12:00:00.000Z',
    updatedAt: new Date(Date.UTC(2030, 2, 15, 12, 0, seconds)).toISOString(),
  };
}

function send(name: 'log' | 'ready', data: unknown, id = '1.'): void {
  act(() => stream?.onMessage({ event: name, id, data: JSON.stringify(data) }));
}

function renderDialog() {
  render(
    <UiProvider>
      <WebhookLiveDialog webhook={webhook} onClose={jest.fn()} />
    </UiProvider>,
  );
  return screen.getByRole('dialog', { name: "Live events: Grace Hopper's webhook" });
}

test('shows events as they arrive and as their status changes', () => {
  const dialog = renderDialog();
  expect(
    within(dialog).getByText(
      'Smartlead events appear here as they are received, then change as they are held, synced or fail.',
    ),
  ).toBeTruthy();
  expect(within(dialog).getByRole('status').textContent).toBe('Connecting…');
  expect(
    within(dialog).getByText(
      'Waiting for events. Send a test or start a campaign: its events appear here as they arrive.',
    ),
  ).toBeTruthy();
  expect(stream?.webhookId).toBe(webhook.id);

  send('ready', { replayed: 0 });
  expect(within(dialog).getByRole('status').textContent).toBe('Live');
  send('log', event('ada', 'held', 1));
  const table = within(dialog).getByRole('table', {
    name: 'Events received while this view is open',
  });
  const row = () => within(table).getByText('ada@prospect.test').closest('tr') as HTMLElement;
  expect(within(row()).getByText('Held')).toBeTruthy();
  expect(within(row()).getByText('Held until the lead has an approved category.')).toBeTruthy();
  send('log', event('ada', 'synced', 2));
  expect(within(row()).getByText('Synced')).toBeTruthy();
  // An earlier state replayed after a reconnect does not undo the later one.
  send('log', event('ada', 'held', 1));
  expect(within(row()).getByText('Synced')).toBeTruthy();
});

test('paused, it counts what arrives and shows it on Resume', () => {
  const dialog = renderDialog();
  send('ready', { replayed: 0 });
  send('log', event('ada', 'received', 1));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Pause' }));
  expect(within(dialog).getByRole('status').textContent).toBe(
    'Paused: 0 new events arrived meanwhile.',
  );
  send('log', event('bob', 'received', 2));
  expect(within(dialog).getByRole('status').textContent).toBe(
    'Paused: 1 new event arrived meanwhile.',
  );
  send('log', event('ada', 'synced', 3));
  send('log', event('cy', 'received', 4));
  expect(within(dialog).getByRole('status').textContent).toBe(
    'Paused: 2 new events arrived meanwhile.',
  );
  expect(within(dialog).queryByText('bob@prospect.test')).toBeNull();

  fireEvent.click(within(dialog).getByRole('button', { name: 'Resume' }));
  expect(within(dialog).getByText('bob@prospect.test')).toBeTruthy();
  expect(within(dialog).getByText('cy@prospect.test')).toBeTruthy();
  expect(within(dialog).getByRole('status').textContent).toBe('Live');
});

test('a cut stream says it is reconnecting, then gets what it missed since its last event, once', async () => {
  jest.useFakeTimers();
  const dialog = renderDialog();
  const status = () => within(dialog).getByRole('status').textContent;
  send('ready', { replayed: 0 }, '1000.');
  send('log', event('ada', 'received', 1), '2000.65f0000000000000000000a1');
  await act(async () => drop?.(new TypeError('Failed to fetch')));
  expect(status()).toBe('Connection lost. Reconnecting…');

  await act(() => jest.advanceTimersByTimeAsync(1_000));
  expect(read).toHaveBeenCalledTimes(2);
  expect(stream?.lastEventId).toBe('2000.65f0000000000000000000a1');
  // The service replays from a little before that event: the row it had, then what it missed.
  send('log', event('ada', 'synced', 2), '3000.65f0000000000000000000a1');
  send('log', event('bob', 'received', 3), '4000.65f0000000000000000000b2');
  send('ready', { replayed: 2 }, '5000.');
  expect(status()).toBe('Live');
  const table = within(dialog).getByRole('table', {
    name: 'Events received while this view is open',
  });
  expect(within(table).getAllByText('ada@prospect.test')).toHaveLength(1);
  expect(within(table).getAllByText('bob@prospect.test')).toHaveLength(1);
  const ada = within(table).getByText('ada@prospect.test').closest('tr') as HTMLElement;
  expect(within(ada).getByText('Synced')).toBeTruthy();
});

test('a view opened while the service is down asks, once it is back, for what happened since it opened', async () => {
  jest.useFakeTimers({ now: new Date('2030-03-15T12:00:00.000Z') });
  read.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
  const dialog = renderDialog();
  const status = () => within(dialog).getByRole('status').textContent;
  await act(async () => {});
  expect(status()).toBe('Connection lost. Reconnecting…');
  expect(read.mock.calls[0]?.[0].lastEventId).toBeUndefined();

  await act(() => jest.advanceTimersByTimeAsync(1_000));
  expect(read).toHaveBeenCalledTimes(2);
  // No event came to resume from: the moment the view opened, as the service's ids write it.
  expect(stream?.lastEventId).toBe('1899806400000.');
  send('log', event('ada', 'received', 1), '1899806400500.65f0000000000000000000a1');
  send('ready', { replayed: 1 }, '1899806401000.');
  expect(status()).toBe('Live');
  expect(within(dialog).getByText('ada@prospect.test')).toBeTruthy();
});

test('a paused view that lost its stream says so beside its count', async () => {
  jest.useFakeTimers();
  const dialog = renderDialog();
  const status = () => within(dialog).getByRole('status').textContent;
  send('ready', { replayed: 0 });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Pause' }));
  send('log', event('ada', 'received', 1));
  await act(async () => drop?.(new TypeError('Failed to fetch')));
  expect(status()).toBe('Paused: 1 new event arrived meanwhile. Connection lost. Reconnecting…');

  await act(() => jest.advanceTimersByTimeAsync(1_000));
  send('ready', { replayed: 0 });
  expect(status()).toBe('Paused: 1 new event arrived meanwhile.');
});

test('paused before any row, it says the events arriving wait for Resume', () => {
  const dialog = renderDialog();
  send('ready', { replayed: 0 });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Pause' }));
  send('log', event('bob', 'received', 2));
  expect(within(dialog).getByRole('status').textContent).toBe(
    'Paused: 1 new event arrived meanwhile.',
  );
  expect(
    within(dialog).getByText('Events that arrive while the view is paused appear here on Resume.'),
  ).toBeTruthy();
  expect(
    within(dialog).queryByText(
      'Waiting for events. Send a test or start a campaign: its events appear here as they arrive.',
    ),
  ).toBeNull();
});
