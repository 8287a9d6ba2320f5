// The demo admin's workspace, set up the way a user would: through the service's own API and the
// sandbox's OAuth pages. A HubSpot portal and a Salesforce org connected, a valid key for each
// platform (HeyReach with categories), one webhook endpoint on the sandbox's receiver, and
// webhooks wired to sandbox campaigns, so every screen has real rows on first open. Then a live
// Smartlead campaign goes to the HubSpot webhook, so the sandbox's HubSpot fills within seconds.
// Idempotent: what exists is kept; what lived only in the previous sandbox (tokens, platform
// webhook registrations) is made again, since every start runs a fresh sandbox.
import {
  authorizeInSandbox,
  type AuthorizeChoices,
  BISON_DEMO_INSTANCE_PATH,
  DEMO_API_KEYS,
  DEMO_RECEIVER_PATH,
  HEYREACH_DEMO_CAMPAIGN_ID,
  SALESFORCE_DEMO_CLIENT_ID,
  SALESFORCE_DEMO_CLIENT_SECRET,
  SALESFORCE_DEMO_LOGIN_PATH,
  SMARTLEAD_DEMO_CAMPAIGN_ID,
} from '@outsync/sandbox';
import { readSignInCode } from './sign-in.ts';

type Platform = keyof typeof DEMO_API_KEYS;
const PLATFORM_NAMES: Record<Platform, string> = {
  smartlead: 'Smartlead',
  instantly: 'Instantly',
  bison: 'EmailBison',
  heyreach: 'HeyReach',
};
const HEYREACH_DEMO_CATEGORIES = ['Interested', 'Meeting booked', 'Not interested'];

type Answer<T> = { status: number; body: T; location: string | null };

/** A browser's worth of state for the API: cookies, and the CSRF token on writes. */
export class ApiSession {
  private readonly cookies = new Map<string, string>();
  private csrf = '';

  constructor(private readonly serviceUrl: string) {}

  async call<T>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    if (method !== 'GET' && this.csrf === '') {
      this.csrf = (
        await this.call<{ csrfToken: string }>('GET', '/auth/csrf-token')
      ).body.csrfToken;
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    if (method !== 'GET') headers['x-csrf-token'] = this.csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.serviceUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const separator = pair.indexOf('=');
      this.cookies.set(pair.slice(0, separator).trim(), pair.slice(separator + 1).trim());
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      // an HTML page or a redirect: the text is the body
    }
    return {
      status: response.status,
      body: parsed as T,
      location: response.headers.get('location'),
    };
  }

  /** The cookie and CSRF headers this session's writes send, for a request made by hand. */
  async credentials(): Promise<Record<string, string>> {
    if (this.csrf === '') {
      this.csrf = (
        await this.call<{ csrfToken: string }>('GET', '/auth/csrf-token')
      ).body.csrfToken;
    }
    return {
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      'x-csrf-token': this.csrf,
    };
  }

  async expect<T>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await this.call<T>(method, path, body);
    if (answer.status >= 300) {
      throw new Error(
        `${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`,
      );
    }
    return answer.body;
  }

  /** Replays where an authorize page sent the browser on the service's callback route. */
  async completeOAuth(authorizeUrl: string, choices: AuthorizeChoices = {}): Promise<void> {
    const backTo = await authorizeInSandbox(authorizeUrl, choices);
    const answer = await this.call('GET', `${backTo.pathname}${backTo.search}`);
    if (answer.status !== 302 || !answer.location?.includes('connected=1')) {
      throw new Error(`the OAuth callback answered ${answer.status} → ${answer.location ?? ''}`);
    }
  }
}

export interface DemoWorkspaceOptions {
  serviceUrl: string;
  sandboxUrl: string;
  email: string;
  /** Post a live Smartlead campaign to the HubSpot webhook once all is set up (default true). */
  liveCampaign?: boolean;
  log: (line: string) => void;
}

