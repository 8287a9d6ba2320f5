// The accounts area's data and handlers for the harness's fake sync-service
// (`@outsync/app-runtime/testing`): fetch answers as the service would, from an in-memory copy of
// its data. The harness matches the route, checks the CSRF token and the route's request schemas
// (a 400 `validation_error` whose message is the first issue, as the real service answers) and
// answers unknown routes with a clear 404; every answer here is typed by the route's response
// schema, and the client parses it with the same schema, so a wrong one fails the test.
//
// API: const api = fakeService(seed?); api.db (the data, to seed and inspect); api.on(route, …)
// replaces one route's behaviour for the rest of the test; api.sent(route) the requests that
// reached a route, in order; deferred<T>().
import {
  createFakeService,
  type FakeHandler as HarnessHandler,
  type FakeHandlers as HarnessHandlers,
  type FakeReply as HarnessReply,
  type SentRequest as HarnessSentRequest,
  type ServiceRoutes as HarnessRoutes,
} from '@outsync/app-runtime/testing';
import { platformFacts, type ErrorEnvelope } from '@outsync/contracts';
import {
  accountsRoutes,
  type AdminUserRow,
  type ApiToken,
  type Partner,
  type ApiKey,
  type BlockListSync,
  type ConnectedAccountCheckResponse,
  type CrmProperty,
  type HeyreachLeadList,
  type HubspotCrmList,
  type HubspotProfilesResponse,
  type IntegrationItem,
  type LeadCategory,
  type PlatformClient,
  type SalesforceList,
  type SalesforceProfile,
  type UserAccount,
} from '@outsync/contracts/accounts';
import { oid } from './fixtures';
import {
  apiKeyInUse,
  endpointInUse,
  heyreachRefusedKey,
  privateAddress,
  reportNotFound,
  serviceErrors,
  wrongPlatformKey,
} from './service-answers';

/** Every route the service serves: the core table and this area's (as sync-service's `serviceRoutes`). */
type ServiceRoutes = HarnessRoutes<typeof accountsRoutes>;

export type RouteName = keyof ServiceRoutes & string;

/** What the fake keeps, as the service's database would. Tests seed and inspect it. */
export interface FakeDb {
  integrations: IntegrationItem[];
  hubspotCheck: ConnectedAccountCheckResponse;
  hubspotProfiles: HubspotProfilesResponse;
  hubspotAuthorizeUrl: string;
  salesforceCheck: ConnectedAccountCheckResponse;
  salesforceProfiles: SalesforceProfile[];
  apiKeys: ApiKey[];
  allApiKeys: ApiKey[];
  /** The keys themselves, by API key id (lists never carry them). */
  apiKeySecrets: Record<string, string>;
  /** Keys the platforms refuse. */
  refusedApiKeys: string[];
  leadCategories: Record<string, LeadCategory[]>;
  userAccounts: UserAccount[];
  adminUsers: AdminUserRow[];
  /** Partner accounts (admins' Partners section); the partners tests answer the writes. */
  partners: Partner[];
  /** The user's API tokens, oldest first (never the tokens themselves). */
  apiTokens: ApiToken[];
  /** The tokens the next creations answer with, in order. */
  apiTokenSecrets: string[];
  /** Block-list syncs, newest first (as the service lists them). */
  blockListSyncs: BlockListSync[];
  /** A HubSpot profile's contact and company lists, by profile id. */
  hubspotLists: Record<string, HubspotCrmList[]>;
  /** A Salesforce profile's reports, by profile id. */
  salesforceLists: Record<string, SalesforceList[]>;
  /** A report's columns, by report id. */
  reportFields: Record<string, string[]>;
  /** A profile's CRM contact properties, by profile id. */
  crmProperties: Record<string, CrmProperty[]>;
  /** The Smartlead clients a key sees, by API key id. */
  smartleadClients: Record<string, PlatformClient[]>;
  /** The HeyReach lead lists a key sees, by API key id. */
  heyreachLists: Record<string, HeyreachLeadList[]>;
}

export function emptyDb(): FakeDb {
  return {
    integrations: [],
    hubspotCheck: {},
    hubspotProfiles: { auth0Profiles: [], organizationProfiles: [] },
    hubspotAuthorizeUrl: 'https://app.hubspot.test/oauth/authorize?client_id=c1&state=s1',
    salesforceCheck: {},
    salesforceProfiles: [],
    apiKeys: [],
    allApiKeys: [],
    apiKeySecrets: {},
    refusedApiKeys: [],
    leadCategories: {},
    userAccounts: [],
    adminUsers: [],
    partners: [],
    apiTokens: [],
    apiTokenSecrets: [],
    blockListSyncs: [],
    hubspotLists: {},
    salesforceLists: {},
    reportFields: {},
    crmProperties: {},
    smartleadClients: {},
    heyreachLists: {},
  };
}

