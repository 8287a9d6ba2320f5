// The demo admin's workspace, set up the way a user would: through the service's own API and the
// sandbox's OAuth pages. A HubSpot portal and a Salesforce org connected, a valid key for each
// platform (HeyReach with categories), one webhook endpoint on the sandbox's receiver, and a
// webhook on each CRM wired to a sandbox campaign, so every screen has real rows on first open.
// Idempotent: what exists is kept.
import {
  authorizeInSandbox,
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
class ApiSession {
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
  async completeOAuth(authorizeUrl: string): Promise<void> {
    const backTo = await authorizeInSandbox(authorizeUrl);
    const answer = await this.call('GET', `${backTo.pathname}${backTo.search}`);
    if (answer.status !== 302 || !answer.location?.includes('connected=1')) {
      throw new Error(`the OAuth callback answered ${answer.status} → ${answer.location ?? ''}`);
    }
  }
}

export async function setUpDemoWorkspace(options: {
  serviceUrl: string;
  sandboxUrl: string;
  email: string;
  log: (line: string) => void;
}): Promise<void> {
  const { serviceUrl, sandboxUrl, email, log } = options;
  const api = new ApiSession(serviceUrl);
  const since = new Date(Date.now() - 1000);
  await api.expect('POST', '/auth/code', { email });
  const code = await readSignInCode(sandboxUrl, email, since);
  await api.expect('POST', '/auth/verify', { email, code, rememberMe: false });

  const hubspot = await api.expect<{ auth0Profiles: { id: string }[] }>(
    'GET',
    '/api/admin/hubspot/profiles',
  );
  if (hubspot.auth0Profiles.length === 0) {
    const { url } = await api.expect<{ url: string }>('GET', '/api/admin/hubspot/authorize-url');
    await api.completeOAuth(url);
    log('Demo workspace: HubSpot portal connected');
  }

  const salesforce = await api.expect<{ id: string; isConnected: boolean }[]>(
    'GET',
    '/api/admin/salesforce/profiles',
  );
  let org = salesforce[0];
  org ??= await api.expect<{ id: string; isConnected: boolean }>(
    'POST',
    '/api/admin/salesforce/profiles',
    {
      domain: `${sandboxUrl}${SALESFORCE_DEMO_LOGIN_PATH}`,
      consumer_key: SALESFORCE_DEMO_CLIENT_ID,
      consumer_secret: SALESFORCE_DEMO_CLIENT_SECRET,
    },
  );
  if (!org.isConnected) {
    const { authorizeUrl } = await api.expect<{ authorizeUrl: string }>(
      'GET',
      `/api/admin/salesforce/profiles/${org.id}`,
    );
    await api.completeOAuth(authorizeUrl);
    log('Demo workspace: Salesforce org connected');
  }

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
}

type Owner = { id: string; firstName: string; lastName: string; email: string; name: string };

/**
 * A HubSpot webhook for Smartlead and a Salesforce webhook for HeyReach (task log type with a
 * custom subject), each registered on a sandbox campaign the way a customer pastes the URL into
 * the platform, so the sandbox's campaign events go to them.
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
  const { webhooks } = await api.expect<{ webhooks: { userProfileId: string }[] }>(
    'GET',
    '/api/admin/webhooks',
  );
  const hasWebhook = (id: string) => webhooks.some((webhook) => webhook.userProfileId === id);

  if (!hasWebhook(hubspotProfileId)) {
    const { owners } = await api.expect<{ owners: Owner[] }>(
      'GET',
      `/api/admin/hubspot/owners-and-user-accounts/${hubspotProfileId}`,
    );
    const created = await createWebhook(api, {
      userProfileId: hubspotProfileId,
      selectedOwner: firstOwner(owners),
      emailService: { type: 'smartlead', name: 'Smartlead' },
      objectLookupMethod: 'default',
      createOrUpdateCompany: true,
      createContactCustomProperties: true,
      assignContactOwner: true,
      logType: 0,
    });
    await expectSandbox(
      `${sandboxUrl}/smartlead/api/v1/webhook/create?api_key=${DEMO_API_KEYS.smartlead}`,
      {
        name: 'OutSync (demo)',
        webhook_url: created.webhookUrl,
        association_type: 'campaign',
        email_campaign_id: SMARTLEAD_DEMO_CAMPAIGN_ID,
        event_type_map: Object.fromEntries(SMARTLEAD_EVENTS.map((event) => [event, true])),
      },
      {},
    );
    log('Demo workspace: HubSpot webhook created and wired to a Smartlead campaign');
  }

  if (!hasWebhook(salesforceProfileId)) {
    const { owners } = await api.expect<{ owners: Owner[] }>(
      'GET',
      `/api/admin/salesforce/user-accounts/${salesforceProfileId}`,
    );
    const created = await createWebhook(api, {
      userProfileId: salesforceProfileId,
      selectedOwner: firstOwner(owners),
      emailService: { type: 'heyreach', name: 'HeyReach' },
      objectLookupMethod: 'default',
      createContactCustomProperties: false,
      logType: 1,
      salesforceTaskType: 'Other',
      salesforceObjectType: 'Contact',
      salesforceOnlyUpdate: false,
      customTaskSubject: '[OS] {{ event_type }} with {{ to_name }} ({{ campaign_name }})',
    });
    for (const eventType of HEYREACH_EVENTS) {
      await expectSandbox(
        `${sandboxUrl}/heyreach/api/public/webhooks/CreateWebhook`,
        {
          webhookName: `OutSync (demo) ${eventType}`,
          webhookUrl: created.webhookUrl,
          eventType,
          campaignIds: [HEYREACH_DEMO_CAMPAIGN_ID],
        },
        { 'x-api-key': DEMO_API_KEYS.heyreach },
      );
    }
    log('Demo workspace: Salesforce webhook created and wired to a HeyReach campaign');
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

function firstOwner(owners: Owner[]): Owner {
  const owner = owners[0];
  if (!owner) throw new Error('the demo CRM has no owners');
  return owner;
}

async function createWebhook(
  api: ApiSession,
  settings: Record<string, unknown>,
): Promise<{ webhookUrl: string }> {
  // Plain text; String() in case a code happened to read as a JSON number.
  const code = String(await api.expect<unknown>('POST', '/api/admin/webhooks/generate'));
  return api.expect<{ webhookUrl: string }>('POST', '/api/admin/webhooks', { ...settings, code });
}

/** Registers the webhook with the sandbox platform, as the customer does in its settings. */
async function expectSandbox(
  url: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
}
