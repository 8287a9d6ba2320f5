// Who may call what (issue 30, item 6): every route the service serves (`serviceRoutes`) against
// every kind of caller, each answer classed as allowed, 401, 403 or 404. A route without a row
// in ROWS fails, and so does a row whose route is gone.
//
// The model:
// - a customer (the owner) reads and writes their own;
// - a teammate (another customer on the owner's HubSpot portal) sees the owner's webhooks in
//   'All webhooks' (read, but a change answers 403); everything else of the owner's is 404;
// - another customer: 404 on the owner's things, as for things that do not exist;
// - a manager is read-only staff: reads what an owner can, changes only their own, never creates
//   on, changes or acts on another user's account;
// - an admin reads and acts on any account;
// - a partner's embed token acts as the owner on `webhooksEmbedRoutes` alone; elsewhere it is
//   refused with 403 `embed_route_not_allowed` (docs/decisions.md, issue 15);
// - the owner's own API tokens (issue 34, item 5) act as the owner on every route that needs a
//   signed-in user, and a read-only one on its GET routes alone; elsewhere (public routes, the
//   token routes, a read-only token's writes) 403, and the partner's key call 401;
// - revealing a stored API key is the owner's alone (an endpoint's signing secret: the owner's
//   or an admin's, the write rule, as decided in docs/decisions.md); the staff-only and admin-only screens keep
//   their role checks (403 for a role without them).
import { randomBytes } from 'node:crypto';
import { acceptsApiToken, fillPath, type RouteDefinition } from '@outsync/contracts';
import type { PartnerWithKey } from '@outsync/contracts/accounts';
import { webhooksEmbedRoutes } from '@outsync/contracts/webhooks';
import { Types } from 'mongoose';
import nock from 'nock';
import { serviceRoutes } from './api-table';
import { apiTokenModel } from './features/api-tokens';
import { blockListSyncModel } from './features/block-lists';
import { partnerModel } from './features/partners';
import { SESSION_COOKIE } from './platform/http/session';
import type { ProfileDoc } from './features/profiles';
import { webhookEventModel } from './features/webhook-events';
import { buildApiKey, buildUserAccount } from './testing/account-factories';
import { guardOutboundCalls } from './testing/nock-guard';
import { buildProfile } from './testing/profile-factories';
import { startTestApp, type TestApp } from './testing/test-app';
import type { TestClient, TestResponse } from './testing/test-client';
import { buildWebhook } from './testing/webhook-factories';
import { backfillModel } from './features/backfill';

guardOutboundCalls();

type RouteName = keyof typeof serviceRoutes;
type Caller =
  | 'anonymous'
  | 'owner'
  | 'teammate'
  | 'other'
  | 'manager'
  | 'admin'
  | 'embed'
  | 'token'
  | 'read-only-token';
/** Callers with a bearer credential and no session: the embed token and the owner's API tokens. */
type BearerCaller = 'embed' | 'token' | 'read-only-token';
const CALLERS: readonly Caller[] = [
  'anonymous',
  'owner',
  'teammate',
  'other',
  'manager',
  'admin',
  'embed',
  'token',
  'read-only-token',
];

/** What a caller observes: 'ok' is a 2xx (on an `upstream` row: anything but 401, 403, 404). */
type Outcome = 'ok' | 401 | 403 | 404;

/** Each rule's answers by caller; the embed token's follow from `webhooksEmbedRoutes`. */
type Rule =
  | 'public'
  | 'partner-key'
  | 'signed-in'
  | 'own-read'
  | 'own-write'
  | 'owner-only'
  | 'staff'
  | 'admin'
  | 'webhook-write'
  | 'log-write';

const RULES: Record<Rule, Record<Exclude<Caller, BearerCaller>, Outcome>> = {
  /** No credential needed. */
  public: { anonymous: 'ok', owner: 'ok', teammate: 'ok', other: 'ok', manager: 'ok', admin: 'ok' },
  /** The partner key is the credential (every caller sends it here); a session adds nothing. */
  'partner-key': {
    anonymous: 'ok',
    owner: 'ok',
    teammate: 'ok',
    other: 'ok',
    manager: 'ok',
    admin: 'ok',
  },
  /** Any signed-in user, each scoped to what they may see (lists, their own things). */
  'signed-in': {
    anonymous: 401,
    owner: 'ok',
    teammate: 'ok',
    other: 'ok',
    manager: 'ok',
    admin: 'ok',
  },
  'own-read': {
    anonymous: 401,
    owner: 'ok',
    teammate: 404,
    other: 404,
    manager: 'ok',
    admin: 'ok',
  },
  'own-write': {
    anonymous: 401,
    owner: 'ok',
    teammate: 404,
    other: 404,
    manager: 404,
    admin: 'ok',
  },
  'owner-only': {
    anonymous: 401,
    owner: 'ok',
    teammate: 404,
    other: 404,
    manager: 404,
    admin: 404,
  },
  staff: { anonymous: 401, owner: 403, teammate: 403, other: 403, manager: 'ok', admin: 'ok' },
  admin: { anonymous: 401, owner: 403, teammate: 403, other: 403, manager: 403, admin: 'ok' },
  /** A webhook the caller sees ('All webhooks') but may not change answers 403. */
  'webhook-write': {
    anonymous: 401,
    owner: 'ok',
    teammate: 403,
    other: 404,
    manager: 403,
    admin: 'ok',
  },
  /** A webhook log: managers see every log (403 on acting), customers only their own. */
  'log-write': {
    anonymous: 401,
    owner: 'ok',
    teammate: 404,
    other: 404,
    manager: 403,
    admin: 'ok',
  },
};

