import { ErrorCodes, type Platform } from '@outsync/contracts';
import {
  BACKFILL_MAX_RANGE_DAYS,
  type Backfill,
  type BackfillCampaignList,
  type BackfillList,
  type BackfillStartRequest,
} from '@outsync/contracts/webhooks';
import { Types } from 'mongoose';
import { HISTORY_SUPPORT, isConnectorError, type PlatformCampaign } from '../../connectors';
import { AccountsErrorCodes } from '@outsync/contracts/accounts';
import { HttpError, notFound } from '../../platform/http/http-error';
import type { SessionUser } from '../../platform/http/types';
import type { WebhookDoc } from '../webhooks';
import { backfillMessages } from './backfill-messages';
import { backfillView } from './backfill-view';
import type { BackfillDoc, BackfillModel } from './backfill.model';

export const BackfillErrorCodes = {
  running: 'backfill_running',
  notAvailable: 'history_not_available',
  unknownCampaigns: 'unknown_campaigns',
} as const;

const DAY_MS = 24 * 60 * 60_000;
/** Backfills a list shows: the newest. */
const LIST_LIMIT = 50;

export type BackfillServiceDeps = {
  backfills: BackfillModel;
  /** The webhook for a change: 404 when not visible, 403 when only visible (as update). */
  requireWritable(user: SessionUser, webhookId: string): Promise<WebhookDoc>;
  /** The key exists, belongs to the profile and is a key of `platform`. */
  isKeyOfProfile(keyId: string, profileId: Types.ObjectId, platform: Platform): Promise<boolean>;
  /**
   * The platform account's campaigns, read with the key (the history's "list campaigns" call);
   * an HttpError in words when the platform refuses the key or cannot be read.
   */
  listCampaigns(platform: Platform, apiKeyId: string): Promise<PlatformCampaign[]>;
  /** Queues a run of the backfill (an Agenda job) at a time. */
  queue(backfillId: string, at: Date): Promise<void>;
  now: () => Date;
};

export type BackfillService = ReturnType<typeof createBackfillService>;

function invalid(message: string): HttpError {
  return new HttpError(400, ErrorCodes.validationError, message);
}

/**
 * "Import past activity" as the screens ask for it (issue 34, item 3): start, follow, cancel.
 * Who may do any of it is who may update the webhook; the run is the worker's (backfill-run.ts).
 */
