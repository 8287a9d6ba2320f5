// Partners (issue 15): the admin's partner accounts, the partner's server trading its key for an
// embed token, and that token in the embedded module's browser: the webhook routes of one
// customer, from the partner's origins, never with cookies, never anywhere else.
import { createHash } from 'node:crypto';
import type { Partner, PartnerWithKey } from '@outsync/contracts/accounts';
import type { WebhooksResponse } from '@outsync/contracts/webhooks';
import { SESSION_COOKIE } from '../../platform/http/session';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { buildProfile } from '../../testing/profile-factories';
import { startTestApp, type TestApp } from '../../testing/test-app';
import type { TestClient } from '../../testing/test-client';
import { buildWebhook } from '../../testing/webhook-factories';
import type { ProfileDoc } from '../profiles';
import { embedTokenModel, partnerModel } from './partners.service';
import type { WebhookDoc } from '../webhooks';

guardOutboundCalls();

const PARTNERS = '/api/admin/partners';
const TOKENS = '/api/partner/embed-tokens';
const WEBHOOKS = '/api/admin/webhooks';
const PORTAL = 'https://portal.partner-one.test';
const LOCAL_PORTAL = 'http://localhost:4200';
const OTHER_PARTNERS_PORTAL = 'https://portal.partner-two.test';
const STRANGER = 'https://evil.example';

const CUSTOMER_A = 'customer-a@acme.test';
const CUSTOMER_B = 'customer-b@globex.test';
const STAFF = 'partners-admin@outsync.test';

type Error_ = { code: string; message: string };
type Token = { token: string; expiresAt: string; customerEmail: string };
type Answer<T> = { status: number; body: T; headers: Headers };

let app: TestApp;
let admin: TestClient;
let manager: TestClient;
let customer: TestClient;
let profileA: ProfileDoc;
let customerB: TestClient;
let webhookA: WebhookDoc;
let webhookB: WebhookDoc;
let adminsWebhook: WebhookDoc;

/** Partner one acts for customers A and B, from its portal and a local demo page. */
let partnerOne: PartnerWithKey;
/** Partner two lists another origin, and acts for A only. */
let partnerTwo: PartnerWithKey;

async function userIdOf(email: string): Promise<string> {
  const doc = await app.models.users.findOne({ email }).lean();
  if (!doc) throw new Error(`no user ${email}`);
  return doc._id.toString();
}

async function customerWithWebhook(
  email: string,
): Promise<{ client: TestClient; profile: ProfileDoc; webhook: WebhookDoc }> {
  const client = await app.signIn({ email });
  const profile = await buildProfile(app.db, {
    ownerId: await userIdOf(email),
    secrets: app.secrets,
    connection: { accessToken: `${email}-access`, refreshToken: `${email}-refresh` },
  });
  return { client, profile, webhook: await buildWebhook(app.db, { profile }) };
}

/**
 * A request as a partner's server or the embedded module sends it: no cookie, no CSRF token,
 * only what the test gives. No answer may ever let a cross-origin page send cookies.
 */
