// Shared set-up for the partners tests (partners.*.test.ts, issue 15): the real app with an admin,
// a manager, two customers with a webhook each, an admin's webhook and two partners; requests as
// a partner's server or the embedded module sends them. Each test file calls usePartnersApp()
// once and so runs an app of its own.
import { createHash } from 'node:crypto';
import type { PartnerWithKey } from '@outsync/contracts/accounts';
import type { WebhooksResponse } from '@outsync/contracts/webhooks';
import { SESSION_COOKIE } from '../../platform/http/session';
import { buildProfile } from '../../testing/profile-factories';
import { startTestApp, type TestApp } from '../../testing/test-app';
import type { TestClient } from '../../testing/test-client';
import { buildWebhook } from '../../testing/webhook-factories';
import type { ProfileDoc } from '../profiles';
import type { WebhookDoc } from '../webhooks';

export const PARTNERS = '/api/admin/partners';
export const TOKENS = '/api/partner/embed-tokens';
export const WEBHOOKS = '/api/admin/webhooks';
export const PORTAL = 'https://portal.partner-one.test';
export const LOCAL_PORTAL = 'http://localhost:4200';
export const OTHER_PARTNERS_PORTAL = 'https://portal.partner-two.test';
export const STRANGER = 'https://evil.example';

export const CUSTOMER_A = 'customer-a@acme.test';
export const CUSTOMER_B = 'customer-b@globex.test';
export const STAFF = 'partners-admin@outsync.test';

export type Error_ = { code: string; message: string };
export type Token = { token: string; expiresAt: string; customerEmail: string };
type Answer<T> = { status: number; body: T; headers: Headers };

export let app: TestApp;
export let admin: TestClient;
export let manager: TestClient;
export let customer: TestClient;
export let profileA: ProfileDoc;
export let customerB: TestClient;
export let webhookA: WebhookDoc;
export let webhookB: WebhookDoc;
export let adminsWebhook: WebhookDoc;

/** Partner one acts for customers A and B, from its portal and a local demo page. */
export let partnerOne: PartnerWithKey;
/** Partner two lists another origin, and acts for A only. */
export let partnerTwo: PartnerWithKey;

export async function userIdOf(email: string): Promise<string> {
  const doc = await app.models.users.findOne({ email }).lean();
  if (!doc) throw new Error(`no user ${email}`);
  return doc._id.toString();
}

export async function customerWithWebhook(
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
export async function send<T = Error_>(
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

export async function tokenFor(
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

export async function createPartner(body: unknown): Promise<PartnerWithKey> {
  const answer = await admin.post<PartnerWithKey>(PARTNERS, body);
  expect(answer.status).toBe(201);
  return answer.body;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function idsOf(list: WebhooksResponse): string[] {
  return [...list.webhooks, ...list.allWebhooks].map((webhook) => webhook.id);
}

export const partnersCollection = () => app.db.connection.collection('partners');
export const tokensCollection = () => app.db.connection.collection('embedTokens');

/** Registers the file's hooks: the app and its accounts set up before its tests, stopped after. */
export function usePartnersApp(): void {
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
}

/** A fresh session token of the user, as their browser's cookie holds it. */
export async function sessionOf(email: string): Promise<string> {
  const client = await app.signIn({ email });
  const token = client.cookie(SESSION_COOKIE);
  if (!token) throw new Error('no session cookie');
  return token;
}
