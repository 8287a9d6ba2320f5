// Shared set-up for the dedupe tests (receiver.dedupe*.test.ts): the real app with its worker
// against the sandbox's HubSpot, on a clock the test sets, and deliveries posted to the
// receiver as a platform posts them. What is the same event is read back from the stored
// events (`webhookLogs`: synced or duplicate) and the delivery identities
// (`webhookDeliveries`: which event each one registered) — never from the key function.
// The rule the tests follow: docs/dedupe-and-block-list-runs.md, "Which deliveries are the same
// event".
import type { Platform } from '@outsync/contracts';
import { HUBSPOT_DEMO_HUB_ID } from '@outsync/sandbox';
import type { Types } from 'mongoose';

import {
  demoPortalOwner,
  startSandboxTestApp,
  type SandboxTestApp,
} from '../../testing/sandbox-test-app';
import { buildWebhook } from '../../testing/webhook-factories';
import { webhookModel } from '../webhooks';
import {
  webhookDeliveryModel,
  webhookEventModel,
  type WebhookDeliveryDoc,
  type WebhookEventDoc,
} from './webhook-event.model';

export type Payload = Record<string, unknown>;
export type Hook = { id: Types.ObjectId; code: string };
/** What became of a delivery: synced once, or recognised as an event received before. */
export type Outcome = 'synced' | 'duplicate';

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** A seeded owner of the sandbox's demo portal. */
const DEMO_OWNER_ID = '70000001';

let app: SandboxTestApp;
let ownerId: Types.ObjectId;
let profileId: Types.ObjectId;
let current = new Date();

/** The app's clock: it stands still where a test puts it. */
export const clock = {
  now: (): Date => current,
  set(at: Date): void {
    current = at;
  },
};

/** Registers the file's hooks: the app (with its worker) before the tests, stopped after. */
export function useDedupeApp(): void {
  beforeAll(async () => {
    clock.set(new Date());
    app = await startSandboxTestApp({
      sandboxHost: '127.0.0.1',
      worker: true,
      now: clock.now,
      env: { SYNC_BATCH_WINDOW_MS: '20', WEBHOOK_LOG_RETENTION_DAYS: '365' },
    });
    ({ ownerId, profileId } = await demoPortalOwner(app, 'dedupe-owner@example.com'));
  }, 60_000);
  // Stopping the worker waits for Agenda to let its jobs go: seconds.
  afterAll(async () => {
    await app?.stop();
  }, 30_000);
  beforeEach(() => {
    clock.set(new Date());
  });
}

/**
 * A new webhook on the demo portal for one platform, or with null one without a platform
 * ("Universal": the receiver reads each payload as the platform its shape shows). The forms no
 * longer save such a webhook, so it is stored as older ones are: its platform unset.
 */
export async function newWebhook(platform: Platform | null): Promise<Hook> {
  const doc = await buildWebhook(app.db, {
    profile: {
      _id: profileId,
      ownerId,
      crm: 'HUBSPOT',
      organizationId: String(HUBSPOT_DEMO_HUB_ID),
    },
    owner: { id: DEMO_OWNER_ID },
    settings: { emailService: platform ?? 'smartlead' },
  });
  if (platform === null)
    await webhookModel(app.db.connection).updateOne(
      { _id: doc._id },
      { $set: { emailService: null } },
    );
  return { id: doc._id, code: doc.code };
}

