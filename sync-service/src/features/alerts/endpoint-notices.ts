import type { CrmKind } from '@outsync/contracts';
import { Types } from 'mongoose';
import type { EndpointFetch } from '../../pipeline/endpoint-check';
import {
  FORWARD_MAX_ATTEMPTS,
  forwardBackoffMs,
  forwardEvent,
  type ForwardOutcome,
} from '../../pipeline/forward';
import type { Logger } from '../../platform/logger';
import { ACCOUNT_NAMES, CRM_NAMES } from './alert-mail';
import type { EndpointNoticeDoc, EndpointNoticeModel } from './endpoint-notice.model';

// The sync alerts an endpoint can ask for (issue 29 "Alerts"): `sync.failed` when a CRM
// account's circuit opens or its events failed in the last hour, `sync.recovered` when the CRM
// answers again. Signed, scheduled and retried as forwarded events are (docs/forwarding.md
// "Sync alerts"), from an outbox any worker delivers.

export const SYNC_ALERT_VERSION = 1;
export type SyncAlertType = 'sync.failed' | 'sync.recovered';

/** The CRM account an alert is about, as its body names it. */
export type SyncAlertAccount = { profileId: string; crm: CrmKind; organizationId: string };

/** How long a claimed attempt keeps others off it (longer than the endpoint's 10 s). */
const CLAIM_MS = 60_000;

/** An endpoint as delivery needs it; `refused` when it may no longer be sent to, and why. */
export type NoticeEndpoint =
  { url: string; secret: string; refused?: undefined } | { refused: string };

export type EndpointNoticesDeps = {
  notices: EndpointNoticeModel;
  /** The ids of the profile's endpoints that asked for sync alerts. */
  subscribersOf(profileId: string): Promise<string[]>;
  /** At send time: the endpoint, or null when it was deleted. */
  endpoint(endpointId: string): Promise<NoticeEndpoint | null>;
  fetch: EndpointFetch;
  now(): Date;
  logger: Logger;
  random?: () => number;
  timeoutMs?: number;
};

export type EndpointNotices = ReturnType<typeof createEndpointNotices>;

export function createEndpointNotices(deps: EndpointNoticesDeps) {
  const log = deps.logger.child({ component: 'sync-alerts' });
  const random = deps.random ?? Math.random;

  /** The notice's body for this attempt: the documented keys first, in their order. */
  function bodyOf(doc: EndpointNoticeDoc, sentAt: Date): string {
    return JSON.stringify({
      version: SYNC_ALERT_VERSION,
      type: doc.type,
      id: doc.noticeId,
      sentAt: sentAt.toISOString(),
      attempt: doc.attempts,
      ...doc.details,
    });
  }

  async function settle(doc: EndpointNoticeDoc, outcome: ForwardOutcome | { refused: string }) {
    const now = deps.now();
    if ('refused' in outcome) {
      await deps.notices.updateOne(
        { _id: doc._id },
        { $set: { state: 'given_up', lastResult: outcome.refused } },
      );
      return 'given_up' as const;
    }
    if (outcome.ok) {
      await deps.notices.updateOne(
        { _id: doc._id },
        { $set: { state: 'delivered', lastResult: `The endpoint answered ${outcome.status}.` } },
      );
      return 'delivered' as const;
    }
    const again = outcome.retryable && doc.attempts < FORWARD_MAX_ATTEMPTS;
    await deps.notices.updateOne(
      { _id: doc._id },
      {
        $set: again
          ? {
              lastResult: outcome.reason,
              nextAttemptAt: new Date(
                now.getTime() + forwardBackoffMs(doc.attempts, outcome.retryAfterSeconds, random),
              ),
            }
          : {
              state: 'given_up',
              lastResult: outcome.retryable
                ? `${outcome.reason} Given up after ${FORWARD_MAX_ATTEMPTS} attempts.`
                : outcome.reason,
            },
      },
    );
    return again ? ('retrying' as const) : ('given_up' as const);
  }

  return {
    /**
     * Queues the alert for each endpoint of the account that asked for alerts; answers how many.
     * `details` are the body's fields after the envelope (account, cause, times, words).
     */
    async raise(
      type: SyncAlertType,
      account: SyncAlertAccount,
      details: Record<string, unknown>,
    ): Promise<number> {
      const endpointIds = await deps.subscribersOf(account.profileId);
      if (endpointIds.length === 0) return 0;
      const now = deps.now();
      const noticeId = new Types.ObjectId().toString();
      await deps.notices.insertMany(
        endpointIds.map((endpointId) => ({
          noticeId,
          endpointId,
          profileId: account.profileId,
          type,
          details: { account, ...details },
          attempts: 0,
          state: 'pending',
          nextAttemptAt: now,
          lastResult: null,
          createdAt: now,
        })),
      );
      log.info({ type, account: account.profileId, endpoints: endpointIds.length }, 'sync alert');
      return endpointIds.length;
    },

    /**
     * Sends the notices due now, each claimed first so two workers never send one attempt
     * twice. Answers what became of them.
     */
    async deliverDue(limit = 100) {
      const counts = { delivered: 0, retrying: 0, given_up: 0 };
      for (let sent = 0; sent < limit; sent += 1) {
        const now = deps.now();
        const doc = await deps.notices
          .findOneAndUpdate(
            { state: 'pending', nextAttemptAt: { $lte: now } },
            { $inc: { attempts: 1 }, $set: { nextAttemptAt: new Date(now.getTime() + CLAIM_MS) } },
            { sort: { nextAttemptAt: 1 }, returnDocument: 'after' },
          )
          .lean<EndpointNoticeDoc>();
        if (!doc) break;
        const endpoint = await deps.endpoint(doc.endpointId.toString());
        let outcome: ForwardOutcome | { refused: string };
        if (!endpoint) outcome = { refused: 'Not sent: the endpoint was deleted.' };
        else if (endpoint.refused !== undefined) outcome = { refused: endpoint.refused };
        else
          outcome = await forwardEvent({
            url: endpoint.url,
            secret: endpoint.secret,
            body: bodyOf(doc, now),
            fetch: deps.fetch,
            deliveryId: `${doc.noticeId}-${doc.endpointId.toString()}`,
            sentAt: now,
            ...(deps.timeoutMs === undefined ? {} : { timeoutMs: deps.timeoutMs }),
          });
        counts[await settle(doc, outcome)] += 1;
      }
      return counts;
    },
  };
}

