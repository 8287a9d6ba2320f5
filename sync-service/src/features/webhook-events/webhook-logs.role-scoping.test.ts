// The webhook logs (set-up in webhook-logs.test-support.ts): which logs, filters, retries and
// details each role is given.
import type { HistoryCount, WebhookLogDetail, WebhookLogsPage } from '@outsync/contracts/history';
import { Types } from 'mongoose';
import { guardOutboundCalls } from '../../testing/nock-guard';
import type { WebhookEventDoc } from '../../pipeline';
import {
  LOGS,
  NOW,
  type Caller,
  type ErrorBody,
  admin,
  manager,
  ada,
  bob,
  useWebhookLogsApp,
  logOf,
  store,
  ids,
} from './webhook-logs.test-support';

guardOutboundCalls();
useWebhookLogsApp();

describe('role scoping', () => {
  let adaLog: WebhookEventDoc;
  let bobLog: WebhookEventDoc;

  beforeEach(async () => {
    adaLog = logOf(ada, { leadEmail: 'shared@lead.io', status: 'failed' });
    bobLog = logOf(bob, {
      leadEmail: 'shared@lead.io',
      status: 'failed',
      hubId: '888',
      receivedAt: new Date(NOW.getTime() - 120_000),
    });
    await store(adaLog, bobLog);
  });

  it('shows a customer only their own logs, whatever they filter on', async () => {
    const list = async (query: string) =>
      ids((await ada.client.get<WebhookLogsPage>(`${LOGS}?${query}`)).body);
    const mine = [adaLog._id.toString()];
    expect(await list('')).toEqual(mine);
    expect(await list('email=shared@lead.io')).toEqual(mine);
    expect(await list('status=failed&eventType=EMAIL_SENT')).toEqual(mine);
    expect(ids((await bob.client.get<WebhookLogsPage>(LOGS)).body)).toEqual([
      bobLog._id.toString(),
    ]);
  });

  it('refuses a customer the manager-and-admin filters (403)', async () => {
    for (const query of [
      `userEmail=${encodeURIComponent(bob.email)}`,
      `webhookId=${bobLog.webhookId.toString()}`,
      `webhookUrl=${encodeURIComponent(bobLog.webhookUrl)}`,
      'hubId=888',
    ]) {
      for (const path of [LOGS, `${LOGS}/count`, `${LOGS}/daily`]) {
        const refused = await ada.client.get<ErrorBody>(`${path}?${query}`);
        expect({ path, query, status: refused.status, body: refused.body }).toEqual({
          path,
          query,
          status: 403,
          body: expect.objectContaining({
            code: 'forbidden',
            message:
              'The User, Webhook ID, Webhook URL and Hub ID filters are for managers and admins.',
          }) as unknown,
        });
      }
    }
    // Empty values are no filter, and webhookId 0 is none: not refused.
    expect((await ada.client.get(`${LOGS}?userEmail=&hubId=%20&webhookId=0`)).status).toBe(200);
  });

  it('lets managers and admins see everyone’s, with the extra filters', async () => {
    for (const staff of [manager, admin]) {
      expect(ids((await staff.client.get<WebhookLogsPage>(LOGS)).body)).toEqual([
        adaLog._id.toString(),
        bobLog._id.toString(),
      ]);
      expect(ids((await staff.client.get<WebhookLogsPage>(`${LOGS}?hubId=888`)).body)).toEqual([
        bobLog._id.toString(),
      ]);
      expect(
        (await staff.client.get<HistoryCount>(`${LOGS}/count?userEmail=${bob.email}`)).body,
      ).toEqual({ totalItems: 1 });
    }
  });

  it('offers Retry on a failed row to its owner and admins, not to managers', async () => {
    const canRetry = async (who: Caller) =>
      (await who.client.get<WebhookLogsPage>(LOGS)).body.data.map((row) => [row.id, row.canRetry]);
    expect(await canRetry(ada)).toEqual([[adaLog._id.toString(), true]]);
    expect(await canRetry(admin)).toEqual([
      [adaLog._id.toString(), true],
      [bobLog._id.toString(), true],
    ]);
    expect(await canRetry(manager)).toEqual([
      [adaLog._id.toString(), false],
      [bobLog._id.toString(), false],
    ]);
  });

  it('retries for the owner; hides others’ logs; refuses managers', async () => {
    const retry = (who: Caller, id: string) =>
      who.client.post<ErrorBody & { id: string; status: string }>(`${LOGS}/${id}/retry`);
    expect((await retry(bob, adaLog._id.toString())).status).toBe(404);
    const refused = await retry(manager, adaLog._id.toString());
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only the webhook’s owner or an admin can retry its events.');
    const retried = await retry(ada, adaLog._id.toString());
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({ id: adaLog._id.toString(), status: 'received' });
    // The row says so, and offers no second retry.
    const row = (await ada.client.get<WebhookLogsPage>(LOGS)).body.data[0];
    expect([row?.status, row?.canRetry]).toEqual(['received', false]);
    const again = await retry(ada, adaLog._id.toString());
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only a failed or partially synced event can be retried.');
  });

  it('serves the detail with the payload only to who may see it', async () => {
    const mine = await ada.client.get<WebhookLogDetail>(`${LOGS}/${adaLog._id.toString()}`);
    expect(mine.status).toBe(200);
    expect(mine.body.id).toBe(adaLog._id.toString());
    expect(mine.body.payload).toEqual({
      event_type: 'EMAIL_SENT',
      to_email: 'lead@prospect.test',
      secret: 'never',
    });
    const theirs = await ada.client.get<ErrorBody>(`${LOGS}/${bobLog._id.toString()}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('No such webhook log, or it is not visible to you.');
    const missing = await admin.client.get(`${LOGS}/${new Types.ObjectId().toString()}`);
    expect(missing.status).toBe(404);
    for (const staff of [admin, manager])
      expect((await staff.client.get(`${LOGS}/${bobLog._id.toString()}`)).status).toBe(200);
    expect((await admin.client.get(`${LOGS}/not-an-id`)).status).toBe(400);
  });
});
