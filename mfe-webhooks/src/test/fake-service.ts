// The webhooks area's data and handlers for the harness's fake sync-service
// (`@outsync/app-runtime/testing`): fetch answers as the service would, from an in-memory copy of
// its data. The harness matches the route, checks the CSRF token and the route's request schemas
// (a 400 `validation_error` whose message is the first issue, as the real service answers) and
// answers unknown routes with a clear 404; the client parses each answer with the route's
// response schema, so a wrong one fails the test. Create and update check the rules with
// `firstBlockingProblem` (400 with its message) and store what `applyWebhookSaveRules` gives, as
// the service does.
//
// API (stable):
//   const api = fakeService(seed?)   replaces fetch; `seed` is a Partial<FakeDb> (see FakeDb)
//   api.db                            the data, to seed more or inspect after a call
//   api.on(route, handler)            replaces one route's answer for the rest of the test:
//                                       api.on('webhooks', () => ({ status: 500, error: {...} }))
//                                       api.on('deleteWebhook', () => ({ status: 400, error: {...} }))
//                                     a handler gets ({ params, query, body }, request), already
//                                     validated, and answers { body }, { status, error } or
//                                     { status, text } (a page that is not JSON)
//   api.onUnmatched(handler)          answers requests no route matches (e.g. the test address
//                                     POST /webhooks/test/{code}); 404 by default
//   api.acceptEmbedTokens(tokens)     answers as to a partner's embedded module (issue 15): every
//                                     call needs `Authorization: Bearer <one of tokens>` (else
//                                     401 embed_token_expired), no CSRF token, and only the
//                                     routes of `webhooksEmbedRoutes` (else 403)
//   api.sent(route)                   the requests that reached a route, in order
//   api.requests                      every request, matched or not (route null)
//   deferred<T>()                     a promise the test settles, to look at a pending screen
// Route names are those of `webhooksAreaRoutes` (shared/api/webhooks-api.ts) plus the core
// `apiRoutes` (csrfToken…).
import {
  createFakeService,
  type FakeHandler as HarnessHandler,
  type FakeReply as HarnessReply,
  type FakeHandlers as HarnessHandlers,
  type SentRequest as HarnessSentRequest,
  type ServiceRoutes as HarnessRoutes,
  type UnmatchedHandler as HarnessUnmatched,
} from '@outsync/app-runtime/testing';
import {
  BISON_LEAD_CATEGORIES,
  type CrmKind,
  type CurrentUser,
  type ErrorEnvelope,
} from '@outsync/contracts';
import type {
  ApiKey,
  CrmOwner,
  CrmProperty,
  IntegrationItem,
  LeadCategory,
  PermissionSet,
  TaskType,
  UserAccount,
} from '@outsync/contracts/accounts';
import {
  applyWebhookSaveRules,
  firstBlockingProblem,
  type CustomFieldObject,
  webhookUrlOf,
  webhooksEmbedRoutes,
  type Webhook,
  type WebhookSettingsParsed,
} from '@outsync/contracts/webhooks';
import { webhooksAreaRoutes } from '../shared/api/webhooks-api';
import { aCode, customer, FAKE_API_HOST, oid } from './fixtures';
import {
  CUSTOM_FIELDS_CREATED,
  notConnected,
  serviceErrors,
  taskTypeFound,
  taskTypeNotFound,
  validationError,
} from './service-answers';

type ServiceRoutes = HarnessRoutes<typeof webhooksAreaRoutes>;

export type RouteName = keyof ServiceRoutes & string;

