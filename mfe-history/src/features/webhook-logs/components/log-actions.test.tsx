import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aWebhookLog } from '../../../test/fixtures';
import { fakeHistoryService } from '../../../test/fake-history-service';
import { chooseOption, fakeLayout, renderPage } from '../../../test/render-page';

const path = '/admin/dashboard/history/webhook-logs';

beforeEach(() => fakeLayout());
afterEach(() => jest.restoreAllMocks());

const notifications = () => within(screen.getByRole('region', { name: 'Notifications' }));

test('no bulk action under "All statuses" or a status nothing can be done with', async () => {
  fakeHistoryService({ webhookLogs: [aWebhookLog(1)] });
  renderPage(path);
  await screen.findByText('Total results: 1');
  expect(screen.queryByRole('button', { name: 'Retry all…' })).toBeNull();
  await chooseOption('Status', 'synced');
  await screen.findByText('Total results: 1');
  expect(screen.queryByRole('button', { name: 'Retry all…' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Release all…' })).toBeNull();
});

test('Failed: "Retry all…" counts, asks, retries under the filters, and reloads the list', async () => {
  const api = fakeHistoryService({
    webhookLogs: [aWebhookLog(1, { status: 'failed' }), aWebhookLog(2, { status: 'failed' })],
  });
  api.on('webhookLogActionCount', () => ({ body: { count: 2, limit: 10000 } }));
  api.on('webhookLogAction', () => ({ body: { queued: 2 } }));
  renderPage(path);
  await chooseOption('Status', 'failed');
  fireEvent.click(await screen.findByRole('button', { name: 'Retry all…' }));

  const dialog = await screen.findByRole('dialog', { name: 'Retry 2 events?' });
  expect(
    within(dialog).getByText(
      'The failed and partially synced events these filters show are tried again. What earlier attempts wrote is kept and not written twice.',
    ),
  ).toBeTruthy();
  expect(api.sent('webhookLogActionCount').at(-1)?.path).toBe(
    '/api/admin/webhook-log-actions/retry/count',
  );
  expect(Object.fromEntries(api.sent('webhookLogActionCount').at(-1)!.query)).toEqual({
    status: 'failed',
  });
  const listsBefore = api.sent('webhookLogs').length;

  fireEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));

  expect(await notifications().findByText('2 events queued again.')).toBeTruthy();
  expect(api.sent('webhookLogAction').at(-1)?.body).toEqual({ status: 'failed' });
  expect(screen.queryByRole('dialog')).toBeNull();
  await waitFor(() => expect(api.sent('webhookLogs').length).toBeGreaterThan(listsBefore));
});

test('Held: "Release all…" says so when there is nothing to release, and asks nothing', async () => {
  const api = fakeHistoryService({ webhookLogs: [] });
  api.on('webhookLogActionCount', () => ({ body: { count: 0, limit: 10000 } }));
  renderPage(path);
  await chooseOption('Status', 'held');
  fireEvent.click(await screen.findByRole('button', { name: 'Release all…' }));

  expect(
    await notifications().findByText('No held events of yours under these filters.'),
  ).toBeTruthy();
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(api.sent('webhookLogAction')).toHaveLength(0);
});

test('Held: the question names the limit when it is reached; Cancel does nothing', async () => {
  const api = fakeHistoryService({ webhookLogs: [] });
  api.on('webhookLogActionCount', () => ({ body: { count: 10000, limit: 10000 } }));
  renderPage(path);
  await chooseOption('Status', 'held');
  fireEvent.click(await screen.findByRole('button', { name: 'Release all…' }));

  const dialog = await screen.findByRole('dialog', { name: 'Release 10000 held events?' });
  expect(
    within(dialog).getByText(
      'The held events these filters show are written to the CRM although their lead has not reached an approved category. This takes the oldest 10,000; run it again for the rest.',
    ),
  ).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(api.sent('webhookLogAction')).toHaveLength(0);
});

test('a refusal of the service is shown in its words and the question stays open', async () => {
  const api = fakeHistoryService({ webhookLogs: [aWebhookLog(1, { status: 'failed' })] });
  api.on('webhookLogActionCount', () => ({ body: { count: 1, limit: 10000 } }));
  api.on('webhookLogAction', () => ({
    status: 403,
    error: { code: 'forbidden', message: 'Missing CSRF token.' },
  }));
  renderPage(path);
  await chooseOption('Status', 'failed');
  fireEvent.click(await screen.findByRole('button', { name: 'Retry all…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Retry 1 event?' });

  fireEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));

  expect(await notifications().findByText('Missing CSRF token.')).toBeTruthy();
  expect(screen.getByRole('dialog', { name: 'Retry 1 event?' })).toBeTruthy();
});

