// The webhook record a platform account holds, apart from `platform-webhooks.ts` (which
// registers and serves webhooks and so reads the store) so the store can name the type
// without importing its own consumer.

/**
 * A webhook registered on a platform account: where the platform posts its events, for which
 * campaigns (null = every campaign) and which event types. The simulator posts a campaign's
 * events to the webhooks registered on it, as the platform would.
 */
export interface PlatformWebhook {
  id: number;
  name: string;
  url: string;
  campaignIds: number[] | null;
  eventTypes: string[];
  createdAt: string;
}
