import {
  ErrorCodes,
  EMAIL_ACTIVITY_EVENT_TYPES,
  SOCIAL_ACTIVITY_EVENT_TYPES,
} from '@outsync/contracts';
import {
  SyncErrorCodes,
  type RetryWebhookLogResponse,
  type WebhookLogAction,
  type WebhookLogActionCount,
  type WebhookLogActionResult,
  type WebhookLogsFilter,
} from '@outsync/contracts/history';
import type { SyncStatus } from '@outsync/contracts/sync';
import { Types } from 'mongoose';
import { markActedOn, markTarget } from '../../platform/http/audit-context';
import { HttpError, notFound } from '../../platform/http/http-error';
import type { SessionUser } from '../../platform/http/types';
import type { SyncPipeline } from '../../pipeline';
import { requeueEvents } from './held-events';
import type { WebhookEventModel } from './webhook-event.model';
import { webhookLogsQuery } from './webhook-logs.reads';

/** The most events one bulk action takes (a larger backlog takes another call). */
export const WEBHOOK_LOG_ACTION_LIMIT = 10_000;

/** The statuses each bulk action takes. */
const ACTION_STATUSES: Record<WebhookLogAction, readonly SyncStatus[]> = {
  retry: ['failed', 'partially_synced'],
  release: ['held'],
};

export const webhookLogMessages = {
  notFound: 'No such webhook log, or it is not visible to you.',
  notYours: 'Only the webhook’s owner or an admin can retry its events.',
  notRetryable: 'Only a failed or partially synced event can be retried.',
  notYoursToRelease: 'Only the webhook’s owner or an admin can release its events.',
  notHeld: 'Only a held event can be released.',
} as const;

/**
 * The webhook logs' actions (issue 11: retry; the lists are webhook-logs.reads.ts). Who sees
 * a log: its webhook's owner, managers and admins; who may retry it: the owner or an admin.
 */
export function createWebhookLogsService(deps: {
  events: WebhookEventModel;
  pipeline: SyncPipeline;
  schedule(eventIds: string[], at: Date): Promise<void>;
  now(): Date;
}) {
  /**
   * What the caller may act on under the filters: what they see, and (but for an admin) their
   * own; in the statuses the action takes (those of them the Status filter names, if any).
   */
  const actionable = (
    user: SessionUser,
    action: WebhookLogAction,
    filter: Omit<WebhookLogsFilter, 'page'>,
  ) => {
    const { status, ...rest } = filter;
    // The logs the caller may see under the list's filters: the list's own rule.
    const query = webhookLogsQuery(user, rest);
    const statuses = ACTION_STATUSES[action].filter((each) => !status || each === status);
    return {
      query: user.role === 'ADMIN' ? query : { ...query, userId: new Types.ObjectId(user.id) },
      statuses,
    };
  };
  /**
   * The one event a row's action takes: visible to the caller (its owner, managers, admins) and
   * theirs to act on (its owner or an admin); marked in the audit log.
   */
  const actOnOne = async (user: SessionUser, id: string, notYours: string) => {
    const doc = Types.ObjectId.isValid(id)
      ? await deps.events.findById(id, { userId: 1 }).lean()
      : null;
    const staff = user.role === 'ADMIN' || user.role === 'MANAGER';
    const owns = doc?.userId.toString() === user.id;
    if (!doc || (!owns && !staff)) throw notFound(webhookLogMessages.notFound);
    if (!owns && user.role !== 'ADMIN') throw new HttpError(403, ErrorCodes.forbidden, notYours);
    markActedOn(doc.userId, `Event ${id}`);
  };
  return {
    /** How many events the bulk action would take (at most the limit). */
    async actionCount(
      user: SessionUser,
      action: WebhookLogAction,
      filter: Omit<WebhookLogsFilter, 'page'>,
    ): Promise<WebhookLogActionCount> {
      const { query, statuses } = actionable(user, action, filter);
      const count = await deps.events.countDocuments(
        { ...query, status: { $in: statuses } },
        { limit: WEBHOOK_LOG_ACTION_LIMIT },
      );
      return { count, limit: WEBHOOK_LOG_ACTION_LIMIT };
    },

    /** Retries or releases, oldest first, the events the filters match (issue 29). */
    async runAction(
      user: SessionUser,
      action: WebhookLogAction,
      filter: Omit<WebhookLogsFilter, 'page'>,
    ): Promise<WebhookLogActionResult> {
      const { query, statuses } = actionable(user, action, filter);
      // The audit log names whose events these were (an admin's may span many accounts).
      const owners: unknown[] =
        user.role === 'ADMIN' && statuses.length > 0
          ? await deps.events.distinct('userId', { ...query, status: { $in: statuses } })
          : [user.id];
      for (const owner of owners) markActedOn(String(owner));
      const queued =
        statuses.length === 0
          ? 0
          : await requeueEvents(deps, query, {
              statuses,
              limit: WEBHOOK_LOG_ACTION_LIMIT,
              as: action,
            });
      markTarget(`${action === 'retry' ? 'Retry' : 'Release'}: ${queued} events`);
      return { queued };
    },

    async retry(user: SessionUser, id: string): Promise<RetryWebhookLogResponse> {
      await actOnOne(user, id, webhookLogMessages.notYours);
      if (!(await deps.pipeline.retry(id)))
        throw new HttpError(409, SyncErrorCodes.notRetryable, webhookLogMessages.notRetryable);
      return { id, status: 'received' };
    },

    /** One held event written now, past the category filter (the row's Release). */
    async release(user: SessionUser, id: string): Promise<RetryWebhookLogResponse> {
      await actOnOne(user, id, webhookLogMessages.notYoursToRelease);
      const released = await requeueEvents(
        deps,
        { _id: new Types.ObjectId(id) },
        { statuses: ['held'], limit: 1, as: 'release' },
      );
      if (released === 0)
        throw new HttpError(409, SyncErrorCodes.notHeld, webhookLogMessages.notHeld);
      return { id, status: 'received' };
    },

    /** The event types the category filter holds (spec 02 §2.11's Event Type filter). */
    categoryFilterTypes() {
      return [...EMAIL_ACTIVITY_EVENT_TYPES, ...SOCIAL_ACTIVITY_EVENT_TYPES];
    },
  };
}

export type WebhookLogsService = ReturnType<typeof createWebhookLogsService>;
