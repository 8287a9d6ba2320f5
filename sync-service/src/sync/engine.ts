import type { CanonicalEvent } from '@outsync/contracts/sync';
import type { Types } from 'mongoose';
import type { Config } from '../config';
import { createInstantlyClient, createSmartleadClient } from '../connectors';
import { isConnectorError } from '../connectors/http';
import type { Modules } from '../modules';
import { apiKeyModel } from '../modules/api-keys/api-keys.service';
import type { ProfileDoc } from '../modules/profiles/profiles.service';
import { userAccountModel } from '../modules/user-accounts/user-accounts.service';
import type { Database } from '../platform/db';
import type { Logger } from '../platform/logger';
import type { SafeFetch } from '../platform/safe-fetch';
import type { SecretBox } from '../platform/secrets';
import {
  categoryHoldModel,
  leadCategoryStateModel,
  type CategoryHoldModel,
  type LeadCategoryStateModel,
} from './category-hold.model';
import type { KnownCategory } from './decisions/category-filter';
import { createLeadCategoryLookup } from './lead-category-lookup';
import { createSyncPipeline, type SyncPipeline, type WebhookContext } from './pipeline';
import {
  syncDedupModel,
  syncEventModel,
  type SyncDedupModel,
  type SyncEventModel,
} from './sync-event.model';
import type { CrmWriter } from './write/crm-writer';
import { createHubspotWriter } from './write/hubspot';
import { createPropertyCache } from './write/hubspot-properties';
import { createRecordIdCache } from './write/record-id-cache';
import { createSalesforceFieldCache, createSalesforceWriter } from './write/salesforce';

export type SyncModels = {
  events: SyncEventModel;
  dedup: SyncDedupModel;
  holds: CategoryHoldModel;
  leadStates: LeadCategoryStateModel;
};

export function syncModels(db: Database): SyncModels {
  return {
    events: syncEventModel(db.connection),
    dedup: syncDedupModel(db.connection),
    holds: categoryHoldModel(db.connection),
    leadStates: leadCategoryStateModel(db.connection),
  };
}

export type SyncEngineDeps = {
  db: Database;
  modules: Modules;
  config: Pick<Config, 'sync' | 'platforms'>;
  secrets: SecretBox;
  safeFetch: SafeFetch;
  logger: Logger;
  now: () => Date;
  /** Queues a run of events (an Agenda job) at a time. */
  schedule(eventIds: string[], at: Date): Promise<void>;
};

export type SyncEngine = {
  models: SyncModels;
  pipeline: SyncPipeline;
};

/**
 * The sync pipeline over the modules' data: webhooks, their profiles' CRM connections, the
 * owners' plans, API keys for category lookups and the additional endpoints. The API process
 * builds one (test events run inline, retries are queued) and so does each worker.
 */
