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

export const SALESFORCE_DEMO_CLIENT_ID = 'outsync-sandbox-salesforce-consumer-key';
export const SALESFORCE_DEMO_CLIENT_SECRET = 'outsync-sandbox-salesforce-consumer-secret';
export const SALESFORCE_DEMO_ORG_ID = '00D5e000000OutSyncA';
/** The org domain a user types into the Salesforce connect form when the sandbox runs on 4100. */
export const SALESFORCE_DEMO_ORG_DOMAIN = `${SANDBOX_DEFAULT_URL}/salesforce`;
/** A session id that never expires, for scripts and tests. */
export const SALESFORCE_DEMO_ACCESS_TOKEN = '00D5e000000OutSyncA!sandbox-demo-session';

export const SMARTLEAD_DEMO_API_KEY = 'sl_sandbox_demo_key_0001';
export const INSTANTLY_DEMO_API_KEY = 'instantly_sandbox_demo_key_0001';
export const BISON_DEMO_API_KEY = 'bison_sandbox_demo_token_0001';
export const HEYREACH_DEMO_API_KEY = 'heyreach_sandbox_demo_key_0001';

/** Every platform key the sandbox accepts, by the product's platform value, for banners and docs. */
export const DEMO_API_KEYS = {
  smartlead: SMARTLEAD_DEMO_API_KEY,
  instantly: INSTANTLY_DEMO_API_KEY,
  bison: BISON_DEMO_API_KEY,
  heyreach: HEYREACH_DEMO_API_KEY,
} as const satisfies Record<Platform, string>;

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
