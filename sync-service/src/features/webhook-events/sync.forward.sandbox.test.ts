// Forwarding end to end (issue 29 "Forwarding on its own schedule"): the real receiver, Agenda
// worker, HubSpot writer and endpoint fetch, against the sandbox's HubSpot and its webhook
// receiver. An endpoint that answers 503 is tried again about a second later, on its own
// schedule, and the retry does not write HubSpot again; the profile's "Additional Webhooks"
// flag, turned off between two attempts, stops the next one.
import {
  HUBSPOT_DEMO_HUB_ID,
  HUBSPOT_DEMO_PRIVATE_APP_TOKEN,
  type RunningSandbox,
} from '@outsync/sandbox';
import type { Types } from 'mongoose';
import { buildUserAccount } from '../../testing/account-factories';

import {
  demoPortalOwner,
  startSandboxTestApp,
  type SandboxTestApp,
} from '../../testing/sandbox-test-app';
import { buildWebhook } from '../../testing/webhook-factories';
import { profileModel } from '../profiles';
import { webhookEventModel, type WebhookEventDoc } from './webhook-event.model';

let sandbox: RunningSandbox;
let app: SandboxTestApp;
let ownerId: Types.ObjectId;
let profileId: Types.ObjectId;

beforeAll(async () => {
  app = await startSandboxTestApp({
    sandboxHost: '127.0.0.1',
    worker: true,
    env: { SYNC_BATCH_WINDOW_MS: '20' },
  });
  sandbox = app.sandbox;
  ({ ownerId, profileId } = await demoPortalOwner(app, 'forward-owner@example.com'));
}, 60_000);

afterAll(async () => {
  await app?.stop();
});

type Received = { headers: Record<string, string>; body: { attempt: number }; status: number };

/** A webhook of replies forwarded to the sandbox receiver `name`, which answers `status`. */
async function forwardingWebhook(name: string, status: number) {
  await profileModel(app.db.connection).updateOne(
    { _id: profileId },
    { $set: { canUserAccount: true } },
  );
  await receiverMode(name, status);
  const endpoint = await buildUserAccount(app.db, {
    userProfileId: profileId,
    url: `${sandbox.url}/receiver/${name}`,
    signingSecretSealed: app.secrets.seal('forward-signing-secret'),
  });
  return buildWebhook(app.db, {
    profile: {
      _id: profileId,
      ownerId,
      crm: 'HUBSPOT',
      organizationId: String(HUBSPOT_DEMO_HUB_ID),
    },
    owner: { id: '70000001' },
    settings: {
      emailService: 'smartlead',
      additionalEndpoints: [
        { userAccount: { id: endpoint._id.toString() }, eventTypes: ['EMAIL_REPLY'] },
      ],
    },
  });
}

async function receiverMode(name: string, status: number) {
  const response = await fetch(`${sandbox.url}/_sandbox/receiver/${name}/mode`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status }),
  });
  if (!response.ok) throw new Error(`receiver mode: ${response.status}`);
}

async function received(name: string): Promise<Received[]> {
  const response = await fetch(`${sandbox.url}/receiver/${name}/requests`);
  return (await response.json()) as Received[];
}

async function until<T>(what: string, probe: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function settledEvent(webhookId: Types.ObjectId): Promise<WebhookEventDoc> {
  return until('the event to settle', async () => {
    const event = await webhookEventModel(app.db.connection).findOne({ webhookId }).lean();
    return event && event.status !== 'received' ? (event as WebhookEventDoc) : null;
  });
}

async function postReply(code: string, lead: string, subject: string) {
  const response = await fetch(`${app.url}/webhooks/${code}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      event_type: 'EMAIL_REPLY',
      event_timestamp: '2026-11-20T10:15:00.000Z',
      stats_id: `forward-${lead}`,
      sl_email_lead_id: 778,
      sl_lead_email: lead,
      from_email: 'sam.seller@outsync-demo.test',
      subject,
      campaign_id: 1001,
      campaign_name: 'Q4 outreach',
      reply_message: { message_id: `<forward-${lead}@mail>`, text: 'Call me.' },
    }),
  });
  expect(response.status).toBe(200);
}

async function hubspotEmails(subject: string): Promise<number> {
  const response = await fetch(`${sandbox.url}/hubspot/crm/v3/objects/emails/search`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${HUBSPOT_DEMO_PRIVATE_APP_TOKEN}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      filterGroups: [
        { filters: [{ propertyName: 'hs_email_subject', operator: 'EQ', value: subject }] },
      ],
      limit: 100,
    }),
  });
  if (!response.ok) throw new Error(`sandbox HubSpot search: ${response.status}`);
  return ((await response.json()) as { results: unknown[] }).results.length;
}

it('retries a 503 about a second later, delivers, and writes HubSpot once', async () => {
  const hook = await forwardingWebhook('forward-retry', 503);
  await postReply(hook.code, 'ada@forward-retry.example', 'Re: forward retry');

  await until('the first attempt', async () =>
    (await received('forward-retry')).length >= 1 ? true : null,
  );
  await receiverMode('forward-retry', 200);
  const event = await settledEvent(hook._id);

  const requests = await received('forward-retry');
  expect(event).toMatchObject({ status: 'synced', errors: [] });
  expect(requests.map((request) => request.status)).toEqual([
    ...Array<number>(requests.length - 1).fill(503),
    200,
  ]);
  expect(requests.map((request) => request.body.attempt)).toEqual(
    requests.map((_request, index) => index + 1),
  );
  expect(new Set(requests.map((request) => request.headers['x-outsync-delivery'])).size).toBe(1);
  expect(await hubspotEmails('Re: forward retry')).toBe(1);
  // The endpoint's retries spent none of the CRM's attempts.
  expect(event.attempts.map((attempt) => attempt.outcome)).toEqual([
    'retrying',
    ...Array<string>(requests.length - 2).fill('waiting'),
    'synced',
  ]);
}, 30_000);

it('does not call the endpoint again once the profile loses “Additional Webhooks”', async () => {
  const hook = await forwardingWebhook('forward-flag', 503);
  await postReply(hook.code, 'grace@forward-flag.example', 'Re: forward flag');

  await until('the first attempt', async () =>
    (await received('forward-flag')).length >= 1 ? true : null,
  );
  await profileModel(app.db.connection).updateOne(
    { _id: profileId },
    { $set: { canUserAccount: false } },
  );
  await receiverMode('forward-flag', 200);
  const event = await settledEvent(hook._id);

  expect(await received('forward-flag')).toHaveLength(1);
  expect(event).toMatchObject({
    status: 'partially_synced',
    errors: [
      {
        step: 'forward',
        message: `${sandbox.url}/receiver/forward-flag: Not forwarded: this profile is not allowed to forward to additional endpoints (Additional Webhooks, canUserAccount). An administrator can turn it on in Users.`,
      },
    ],
  });
  expect(await hubspotEmails('Re: forward flag')).toBe(1);
}, 30_000);
