// The dry-run preview's routes (issue 34, item 2): the form's values are checked as create and
// update check them, a preview is scoped to what the caller may change, and it stores nothing.
// (Who may call them at all: authorization-matrix.test.ts; the plan against the real writes:
// webhook-preview.sandbox.test.ts.)
import type { WebhookPreview } from '@outsync/contracts/webhooks';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { webhookEventModel } from '../webhook-events';
import {
  app,
  created,
  hubspotBody,
  hubspotId,
  hubspotOwner,
  owner,
  useWebhooksApp,
  WEBHOOKS,
  type Error_,
} from './webhooks.test-support';
import { webhookModel } from './webhooks.model';

guardOutboundCalls();
useWebhooksApp();

const PREVIEW = `${WEBHOOKS}/preview`;
const sentSample = { kind: 'test', eventType: 'EMAIL_SENT' };

function createValues(settings: Record<string, unknown> = {}) {
  return {
    userProfileId: hubspotId,
    selectedOwner: hubspotOwner(),
    emailService: 'smartlead',
    objectLookupMethod: 'default',
    sample: sentSample,
    ...settings,
  };
}

async function deliver(code: string, payload: unknown) {
  const response = await fetch(`${app.url}/webhooks/${code}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  expect(response.status).toBe(200);
}

describe('validation: the same rules as the save', () => {
  it('refuses a request without a sample', async () => {
    const { sample: _sample, ...values } = createValues();
    const answer = await owner.post<Error_>(PREVIEW, values);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('validation_error');
  });

  it('refuses a sample of another kind', async () => {
    const answer = await owner.post<Error_>(PREVIEW, createValues({ sample: { kind: 'live' } }));
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('validation_error');
  });

  it("answers the create form's message for a missing owner", async () => {
    const answer = await owner.post<Error_>(PREVIEW, createValues({ selectedOwner: null }));
    expect([answer.status, answer.body.message]).toEqual([400, 'Select Owner']);
  });

  it("refuses a test event the webhook's platform does not send", async () => {
    const answer = await owner.post<Error_>(
      PREVIEW,
      createValues({
        emailService: 'instantly',
        sample: { kind: 'test', eventType: 'EMAIL_SENT' },
      }),
    );
    expect([answer.status, answer.body.message]).toEqual([
      400,
      'EMAIL_SENT is not one of the Instantly test events.',
    ]);
  });
});

describe('scoping: who may save may preview', () => {
  it("answers 404 for another customer's profile", async () => {
    const other = await app.signIn({ email: 'someone-else@customer-b.test' });
    const answer = await other.post<Error_>(PREVIEW, createValues());
    expect(answer.status).toBe(404);
  });

  it("previews only the webhook's own payloads: another webhook's log is 404, and so is any log in the create form", async () => {
    const mine = await created(await hubspotBody());
    const theirs = await created(await hubspotBody());
    const theirsDoc = await webhookModel(app.db.connection).findById(theirs.id).lean();
    const first = await owner.post<WebhookPreview>(`${WEBHOOKS}/${theirs.id}/preview`, {
      emailService: 'smartlead',
      objectLookupMethod: 'default',
      sample: sentSample,
    });
    expect(first.status).toBe(200);
    await deliver(theirsDoc?.code ?? '', first.body.payload);
    const [event] = await webhookEventModel(app.db.connection)
      .find({ webhookId: theirsDoc?._id })
      .lean();
    const eventId = event?._id.toString() ?? '';

    const samples = await owner.get<Array<{ eventId: string }>>(
      `${WEBHOOKS}/${mine.id}/preview/samples`,
    );
    expect(samples.body).toEqual([]);
    const viaMine = await owner.post<Error_>(`${WEBHOOKS}/${mine.id}/preview`, {
      emailService: 'smartlead',
      objectLookupMethod: 'default',
      sample: { kind: 'log', eventId },
    });
    expect([viaMine.status, viaMine.body.message]).toEqual([404, 'No such event of this webhook.']);
    const inCreate = await owner.post<Error_>(
      PREVIEW,
      createValues({ sample: { kind: 'log', eventId } }),
    );
    expect([inCreate.status, inCreate.body.message]).toEqual([
      404,
      'No such event of this webhook.',
    ]);
  });
});

describe('a preview stores nothing', () => {
  it('answers the plan (here: the free plan skips it) and leaves no webhook and no event behind', async () => {
    const webhooks = await webhookModel(app.db.connection).countDocuments();
    const events = await webhookEventModel(app.db.connection).countDocuments();
    const answer = await owner.post<WebhookPreview>(PREVIEW, createValues());
    expect(answer.status).toBe(200);
    expect(answer.body.event).toMatchObject({ platform: 'smartlead', type: 'EMAIL_SENT' });
    // The owner here is on the free plan: a live event would be logged, not written.
    expect(answer.body).toMatchObject({
      status: 'not_synced',
      reason: 'Not synced: free plan. Upgrade to sync live events into your CRM.',
      writes: [],
    });
    expect(await webhookModel(app.db.connection).countDocuments()).toBe(webhooks);
    expect(await webhookEventModel(app.db.connection).countDocuments()).toBe(events);
  });
});