/** What the fake keeps, as the service's database would. Tests seed and inspect it. */
export interface FakeDb {
  /**
   * Who is signed in: their `userProfiles` are "their own" profiles (the 'Existing webhooks'),
   * `isManagerOrAdmin` sees every webhook in 'All webhooks', `isAdmin` may change any.
   * Pass the same user to `renderPage`. The customer fixture by default.
   */
  caller: CurrentUser;
  /** GET /organizations/integrations, and the profiles every other call may use. */
  integrations: IntegrationItem[];
  /** Profiles (by id) whose OAuth connection is not complete: their CRM data calls answer 409. */
  notConnected: string[];
  /** CRM owners by profile id (HubSpot owners, Salesforce active users). */
  owners: Record<string, CrmOwner[]>;
  /** Webhook endpoints; a profile's are those with its `userProfileId`. */
  userAccounts: UserAccount[];
  /** API keys; a profile's are those with its `userProfileId`. */
  apiKeys: ApiKey[];
  /** Lead categories by API key id (bison keys answer the fixed list whatever is here). */
  leadCategories: Record<string, LeadCategory[]>;
  /**
   * CRM properties: `crmProperties[profileId]` for HubSpot; for Salesforce the object's fields
   * at `crmProperties['{profileId}/Contact']` or `['{profileId}/Lead']`, else `[profileId]`.
   */
  crmProperties: Record<string, CrmProperty[]>;
  /** Salesforce permission sets by profile id. */
  permissionSets: Record<string, PermissionSet[]>;
  /** Salesforce task types by profile id. */
  taskTypes: Record<string, TaskType[]>;
  /** The objects whose custom fields 'Create Fields' made, by profile id. */
  customFieldsCreated: Record<string, CustomFieldObject[]>;
  /** Every stored webhook (the list answers the caller's own and the visible ones). */
  webhooks: Webhook[];
  /** Codes generated and not yet used by a webhook. */
  generatedCodes: string[];
}

export function emptyDb(): FakeDb {
  return {
    caller: customer,
    integrations: [],
    notConnected: [],
    owners: {},
    userAccounts: [],
    apiKeys: [],
    leadCategories: {},
    crmProperties: {},
    permissionSets: {},
    taskTypes: {},
    customFieldsCreated: {},
    webhooks: [],
    generatedCodes: [],
  };
}

/**
 * One answer: a body (the route's success status; a string body goes as plain text, as the
 * generate call's does), an error envelope, or a page not in JSON.
 */
export type FakeReply<N extends RouteName> = HarnessReply<ServiceRoutes[N]>;

/** A route's handler gets the request already validated by the route's schemas. */
export type FakeHandler<N extends RouteName> = HarnessHandler<ServiceRoutes[N], RouteName>;

export type FakeHandlers = HarnessHandlers<ServiceRoutes>;

/** What answers a request no route matches. */
export type UnmatchedHandler = HarnessUnmatched<RouteName>;

/** One request the page sent, as the service saw it. */
export type SentRequest = HarnessSentRequest<RouteName>;

const error = (status: number, envelope: ErrorEnvelope) => ({ status, error: envelope });
const notFound = (envelope: ErrorEnvelope = { message: 'Not found', code: 'not_found' }) =>
  error(404, envelope);

let lastId = 0xf000;
const newId = () => oid(++lastId);
let lastCode = 0x100;

