// Issue 29 "Done means": a HubSpot refresh token that stops working on a Friday evening and a
// customer who reconnects the next morning (a simulated clock). The account's circuit opens
// after three failed batches, the owner gets one e-mail, the endpoint that asked for sync alerts
// one `sync.failed`; the events wait overnight without spending attempts; the first probe after
// the reconnect writes them all, each once, and the endpoint gets one `sync.recovered`.
// The real receiver, pipeline, HubSpot writer, OAuth and token refresh against the sandbox;
// the worker's runs are driven by the test on its clock (no Agenda).
import type { WebhookLogsPage } from '@outsync/contracts/history';
import { HUBSPOT_DEMO_PRIVATE_APP_TOKEN } from '@outsync/sandbox';
import type { Types } from 'mongoose';
import { buildUserAccount } from '../../testing/account-factories';
import { connectHubspot } from '../../testing/profile-factories';
import { startSandboxTestApp, type SandboxTestApp } from '../../testing/sandbox-test-app';
import type { TestClient } from '../../testing/test-client';
import { buildWebhook } from '../../testing/webhook-factories';
import { profileModel, type ProfileDoc } from '../profiles';
import { webhookEventModel, type WebhookEventDoc } from './webhook-event.model';

/** The simulated clock: the service's; the sandbox keeps real time. */
let at = Date.now();
const later = (ms: number) => {
  at += ms;
};

let app: SandboxTestApp;
let owner: TestClient;

beforeAll(async () => {
  app = await startSandboxTestApp({
    sandboxHost: '127.0.0.1',
    now: () => new Date(at),
    env: { SYNC_BATCH_WINDOW_MS: '20' },
  });
  owner = await app.signIn({ email: 'weekend-owner@example.com', isPaidTier: true });
}, 60_000);

afterAll(async () => {
  await app?.stop();
});

const events = () => webhookEventModel(app.db.connection);

async function hubspotProfile(): Promise<ProfileDoc> {
  const user = await app.models.users.findOne({ email: 'weekend-owner@example.com' }).lean();
  const profile = await profileModel(app.db.connection)
    .findOne({ ownerId: user?._id, crm: 'HUBSPOT' })
    .lean<ProfileDoc>();
  if (!profile) throw new Error('no HubSpot profile');
  return profile;
}

function reply(lead: number) {
  return {
    event_type: 'EMAIL_REPLY',
    event_timestamp: '2026-11-27T18:00:00.000Z',
    stats_id: `weekend-${lead}`,
    sl_email_lead_id: 9000 + lead,
    sl_lead_email: `lead${lead}@weekend-${lead}.example`,
    to_email: 'sam.seller@outsync-demo.test',
    from_email: 'sam.seller@outsync-demo.test',
    subject: `Re: weekend ${lead}`,
    campaign_id: 1001,
    campaign_name: 'Q4 outreach',
    reply_message: { message_id: `<weekend-${lead}@mail>`, text: 'Monday works.' },
  };
}

/** One worker run over every stored event, at the clock's time (those not due are skipped). */
async function workerRun(ids: Types.ObjectId[]) {
  await app.composition.pipeline.processEvents(ids.map(String));
}

async function receivedAlerts(name: string) {
  const response = await fetch(`${app.sandbox.url}/receiver/${name}/requests`);
  const requests = (await response.json()) as Array<{ rawBody: string }>;
  return requests.map((request) => JSON.parse(request.rawBody) as Record<string, unknown>);
}

/** How many e-mails HubSpot holds with this subject (searches share a 4-per-second budget). */
async function hubspotEmailsWithSubject(subject: string): Promise<number> {
  for (;;) {
    const response = await fetch(`${app.sandbox.url}/hubspot/crm/v3/objects/emails/search`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${HUBSPOT_DEMO_PRIVATE_APP_TOKEN}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        filterGroups: [
          { filters: [{ propertyName: 'hs_email_subject', operator: 'EQ', value: subject }] },
        ],
        properties: ['hs_email_subject'],
        limit: 10,
      }),
    });
    if (response.status === 429) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    if (!response.ok) throw new Error(`search answered ${response.status}`);
    return ((await response.json()) as { results: unknown[] }).results.length;
  }
}