export function createBackfillService(deps: BackfillServiceDeps) {
  async function backfillOf(webhook: WebhookDoc, backfillId: string): Promise<BackfillDoc> {
    const doc = Types.ObjectId.isValid(backfillId)
      ? await deps.backfills
          .findOne({ _id: backfillId, webhookId: webhook._id })
          .lean<BackfillDoc>()
      : null;
    if (!doc) throw notFound(backfillMessages.notFound);
    return doc;
  }

  /** The key a backfill of the webhook reads with: the one named, else the webhook's own. */
  async function keyOf(webhook: WebhookDoc, apiKeyId: string | null | undefined): Promise<string> {
    const platform = webhook.emailService;
    const keyId = apiKeyId ?? webhook.apiKeyId?.toString() ?? null;
    if (!keyId) throw invalid(backfillMessages.noApiKey(platform));
    if (!(await deps.isKeyOfProfile(keyId, webhook.userProfileId, platform)))
      throw invalid(backfillMessages.notKeyOfProfile(platform));
    return keyId;
  }

  /** The account's campaigns; the platform's refusal or silence as a 502 in words. */
  async function campaignsOf(platform: Platform, keyId: string): Promise<PlatformCampaign[]> {
    try {
      return await deps.listCampaigns(platform, keyId);
    } catch (error) {
      if (!isConnectorError(error)) throw error;
      const refused = ['unauthorized', 'forbidden', 'missing_scopes'].includes(error.code);
      throw new HttpError(
        502,
        AccountsErrorCodes.upstreamFailed,
        refused ? backfillMessages.listKeyRefused(platform) : backfillMessages.listFailed(platform),
      );
    }
  }

  return {
    /** The campaigns the import screen offers, with what the platform's history rebuilds. */
    async campaigns(
      user: SessionUser,
      webhookId: string,
      apiKeyId: string | undefined,
    ): Promise<BackfillCampaignList> {
      const webhook = await deps.requireWritable(user, webhookId);
      const platform = webhook.emailService;
      const keyId = await keyOf(webhook, apiKeyId);
      const campaigns = await campaignsOf(platform, keyId);
      const support = HISTORY_SUPPORT[platform];
      return {
        platform,
        campaigns,
        apiKeyId: keyId,
        notAvailable: [...support.notAvailable],
        rebuilds: [...support.rebuilds],
      };
    },

    async start(
      user: SessionUser,
      webhookId: string,
      input: BackfillStartRequest,
    ): Promise<Backfill> {
      const webhook = await deps.requireWritable(user, webhookId);
      const platform = webhook.emailService;
      if (HISTORY_SUPPORT[platform].rebuilds.length === 0) {
        throw new HttpError(
          422,
          BackfillErrorCodes.notAvailable,
          backfillMessages.nothingToImport(platform),
        );
      }
      const now = deps.now();
      const from = new Date(input.from);
      // A range ending later than now (a date picker's "today") is read up to now.
      const to = new Date(Math.min(Date.parse(input.to), now.getTime()));
      if (from.getTime() > now.getTime()) throw invalid(backfillMessages.startsInFuture);
      if (from.getTime() >= to.getTime()) throw invalid(backfillMessages.rangeBackwards);
      if (to.getTime() - from.getTime() > BACKFILL_MAX_RANGE_DAYS * DAY_MS)
        throw invalid(backfillMessages.tooLong(BACKFILL_MAX_RANGE_DAYS));
      const ids = input.campaigns.map((campaign) => campaign.id);
      if (new Set(ids).size !== ids.length) throw invalid(backfillMessages.duplicateCampaign);
      const apiKeyId = await keyOf(webhook, input.apiKeyId);
      if (await deps.backfills.exists({ webhookId: webhook._id, active: true })) {
        throw new HttpError(409, BackfillErrorCodes.running, backfillMessages.running);
      }
      // The chosen campaigns must be the account's (one listing call): a stale pick is named now
      // instead of failing the run later.
      const known = new Set((await campaignsOf(platform, apiKeyId)).map((c) => c.id));
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length > 0) {
        throw new HttpError(
          422,
          BackfillErrorCodes.unknownCampaigns,
          backfillMessages.unknownCampaigns(platform, unknown),
        );
      }
      const doc: BackfillDoc = {
        _id: new Types.ObjectId(),
        webhookId: webhook._id,
        userId: webhook.userId,
        userProfileId: webhook.userProfileId,
        platform,
        apiKeyId: new Types.ObjectId(apiKeyId),
        status: 'queued',
        active: true,
        from,
        to,
        campaigns: input.campaigns.map((campaign) => ({
          id: campaign.id,
          name: campaign.name ?? null,
        })),
        cursor: null,
        pagesRead: 0,
        eventsFound: 0,
        queued: 0,
        skipped: 0,
        progress: null,
        cancelRequested: false,
        leaseUntil: null,
        resumesAt: null,
        error: null,
        createdBy: new Types.ObjectId(user.id),
        createdAt: now,
        startedAt: null,
        activeMs: 0,
        finishedAt: null,
        updatedAt: now,
      };
      try {
        await deps.backfills.create(doc);
      } catch (error) {
        // Two starts at once: the unique index on the unfinished one lets one through.
        if (isDuplicateKey(error))
          throw new HttpError(409, BackfillErrorCodes.running, backfillMessages.running);
        throw error;
      }
      await deps.queue(doc._id.toString(), now);
      return backfillView(doc, now);
    },

    async list(user: SessionUser, webhookId: string): Promise<BackfillList> {
      const webhook = await deps.requireWritable(user, webhookId);
      const docs = await deps.backfills
        .find({ webhookId: webhook._id })
        .sort({ createdAt: -1, _id: -1 })
        .limit(LIST_LIMIT)
        .lean<BackfillDoc[]>();
      const now = deps.now();
      return { backfills: docs.map((doc) => backfillView(doc, now)) };
    },

    async get(user: SessionUser, webhookId: string, backfillId: string): Promise<Backfill> {
      const webhook = await deps.requireWritable(user, webhookId);
      return backfillView(await backfillOf(webhook, backfillId), deps.now());
    },

    /**
     * A waiting or paused backfill ends now; a running one is asked to stop and stops after the
     * page it is reading (its events are stored whole, never half a page).
     */
    async cancel(user: SessionUser, webhookId: string, backfillId: string): Promise<Backfill> {
      const webhook = await deps.requireWritable(user, webhookId);
      const doc = await backfillOf(webhook, backfillId);
      const now = deps.now();
      const ended = await deps.backfills
        .findOneAndUpdate(
          { _id: doc._id, active: true, status: { $in: ['queued', 'paused-for-rate-limit'] } },
          {
            $set: {
              status: 'cancelled',
              active: false,
              cancelRequested: true,
              finishedAt: now,
              resumesAt: null,
              updatedAt: now,
            },
          },
          { returnDocument: 'after' },
        )
        .lean<BackfillDoc>();
      if (ended) return backfillView(ended, now);
      const asked = await deps.backfills
        .findOneAndUpdate(
          { _id: doc._id, active: true },
          { $set: { cancelRequested: true, updatedAt: now } },
          { returnDocument: 'after' },
        )
        .lean<BackfillDoc>();
      return backfillView(asked ?? doc, now);
    },
  };
}

function isDuplicateKey(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000
  );
}