async function send<T = Error_>(
  method: string,
  path: string,
  options: {
    bearer?: string;
    origin?: string;
    body?: unknown;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (options.bearer !== undefined) headers.authorization = `Bearer ${options.bearer}`;
  if (options.origin !== undefined) headers.origin = options.origin;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: { ...headers, ...options.headers },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  const text = await response.text();
  const body = (text === '' ? undefined : JSON.parse(text)) as T;
  return { status: response.status, body, headers: response.headers };
}

async function tokenFor(
  partner: PartnerWithKey,
  customerEmail: string,
  ttlSeconds?: number,
): Promise<string> {
  const answer = await send<Token>('POST', TOKENS, {
    bearer: partner.apiKey,
    body: ttlSeconds === undefined ? { customerEmail } : { customerEmail, ttlSeconds },
  });
  expect(answer.status).toBe(201);
  return answer.body.token;
}

async function createPartner(body: unknown): Promise<PartnerWithKey> {
  const answer = await admin.post<PartnerWithKey>(PARTNERS, body);
  expect(answer.status).toBe(201);
  return answer.body;
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function idsOf(list: WebhooksResponse): string[] {
  return [...list.webhooks, ...list.allWebhooks].map((webhook) => webhook.id);
}

const partnersCollection = () => app.db.connection.collection('partners');
const tokensCollection = () => app.db.connection.collection('embedTokens');

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.signIn({ email: STAFF, role: 'ADMIN' });
  manager = await app.signIn({ email: 'partners-manager@outsync.test', role: 'MANAGER' });
  const a = await customerWithWebhook(CUSTOMER_A);
  const b = await customerWithWebhook(CUSTOMER_B);
  [customer, profileA, webhookA] = [a.client, a.profile, a.webhook];
  [customerB, webhookB] = [b.client, b.webhook];
  const adminProfile = await buildProfile(app.db, { ownerId: await userIdOf(STAFF) });
  adminsWebhook = await buildWebhook(app.db, { profile: adminProfile });
  partnerOne = await createPartner({
    name: 'Partner One',
    allowedOrigins: [PORTAL, LOCAL_PORTAL],
    customerEmails: [CUSTOMER_A, CUSTOMER_B, STAFF],
  });
  partnerTwo = await createPartner({
    name: 'Partner Two',
    allowedOrigins: [OTHER_PARTNERS_PORTAL],
    customerEmails: [CUSTOMER_A],
  });
});

afterAll(async () => {
  await app?.stop();
});

