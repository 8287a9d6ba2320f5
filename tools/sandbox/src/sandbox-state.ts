import { DEFAULT_HUBSPOT_RATE_LIMIT, FaultRegistry } from './controls/faults.ts';
import { StatsCounter } from './controls/stats.ts';
import { OAuthGrants } from './core/oauth-grants.ts';
import { HubspotStore } from './hubspot/hubspot-store.ts';
import { MailboxStore } from './mailbox/mailbox-store.ts';
import { PlatformStore } from './platforms/platform-store.ts';
import { SalesforceStore } from './salesforce/salesforce-store.ts';
import { seedDemoData } from './seed/demo-seed.ts';

/** HubSpot access tokens live 30 minutes; Salesforce sessions follow the org timeout (2 h here). */
const HUBSPOT_TOKEN_SECONDS = 30 * 60;
const SALESFORCE_SESSION_SECONDS = 2 * 60 * 60;

/** Everything the sandbox remembers. It lives in memory; `/_reset` empties it. */
export class SandboxState {
  readonly hubspot = new HubspotStore();
  readonly salesforce = new SalesforceStore();
  readonly hubspotGrants = new OAuthGrants('sbx-hs-', HUBSPOT_TOKEN_SECONDS);
  readonly salesforceGrants = new OAuthGrants('00D5e000000OutSyncA!', SALESFORCE_SESSION_SECONDS);
  readonly platforms = new PlatformStore();
  readonly mailbox = new MailboxStore();
  readonly stats = new StatsCounter();
  readonly faults: FaultRegistry;
  /** Filled in once the servers listen, for links and instance_url. */
  publicUrl = '';
  smtpPort = 0;

  constructor(options: { hubspotRateLimit?: number | null } = {}) {
    this.faults = new FaultRegistry(
      options.hubspotRateLimit === undefined
        ? DEFAULT_HUBSPOT_RATE_LIMIT
        : options.hubspotRateLimit,
    );
  }

  /** Empties every system, the mailbox, counters and faults; demo credentials stay valid. */
  reset(): void {
    this.hubspot.reset();
    this.hubspotGrants.reset();
    this.salesforce.reset();
    this.salesforceGrants.reset();
    this.platforms.reset();
    this.mailbox.reset();
    this.stats.reset();
    this.faults.reset();
  }

  /** Resets, then loads the demo org, accounts and data. */
  seed(): void {
    this.reset();
    seedDemoData(this);
  }
}
