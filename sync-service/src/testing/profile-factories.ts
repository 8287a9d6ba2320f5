// Data factories for CRM profiles, written straight into the database the test app uses, with
// tokens and consumer secrets sealed as the service seals them.
import { randomBytes } from 'node:crypto';
import type { CrmKind, MeResponse } from '@outsync/contracts';
import type { SalesforceProfile } from '@outsync/contracts/accounts';
import { Types, type Connection } from 'mongoose';
import {
  authorizeInSandbox,
  type AuthorizeChoices,
  HUBSPOT_DEMO_CLIENT_ID,
  HUBSPOT_DEMO_CLIENT_SECRET,
  SALESFORCE_DEMO_CLIENT_ID,
  SALESFORCE_DEMO_CLIENT_SECRET,
  startSandbox,
  type RunningSandbox,
} from '@outsync/sandbox';
import { profileModel, type ProfileDoc } from '../features/profiles';
import { SESSION_COOKIE } from '../platform/http/session';
import type { TestClient } from './test-client';

type Db = Connection | { connection: Connection };
type Sealer = { seal(plain: string): string };

function connectionOf(db: Db): Connection {
  return 'connection' in db && !('model' in db) ? db.connection : (db as Connection);
}

export type BuildProfileOptions = {
  ownerId: Types.ObjectId | string;
  crm?: CrmKind;
  accountId?: string;
  organizationId?: string;
  organizationDomain?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  canWebhook?: boolean;
  canUserAccount?: boolean;
  canBlockList?: boolean;
  /** SALESFORCE: the org domain and connected app; the secret is sealed. */
  salesforce?: { domain: string; consumerKey: string; consumerSecret: string };
  /** Tokens in clear (sealed before they are stored); null for a profile never connected. */
  connection?: {
    accessToken: string;
    refreshToken: string;
    expiresAt?: Date;
    scopes?: string[];
    instanceUrl?: string | null;
    identityUrl?: string | null;
  } | null;
  problem?: { title: string; message: string } | null;
  /** Needed when `connection` or `salesforce` is given. */
  secrets?: Sealer;
  createdAt?: Date;
};

/**
 * Stores a profile and returns its document. A HUBSPOT profile gets a portal and user id
 * unless told; a SALESFORCE one counts as connected once it has a `connection`.
 */
export async function buildProfile(db: Db, options: BuildProfileOptions): Promise<ProfileDoc> {
  const crm = options.crm ?? 'HUBSPOT';
  const unique = randomBytes(4).toString('hex');
  const needsSecrets = Boolean(options.connection || options.salesforce);
  if (needsSecrets && !options.secrets) {
    throw new Error('buildProfile: pass `secrets` to seal the connection or consumer secret');
  }
  const seal = (plain: string) => (options.secrets as Sealer).seal(plain);
  const connected = Boolean(options.connection);
  const now = options.createdAt ?? new Date();
  const doc = await profileModel(connectionOf(db)).create({
    ownerId: new Types.ObjectId(options.ownerId.toString()),
    crm,
    accountId: options.accountId ?? (connected || crm === 'HUBSPOT' ? `user-${unique}` : ''),
    organizationId:
      options.organizationId ?? (connected || crm === 'HUBSPOT' ? `org-${unique}` : ''),
    organizationDomain:
      options.organizationDomain ??
      (connected || crm === 'HUBSPOT' ? `portal-${unique}.example.com` : ''),
    email: options.email ?? (connected || crm === 'HUBSPOT' ? `crm-${unique}@example.com` : ''),
    firstName: options.firstName ?? '',
    lastName: options.lastName ?? '',
    canWebhook: options.canWebhook ?? true,
    canUserAccount: options.canUserAccount ?? true,
    canBlockList: options.canBlockList ?? true,
    salesforce: options.salesforce
      ? {
          domain: options.salesforce.domain,
          consumerKey: options.salesforce.consumerKey,
          consumerSecretSealed: seal(options.salesforce.consumerSecret),
        }
      : null,
    connection: options.connection
      ? {
          accessTokenSealed: seal(options.connection.accessToken),
          refreshTokenSealed: seal(options.connection.refreshToken),
          expiresAt: options.connection.expiresAt ?? new Date(Date.now() + 30 * 60_000),
          scopes: options.connection.scopes ?? [],
          instanceUrl: options.connection.instanceUrl ?? null,
          identityUrl: options.connection.identityUrl ?? null,
          connectedAt: now,
        }
      : null,
    problem: options.problem ? { ...options.problem, at: now } : null,
    createdAt: now,
    updatedAt: now,
  });
  return doc.toObject<ProfileDoc>();
}