/** Where the demo's synced records show: the sandbox's page of what was written to HubSpot. */
export function hubspotInspectionUrl(sandboxUrl: string): string {
  return `${sandboxUrl}/inspect/hubspot`;
}

/** Signs `email` in as a browser would: a code by e-mail (the sandbox's mailbox), then verify. */
export async function signedInSession(
  serviceUrl: string,
  sandboxUrl: string,
  email: string,
): Promise<ApiSession> {
  const api = new ApiSession(serviceUrl);
  const since = new Date(Date.now() - 1000);
  await api.expect('POST', '/auth/code', { email });
  const code = await readSignInCode(sandboxUrl, email, since);
  await api.expect('POST', '/auth/verify', { email, code, rememberMe: false });
  return api;
}

/** Sets the demo admin's workspace up; answers the admin's session for what follows. */
export async function setUpDemoWorkspace(options: DemoWorkspaceOptions): Promise<ApiSession> {
  const { serviceUrl, sandboxUrl, email, log } = options;
  const api = await signedInSession(serviceUrl, sandboxUrl, email);

  await connectHubspot(api, log);
  await connectSalesforce(api, sandboxUrl, log);
  const integrations = await api.expect<{ user: { id: string; profile: string } }[]>(
    'GET',
    '/api/admin/users/integrations',
  );
  const profileId = integrations.find((item) => item.user.profile === 'HUBSPOT')?.user.id;
  if (!profileId) throw new Error('the demo HubSpot profile is missing after connecting');
  const salesforceProfileId = integrations.find((item) => item.user.profile === 'SALESFORCE')?.user
    .id;
  if (!salesforceProfileId)
    throw new Error('the demo Salesforce profile is missing after connecting');

  await addApiKeys(api, { sandboxUrl, profileId, log });
  await addSalesforceSmartleadKey(api, { profileId: salesforceProfileId, log });
  const endpoints = await api.expect<unknown[]>('GET', '/api/admin/user-accounts');
  if (endpoints.length === 0) {
    await api.expect('POST', '/api/admin/user-accounts', {
      url: `${sandboxUrl}${DEMO_RECEIVER_PATH}`,
      description: 'Demo receiver (sandbox)',
      userProfileId: profileId,
    });
    log('Demo workspace: webhook endpoint added');
  }

  await setUpDemoWebhooks(api, {
    sandboxUrl,
    hubspotProfileId: profileId,
    salesforceProfileId,
    log,
  });
  await setUpDemoBlockLists(api, { profileId, log });
  if (options.liveCampaign ?? true) await postLiveCampaign(sandboxUrl, log);
  return api;
}

/** The demo block lists (issue 14): the sandbox's seeded HubSpot lists, by name. */
const DEMO_BLOCK_LISTS = [
  {
    listName: 'Do not contact',
    listType: 'CONTACT_LIST',
    platform: 'smartlead',
    blockType: 'ADDRESS',
    client: '301',
  },
  {
    listName: 'Competitor companies',
    listType: 'COMPANY_LIST',
    platform: 'instantly',
    blockType: 'DOMAIN',
    client: null,
  },
] as const;

/**
 * A running HubSpot contact list → Smartlead sync (scoped to the Northwind client) and a company
 * list → Instantly sync, so the Block lists table and History > Block Lists have rows.
 */
