// Customer API tokens (issue 34, item 5) against the real app: made with a session, shown once and
// kept only as a hash, then sent by a script as `Authorization: Bearer osat_…` with no cookie and
// no CSRF token. A token acts as its user on the routes a session reaches, a read-only one only
// reads, and no token manages tokens. The whole route table is covered by the authorization
// matrix (authorization-matrix.test.ts); this file pins the behaviour around it.
import { createHash } from 'node:crypto';
import type { MeResponse } from '@outsync/contracts';
import type { ApiToken, ApiTokenWithSecret, PartnerWithKey } from '@outsync/contracts/accounts';
import type { AuditLogPage } from '@outsync/contracts/history';
import type { WebhooksResponse } from '@outsync/contracts/webhooks';
import { Types } from 'mongoose';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { buildProfile } from '../../testing/profile-factories';
import { startTestApp, type TestApp } from '../../testing/test-app';
import type { TestClient } from '../../testing/test-client';
import { buildWebhook } from '../../testing/webhook-factories';
import type { ProfileDoc } from '../profiles';
import { webhookEventModel } from '../webhook-events';
import type { WebhookDoc } from '../webhooks';
import { apiTokenModel } from './api-tokens.service';

guardOutboundCalls();

const TOKENS = '/api/admin/api-tokens';
const WEBHOOKS = '/api/admin/webhooks';
const LOGS = '/api/admin/webhook-logs';
const DAY_MS = 86_400_000;
const CHALLENGE = 'Bearer error="invalid_token"';

type Answer<T> = { status: number; body: T; headers: Headers };
type ErrorBody = { code: string; message: string };
type Owner = { client: TestClient; id: string; profile: ProfileDoc; webhook: WebhookDoc };

/** The app's clock: tests move it to expire tokens. */
let clock = new Date('2031-05-01T09:00:00.000Z');
let app: TestApp;
let ada: Owner;
let bob: Owner;

async function owner(email: string): Promise<Owner> {
  const client = await app.signIn({ email, isPaidTier: true });
  const id = (await client.get<MeResponse>('/api/admin/me')).body.id;
  const profile = await buildProfile(app.db, {
    ownerId: id,
    // Two portals: neither customer sees the other's webhooks in "All webhooks".
    organizationId: email.startsWith('ada') ? '7100001' : '7100002',
    secrets: app.secrets,
    connection: { accessToken: `${email}-access`, refreshToken: `${email}-refresh` },
  });
  return { client, id, profile, webhook: await buildWebhook(app.db, { profile }) };
}

/** A token made on the screen, as its user's session makes it. */
async function tokenOf(
  who: { client: TestClient },
  scope: 'read-only' | 'read-write',
  name = `${scope} script`,
  expiresInDays: 30 | 90 | 365 = 30,
): Promise<ApiTokenWithSecret> {
  const made = await who.client.post<ApiTokenWithSecret>(TOKENS, { name, scope, expiresInDays });
  expect(made.status).toBe(201);
  return made.body;
}

/** A request as a script sends it: the bearer token, no cookie, no CSRF token. */
async function withToken<T = ErrorBody>(
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer<T>> {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text === '' ? undefined : JSON.parse(text)) as T,
    headers: response.headers,
  };
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

const tokensCollection = () => apiTokenModel(app.db.connection).collection;