// --- Connecting through the sandbox's real OAuth pages --------------------------------------

/** The app's environment for a sandbox at `url`: HubSpot's demo app, and the sandbox allowed. */
export function sandboxEnv(url: string): Record<string, string> {
  const { host, port } = new URL(url);
  return {
    HUBSPOT_CLIENT_ID: HUBSPOT_DEMO_CLIENT_ID,
    HUBSPOT_CLIENT_SECRET: HUBSPOT_DEMO_CLIENT_SECRET,
    HUBSPOT_AUTHORIZE_URL: `${url}/hubspot/oauth/authorize`,
    HUBSPOT_API_URL: `${url}/hubspot`,
    OUTBOUND_ALLOW_HOSTS: [host, `127.0.0.1:${port}`, `localhost:${port}`].join(','),
  };
}

/** A sandbox on a free port (all interfaces, so `localhost` works whichever address it picks). */
export function startTestSandbox(): Promise<RunningSandbox> {
  return startSandbox({ port: 0, smtpPort: 0 });
}

export { authorizeInSandbox, type AuthorizeChoices } from '@outsync/sandbox';

export type BrowserAnswer = { status: number; location: string | null; text: string };

/**
 * A top-level browser GET to one of the app's browser routes (the OAuth callbacks), carrying
 * the client's session cookie, without following the redirect.
 */
export async function browserGet(
  appUrl: string,
  client: TestClient | null,
  pathAndQuery: string,
): Promise<BrowserAnswer> {
  const session = client?.cookie(SESSION_COOKIE);
  const answer = await fetch(`${appUrl}${pathAndQuery}`, {
    redirect: 'manual',
    headers: session ? { cookie: `${SESSION_COOKIE}=${session}` } : {},
  });
  return {
    status: answer.status,
    location: answer.headers.get('location'),
    text: await answer.text(),
  };
}

/** Where the provider sent the browser, replayed on the app's callback route. */
export function callbackPath(backTo: URL): string {
  return `${backTo.pathname}${backTo.search}`;
}

/**
 * The whole HubSpot connect journey for a signed-in client: ask the app for the authorize
 * URL, decide on the sandbox's page, and bring the answer back to `/oauth`.
 */
export async function connectHubspot(
  appUrl: string,
  client: TestClient,
  choices: AuthorizeChoices = {},
): Promise<BrowserAnswer> {
  const authorize = await client.get<{ url: string }>('/api/admin/hubspot/authorize-url');
  if (authorize.status !== 200) throw new Error(`authorize-url answered ${authorize.status}`);
  const backTo = await authorizeInSandbox(authorize.body.url, choices);
  return browserGet(appUrl, client, callbackPath(backTo));
}

/**
 * The client's HubSpot profile (the sandbox's demo portal) and Salesforce profile (its demo
 * org), both connected through their real OAuth flows: what tests of the CRM-backed screens
 * start from.
 */
export async function connectBothCrms(
  appUrl: string,
  client: TestClient,
  sandboxUrl: string,
): Promise<{ ownerId: string; hubspotId: string; salesforceId: string }> {
  await connectHubspot(appUrl, client);
  const created = await client.post<SalesforceProfile>('/api/admin/salesforce/profiles', {
    domain: `${sandboxUrl}/salesforce`,
    consumer_key: SALESFORCE_DEMO_CLIENT_ID,
    consumer_secret: SALESFORCE_DEMO_CLIENT_SECRET,
  });
  const salesforceId = created.body.id;
  const check = await client.get<{ authorizeUrl: string }>(
    `/api/admin/salesforce/profiles/${salesforceId}`,
  );
  await browserGet(appUrl, client, callbackPath(await authorizeInSandbox(check.body.authorizeUrl)));
  const me = (await client.get<MeResponse>('/api/admin/me')).body;
  const hubspotId = me.userProfiles
    .map((entry) => entry.userProfileId)
    .find((id) => id !== salesforceId);
  if (!hubspotId) throw new Error('the HubSpot profile is missing after connecting');
  return { ownerId: me.id, hubspotId, salesforceId };
}
