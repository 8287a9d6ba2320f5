import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CanonicalEvent } from '@outsync/contracts/sync';
import nock from 'nock';
import { createSafeFetch } from '../platform/safe-fetch';
import { guardOutboundCalls } from '../testing/nock-guard';
import {
  FORWARD_MAX_ATTEMPTS,
  forwardBackoffMs,
  forwardBody,
  forwardDeliveryId,
  forwardEvent,
  type ForwardOutcome,
} from './forward';

guardOutboundCalls();

const ORIGIN = 'https://hooks.customer.test';
const URL_ = `${ORIGIN}/outsync/events?team=7`;
const SECRET = 'whsec_3f9a1c0e5b7d4e2a8c6b0f1d3e5a7c9b';
const DELIVERY = '665f1c2ab0c4e2a1d3f4a5b6-665f1c2ab0c4e2a1d3f4a5c0';
const SENT_AT = new Date('2026-11-23T18:30:05.250Z');

const EVENT: CanonicalEvent = {
  platform: 'smartlead',
  type: 'EMAIL_REPLY',
  rawEventType: 'EMAIL_REPLY',
  occurredAt: '2026-11-23T18:29:58.000Z',
  platformEventId: 'EMAIL_REPLY:8812:<reply-1@northwind.test>',
  lead: {
    email: 'dana.reyes@northwind.test',
    firstName: 'Dana',
    lastName: 'Reyes',
    profileUrl: null,
    company: 'Northwind',
    domain: 'northwind.test',
    title: null,
    phone: null,
    platformLeadId: '2995276770',
  },
  sender: { email: 'sam@outbound.test', name: 'Sam', profileUrl: null },
  campaign: { id: '123', name: 'Q4 Outreach' },
  subject: 'Re: Quick question',
  bodyText: 'Sounds good, call me Tuesday.',
  bodyHtml: null,
  sequenceStep: 2,
  category: { id: '1', name: 'Interested' },
  link: null,
  objectLookupId: null,
  tags: ['q4'],
  platformUrl: null,
  isInmail: false,
  isAutomatedReply: false,
};

const RAW = {
  event_type: 'EMAIL_REPLY',
  sl_lead_email: 'dana.reyes@northwind.test',
  reply_message: { text: 'Sounds good, call me Tuesday.' },
  secret_key: 'abc',
};

const BODY = forwardBody({
  event: EVENT,
  raw: RAW,
  eventId: '665f1c2ab0c4e2a1d3f4a5b6',
  webhookId: '665f1c2ab0c4e2a1d3f4a000',
  receivedAt: new Date('2026-11-23T18:30:00.125Z'),
  sentAt: SENT_AT,
  attempt: 2,
});

/** The global fetch, which nock intercepts. */
const plainFetch = (input: string | URL, init?: RequestInit) => globalThis.fetch(input, init);

function forward(overrides: Partial<Parameters<typeof forwardEvent>[0]> = {}) {
  return forwardEvent({
    url: URL_,
    secret: SECRET,
    body: BODY,
    fetch: plainFetch,
    deliveryId: DELIVERY,
    sentAt: SENT_AT,
    ...overrides,
  });
}

/** What a receiver would do, written from the documentation rather than with signBody. */
function verifies(secret: string, rawBody: string, header: string | undefined): boolean {
  const expected = `sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`;
  return (
    header !== undefined &&
    header.length === expected.length &&
    timingSafeEqual(Buffer.from(header), Buffer.from(expected))
  );
}

function failure(outcome: ForwardOutcome) {
  if (outcome.ok) throw new Error('expected the forward to fail');
  return outcome;
}