async function setUpDemoBlockLists(
  api: ApiSession,
  options: { profileId: string; log: (line: string) => void },
): Promise<void> {
  const existing = await api.expect<{ listName: string }[]>(
    'GET',
    '/api/admin/dashboard/smartlead/blocked-lists',
  );
  const lists = await api.expect<{ listId: string; name: string }[]>(
    'GET',
    `/api/admin/dashboard/user-profiles/${options.profileId}/hubspot-lists`,
  );
  const keys = await api.expect<{ id: string; platform: Platform }[]>(
    'GET',
    `/api/admin/dashboard/users/${options.profileId}/api-keys`,
  );
  for (const demo of DEMO_BLOCK_LISTS) {
    if (existing.some((sync) => sync.listName === demo.listName)) continue;
    const list = lists.find((candidate) => candidate.name === demo.listName);
    const key = keys.find((candidate) => candidate.platform === demo.platform);
    if (!list || !key) throw new Error(`the demo list "${demo.listName}" or its key is missing`);
    await api.expect('POST', '/api/admin/hubspot/blocked-lists', {
      crm: 'HUBSPOT',
      listType: demo.listType,
      listId: list.listId,
      listName: list.name,
      apiKeyId: key.id,
      blockType: demo.blockType,
      client: demo.client,
      useDomainForNonLatin: false,
      profileUrlFieldNames: [],
      heyReachListId: null,
      userProfileId: options.profileId,
    });
    options.log(`Demo workspace: block list "${demo.listName}" → ${PLATFORM_NAMES[demo.platform]}`);
  }
}

/**
 * Connects the demo portal, or connects it again: the sandbox keeps its grants in memory, so a
 * profile kept in the database from an earlier start holds tokens this sandbox never issued.
 * The same portal and user update the profile in place; its webhooks stay.
 */
async function connectHubspot(api: ApiSession, log: (line: string) => void): Promise<void> {
  const { auth0Profiles } = await api.expect<{ auth0Profiles: { id: string }[] }>(
    'GET',
    '/api/admin/hubspot/profiles',
  );
  const { url } = await api.expect<{ url: string }>('GET', '/api/admin/hubspot/authorize-url');
  await api.completeOAuth(url);
  log(`Demo workspace: HubSpot portal ${auth0Profiles.length === 0 ? 'connected' : 'reconnected'}`);
}

/** The demo org, added once and authorized on every start (tokens, as for HubSpot). */
async function connectSalesforce(
  api: ApiSession,
  sandboxUrl: string,
  log: (line: string) => void,
): Promise<void> {
  const orgs = await api.expect<{ id: string }[]>('GET', '/api/admin/salesforce/profiles');
  const org =
    orgs[0] ??
    (await api.expect<{ id: string }>('POST', '/api/admin/salesforce/profiles', {
      domain: `${sandboxUrl}${SALESFORCE_DEMO_LOGIN_PATH}`,
      consumer_key: SALESFORCE_DEMO_CLIENT_ID,
      consumer_secret: SALESFORCE_DEMO_CLIENT_SECRET,
    }));
  const { authorizeUrl } = await api.expect<{ authorizeUrl: string }>(
    'GET',
    `/api/admin/salesforce/profiles/${org.id}`,
  );
  await api.completeOAuth(authorizeUrl);
  log(`Demo workspace: Salesforce org ${orgs.length === 0 ? 'connected' : 'reconnected'}`);
}

async function addApiKeys(
  api: ApiSession,
  options: { sandboxUrl: string; profileId: string; log: (line: string) => void },
): Promise<void> {
  const { sandboxUrl, profileId, log } = options;
  const { apiKeys } = await api.expect<{ apiKeys: { id: string; platform: Platform }[] }>(
    'GET',
    '/api/admin/dashboard/api-keys',
  );
  for (const platform of Object.keys(DEMO_API_KEYS) as Platform[]) {
    if (apiKeys.some((key) => key.platform === platform)) continue;
    const key = await api.expect<{ id: string }>('POST', '/api/admin/dashboard/api-keys', {
      platform,
      apiKey: DEMO_API_KEYS[platform],
      description: `Demo ${PLATFORM_NAMES[platform]} key`,
      baseUrl: platform === 'bison' ? `${sandboxUrl}${BISON_DEMO_INSTANCE_PATH}` : undefined,
      userProfileId: profileId,
    });
    if (platform === 'heyreach') {
      await api.expect('POST', `/api/admin/dashboard/api-keys/${key.id}/lead-categories`, {
        categories: HEYREACH_DEMO_CATEGORIES.map((name) => ({
          categoryName: name,
          categoryId: name.toLowerCase().replaceAll(' ', '_'),
          userProfileId: profileId,
        })),
      });
    }
    log(`Demo workspace: ${PLATFORM_NAMES[platform]} key added`);
  }
}

