// The demo credentials every sandbox accepts. They are public on purpose: the start banner
// prints them so a new user can connect every screen without an outside account.
import type { Platform } from '@outsync/contracts';

/** Where `npm start` runs the sandbox; connectors get base URLs under it. */
export const SANDBOX_DEFAULT_PORT = 4100;
export const SANDBOX_DEFAULT_SMTP_PORT = 2525;
export const SANDBOX_DEFAULT_URL = `http://localhost:${SANDBOX_DEFAULT_PORT}`;

export const HUBSPOT_DEMO_CLIENT_ID = 'outsync-sandbox-hubspot-client';
export const HUBSPOT_DEMO_CLIENT_SECRET = 'outsync-sandbox-hubspot-secret';
/** A private-app style token that never expires, for scripts, tests and benchmarks. */
export const HUBSPOT_DEMO_PRIVATE_APP_TOKEN = 'pat-sandbox-outsync-demo-token';
export const HUBSPOT_DEMO_HUB_ID = 24000001;
export const HUBSPOT_DEMO_HUB_DOMAIN = 'outsync-demo.sandbox.hubspot.com';
export const HUBSPOT_DEMO_APP_ID = 3100001;
/** A second portal with its own data, so tests can tell portals apart. */
export const HUBSPOT_SECOND_HUB_ID = 24000002;
export const HUBSPOT_SECOND_HUB_DOMAIN = 'outsync-second.sandbox.hubspot.com';
/** The second portal's never-expiring private-app token. */
export const HUBSPOT_SECOND_PRIVATE_APP_TOKEN = 'pat-sandbox-outsync-second-token';
/** Scopes a HubSpot install of OutSync asks for; the last two are optional. */
export const HUBSPOT_REQUIRED_SCOPES = [
  'oauth',
  'crm.objects.contacts.read',
  'crm.objects.contacts.write',
  'crm.objects.companies.read',
  'crm.objects.companies.write',
  'crm.objects.owners.read',
] as const;
export const HUBSPOT_OPTIONAL_SCOPES = ['crm.schemas.contacts.write', 'crm.lists.read'] as const;

export const SALESFORCE_DEMO_CLIENT_ID = 'outsync-sandbox-salesforce-consumer-key';
export const SALESFORCE_DEMO_CLIENT_SECRET = 'outsync-sandbox-salesforce-consumer-secret';
export const SALESFORCE_DEMO_ORG_ID = '00D5e000000OutSyncA';
/** The demo org's key in the sandbox's URLs (`/salesforce-instance/<key>`). */
export const SALESFORCE_DEMO_ORG_KEY = 'demo';
/**
 * Salesforce answers on two bases per org, as the real service does: the login domain
 * (login.salesforce.com or the org's My Domain) for authorize/token/revoke, and the
 * `instance_url` the token answer returns for data and identity. With one port they are
 * told apart by path; `/salesforce` stays the demo org's login domain.
 */
export const SALESFORCE_DEMO_LOGIN_PATH = '/salesforce';
export const SALESFORCE_DEMO_INSTANCE_PATH = `/salesforce-instance/${SALESFORCE_DEMO_ORG_KEY}`;
/** The org domain a user types into the Salesforce connect form when the sandbox runs on 4100. */
export const SALESFORCE_DEMO_ORG_DOMAIN = `${SANDBOX_DEFAULT_URL}${SALESFORCE_DEMO_LOGIN_PATH}`;
/** Where the demo org's data API answers when the sandbox runs on 4100 (its `instance_url`). */
export const SALESFORCE_DEMO_INSTANCE_URL = `${SANDBOX_DEFAULT_URL}${SALESFORCE_DEMO_INSTANCE_PATH}`;
/** A session id that never expires, for scripts and tests (valid on the demo instance only). */
export const SALESFORCE_DEMO_ACCESS_TOKEN = '00D5e000000OutSyncA!sandbox-demo-session';

/** A second org with its own users and data, for tests. */
export const SALESFORCE_SECOND_ORG_ID = '00D5e000000OutSyncB';
export const SALESFORCE_SECOND_ORG_KEY = 'second';
export const SALESFORCE_SECOND_LOGIN_PATH = `/salesforce-login/${SALESFORCE_SECOND_ORG_KEY}`;
export const SALESFORCE_SECOND_INSTANCE_PATH = `/salesforce-instance/${SALESFORCE_SECOND_ORG_KEY}`;
export const SALESFORCE_SECOND_ACCESS_TOKEN = '00D5e000000OutSyncB!sandbox-second-session';

/** The demo Smartlead account's first campaign ('Q3 Outbound — SaaS leaders'); 1002 is the second. */
export const SMARTLEAD_DEMO_CAMPAIGN_ID = 1001;
/** The demo HeyReach account's campaign. */
export const HEYREACH_DEMO_CAMPAIGN_ID = 4001;
export const SMARTLEAD_DEMO_API_KEY = 'sl_sandbox_demo_key_0001';
export const INSTANTLY_DEMO_API_KEY = 'instantly_sandbox_demo_key_0001';
export const BISON_DEMO_API_KEY = 'bison_sandbox_demo_token_0001';
export const HEYREACH_DEMO_API_KEY = 'heyreach_sandbox_demo_key_0001';

/** The demo key of every platform, by the product's platform value, for banners and docs. */
export const DEMO_API_KEYS = {
  smartlead: SMARTLEAD_DEMO_API_KEY,
  instantly: INSTANTLY_DEMO_API_KEY,
  bison: BISON_DEMO_API_KEY,
  heyreach: HEYREACH_DEMO_API_KEY,
} as const satisfies Record<Platform, string>;

/**
 * A second account per platform, with its own categories, clients, campaigns and lists, so
 * tests can tell accounts apart. The bison one is another workspace on the demo instance.
 */
export const SECOND_API_KEYS = {
  smartlead: 'sl_sandbox_second_key_0002',
  instantly: 'instantly_sandbox_second_key_0002',
  bison: 'bison_sandbox_second_token_0002',
  heyreach: 'heyreach_sandbox_second_key_0002',
} as const satisfies Record<Platform, string>;

/** bison is self-hosted: the demo instance answers under `/bison`, others under this prefix. */
export const BISON_DEMO_INSTANCE_PATH = '/bison';
export const BISON_INSTANCES_PATH = '/bison-instances';

/** The webhook receiver the demo registers as an "additional webhook endpoint". */
export const DEMO_RECEIVER_PATH = '/receiver/demo';

export const DEMO_OAUTH_CLIENTS = {
  hubspot: { clientId: HUBSPOT_DEMO_CLIENT_ID, clientSecret: HUBSPOT_DEMO_CLIENT_SECRET },
  salesforce: { clientId: SALESFORCE_DEMO_CLIENT_ID, clientSecret: SALESFORCE_DEMO_CLIENT_SECRET },
} as const;

/** The systems the sandbox simulates; each answers under `/<system>`. */
export const SANDBOX_SYSTEMS = [
  'hubspot',
  'salesforce',
  'smartlead',
  'instantly',
  'bison',
  'heyreach',
] as const;
export type SandboxSystem = (typeof SANDBOX_SYSTEMS)[number];

export function isSandboxSystem(value: unknown): value is SandboxSystem {
  return typeof value === 'string' && (SANDBOX_SYSTEMS as readonly string[]).includes(value);
}
