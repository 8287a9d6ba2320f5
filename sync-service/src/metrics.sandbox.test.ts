// GET /metrics on the real app (issue 33, item 3): the receiver, the Agenda worker, the
// pipeline, the connectors and the sandbox's HubSpot and Smartlead, then every named metric read
// back from the metrics port with its labels and counts.
import { HUBSPOT_DEMO_HUB_ID } from '@outsync/sandbox';
import type { Types } from 'mongoose';
import { webhookEventModel } from './features/webhook-events';
import type { WebhookEventDoc } from './pipeline';
import {
  demoPortalOwner,
  sandboxSmartleadKey,
  startSandboxTestApp,
  type SandboxTestApp,
} from './testing/sandbox-test-app';
import { buildWebhook } from './testing/webhook-factories';

/** A seeded owner of the sandbox's demo portal. */
const DEMO_OWNER_ID = '70000001';
const INTERESTED = { id: '1', name: 'Interested' };

let app: SandboxTestApp;
let ownerId: Types.ObjectId;
let profileId: Types.ObjectId;
let apiKeyId: string;

beforeAll(async () => {
  app = await startSandboxTestApp({
    sandboxHost: '127.0.0.1',
    worker: true,
    env: { SYNC_BATCH_WINDOW_MS: '20', METRICS_PORT: '0' },
  });
  ({ ownerId, profileId } = await demoPortalOwner(app, 'metrics-owner@example.com'));
  // The sandbox's Smartlead does not know the leads: a filtered webhook holds their events.
  apiKeyId = await sandboxSmartleadKey(app, profileId);
}, 60_000);

afterAll(async () => {
  await app?.stop();
});

function webhook(categories: Array<{ id: string; name: string }> | null) {
  return buildWebhook(app.db, {
    profile: {
      _id: profileId,
      ownerId,
      crm: 'HUBSPOT',
      organizationId: String(HUBSPOT_DEMO_HUB_ID),
    },
    owner: { id: DEMO_OWNER_ID },
    settings: {
      emailService: 'smartlead',
      ...(categories ? { smartleadBaseCategories: categories, apiKeyId } : {}),
    },
  });
}

