import type { WebhookLog } from '@outsync/contracts/history';
import type { SessionUser } from '../../platform/http/types';
import type { WebhookEventDoc } from '../../pipeline';
import { explainWebhookLog } from './webhook-log-explanation';

/**
 * A stored event as the webhook logs show it: its summary, errors, attempts, whether the viewer
 * may retry it and links to the records it wrote in the CRM.
 */
export function createWebhookLogView(deps: {
  /** HubSpot's web app (record links): https://app.hubspot.com in production. */
  hubspotAppUrl: string;
  /** The attempts an event is given (SYNC_MAX_ATTEMPTS): "attempt 3 of 8". */
  maxAttempts: number;
}) {
  const hubspotAppUrl = deps.hubspotAppUrl.replace(/\/+$/, '');

  function crmLinks(doc: WebhookEventDoc, instanceUrl: string | undefined): WebhookLog['crmLinks'] {
    const steps = doc.steps ?? {};
    const contactId = steps.contactId ?? null;
    const engagementId = steps.engagementId ?? null;
    if (doc.crm === 'HUBSPOT') {
      if (!doc.hubId) return { contact: null, activity: null };
      const base = `${hubspotAppUrl}/contacts/${encodeURIComponent(doc.hubId)}/record`;
      const objectType = steps.engagementType === 'tasks' ? '0-27' : '0-49';
      return {
        contact: contactId ? `${base}/0-1/${encodeURIComponent(contactId)}` : null,
        activity: engagementId ? `${base}/${objectType}/${encodeURIComponent(engagementId)}` : null,
      };
    }
    if (!instanceUrl) return { contact: null, activity: null };
    const record = (object: string | null, id: string | null) =>
      object && id ? `${instanceUrl}/lightning/r/${object}/${encodeURIComponent(id)}/view` : null;
    return {
      contact: record(salesforcePersonObject(contactId), contactId),
      activity: record('Task', engagementId),
    };
  }

  /** `instanceUrl`: the Salesforce org's, for its record links; undefined when unknown. */
  function toWebhookLog(
    user: SessionUser,
    doc: WebhookEventDoc,
    instanceUrl: string | undefined,
  ): WebhookLog {
    const owns = doc.userId.toString() === user.id;
    const summary = doc.summary ?? {
      subject: null,
      to_email: null,
      from_email: null,
      event_type: null,
    };
    return {
      id: doc._id.toString(),
      user: { email: doc.userEmail, organizationId: doc.hubId },
      webhookId: doc.webhookId.toString(),
      webhookUrl: doc.webhookUrl,
      crm: doc.crm,
      platform: doc.platform,
      eventType: doc.eventType,
      test: doc.test,
      smartleadPayload: {
        path: doc.path,
        payload: {
          subject: summary.subject ?? null,
          to_email: summary.to_email ?? null,
          from_email: summary.from_email ?? null,
          event_type: summary.event_type ?? null,
        },
      },
      webhookLogResults: {
        errors: (Array.isArray(doc.errors) ? doc.errors : []).map((error) => ({
          step: error.step,
          message: error.message,
          at: new Date(error.at).toISOString(),
        })),
      },
      status: doc.status,
      reason: doc.reason,
      attempts: (Array.isArray(doc.attempts) ? doc.attempts : []).map((attempt) => ({
        at: new Date(attempt.at).toISOString(),
        durationMs: attempt.durationMs,
        outcome: attempt.outcome,
        message: attempt.message,
      })),
      explanation: explainWebhookLog(doc, { maxAttempts: deps.maxAttempts }),
      crmLinks: crmLinks(doc, instanceUrl),
      canRetry:
        (doc.status === 'failed' || doc.status === 'partially_synced') &&
        (owns || user.role === 'ADMIN'),
      canRelease: doc.status === 'held' && (owns || user.role === 'ADMIN'),
      createdAt: doc.receivedAt.toISOString(),
      syncedAt: doc.syncedAt ? doc.syncedAt.toISOString() : null,
    };
  }

  return { toWebhookLog };
}

/** Salesforce ids name their object by their first three characters (key prefix). */
function salesforcePersonObject(id: string | null): string | null {
  if (!id) return null;
  if (id.startsWith('003')) return 'Contact';
  if (id.startsWith('00Q')) return 'Lead';
  return null;
}
