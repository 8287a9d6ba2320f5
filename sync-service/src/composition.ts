// The composition root: the one place that builds every model, service and the pipeline of a
// process, once, and wires the features to each other and to the pipeline's ports. The API
// (app.ts) serves its routes from what this builds; workers (worker.ts) run its jobs.
import type { Platform } from '@outsync/contracts';
import type { Config } from './config';
import { FORWARD_NOT_ALLOWED } from './pipeline/forward-step';
import type { EndpointLookup, WebhookEventDoc } from './pipeline';
import { createSharedCrmRateLimits } from './connectors/crm/shared-crm-rate-limits';
import { createPlatformReadBudgets } from './connectors/platforms/platform-read-budgets';
import type { Database } from './platform/db';
import type { Logger } from './platform/logger';
import type { Mailer } from './platform/mailer';
import { noopMetrics, type BlockListRunResult, type Metrics } from './platform/metrics';
import { hasChangeStreams } from './platform/agenda';
import { createRateLimiter } from './platform/rate-limit';
import type { SafeFetch } from './platform/safe-fetch';
import type { SecretBox } from './platform/secrets';
import {
  apiKeyModel,
  createApiKeyRecords,
  createApiKeysService,
  createPlatformGateway,
  leadCategoryModel,
} from './features/api-keys';
import { apiTokenModel, createApiTokensService } from './features/api-tokens';
import { auditEntryModel, createAuditLog } from './features/audit';
import { authModels } from './features/auth';
import {
  blockListLogModel,
  blockListStateModel,
  blockListSyncModel,
  blockListSyncsOfKeys,
  blockListUsageOfProfile,
  createBlockListHelpersService,
  createBlockListLogsReads,
  createBlockListsService,
  createBlockListWriter,
  createPlanChanges,
  runBlockListSync,
} from './features/block-lists';
import {
  categoryHoldModel,
  createCategoryBaseFiltersReads,
  createHoldStore,
  createPlatformCategoryLookup,
  leadCategoryStateModel,
} from './features/category-holds';
import { createHealthService } from './features/health';
import {
  createCircuitAlerts,
  createEndpointNotices,
  createFailedEventsAlerts,
  crmAlertModel,
  endpointNoticeModel,
} from './features/alerts';
import { createPartnersService, embedTokenModel, partnerModel } from './features/partners';
import {
  createCrmDataService,
  createCrmGateway,
  createProfileRecords,
  createProfilesService,
  oauthStateModel,
  profileModel,
  type ProfileDoc,
} from './features/profiles';
import { createUserAccountsService, userAccountModel } from './features/user-accounts';
import { createUsersAdmin, createUsersService, userModel } from './features/users';
import {
  createEventPlanner,
  createSyncAlerts,
  createSyncEngine,
  failedEventsSince,
  createWebhookLogsReads,
  createWebhookLive,
  createWebhookLogsService,
  createHeldEvents,
  queueDepthOf,
  crmCircuitModel,
  crmCreateClaimModel,
  webhookDeliveryModel,
  webhookEventModel,
} from './features/webhook-events';
import { createWebhookCodes, createWebhooksService, webhookModel } from './features/webhooks';
import { createWebhookPreviewService } from './features/webhook-preview';
import {
  backfillModel,
  createBackfillService,
  runBackfill,
  storedEventsLookup,
  type BackfillRunOptions,
} from './features/backfill';
import { createHistoryReader, listPlatformCampaigns } from './connectors';

export type CompositionDeps = {
  config: Pick<
    Config,
    | 'publicUrl'
    | 'adminEmails'
    | 'paidTierEmails'
    | 'hubspot'
    | 'salesforce'
    | 'platforms'
    | 'sync'
    | 'blockLists'
    | 'crmBudgetShare'
  >;
  logger: Logger;
  db: Database;
  /** Key of the webhook code HMAC (AUTH_SECRET, or a per-process random one in development). */
  authSecret: string;
  /** Seals OAuth tokens and API keys before they are stored (SECRETS_KEY). */
  secrets: SecretBox;
  /** The only fetch for URLs outside our control: refuses private addresses (SSRF). */
  safeFetch: SafeFetch;
  /** safeFetch's own check (same allow-list and DNS lookup), for URLs to vet before storing them. */
  assertPublicUrl: (url: string | URL) => Promise<void>;
  now: () => Date;
  /** Queues a run of events (an Agenda job) at a time. */
  scheduleSync(eventIds: string[], at: Date): Promise<void>;
  /** Queues a block-list sync's run now (create, resume). */
  queueBlockListRun(syncId: string): Promise<void>;
  /**
   * Queues a backfill's run at a time (issue 34, item 3). Harnesses without jobs leave it out:
   * the worker's sweep then finds the backfill.
   */
  queueBackfill?: (backfillId: string, at: Date) => Promise<void>;
  /** Sends the alerts; absent in harnesses that do not sync (the alerts are only logged). */
  mailer?: Mailer | undefined;
  /** The process's metrics (issue 33); none are kept when omitted. */
  metrics?: Metrics | undefined;
};