/**
 * The Salesforce profile's own Smartlead key: its Smartlead webhook syncs only interested leads,
 * and the category filter reads a lead's category through the key (keys belong to a profile).
 */
async function addSalesforceSmartleadKey(
  api: ApiSession,
  options: { profileId: string; log: (line: string) => void },
): Promise<void> {
  const keys = await api.expect<{ platform: Platform }[]>(
    'GET',
    `/api/admin/dashboard/users/${options.profileId}/api-keys`,
  );
  if (keys.some((key) => key.platform === 'smartlead')) return;
  await api.expect('POST', '/api/admin/dashboard/api-keys', {
    platform: 'smartlead',
    apiKey: DEMO_API_KEYS.smartlead,
    description: 'Demo Smartlead key (Salesforce)',
    userProfileId: options.profileId,
  });
  options.log('Demo workspace: Smartlead key added to the Salesforce profile');
}

/** The category the demo's Salesforce Smartlead webhook approves (the sandbox's Smartlead id 1). */
const DEMO_APPROVED_CATEGORY = { id: '1', name: 'Interested' };

type Owner = { id: string; firstName: string; lastName: string; email: string; name: string };

/** A demo webhook: where it is made, how, and which sandbox campaign sends it events. */
export interface DemoWebhook {
  name: string;
  userProfileId: string;
  platform: Platform;
  ownersPath: string;
  settings: Record<string, unknown>;
  campaign: string;
  /** Registers the URL with the sandbox platform unless it is; true when it was not. */
  wire(webhookUrl: string): Promise<boolean>;
}

/**
 * A HubSpot webhook for Smartlead (the live campaign's) and one for HeyReach (LinkedIn leads by
 * profile URL), a Salesforce webhook for HeyReach (task log type with a custom subject), and a
 * Salesforce webhook for Smartlead that syncs interested leads only (category filter). Each is registered on a sandbox campaign the way a customer pastes the URL
 * into the platform, so the sandbox's campaign events go to it.
 */