describe('forwardBody', () => {
  it('is the documented, versioned envelope: ids, times, the canonical event and the raw payload', () => {
    expect(JSON.parse(BODY)).toEqual({
      version: 1,
      type: 'outsync.event',
      id: '665f1c2ab0c4e2a1d3f4a5b6',
      webhookId: '665f1c2ab0c4e2a1d3f4a000',
      platform: 'smartlead',
      eventType: 'EMAIL_REPLY',
      occurredAt: '2026-11-23T18:29:58.000Z',
      receivedAt: '2026-11-23T18:30:00.125Z',
      sentAt: '2026-11-23T18:30:05.250Z',
      attempt: 2,
      event: EVENT,
      payload: RAW,
    });
    // The envelope's keys come first, in the documented order.
    expect(Object.keys(JSON.parse(BODY) as object).slice(0, 4)).toEqual([
      'version',
      'type',
      'id',
      'webhookId',
    ]);
  });

  it('sends null for a missing payload, and now as sentAt when none is given', () => {
    const before = Date.now();
    const body = JSON.parse(
      forwardBody({
        event: EVENT,
        raw: undefined,
        eventId: 'e',
        webhookId: 'w',
        receivedAt: SENT_AT,
        attempt: 1,
      }),
    ) as { payload: unknown; attempt: number; sentAt: string };

    expect(body).toMatchObject({ payload: null, attempt: 1 });
    expect(Date.parse(body.sentAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(body.sentAt)).toBeLessThanOrEqual(Date.now());
  });
});

describe('forwardDeliveryId', () => {
  it('is one id per event and endpoint', () => {
    expect(forwardDeliveryId('e1', 'a1')).toBe('e1-a1');
    expect(forwardDeliveryId('e1', 'a1')).toBe(forwardDeliveryId('e1', 'a1'));
    expect(forwardDeliveryId('e1', 'a2')).not.toBe(forwardDeliveryId('e1', 'a1'));
  });
});

describe('forwardEvent', () => {
  it('POSTs the exact body with the signature, delivery id, timestamp and user agent', async () => {
    let signature: string | undefined;
    nock(ORIGIN)
      .post('/outsync/events', (body: unknown) => JSON.stringify(body) === BODY)
      .query({ team: '7' })
      .matchHeader('content-type', 'application/json')
      .matchHeader('user-agent', 'OutSync-Webhooks/1.0')
      .matchHeader('x-outsync-delivery', DELIVERY)
      .matchHeader('x-outsync-timestamp', '1795458605')
      .matchHeader('x-outsync-signature', (value: string | null) => {
        signature = value ?? undefined;
        return true;
      })
      .reply(202, '');

    const outcome = await forward();

    expect(outcome).toEqual({ ok: true, status: 202, durationMs: expect.any(Number) });
    expect(signature).toBe(`sha256=${createHmac('sha256', SECRET).update(BODY).digest('hex')}`);
    expect(verifies(SECRET, BODY, signature)).toBe(true);
    expect(verifies('another secret', BODY, signature)).toBe(false);
  });

  it('signs each attempt’s own body and keeps the delivery id', async () => {
    const signatures: string[] = [];
    const second = BODY.replace('"attempt":2', '"attempt":3');
    for (const body of [BODY, second]) {
      nock(ORIGIN)
        .post('/outsync/events', (sent: unknown) => JSON.stringify(sent) === body)
        .query(true)
        .matchHeader('x-outsync-delivery', DELIVERY)
        .matchHeader('x-outsync-signature', (value: string | null) => {
          signatures.push(value ?? '');
          return true;
        })
        .reply(200, 'ok');
    }

    await expect(forward()).resolves.toMatchObject({ ok: true });
    await expect(forward({ body: second })).resolves.toMatchObject({ ok: true });

    expect(signatures).toHaveLength(2);
    expect(verifies(SECRET, BODY, signatures[0])).toBe(true);
    expect(verifies(SECRET, second, signatures[1])).toBe(true);
  });

  it.each([200, 201, 204, 299])('accepts %i', async (status) => {
    nock(ORIGIN).post('/outsync/events').query(true).reply(status);
    await expect(forward()).resolves.toMatchObject({ ok: true, status });
  });

  it.each([
    [500, 'The endpoint answered 500 Internal Server Error.'],
    [502, 'The endpoint answered 502 Bad Gateway.'],
    [503, 'The endpoint answered 503 Service Unavailable.'],
    [408, 'The endpoint answered 408 Request Timeout.'],
    [425, 'The endpoint answered 425 Too Early.'],
    [429, 'The endpoint answered 429 Too Many Requests.'],
  ])('retries after %i', async (status, reason) => {
    nock(ORIGIN).post('/outsync/events').query(true).reply(status, 'try later');

    expect(await forward()).toEqual({
      ok: false,
      retryable: true,
      status,
      reason,
      durationMs: expect.any(Number),
    });
  });

  it.each([
    [400, 'The endpoint answered 400 Bad Request.'],
    [401, 'The endpoint answered 401 Unauthorized.'],
    [404, 'The endpoint answered 404 Not Found.'],
    [410, 'The endpoint answered 410 Gone.'],
    [422, 'The endpoint answered 422 Unprocessable Entity.'],
  ])('gives up on %i', async (status, reason) => {
    nock(ORIGIN).post('/outsync/events').query(true).reply(status, { error: 'no' });

    expect(await forward()).toEqual({
      ok: false,
      retryable: false,
      status,
      reason,
      durationMs: expect.any(Number),
    });
  });

  it('honours Retry-After in seconds and as a date, on retryable answers only', async () => {
    const inTwoMinutes = new Date(Date.now() + 120_000).toUTCString();
    nock(ORIGIN)
      .post('/outsync/events')
      .query(true)
      .reply(429, '', { 'Retry-After': '30' })
      .post('/outsync/events')
      .query(true)
      .reply(503, '', { 'Retry-After': inTwoMinutes })
      .post('/outsync/events')
      .query(true)
      .reply(400, '', { 'Retry-After': '30' });

    expect(failure(await forward()).retryAfterSeconds).toBe(30);
    const dated = failure(await forward()).retryAfterSeconds ?? 0;
    expect(dated).toBeGreaterThanOrEqual(118);
    expect(dated).toBeLessThanOrEqual(120);
    expect(failure(await forward())).not.toHaveProperty('retryAfterSeconds');
  });

  it('does not follow a redirect, and says which address to save', async () => {
    // A followed redirect would reach this origin, which has no interceptor: the guard fails the test.
    nock(ORIGIN)
      .post('/outsync/events')
      .query(true)
      .reply(301, '', { Location: 'https://elsewhere.customer.test/events' });

    expect(failure(await forward())).toEqual({
      ok: false,
      retryable: false,
      status: 301,
      reason:
        'The endpoint answered with a redirect (301); OutSync does not follow redirects, so save the address it redirects to.',
      durationMs: expect.any(Number),
    });
  });

  it('gives up waiting after the timeout, as a retryable failure', async () => {
    nock(ORIGIN).post('/outsync/events').query(true).delay(1_500).reply(200);

    const outcome = failure(await forward({ timeoutMs: 1_000 }));

    expect(outcome).toEqual({
      ok: false,
      retryable: true,
      reason: 'The endpoint did not answer within 1 s.',
      durationMs: expect.any(Number),
    });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(900);
    expect(outcome.durationMs).toBeLessThan(1_500);
  });

  it('names a sub-second timeout in milliseconds', async () => {
    nock(ORIGIN).post('/outsync/events').query(true).delay(500).reply(200);
    expect(failure(await forward({ timeoutMs: 50 })).reason).toBe(
      'The endpoint did not answer within 50 ms.',
    );
  });

  it('retries a network failure, naming the error code', async () => {
    nock(ORIGIN)
      .post('/outsync/events')
      .query(true)
      .replyWithError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));

    expect(failure(await forward())).toEqual({
      ok: false,
      retryable: true,
      reason: 'The endpoint could not be reached (ECONNREFUSED).',
      durationMs: expect.any(Number),
    });
  });

  it('gives up, with the guard’s reason, on an address the SSRF guard refuses', async () => {
    // The service's real safe fetch; had it connected, 127.0.0.1:4999 would refuse the
    // connection and the outcome would be a retryable network failure instead.
    const outcome = await forward({
      url: 'http://127.0.0.1:4999/outsync/events',
      fetch: createSafeFetch(),
    });

    expect(outcome).toEqual({
      ok: false,
      retryable: false,
      reason:
        'The endpoint was not called: The address 127.0.0.1 is private; OutSync does not call private addresses.',
      durationMs: expect.any(Number),
    });
  });
});

