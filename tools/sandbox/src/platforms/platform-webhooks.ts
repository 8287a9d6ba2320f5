import type { Ctx } from '../core/http.ts';
import { nowIso, sendJson } from '../core/http.ts';
import { campaignsOf, type PlatformAccount } from './platform-store.ts';
import type { PlatformWebhook } from './platform-webhook.ts';

export type { PlatformWebhook } from './platform-webhook.ts';

/** Smartlead's subscribable events (reference §3.2). */
export const SMARTLEAD_WEBHOOK_EVENTS = [
  'EMAIL_SENT',
  'FIRST_EMAIL_SENT',
  'EMAIL_OPEN',
  'EMAIL_LINK_CLICK',
  'EMAIL_REPLY',
  'EMAIL_BOUNCE',
  'LEAD_UNSUBSCRIBED',
  'LEAD_CATEGORY_UPDATED',
  'CAMPAIGN_STATUS_CHANGED',
  'UNTRACKED_REPLIES',
  'MANUAL_STEP_REACHED',
] as const;

/** HeyReach's webhook event types (reference §6.3). */
export const HEYREACH_WEBHOOK_EVENTS = [
  'CONNECTION_REQUEST_SENT',
  'CONNECTION_REQUEST_ACCEPTED',
  'MESSAGE_SENT',
  'MESSAGE_REPLY_RECEIVED',
  'INMAIL_SENT',
  'INMAIL_REPLY_RECEIVED',
  'EVERY_MESSAGE_REPLY_RECEIVED',
  'FOLLOW_SENT',
  'LIKED_POST',
  'VIEWED_PROFILE',
  'CAMPAIGN_COMPLETED',
  'LEAD_TAG_UPDATED',
] as const;

/** The webhooks that receive a campaign's events. */
export function webhooksOfCampaign(
  account: PlatformAccount,
  campaignId: number,
): PlatformWebhook[] {
  return account.webhooks.filter(
    (webhook) => webhook.campaignIds === null || webhook.campaignIds.includes(campaignId),
  );
}

/**
 * Registers a webhook after the checks the platform makes; answers the problem (400) and
 * undefined when it refuses.
 */
export function registerWebhook(
  ctx: Ctx,
  account: PlatformAccount,
  input: {
    name: string | undefined;
    url: string | undefined;
    campaignIds: number[] | null;
    eventTypes: string[];
  },
  nextId: () => number,
): PlatformWebhook | undefined {
  const refuse = (message: string) => {
    sendJson(ctx, 400, { message });
    return undefined;
  };
  if (!input.url || !/^https?:\/\/[^\s/]+/.test(input.url))
    return refuse('webhook_url must be an http(s) URL');
  if (!input.name?.trim()) return refuse('name is required');
  if (input.eventTypes.length === 0) return refuse('at least one event type is required');
  const known = new Set(campaignsOf(account).map((campaign) => campaign.id));
  const unknown = (input.campaignIds ?? []).filter((id) => !known.has(id));
  if (unknown.length > 0) return refuse(`Campaign not found: ${unknown.join(', ')}`);
  const webhook: PlatformWebhook = {
    id: nextId(),
    name: input.name.trim(),
    url: input.url,
    campaignIds: input.campaignIds,
    eventTypes: input.eventTypes,
    createdAt: nowIso(),
  };
  account.webhooks.push(webhook);
  return webhook;
}