export type Composition = ReturnType<typeof compose>;

type Models = ReturnType<typeof buildModels>;
type Records = ReturnType<typeof buildRecords>;

/** Every collection's model, bound to the process's connection once. */
function buildModels(db: Database) {
  const connection = db.connection;
  return {
    ...authModels(connection),
    users: userModel(connection),
    profiles: profileModel(connection),
    oauthStates: oauthStateModel(connection),
    apiKeys: apiKeyModel(connection),
    leadCategories: leadCategoryModel(connection),
    userAccounts: userAccountModel(connection),
    webhooks: webhookModel(connection),
    partners: partnerModel(connection),
    embedTokens: embedTokenModel(connection),
    apiTokens: apiTokenModel(connection),
    events: webhookEventModel(connection),
    dedup: webhookDeliveryModel(connection),
    crmCircuits: crmCircuitModel(connection),
    crmCreateClaims: crmCreateClaimModel(connection),
    crmAlerts: crmAlertModel(connection),
    endpointNotices: endpointNoticeModel(connection),
    holds: categoryHoldModel(connection),
    leadStates: leadCategoryStateModel(connection),
    blockListSyncs: blockListSyncModel(connection),
    blockListStates: blockListStateModel(connection),
    blockListLogs: blockListLogModel(connection),
    auditEntries: auditEntryModel(connection),
    backfills: backfillModel(connection),
  };
}

/**
 * The collections other features read, each through the port its owner builds over its model
 * (issue 28): no feature hands another its model.
 */
function buildRecords(models: Models) {
  return {
    profiles: createProfileRecords(models.profiles),
    apiKeys: createApiKeyRecords(models.apiKeys),
  };
}

/**
 * The features' services wired to each other, the pipeline over their data and the block-list
 * run. Both roles build it the same way, once per process.
 */