describe('forwardBackoffMs', () => {
  const middle = () => 0.5;

  it('grows 1 s, 4 s, 16 s, 1 min, 5 min, 15 min, then stays at 1 h', () => {
    expect(
      [1, 2, 3, 4, 5, 6, 7, 8, 20].map((attempt) => forwardBackoffMs(attempt, undefined, middle)),
    ).toEqual([1_000, 4_000, 16_000, 60_000, 300_000, 900_000, 3_600_000, 3_600_000, 3_600_000]);
  });

  it('spreads each wait over [0.8, 1.2) of it, and never past 1 h', () => {
    expect(forwardBackoffMs(2, undefined, () => 0)).toBe(3_200);
    expect(forwardBackoffMs(2, undefined, () => 0.999_999)).toBe(4_800);
    expect(forwardBackoffMs(7, undefined, () => 0.999_999)).toBe(3_600_000);
    expect(forwardBackoffMs(6, undefined, () => 0)).toBe(720_000);
  });

  it('honours a longer Retry-After, up to 1 h, and ignores a shorter one', () => {
    expect(forwardBackoffMs(1, 30, middle)).toBe(30_000);
    expect(forwardBackoffMs(4, 30, middle)).toBe(60_000);
    expect(forwardBackoffMs(1, 86_400, middle)).toBe(3_600_000);
    expect(forwardBackoffMs(1, 0, middle)).toBe(1_000);
  });

  it('treats a nonsense attempt number as the first', () => {
    expect(forwardBackoffMs(0, undefined, middle)).toBe(1_000);
    expect(forwardBackoffMs(-3, undefined, middle)).toBe(1_000);
  });

  it('allows eight attempts, the last about 1 h 21 min after the first', () => {
    expect(FORWARD_MAX_ATTEMPTS).toBe(8);
    let total = 0;
    for (let attempt = 1; attempt < FORWARD_MAX_ATTEMPTS; attempt += 1) {
      total += forwardBackoffMs(attempt, undefined, middle);
    }
    expect(total).toBe(4_881_000);
  });
});
