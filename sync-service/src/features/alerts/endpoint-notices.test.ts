// The sync alerts an endpoint asks for (issue 29 "Alerts"): `sync.failed` / `sync.recovered`
// POSTed signed to the endpoint, retried on the forwarding schedule, each attempt sent once
// however many workers deliver, and not sent where the endpoint may no longer get them.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '../../platform/logger';
import { createMemoryMailer } from '../../testing/memory-mailer';
import { useAlertsDatabase } from './alerts.test-support';
import { createCircuitAlerts } from './circuit-alerts';
import { crmAlertModel } from './crm-alert.model';
import { endpointNoticeModel } from './endpoint-notice.model';
import {
  createEndpointNotices,
  crmUnavailableDetails,
  recoveredDetails,
  type NoticeEndpoint,
} from './endpoint-notices';

const database = useAlertsDatabase();
const notices = () => endpointNoticeModel(database().connection);

const SECRET = 'endpoint-signing-secret';
const PROFILE = '6750a0000000000000000001';
const ENDPOINT_A = '6750a00000000000000000aa';
const ENDPOINT_B = '6750a00000000000000000bb';
const REASON = 'HubSpot (POST /crm/v3/objects/contacts/batch/upsert) failed: 503 unavailable';

type Received = { headers: IncomingHttpHeaders; raw: string };
let server: Server;
let url: string;
let received: Received[] = [];
/** What the endpoint answers next (the last one repeats). */
let answers: Array<{ status: number; headers?: Record<string, string> }> = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, raw });
      const answer = answers.length > 1 ? answers.shift() : answers[0];
      response.writeHead(answer?.status ?? 200, answer?.headers ?? {}).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/alerts`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(async () => {
  received = [];
  answers = [{ status: 204 }];
  await notices().deleteMany({});
});

function noticesAt(
  start: string,
  options: {
    subscribers?: string[];
    endpoint?: (id: string) => NoticeEndpoint | null;
  } = {},
) {
  let at = new Date(start).getTime();
  const service = createEndpointNotices({
    notices: notices(),
    subscribersOf: (profileId) =>
      Promise.resolve(profileId === PROFILE ? (options.subscribers ?? [ENDPOINT_A]) : []),
    endpoint: (id) =>
      Promise.resolve(options.endpoint ? options.endpoint(id) : { url, secret: SECRET }),
    fetch: (input, init) => fetch(input, init),
    now: () => new Date(at),
    logger: createLogger({ level: 'silent' }),
    random: () => 0.5,
  });
  return {
    service,
    at: (time: string) => {
      at = new Date(time).getTime();
    },
  };
}

const account = { profileId: PROFILE, crm: 'HUBSPOT' as const, organizationId: '24000001' };

it('POSTs sync.failed signed with the endpoint’s secret, with the account, the cause in the CRM’s words and the fix', async () => {
  const { service } = noticesAt('2026-11-29T14:05:00Z');
  const raised = await service.raise(
    'sync.failed',
    account,
    crmUnavailableDetails({
      account,
      since: new Date('2026-11-29T14:02:30Z'),
      reason: REASON,
      historyUrl: 'https://app.outsync.test/admin/dashboard/history/webhook-logs',
    }),
  );
  expect(raised).toBe(1);

  expect(await service.deliverDue()).toEqual({ delivered: 1, retrying: 0, given_up: 0 });
  expect(received).toHaveLength(1);
  const [request] = received;
  const body = JSON.parse(request?.raw ?? '{}') as { id: string };
  expect(body).toEqual({
    version: 1,
    type: 'sync.failed',
    id: expect.stringMatching(/^[0-9a-f]{24}$/) as string,
    sentAt: '2026-11-29T14:05:00.000Z',
    attempt: 1,
    account: { profileId: PROFILE, crm: 'HUBSPOT', organizationId: '24000001' },
    cause: 'crm_unavailable',
    since: '2026-11-29T14:02:30.000Z',
    message: REASON,
    summary:
      'HubSpot portal 24000001 has refused every write since 2026-11-29T14:02:30.000Z. OutSync holds its events and tries HubSpot every 30 seconds; nothing is lost, and no attempt is used up meanwhile.',
    fix: "If HubSpot's status page shows no outage, reconnect the HubSpot profile in OutSync (Accounts, CRM profiles).",
    historyUrl: 'https://app.outsync.test/admin/dashboard/history/webhook-logs',
  });
  expect(request?.headers['x-outsync-signature']).toBe(
    `sha256=${createHmac('sha256', SECRET)
      .update(request?.raw ?? '')
      .digest('hex')}`,
  );
  expect(request?.headers['x-outsync-delivery']).toBe(`${body.id}-${ENDPOINT_A}`);
  expect(request?.headers['x-outsync-timestamp']).toBe(
    String(Date.parse('2026-11-29T14:05:00Z') / 1000),
  );
  expect(request?.headers['user-agent']).toBe('OutSync-Webhooks/1.0');
  expect(await notices().findOne().lean()).toMatchObject({
    state: 'delivered',
    attempts: 1,
    lastResult: 'The endpoint answered 204.',
  });

  // Delivered once: nothing is due any more.
  expect(await service.deliverDue()).toEqual({ delivered: 0, retrying: 0, given_up: 0 });
  expect(received).toHaveLength(1);
});

it('sends sync.recovered with the outage’s start, the recovery and the events resumed; one alert id for every endpoint', async () => {
  const { service } = noticesAt('2026-11-29T14:30:00Z', { subscribers: [ENDPOINT_A, ENDPOINT_B] });
  await service.raise(
    'sync.recovered',
    account,
    recoveredDetails({
      account,
      since: new Date('2026-11-29T14:02:30Z'),
      recoveredAt: new Date('2026-11-29T14:30:00Z'),
      resumedEvents: 42,
    }),
  );
  expect(await service.deliverDue()).toEqual({ delivered: 2, retrying: 0, given_up: 0 });
  const bodies = received.map((request) => JSON.parse(request.raw) as Record<string, unknown>);
  expect(bodies[0]).toEqual({
    version: 1,
    type: 'sync.recovered',
    id: bodies[1]?.id,
    sentAt: '2026-11-29T14:30:00.000Z',
    attempt: 1,
    account: { profileId: PROFILE, crm: 'HUBSPOT', organizationId: '24000001' },
    since: '2026-11-29T14:02:30.000Z',
    recoveredAt: '2026-11-29T14:30:00.000Z',
    resumedEvents: 42,
    summary:
      'HubSpot portal 24000001 answers again (it failed from 2026-11-29T14:02:30.000Z). OutSync is writing the 42 events that waited, in order.',
  });
  expect(received.map((request) => request.headers['x-outsync-delivery'])).toEqual([
    `${String(bodies[0]?.id)}-${ENDPOINT_A}`,
    `${String(bodies[0]?.id)}-${ENDPOINT_B}`,
  ]);
});

it('retries a 503 on the forwarding schedule, honouring Retry-After, with the same delivery id and the next attempt number', async () => {
  const { service, at } = noticesAt('2026-11-29T14:05:00Z');
  answers = [{ status: 503, headers: { 'Retry-After': '120' } }, { status: 200 }];
  await service.raise('sync.failed', account, { cause: 'crm_unavailable' });

  expect(await service.deliverDue()).toEqual({ delivered: 0, retrying: 1, given_up: 0 });
  expect(await notices().findOne().lean()).toMatchObject({
    state: 'pending',
    attempts: 1,
    nextAttemptAt: new Date('2026-11-29T14:07:00Z'),
    lastResult: 'The endpoint answered 503 Service Unavailable.',
  });

  // Not before its time (the schedule alone would have said 1 s).
  at('2026-11-29T14:06:59Z');
  expect(await service.deliverDue()).toEqual({ delivered: 0, retrying: 0, given_up: 0 });
  at('2026-11-29T14:07:00Z');
  expect(await service.deliverDue()).toEqual({ delivered: 1, retrying: 0, given_up: 0 });
  const [first, second] = received.map((request) => ({
    delivery: request.headers['x-outsync-delivery'],
    body: JSON.parse(request.raw) as { attempt: number; sentAt: string },
  }));
  expect(second?.delivery).toBe(first?.delivery);
  expect([first?.body.attempt, second?.body.attempt]).toEqual([1, 2]);
  expect(second?.body.sentAt).toBe('2026-11-29T14:07:00.000Z');
});

it('gives up at once on a 4xx, and after the eighth failed attempt on a 5xx', async () => {
  const { service, at } = noticesAt('2026-11-29T14:05:00Z');
  answers = [{ status: 410 }];
  await service.raise('sync.failed', account, { cause: 'crm_unavailable' });
  expect(await service.deliverDue()).toEqual({ delivered: 0, retrying: 0, given_up: 1 });
  expect(await notices().findOne().lean()).toMatchObject({
    state: 'given_up',
    lastResult: 'The endpoint answered 410 Gone.',
  });

  await notices().deleteMany({});
  received = [];
  answers = [{ status: 500 }];
  await service.raise('sync.failed', account, { cause: 'crm_unavailable' });
  // 1 s, 4 s, 16 s, 1 min, 5 min, 15 min, 1 h, 1 h (random factor 1): all due within 3 h.
  let minutes = 0;
  for (let round = 0; round < 40 && received.length < 8; round += 1) {
    await service.deliverDue();
    minutes += 5;
    at(new Date(Date.parse('2026-11-29T14:05:00Z') + minutes * 60_000).toISOString());
  }
  await service.deliverDue();
  expect(received).toHaveLength(8);
  expect(await notices().findOne().lean()).toMatchObject({
    state: 'given_up',
    attempts: 8,
    lastResult: 'The endpoint answered 500 Internal Server Error. Given up after 8 attempts.',
  });
});

it('does not call an endpoint that was deleted, stopped asking, or lost the Additional Webhooks permission; raises nothing without subscribers', async () => {
  const refusals: Record<string, NoticeEndpoint | null> = {
    [ENDPOINT_A]: null,
    [ENDPOINT_B]: { refused: 'Not sent: the endpoint no longer asks for sync alerts.' },
  };
  const { service } = noticesAt('2026-11-29T14:05:00Z', {
    subscribers: [ENDPOINT_A, ENDPOINT_B],
    endpoint: (id) => refusals[id] ?? null,
  });
  await service.raise('sync.failed', account, { cause: 'crm_unavailable' });
  expect(await service.deliverDue()).toEqual({ delivered: 0, retrying: 0, given_up: 2 });
  expect(received).toHaveLength(0);
  const results = await notices().find().sort({ endpointId: 1 }).lean();
  expect(results.map((doc) => doc.lastResult)).toEqual([
    'Not sent: the endpoint was deleted.',
    'Not sent: the endpoint no longer asks for sync alerts.',
  ]);

  expect(
    await service.raise('sync.failed', { ...account, profileId: '6750a0000000000000000002' }, {}),
  ).toBe(0);
});

it('sends each attempt once when two workers deliver at the same time', async () => {
  const { service } = noticesAt('2026-11-29T14:05:00Z');
  for (let alert = 0; alert < 10; alert += 1)
    await service.raise('sync.failed', account, { cause: 'crm_unavailable' });
  const other = noticesAt('2026-11-29T14:05:00Z').service;
  await Promise.all([service.deliverDue(), other.deliverDue()]);
  expect(received).toHaveLength(10);
  expect(new Set(received.map((request) => request.headers['x-outsync-delivery'])).size).toBe(10);
});

it('tells the endpoints of every opening and recovery, while the owner’s e-mail stays at one an hour', async () => {
  let at = new Date('2026-11-29T14:05:00Z').getTime();
  const mailbox = createMemoryMailer('OutSync <alerts@outsync.local>');
  const { service } = noticesAt('2026-11-29T14:05:00Z');
  const alerts = createCircuitAlerts({
    alerts: crmAlertModel(database().connection),
    accountOf: (key) =>
      Promise.resolve(
        key === PROFILE
          ? { ownerEmail: 'ada@customer.test', crm: 'HUBSPOT', organizationId: '24000001' }
          : null,
      ),
    mailer: mailbox,
    notices: service,
    publicUrl: 'https://app.outsync.test/',
    now: () => new Date(at),
    logger: createLogger({ level: 'silent' }),
  });

  await alerts.opened({ accountKey: PROFILE, since: new Date(at), reason: REASON });
  at += 10 * 60_000;
  await alerts.recovered({ accountKey: PROFILE, since: new Date(at - 600_000), resumed: 3 });
  at += 5 * 60_000;
  await alerts.opened({ accountKey: PROFILE, since: new Date(at), reason: REASON });

  expect(mailbox.sent).toHaveLength(1);
  const stored = await notices().find().sort({ createdAt: 1 }).lean();
  expect(stored.map((doc) => [doc.type, doc.details.cause ?? doc.details.resumedEvents])).toEqual([
    ['sync.failed', 'crm_unavailable'],
    ['sync.recovered', 3],
    ['sync.failed', 'crm_unavailable'],
  ]);
  expect(stored[0]?.details.historyUrl).toBe(
    'https://app.outsync.test/admin/dashboard/history/webhook-logs',
  );
});
