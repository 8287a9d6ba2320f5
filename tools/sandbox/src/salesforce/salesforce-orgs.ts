import { randomBytes } from 'node:crypto';
import { nowIso } from '../core/http.ts';
import {
  SALESFORCE_DEMO_ACCESS_TOKEN,
  SALESFORCE_DEMO_CLIENT_ID,
  SALESFORCE_DEMO_CLIENT_SECRET,
  SALESFORCE_DEMO_LOGIN_PATH,
  SALESFORCE_DEMO_ORG_ID,
  SALESFORCE_DEMO_ORG_KEY,
  SALESFORCE_SECOND_ACCESS_TOKEN,
  SALESFORCE_SECOND_ORG_ID,
  SALESFORCE_SECOND_ORG_KEY,
} from '../demo-constants.ts';
import { ApiBudget, dailyApiLimit } from './salesforce-limits.ts';
import { SalesforceStore } from './salesforce-store.ts';

export const SALESFORCE_INSTANCE_PREFIX = '/salesforce-instance';
export const SALESFORCE_LOGIN_PREFIX = '/salesforce-login';

/**
 * One Salesforce org: its id, users and data, a login domain (My Domain) where users sign in,
 * and an instance where its API answers. The two differ, as `instance_url` differs from
 * login.salesforce.com: a connector that keeps calling the login host fails here too.
 */
export interface SalesforceOrg {
  key: string;
  orgId: string;
  name: string;
  /** Path of the login domain under the sandbox URL (`/salesforce` for the demo org). */
  loginPath: string;
  /** Path of the instance (`/salesforce-instance/<key>`), the base of `instance_url`. */
  instancePath: string;
  /** A session id that never expires, for scripts and tests. */
  staticSession: string;
  store: SalesforceStore;
  /** The daily REST budget `/limits` and `Sforce-Limit-Info` report. */
  apiBudget: ApiBudget;
  createdAt: string;
}

/** A connected app (consumer key and secret). Connected apps work for users of any org. */
export interface ConnectedApp {
  /** The org that owns the app (informational, as in Salesforce). */
  orgId: string;
  name: string;
  consumerKey: string;
  consumerSecret: string;
  /** Exact callback URLs; empty means any http(s) redirect (see redirectAllowed). */
  callbackUrls: string[];
  createdAt: string;
}

/** The orgs the sandbox holds; the demo and second orgs always exist. */
export class SalesforceOrgs {
  private readonly orgs = new Map<string, SalesforceOrg>();

  constructor() {
    this.reset();
  }

  reset(): void {
    this.orgs.clear();
    this.add({
      key: SALESFORCE_DEMO_ORG_KEY,
      orgId: SALESFORCE_DEMO_ORG_ID,
      name: 'OutSync Demo',
      loginPath: SALESFORCE_DEMO_LOGIN_PATH,
      staticSession: SALESFORCE_DEMO_ACCESS_TOKEN,
    });
    this.add({
      key: SALESFORCE_SECOND_ORG_KEY,
      orgId: SALESFORCE_SECOND_ORG_ID,
      name: 'OutSync Second',
      staticSession: SALESFORCE_SECOND_ACCESS_TOKEN,
    });
  }

  add(input: {
    key?: string;
    orgId?: string;
    name?: string;
    loginPath?: string;
    staticSession?: string;
    /** User licences, each adding to the daily API budget (default 10). */
    licences?: number;
    /** The daily API budget outright, instead of the licence formula. */
    dailyApiRequests?: number;
  }): SalesforceOrg {
    const index = this.orgs.size;
    const key = input.key ?? `org${index + 1}`;
    if (!/^[a-z0-9][a-z0-9-]{0,39}$/.test(key))
      throw new Error('key must be lower-case letters, digits and dashes');
    if (this.orgs.has(key)) throw new Error(`An org with key ${key} already exists`);
    // Named like the demo org's id: 00D5e000000OutSyncA, …B, …C.
    const orgId = input.orgId ?? `00D5e000000OutSync${(index + 10).toString(36).toUpperCase()}`;
    if (!/^00D[A-Za-z0-9]{12,}$/.test(orgId))
      throw new Error('orgId must be an id starting with 00D');
    if (this.all().some((org) => org.orgId === orgId))
      throw new Error(`An org with id ${orgId} already exists`);
    const org: SalesforceOrg = {
      key,
      orgId,
      name: input.name ?? `Org ${key}`,
      loginPath: input.loginPath ?? `${SALESFORCE_LOGIN_PREFIX}/${key}`,
      instancePath: `${SALESFORCE_INSTANCE_PREFIX}/${key}`,
      staticSession: input.staticSession ?? `${orgId}!sandbox-${randomBytes(12).toString('hex')}`,
      // Each org draws record ids from its own pod, so ids never collide across orgs.
      store: new SalesforceStore(index.toString(36).toUpperCase()),
      apiBudget: new ApiBudget(input.dailyApiRequests ?? dailyApiLimit(input.licences)),
      createdAt: nowIso(),
    };
    this.orgs.set(key, org);
    return org;
  }

  get(key: string): SalesforceOrg | undefined {
    return this.orgs.get(key);
  }

  demo(): SalesforceOrg {
    const org = this.orgs.get(SALESFORCE_DEMO_ORG_KEY);
    if (!org) throw new Error('the demo org is missing');
    return org;
  }

  all(): SalesforceOrg[] {
    return [...this.orgs.values()];
  }

  /** The org whose login domain is `path` (`/salesforce`, `/salesforce-login/<key>`). */
  byLoginPath(path: string): SalesforceOrg | undefined {
    return this.all().find((org) => org.loginPath === path);
  }

  byStaticSession(token: string): SalesforceOrg | undefined {
    return this.all().find((org) => org.staticSession === token);
  }
}

/** Registered connected apps; the demo app (any redirect) is always there. */
export class ConnectedApps {
  private readonly apps = new Map<string, ConnectedApp>();

  constructor() {
    this.reset();
  }

  reset(): void {
    this.apps.clear();
    this.add({
      orgId: SALESFORCE_DEMO_ORG_ID,
      name: 'OutSync',
      consumerKey: SALESFORCE_DEMO_CLIENT_ID,
      consumerSecret: SALESFORCE_DEMO_CLIENT_SECRET,
    });
  }

  add(input: {
    orgId?: string;
    name?: string;
    consumerKey?: string;
    consumerSecret?: string;
    callbackUrls?: string[];
  }): ConnectedApp {
    const consumerKey = input.consumerKey ?? `3MVG9${randomBytes(30).toString('base64url')}`;
    if (this.apps.has(consumerKey))
      throw new Error(`A connected app with consumer key ${consumerKey} already exists`);
    const app: ConnectedApp = {
      orgId: input.orgId ?? SALESFORCE_DEMO_ORG_ID,
      name: input.name ?? 'OutSync',
      consumerKey,
      consumerSecret: input.consumerSecret ?? randomBytes(32).toString('hex').toUpperCase(),
      callbackUrls: input.callbackUrls ?? [],
      createdAt: nowIso(),
    };
    this.apps.set(consumerKey, app);
    return app;
  }

  get(consumerKey: string): ConnectedApp | undefined {
    return this.apps.get(consumerKey);
  }

  remove(consumerKey: string): boolean {
    if (consumerKey === SALESFORCE_DEMO_CLIENT_ID) return false;
    return this.apps.delete(consumerKey);
  }

  all(): ConnectedApp[] {
    return [...this.apps.values()];
  }
}
