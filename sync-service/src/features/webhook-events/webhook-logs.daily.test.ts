// The webhook logs' reads (set-up in webhook-logs.test-support.ts): their daily counts.
import type { WebhookLogsDaily } from '@outsync/contracts/history';
import { guardOutboundCalls } from '../../testing/nock-guard';
import {
  LOGS,
  type Caller,
  admin,
  ada,
  bob,
  useWebhookLogsApp,
  logOf,
  store,
} from './webhook-logs.test-support';

guardOutboundCalls();
useWebhookLogsApp();

describe('GET /api/admin/webhook-logs/daily', () => {
  type Day = WebhookLogsDaily['days'][number];
  const daily = async (who: Caller, query = '') =>
    (await who.client.get<WebhookLogsDaily>(`${LOGS}/daily${query}`)).body.days;
  const day = (days: Day[], date: string) => days.find((entry) => entry.date === date);

  it('answers the last 14 days, oldest first, every day present', async () => {
    const days = await daily(ada);
    expect(days.map((entry) => entry.date)).toEqual([
      '2030-03-02',
      '2030-03-03',
      '2030-03-04',
      '2030-03-05',
      '2030-03-06',
      '2030-03-07',
      '2030-03-08',
      '2030-03-09',
      '2030-03-10',
      '2030-03-11',
      '2030-03-12',
      '2030-03-13',
      '2030-03-14',
      '2030-03-15',
    ]);
    expect(
      days.every((entry) => entry.synced + entry.held + entry.failed + entry.notSynced === 0),
    ).toBe(true);
  });

  it('groups by outcome; received events and older days are not counted', async () => {
    const at = (iso: string) => new Date(iso);
    const today = at('2030-03-15T08:00:00.000Z');
    await store(
      logOf(ada, { receivedAt: today, status: 'synced' }),
      logOf(ada, { receivedAt: today, status: 'partially_synced' }),
      logOf(ada, { receivedAt: today, status: 'held' }),
      logOf(ada, { receivedAt: today, status: 'failed' }),
      logOf(ada, { receivedAt: today, status: 'not_synced' }),
      logOf(ada, { receivedAt: today, status: 'unsupported' }),
      logOf(ada, { receivedAt: today, status: 'duplicate' }),
      logOf(ada, { receivedAt: today, status: 'received' }),
      logOf(ada, { receivedAt: at('2030-03-02T00:00:00.000Z'), status: 'failed' }),
      logOf(ada, { receivedAt: at('2030-03-01T23:59:59.999Z'), status: 'failed' }),
      logOf(ada, {
        receivedAt: at('2030-03-10T10:00:00.000Z'),
        status: 'synced',
        eventType: 'EMAIL_OPEN',
      }),
      logOf(bob, { receivedAt: today, status: 'synced' }),
    );
    const days = await daily(ada);
    expect(day(days, '2030-03-15')).toEqual({
      date: '2030-03-15',
      synced: 2,
      held: 1,
      failed: 1,
      notSynced: 3,
    });
    expect(day(days, '2030-03-02')).toEqual({
      date: '2030-03-02',
      synced: 0,
      held: 0,
      failed: 1,
      notSynced: 0,
    });
    expect(day(days, '2030-03-10')?.synced).toBe(1);
    // The list's filters apply.
    const opens = await daily(ada, '?eventType=EMAIL_OPEN');
    expect(opens.reduce((sum, entry) => sum + entry.synced + entry.failed, 0)).toBe(1);
    // Staff see everyone's.
    expect(day(await daily(admin), '2030-03-15')?.synced).toBe(3);
  });

  it('counts days in the viewer’s offset', async () => {
    // 23:30 UTC on the 14th is the 15th at 00:30 for a viewer at UTC+01:00.
    await store(logOf(ada, { receivedAt: new Date('2030-03-14T23:30:00.000Z'), status: 'synced' }));
    const utc = await daily(ada);
    expect(day(utc, '2030-03-14')?.synced).toBe(1);
    expect(day(utc, '2030-03-15')?.synced).toBe(0);
    const east = await daily(ada, '?utcOffsetMinutes=60');
    expect(day(east, '2030-03-14')?.synced).toBe(0);
    expect(day(east, '2030-03-15')?.synced).toBe(1);
    expect(east.map((entry) => entry.date).at(-1)).toBe('2030-03-15');
    // At 12:00 UTC it is already the 16th at UTC+14.
    const kiribati = await daily(ada, '?utcOffsetMinutes=840');
    expect(kiribati.map((entry) => entry.date).at(-1)).toBe('2030-03-16');
    expect((await ada.client.get(`${LOGS}/daily?utcOffsetMinutes=900`)).status).toBe(400);
  });
});