function accountName(account: SyncAlertAccount) {
  return `${CRM_NAMES[account.crm]} ${ACCOUNT_NAMES[account.crm]} ${account.organizationId}`;
}

/** `sync.failed` because the account's circuit opened: the CRM refuses every write. */
export function crmUnavailableDetails(input: {
  account: SyncAlertAccount;
  since: Date;
  reason: string;
  historyUrl: string;
}) {
  const crm = CRM_NAMES[input.account.crm];
  return {
    cause: 'crm_unavailable',
    since: input.since.toISOString(),
    message: input.reason,
    summary: `${accountName(input.account)} has refused every write since ${input.since.toISOString()}. OutSync holds its events and tries ${crm} every 30 seconds; nothing is lost, and no attempt is used up meanwhile.`,
    fix: `If ${crm}'s status page shows no outage, reconnect the ${crm} profile in OutSync (Accounts, CRM profiles).`,
    historyUrl: input.historyUrl,
  };
}

/** `sync.failed` because events failed for good in the last hour (the hourly digest's). */
export function eventsFailedDetails(input: {
  account: SyncAlertAccount;
  failedEvents: number;
  windowStart: Date;
  windowEnd: Date;
  causes: Array<{ message: string; count: number }>;
  historyUrl: string;
}) {
  const crm = CRM_NAMES[input.account.crm];
  const events = input.failedEvents === 1 ? '1 event' : `${input.failedEvents} events`;
  return {
    cause: 'events_failed',
    failedEvents: input.failedEvents,
    windowStart: input.windowStart.toISOString(),
    windowEnd: input.windowEnd.toISOString(),
    causes: input.causes,
    summary: `${events} could not be written to ${accountName(input.account)} in the last hour, after every attempt OutSync makes.`,
    fix: `Fix the cause (a reconnected ${crm} profile, a field or permission in ${crm}, the webhook's settings), then retry them in History (Status failed, "Retry all…").`,
    historyUrl: input.historyUrl,
  };
}

/** `sync.recovered`: the CRM answered the circuit's probe; the waiting events are being written. */
export function recoveredDetails(input: {
  account: SyncAlertAccount;
  since: Date;
  recoveredAt: Date;
  resumedEvents: number;
}) {
  const events = input.resumedEvents === 1 ? '1 event' : `${input.resumedEvents} events`;
  return {
    since: input.since.toISOString(),
    recoveredAt: input.recoveredAt.toISOString(),
    resumedEvents: input.resumedEvents,
    summary: `${accountName(input.account)} answers again (it failed from ${input.since.toISOString()}). OutSync is writing the ${events} that waited, in order.`,
  };
}