type Params = Record<string, string>;

type Row = {
  rule: Rule;
  /** Path parameters; an async one makes a fresh item for a call that uses it up. */
  params?: () => Params | Promise<Params>;
  /** A valid body, so a refusal is not hidden behind a 400. */
  body?: (caller: Caller) => unknown;
  headers?: () => Record<string, string>;
  /** An allowed call reaches a CRM or platform: only refusals are checked (any answer stubbed). */
  upstream?: true;
  /** Interceptors for an allowed call's outbound requests (declared only when it is allowed). */
  mock?: () => void;
  /** The call changes the session: each caller makes it from a fresh sign-in of their own. */
  ownSession?: true;
  /** A server-sent event stream: judged by its status and headers, then let go. */
  stream?: true;
};

const PORTAL = '4400001';
const OTHER_PORTAL = '4400002';
const EMAILS = {
  owner: 'owner@customer-a.example',
  teammate: 'teammate@customer-a2.example',
  other: 'someone@customer-b.example',
  manager: 'manager@outsync.example',
  admin: 'admin@outsync.example',
} as const;
const HUBSPOT_OWNER = { id: '501', email: 'olive.owner@customer-a.example' };
const webhookSettings = { emailService: 'instantly', objectLookupMethod: 'default' };

/** The owner's items, made once; rows that use an item up make a fresh one per call. */
type Fixture = {
  ownerId: string;
  hubspotProfile: ProfileDoc;
  hubspotProfileId: string;
  salesforceProfileId: string;
  heyreachKeyId: string;
  smartleadKeyId: string;
  endpointId: string;
  blockListSyncId: string;
  webhookId: string;
  failedLogId: string;
};

let app: TestApp;
let f: Fixture;
let partner: PartnerWithKey;
let embedToken: string;
/** The owner's API tokens, as the owner made them on the API tokens screen. */
const apiTokens = { token: '', 'read-only-token': '' };
const clients = {} as Record<Exclude<Caller, BearerCaller>, TestClient>;

const signInAs = (caller: Exclude<Caller, 'anonymous' | BearerCaller>) =>
  app.signIn({
    email: EMAILS[caller],
    role: caller === 'manager' ? 'MANAGER' : caller === 'admin' ? 'ADMIN' : null,
    isPaidTier: true,
  });

// --- Fresh items, for the calls that use one up (deletes, rotations, retries) ---------------

const id = (doc: { _id: Types.ObjectId }) => doc._id.toString();
const unique = () => randomBytes(4).toString('hex');

const freshHubspotProfile = async () => id(await buildProfile(app.db, { ownerId: f.ownerId }));

const freshSalesforceProfile = async () =>
  id(
    await buildProfile(app.db, {
      ownerId: f.ownerId,
      crm: 'SALESFORCE',
      salesforce: {
        domain: `https://customer-a-${unique()}.my.salesforce.com`,
        consumerKey: 'ck',
        consumerSecret: 'cs',
      },
      secrets: app.secrets,
    }),
  );

const freshKey = async () =>
  id(await buildApiKey(app.db, app.secrets, { userProfileId: f.hubspotProfileId }));

const freshEndpoint = async () =>
  id(await buildUserAccount(app.db, { userProfileId: f.hubspotProfileId }));

async function freshBlockListSync(): Promise<string> {
  const now = new Date();
  const sync = await blockListSyncModel(app.db.connection).create({
    userId: f.ownerId,
    userProfileId: f.hubspotProfileId,
    crm: 'HUBSPOT',
    listId: '12',
    listIdILS: '12',
    listName: 'Do not contact',
    listType: 'CONTACT_LIST',
    apiKeyId: f.smartleadKeyId,
    platform: 'smartlead',
    blockType: 'ADDRESS',
    createdAt: now,
    updatedAt: now,
  });
  return id(sync);
}