export function compose(deps: CompositionDeps) {
  const { now, config } = deps;
  const metrics = deps.metrics ?? noopMetrics;
  const models = buildModels(deps.db);
  const records = buildRecords(models);
  // outsync_queue_depth, counted at scrape time by the feature that owns the events.
  metrics.queueDepthFrom(() => queueDepthOf(models.events, now()));
  const accounts = composeAccounts(deps, models, records);
  const { users, profiles, webhooks } = accounts;

  /** The id of the user with this (lower-case) e-mail, or null. */
  const userIdOf = async (email: string) => {
    const user = await models.users.exists({ email });
    return user ? user._id.toString() : null;
  };

  /** A CRM account (profile) as an alert names it, with its owner's e-mail. */
  const alertAccountOf = async (accountKey: string) => {
    const profile = await profiles.findProfile(accountKey);
    const owner = profile && (await users.findById(profile.ownerId.toString()));
    return profile && owner
      ? { ownerEmail: owner.email, crm: profile.crm, organizationId: profile.organizationId }
      : null;
  };

  /** The sync alerts to the endpoints that asked for them, checked again at send time. */
  const endpointNotices = createEndpointNotices({
    notices: models.endpointNotices,
    async subscribersOf(profileId) {
      const docs = await models.userAccounts
        .find({ userProfileId: profileId, syncAlerts: true }, { _id: 1 })
        .lean();
      return docs.map((doc) => doc._id.toString());
    },
    async endpoint(endpointId) {
      const doc = await models.userAccounts.findById(endpointId).lean();
      if (!doc) return null;
      if (!doc.syncAlerts)
        return { refused: 'Not sent: the endpoint no longer asks for sync alerts.' };
      const profile = await profiles.findProfile(doc.userProfileId.toString());
      if (!profile?.canUserAccount) return { refused: FORWARD_NOT_ALLOWED };
      return { url: doc.url, secret: deps.secrets.open(doc.signingSecretSealed) };
    },
    fetch: deps.safeFetch,
    now,
    logger: deps.logger,
  });

  // Shared by the real runs and the dry-run preview's plans (issue 34, item 2).
  const holds = createHoldStore({ holds: models.holds, leadStates: models.leadStates });
  const platformCategory = createPlatformCategoryLookup({
    async apiKeyOf(id) {
      const key = await records.apiKeys.findById(id);
      return key && { platform: key.platform, apiKey: () => deps.secrets.open(key.apiKeySealed) };
    },
    platformUrls: config.platforms,
    fetch: deps.safeFetch,
    logger: deps.logger,
  });
  const endpoint: EndpointLookup = async (userAccountId) => {
    const doc = await models.userAccounts.findById(userAccountId).lean();
    return doc ? { url: doc.url, secret: deps.secrets.open(doc.signingSecretSealed) } : null;
  };

  const pipeline = createSyncEngine({
    models: {
      events: models.events,
      dedup: models.dedup,
      circuits: models.crmCircuits,
      createClaims: models.crmCreateClaims,
    },
    holds,
    alerts: createCircuitAlerts({
      alerts: models.crmAlerts,
      accountOf: alertAccountOf,
      mailer: deps.mailer,
      notices: endpointNotices,
      publicUrl: config.publicUrl,
      now,
      logger: deps.logger,
    }),
    webhookById: (id) => webhooks.webhookById(id),
    findProfile: (id) => profiles.findProfile(id),
    ownerOf: (userId) => users.findById(userId),
    connections: profiles.connections,
    platformCategory,
    endpoint,
    config,
    safeFetch: deps.safeFetch,
    logger: deps.logger,
    now,
    schedule: deps.scheduleSync,
    metrics,
  });

  const platformAccess = {
    profiles,
    profileRecords: records.profiles,
    apiKeys: records.apiKeys,
    secrets: deps.secrets,
    platformUrls: config.platforms,
    fetch: deps.safeFetch,
  };
  return {
    models,
    ...accounts,
    pipeline,
    /** The dry-run preview (issue 34, item 2): the pipeline in plan mode over unsaved settings. */
    webhookPreview: createWebhookPreviewService({
      webhooks,
      planner: createEventPlanner({
        models: { events: models.events, dedup: models.dedup, circuits: models.crmCircuits },
        holds,
        connections: profiles.connections,
        platformCategory,
        endpoint,
        ownerOf: (userId) => users.findById(userId),
        config,
        logger: deps.logger,
        now,
      }),
    }),
    /** "Import past activity" (issue 34, item 3): the screens' side and the worker's run. */
    ...composeBackfill(deps, models, records, { webhooks, users, profiles }),
    /** What the receiver and the pipeline count (the API passes it on to the receiver). */
    metrics,
    health: createHealthService({ db: deps.db }),
    /** The per-IP and per-address limits of sign-in. */
    rateLimiter: createRateLimiter({ connection: deps.db.connection, now }),
    blockListHelpers: createBlockListHelpersService(platformAccess),
    blockLists: createBlockListsService({
      ...platformAccess,
      syncs: models.blockListSyncs,
      states: models.blockListStates,
      queueRun: deps.queueBlockListRun,
      now,
    }),
    webhookLogs: createWebhookLogsService({
      events: models.events,
      pipeline,
      schedule: deps.scheduleSync,
      now,
    }),
    /** The owners' hourly digest of failed events (the worker's job). */
    failedEventsAlerts: createFailedEventsAlerts({
      alerts: models.crmAlerts,
      failedSince: (since) => failedEventsSince(models.events, since),
      accountOf: alertAccountOf,
      mailer: deps.mailer,
      notices: endpointNotices,
      publicUrl: config.publicUrl,
      now,
      logger: deps.logger,
    }),
    endpointNotices,
    syncAlerts: createSyncAlerts({
      circuits: models.crmCircuits,
      events: models.events,
      async accountsOf(userId) {
        const docs = await models.profiles.find({ ownerId: userId }).lean<ProfileDoc[]>();
        return docs.map((doc) => ({
          id: doc._id.toString(),
          crm: doc.crm,
          name:
            (doc.crm === 'SALESFORCE' ? doc.salesforce?.domain : doc.organizationDomain) ||
            doc.email,
        }));
      },
      now,
    }),
    // The history screens' reads, each by the feature that owns the collection.
    webhookLogReads: createWebhookLogsReads({
      events: models.events,
      profiles: records.profiles,
      // HubSpot's web app is the authorize page's host (app.hubspot.com in production).
      hubspotAppUrl: new URL(config.hubspot.authorizeUrl).origin,
      maxAttempts: config.sync.maxAttempts,
      now,
    }),
    // The live view's stream (issue 34, item 1): polls a watched webhook's logs.
    webhookLive: createWebhookLive({
      events: models.events,
      now,
      logger: deps.logger,
      async hasChangeStreams() {
        const mongo = deps.db.connection.db;
        return mongo ? hasChangeStreams(mongo) : false;
      },
    }),
    categoryBaseFilterReads: createCategoryBaseFiltersReads({ holds: models.holds, now }),
    blockListLogReads: createBlockListLogsReads({
      logs: models.blockListLogs,
      syncs: models.blockListSyncs,
      now,
    }),
    partners: createPartnersService({
      partners: models.partners,
      embedTokens: models.embedTokens,
      userIdOfEmail: userIdOf,
      userById: (id) => users.findById(id),
      now,
    }),
    /** The customers' own API tokens (issue 34, item 5). */
    apiTokens: createApiTokensService({
      tokens: models.apiTokens,
      userById: (id) => users.findById(id),
      now,
    }),
    audit: createAuditLog({
      entries: models.auditEntries,
      async emailsOf(ids) {
        const docs = await models.users.find({ _id: { $in: ids } }, { email: 1 }).lean();
        return new Map(docs.map((doc) => [doc._id.toString(), doc.email]));
      },
      userIdOf,
      async partnerNamesOf(ids) {
        const docs = await models.partners.find({ _id: { $in: ids } }, { name: 1 }).lean();
        return new Map(docs.map((doc) => [doc._id.toString(), doc.name]));
      },
      now,
    }),
    usersAdmin: createUsersAdmin({
      users: models.users,
      profiles: records.profiles,
      planEffects: planChangesOf(deps, models, records),
    }),
    /** One run of a block-list sync (the worker's job), timed and counted (issue 33). */
    runBlockList: (syncId: string) =>
      meteredRun(metrics, () =>
        runBlockListSync(
          {
            syncs: models.blockListSyncs,
            states: models.blockListStates,
            logs: models.blockListLogs,
            profiles: records.profiles,
            apiKeys: records.apiKeys,
            connections: profiles.connections,
            secrets: deps.secrets,
            writerFor: (target) =>
              createBlockListWriter(target, { urls: config.platforms, fetch: deps.safeFetch }),
            now,
            leaseMs: config.blockLists.leaseMs,
            intervalMs: config.blockLists.intervalMs,
            retentionDays: config.sync.retentionDays,
            logger: deps.logger.child({ component: 'worker' }),
          },
          syncId,
        ),
      ),
  };
}