it('outlives a refresh token that stopped working over the weekend: one e-mail, one sync.failed, one sync.recovered, every event written once', async () => {
  await connectHubspot(app.url, owner);
  const profile = await hubspotProfile();
  const endpoint = await buildUserAccount(app.db, {
    userProfileId: profile._id,
    url: `${app.sandbox.url}/receiver/weekend-alerts`,
    signingSecretSealed: app.secrets.seal('weekend-signing-secret'),
    syncAlerts: true,
  });
  const hook = await buildWebhook(app.db, {
    profile: {
      _id: profile._id,
      ownerId: profile.ownerId,
      crm: 'HUBSPOT',
      organizationId: profile.organizationId,
    },
    // A seeded owner of the sandbox's demo portal (the one the OAuth journey connects).
    owner: { id: '70000001' },
    settings: { emailService: 'smartlead' },
  });

  // Friday evening: HubSpot stops honouring the refresh token (revoked, as an uninstall or a
  // password change does), and an hour on the access token is due for renewal.
  const stored = await profileModel(app.db.connection).findById(profile._id).lean<ProfileDoc>();
  const refreshToken = app.secrets.open(stored?.connection?.refreshTokenSealed ?? '');
  const revoked = await fetch(
    `${app.sandbox.url}/hubspot/oauth/v1/refresh-tokens/${encodeURIComponent(refreshToken)}`,
    { method: 'DELETE' },
  );
  expect(revoked.status).toBe(204);
  later(60 * 60_000);

  for (let lead = 1; lead <= 6; lead += 1) {
    const answer = await fetch(`${app.url}/webhooks/${hook.code}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(reply(lead)),
    });
    expect(answer.status).toBe(200);
  }
  const ids = (await events().find({ webhookId: hook._id }, { _id: 1 }).lean()).map(
    (doc) => doc._id,
  );
  expect(ids).toHaveLength(6);

  // Three runs the refresh refusal fails as a whole (10 s and 1 min retries between them):
  // the circuit opens.
  for (const wait of [0, 15_000, 80_000]) {
    later(wait);
    await workerRun(ids);
  }
  const circuit = await app.db.connection.collection('crmCircuits').findOne({});
  expect(circuit?.openedAt).toBeInstanceOf(Date);
  expect(app.mailbox.sent.map((mail) => mail.subject)).toContain(
    `OutSync: HubSpot portal ${profile.organizationId} is failing; its events are waiting`,
  );

  // Overnight: a probe every 30 s finds the token still refused; nothing is spent meanwhile.
  for (const wait of [31_000, 4 * 60 * 60_000, 10 * 60 * 60_000]) {
    later(wait);
    await workerRun(ids);
  }
  const waiting = await events().find({ webhookId: hook._id }).lean<WebhookEventDoc[]>();
  expect(waiting.map((event) => event.status)).toEqual(Array(6).fill('received'));
  expect(Math.max(...waiting.map((event) => event.attemptCount))).toBeLessThanOrEqual(3);

  // Saturday morning the customer signs in again (Friday's session is over), reads in History
  // why the events wait and what to do (issue 31 item 3), and reconnects; the next probe finds
  // HubSpot answering.
  owner = await app.signIn({ email: 'weekend-owner@example.com' });
  // A customer's history holds only their own events (the webhook filter is staff's).
  const history = await owner.get<WebhookLogsPage>('/api/admin/webhook-logs');
  expect(history.status).toBe(200);
  expect(history.body.data).toHaveLength(6);
  for (const row of history.body.data) {
    expect(row.webhookLogResults.errors.length).toBeGreaterThan(0);
    expect(row.explanation).toMatchObject({
      state: 'waiting',
      label: 'Waiting',
      summary: 'HubSpot has kept failing for this account, so its events wait instead of failing.',
      next: { attempt: null, of: null },
      action: {
        kind: 'reconnect',
        text: 'Reconnect HubSpot on its accounts screen; the waiting events are then written.',
      },
    });
    expect(row.explanation.detail).toContain('refresh');
  }
  await connectHubspot(app.url, owner);
  later(31_000);
  await workerRun(ids);
  await workerRun(ids);
  const final = await events().find({ webhookId: hook._id }).lean<WebhookEventDoc[]>();
  expect(final.map((event) => event.status)).toEqual(Array(6).fill('synced'));
  for (let lead = 1; lead <= 6; lead += 1)
    expect(await hubspotEmailsWithSubject(`Re: weekend ${lead}`)).toBe(1);

  // What the customer was told: one e-mail; the endpoint one alert each way, in that order.
  expect(
    app.mailbox.sent.filter((mail) => mail.subject.includes('is failing')).map((mail) => mail.to),
  ).toEqual(['weekend-owner@example.com']);
  await app.composition.endpointNotices.deliverDue();
  const alerts = await receivedAlerts('weekend-alerts');
  expect(alerts.map((alert) => [alert.type, alert.cause ?? null])).toEqual([
    ['sync.failed', 'crm_unavailable'],
    ['sync.recovered', null],
  ]);
  expect(alerts[0]?.account).toEqual({
    profileId: profile._id.toString(),
    crm: 'HUBSPOT',
    organizationId: profile.organizationId,
  });
  expect(String(alerts[0]?.message)).toContain('refresh');
  expect(alerts[1]).toMatchObject({ resumedEvents: expect.any(Number) as number });
  expect(endpoint.syncAlerts).toBe(true);
}, 60_000);