function deliver(code: string, body: unknown) {
  return fetch(`${app.url}/webhooks/${code}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function reply(lead: string, statsId: string) {
  return {
    event_type: 'EMAIL_REPLY',
    event_timestamp: '2026-11-20T10:15:00.000Z',
    stats_id: statsId,
    sl_email_lead_id: 777,
    sl_lead_email: lead,
    to_email: 'sam.seller@outsync-demo.test',
    from_email: 'sam.seller@outsync-demo.test',
    subject: 'Re: Quick question',
    campaign_id: 1001,
    reply_message: {
      message_id: `<reply-${statsId}@mail>`,
      text: 'Call me.',
      html: '<p>Call me.</p>',
    },
  };
}

function sent(lead: string, statsId: string) {
  return {
    event_type: 'EMAIL_SENT',
    event_timestamp: '2026-11-20T10:00:00.000Z',
    stats_id: statsId,
    sl_lead_email: lead,
    to_email: lead,
    from_email: 'sam.seller@outsync-demo.test',
    subject: 'Quick question',
    campaign_id: 1001,
    sent_message: { text: 'Hi', html: '<p>Hi</p>' },
  };
}

function categoryChanged(lead: string, statsId: string) {
  return {
    event_type: 'LEAD_CATEGORY_UPDATED',
    event_timestamp: '2026-11-20T11:00:00.000Z',
    sl_lead_email: lead,
    stats_id: statsId,
    campaign_id: 1001,
    lead_category: { old_id: null, old_name: null, new_id: 1, new_name: INTERESTED.name },
  };
}

/** The webhook's events once `count` exist and all are settled (`held` counts when told). */
async function settled(
  webhookId: Types.ObjectId,
  count: number,
  done: (event: WebhookEventDoc) => boolean = (event) =>
    event.status !== 'received' && event.status !== 'held',
): Promise<WebhookEventDoc[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const events = await webhookEventModel(app.db.connection)
      .find({ webhookId })
      .lean<WebhookEventDoc[]>();
    if (events.length >= count && events.every(done)) return events;
    if (Date.now() > deadline)
      throw new Error(`not settled: ${JSON.stringify(events.map((event) => event.status))}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type Samples = {
  text: string;
  /** The sample's value; undefined when the series is absent. */
  value(name: string, labels?: Record<string, string>): number | undefined;
};

/** GET /metrics, parsed: `name{label="value",…} number` lines. */
async function scrape(): Promise<Samples> {
  if (!app.metricsUrl) throw new Error('no metrics server');
  const response = await fetch(`${app.metricsUrl}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  const text = await response.text();
  const series = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels = [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)]
      .map(([, name, value]) => `${name}=${value}`)
      .sort()
      .join(',');
    series.set(`${match[1]}{${labels}}`, Number(match[3]));
  }
  return {
    text,
    value(name, labels = {}) {
      const key = Object.entries({ role: 'all', ...labels })
        .map(([label, value]) => `${label}=${value}`)
        .sort()
        .join(',');
      return series.get(`${name}{${key}}`);
    },
  };
}

it('serves each named metric on its own port after synced, duplicate, refused, held and released events', async () => {
  // One event synced and its repeated delivery; an unknown webhook; a body that is not JSON.
  const plain = await webhook(null);
  expect((await deliver(plain.code, reply('grace@metrics.example', 'm-1'))).status).toBe(200);
  expect((await deliver(plain.code, reply('grace@metrics.example', 'm-1'))).status).toBe(200);
  expect((await deliver('no-such-code', reply('x@metrics.example', 'm-2'))).status).toBe(404);
  expect((await deliver(plain.code, '{not json')).status).toBe(400);
  const plainEvents = await settled(plain._id, 2);
  expect(plainEvents.map((event) => event.status).sort()).toEqual(['duplicate', 'synced']);

  // A lead of unknown category is held, then released when it reaches an approved one.
  const filtered = await webhook([INTERESTED]);
  await deliver(filtered.code, sent('ada@metrics.example', 'm-3'));
  await settled(filtered._id, 1, (event) => event.status === 'held');
  await deliver(filtered.code, categoryChanged('ada@metrics.example', 'm-4'));
  const filteredEvents = await settled(filtered._id, 2);

  // A block-list run of a sync that does not exist (a deleted one) is counted too.
  await app.composition.runBlockList('0123456789abcdef01234567');

  const synced = [...plainEvents, ...filteredEvents].filter((event) => event.status === 'synced');
  expect(synced.length).toBeGreaterThanOrEqual(2);
  const metrics = await scrape();
  const value = (name: string, labels?: Record<string, string>) => metrics.value(name, labels);

  expect(
    value('outsync_events_received_total', { platform: 'smartlead', result: 'accepted' }),
  ).toBe(4);
  expect(
    value('outsync_events_received_total', { platform: 'unknown', result: 'unknown_webhook' }),
  ).toBe(1);
  expect(
    value('outsync_events_received_total', { platform: 'unknown', result: 'invalid_body' }),
  ).toBe(1);

  expect(value('outsync_sync_attempts_total', { crm: 'hubspot', outcome: 'synced' })).toBe(
    synced.length,
  );
  expect(value('outsync_sync_attempts_total', { crm: 'hubspot', outcome: 'duplicate' })).toBe(1);
  expect(value('outsync_sync_attempts_total', { crm: 'hubspot', outcome: 'held' })).toBe(1);
  expect(value('outsync_sync_retries_total', { crm: 'hubspot' })).toBe(0);
  expect(value('outsync_sync_latency_seconds_count', { crm: 'hubspot' })).toBe(synced.length);
  expect(value('outsync_sync_latency_seconds_bucket', { crm: 'hubspot', le: '+Inf' })).toBe(
    synced.length,
  );
  const latencySum = value('outsync_sync_latency_seconds_sum', { crm: 'hubspot' }) ?? -1;
  expect(latencySum).toBeGreaterThan(0);
  expect(latencySum).toBeLessThan(60 * synced.length);

  expect(value('outsync_events_held_total', { crm: 'hubspot' })).toBe(1);
  expect(value('outsync_events_released_total', { crm: 'hubspot', trigger: 'category' })).toBe(1);

  // Every HubSpot call the writer made, each answered 2xx by the sandbox; the lead's category
  // asked of Smartlead before the hold (a 4xx: the sandbox's Smartlead does not know the lead).
  expect(
    value('outsync_outbound_requests_total', { system: 'hubspot', status: '2xx' }),
  ).toBeGreaterThan(0);
  expect(
    value('outsync_outbound_requests_total', { system: 'hubspot', status: '429' }),
  ).toBeUndefined();
  expect(
    value('outsync_outbound_requests_total', { system: 'hubspot', status: '5xx' }),
  ).toBeUndefined();
  expect(value('outsync_outbound_requests_total', { system: 'smartlead', status: '4xx' })).toBe(1);
  expect(value('outsync_outbound_request_duration_seconds_count', { system: 'hubspot' })).toBe(
    value('outsync_outbound_requests_total', { system: 'hubspot', status: '2xx' }),
  );

  // Nothing waits once everything settled.
  expect(value('outsync_queue_depth', { status: 'due' })).toBe(0);
  expect(value('outsync_queue_depth', { status: 'scheduled' })).toBe(0);
  expect(value('outsync_queue_depth', { status: 'held' })).toBe(0);

  expect(value('outsync_block_list_runs_total', { result: 'not_found' })).toBe(1);
  expect(value('outsync_block_list_values_written_total')).toBe(0);
  // No endpoint took part: the forwards and block-list durations are declared, without series.
  for (const name of ['outsync_forward_attempts_total', 'outsync_block_list_run_duration_seconds'])
    expect(metrics.text).toContain(`# TYPE ${name} `);

  // prom-client's default process and event-loop metrics.
  expect(value('process_cpu_user_seconds_total')).toBeGreaterThan(0);
  expect(value('process_resident_memory_bytes')).toBeGreaterThan(0);
  expect(value('nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  expect(value('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);

  // No id, e-mail or URL in any label.
  expect(metrics.text).not.toContain('@metrics.example');
  expect(metrics.text).not.toContain(plain.code);
  expect(metrics.text).not.toContain(profileId.toString());
  expect(metrics.text).not.toContain('127.0.0.1');
}, 60_000);

it('serves /healthz and /readyz beside /metrics, and nothing of the API', async () => {
  const get = (path: string) => fetch(`${app.metricsUrl ?? ''}${path}`);
  expect(await (await get('/healthz')).json()).toEqual({ status: 'ok' });
  expect(await (await get('/readyz')).json()).toEqual({
    status: 'ok',
    checks: [{ name: 'mongodb', ok: true }],
  });
  expect((await get('/api/auth/me')).status).toBe(404);
  expect((await get(`/webhooks/anything`)).status).toBe(404);
  // And the API does not serve /metrics.
  expect((await fetch(`${app.url}/metrics`)).status).not.toBe(200);
});