/** A failed event of `who`'s webhook, as the pipeline stores one. */
async function failedLogOf(who: Owner): Promise<string> {
  const id = new Types.ObjectId();
  await webhookEventModel(app.db.connection).collection.insertOne({
    _id: id,
    webhookId: who.webhook._id,
    userId: new Types.ObjectId(who.id),
    userProfileId: who.profile._id,
    userEmail: 'owner@example.test',
    crm: 'HUBSPOT',
    hubId: who.profile.organizationId,
    webhookUrl: 'https://hooks.outsync.test/webhooks/code',
    test: false,
    path: '/webhooks/code',
    payloadJson: JSON.stringify({ event_type: 'EMAIL_SENT', to_email: 'lead@prospect.test' }),
    platform: 'smartlead',
    rawEventType: 'EMAIL_SENT',
    eventType: 'EMAIL_SENT',
    summary: { to_email: 'lead@prospect.test', event_type: 'EMAIL_SENT' },
    leadKey: 'lead@prospect.test',
    leadEmail: 'lead@prospect.test',
    campaignId: '77',
    platformLeadId: '991',
    event: null,
    status: 'failed',
    reason: null,
    errors: [],
    steps: {},
    attempts: [],
    attemptCount: 1,
    nextAttemptAt: null,
    lease: null,
    receivedAt: new Date(clock.getTime() - 60_000),
    syncedAt: null,
    updatedAt: clock,
    expiresAt: new Date(clock.getTime() + 30 * DAY_MS),
  });
  return id.toString();
}

beforeAll(async () => {
  app = await startTestApp({ now: () => clock });
  ada = await owner('ada@tokens-a.test');
  bob = await owner('bob@tokens-b.test');
});

afterAll(async () => {
  await app.stop();
});

describe('making a token', () => {
  it('answers the token once, and stores only its SHA-256', async () => {
    const made = await ada.client.post<ApiTokenWithSecret>(TOKENS, {
      name: ' Nightly export ',
      scope: 'read-only',
      expiresInDays: 90,
    });

    expect(made.status).toBe(201);
    expect(made.headers.get('cache-control')).toBe('no-store');
    const { token } = made.body;
    expect(made.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Nightly export',
      scope: 'read-only',
      prefix: token.slice(0, 12),
      createdAt: clock.toISOString(),
      expiresAt: new Date(clock.getTime() + 90 * DAY_MS).toISOString(),
      lastUsedAt: null,
      token: expect.stringMatching(/^osat_[A-Za-z0-9_-]{43}$/),
    });

    const stored = await tokensCollection().findOne({ _id: new Types.ObjectId(made.body.id) });
    expect(stored?.tokenHash).toBe(sha256Hex(token));
    expect(String(stored?.userId)).toBe(ada.id);
    // Nothing stored holds the token's secret part.
    expect(JSON.stringify(stored)).not.toContain(token.slice(12));
  });

  it('lists name, scope, dates and prefix, never the token, and only the caller’s own', async () => {
    const adaToken = await tokenOf(ada, 'read-write', 'CRM backup');
    const bobToken = await tokenOf(bob, 'read-only', 'Bob’s report');

    const list = await ada.client.get<ApiToken[]>(TOKENS);
    expect(list.status).toBe(200);
    const { token, ...listed } = adaToken;
    expect(list.body).toContainEqual(listed);
    const text = JSON.stringify(list.body);
    expect(text).not.toContain(token.slice(12));
    expect(text).not.toContain('token"');
    expect(text).not.toContain(bobToken.id);
    expect(text).not.toContain('Bob’s report');
  });

  it('lets a token live 30, 90 or 365 days, and no other length', async () => {
    for (const days of [30, 90, 365] as const) {
      const made = await tokenOf(ada, 'read-only', `Lives ${days} days`, days);
      expect(made.expiresAt).toBe(new Date(clock.getTime() + days * DAY_MS).toISOString());
    }
    for (const expiresInDays of [0, 7, 3650, null, 'forever']) {
      const refused = await ada.client.post<ErrorBody>(TOKENS, {
        name: 'Never expires',
        scope: 'read-only',
        expiresInDays,
      });
      expect([refused.status, refused.body.code, refused.body.message]).toEqual([
        400,
        'validation_error',
        'Choose 30, 90 or 365 days.',
      ]);
    }
  });

  it('needs a name and a known scope', async () => {
    const unnamed = await ada.client.post<ErrorBody>(TOKENS, {
      name: '   ',
      scope: 'read-only',
      expiresInDays: 30,
    });
    expect([unnamed.status, unnamed.body.message]).toEqual([400, 'Enter a name for the token.']);
    const scoped = await ada.client.post<ErrorBody>(TOKENS, {
      name: 'Admin',
      scope: 'admin',
      expiresInDays: 30,
    });
    expect([scoped.status, scoped.body.code]).toEqual([400, 'validation_error']);
  });

  it('keeps a user to 20 live tokens', async () => {
    const carol = await app.signIn({ email: 'carol@tokens-c.test' });
    for (let index = 0; index < 20; index++) await tokenOf({ client: carol }, 'read-only');
    const refused = await carol.post<ErrorBody>(TOKENS, {
      name: 'One too many',
      scope: 'read-only',
      expiresInDays: 30,
    });
    expect([refused.status, refused.body]).toEqual([
      409,
      {
        code: 'api_token_limit',
        message: 'You already have 20 active API tokens. Revoke one to create another.',
      },
    ]);
    const [first] = (await carol.get<ApiToken[]>(TOKENS)).body;
    expect((await carol.delete(`${TOKENS}/${first?.id}`)).status).toBe(200);
    expect((await tokenOf({ client: carol }, 'read-only')).scope).toBe('read-only');
  });
});

