// Bulk actions on the webhook logs (issue 29): retry the failed and partially synced events, or
// release the held ones, under the list's filters; each caller only their own, an admin anyone's.
// And a row's own Release: one held event written now.
import type {
  WebhookLogActionCount,
  WebhookLogActionResult,
  WebhookLogsPage,
} from '@outsync/contracts/history';
import { guardOutboundCalls } from '../../testing/nock-guard';
import {
  type Caller,
  type ErrorBody,
  LOGS,
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

describe('release of one event (the row’s Release)', () => {
  const releaseOne = (who: Caller, id: string) =>
    who.client.post<ErrorBody & { id: string; status: string }>(
      `/api/admin/webhook-logs/${id}/release`,
    );
  const idOf = async (leadEmail: string) =>
    String((await events().findOne({ leadEmail }, { _id: 1 }).lean())?._id);
  const canRelease = async (who: Caller) =>
    (await who.client.get<WebhookLogsPage>(LOGS)).body.data
      .filter((row) => row.canRelease)
      .map((row) => row.id);

  it('offers Release on a held row to its owner and admins, not to managers', async () => {
    await seed();
    await store(logOf(bob, { leadEmail: 'b2@lead.test', status: 'held', attemptCount: 0 }));
    expect((await canRelease(ada)).length).toBe(2);
    expect((await canRelease(admin)).length).toBe(3);
    expect(await canRelease(manager)).toEqual([]);
  });

  it('queues that one held event past the category filter, and no other', async () => {
    await seed();
    const id = await idOf('a4@lead.test');
    const released = await releaseOne(ada, id);
    expect(released.status).toBe(200);
    expect(released.body).toEqual({ id, status: 'received' });
    const doc = await events().findOne({ leadEmail: 'a4@lead.test' }).lean();
    expect(doc?.status).toBe('received');
    expect(doc?.steps.releasedAt).toBeInstanceOf(Date);
    expect(await statusesOf(ada)).toEqual([
      ['a1@lead.test', 'failed', 9],
      ['a2@lead.test', 'partially_synced', 1],
      ['a3@lead.test', 'synced', 1],
      ['a4@lead.test', 'received', 0],
      ['a5@lead.test', 'held', 0],
    ]);
    // Not held any more: a second Release is refused in words.
    const again = await releaseOne(ada, id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('not_held');
    expect(again.body.message).toBe('Only a held event can be released.');
  });

  it('hides others’ events from customers, refuses managers, lets an admin release anyone’s', async () => {
    await seed();
    const id = await idOf('a5@lead.test');
    expect((await releaseOne(bob, id)).status).toBe(404);
    const refused = await releaseOne(manager, id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Only the webhook’s owner or an admin can release its events.',
    );
    expect((await events().findOne({ leadEmail: 'a5@lead.test' }).lean())?.status).toBe('held');
    expect((await releaseOne(admin, id)).status).toBe(200);
    expect((await events().findOne({ leadEmail: 'a5@lead.test' }).lean())?.status).toBe('received');
  });

  it('refuses an event that is not held (a failed one is retried, not released)', async () => {
    await seed();
    const failed = await releaseOne(ada, await idOf('a1@lead.test'));
    expect(failed.status).toBe(409);
    expect(failed.body.message).toBe('Only a held event can be released.');
    expect((await releaseOne(ada, 'not-an-id')).status).toBe(400);
  });
});
