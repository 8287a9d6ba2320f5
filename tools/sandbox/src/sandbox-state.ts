import { FaultRegistry } from './controls/faults.ts';
import { StatsCounter } from './controls/stats.ts';
import { OAuthGrants } from './core/oauth-grants.ts';
import { HubspotApps, HubspotPortals } from './hubspot/hubspot-portals.ts';
import type { HubspotStore } from './hubspot/hubspot-store.ts';
import { MailboxStore } from './mailbox/mailbox-store.ts';
import { PlatformStore } from './platforms/platform-store.ts';
import { ReceiverStore } from './receiver/receiver-store.ts';
import { ConnectedApps, SalesforceOrgs } from './salesforce/salesforce-orgs.ts';
import type { SalesforceStore } from './salesforce/salesforce-store.ts';
import { seedDemoData } from './seed/demo-seed.ts';

/** HubSpot access tokens live 30 minutes; Salesforce sessions follow the org timeout (2 h here). */
const HUBSPOT_TOKEN_SECONDS = 30 * 60;
const SALESFORCE_SESSION_SECONDS = 2 * 60 * 60;

export interface SandboxStateOptions {
  /** HubSpot requests per rolling 10 s; null switches it off. */
  hubspotRateLimit?: number | null;
  /** false switches every vendor's default rate limit off. */
  rateLimits?: boolean;
}

/**
 * Everything the sandbox remembers, per tenant: HubSpot portals, Salesforce orgs, platform
 * accounts (by API key) and bison instances, plus the OAuth clients registered for them.
 * It lives in memory; `/_reset` empties it back to the demo tenants.
 */
export class SandboxState {
  readonly hubspotPortals = new HubspotPortals();
  readonly hubspotApps = new HubspotApps();
  readonly hubspotGrants = new OAuthGrants('sbx-hs-', HUBSPOT_TOKEN_SECONDS);
  readonly salesforceOrgs = new SalesforceOrgs();
  readonly salesforceApps = new ConnectedApps();
  /** Session ids start with the org id, as Salesforce's do. */
  readonly salesforceGrants = new OAuthGrants(
    (grant) => `${this.salesforceOrgs.get(grant.tenant)?.orgId ?? '00D'}!`,
    SALESFORCE_SESSION_SECONDS,
  );
  readonly platforms = new PlatformStore();
  readonly receivers = new ReceiverStore();
  readonly mailbox = new MailboxStore();
  readonly stats = new StatsCounter();
  readonly faults: FaultRegistry;
  /** Filled in once the servers listen, for links and instance_url. */
  publicUrl = '';
  smtpPort = 0;

  constructor(options: SandboxStateOptions = {}) {
    this.faults = new FaultRegistry(options);
  }

  /** The demo portal's data (other portals: `hubspotPortals.get(hubId).store`). */
  get hubspot(): HubspotStore {
    return this.hubspotPortals.demo().store;
  }

  /** The demo org's data (other orgs: `salesforceOrgs.get(key).store`). */
  get salesforce(): SalesforceStore {
    return this.salesforceOrgs.demo().store;
  }

  /**
   * Back to the demo tenants, empty: the demo and second portal, org and platform accounts
   * and the demo bison instance keep their credentials; everything registered through
   * `/_sandbox` goes, as do tokens, the mailbox, receivers, counters and faults.
   */
  reset(): void {
    this.hubspotPortals.reset();
    this.hubspotApps.reset();
    this.hubspotGrants.reset();
    this.salesforceOrgs.reset();
    this.salesforceApps.reset();
    this.salesforceGrants.reset();
    this.platforms.reset();
    this.receivers.reset();
    this.mailbox.reset();
    this.stats.reset();
    this.faults.reset();
  }

  /** Resets, then loads the demo portals, orgs, accounts and data. */
  seed(): void {
    this.reset();
    seedDemoData(this);
  }
}