async function setUpDemoWebhooks(
  api: ApiSession,
  options: {
    sandboxUrl: string;
    hubspotProfileId: string;
    salesforceProfileId: string;
    log: (line: string) => void;
  },
): Promise<void> {
  const { sandboxUrl, hubspotProfileId, salesforceProfileId, log } = options;
  const salesforceSmartleadKey = (
    await api.expect<{ id: string; platform: Platform }[]>(
      'GET',
      `/api/admin/dashboard/users/${salesforceProfileId}/api-keys`,
    )
  ).find((key) => key.platform === 'smartlead')?.id;
  const demoWebhooks: DemoWebhook[] = [
    {
      name: 'HubSpot webhook (Smartlead)',
      userProfileId: hubspotProfileId,
      platform: 'smartlead',
      ownersPath: `/api/admin/hubspot/owners-and-user-accounts/${hubspotProfileId}`,
      settings: {
        objectLookupMethod: 'default',
        createOrUpdateCompany: true,
        createContactCustomProperties: true,
        assignContactOwner: true,
        logType: 0,
      },
      campaign: `Smartlead campaign ${SMARTLEAD_DEMO_CAMPAIGN_ID}`,
      wire: (url) => wireSmartlead(sandboxUrl, url),
    },
    {
      name: 'HubSpot webhook (HeyReach)',
      userProfileId: hubspotProfileId,
      platform: 'heyreach',
      ownersPath: `/api/admin/hubspot/owners-and-user-accounts/${hubspotProfileId}`,
      settings: {
        objectLookupMethod: 'default',
        objectDefaultSearchProperty: 'hs_linkedin_url',
        // The form's defaults for the social tool: no company records, a task per event.
        createOrUpdateCompany: false,
        createContactCustomProperties: true,
        assignContactOwner: true,
        logType: 1,
      },
      campaign: `HeyReach campaign ${HEYREACH_DEMO_CAMPAIGN_ID}`,
      wire: (url) => wireHeyreach(sandboxUrl, url),
    },
    {
      name: 'Salesforce webhook (HeyReach)',
      userProfileId: salesforceProfileId,
      platform: 'heyreach',
      ownersPath: `/api/admin/salesforce/user-accounts/${salesforceProfileId}`,
      settings: {
        objectLookupMethod: 'default',
        createContactCustomProperties: false,
        logType: 1,
        salesforceTaskType: 'Other',
        salesforceObjectType: 'Contact',
        salesforceOnlyUpdate: false,
        customTaskSubject: '[OS] {{ event_type }} with {{ to_name }} ({{ campaign_name }})',
      },
      campaign: `HeyReach campaign ${HEYREACH_DEMO_CAMPAIGN_ID}`,
      wire: (url) => wireHeyreach(sandboxUrl, url),
    },
    {
      // The live campaign's leads as Salesforce Leads, only once they are interested: the
      // others' events wait in History > Category Base Filter.
      name: 'Salesforce webhook (Smartlead, interested leads)',
      userProfileId: salesforceProfileId,
      platform: 'smartlead',
      ownersPath: `/api/admin/salesforce/user-accounts/${salesforceProfileId}`,
      settings: {
        objectLookupMethod: 'default',
        createContactCustomProperties: false,
        logType: 0,
        salesforceObjectType: 'Lead',
        salesforceOnlyUpdate: false,
        apiKeyId: salesforceSmartleadKey,
        smartleadBaseCategories: [DEMO_APPROVED_CATEGORY],
      },
      campaign: `Smartlead campaign ${SMARTLEAD_DEMO_CAMPAIGN_ID}`,
      wire: (url) => wireSmartlead(sandboxUrl, url),
    },
  ];

  const { webhooks } = await api.expect<{
    webhooks: { userProfileId: string; emailService: string | null; webhookUrl: string }[];
  }>('GET', '/api/admin/webhooks');
  for (const demo of demoWebhooks) {
    const existing = webhooks.find(
      (webhook) =>
        webhook.userProfileId === demo.userProfileId && webhook.emailService === demo.platform,
    );
    const webhookUrl = existing?.webhookUrl ?? (await createWebhook(api, demo)).webhookUrl;
    if (!existing) log(`Demo workspace: ${demo.name} created`);
    if (await demo.wire(webhookUrl)) log(`Demo workspace: ${demo.name} wired to ${demo.campaign}`);
  }
}

const SMARTLEAD_EVENTS = [
  'EMAIL_SENT',
  'EMAIL_OPEN',
  'EMAIL_LINK_CLICK',
  'EMAIL_REPLY',
  'EMAIL_BOUNCE',
  'LEAD_UNSUBSCRIBED',
  'LEAD_CATEGORY_UPDATED',
];
const HEYREACH_EVENTS = [
  'CONNECTION_REQUEST_SENT',
  'CONNECTION_REQUEST_ACCEPTED',
  'MESSAGE_SENT',
  'EVERY_MESSAGE_REPLY_RECEIVED',
];

export async function createWebhook(
  api: ApiSession,
  demo: Pick<DemoWebhook, 'userProfileId' | 'platform' | 'ownersPath' | 'settings'>,
): Promise<{ webhookUrl: string }> {
  const { owners } = await api.expect<{ owners: Owner[] }>('GET', demo.ownersPath);
  const owner = owners[0];
  if (!owner) throw new Error('the demo CRM has no owners');
  // Plain text; String() in case a code happened to read as a JSON number.
  const code = String(await api.expect<unknown>('POST', '/api/admin/webhooks/generate'));
  return api.expect<{ webhookUrl: string }>('POST', '/api/admin/webhooks', {
    ...demo.settings,
    userProfileId: demo.userProfileId,
    selectedOwner: owner,
    emailService: { type: demo.platform, name: PLATFORM_NAMES[demo.platform] },
    code,
  });
}