const freshWebhook = async () => id(await buildWebhook(app.db, { profile: f.hubspotProfile }));
/** A finished backfill of the fixture's webhook (issue 34, item 3), for its reads and cancel. */
const pastBackfill = async () => {
  const now = new Date();
  const doc = await backfillModel(app.db.connection).create({
    webhookId: f.webhookId,
    userId: f.ownerId,
    userProfileId: f.hubspotProfileId,
    platform: 'smartlead',
    apiKeyId: f.smartleadKeyId,
    status: 'completed',
    active: false,
    from: new Date(now.getTime() - 86_400_000),
    to: now,
    campaigns: [{ id: '1', name: null }],
    createdBy: f.ownerId,
    createdAt: now,
    updatedAt: now,
  });
  return doc._id.toString();
};

async function freshPartner(): Promise<string> {
  const partnerDoc = await partnerModel(app.db.connection).create({
    name: 'Agency',
    allowedOrigins: ['https://portal.agency.example'],
    customerEmails: [EMAILS.owner],
    keyHash: randomBytes(32).toString('hex'),
    keyPrefix: `osp_${unique()}`,
    keyCreatedAt: new Date(),
    createdAt: new Date(),
  });
  return id(partnerDoc);
}

/** An API token of the owner's (a hash alone: nobody calls with it). */
async function freshApiToken(): Promise<string> {
  const now = new Date();
  const token = await apiTokenModel(app.db.connection).create({
    userId: new Types.ObjectId(f.ownerId),
    name: `Script ${unique()}`,
    scope: 'read-write',
    tokenHash: randomBytes(32).toString('hex'),
    prefix: `osat_${unique()}`,
    createdAt: now,
    expiresAt: new Date(now.getTime() + 30 * 86_400_000),
    lastUsedAt: null,
    revokedAt: null,
  });
  return id(token);
}

/** A failed (or held) event of the owner's webhook, as the pipeline stores one. */
async function freshLog(status: 'failed' | 'held' = 'failed'): Promise<string> {
  const receivedAt = new Date(Date.now() - 60_000);
  const [doc] = await webhookEventModel(app.db.connection).insertMany([
    {
      _id: new Types.ObjectId(),
      webhookId: new Types.ObjectId(f.webhookId),
      userId: new Types.ObjectId(f.ownerId),
      userProfileId: new Types.ObjectId(f.hubspotProfileId),
      userEmail: EMAILS.owner,
      crm: 'HUBSPOT',
      hubId: PORTAL,
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
      status,
      reason: null,
      errors: [],
      steps: {},
      attempts: [],
      attemptCount: 1,
      nextAttemptAt: null,
      lease: null,
      receivedAt,
      syncedAt: null,
      updatedAt: receivedAt,
      expiresAt: new Date(Date.now() + 30 * 86_400_000),
    },
  ]);
  if (!doc) throw new Error('no log stored');
  return id(doc);
}

/** A webhook code generated by the caller itself (a code is signed for whoever generated it). */
async function codeOf(caller: Caller): Promise<string> {
  const answer = await send(caller, 'post', serviceRoutes.generateWebhookCode.path, undefined);
  return String(answer.body);
}

function hubspotOwners(): void {
  nock('https://api.hubapi.com')
    .get('/crm/v3/owners')
    .query(true)
    .reply(200, {
      results: [{ ...HUBSPOT_OWNER, firstName: 'Olive', lastName: 'Owner', archived: false }],
    });
}

/** Any host but the test's own (the app is on 127.0.0.1). */
const ANY_OUTSIDE_HOST = /^https?:\/\/(?!127\.0\.0\.1|localhost|\[::1\])/;

/** Any outbound call of an `upstream` row: a plain 400, which no service reads as a refusal. */
function anyUpstreamAnswer(): void {
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
    nock(ANY_OUTSIDE_HOST)
      .persist()
      .intercept(() => true, method)
      .optionally()
      .reply(400, { message: 'stubbed by the authorization matrix' });
  }
}

// --- The rows: one per route ----------------------------------------------------------------

const hubspot = () => ({ userProfileId: f.hubspotProfileId });
const salesforce = () => ({ userProfileId: f.salesforceProfileId });