describe('in a time range', () => {
  // The range as typed, in the viewer's time; the service gets the same instants in UTC.
  const nineOClock = new Date(2026, 10, 28, 9, 0).toISOString();
  const noon = new Date(2026, 10, 28, 12, 0).toISOString();

  function typeRange({ from, to }: { from?: string; to?: string }) {
    for (const [label, value] of [
      ['Received from', from],
      ['Received to', to],
    ] as const) {
      if (value === undefined) continue;
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
      fireEvent.keyDown(screen.getByLabelText(label), { key: 'Enter' });
    }
  }

  test('"Retry all…" counts, names the range in its question, and retries in it', async () => {
    const api = fakeHistoryService({ webhookLogs: [aWebhookLog(1, { status: 'failed' })] });
    api.on('webhookLogActionCount', () => ({ body: { count: 42, limit: 10000 } }));
    api.on('webhookLogAction', () => ({ body: { queued: 42 } }));
    renderPage(path);
    await chooseOption('Status', 'failed');
    typeRange({ from: '2026-11-28T09:00', to: '2026-11-28T12:00' });
    fireEvent.click(await screen.findByRole('button', { name: 'Retry all…' }));

    const dialog = await screen.findByRole('dialog', {
      name: 'Retry 42 events received between 28 Nov 2026 09:00 and 28 Nov 2026 12:00?',
    });
    expect(Object.fromEntries(api.sent('webhookLogActionCount').at(-1)!.query)).toEqual({
      status: 'failed',
      receivedFrom: nineOClock,
      receivedTo: noon,
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await notifications().findByText('42 events queued again.')).toBeTruthy();
    expect(api.sent('webhookLogAction').at(-1)?.body).toEqual({
      status: 'failed',
      receivedFrom: nineOClock,
      receivedTo: noon,
    });
  });

  test('"Release all…" with a start only asks about the events received since it', async () => {
    const api = fakeHistoryService({ webhookLogs: [] });
    api.on('webhookLogActionCount', () => ({ body: { count: 1, limit: 10000 } }));
    renderPage(path);
    await chooseOption('Status', 'held');
    typeRange({ from: '2026-11-28T09:00' });
    fireEvent.click(await screen.findByRole('button', { name: 'Release all…' }));
    expect(
      await screen.findByRole('dialog', {
        name: 'Release 1 held event received since 28 Nov 2026 09:00?',
      }),
    ).toBeTruthy();
  });

  test('with an end only, about the events received before it', async () => {
    const api = fakeHistoryService({ webhookLogs: [] });
    api.on('webhookLogActionCount', () => ({ body: { count: 3, limit: 10000 } }));
    renderPage(path);
    await chooseOption('Status', 'partially synced');
    typeRange({ to: '2026-11-28T12:00' });
    fireEvent.click(await screen.findByRole('button', { name: 'Retry all…' }));
    expect(
      await screen.findByRole('dialog', {
        name: 'Retry 3 events received before 28 Nov 2026 12:00?',
      }),
    ).toBeTruthy();
    expect(Object.fromEntries(api.sent('webhookLogActionCount').at(-1)!.query)).toEqual({
      status: 'partially_synced',
      receivedTo: noon,
    });
  });
});