/** Posts a delivery as the platform does; the receiver stores it and answers its id. */
export async function deliver(hook: Hook, payload: Payload): Promise<string> {
  const answer = await fetch(`${app.url}/webhooks/${hook.code}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  const body = (await answer.json()) as { received?: boolean; id?: string; status?: string };
  expect({ status: answer.status, received: body.received, stored: body.status }).toEqual({
    status: 200,
    received: true,
    stored: 'received',
  });
  if (!body.id) throw new Error('the receiver answered no id');
  return body.id;
}

/**
 * Posts each delivery once the one before is settled, so "the first" of two equal deliveries
 * is the one synced (two deliveries in flight at once are the resilience tests' concern).
 */
export async function deliverAll(hook: Hook, payloads: Payload[]): Promise<string[]> {
  const ids: string[] = [];
  for (const payload of payloads) {
    const id = await deliver(hook, payload);
    await settled([id]);
    ids.push(id);
  }
  return ids;
}

/** A delivery is settled within a second or two; one left waiting on the clock never is. */
async function settled(ids: string[]): Promise<WebhookEventDoc[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const events = await webhookEventModel(app.db.connection)
      .find({ _id: { $in: ids } })
      .lean<WebhookEventDoc[]>();
    if (events.length === ids.length && events.every((event) => event.status !== 'received'))
      return events;
    if (Date.now() > deadline)
      throw new Error(
        `events not settled: ${JSON.stringify(events.map((event) => [event.status, event.errors]))}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Each delivery's outcome, in the order given; anything but synced or duplicate fails. */
export async function outcomesOf(ids: string[]): Promise<Outcome[]> {
  const events = await settled(ids);
  const byId = new Map(events.map((event) => [event._id.toString(), event]));
  return ids.map((id) => {
    const event = byId.get(id);
    if (event?.status === 'synced' || event?.status === 'duplicate') return event.status;
    throw new Error(`event ${id} ended ${event?.status}: ${JSON.stringify(event?.errors)}`);
  });
}

/** Delivers the payloads one after the other and answers what became of each. */
export async function outcomes(hook: Hook, payloads: Payload[]): Promise<Outcome[]> {
  return outcomesOf(await deliverAll(hook, payloads));
}

/** The delivery identities that registered these events (none for a duplicate). */
export async function identitiesOf(ids: string[]): Promise<WebhookDeliveryDoc[]> {
  return webhookDeliveryModel(app.db.connection)
    .find({ eventId: { $in: ids } })
    .lean<WebhookDeliveryDoc[]>();
}

/** How long after its event was received each identity is kept, in the order of `ids`. */
export async function keptForMs(ids: string[]): Promise<number[]> {
  const [identities, events] = await Promise.all([
    identitiesOf(ids),
    webhookEventModel(app.db.connection)
      .find({ _id: { $in: ids } })
      .lean<WebhookEventDoc[]>(),
  ]);
  return ids.map((id) => {
    const identity = identities.find((each) => each.eventId.toString() === id);
    const event = events.find((each) => each._id.toString() === id);
    if (!identity || !event) throw new Error(`event ${id} registered no delivery identity`);
    return identity.expiresAt.getTime() - event.receivedAt.getTime();
  });
}

/**
 * Waits until MongoDB's TTL monitor has removed the event's delivery identity (its time is
 * past): about a second on the embedded server, up to a minute on a real one.
 */
export async function forgotten(id: string): Promise<void> {
  const deadline = Date.now() + (process.env.MONGODB_URI ? 75_000 : 10_000);
  while ((await identitiesOf([id])).length > 0) {
    if (Date.now() > deadline) throw new Error(`the identity of ${id} was never removed`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// ---------------------------------------------------------------------------------------------
// Payloads as each platform posts them: only the fields the cases are about, spelled out.

export const smartlead = {
  open(fields: { email: string; at: string; statsId?: string } & Payload): Payload {
    const { email, at, statsId, ...rest } = fields;
    return {
      event_type: 'EMAIL_OPEN',
      event_timestamp: at,
      ...(statsId === undefined ? {} : { stats_id: statsId }),
      sl_lead_email: email,
      from_email: 'rep@seller-mail.test',
      campaign_id: 1001,
      campaign_name: 'Spring outreach',
      subject: 'A quick question',
      ...rest,
    };
  },
  sent(fields: { email: string; at: string; statsId?: string } & Payload): Payload {
    return { ...smartlead.open(fields), event_type: 'EMAIL_SENT' };
  },
};

export const instantly = {
  open(fields: { email: string; at: string; emailId?: string } & Payload): Payload {
    const { email, at, emailId, ...rest } = fields;
    return {
      event_type: 'email_opened',
      timestamp: at,
      ...(emailId === undefined ? {} : { email_id: emailId }),
      workspace: 'ws-dedupe',
      lead_email: email,
      email_account: 'rep@seller-mail.test',
      campaign_id: 'c-2001',
      campaign_name: 'Spring outreach',
      email_subject: 'A quick question',
      ...rest,
    };
  },
  sent(fields: { email: string; at: string; emailId?: string } & Payload): Payload {
    return { ...instantly.open(fields), event_type: 'email_sent' };
  },
};

export const bison = {
  open(fields: { email: string; at: string; eventId?: number; campaignId?: number }): Payload {
    return {
      event: { type: 'EMAIL_OPENED', name: 'Email Opened' },
      data: {
        lead: { email: fields.email, first_name: 'Lee' },
        campaign: { id: fields.campaignId ?? 3001, name: 'Spring outreach' },
        campaign_event: {
          ...(fields.eventId === undefined ? {} : { id: fields.eventId }),
          created_at: fields.at,
        },
        scheduled_email: { email_subject: 'A quick question' },
        sender_email: { email: 'rep@seller-mail.test', name: 'Rep' },
      },
    };
  },
};

export const heyreach = {
  message(
    fields: { profileUrl: string; at: string; correlationId?: string; text?: string } & Payload,
  ): Payload {
    const { profileUrl, at, correlationId, text, ...rest } = fields;
    return {
      event_type: 'message_sent',
      timestamp: at,
      ...(correlationId === undefined ? {} : { correlation_id: correlationId }),
      campaign: { id: 4001, name: 'LinkedIn spring' },
      sender: {
        first_name: 'Rep',
        last_name: 'Seller',
        profile_url: 'https://www.linkedin.com/in/rep-seller',
      },
      lead: { profile_url: profileUrl, first_name: 'Kai', last_name: 'Lin' },
      recent_messages: [
        { message: text ?? 'Hi Kai, glad to connect.', is_reply: false, creation_time: at },
      ],
      ...rest,
    };
  },
};
