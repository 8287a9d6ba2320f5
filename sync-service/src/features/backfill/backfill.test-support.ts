// Shared by the backfill's sandbox tests: a sandbox without the vendors' rate limits (a
// Smartlead page alone is 101 calls), seeded history, an Instantly webhook on the demo portal.
import type { Platform } from '@outsync/contracts';
import type { CanonicalEvent } from '@outsync/contracts/sync';
import {
  HUBSPOT_DEMO_HUB_ID,
  DEMO_API_KEYS,
  startSandbox,
  type RunningSandbox,
} from '@outsync/sandbox';
import type { Types } from 'mongoose';
import { dedupKeyOf } from '../../pipeline/dedup-key';
import type { WebhookEventDoc } from '../../pipeline';
import { buildApiKey } from '../../testing/account-factories';
import { demoPortalOwner, sandboxAppEnv } from '../../testing/sandbox-test-app';
import { startTestApp, type TestApp, type TestAppOptions } from '../../testing/test-app';
import type { TestClient } from '../../testing/test-client';
import { buildWebhook } from '../../testing/webhook-factories';
import { webhookEventModel } from '../webhook-events';
import { backfillModel, type BackfillDoc } from './backfill.model';

export const DAY_MS = 24 * 60 * 60_000;

/** A seeded owner of the sandbox's demo portal: the activities' owner. */
const DEMO_OWNER = {
  id: '70000001',
  email: 'sam.seller@outsync-demo.test',
  firstName: 'Sam',
  lastName: 'Seller',
  name: 'Sam Seller',
};

export type Seeded = {
  events: number;
  sent: number;
  replies: number;
  campaigns: Array<{ id: number; uuid: string; name: string; events: number }>;
};

export function startHistorySandbox(): Promise<RunningSandbox> {
  return startSandbox({ port: 0, smtpPort: 0, host: '127.0.0.1', rateLimits: false });
}

export function startAppOn(
  sandbox: RunningSandbox,
  options: TestAppOptions = {},
): Promise<TestApp> {
  return startTestApp({ ...options, env: { ...sandboxAppEnv(sandbox.url), ...options.env } });
}

/** A backfill suite's world: a history sandbox, an app on it, the demo portal's owner. */
export type BackfillSuite = {
  sandbox: RunningSandbox;
  app: TestApp;
  /** Signed in as the demo portal's owner. */
  owner: TestClient;
  profile: { _id: Types.ObjectId; ownerId: Types.ObjectId };
};

/** Starts a suite's world (in its beforeAll); `stopBackfillSuite` in its afterAll. */
export async function startBackfillSuite(
  ownerEmail: string,
  options: TestAppOptions = {},
): Promise<BackfillSuite> {
  const sandbox = await startHistorySandbox();
  const app = await startAppOn(sandbox, options);
  const demo = await demoPortalOwner(app, ownerEmail);
  return {
    sandbox,
    app,
    owner: demo.client,
    profile: { _id: demo.profileId, ownerId: demo.ownerId },
  };
}

/** Stops what `startBackfillSuite` started, as far as it got. */
export async function stopBackfillSuite(suite: Partial<BackfillSuite>): Promise<void> {
  await suite.app?.stop();
  await suite.sandbox?.stop();
}

/** A past range ending yesterday: what a customer may import. */
export function pastRange(now = Date.now()): { from: string; to: string } {
  const to = new Date(Math.floor(now / DAY_MS) * DAY_MS - DAY_MS);
  return { from: new Date(to.getTime() - 60 * DAY_MS).toISOString(), to: to.toISOString() };
}

/** Seeds 1,000 past events over 100 leads in two campaigns, in `range`. */
export async function seedHistory(
  sandbox: RunningSandbox,
  platform: Platform,
  range: { from: string; to: string },
  extra: Record<string, unknown> = {},
): Promise<Seeded> {
  const response = await fetch(`${sandbox.url}/_sandbox/platforms/${platform}/history`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      leads: 100,
      events: 1000,
      campaigns: 2,
      seed: 34,
      emailsRateLimit: null,
      ...range,
      ...extra,
    }),
  });
  if (response.status !== 201) throw new Error(`seeding failed: ${response.status}`);
  return (await response.json()) as Seeded;
}

/** The campaigns of a seeding as the import dialog sends them (Instantly's by uuid). */
export function campaignsOf(platform: Platform, seeded: Seeded) {
  return seeded.campaigns.map((campaign) => ({
    id: platform === 'instantly' ? campaign.uuid : String(campaign.id),
    name: campaign.name,
  }));
}

/** An Instantly webhook on the owner's demo-portal profile, which holds the sandbox's demo key. */
export async function instantlyWebhook(
  app: TestApp,
  profile: { _id: Types.ObjectId; ownerId: Types.ObjectId },
  withKey = true,
) {
  const key = withKey
    ? await buildApiKey(app.db, app.secrets, {
        userProfileId: profile._id,
        platform: 'instantly',
        description: 'Sandbox Instantly',
        apiKey: DEMO_API_KEYS.instantly,
      })
    : null;
  // A webhook keeps a key only with a category filter: the import names the key to read with.
  const webhook = await buildWebhook(app.db, {
    profile: { ...profile, crm: 'HUBSPOT', organizationId: String(HUBSPOT_DEMO_HUB_ID) },
    owner: DEMO_OWNER,
    settings: { emailService: 'instantly', objectLookupMethod: 'default' },
  });
  return { ...webhook, keyId: key ? key._id.toString() : null };
}

/** The webhook's stored events (not tests), with their dedupe keys. */
export async function storedOf(app: TestApp, webhookId: Types.ObjectId) {
  const docs = await webhookEventModel(app.db.connection)
    .find({ webhookId, test: false })
    .lean<WebhookEventDoc[]>();
  return docs.map((doc) => {
    const event = JSON.parse(doc.eventJson ?? 'null') as CanonicalEvent;
    return { doc, key: dedupKeyOf(event).key };
  });
}

export async function backfillDoc(app: TestApp, id: string): Promise<BackfillDoc> {
  const doc = await backfillModel(app.db.connection).findById(id).lean<BackfillDoc>();
  if (!doc) throw new Error('backfill missing');
  return doc;
}

/** Lets a run's lease run out, as it would once its worker died. */
export async function expireLease(app: TestApp, id: string): Promise<void> {
  await backfillModel(app.db.connection).updateOne(
    { _id: id },
    { $set: { leaseUntil: new Date(Date.now() - 1000) } },
  );
}
