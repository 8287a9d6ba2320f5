// Bulk actions on the webhook logs (issue 29): retry the failed and partially synced events, or
// release the held ones, under the list's filters; each caller only their own, an admin anyone's.
import type { WebhookLogActionCount, WebhookLogActionResult } from '@outsync/contracts/history';
import { guardOutboundCalls } from '../../testing/nock-guard';
import {
  type Caller,
  type ErrorBody,
  ada,
  admin,
  app,
  bob,
  events,
  logOf,
  manager,
  store,
  useWebhookLogsApp,
} from './webhook-logs.test-support';

guardOutboundCalls();
useWebhookLogsApp();

const ACTIONS = '/api/admin/webhook-log-actions';

async function statusesOf(owner: Caller) {
  const docs = await events()
    .find({ userId: owner.id }, { status: 1, attemptCount: 1, leadEmail: 1, steps: 1 })
    .sort({ leadEmail: 1 })
    .lean();
  return docs.map((doc) => [doc.leadEmail, doc.status, doc.attemptCount]);
}

async function seed() {
  await store(
    logOf(ada, { leadEmail: 'a1@lead.test', status: 'failed', attemptCount: 9 }),
    logOf(ada, { leadEmail: 'a2@lead.test', status: 'partially_synced', attemptCount: 1 }),
    logOf(ada, { leadEmail: 'a3@lead.test', status: 'synced', attemptCount: 1 }),
    logOf(ada, { leadEmail: 'a4@lead.test', status: 'held', attemptCount: 0 }),
    logOf(ada, { leadEmail: 'a5@lead.test', status: 'held', attemptCount: 0 }),
    logOf(bob, { leadEmail: 'b1@lead.test', status: 'failed', attemptCount: 9 }),
    logOf(manager, { leadEmail: 'm1@lead.test', status: 'failed', attemptCount: 9 }),
  );
}

describe('retry', () => {
  it('counts, then queues again, the caller’s failed and partially synced events, attempts reset', async () => {
    await seed();
    const count = await ada.client.get<WebhookLogActionCount>(`${ACTIONS}/retry/count`);
    expect(count.status).toBe(200);
    expect(count.body).toEqual({ count: 2, limit: 10000 });

    const run = await ada.client.post<WebhookLogActionResult>(`${ACTIONS}/retry`, {});
    expect(run.status).toBe(200);
    expect(run.body).toEqual({ queued: 2 });
    expect(await statusesOf(ada)).toEqual([
      ['a1@lead.test', 'received', 0],
      ['a2@lead.test', 'received', 0],
      ['a3@lead.test', 'synced', 1],
      ['a4@lead.test', 'held', 0],
      ['a5@lead.test', 'held', 0],
    ]);
    // Nobody else's.
    expect(await statusesOf(bob)).toEqual([['b1@lead.test', 'failed', 9]]);
  });

  it('takes only the statuses the Status filter names, and only the lead the Email filter names', async () => {
    await seed();
    expect(
      (await ada.client.get<WebhookLogActionCount>(`${ACTIONS}/retry/count?status=failed`)).body,
    ).toEqual({ count: 1, limit: 10000 });
    expect(
      (await ada.client.get<WebhookLogActionCount>(`${ACTIONS}/retry/count?status=held`)).body,
    ).toEqual({ count: 0, limit: 10000 });
    const run = await ada.client.post<WebhookLogActionResult>(`${ACTIONS}/retry`, {
      email: 'a2@lead.test',
    });
    expect(run.body).toEqual({ queued: 1 });
    expect((await statusesOf(ada)).slice(0, 2)).toEqual([
      ['a1@lead.test', 'failed', 9],
      ['a2@lead.test', 'received', 0],
    ]);
  });

  it('a manager sees everyone’s logs but acts on their own; an admin on anyone’s', async () => {
    await seed();
    expect(
      (await manager.client.get<WebhookLogActionCount>(`${ACTIONS}/retry/count`)).body,
    ).toEqual({ count: 1, limit: 10000 });
    expect((await admin.client.get<WebhookLogActionCount>(`${ACTIONS}/retry/count`)).body).toEqual({
      count: 4,
      limit: 10000,
    });
    expect((await admin.client.post<WebhookLogActionResult>(`${ACTIONS}/retry`, {})).body).toEqual({
      queued: 4,
    });
    expect(await statusesOf(bob)).toEqual([['b1@lead.test', 'received', 0]]);
  });

  it('refuses a customer’s staff filter, an unknown action and an unknown filter, in words', async () => {
    const staffOnly = await ada.client.post<ErrorBody>(`${ACTIONS}/retry`, {
      userEmail: 'bob@customer-b.test',
    });
    expect(staffOnly.status).toBe(403);
    expect(staffOnly.body.message).toBe(
      'The User, Webhook ID, Webhook URL and Hub ID filters are for managers and admins.',
    );
    const unknown = await ada.client.post<ErrorBody>(`${ACTIONS}/delete`, {});
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('validation_error');
    const misspelt = await ada.client.post<ErrorBody>(`${ACTIONS}/retry`, { stauts: 'failed' });
    expect(misspelt.status).toBe(400);
    expect(misspelt.body.code).toBe('validation_error');
  });

  it('needs a session', async () => {
    expect((await app.asAnonymous().get(`${ACTIONS}/retry/count`)).status).toBe(401);
  });
});

describe('release', () => {
  it('queues the caller’s held events, marked released so the category filter lets them through', async () => {
    await seed();
    expect((await ada.client.get<WebhookLogActionCount>(`${ACTIONS}/release/count`)).body).toEqual({
      count: 2,
      limit: 10000,
    });

    const run = await ada.client.post<WebhookLogActionResult>(`${ACTIONS}/release`, {
      email: 'a4@lead.test',
    });

    expect(run.body).toEqual({ queued: 1 });
    const released = await events().findOne({ leadEmail: 'a4@lead.test' }).lean();
    expect(released).toMatchObject({ status: 'received' });
    expect(released?.steps.releasedAt).toBeInstanceOf(Date);
    expect((await events().findOne({ leadEmail: 'a5@lead.test' }).lean())?.status).toBe('held');
  });
});
