// A fake sync-service for the component tests of the webhooks area: fetch answers as the service
// would, from an in-memory copy of its data. Every request is checked with the route's own
// contract schemas (a 400 `validation_error` whose message is the first issue, as the real
// service answers), state-changing calls need the CSRF token, and every answer is typed by the
// route's response schema; the client parses each answer with the same schema, so a wrong one
// fails the test. Create and update check the rules with `firstBlockingProblem` (400 with its
// message) and store what `applyWebhookSaveRules` gives, as the service does.
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
  apiRoutes,
  BISON_LEAD_CATEGORIES,
  type CrmKind,
  type CurrentUser,
  type ErrorEnvelope,
  type RouteDefinition,
  type RouteOutput,
  type RouteParsedInput,
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

/** Every route the service serves that this module may call. */
const serviceRoutes = { ...apiRoutes, ...webhooksAreaRoutes };
type ServiceRoutes = typeof serviceRoutes;

export type RouteName = keyof ServiceRoutes;

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
export type FakeReply<N extends RouteName> =
  | { status?: number; body: RouteOutput<ServiceRoutes[N]> }
  | { status: number; error: ErrorEnvelope }
  | { status: number; text: string };

/** A route's handler gets the request already validated by the route's schemas. */
export type FakeHandler<N extends RouteName> = (
  input: RouteParsedInput<ServiceRoutes[N]>,
  request: SentRequest,
) => FakeReply<N> | Promise<FakeReply<N>>;

export type FakeHandlers = { [N in RouteName]?: FakeHandler<N> };

/** What answers a request no route matches. */
export type UnmatchedHandler = (
  request: SentRequest,
) => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

/** One request the page sent, as the service saw it. */
export interface SentRequest {
  route: RouteName | null;
  method: string;
  /** The whole address, e.g. for a test webhook sent to the webhook's own host. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

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
    csrfToken: () => ({ body: { csrfToken: 'csrf-1' } }),

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

interface RouteEntry {
  name: RouteName;
  route: RouteDefinition;
  pattern: RegExp;
}

// Paths with fewer parameters first: '/webhooks/generate' before '/webhooks/:id'.
const routeTable: RouteEntry[] = (Object.entries(serviceRoutes) as [RouteName, RouteDefinition][])
  .map(([name, route]) => ({
    name,
    route,
    pattern: new RegExp(`^${route.path.replace(/:([A-Za-z_]\w*)/g, '(?<$1>[^/]+)')}$`),
  }))
  .sort((a, b) => a.route.path.split(':').length - b.route.path.split(':').length);

function matchRoute(method: string, path: string) {
  for (const entry of routeTable) {
    if (entry.route.method.toUpperCase() !== method) continue;
    const match = entry.pattern.exec(path);
    if (match) return { entry, params: { ...match.groups } };
  }
  return null;
}

/** Validates a request with the route's schemas, as the service does before any handler. */
function validate(route: RouteDefinition, raw: { params: unknown; query: unknown; body: unknown }) {
  const parsed: Record<string, unknown> = {};
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = route.request?.[part];
    if (!schema) continue;
    const result = schema.safeParse(raw[part]);
    if (!result.success) {
      const message = result.error.issues[0]?.message ?? 'Invalid request';
      return { ok: false as const, reply: error(400, validationError(message)) };
    }
    parsed[part] = result.data;
  }
  return { ok: true as const, input: parsed };
}

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function jsonResponse(status: number, payload: unknown): Response {
  return new Response(JSON.stringify(payload), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function toResponse(reply: FakeReply<RouteName>, successStatus = 200): Response {
  if ('text' in reply) return new Response(reply.text, { status: reply.status });
  if ('error' in reply) return jsonResponse(reply.status, reply.error);
  const status = reply.status ?? successStatus;
  if (typeof reply.body === 'string') {
    return new Response(reply.body, { status, headers: { 'content-type': 'text/plain' } });
  }
  return jsonResponse(status, reply.body);
}

async function bodyOf(request: Request): Promise<unknown> {
  const text = await request.clone().text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Replaces fetch with the fake service (see the API at the top of this file). */
export function fakeService(seed: Partial<FakeDb> = {}) {
  const db: FakeDb = { ...emptyDb(), ...seed };
  const handlers: FakeHandlers = serviceHandlers(db);
  const requests: SentRequest[] = [];
  // Set by acceptEmbedTokens: the bearer tokens the fake accepts instead of a session.
  let embedTokens: Set<string> | null = null;
  let unmatched: UnmatchedHandler = () => ({
    status: 404,
    body: { message: 'Not found', code: 'not_found' },
  });

  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const matched = matchRoute(request.method, url.pathname);
    const sent: SentRequest = {
      route: matched?.entry.name ?? null,
      method: request.method,
      url: url.href,
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body: await bodyOf(request),
    };
    requests.push(sent);
    if (!matched) {
      const { status, body } = await unmatched(sent);
      return jsonResponse(status, body);
    }
    const { entry, params } = matched;
    if (embedTokens) {
      const token = request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? '';
      if (!embedTokens.has(token)) return toResponse(error(401, serviceErrors.embedTokenExpired));
      if (!Object.hasOwn(webhooksEmbedRoutes, entry.name)) {
        return toResponse(error(403, serviceErrors.embedRouteNotAllowed));
      }
    } else if (
      unsafeMethods.has(request.method) &&
      request.headers.get('X-CSRF-Token') !== 'csrf-1'
    ) {
      return toResponse(error(403, serviceErrors.csrfInvalid));
    }
    const checked = validate(entry.route, {
      params,
      query: Object.fromEntries(url.searchParams),
      body: sent.body,
    });
    if (!checked.ok) return toResponse(checked.reply);
    const handler = handlers[entry.name] as FakeHandler<RouteName> | undefined;
    if (!handler) return toResponse(notFound());
    const reply = await handler(checked.input as never, sent);
    return toResponse(reply, entry.route.status);
  });

  return {
    db,
    requests,
    /** Replaces what one route answers (the others keep the service's behaviour). */
    on<N extends RouteName>(name: N, handler: FakeHandler<N>) {
      (handlers as Record<RouteName, unknown>)[name] = handler;
    },
    /** From now on answers as to an embedded module holding one of `tokens` (see the top). */
    acceptEmbedTokens(tokens: string[]) {
      embedTokens = new Set(tokens);
    },
    /** Answers the requests no route matches (the webhook test address, for one). */
    onUnmatched(handler: UnmatchedHandler) {
      unmatched = handler;
    },
    /** The requests that reached one route, e.g. `sent('createWebhook')`. */
    sent(name: RouteName) {
      return requests.filter((request) => request.route === name);
    },
  };
}

export type FakeService = ReturnType<typeof fakeService>;

/** A promise the test settles itself, to look at the page while a request is in flight. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