describe('what a token may read', () => {
  it('reads the webhooks and history exactly as its user’s session does', async () => {
    const { token } = await tokenOf(ada, 'read-only');
    const logId = await failedLogOf(ada);
    for (const path of [WEBHOOKS, LOGS, `${LOGS}/count`, `${LOGS}/${logId}`, '/api/admin/me']) {
      const bySession = await ada.client.get(path);
      const byToken = await withToken<unknown>(token, 'GET', path);
      expect([path, byToken.status, byToken.body]).toEqual([path, 200, bySession.body]);
      expect(byToken.headers.get('cache-control')).toBe('no-store');
    }
    const webhooks = (await withToken<WebhooksResponse>(token, 'GET', WEBHOOKS)).body;
    expect(webhooks.webhooks.map((webhook) => webhook.id)).toEqual([ada.webhook._id.toString()]);
  });

  it('answers a HEAD as the GET it stands for, read-only or not', async () => {
    const { token } = await tokenOf(ada, 'read-only');
    const head = await fetch(`${app.url}${WEBHOOKS}`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(head.status).toBe(200);
  });

  it('sees nothing of another user’s: their webhooks, logs and log are not there', async () => {
    const { token } = await tokenOf(ada, 'read-write');
    const bobsLog = await failedLogOf(bob);
    const seen = JSON.stringify([
      (await withToken<unknown>(token, 'GET', WEBHOOKS)).body,
      (await withToken<unknown>(token, 'GET', LOGS)).body,
    ]);
    expect(seen).not.toContain(bob.webhook._id.toString());
    expect(seen).not.toContain(bobsLog);
    const log = await withToken(token, 'GET', `${LOGS}/${bobsLog}`);
    expect([log.status, log.body.code]).toEqual([404, 'not_found']);
    const change = await withToken(token, 'PUT', `${WEBHOOKS}/${bob.webhook._id.toString()}`, {
      emailService: 'smartlead',
      objectLookupMethod: 'default',
    });
    expect([change.status, change.body.code]).toEqual([404, 'not_found']);
  });

  it('carries its user’s role: a customer’s token is refused the staff screens', async () => {
    const { token } = await tokenOf(ada, 'read-write');
    const users = await withToken(token, 'GET', '/api/admin/dashboard/users');
    expect([users.status, users.body.code]).toEqual([403, 'forbidden']);

    const admin = await app.signIn({ email: 'admin@tokens.test', role: 'ADMIN' });
    const adminToken = await tokenOf({ client: admin }, 'read-only');
    expect((await withToken(adminToken.token, 'GET', '/api/admin/dashboard/users')).status).toBe(
      200,
    );
    // A role taken away is taken from the user's tokens too.
    await app.models.users.updateOne({ email: 'admin@tokens.test' }, { $set: { role: null } });
    const after = await withToken(adminToken.token, 'GET', '/api/admin/dashboard/users');
    expect([after.status, after.body.code]).toEqual([403, 'forbidden']);
  });

  it('notes when it was last used, to the minute', async () => {
    const made = await tokenOf(ada, 'read-only', 'Usage probe');
    const lastUsed = async () =>
      (await ada.client.get<ApiToken[]>(TOKENS)).body.find((item) => item.id === made.id)
        ?.lastUsedAt;
    expect(await lastUsed()).toBeNull();

    const first = clock;
    await withToken(made.token, 'GET', WEBHOOKS);
    expect(await lastUsed()).toBe(first.toISOString());
    clock = new Date(first.getTime() + 30_000);
    await withToken(made.token, 'GET', WEBHOOKS);
    expect(await lastUsed()).toBe(first.toISOString());
    clock = new Date(first.getTime() + 61_000);
    await withToken(made.token, 'GET', WEBHOOKS);
    expect(await lastUsed()).toBe(clock.toISOString());
  });
});

describe('what a token may change', () => {
  it('read-only: every POST, PUT and DELETE is refused with 403, and nothing changes', async () => {
    const { token } = await tokenOf(ada, 'read-only');
    const logId = await failedLogOf(ada);
    const webhook = `${WEBHOOKS}/${ada.webhook._id.toString()}`;
    const attempts = [
      await withToken(token, 'POST', `${LOGS}/${logId}/retry`),
      await withToken(token, 'PUT', webhook, {
        emailService: 'smartlead',
        objectLookupMethod: 'default',
      }),
      await withToken(token, 'DELETE', webhook),
    ];
    for (const answer of attempts) {
      expect([answer.status, answer.body]).toEqual([
        403,
        {
          code: 'api_token_read_only',
          message: 'This API token is read-only: it cannot change anything.',
        },
      ]);
    }
    const log = await webhookEventModel(app.db.connection).findById(logId).lean();
    expect(log?.status).toBe('failed');
    const webhooks = (await ada.client.get<WebhooksResponse>(WEBHOOKS)).body.webhooks;
    expect(webhooks.map((item) => item.id)).toContain(ada.webhook._id.toString());
  });

  it('read-write: retries a failed event and changes a webhook, with no CSRF token, audited as its user', async () => {
    const { token } = await tokenOf(ada, 'read-write', 'Nightly retries');
    const logId = await failedLogOf(ada);

    const retried = await withToken<{ id: string; status: string }>(
      token,
      'POST',
      `${LOGS}/${logId}/retry`,
    );
    expect([retried.status, retried.body]).toEqual([200, { id: logId, status: 'received' }]);

    const updated = await withToken<{ id: string; emailService: string }>(
      token,
      'PUT',
      `${WEBHOOKS}/${ada.webhook._id.toString()}`,
      { emailService: 'instantly', objectLookupMethod: 'default' },
    );
    expect([updated.status, updated.body.emailService]).toEqual([200, 'instantly']);

    const audit = (await ada.client.get<AuditLogPage>('/api/admin/audit-log')).body.data;
    // Said to be the token's, by the name it has now (kept if it is revoked or renamed).
    expect(audit.slice(0, 2).map((entry) => [entry.action, entry.actor])).toEqual([
      [
        'updateWebhook',
        {
          email: 'ada@tokens-a.test',
          role: null,
          via: 'api-token',
          partnerName: null,
          apiTokenName: 'Nightly retries',
        },
      ],
      [
        'retryWebhookLog',
        {
          email: 'ada@tokens-a.test',
          role: null,
          via: 'api-token',
          partnerName: null,
          apiTokenName: 'Nightly retries',
        },
      ],
    ]);
  });
});

describe('a token refused', () => {
  const refusal = (status: number, code: string, message: string) => ({ status, code, message });
  const seen = (answer: Answer<ErrorBody>) => ({
    status: answer.status,
    code: answer.body.code,
    message: answer.body.message,
  });

  it('unknown or malformed: 401 api_token_invalid with the RFC 6750 challenge', async () => {
    for (const token of [`osat_${'A'.repeat(43)}`, 'osat_short', `osat_${'A'.repeat(43)}x`]) {
      const answer = await withToken(token, 'GET', WEBHOOKS);
      expect(seen(answer)).toEqual(
        refusal(401, 'api_token_invalid', 'The API token is not valid.'),
      );
      expect(answer.headers.get('www-authenticate')).toBe(CHALLENGE);
    }
  });

  it('revoked: 401 api_token_revoked from the next request on', async () => {
    const made = await tokenOf(ada, 'read-write', 'Leaked');
    expect((await withToken(made.token, 'GET', WEBHOOKS)).status).toBe(200);

    // Another user cannot revoke it; its own user can, once.
    const byBob = await bob.client.delete<ErrorBody>(`${TOKENS}/${made.id}`);
    expect([byBob.status, byBob.body]).toEqual([
      404,
      { code: 'not_found', message: 'No such API token.' },
    ]);
    const revoked = await ada.client.delete(`${TOKENS}/${made.id}`);
    expect([revoked.status, revoked.body]).toEqual([200, { id: made.id }]);
    expect((await ada.client.delete(`${TOKENS}/${made.id}`)).status).toBe(404);

    const answer = await withToken(made.token, 'GET', WEBHOOKS);
    expect(seen(answer)).toEqual(
      refusal(401, 'api_token_revoked', 'The API token has been revoked.'),
    );
    expect(answer.headers.get('www-authenticate')).toBe(CHALLENGE);
    const listed = (await ada.client.get<ApiToken[]>(TOKENS)).body.map((item) => item.id);
    expect(listed).not.toContain(made.id);
  });

  it('expired: 401 api_token_expired once its days are over', async () => {
    const made = await tokenOf(ada, 'read-only', 'Short-lived', 30);
    const started = clock;
    // The sessions expire meanwhile too: only the token is used until the clock is back.
    try {
      clock = new Date(started.getTime() + 30 * DAY_MS - 1);
      expect((await withToken(made.token, 'GET', WEBHOOKS)).status).toBe(200);
      clock = new Date(started.getTime() + 30 * DAY_MS);
      const answer = await withToken(made.token, 'GET', WEBHOOKS);
      expect(seen(answer)).toEqual(
        refusal(
          401,
          'api_token_expired',
          'The API token has expired. Create a new one on the API tokens screen.',
        ),
      );
      expect(answer.headers.get('www-authenticate')).toBe(CHALLENGE);
    } finally {
      clock = started;
    }
  });

  it('decides alone: a token with a session cookie is judged by the token', async () => {
    const answer = await ada.client.get<ErrorBody>(WEBHOOKS, {
      authorization: `Bearer osat_${'B'.repeat(43)}`,
    });
    expect([answer.status, answer.body.code]).toEqual([401, 'api_token_invalid']);
  });
});

describe('what no token may do', () => {
  const notAllowed = {
    code: 'api_token_route_not_allowed',
    message:
      'An API token cannot be used for this call. Sign in to the dashboard to manage API tokens.',
  };

  it('list, make or revoke tokens, even read-write and alongside a session', async () => {
    const made = await tokenOf(ada, 'read-write', 'Cannot manage');
    const attempts = [
      await withToken(made.token, 'GET', TOKENS),
      await withToken(made.token, 'POST', TOKENS, {
        name: 'Minted by a token',
        scope: 'read-write',
        expiresInDays: 365,
      }),
      await withToken(made.token, 'DELETE', `${TOKENS}/${made.id}`),
      // The session's cookie and CSRF token do not help: the bearer decides alone.
      await ada.client.post<ErrorBody>(
        TOKENS,
        { name: 'Minted by a token', scope: 'read-write', expiresInDays: 365 },
        { authorization: `Bearer ${made.token}` },
      ),
    ];
    for (const answer of attempts) expect([answer.status, answer.body]).toEqual([403, notAllowed]);
    const names = (await ada.client.get<ApiToken[]>(TOKENS)).body.map((item) => item.name);
    expect(names).toContain('Cannot manage');
    expect(names).not.toContain('Minted by a token');
  });

  it('sign out, sign in, or take the public routes', async () => {
    const { token } = await tokenOf(ada, 'read-write');
    for (const [method, path, body] of [
      ['DELETE', '/auth/logout', undefined],
      ['POST', '/auth/code', { email: 'ada@tokens-a.test' }],
      ['GET', '/auth/csrf-token', undefined],
      ['GET', '/api/openapi.json', undefined],
    ] as const) {
      const answer = await withToken(token, method, path, body);
      expect([path, answer.status, answer.body]).toEqual([path, 403, notAllowed]);
    }
    expect((await ada.client.get('/api/admin/me')).status).toBe(200);
  });

  it('pass for a partner key: the partner call answers partner_key_invalid', async () => {
    const { token } = await tokenOf(ada, 'read-write');
    const answer = await withToken(token, 'POST', '/api/partner/embed-tokens', {
      customerEmail: 'ada@tokens-a.test',
    });
    expect([answer.status, answer.body.code]).toEqual([401, 'partner_key_invalid']);
  });
});

describe('beside the embed tokens', () => {
  it('an embed token still opens the webhook module as before, and nothing more', async () => {
    const admin = await app.signIn({ email: 'partners@tokens.test', role: 'ADMIN' });
    const partner = await admin.post<PartnerWithKey>('/api/admin/partners', {
      name: 'Portal',
      allowedOrigins: ['https://portal.tokens.test'],
      customerEmails: ['ada@tokens-a.test'],
    });
    const issued = await withToken<{ token: string }>(
      partner.body.apiKey,
      'POST',
      '/api/partner/embed-tokens',
      { customerEmail: 'ada@tokens-a.test' },
    );
    expect(issued.status).toBe(201);
    const embedToken = issued.body.token;

    const webhooks = await withToken<WebhooksResponse>(embedToken, 'GET', WEBHOOKS);
    expect(webhooks.status).toBe(200);
    expect(webhooks.body.webhooks.map((webhook) => webhook.id)).toContain(
      ada.webhook._id.toString(),
    );
    const tokens = await withToken(embedToken, 'GET', TOKENS);
    expect([tokens.status, tokens.body.code]).toEqual([403, 'embed_route_not_allowed']);
    const unknown = await withToken(`oset_${'C'.repeat(43)}`, 'GET', WEBHOOKS);
    expect([unknown.status, unknown.body.code]).toEqual([401, 'embed_token_invalid']);
    expect(unknown.headers.get('www-authenticate')).toBe(CHALLENGE);
  });
});

describe('the audit log', () => {
  it('records making and revoking a token, named, as its user’s change', async () => {
    const made = await tokenOf(ada, 'read-only', 'Audited script');
    await ada.client.delete(`${TOKENS}/${made.id}`);
    const entries = (await ada.client.get<AuditLogPage>('/api/admin/audit-log')).body.data;
    expect(
      entries.slice(0, 2).map((entry) => [entry.action, entry.actor.email, entry.target]),
    ).toEqual([
      ['revokeApiToken', 'ada@tokens-a.test', 'API token Audited script'],
      ['createApiToken', 'ada@tokens-a.test', 'API token Audited script'],
    ]);
  });
});

describe('the OpenAPI document', () => {
  it('describes the bearer scheme, and lists it where a token is taken', async () => {
    const document = (
      await app.asAnonymous().get<{
        components: { securitySchemes: Record<string, unknown> };
        paths: Record<string, Record<string, { security?: unknown }>>;
      }>('/api/openapi.json')
    ).body;
    expect(document.components.securitySchemes).toEqual({
      session: { type: 'apiKey', in: 'cookie', name: 'outsync.sid' },
      apiToken: {
        type: 'http',
        scheme: 'bearer',
        description: expect.stringContaining('Authorization: Bearer <token>'),
      },
    });
    const both = [{ session: [] }, { apiToken: [] }];
    expect(document.paths[WEBHOOKS]?.get?.security).toEqual(both);
    expect(document.paths['/api/admin/webhook-logs/{id}/retry']?.post?.security).toEqual(both);
    expect(document.paths[TOKENS]?.get?.security).toEqual([{ session: [] }]);
    expect(document.paths[TOKENS]?.post?.security).toEqual([{ session: [] }]);
    expect(document.paths['/auth/logout']?.delete?.security).toBeUndefined();
  });
});