/** A block-list run with its duration, result and values written counted. */
async function meteredRun(
  metrics: Metrics,
  run: () => ReturnType<typeof runBlockListSync>,
): ReturnType<typeof runBlockListSync> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  try {
    const outcome = await run();
    const result: BlockListRunResult = outcome.ran
      ? outcome.status === 'SYNCED'
        ? 'synced'
        : 'failed'
      : outcome.reason;
    metrics.blockListRun({
      result,
      seconds: seconds(),
      valuesWritten: outcome.ran ? outcome.added : 0,
    });
    return outcome;
  } catch (error) {
    metrics.blockListRun({ result: 'error', seconds: seconds(), valuesWritten: 0 });
    throw error;
  }
}

/** What a plan or Block Lists change does to block lists (issue 29, item 7). */
function planChangesOf(deps: CompositionDeps, models: Models, records: Records) {
  return createPlanChanges({
    profiles: records.profiles,
    syncs: models.blockListSyncs,
    queueRun: deps.queueBlockListRun,
    now: deps.now,
  });
}

/**
 * Users, CRM profiles, API keys, endpoints (user accounts) and webhooks: each asks the others
 * what still hangs off a record before it is deleted, so they are built together.
 */
function composeAccounts(deps: CompositionDeps, models: Models, records: Records) {
  const { now, config } = deps;
  const users = createUsersService({
    users: models.users,
    now,
    adminEmails: config.adminEmails,
    paidTierEmails: config.paidTierEmails,
    profileIdsOf: (userId) => profiles.profileIdsOf(userId),
    planChanged: (userId, isPaidTier) =>
      planChangesOf(deps, models, records).planChanged(userId, isPaidTier),
  });
  // Not every host the guard refuses is hostile: the sandbox and local test servers are allowed.
  const guardUrl = (url: string) => deps.assertPublicUrl(url);
  const profiles = createProfilesService({
    profiles: models.profiles,
    states: models.oauthStates,
    secrets: deps.secrets,
    gateway: createCrmGateway(config, deps.safeFetch),
    // Every process on this database counts against one budget per CRM account (issue 33):
    // `role=all` too, since workers may be added beside it, and the API's own CRM calls count.
    rateLimits: createSharedCrmRateLimits({
      connection: deps.db.connection,
      hubspotShare: config.crmBudgetShare,
    }),
    now,
    publicUrl: config.publicUrl,
    guardUrl,
    ownersOf: (ids) => users.ownersOf(ids),
    // Webhooks, API keys and webhook endpoints name what still hangs off a profile.
    profileUsage: async (profileId) => [
      ...(await webhooks.describeUsageOfProfile(profileId)),
      ...(await apiKeys.describeUsageOfProfile(profileId)),
      ...(await userAccounts.describeUsageOfProfile(profileId)),
      ...(await blockListUsageOfProfile(models.blockListSyncs, profileId)),
    ],
    logger: deps.logger,
  });
  const apiKeys = createApiKeysService({
    apiKeys: models.apiKeys,
    leadCategories: models.leadCategories,
    profiles: records.profiles,
    secrets: deps.secrets,
    platforms: createPlatformGateway({
      urls: config.platforms,
      fetch: deps.safeFetch,
      assertPublicUrl: guardUrl,
    }),
    now,
    // A key a webhook filters by, or a block list writes with, cannot be deleted.
    keyUsage: async (keyId) => [
      ...(await webhooks.describeUsageOfKey(keyId)),
      ...((await blockListSyncsOfKeys(models.blockListSyncs, [keyId])).get(keyId) ?? []).map(
        (sync) => `block list "${sync.listName}"`,
      ),
    ],
    blockListSyncsOfKeys: (keyIds) => blockListSyncsOfKeys(models.blockListSyncs, keyIds),
  });
  const userAccounts = createUserAccountsService({
    userAccounts: models.userAccounts,
    profiles: records.profiles,
    secrets: deps.secrets,
    fetch: deps.safeFetch,
    now,
    // An endpoint a webhook forwards to cannot be deleted.
    endpointUsage: (endpointId) => webhooks.describeUsageOfEndpoint(endpointId),
  });
  const heldEvents = createHeldEvents({ events: models.events, schedule: deps.scheduleSync, now });
  const crmData = createCrmDataService({
    profiles,
    listUserAccountsOfProfile: (profileId, viewer) =>
      userAccounts.listUserAccountsOfProfile(profileId, viewer),
  });
  const webhooks = createWebhooksService({
    webhooks: models.webhooks,
    profiles: records.profiles,
    apiKeys: records.apiKeys,
    codes: createWebhookCodes(deps.authSecret),
    publicUrl: config.publicUrl,
    now,
    usersOf: (ids) => users.ownersOf(ids),
    crmOwners: async (user, profileId, crm) =>
      (await crmData.ownersAndUserAccounts(user, profileId, crm)).owners,
    validateTaskType: (user, input) => crmData.validateTaskType(user, input),
    userAccountsOfProfile: (profileId, viewer) =>
      userAccounts.listUserAccountsOfProfile(profileId, viewer),
    customFieldObjectsCreatedOf: (profileId) => profiles.customFieldObjectsCreatedOf(profileId),
    reevaluateHeld: (webhookId) => heldEvents.reevaluate(webhookId),
  });
  return { users, profiles, apiKeys, userAccounts, crmData, webhooks, heldEvents };
}