const ROWS: Record<RouteName, Row> = {
  // Health, OpenAPI and sign-in: public.
  health: { rule: 'public' },
  ready: { rule: 'public' },
  openapi: { rule: 'public' },
  csrfToken: { rule: 'public' },
  sendCode: { rule: 'public', body: (caller) => ({ email: `visitor-${caller}@public.example` }) },
  verifyCode: {
    rule: 'public',
    ownSession: true,
    // A fresh code for the caller's own address, so the verify is a valid one.
    body: async (caller) => {
      const email = `visitor-${caller}@public.example`;
      await app.asAnonymous().post(serviceRoutes.sendCode.path, { email });
      return { email, code: app.mailbox.lastCode(email) };
    },
  },
  logout: { rule: 'public', ownSession: true },
  me: { rule: 'signed-in' },

  // Connected accounts: lists are everyone's own (staff: 'All …').
  userIntegrations: { rule: 'signed-in' },
  organizationIntegrations: { rule: 'signed-in' },
  hubspotCheckConnectedAccount: { rule: 'signed-in' },
  hubspotProfiles: { rule: 'signed-in' },
  hubspotAuthorizeUrl: { rule: 'signed-in' },
  deleteHubspotProfile: {
    rule: 'own-write',
    params: async () => ({ id: await freshHubspotProfile() }),
  },
  salesforceCheckConnectedAccount: { rule: 'signed-in' },
  salesforceProfiles: { rule: 'signed-in' },
  createSalesforceProfile: {
    rule: 'signed-in',
    body: () => ({
      domain: `https://new-${unique()}.my.salesforce.com`,
      consumer_key: 'ck',
      consumer_secret: 'cs',
    }),
  },
  // Only the owner connects: the tokens would be someone else's Salesforce user otherwise.
  salesforceConnectCheck: { rule: 'owner-only', params: () => ({ userId: f.salesforceProfileId }) },
  deleteSalesforceProfile: {
    rule: 'own-write',
    params: async () => ({ id: await freshSalesforceProfile() }),
  },

  apiKeys: { rule: 'signed-in' },
  checkApiKey: {
    rule: 'signed-in',
    body: () => ({ platform: 'smartlead', apiKey: 'k' }),
    upstream: true,
  },
  createApiKey: {
    rule: 'own-write',
    body: () => ({ platform: 'smartlead', apiKey: 'k', description: 'd', ...hubspot() }),
    upstream: true,
  },
  updateApiKey: {
    rule: 'own-write',
    params: () => ({ id: f.smartleadKeyId }),
    body: () => ({ platform: 'smartlead', apiKey: 'new-key', description: 'Renamed' }),
    upstream: true,
  },
  validateApiKey: { rule: 'own-write', params: () => ({ id: f.smartleadKeyId }), upstream: true },
  // Staff included: seeing every key masked is what "All API Keys" is for.
  revealApiKey: { rule: 'owner-only', params: () => ({ id: f.heyreachKeyId }) },
  deleteApiKey: { rule: 'own-write', params: async () => ({ id: await freshKey() }) },
  profileApiKeys: { rule: 'own-read', params: () => ({ userId: f.hubspotProfileId }) },
  leadCategories: { rule: 'own-read', params: () => ({ id: f.heyreachKeyId }) },
  addLeadCategories: {
    rule: 'own-write',
    params: () => ({ id: f.heyreachKeyId }),
    body: () => ({ categories: [{ categoryName: 'Warm', categoryId: 'warm', ...hubspot() }] }),
  },

  userAccounts: { rule: 'signed-in' },
  createUserAccount: {
    rule: 'own-write',
    // http: an https call to the placeholder address trips undici's TLS assertion under nock.
    body: () => ({ url: 'http://hooks.example.com/x', description: 'd', ...hubspot() }),
    upstream: true,
  },
  updateUserAccount: {
    rule: 'own-write',
    params: () => ({ id: f.endpointId }),
    body: () => ({ syncAlerts: true }),
  },
  deleteUserAccount: { rule: 'own-write', params: async () => ({ id: await freshEndpoint() }) },
  // The signing secret of an endpoint takes the write rule: the owner, or an admin who set the
  // endpoint up for them (docs/decisions.md); a manager, read-only staff, 404.
  revealUserAccountSecret: { rule: 'own-write', params: () => ({ id: f.endpointId }) },

  adminUsers: { rule: 'staff' },
  updateAdminUser: {
    rule: 'admin',
    params: async () => ({ id: await freshHubspotProfile() }),
    body: () => ({ canWebhook: true, canUserAccount: true, canBlockList: true }),
  },

  // CRM data: the forms' reads through a profile.
  hubspotOwnersAndUserAccounts: { rule: 'own-read', params: hubspot, upstream: true },
  salesforceUserAccounts: { rule: 'own-read', params: salesforce, upstream: true },
  crmProperties: { rule: 'own-read', params: hubspot, upstream: true },
  salesforcePermissionSets: { rule: 'own-read', params: salesforce, upstream: true },
  salesforceTaskTypes: { rule: 'own-read', params: salesforce, upstream: true },
  // A POST that only reads (the form checks a task type): the read rule.
  validateSalesforceTaskType: {
    rule: 'own-read',
    body: () => ({ ...salesforce(), taskType: 'Other' }),
    upstream: true,
  },
  createSalesforceFields: {
    rule: 'own-write',
    body: () => ({ ...salesforce(), permissionId: '0PS000000000001', customFields: ['Contact'] }),
    upstream: true,
  },

  // Block lists.
  hubspotBlockListSources: { rule: 'own-read', params: hubspot, upstream: true },
  salesforceBlockListSources: { rule: 'own-read', params: salesforce, upstream: true },
  salesforceReportFields: {
    rule: 'own-read',
    params: () => ({ ...salesforce(), listId: '00O5e000000000AEAQ' }),
    upstream: true,
  },
  smartleadClients: {
    rule: 'own-read',
    params: () => ({ apiKeyId: f.smartleadKeyId }),
    upstream: true,
  },
  heyreachLists: {
    rule: 'own-read',
    params: () => ({ apiKeyId: f.heyreachKeyId }),
    upstream: true,
  },
  createHeyreachList: {
    rule: 'own-write',
    params: () => ({ apiKeyId: f.heyreachKeyId }),
    body: () => ({ listName: 'Do not contact' }),
    upstream: true,
  },
  listBlockListSyncs: { rule: 'signed-in' },
  createHubspotBlockList: {
    rule: 'own-write',
    body: () => ({
      crm: 'HUBSPOT',
      listType: 'CONTACT_LIST',
      listId: '12',
      apiKeyId: f.smartleadKeyId,
      blockType: 'ADDRESS',
      client: '1',
      ...hubspot(),
    }),
    upstream: true,
  },
  createSalesforceBlockList: {
    rule: 'own-write',
    body: () => ({
      crm: 'SALESFORCE',
      listIdentifier: '00O5e000000000AEAQ',
      fields: ['EMAIL'],
      apiKeyId: f.smartleadKeyId,
      blockType: 'ADDRESS',
      client: null,
      ...salesforce(),
    }),
    upstream: true,
  },
  updateBlockListSync: {
    rule: 'own-write',
    params: async () => ({ id: await freshBlockListSync() }),
    body: () => ({ isEnabled: false }),
  },
  deleteBlockListSync: {
    rule: 'own-write',
    params: async () => ({ id: await freshBlockListSync() }),
  },

  // Partner accounts: admins only.
  partners: { rule: 'admin' },
  createPartner: {
    rule: 'admin',
    body: () => ({
      name: 'Agency',
      allowedOrigins: ['https://portal.agency.example'],
      customerEmails: [EMAILS.owner],
    }),
  },
  updatePartner: {
    rule: 'admin',
    params: async () => ({ id: await freshPartner() }),
    body: () => ({
      name: 'Agency renamed',
      allowedOrigins: ['https://portal.agency.example'],
      customerEmails: [],
    }),
  },
  rotatePartnerKey: { rule: 'admin', params: async () => ({ id: await freshPartner() }) },
  deletePartner: { rule: 'admin', params: async () => ({ id: await freshPartner() }) },
  // The partner's server call: its key is the credential (an embed token in its place: 401).
  createEmbedToken: {
    rule: 'partner-key',
    headers: () => ({ authorization: `Bearer ${partner.apiKey}` }),
    body: () => ({ customerEmail: EMAILS.owner }),
  },

  // API tokens: everyone manages their own, with a session (a token: 403).
  apiTokens: { rule: 'signed-in' },
  createApiToken: {
    rule: 'signed-in',
    body: () => ({ name: 'Nightly export', scope: 'read-only', expiresInDays: 30 }),
  },
  revokeApiToken: { rule: 'owner-only', params: async () => ({ id: await freshApiToken() }) },

  // Webhooks.
  webhooks: { rule: 'signed-in' },
  generateWebhookCode: { rule: 'signed-in' },
  // On the owner's profile. A manager, read-only staff, may not create for a customer (404).
  createWebhook: {
    rule: 'own-write',
    body: async (caller) => ({
      ...webhookSettings,
      ...hubspot(),
      selectedOwner: { ...HUBSPOT_OWNER, firstName: '', lastName: '', name: '' },
      code: await codeOf(caller),
    }),
    mock: hubspotOwners,
  },
  updateWebhook: {
    rule: 'webhook-write',
    params: () => ({ id: f.webhookId }),
    body: () => webhookSettings,
  },
  deleteWebhook: { rule: 'webhook-write', params: async () => ({ id: await freshWebhook() }) },
  // The dry-run preview (issue 34, item 2): who may create or change the webhook may preview it.
  // Allowed calls read the CRM (owners, records): only refusals are checked.
  previewWebhook: {
    rule: 'own-write',
    body: () => ({
      ...webhookSettings,
      ...hubspot(),
      selectedOwner: { ...HUBSPOT_OWNER, firstName: '', lastName: '', name: '' },
      sample: { kind: 'test', eventType: 'email_sent' },
    }),
    upstream: true,
  },
  previewWebhookUpdate: {
    rule: 'webhook-write',
    params: () => ({ id: f.webhookId }),
    body: () => ({ ...webhookSettings, sample: { kind: 'test', eventType: 'email_sent' } }),
    upstream: true,
  },
  webhookPreviewSamples: { rule: 'webhook-write', params: () => ({ id: f.webhookId }) },
  // Backfill (issue 34, item 3): who may update the webhook may import its past, follow and
  // cancel it. A start that is let through may answer 400 or 409 (its key, one at a time).
  startBackfill: {
    rule: 'webhook-write',
    params: () => ({ id: f.webhookId }),
    body: () => ({
      from: new Date(Date.now() - 7 * 86_400_000).toISOString(),
      to: new Date().toISOString(),
      campaigns: [{ id: '1' }],
    }),
    upstream: true,
  },
  listBackfills: { rule: 'webhook-write', params: () => ({ id: f.webhookId }) },
  // The campaign picker reads the platform with the owner's key: as the start.
  backfillCampaigns: {
    rule: 'webhook-write',
    params: () => ({ id: f.webhookId }),
    upstream: true,
  },
  getBackfill: {
    rule: 'webhook-write',
    params: async () => ({ id: f.webhookId, backfillId: await pastBackfill() }),
  },
  cancelBackfill: {
    rule: 'webhook-write',
    params: async () => ({ id: f.webhookId, backfillId: await pastBackfill() }),
  },
  // The live view's stream: the webhook logs list's scoping (a customer's own events, staff's
  // everyone's), so anyone signed in may open it (webhook-live.test.ts checks what each gets).
  webhookLiveEvents: { rule: 'signed-in', params: () => ({ id: f.webhookId }), stream: true },

  // History: lists scoped to the caller (managers and admins: everyone's).
  webhookLogs: { rule: 'signed-in' },
  webhookLogsCount: { rule: 'signed-in' },
  webhookLogTypes: { rule: 'signed-in' },
  webhookLogsDaily: { rule: 'signed-in' },
  webhookLogsExport: { rule: 'signed-in' },
  webhookLog: { rule: 'own-read', params: () => ({ id: f.failedLogId }) },
  categoryBaseFilters: { rule: 'signed-in' },
  categoryBaseFiltersExport: { rule: 'signed-in' },
  blockListLogs: { rule: 'signed-in' },
  blockListLogsExport: { rule: 'signed-in' },
  blockListSyncOptions: { rule: 'signed-in' },
  retryWebhookLog: { rule: 'log-write', params: async () => ({ id: await freshLog() }) },
  releaseWebhookLog: {
    rule: 'log-write',
    params: async () => ({ id: await freshLog('held') }),
  },
  // Bulk actions take only the caller's own events (an admin's: anyone's), so every caller may.
  webhookLogActionCount: { rule: 'signed-in', params: () => ({ action: 'retry' }) },
  webhookLogAction: { rule: 'signed-in', params: () => ({ action: 'retry' }), body: () => ({}) },
  categoryBaseFilterTypes: { rule: 'signed-in' },
  // Everyone reads the entries of what they may see.
  auditLog: { rule: 'signed-in' },
  auditLogExport: { rule: 'signed-in' },
  // Everyone's own sync problems (the dashboard's banner).
  syncAlerts: { rule: 'signed-in' },
};

