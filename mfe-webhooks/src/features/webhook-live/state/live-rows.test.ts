/** @jest-environment node */
import type { LiveWebhookEvent } from '@outsync/contracts/webhooks/live-events';
import { parseServerSentEvents } from '../api/live-stream';
import { emptyLiveRows, heard, paused, resumed } from './live-rows';

const event = (
  id: string,
  status: LiveWebhookEvent['status'],
  updatedAt: string,
  receivedAt = '2030-03-15T12:00:00.000Z',
): LiveWebhookEvent => ({
  id,
  webhookId: 'w1',
  eventType: 'EMAIL_SENT',
  leadEmail: 'lead@prospect.test',
  subject: null,
  status,
  reason: null,
  test: false,
  receivedAt,
  updatedAt,
});

describe('the live rows', () => {
  it('shows a new event, then replaces it by its later state; an earlier one never undoes it', () => {
    let state = heard(emptyLiveRows, event('a', 'held', '2030-03-15T12:00:01.000Z'));
    state = heard(state, event('a', 'synced', '2030-03-15T12:00:02.000Z'));
    // A replay after a reconnect sends the held state again.
    state = heard(state, event('a', 'held', '2030-03-15T12:00:01.000Z'));
    expect(state.rows.map((row) => [row.id, row.status])).toEqual([['a', 'synced']]);
  });

  it('lists the newest received first', () => {
    let state = heard(
      emptyLiveRows,
      event('old', 'received', '2030-03-15T12:00:01.000Z', '2030-03-15T12:00:01.000Z'),
    );
    state = heard(
      state,
      event('new', 'received', '2030-03-15T12:00:02.000Z', '2030-03-15T12:00:02.000Z'),
    );
    expect(state.rows.map((row) => row.id)).toEqual(['new', 'old']);
  });

  it('while paused counts the events that arrived (not the changes of rows shown) and shows them on resume', () => {
    let state = heard(emptyLiveRows, event('a', 'held', '2030-03-15T12:00:01.000Z'));
    state = paused(state);
    state = heard(state, event('a', 'synced', '2030-03-15T12:00:02.000Z'));
    state = heard(state, event('b', 'received', '2030-03-15T12:00:03.000Z'));
    state = heard(state, event('b', 'synced', '2030-03-15T12:00:04.000Z'));
    state = heard(state, event('c', 'received', '2030-03-15T12:00:05.000Z'));
    expect(state.arrivedWhilePaused).toBe(2);
    expect(state.rows.map((row) => [row.id, row.status])).toEqual([['a', 'held']]);
    const after = resumed(state);
    expect(after.arrivedWhilePaused).toBe(0);
    expect(after.paused).toBe(false);
    expect(after.rows.map((row) => [row.id, row.status]).sort()).toEqual([
      ['a', 'synced'],
      ['b', 'synced'],
      ['c', 'received'],
    ]);
  });
});

describe('reading the stream', () => {
  it('splits complete messages from the rest, dropping comments and retry', () => {
    const { messages, rest } = parseServerSentEvents(
      'retry: 1000\n\n: keep-alive\n\nevent: log\nid: 17.ab\ndata: {"a":1}\n\nevent: ready\r\nid: 18.\r\ndata: {"replayed":0}\r\n\r\nevent: log\nda',
    );
    expect(messages).toEqual([
      { event: 'log', id: '17.ab', data: '{"a":1}' },
      { event: 'ready', id: '18.', data: '{"replayed":0}' },
    ]);
    expect(rest).toBe('event: log\nda');
  });
});