/** The backfill's service (routes) and its run (the worker's job), over the features they read. */
function composeBackfill(
  deps: CompositionDeps,
  models: Models,
  records: Records,
  accounts: Pick<ReturnType<typeof composeAccounts>, 'webhooks' | 'users' | 'profiles'>,
) {
  const { webhooks, users, profiles } = accounts;
  const { config, now } = deps;
  const queue = deps.queueBackfill ?? (async () => undefined);
  // Each platform key's documented limit, kept by every process's history reads together.
  const readBudgets = config.platforms.readPacing
    ? createPlatformReadBudgets({ connection: deps.db.connection })
    : undefined;
  const runDeps = {
    backfills: models.backfills,
    async insertEvents(docs: WebhookEventDoc[]) {
      await models.events.collection.insertMany(docs, { ordered: true });
    },
    lookup: storedEventsLookup({
      eventsOfLeads: (webhookId, leadKeys) =>
        models.events
          .find({ webhookId, leadKey: { $in: leadKeys }, test: false }, { eventJson: 1, event: 1 })
          .lean<Array<Pick<WebhookEventDoc, 'eventJson' | 'event'>>>(),
      registry: {
        async find(ids: string[]) {
          const found = await models.dedup.find({ _id: { $in: ids } }, { _id: 1 }).lean();
          return found.map((doc) => doc._id);
        },
      },
    }),
    webhookById: (id: { toString(): string }) => webhooks.webhookById(id.toString()),
    async describe(webhook: {
      userId: { toString(): string };
      userProfileId: { toString(): string };
    }) {
      const [owner, profile] = await Promise.all([
        users.findById(webhook.userId.toString()),
        profiles.findProfile(webhook.userProfileId.toString()),
      ]);
      return { userEmail: owner?.email ?? '', crm: profile?.crm ?? ('HUBSPOT' as const) };
    },
    async credentials(apiKeyId: { toString(): string }) {
      const key = await records.apiKeys.findById(apiKeyId.toString());
      return key && { apiKey: deps.secrets.open(key.apiKeySealed), baseUrl: key.baseUrl };
    },
    readerFor: (platform: Platform, key: { apiKey: string; baseUrl: string | null }) =>
      createHistoryReader(platform, {
        apiKey: key.apiKey,
        baseUrl: platformBaseUrl(config.platforms, platform, key.baseUrl),
        fetch: deps.safeFetch,
        ...(readBudgets ? { throttle: readBudgets.throttle(platform, key.apiKey) } : {}),
      }),
    scheduleSync: deps.scheduleSync,
    queue,
    now,
    retentionDays: config.sync.retentionDays,
    leaseMs: BACKFILL_LEASE_MS,
    logger: deps.logger.child({ component: 'backfill' }),
  };
  return {
    backfills: createBackfillService({
      backfills: models.backfills,
      requireWritable: (user, webhookId) => webhooks.requirePreviewable(user, webhookId),
      isKeyOfProfile: (keyId, profileId, platform) =>
        records.apiKeys.isKeyOfProfile(keyId, profileId, platform),
      async listCampaigns(platform, apiKeyId) {
        const key = await runDeps.credentials(apiKeyId);
        if (!key) return [];
        return listPlatformCampaigns(platform, {
          apiKey: key.apiKey,
          baseUrl: platformBaseUrl(config.platforms, platform, key.baseUrl),
          fetch: deps.safeFetch,
        });
      },
      queue,
      now,
    }),
    /** One run of a backfill (the worker's job); tests pass options to stop it mid-way. */
    runBackfill: (backfillId: string, options?: BackfillRunOptions) =>
      runBackfill(runDeps, backfillId, options),
  };
}

/** A run holds its backfill this long without saving a page (a Smartlead page is ~20 s). */
const BACKFILL_LEASE_MS = 5 * 60_000;

function platformBaseUrl(
  urls: Config['platforms'],
  platform: Platform,
  keyBaseUrl: string | null,
): string {
  switch (platform) {
    case 'smartlead':
      return urls.smartleadUrl;
    case 'instantly':
      return urls.instantlyUrl;
    case 'heyreach':
      return urls.heyreachUrl;
    case 'bison':
      return keyBaseUrl ?? '';
  }
}