/** The service's behaviour over `db`, route by route (the routes this module calls). */
function serviceHandlers(db: FakeDb): FakeHandlers {
  const ownIds = () => new Set(db.caller.userProfiles.map((entry) => entry.userProfileId));
  const profileOf = (id: string) => db.integrations.find((item) => item.user.id === id)?.user;

  /** The profile of `crm` (any kind when not given) with a completed connection, or the error. */
  const connectedProfile = (id: string, crm?: CrmKind) => {
    const profile = profileOf(id);
    if (!profile || (crm && profile.profile !== crm))
      return { ok: false as const, refusal: notFound(serviceErrors.profileNotFound) };
    if (db.notConnected.includes(id))
      return { ok: false as const, refusal: error(409, notConnected(profile.profile)) };
    return { ok: true as const, profile };
  };

  /** The caller's view of a stored webhook: 'All webhooks' visibility and `canUpdate`. */
  const own = (webhook: Webhook) => ownIds().has(webhook.userProfileId);
  const visible = (webhook: Webhook) => {
    if (own(webhook) || db.caller.isManagerOrAdmin) return true;
    // A customer sees the webhooks on the portals or orgs their own profiles connect.
    return db.integrations.some(
      ({ user }) =>
        ownIds().has(user.id) &&
        user.profile === webhook.user.profile &&
        user.organizationId === webhook.user.organizationId,
    );
  };
  const viewOf = (webhook: Webhook): Webhook => ({
    ...webhook,
    canUpdate: own(webhook) || db.caller.isAdmin,
  });
  const changeable = (id: string) => {
    const webhook = db.webhooks.find((item) => item.id === id);
    return webhook && visible(webhook) && viewOf(webhook).canUpdate ? webhook : undefined;
  };

  const fieldsCreated = (profileId: string, settings: WebhookSettingsParsed, stored: string[]) => {
    const made = new Set([...(db.customFieldsCreated[profileId] ?? []), ...stored]);
    return (settings.salesforceCustomFieldObjects ?? []).every((object) => made.has(object));
  };

  /** A stored webhook's parts that come from the settings after the save rules. */
  const storedSettings = (crm: CrmKind, settings: WebhookSettingsParsed) => {
    const { additionalEndpoints, ...saved } = applyWebhookSaveRules(crm, settings);
    const key = db.apiKeys.find((item) => item.id === saved.apiKeyId);
    const userAccountWebhooks = additionalEndpoints.flatMap(({ userAccountId, eventTypes }) => {
      const account = db.userAccounts.find((item) => item.id === userAccountId);
      return account
        ? [{ userAccount: { id: account.id, description: account.description }, eventTypes }]
        : [];
    });
    return {
      ...saved,
      apiKey: key ? { id: key.id, description: key.description } : null,
      userAccountWebhooks,
    };
  };

  return {
    webhooks: () => {
      const views = db.webhooks.filter(visible).map(viewOf);
      return {
        body: { webhooks: views.filter(own), allWebhooks: views },
      };
    },

    generateWebhookCode: () => {
      const code = aCode(++lastCode);
      db.generatedCodes = [...db.generatedCodes, code];
      return { body: code };
    },

    createWebhook: ({ body }) => {
      const profile = profileOf(body.userProfileId);
      if (!profile) return notFound(serviceErrors.profileNotFound);
      if (!profile.canWebhook) return error(403, serviceErrors.featureNotApproved);
      const crm = profile.profile;
      const problem = firstBlockingProblem(body, {
        crm,
        form: 'create',
        customFieldsCreated: fieldsCreated(profile.id, body, []),
      });
      if (problem) return error(400, validationError(problem));
      // As the service: the rules first, then the code.
      if (db.webhooks.some((webhook) => webhook.code === body.code)) {
        return error(409, serviceErrors.codeTaken);
      }
      if (!db.generatedCodes.includes(body.code)) return error(409, serviceErrors.codeUnavailable);
      // webhookProblems has checked there is an owner.
      const owner = body.selectedOwner as CrmOwner;
      const created: Webhook = {
        id: newId(),
        userId: db.caller.id,
        userProfileId: profile.id,
        user: {
          id: profile.id,
          profile: crm,
          email: profile.email,
          organizationDomain: profile.organizationDomain,
          organizationId: profile.organizationId,
          settings: { domain: profile.organizationDomain },
          userAccounts: db.userAccounts.filter((account) => account.userProfileId === profile.id),
        },
        selectedOwner: owner,
        ownerDetails: { firstName: owner.firstName, lastName: owner.lastName, email: owner.email },
        hubId: profile.organizationId,
        hubspotOwnerId: owner.id,
        webhookUrl: webhookUrlOf(FAKE_API_HOST, body.code),
        code: body.code,
        createdAt: new Date().toISOString(),
        ...storedSettings(crm, body),
        canUpdate: true,
      };
      db.generatedCodes = db.generatedCodes.filter((code) => code !== body.code);
      db.webhooks = [...db.webhooks, created];
      return { status: 201, body: viewOf(created) };
    },

    updateWebhook: ({ params, body }) => {
      const webhook = changeable(params.id);
      if (!webhook) return notFound(serviceErrors.webhookNotFound);
      const crm = webhook.user.profile;
      const problem = firstBlockingProblem(body, {
        crm,
        form: 'update',
        customFieldsCreated: fieldsCreated(
          webhook.userProfileId,
          body,
          webhook.salesforceCustomFieldObjects,
        ),
      });
      if (problem) return error(400, validationError(problem));
      const updated: Webhook = { ...webhook, ...storedSettings(crm, body) };
      db.webhooks = db.webhooks.map((item) => (item.id === webhook.id ? updated : item));
      return { body: viewOf(updated) };
    },

    deleteWebhook: ({ params }) => {
      const webhook = changeable(params.id);
      if (!webhook) return notFound(serviceErrors.webhookNotFound);
      db.webhooks = db.webhooks.filter((item) => item.id !== webhook.id);
      const { firstName, lastName } = webhook.ownerDetails;
      return { body: { id: webhook.id, ownerDetails: { firstName, lastName } } };
    },

    organizationIntegrations: () => ({ body: db.integrations }),

    hubspotOwnersAndUserAccounts: ({ params }) =>
      ownersAndAccounts(params.userProfileId, 'HUBSPOT'),
    salesforceUserAccounts: ({ params }) => ownersAndAccounts(params.userProfileId, 'SALESFORCE'),

    profileApiKeys: ({ params, query }) => {
      if (!profileOf(params.userId)) return notFound(serviceErrors.profileNotFound);
      const keys = db.apiKeys.filter(
        (key) =>
          key.userProfileId === params.userId &&
          (query.platform === undefined || key.platform === query.platform),
      );
      return { body: keys };
    },

    leadCategories: ({ params }) => {
      const key = db.apiKeys.find((item) => item.id === params.id);
      if (!key) return notFound(serviceErrors.apiKeyNotFound);
      if (key.platform === 'bison') {
        return {
          body: BISON_LEAD_CATEGORIES.map(({ id, name }) => ({ id, name, created_at: null })),
        };
      }
      return { body: db.leadCategories[key.id] ?? [] };
    },

    crmProperties: ({ params, query }) => {
      const found = connectedProfile(params.userProfileId);
      if (!found.ok) return found.refusal;
      const { profile } = found;
      const id = profile.id;
      const fields =
        profile.profile === 'SALESFORCE'
          ? (db.crmProperties[`${id}/${query.type ?? 'Contact'}`] ?? db.crmProperties[id])
          : db.crmProperties[id];
      return { body: fields ?? [] };
    },

    salesforcePermissionSets: ({ params }) => {
      const found = connectedProfile(params.userProfileId, 'SALESFORCE');
      if (!found.ok) return found.refusal;
      const { profile } = found;
      return { body: db.permissionSets[profile.id] ?? [] };
    },

    salesforceTaskTypes: ({ params }) => {
      const profile = profileOf(params.userProfileId);
      if (!profile || profile.profile !== 'SALESFORCE')
        return notFound(serviceErrors.profileNotFound);
      if (db.notConnected.includes(profile.id)) {
        return {
          body: { success: false, error: notConnected('SALESFORCE').message, data: [] },
        };
      }
      return { body: { success: true, error: null, data: db.taskTypes[profile.id] ?? [] } };
    },

    validateSalesforceTaskType: ({ body }) => {
      const found = connectedProfile(body.userProfileId, 'SALESFORCE');
      if (!found.ok) return found.refusal;
      const { profile } = found;
      const wanted = body.taskType.toLowerCase();
      const known = (db.taskTypes[profile.id] ?? []).some(
        (type) => type.value.toLowerCase() === wanted || type.label.toLowerCase() === wanted,
      );
      return {
        body: known
          ? { success: true, message: taskTypeFound(body.taskType) }
          : { success: false, message: taskTypeNotFound(body.taskType) },
      };
    },

    createSalesforceFields: ({ body }) => {
      const found = connectedProfile(body.userProfileId, 'SALESFORCE');
      if (!found.ok) return found.refusal;
      const { profile } = found;
      const made = db.customFieldsCreated[profile.id] ?? [];
      db.customFieldsCreated[profile.id] = [...new Set([...made, ...body.customFields])];
      return { body: { success: true, message: CUSTOM_FIELDS_CREATED } };
    },
  };

  function ownersAndAccounts(profileId: string, crm: CrmKind) {
    const found = connectedProfile(profileId, crm);
    if (!found.ok) return found.refusal;
    const { profile } = found;
    return {
      body: {
        owners: db.owners[profile.id] ?? [],
        userAccounts: db.userAccounts.filter((account) => account.userProfileId === profile.id),
      },
    };
  }
}

/** Replaces fetch with the fake service (see the API at the top of this file). */
export function fakeService(seed: Partial<FakeDb> = {}) {
  const db: FakeDb = { ...emptyDb(), ...seed };
  const api = createFakeService({
    routes: webhooksAreaRoutes,
    handlers: serviceHandlers(db),
  });
  return {
    db,
    requests: api.requests,
    on: api.on,
    onUnmatched: api.onUnmatched,
    sent: api.sent,
    /** From now on answers as to an embedded module holding one of `tokens` (see the top). */
    acceptEmbedTokens(tokens: string[]) {
      const accepted = new Set(tokens);
      api.authorize((request, route) => {
        const token = request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? '';
        if (!accepted.has(token)) return error(401, serviceErrors.embedTokenExpired);
        if (!Object.hasOwn(webhooksEmbedRoutes, route)) {
          return error(403, serviceErrors.embedRouteNotAllowed);
        }
        return undefined;
      });
    },
  };
}

export type FakeService = ReturnType<typeof fakeService>;

export { deferred } from '@outsync/app-runtime/testing';
