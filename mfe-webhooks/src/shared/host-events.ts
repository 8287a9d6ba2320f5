import { useHostEvents } from './host-events-context';
import type { Webhook } from '@outsync/contracts/webhooks';

/**
 * What an embedding page is told of a webhook (docs/embedding.md, "Events"): enough to find it
 * and show it, nothing secret (no API key, no CRM owner's or profile's personal data).
 */
export interface WebhookEventDetails {
  id: string;
  /** The address the platform posts its events to. */
  url: string;
  code: string;
  /** 'HUBSPOT' or 'SALESFORCE'. */
  crm: Webhook['user']['profile'];
  /** The sending platform: 'smartlead', 'instantly', 'bison' or 'heyreach'. */
  platform: Webhook['emailService'];
  /** The CRM portal (HubSpot) or org (Salesforce) id. */
  organizationId: string;
  createdAt: string;
}

export type WebhookEventType =
  'webhook.created' | 'webhook.updated' | 'webhook.deleted' | 'webhook.test_sent';

/** An event of the webhooks module, as `onEvent` and the custom element's events carry it. */
export interface WebhookEvent {
  type: WebhookEventType;
  webhook: WebhookEventDetails;
}

export function webhookEventDetails(webhook: Webhook): WebhookEventDetails {
  return {
    id: webhook.id,
    url: webhook.webhookUrl,
    code: webhook.code,
    crm: webhook.user.profile,
    platform: webhook.emailService,
    organizationId: webhook.user.organizationId,
    createdAt: webhook.createdAt,
  };
}

/** Tells the embedding page (if any) that `webhook` was created, updated, deleted or tested. */
export function useEmitWebhookEvent(): (type: WebhookEventType, webhook: Webhook) => void {
  const emit = useHostEvents();
  return (type, webhook) => {
    const event: WebhookEvent = { type, webhook: webhookEventDetails(webhook) };
    emit(event);
  };
}