/** Smartlead's campaign webhook with every event the product syncs, as in its settings. */
async function wireSmartlead(sandboxUrl: string, webhookUrl: string): Promise<boolean> {
  const base = `${sandboxUrl}/smartlead/api/v1`;
  const key = `api_key=${DEMO_API_KEYS.smartlead}`;
  const registered = await sandboxJson<{ webhook_url: string }[]>(
    `${base}/campaigns/${SMARTLEAD_DEMO_CAMPAIGN_ID}/webhooks?${key}`,
  );
  if (registered.some((webhook) => webhook.webhook_url === webhookUrl)) return false;
  await sandboxJson(`${base}/webhook/create?${key}`, {
    name: 'OutSync (demo)',
    webhook_url: webhookUrl,
    association_type: 'campaign',
    email_campaign_id: SMARTLEAD_DEMO_CAMPAIGN_ID,
    event_type_map: Object.fromEntries(SMARTLEAD_EVENTS.map((event) => [event, true])),
  });
  return true;
}

/** HeyReach takes one event type per webhook: one registration per type not yet there. */
async function wireHeyreach(sandboxUrl: string, webhookUrl: string): Promise<boolean> {
  const base = `${sandboxUrl}/heyreach/api/public/webhooks`;
  const headers = { 'x-api-key': DEMO_API_KEYS.heyreach };
  const { items } = await sandboxJson<{ items: { webhookUrl: string; eventType: string }[] }>(
    `${base}/GetAllWebhooks`,
    undefined,
    headers,
  );
  const missing = HEYREACH_EVENTS.filter(
    (eventType) =>
      !items.some((item) => item.webhookUrl === webhookUrl && item.eventType === eventType),
  );
  for (const eventType of missing) {
    await sandboxJson(
      `${base}/CreateWebhook`,
      {
        webhookName: `OutSync (demo) ${eventType}`,
        webhookUrl,
        eventType,
        campaignIds: [HEYREACH_DEMO_CAMPAIGN_ID],
      },
      headers,
    );
  }
  return missing.length > 0;
}

/**
 * The live campaign's leads: new people at companies the demo portal does not have yet, so
 * contacts, companies and e-mails all appear.
 */
export const DEMO_CAMPAIGN_LEADS = [
  ['Nora', 'Lind', 'Brightwave Media', 'brightwave-media'],
  ['Felix', 'Moreau', 'Brightwave Media', 'brightwave-media'],
  ['Priya', 'Shah', 'Lumen Freight', 'lumen-freight'],
  ['Tomas', 'Berg', 'Lumen Freight', 'lumen-freight'],
  ['Hana', 'Kato', 'Quarry Labs', 'quarry-labs'],
  ['Leo', 'Costa', 'Quarry Labs', 'quarry-labs'],
].map(([firstName = '', lastName = '', companyName, domain]) => ({
  email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@${domain}.example`,
  firstName,
  lastName,
  companyName,
}));

/** The sandbox's event generator runs a Smartlead campaign through the HubSpot webhook. */
async function postLiveCampaign(sandboxUrl: string, log: (line: string) => void): Promise<void> {
  const run = await sandboxJson<{ accepted: number }>(`${sandboxUrl}/simulate/campaign`, {
    platform: 'smartlead',
    campaignId: SMARTLEAD_DEMO_CAMPAIGN_ID,
    leads: DEMO_CAMPAIGN_LEADS,
    // A new seed on every start: a kept database would rightly take the same deliveries again
    // (the same Smartlead ids) for duplicates and not sync them into this fresh sandbox.
    seed: Date.now() % 2 ** 31,
  });
  log(
    `Demo campaign: ${run.accepted} Smartlead events posted to the Smartlead webhooks; ` +
      `watch them sync at ${hubspotInspectionUrl(sandboxUrl)}`,
  );
}

/** A sandbox call: POST with a JSON body, GET without; the answer's JSON, or an error. */
async function sandboxJson<T = unknown>(
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}