describe('partner accounts (admins only)', () => {
  it('refuses managers and customers with 403, and anonymous callers with 401', async () => {
    const id = partnerOne.id;
    const body = { name: 'X', allowedOrigins: [PORTAL], customerEmails: [] };
    for (const client of [manager, customer]) {
      const answers = [
        await client.get<Error_>(PARTNERS),
        await client.post<Error_>(PARTNERS, body),
        await client.put<Error_>(`${PARTNERS}/${id}`, body),
        await client.post<Error_>(`${PARTNERS}/${id}/key`),
        await client.delete<Error_>(`${PARTNERS}/${id}`),
      ];
      for (const answer of answers) {
        expect([answer.status, answer.body.code]).toEqual([403, 'forbidden']);
      }
    }
    expect((await app.asAnonymous().get(PARTNERS)).status).toBe(401);
    expect((await app.asAnonymous().post(PARTNERS, body)).status).toBe(401);
  });

  it('creates a partner and shows its key once; only a hash of it is stored', async () => {
    const created = await createPartner({
      name: '  Agency Dashboard ',
      allowedOrigins: [' https://portal.agency.test/ ', 'https://portal.agency.test'],
      customerEmails: [' Someone@Agency.test ', 'someone@agency.test'],
    });
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Agency Dashboard',
      allowedOrigins: ['https://portal.agency.test'],
      customerEmails: ['someone@agency.test'],
      apiKey: expect.stringMatching(/^osp_[A-Za-z0-9_-]{43}$/),
      keyPrefix: created.apiKey.slice(0, 12),
      keyCreatedAt: expect.any(String),
      createdAt: expect.any(String),
    });
    expect(created.keyPrefix).toMatch(/^osp_.{8}$/);

    const listed = (await admin.get<Partner[]>(PARTNERS)).body;
    const row = listed.find((partner) => partner.id === created.id);
    const { apiKey, ...withoutKey } = created;
    expect(row).toEqual(withoutKey);
    expect(JSON.stringify(listed)).not.toContain(apiKey);

    const stored = await partnersCollection().findOne({ name: 'Agency Dashboard' });
    expect(stored?.keyHash).toBe(sha256Hex(apiKey));
    expect(JSON.stringify(stored)).not.toContain(apiKey);
    expect(JSON.stringify(stored)).not.toContain(apiKey.slice(12));
  });

  it('answers a wrong origin with the form’s message', async () => {
    const answer = await admin.post<Error_>(PARTNERS, {
      name: 'Bad',
      allowedOrigins: ['https://portal.example.com/settings'],
      customerEmails: [],
    });
    expect([answer.status, answer.body]).toEqual([
      400,
      expect.objectContaining({
        code: 'validation_error',
        message: 'Enter an origin like https://portal.example.com (https, no path).',
      }),
    ]);
  });

  it('an update replaces the name, origins and customers; an unknown id is 404', async () => {
    const created = await createPartner({
      name: 'Before',
      allowedOrigins: ['https://before.test'],
      customerEmails: ['one@before.test'],
    });
    const updated = await admin.put<Partner>(`${PARTNERS}/${created.id}`, {
      name: 'After',
      allowedOrigins: ['https://after.test'],
      customerEmails: ['two@after.test'],
    });
    expect([updated.status, updated.body]).toEqual([
      200,
      {
        id: created.id,
        name: 'After',
        allowedOrigins: ['https://after.test'],
        customerEmails: ['two@after.test'],
        keyPrefix: created.keyPrefix,
        keyCreatedAt: created.keyCreatedAt,
        createdAt: created.createdAt,
      },
    ]);
    expect(updated.body).not.toHaveProperty('apiKey');
    const missing = await admin.put<Error_>(`${PARTNERS}/0123456789abcdef01234567`, {
      name: 'X',
      allowedOrigins: [PORTAL],
      customerEmails: [],
    });
    expect([missing.status, missing.body]).toEqual([
      404,
      { code: 'not_found', message: 'No such partner.' },
    ]);
  });

  it('rotating the key shows a new one once; the old key and its tokens stop working', async () => {
    const partner = await createPartner({
      name: 'Rotating',
      allowedOrigins: [PORTAL],
      customerEmails: [CUSTOMER_A],
    });
    const oldToken = await tokenFor(partner, CUSTOMER_A);
    const rotated = await admin.post<PartnerWithKey>(`${PARTNERS}/${partner.id}/key`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.apiKey).toMatch(/^osp_[A-Za-z0-9_-]{43}$/);
    expect(rotated.body.apiKey).not.toBe(partner.apiKey);
    expect(rotated.body.keyPrefix).toBe(rotated.body.apiKey.slice(0, 12));
    expect(rotated.body.createdAt).toBe(partner.createdAt);
    expect((await partnersCollection().findOne({ name: 'Rotating' }))?.keyHash).toBe(
      sha256Hex(rotated.body.apiKey),
    );

    const withOldKey = await send('POST', TOKENS, {
      bearer: partner.apiKey,
      body: { customerEmail: CUSTOMER_A },
    });
    expect([withOldKey.status, withOldKey.body.code]).toEqual([401, 'partner_key_invalid']);
    const oldTokenAnswer = await send('GET', WEBHOOKS, { bearer: oldToken });
    expect([oldTokenAnswer.status, oldTokenAnswer.body]).toEqual([
      401,
      {
        code: 'embed_token_invalid',
        message: 'The embed token is not valid. Ask your server for a new one.',
      },
    ]);
    const newToken = await tokenFor(rotated.body, CUSTOMER_A);
    expect((await send('GET', WEBHOOKS, { bearer: newToken })).status).toBe(200);
    expect((await admin.post(`${PARTNERS}/0123456789abcdef01234567/key`)).status).toBe(404);
  });

  it('deleting a partner stops its key and its tokens', async () => {
    const partner = await createPartner({
      name: 'Leaving',
      allowedOrigins: [PORTAL],
      customerEmails: [CUSTOMER_A],
    });
    const token = await tokenFor(partner, CUSTOMER_A);
    const deleted = await admin.delete(`${PARTNERS}/${partner.id}`);
    expect([deleted.status, deleted.body]).toEqual([200, { id: partner.id }]);
    const listed = (await admin.get<Partner[]>(PARTNERS)).body;
    expect(listed.map((row) => row.id)).not.toContain(partner.id);
    const keyAnswer = await send('POST', TOKENS, {
      bearer: partner.apiKey,
      body: { customerEmail: CUSTOMER_A },
    });
    expect(keyAnswer.status).toBe(401);
    const tokenAnswer = await send('GET', WEBHOOKS, { bearer: token });
    expect([tokenAnswer.status, tokenAnswer.body.code]).toEqual([401, 'embed_token_invalid']);
    expect((await admin.delete(`${PARTNERS}/${partner.id}`)).status).toBe(404);
  });
});