export function createSyncEngine(deps: SyncEngineDeps): SyncEngine {
  const models = syncModels(deps.db);
  const { modules } = deps;
  const propertyCache = createPropertyCache();
  const salesforceFieldCache = createSalesforceFieldCache();
  const recordIds = createRecordIdCache();
  const apiKeys = apiKeyModel(deps.db.connection);
  const endpoints = userAccountModel(deps.db.connection);
  const lookup = createLeadCategoryLookup({
    smartlead: (apiKey) =>
      createSmartleadClient({
        apiKey,
        baseUrl: deps.config.platforms.smartleadUrl,
        fetch: deps.safeFetch,
      }),
    instantly: (apiKey) =>
      createInstantlyClient({
        apiKey,
        baseUrl: deps.config.platforms.instantlyUrl,
        fetch: deps.safeFetch,
      }),
  });

  async function loadContext(webhookId: string): Promise<WebhookContext | null> {
    const webhook = await modules.webhooks.webhookById(webhookId);
    if (!webhook) return null;
    const [profile, owner] = await Promise.all([
      modules.profiles.findProfile(webhook.userProfileId.toString()),
      modules.users.findById(webhook.userId.toString()),
    ]);
    const { writer, problem } = writerFor(profile);
    return {
      webhookId,
      crm: profile?.crm ?? 'HUBSPOT',
      accountKey: webhook.userProfileId.toString(),
      ownerIsPaidTier: owner?.isPaidTier ?? false,
      profileCanWebhook: profile?.canWebhook ?? false,
      settings: webhook,
      approvedCategories: webhook.smartleadBaseCategories,
      apiKeyId: webhook.apiKeyId?.toString() ?? null,
      endpoints: webhook.additionalEndpoints.map((endpoint) => ({
        userAccountId: endpoint.userAccountId.toString(),
        eventTypes: endpoint.eventTypes,
      })),
      writer,
      writerProblem: problem,
    };
  }

  function writerFor(profile: ProfileDoc | null) {
    if (!profile) return { writer: null, problem: 'The CRM profile of this webhook was deleted.' };
    if (!profile.connection)
      return {
        writer: null,
        problem: `${profile.crm === 'SALESFORCE' ? 'Salesforce' : 'HubSpot'} is not connected for this profile: connect it again under Connected accounts.`,
      };
    const counts = (leadKeys: readonly string[]) => writtenEventCounts(profile._id, leadKeys);
    if (profile.crm === 'SALESFORCE') {
      const writer = createSalesforceWriter({
        client: modules.profiles.connections.salesforceClient(profile),
        orgId: profile.organizationId,
        fieldCache: salesforceFieldCache,
        writtenEventCounts: counts,
        personIds: recordIds,
      });
      return { writer: oneAtATime(`salesforce:${profile.organizationId}`, writer), problem: null };
    }
    const writer = createHubspotWriter({
      client: modules.profiles.connections.hubspotClient(profile),
      portalId: profile.organizationId,
      propertyCache,
      writtenEventCounts: counts,
      contactIds: recordIds,
    });
    return { writer: oneAtATime(`hubspot:${profile.organizationId}`, writer), problem: null };
  }

  /**
   * Writes to one CRM account run one after another in this process: two batches that both look
   * for a new company's domain would otherwise both create it (HubSpot keeps domains non-unique).
   */
  const accountQueues = new Map<string, Promise<unknown>>();
  function oneAtATime(accountKey: string, writer: CrmWriter): CrmWriter {
    return {
      write(items, record, onTurn) {
        const previous = accountQueues.get(accountKey) ?? Promise.resolve();
        const run = previous
          .catch(() => undefined)
          .then(async () => writer.write(onTurn ? await onTurn(items) : items, record));
        const tail = run.catch(() => undefined);
        accountQueues.set(accountKey, tail);
        void tail.then(() => {
          if (accountQueues.get(accountKey) === tail) accountQueues.delete(accountKey);
        });
        return run;
      },
    };
  }

  /** Per lead, the opens and clicks of the profile whose contact write is recorded. */
  async function writtenEventCounts(userProfileId: Types.ObjectId, leadKeys: readonly string[]) {
    const rows = await models.events.aggregate<{
      _id: { leadKey: string; eventType: string };
      n: number;
    }>([
      {
        $match: {
          userProfileId,
          leadKey: { $in: leadKeys },
          eventType: { $in: ['EMAIL_OPEN', 'EMAIL_LINK_CLICK'] },
          'steps.contactWritten': true,
        },
      },
      { $group: { _id: { leadKey: '$leadKey', eventType: '$eventType' }, n: { $sum: 1 } } },
    ]);
    const counts = new Map<string, { opens: number; clicks: number }>();
    for (const { _id, n } of rows) {
      const entry = counts.get(_id.leadKey) ?? { opens: 0, clicks: 0 };
      if (_id.eventType === 'EMAIL_OPEN') entry.opens = n;
      else entry.clicks = n;
      counts.set(_id.leadKey, entry);
    }
    return counts;
  }

  async function platformCategory(input: {
    apiKeyId: string;
    event: CanonicalEvent;
  }): Promise<KnownCategory> {
    const key = await apiKeys.findById(input.apiKeyId).lean();
    const email = input.event.lead.email;
    if (!key || !email || (key.platform !== 'smartlead' && key.platform !== 'instantly'))
      return { kind: 'unknown' };
    try {
      const answer = await lookup.currentCategory({
        platform: key.platform,
        apiKey: deps.secrets.open(key.apiKeySealed),
        leadEmail: email,
        campaignId: input.event.campaign.id,
      });
      if (answer === 'unknown') return { kind: 'unknown' };
      if (answer === null) return { kind: 'none' };
      return { kind: 'category', id: answer.id, name: answer.name };
    } catch (error) {
      // The platform cannot answer now: the event is held as unknown rather than failed; the
      // lead's next category event releases it.
      if (isConnectorError(error)) {
        deps.logger.warn({ err: error, platform: key.platform }, 'lead category lookup failed');
        return { kind: 'unknown' };
      }
      throw error;
    }
  }

  const pipeline = createSyncPipeline({
    ...models,
    loadContext,
    platformCategory,
    async endpoint(userAccountId) {
      const doc = await endpoints.findById(userAccountId).lean();
      return doc ? { url: doc.url, secret: deps.secrets.open(doc.signingSecretSealed) } : null;
    },
    fetch: deps.safeFetch,
    schedule: deps.schedule,
    now: deps.now,
    logger: deps.logger,
    maxAttempts: deps.config.sync.maxAttempts,
    leaseMs: deps.config.sync.leaseMs,
    maxBatch: deps.config.sync.maxBatch,
  });

  return { models, pipeline };
}
