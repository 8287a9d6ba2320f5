import {
  ErrorCodes,
  EMAIL_ACTIVITY_EVENT_TYPES,
  SOCIAL_ACTIVITY_EVENT_TYPES,
} from '@outsync/contracts';
import { SyncErrorCodes, type RetryWebhookLogResponse } from '@outsync/contracts/history';
import { Types } from 'mongoose';
import { HttpError, notFound } from '../../platform/http/http-error';
import type { SessionUser } from '../../platform/http/types';
import type { SyncPipeline } from '../../pipeline';
import type { WebhookEventModel } from './webhook-event.model';

export const webhookLogMessages = {
  notFound: 'No such webhook log, or it is not visible to you.',
  notYours: 'Only the webhook’s owner or an admin can retry its events.',
  notRetryable: 'Only a failed or partially synced event can be retried.',
} as const;

/**
 * The webhook logs' actions (issue 11: retry; the lists come with the history issue). Who sees
 * a log: its webhook's owner, managers and admins; who may retry it: the owner or an admin.
 */
export function createWebhookLogsService(deps: {
  events: WebhookEventModel;
  pipeline: SyncPipeline;
}) {
  return {
    async retry(user: SessionUser, id: string): Promise<RetryWebhookLogResponse> {
      const doc = Types.ObjectId.isValid(id)
        ? await deps.events.findById(id, { userId: 1, status: 1 }).lean()
        : null;
      const staff = user.role === 'ADMIN' || user.role === 'MANAGER';
      const owns = doc?.userId.toString() === user.id;
      if (!doc || (!owns && !staff)) throw notFound(webhookLogMessages.notFound);
      if (!owns && user.role !== 'ADMIN')
        throw new HttpError(403, ErrorCodes.forbidden, webhookLogMessages.notYours);
      if (!(await deps.pipeline.retry(id)))
        throw new HttpError(409, SyncErrorCodes.notRetryable, webhookLogMessages.notRetryable);
      return { id, status: 'received' };
    },

    /** The event types the category filter holds (spec 02 §2.11's Event Type filter). */
    categoryFilterTypes() {
      return [...EMAIL_ACTIVITY_EVENT_TYPES, ...SOCIAL_ACTIVITY_EVENT_TYPES];
    },
  };
}

export type WebhookLogsService = ReturnType<typeof createWebhookLogsService>;