describe('the stored keys and tokens', () => {
  it('are found by their hashes, unique; tokens leave an hour after they expire', async () => {
    await partnerModel(app.db.connection).init();
    await embedTokenModel(app.db.connection).init();
    const partnerIndexes = await partnersCollection().indexes();
    expect(partnerIndexes).toContainEqual(
      expect.objectContaining({ key: { keyHash: 1 }, unique: true }),
    );
    expect(partnerIndexes).toContainEqual(expect.objectContaining({ key: { allowedOrigins: 1 } }));
    const tokenIndexes = await tokensCollection().indexes();
    expect(tokenIndexes).toContainEqual(
      expect.objectContaining({ key: { tokenHash: 1 }, unique: true }),
    );
    expect(tokenIndexes).toContainEqual(
      expect.objectContaining({ key: { expiresAt: 1 }, expireAfterSeconds: 3600 }),
    );
  });
});

describe('POST /api/partner/embed-tokens', () => {
  it('refuses a missing, unknown or malformed key with 401 partner_key_invalid', async () => {
    const expected = {
      code: 'partner_key_invalid',
      message: 'The partner API key is missing or not valid.',
    };
    const embedToken = await tokenFor(partnerOne, CUSTOMER_A);
    const attempts = [
      await send('POST', TOKENS, { body: { customerEmail: CUSTOMER_A } }),
      await send('POST', TOKENS, {
        bearer: `osp_${'A'.repeat(43)}`,
        body: { customerEmail: CUSTOMER_A },
      }),
      await send('POST', TOKENS, { bearer: embedToken, body: { customerEmail: CUSTOMER_A } }),
      await send('POST', TOKENS, {
        headers: { authorization: `Basic ${partnerOne.apiKey}` },
        body: { customerEmail: CUSTOMER_A },
      }),
      // The key is checked first: without one, the caller does not learn what the body lacks.
      await send('POST', TOKENS, { body: { ttlSeconds: 'soon' } }),
    ];
    for (const answer of attempts) {
      expect([answer.status, answer.body]).toEqual([401, expected]);
    }
  });

  it('refuses a customer the partner does not list, with 403 customer_not_allowed', async () => {
    const answer = await send('POST', TOKENS, {
      bearer: partnerTwo.apiKey,
      body: { customerEmail: CUSTOMER_B },
    });
    expect([answer.status, answer.body]).toEqual([
      403,
      {
        code: 'customer_not_allowed',
        message: 'This partner may not act for customer-b@globex.test.',
      },
    ]);
  });

  it('accepts a customer listed before they sign up, and issues tokens once they have', async () => {
    const email = 'not-yet@newcomer.test';
    const partner = await createPartner({
      name: 'Onboarding',
      allowedOrigins: [PORTAL],
      customerEmails: [email],
    });
    const before = await send('POST', TOKENS, {
      bearer: partner.apiKey,
      body: { customerEmail: email },
    });
    expect([before.status, before.body]).toEqual([
      403,
      {
        code: 'customer_not_allowed',
        message: 'This partner may not act for not-yet@newcomer.test.',
      },
    ]);
    await app.signIn({ email });
    expect(
      (await send('POST', TOKENS, { bearer: partner.apiKey, body: { customerEmail: email } }))
        .status,
    ).toBe(201);
  });

  it('issues a 15-minute oset_ token for a listed customer, stored only as a hash', async () => {
    const before = Date.now();
    const answer = await send<Token>('POST', TOKENS, {
      bearer: partnerOne.apiKey,
      body: { customerEmail: ' Customer-A@ACME.test ' },
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toEqual({
      token: expect.stringMatching(/^oset_[A-Za-z0-9_-]{43}$/),
      expiresAt: expect.any(String),
      customerEmail: CUSTOMER_A,
    });
    const expiresAt = Date.parse(answer.body.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 900_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 900_000);

    const stored = await tokensCollection().findOne({ tokenHash: sha256Hex(answer.body.token) });
    expect(stored).toMatchObject({
      partnerId: expect.anything(),
      userId: expect.anything(),
      keyCreatedAt: new Date(partnerOne.keyCreatedAt),
      expiresAt: new Date(answer.body.expiresAt),
    });
    expect(String(stored?.partnerId)).toBe(partnerOne.id);
    expect(String(stored?.userId)).toBe(await userIdOf(CUSTOMER_A));
    expect(JSON.stringify(stored)).not.toContain(answer.body.token.slice(5));
  });

  it('takes a lifetime from 60 seconds up to 30 minutes, and no longer', async () => {
    for (const ttlSeconds of [60, 1800]) {
      const before = Date.now();
      const answer = await send<Token>('POST', TOKENS, {
        bearer: partnerOne.apiKey,
        body: { customerEmail: CUSTOMER_A, ttlSeconds },
      });
      expect(answer.status).toBe(201);
      const lifetime = Date.parse(answer.body.expiresAt) - before;
      expect(lifetime).toBeGreaterThanOrEqual(ttlSeconds * 1000);
      expect(lifetime).toBeLessThan(ttlSeconds * 1000 + 5000);
    }
    const tooLong = await send('POST', TOKENS, {
      bearer: partnerOne.apiKey,
      body: { customerEmail: CUSTOMER_A, ttlSeconds: 1801 },
    });
    expect([tooLong.status, tooLong.body]).toEqual([
      400,
      expect.objectContaining({
        code: 'validation_error',
        message: 'At most 1800 seconds (30 minutes).',
      }),
    ]);
  });

  it('is server to server: no CORS, even for a partner’s origin', async () => {
    const preflight = await send('OPTIONS', TOKENS, {
      origin: PORTAL,
      headers: { 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const answer = await send('POST', TOKENS, {
      bearer: partnerOne.apiKey,
      origin: PORTAL,
      body: { customerEmail: CUSTOMER_A },
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('an embed token on the webhook routes', () => {
  it("lists only its customer's webhooks", async () => {
    const answer = await send<WebhooksResponse>('GET', WEBHOOKS, {
      bearer: await tokenFor(partnerOne, CUSTOMER_A),
      origin: PORTAL,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body.webhooks.map((webhook) => webhook.id)).toEqual([webhookA._id.toString()]);
    expect(idsOf(answer.body)).not.toContain(webhookB._id.toString());
    expect(JSON.stringify(answer.body)).not.toContain(webhookB.code);
  });

  it("cannot update or delete another customer's webhook: 404 as for any unknown id", async () => {
    const token = await tokenFor(partnerOne, CUSTOMER_A);
    const path = `${WEBHOOKS}/${webhookB._id.toString()}`;
    const update = await send('PUT', path, {
      bearer: token,
      body: { emailService: 'instantly', objectLookupMethod: 'default' },
    });
    expect([update.status, update.body.code]).toEqual([404, 'not_found']);
    const remove = await send('DELETE', path, { bearer: token });
    expect([remove.status, remove.body.code]).toEqual([404, 'not_found']);
    const list = (await customerB.get<WebhooksResponse>(WEBHOOKS)).body;
    expect(list.webhooks).toEqual([
      expect.objectContaining({ id: webhookB._id.toString(), emailService: 'smartlead' }),
    ]);
  });

  it('changes its own customer’s webhooks without a cookie or CSRF token', async () => {
    const token = await tokenFor(partnerOne, CUSTOMER_A);
    const own = await buildWebhook(app.db, { profile: profileA });
    const path = `${WEBHOOKS}/${own._id.toString()}`;
    const update = await send<{ emailService: string }>('PUT', path, {
      bearer: token,
      origin: PORTAL,
      body: { emailService: 'instantly', objectLookupMethod: 'default' },
    });
    expect([update.status, update.body.emailService]).toEqual([200, 'instantly']);
    const remove = await send<{ id: string }>('DELETE', path, { bearer: token, origin: PORTAL });
    expect([remove.status, remove.body.id]).toEqual([200, own._id.toString()]);
  });

  it('refuses every other route with 403 embed_route_not_allowed', async () => {
    const token = await tokenFor(partnerOne, CUSTOMER_A);
    const expected = {
      code: 'embed_route_not_allowed',
      message: 'An embed token can only be used by the webhooks module.',
    };
    const attempts = [
      await send('GET', '/api/admin/dashboard/users', { bearer: token }),
      await send('GET', '/api/admin/me', { bearer: token }),
      await send('GET', PARTNERS, { bearer: token }),
      await send('GET', '/api/admin/dashboard/api-keys', { bearer: token }),
      await send('GET', '/api/admin/webhook-logs', { bearer: token }),
      await send('DELETE', '/auth/logout', { bearer: token }),
    ];
    for (const answer of attempts) {
      expect([answer.status, answer.body]).toEqual([403, expected]);
    }
  });

  it('refuses any other bearer credential with 401 embed_token_invalid, cookie or not', async () => {
    const expected = {
      code: 'embed_token_invalid',
      message: 'The embed token is not valid. Ask your server for a new one.',
    };
    const adminCookie = { cookie: `${SESSION_COOKIE}=${await sessionOf(STAFF)}` };
    const attempts = [
      await send('GET', '/api/admin/dashboard/users', { bearer: partnerOne.apiKey }),
      await send('GET', WEBHOOKS, { bearer: `oset_${'x'.repeat(43)}` }),
      await send('GET', WEBHOOKS, { bearer: 'oset_short' }),
      await send('GET', WEBHOOKS, { bearer: '' }),
      await send('GET', PARTNERS, { bearer: partnerOne.apiKey, headers: adminCookie }),
    ];
    for (const answer of attempts) {
      expect([answer.status, answer.body]).toEqual([401, expected]);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    }
  });

  it('answers an expired token with 401 embed_token_expired', async () => {
    const token = await tokenFor(partnerOne, CUSTOMER_A);
    await tokensCollection().updateOne(
      { tokenHash: sha256Hex(token) },
      { $set: { expiresAt: new Date(Date.now() - 1000) } },
    );
    const answer = await send('GET', WEBHOOKS, { bearer: token, origin: PORTAL });
    expect([answer.status, answer.body]).toEqual([
      401,
      {
        code: 'embed_token_expired',
        message: 'The embed token has expired. Ask your server for a new one.',
      },
    ]);
    // The embedded module can read why: the error carries the partner's origin.
    expect(answer.headers.get('access-control-allow-origin')).toBe(PORTAL);
  });

  it('stops working once the partner no longer lists the customer', async () => {
    const partner = await createPartner({
      name: 'Dropping a customer',
      allowedOrigins: [PORTAL],
      customerEmails: [CUSTOMER_A, CUSTOMER_B],
    });
    const tokenA = await tokenFor(partner, CUSTOMER_A);
    const tokenB = await tokenFor(partner, CUSTOMER_B);
    await admin.put(`${PARTNERS}/${partner.id}`, {
      name: partner.name,
      allowedOrigins: [PORTAL],
      customerEmails: [CUSTOMER_B],
    });
    const dropped = await send('GET', WEBHOOKS, { bearer: tokenA });
    expect([dropped.status, dropped.body.code]).toEqual([401, 'embed_token_invalid']);
    expect((await send('GET', WEBHOOKS, { bearer: tokenB })).status).toBe(200);
  });

  it('refuses an origin the partner did not list, even one another partner lists', async () => {
    const token = await tokenFor(partnerOne, CUSTOMER_A);
    const expected = {
      code: 'embed_origin_not_allowed',
      message: 'This page’s origin is not one the partner allowed.',
    };
    const stranger = await send('GET', WEBHOOKS, { bearer: token, origin: STRANGER });
    expect([stranger.status, stranger.body]).toEqual([403, expected]);
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
    const otherPartners = await send('GET', WEBHOOKS, {
      bearer: token,
      origin: OTHER_PARTNERS_PORTAL,
    });
    expect([otherPartners.status, otherPartners.body]).toEqual([403, expected]);
    for (const origin of [PORTAL, LOCAL_PORTAL]) {
      const allowed = await send('GET', WEBHOOKS, { bearer: token, origin });
      expect(allowed.status).toBe(200);
      expect(allowed.headers.get('access-control-allow-origin')).toBe(origin);
    }
  });

  it("ignores the session cookie: another user's cookie neither widens nor replaces the token", async () => {
    const token = await tokenFor(partnerOne, CUSTOMER_A);
    const cookieOfB = { cookie: `${SESSION_COOKIE}=${await sessionOf(CUSTOMER_B)}` };
    const answer = await send<WebhooksResponse>('GET', WEBHOOKS, {
      bearer: token,
      headers: cookieOfB,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.webhooks.map((webhook) => webhook.id)).toEqual([webhookA._id.toString()]);
    const adminCookie = { cookie: `${SESSION_COOKIE}=${await sessionOf(STAFF)}` };
    const staffRoute = await send('GET', '/api/admin/dashboard/users', {
      bearer: token,
      headers: adminCookie,
    });
    expect(staffRoute.status).toBe(403);
  });

  it('acts as a customer even for a staff address the partner lists', async () => {
    const answer = await send<WebhooksResponse>('GET', WEBHOOKS, {
      bearer: await tokenFor(partnerOne, STAFF),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.webhooks.map((webhook) => webhook.id)).toEqual([
      adminsWebhook._id.toString(),
    ]);
    expect(idsOf(answer.body)).not.toContain(webhookA._id.toString());
    expect(idsOf(answer.body)).not.toContain(webhookB._id.toString());
    // The same admin's own session still sees everyone's.
    expect(idsOf((await admin.get<WebhooksResponse>(WEBHOOKS)).body)).toContain(
      webhookA._id.toString(),
    );
  });
});

describe('CORS for the embedded module', () => {
  const preflight = (path: string, origin: string, method: string) =>
    send('OPTIONS', path, {
      origin,
      headers: {
        'access-control-request-method': method,
        'access-control-request-headers': 'authorization, content-type',
      },
    });

  it("answers a partner origin's preflight on the webhook routes", async () => {
    for (const [path, method] of [
      [WEBHOOKS, 'GET'],
      [`${WEBHOOKS}/${webhookA._id.toString()}`, 'PUT'],
      [`${WEBHOOKS}/${webhookA._id.toString()}`, 'DELETE'],
      ['/api/admin/organizations/integrations', 'GET'],
    ] as const) {
      const answer = await preflight(path, OTHER_PARTNERS_PORTAL, method);
      expect(answer.status).toBe(204);
      expect(Object.fromEntries(answer.headers)).toMatchObject({
        'access-control-allow-origin': OTHER_PARTNERS_PORTAL,
        'access-control-allow-methods': 'GET, POST, PUT, DELETE',
        'access-control-allow-headers': 'Authorization, Content-Type',
        'access-control-max-age': '600',
        vary: expect.stringContaining('Origin'),
      });
    }
  });

  it('gives any other origin no CORS header', async () => {
    const answer = await preflight(WEBHOOKS, STRANGER, 'GET');
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.headers.get('access-control-allow-methods')).toBeNull();
    expect(answer.headers.get('access-control-allow-headers')).toBeNull();
    expect(answer.headers.get('vary')).toContain('Origin');
    const actual = await send('GET', WEBHOOKS, { origin: STRANGER });
    expect(actual.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('opens no route outside the embedded module to a partner origin', async () => {
    for (const [path, method] of [
      ['/api/admin/dashboard/users', 'GET'],
      ['/api/admin/me', 'GET'],
      [PARTNERS, 'POST'],
      ['/auth/logout', 'DELETE'],
    ] as const) {
      const answer = await preflight(path, PORTAL, method);
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      expect(answer.headers.get('access-control-allow-methods')).toBeNull();
    }
    const actual = await send('GET', '/api/admin/me', { origin: PORTAL });
    expect(actual.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets a partner page read the Send Test Webhook answer', async () => {
    const path = '/webhooks/test/no-such-code';
    const answer = await preflight(path, LOCAL_PORTAL, 'POST');
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(LOCAL_PORTAL);
    expect(answer.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, DELETE');
    const sent = await send('POST', path, { origin: LOCAL_PORTAL, body: { event: 'x' } });
    expect(sent.status).toBe(404);
    expect(sent.headers.get('access-control-allow-origin')).toBe(LOCAL_PORTAL);
    const stranger = await send('POST', path, { origin: STRANGER, body: { event: 'x' } });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
  });
});

/** A fresh session token of the user, as their browser's cookie holds it. */
async function sessionOf(email: string): Promise<string> {
  const client = await app.signIn({ email });
  const token = client.cookie(SESSION_COOKIE);
  if (!token) throw new Error('no session cookie');
  return token;
}