// --- Calls -----------------------------------------------------------------------------------

const EMBED_ROUTES = new Set<string>(Object.keys(webhooksEmbedRoutes));

function expectedOutcome(name: string, rule: Rule, caller: Caller): Outcome {
  if (caller === 'token' || caller === 'read-only-token') {
    const route: RouteDefinition = serviceRoutes[name as RouteName];
    // The partner's own call reads the bearer as its key, which a token is not.
    if (rule === 'partner-key') return 401;
    if (!acceptsApiToken(route)) return 403;
    if (caller === 'read-only-token' && route.method !== 'get') return 403;
    return RULES[rule].owner;
  }
  if (caller !== 'embed') return RULES[rule][caller];
  // The token acts as the owner on its routes, and opens nothing else (the partner's own call
  // reads the bearer as its key, which a token is not: 401).
  if (EMBED_ROUTES.has(name)) return RULES[rule].owner;
  return rule === 'partner-key' ? 401 : 403;
}

type Method = RouteDefinition['method'];

async function send(
  caller: Caller,
  method: Method,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  client?: TestClient,
): Promise<TestResponse> {
  if (caller === 'embed' || caller === 'token' || caller === 'read-only-token') {
    // As the embedded module or a script sends it: the bearer token, no cookie, no CSRF token.
    const response = await fetch(`${app.url}${path}`, {
      method: method.toUpperCase(),
      headers: {
        ...headers,
        authorization: `Bearer ${caller === 'embed' ? embedToken : apiTokens[caller]}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const json = (response.headers.get('content-type') ?? '').includes('json');
    return {
      status: response.status,
      body: text === '' ? undefined : json ? (JSON.parse(text) as unknown) : text,
      headers: response.headers,
    };
  }
  const as = client ?? clients[caller];
  switch (method) {
    case 'get':
      return as.get(path, headers);
    case 'delete':
      return as.delete(path, body, headers);
    case 'post':
      return as.post(path, body, headers);
    case 'put':
      return as.put(path, body, headers);
    case 'patch':
      return as.patch(path, body, headers);
  }
}

/**
 * Opens a server-sent event stream as the caller and lets it go once the status and headers are
 * in (a stream never ends by itself); a refusal's envelope is read whole.
 */
async function openStream(caller: Caller, path: string): Promise<TestResponse> {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (isBearerCaller(caller)) {
    headers.authorization = `Bearer ${caller === 'embed' ? embedToken : apiTokens[caller]}`;
  } else if (caller !== 'anonymous') {
    headers.cookie = `${SESSION_COOKIE}=${clients[caller].cookie(SESSION_COOKIE) ?? ''}`;
  }
  const aborted = new AbortController();
  const response = await fetch(`${app.url}${path}`, { headers, signal: aborted.signal });
  if (response.ok) {
    aborted.abort();
    return { status: response.status, body: undefined, headers: response.headers };
  }
  const text = await response.text();
  return {
    status: response.status,
    body: text === '' ? undefined : (JSON.parse(text) as unknown),
    headers: response.headers,
  };
}

/** A client of its own for a call that changes the session (it would end the shared one). */
function ownClient(caller: Exclude<Caller, BearerCaller>): Promise<TestClient> {
  return caller === 'anonymous' ? Promise.resolve(app.asAnonymous()) : signInAs(caller);
}

function outcomeOf(status: number, upstream: boolean): Outcome | number {
  if ([401, 403, 404].includes(status)) return status as Outcome;
  if (upstream) return 'ok';
  return status >= 200 && status < 300 ? 'ok' : status;
}

/** Ids of the owner's items: a caller refused, or another customer's list, must never name them. */
const ownersIds = (): string[] => [
  f.hubspotProfileId,
  f.salesforceProfileId,
  f.heyreachKeyId,
  f.smartleadKeyId,
  f.endpointId,
  f.blockListSyncId,
  f.webhookId,
  f.failedLogId,
];

function isBearerCaller(caller: Caller): caller is BearerCaller {
  return caller === 'embed' || caller === 'token' || caller === 'read-only-token';
}

// --- Fixtures --------------------------------------------------------------------------------

beforeAll(async () => {
  app = await startTestApp({
    env: { HUBSPOT_CLIENT_ID: 'matrix-client-id', HUBSPOT_CLIENT_SECRET: 'matrix-client-secret' },
  });
  clients.anonymous = app.asAnonymous();
  clients.owner = await signInAs('owner');
  clients.teammate = await signInAs('teammate');
  clients.other = await signInAs('other');
  clients.manager = await signInAs('manager');
  clients.admin = await signInAs('admin');
  const userId = async (email: string) =>
    String((await app.models.users.findOne({ email }).lean())?._id);
  const ownerId = await userId(EMAILS.owner);

  const connected = (who: string) => ({
    secrets: app.secrets,
    connection: { accessToken: `${who}-access`, refreshToken: `${who}-refresh` },
  });
  const hubspotProfile = await buildProfile(app.db, {
    ownerId,
    organizationId: PORTAL,
    ...connected('owner'),
  });
  // The teammate's own profile on the owner's portal; the other customer's on another.
  await buildProfile(app.db, {
    ownerId: await userId(EMAILS.teammate),
    organizationId: PORTAL,
    ...connected('teammate'),
  });
  await buildProfile(app.db, {
    ownerId: await userId(EMAILS.other),
    organizationId: OTHER_PORTAL,
    ...connected('other'),
  });
  const salesforceProfile = await buildProfile(app.db, {
    ownerId,
    crm: 'SALESFORCE',
    salesforce: {
      domain: 'https://customer-a.my.salesforce.com',
      consumerKey: 'ck',
      consumerSecret: 'cs',
    },
    secrets: app.secrets,
  });
  const heyreach = await buildApiKey(app.db, app.secrets, {
    userProfileId: hubspotProfile._id,
    platform: 'heyreach',
  });
  const smartlead = await buildApiKey(app.db, app.secrets, {
    userProfileId: hubspotProfile._id,
    platform: 'smartlead',
  });
  const endpoint = await buildUserAccount(app.db, {
    userProfileId: hubspotProfile._id,
    // Sealed as the service seals it: its owner may reveal it.
    signingSecretSealed: app.secrets.seal('endpoint-signing-secret'),
  });
  const webhook = await buildWebhook(app.db, { profile: hubspotProfile });
  f = {
    ownerId,
    hubspotProfile,
    hubspotProfileId: id(hubspotProfile),
    salesforceProfileId: id(salesforceProfile),
    heyreachKeyId: id(heyreach),
    smartleadKeyId: id(smartlead),
    endpointId: id(endpoint),
    blockListSyncId: '',
    webhookId: id(webhook),
    failedLogId: '',
  };
  f.blockListSyncId = await freshBlockListSync();
  f.failedLogId = await freshLog();

  // The partner and its embed token for the owner, as a partner's server gets one.
  const created = await clients.admin.post<PartnerWithKey>('/api/admin/partners', {
    name: 'Embedding partner',
    allowedOrigins: ['https://portal.partner.example'],
    customerEmails: [EMAILS.owner],
  });
  if (created.status !== 201) throw new Error(`no partner: ${created.status}`);
  partner = created.body;
  const token = await app
    .asAnonymous()
    .post<{ token: string }>(
      serviceRoutes.createEmbedToken.path,
      { customerEmail: EMAILS.owner },
      { authorization: `Bearer ${partner.apiKey}` },
    );
  if (token.status !== 201) throw new Error(`no embed token: ${token.status}`);
  embedToken = token.body.token;

  // The owner's API tokens, made on the API tokens screen.
  for (const [caller, scope] of [
    ['token', 'read-write'],
    ['read-only-token', 'read-only'],
  ] as const) {
    const made = await clients.owner.post<{ token: string }>(serviceRoutes.createApiToken.path, {
      name: `Matrix ${scope}`,
      scope,
      expiresInDays: 30,
    });
    if (made.status !== 201) throw new Error(`no API token: ${made.status}`);
    apiTokens[caller] = made.body.token;
  }
});

afterAll(async () => {
  await app.stop();
});

// --- The matrix ------------------------------------------------------------------------------

const ROUTE_NAMES = Object.keys(serviceRoutes) as RouteName[];

it('has one row per route the service serves, and none for a route that is gone', () => {
  const rows = ROWS as Partial<Record<string, Row>>;
  expect({
    withoutRow: ROUTE_NAMES.filter((name) => !rows[name]),
    gone: Object.keys(ROWS).filter((name) => !(name in serviceRoutes)),
  }).toEqual({ withoutRow: [], gone: [] });
});

describe.each(ROUTE_NAMES)('%s', (name) => {
  const route: RouteDefinition = serviceRoutes[name];
  const row = (ROWS as Partial<Record<string, Row>>)[name];
  // A route without a row is named by the test above.
  if (!row) return;

  it.each(CALLERS)('%s', async (caller) => {
    const expected = expectedOutcome(name, row.rule, caller);
    const path = fillPath(route.path, (await row.params?.()) ?? {});
    const body = (await row.body?.(caller)) ?? (route.request?.body ? {} : undefined);
    if (expected === 'ok' && row.upstream) anyUpstreamAnswer();
    if (expected === 'ok') row.mock?.();
    const client = row.ownSession && !isBearerCaller(caller) ? await ownClient(caller) : undefined;
    const answer = row.stream
      ? await openStream(caller, path)
      : await send(caller, route.method, path, body, row.headers?.(), client);

    const outcome = outcomeOf(answer.status, row.upstream === true);
    // A failure shows the body the caller got.
    expect(outcome === expected ? { outcome } : { outcome, body: answer.body }).toEqual({
      outcome: expected,
    });

    const seen = JSON.stringify(answer.body ?? '');
    if (expected !== 'ok' || caller === 'other') {
      for (const itemId of ownersIds()) expect(seen).not.toContain(itemId);
    }
    if (expected === 'ok' && route.auth !== 'none' && !row.upstream) {
      // A stream is never compressed or buffered on its way either (no-transform).
      expect(answer.headers.get('cache-control')).toBe(
        row.stream ? 'no-store, no-transform' : 'no-store',
      );
    }
  });
});

// --- What the lists hold (the statuses above cannot tell) -------------------------------------

describe('lists', () => {
  it('the owner sees their own profiles, keys and endpoints; staff see every key masked', async () => {
    const integrations = JSON.stringify(
      (await clients.owner.get(serviceRoutes.userIntegrations.path)).body,
    );
    expect(integrations).toContain(f.hubspotProfileId);
    const keys = (await clients.owner.get(serviceRoutes.apiKeys.path)).body as {
      apiKeys: { id: string }[];
    };
    expect(keys.apiKeys.map((key) => key.id)).toEqual(expect.arrayContaining([f.heyreachKeyId]));
    const endpoints = JSON.stringify(
      (await clients.owner.get(serviceRoutes.userAccounts.path)).body,
    );
    expect(endpoints).toContain(f.endpointId);
    const staff = (await clients.manager.get(serviceRoutes.apiKeys.path)).body as {
      allApiKeys: Record<string, unknown>[];
    };
    const seen = staff.allApiKeys.find((key) => key.id === f.heyreachKeyId);
    expect(seen).toMatchObject({ canManage: false });
    expect(seen).not.toHaveProperty('apiKey');
  });
});