/** One answer: a body (the route's success status), an error envelope, or a page not in JSON. */
export type FakeReply<N extends RouteName> = HarnessReply<ServiceRoutes[N]>;

/** A route's handler gets the request already validated by the route's schemas. */
export type FakeHandler<N extends RouteName> = HarnessHandler<ServiceRoutes[N], RouteName>;

export type FakeHandlers = HarnessHandlers<ServiceRoutes>;

/** One request the page sent, as the service saw it. */
export type SentRequest = HarnessSentRequest<RouteName>;

const error = (status: number, envelope: ErrorEnvelope) => ({ status, error: envelope });
const notFound = (envelope: ErrorEnvelope = { message: 'Not found', code: 'not_found' }) =>
  error(404, envelope);
const noProfile = () => notFound(serviceErrors.profileNotFound);
const noKey = () => notFound(serviceErrors.apiKeyNotFound);
const noEndpoint = () => notFound(serviceErrors.endpointNotFound);

let lastId = 0xf000;
const newId = () => oid(++lastId);

/** The service's behaviour over `db`, route by route (only the routes these screens call). */
function serviceHandlers(db: FakeDb): FakeHandlers {
  const ownProfile = (id: string) => db.integrations.find((item) => item.user.id === id)?.user;
  const findKey = (id: string) =>
    db.apiKeys.find((key) => key.id === id) ?? db.allApiKeys.find((key) => key.id === id);
  const replaceKey = (next: ApiKey) => {
    db.apiKeys = db.apiKeys.map((key) => (key.id === next.id ? next : key));
    db.allApiKeys = db.allApiKeys.map((key) => (key.id === next.id ? next : key));
  };
  const refused = (apiKey: string) => db.refusedApiKeys.includes(apiKey);
  const keyRefused = (key: ApiKey) => refused(db.apiKeySecrets[key.id] ?? '');
  /** A block-list sync as the service stores a Start Blocking (its first run queued). */
  const newSync = (
    profile: IntegrationItem['user'],
    key: ApiKey,
    fields: Pick<
      BlockListSync,
      | 'crm'
      | 'listId'
      | 'listName'
      | 'listType'
      | 'blockType'
      | 'useDomainForNonLatin'
      | 'profileUrlFieldNames'
      | 'fields'
      | 'heyReachListId'
    > & { client: string | null },
  ): BlockListSync => {
    const { client, ...rest } = fields;
    const clientEmail = db.smartleadClients[key.id]?.find((item) => item.id === client)?.email;
    return {
      ...rest,
      id: newId(),
      listIdILS: fields.listId,
      userId: profile.id,
      user: {
        email: profile.email,
        // The integration item carries no account id: the fake shows the portal's.
        accountId: profile.organizationId,
        organizationId: profile.organizationId,
        canBlockList: profile.canBlockList,
      },
      apiKey: { id: key.id, description: key.description, platform: key.platform },
      clientDetails: client === null ? null : { id: client, email: clientEmail ?? '' },
      lastFetchedAt: null,
      lastAttemptedAt: null,
      lastError: null,
      lastSmartleadError: null,
      countItemsSynced: 0,
      countItemsNotSynced: 0,
      isEnabled: true,
      status: 'QUEUED',
      progress: null,
      nextRunAt: null,
      canManage: true,
      createdAt: new Date().toISOString(),
    };
  };
  const addSync = (sync: BlockListSync) => {
    db.blockListSyncs = [sync, ...db.blockListSyncs];
    return { body: sync };
  };
  const managedSync = (id: string) =>
    db.blockListSyncs.find((sync) => sync.id === id && sync.canManage);

  return {
    userIntegrations: () => ({ body: db.integrations }),

    hubspotCheckConnectedAccount: () => ({ body: db.hubspotCheck }),
    hubspotProfiles: () => ({ body: db.hubspotProfiles }),
    hubspotAuthorizeUrl: () => ({ body: { url: db.hubspotAuthorizeUrl } }),
    deleteHubspotProfile: ({ params }) => {
      const own = db.hubspotProfiles.auth0Profiles;
      if (!own.some((entry) => entry.id === params.id)) return noProfile();
      db.hubspotProfiles = {
        ...db.hubspotProfiles,
        auth0Profiles: own.filter((entry) => entry.id !== params.id),
      };
      return { body: { id: params.id } };
    },

    salesforceCheckConnectedAccount: () => ({ body: db.salesforceCheck }),
    salesforceProfiles: () => ({ body: db.salesforceProfiles }),
    createSalesforceProfile: ({ body }) => {
      const id = newId();
      const created: SalesforceProfile = {
        id,
        user: { id, settings: { domain: body.domain, consumer_key: body.consumer_key } },
        isConnected: false,
        connectedAs: null,
      };
      db.salesforceProfiles = [...db.salesforceProfiles, created];
      return { status: 201, body: created };
    },
    salesforceConnectCheck: ({ params }) => {
      const profile = db.salesforceProfiles.find((item) => item.user.id === params.userId);
      if (!profile) return noProfile();
      const query = new URLSearchParams({
        client_id: profile.user.settings.consumer_key,
        redirect_uri: 'http://localhost/oauth/salesforce',
        response_type: 'code',
        prompt: 'login',
        state: 'state-1',
      });
      const authorizeUrl = `${profile.user.settings.domain}/services/oauth2/authorize?${query}`;
      return { body: { ok: true, authorizeUrl } };
    },
    deleteSalesforceProfile: ({ params }) => {
      if (!db.salesforceProfiles.some((item) => item.id === params.id)) return noProfile();
      db.salesforceProfiles = db.salesforceProfiles.filter((item) => item.id !== params.id);
      return { body: { id: params.id } };
    },

    apiKeys: () => ({ body: { apiKeys: db.apiKeys, allApiKeys: db.allApiKeys } }),
    checkApiKey: ({ body }) =>
      refused(body.apiKey)
        ? error(400, serviceErrors.apiKeyInvalid)
        : { body: { valid: true, message: 'The API key works.' } },
    createApiKey: ({ body }) => {
      const profile = ownProfile(body.userProfileId);
      if (!profile) return noProfile();
      if (refused(body.apiKey)) return error(400, serviceErrors.apiKeyInvalid);
      const created: ApiKey = {
        id: newId(),
        description: body.description,
        platform: body.platform,
        baseUrl: body.baseUrl,
        userProfileId: profile.id,
        userProfile: {
          firstName: profile.firstName,
          lastName: profile.lastName,
          email: profile.email,
          organizationId: profile.organizationId,
          organizationDomain: profile.organizationDomain,
        },
        isValid: true,
        checkedAt: new Date().toISOString(),
        syncBlockList: [],
        canManage: true,
      };
      db.apiKeys = [...db.apiKeys, created];
      db.apiKeySecrets[created.id] = body.apiKey;
      return { status: 201, body: created };
    },
    updateApiKey: ({ params, body }) => {
      const key = findKey(params.id);
      if (!key?.canManage) return noKey();
      if (refused(body.apiKey)) return error(400, serviceErrors.apiKeyInvalid);
      const updated: ApiKey = {
        ...key,
        description: body.description,
        platform: body.platform,
        baseUrl: body.baseUrl,
        isValid: true,
      };
      replaceKey(updated);
      db.apiKeySecrets[key.id] = body.apiKey;
      return { body: updated };
    },
    validateApiKey: ({ params }) => {
      const key = findKey(params.id);
      if (!key) return noKey();
      const isValid = !refused(db.apiKeySecrets[key.id] ?? '');
      replaceKey({ ...key, isValid });
      return { body: { id: key.id, isValid } };
    },
    revealApiKey: ({ params }) => {
      const key = findKey(params.id);
      const apiKey = db.apiKeySecrets[params.id];
      if (!key?.canManage || apiKey === undefined) return noKey();
      return { body: { id: key.id, apiKey } };
    },
    deleteApiKey: ({ params }) => {
      const key = findKey(params.id);
      if (!key?.canManage) return noKey();
      const users = key.syncBlockList.map((sync) => `block-list sync "${sync.listName}"`);
      if (users.length > 0) return error(409, apiKeyInUse(key.description, users));
      db.apiKeys = db.apiKeys.filter((item) => item.id !== key.id);
      db.allApiKeys = db.allApiKeys.filter((item) => item.id !== key.id);
      return { body: { id: key.id, description: key.description } };
    },
    leadCategories: ({ params }) => {
      if (!findKey(params.id)) return noKey();
      return { body: db.leadCategories[params.id] ?? [] };
    },
    addLeadCategories: ({ params, body }) => {
      const key = findKey(params.id);
      if (!key) return noKey();
      if (!platformFacts[key.platform].leadCategoriesByHand)
        return error(400, serviceErrors.notHeyReach);
      const list = db.leadCategories[key.id] ?? [];
      for (const { categoryId, categoryName } of body.categories) {
        if (list.some((category) => category.id === categoryId)) continue;
        list.push({ id: categoryId, created_at: new Date().toISOString(), name: categoryName });
      }
      db.leadCategories[key.id] = list;
      return { body: list };
    },

    userAccounts: () => ({ body: db.userAccounts }),
    createUserAccount: ({ body }) => {
      if (!ownProfile(body.userProfileId)) return noProfile();
      const host = new URL(body.url).hostname;
      if (host === 'localhost' || /^(127|10|192\.168)\./.test(host))
        return error(400, privateAddress(host));
      const created: UserAccount = {
        id: newId(),
        url: body.url,
        description: body.description,
        userProfileId: body.userProfileId,
        canDelete: true,
        validatedAt: new Date().toISOString(),
        syncAlerts: body.syncAlerts,
      };
      db.userAccounts = [...db.userAccounts, created];
      return { status: 201, body: created };
    },
    updateUserAccount: ({ params, body }) => {
      const account = db.userAccounts.find((item) => item.id === params.id);
      if (!account) return noEndpoint();
      const updated = { ...account, syncAlerts: body.syncAlerts };
      db.userAccounts = db.userAccounts.map((item) => (item.id === params.id ? updated : item));
      return { body: updated };
    },
    deleteUserAccount: ({ params }) => {
      const account = db.userAccounts.find((item) => item.id === params.id);
      if (!account) return noEndpoint();
      if (!account.canDelete) return error(409, endpointInUse(account.description));
      db.userAccounts = db.userAccounts.filter((item) => item.id !== params.id);
      return { body: { id: account.id, description: account.description } };
    },

    profileApiKeys: ({ params, query }) => {
      if (!ownProfile(params.userId)) return noProfile();
      const keys = db.apiKeys.filter(
        (key) =>
          key.userProfileId === params.userId &&
          (query.platform === undefined || key.platform === query.platform),
      );
      return { body: keys };
    },
    hubspotBlockListSources: ({ params }) => {
      if (!ownProfile(params.userProfileId)) return noProfile();
      return { body: db.hubspotLists[params.userProfileId] ?? [] };
    },
    salesforceBlockListSources: ({ params }) => {
      if (!ownProfile(params.userProfileId)) return noProfile();
      return { body: db.salesforceLists[params.userProfileId] ?? [] };
    },
    salesforceReportFields: ({ params }) => {
      if (!ownProfile(params.userProfileId)) return noProfile();
      const fields = db.reportFields[params.listId];
      if (!fields) return notFound(reportNotFound(params.listId));
      return { body: fields };
    },
    crmProperties: ({ params }) => {
      if (!ownProfile(params.userProfileId)) return noProfile();
      return { body: db.crmProperties[params.userProfileId] ?? [] };
    },
    smartleadClients: ({ params }) => {
      const key = findKey(params.apiKeyId);
      if (!key) return noKey();
      if (key.platform !== 'smartlead') {
        return error(400, wrongPlatformKey(platformFacts[key.platform].displayName, 'clients'));
      }
      if (keyRefused(key)) return error(502, serviceErrors.smartleadRefusedKey);
      return { body: db.smartleadClients[key.id] ?? [] };
    },
    heyreachLists: ({ params }) => {
      const key = findKey(params.apiKeyId);
      if (!key) return noKey();
      if (key.platform !== 'heyreach') {
        return error(400, wrongPlatformKey(platformFacts[key.platform].displayName, 'lists'));
      }
      if (keyRefused(key)) {
        return { body: { success: false, error: heyreachRefusedKey, lists: [] } };
      }
      return { body: { success: true, error: null, lists: db.heyreachLists[key.id] ?? [] } };
    },
    createHeyreachList: ({ params, body }) => {
      const key = findKey(params.apiKeyId);
      if (!key?.canManage) return noKey();
      if (key.platform !== 'heyreach') {
        return error(400, wrongPlatformKey(platformFacts[key.platform].displayName, 'lists'));
      }
      if (keyRefused(key)) {
        return { body: { success: false, listId: null, error: heyreachRefusedKey } };
      }
      const list = { id: String(++lastId), name: body.listName };
      db.heyreachLists[key.id] = [...(db.heyreachLists[key.id] ?? []), list];
      return { body: { success: true, listId: list.id, error: null } };
    },

    listBlockListSyncs: () => ({ body: db.blockListSyncs }),
    createHubspotBlockList: ({ body }) => {
      const profile = ownProfile(body.userProfileId);
      const key = body.apiKeyId ? findKey(body.apiKeyId) : undefined;
      if (!profile || profile.profile !== 'HUBSPOT') return noProfile();
      if (!key || key.userProfileId !== profile.id) return noKey();
      return addSync(
        newSync(profile, key, {
          crm: 'HUBSPOT',
          listId: body.listId,
          listName: body.listName,
          listType: body.listType,
          blockType: body.blockType,
          useDomainForNonLatin: body.useDomainForNonLatin,
          profileUrlFieldNames: body.profileUrlFieldNames,
          fields: [],
          heyReachListId: body.heyReachListId,
          client: body.client,
        }),
      );
    },
    createSalesforceBlockList: ({ body }) => {
      const profile = ownProfile(body.userProfileId);
      const key = body.apiKeyId ? findKey(body.apiKeyId) : undefined;
      if (!profile || profile.profile !== 'SALESFORCE') return noProfile();
      if (!key || key.userProfileId !== profile.id) return noKey();
      return addSync(
        newSync(profile, key, {
          crm: 'SALESFORCE',
          listId: body.listIdentifier,
          listName: body.listName,
          listType: 'CONTACT_LIST',
          blockType: body.blockType,
          useDomainForNonLatin: body.useDomainForNonLatin,
          profileUrlFieldNames: [],
          fields: body.fields,
          heyReachListId: null,
          client: body.client,
        }),
      );
    },
    updateBlockListSync: ({ params, body }) => {
      const sync = managedSync(params.id);
      if (!sync) return notFound(serviceErrors.blockListNotFound);
      // Resume queues a run at once; Pause stops further runs.
      const updated: BlockListSync = body.isEnabled
        ? { ...sync, isEnabled: true, status: 'QUEUED' }
        : { ...sync, isEnabled: false, nextRunAt: null };
      db.blockListSyncs = db.blockListSyncs.map((item) => (item.id === sync.id ? updated : item));
      return { body: updated };
    },
    deleteBlockListSync: ({ params }) => {
      const sync = managedSync(params.id);
      if (!sync) return notFound(serviceErrors.blockListNotFound);
      db.blockListSyncs = db.blockListSyncs.filter((item) => item.id !== sync.id);
      return { body: { id: sync.id, listId: sync.listId, listName: sync.listName } };
    },

    adminUsers: () => ({ body: db.adminUsers }),
    partners: () => ({ body: db.partners }),

    apiTokens: () => ({ body: db.apiTokens }),
    createApiToken: ({ body }) => {
      const token = db.apiTokenSecrets.shift() ?? `osat_${'x'.repeat(43)}`;
      const now = new Date();
      const created: ApiToken = {
        id: newId(),
        name: body.name,
        scope: body.scope,
        prefix: token.slice(0, 12),
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + body.expiresInDays * 86_400_000).toISOString(),
        lastUsedAt: null,
      };
      db.apiTokens = [...db.apiTokens, created];
      return { status: 201, body: { ...created, token } };
    },
    revokeApiToken: ({ params }) => {
      if (!db.apiTokens.some((item) => item.id === params.id)) {
        return notFound({ message: 'No such API token.', code: 'not_found' });
      }
      db.apiTokens = db.apiTokens.filter((item) => item.id !== params.id);
      return { body: { id: params.id } };
    },
    updateAdminUser: ({ params, body }) => {
      const row = db.adminUsers.find((item) => item.id === params.id);
      if (!row) return noProfile();
      const { role, isPaidTier, ...flags } = body;
      db.adminUsers = db.adminUsers.map((item) => {
        let next = item;
        if (item.id === row.id && item.profile !== null) next = { ...next, ...flags };
        if (item.userId === row.userId) {
          if (role !== undefined) next = { ...next, role };
          if (isPaidTier !== undefined) next = { ...next, isPaidTier };
        }
        return next;
      });
      const updated = db.adminUsers.find((item) => item.id === row.id) ?? row;
      return { body: updated };
    },
  };
}

/** Replaces fetch with the fake service (see the API at the top of this file). */
export function fakeService(seed: Partial<FakeDb> = {}) {
  const db: FakeDb = { ...emptyDb(), ...seed };
  const api = createFakeService({ routes: accountsRoutes, handlers: serviceHandlers(db) });
  return { db, requests: api.requests, on: api.on, sent: api.sent };
}

export type FakeService = ReturnType<typeof fakeService>;

export { deferred } from '@outsync/app-runtime/testing';
