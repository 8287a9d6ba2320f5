import type { Platform } from '@outsync/contracts';
import { createInstantlyClient, createSmartleadClient } from '../../connectors';
import { isConnectorError } from '../../connectors/http';
import type { PlatformCategoryLookup } from '../../pipeline';
import type { Logger } from '../../platform/logger';
import type { SafeFetch } from '../../platform/safe-fetch';
import { createLeadCategoryLookup } from './lead-category-lookup';

export type PlatformCategoryDeps = {
  /** The API key a webhook filters by: its platform and the key itself (opened). */
  apiKeyOf(apiKeyId: string): Promise<{ platform: Platform; apiKey: () => string } | null>;
  platformUrls: { smartleadUrl: string; instantlyUrl: string };
  fetch: SafeFetch;
  logger: Logger;
};

/**
 * The pipeline's PlatformCategoryLookup: asks Smartlead or Instantly, with the webhook's API key,
 * which category the lead is in now. Other platforms, and a platform that cannot answer, give
 * `unknown` (the event is held as unknown; the lead's next category event releases it).
 */
export function createPlatformCategoryLookup(deps: PlatformCategoryDeps): PlatformCategoryLookup {
  const lookup = createLeadCategoryLookup({
    smartlead: (apiKey) =>
      createSmartleadClient({ apiKey, baseUrl: deps.platformUrls.smartleadUrl, fetch: deps.fetch }),
    instantly: (apiKey) =>
      createInstantlyClient({ apiKey, baseUrl: deps.platformUrls.instantlyUrl, fetch: deps.fetch }),
  });
  return async ({ apiKeyId, event }) => {
    const key = await deps.apiKeyOf(apiKeyId);
    const email = event.lead.email;
    if (!key || !email || (key.platform !== 'smartlead' && key.platform !== 'instantly'))
      return { kind: 'unknown' };
    try {
      const answer = await lookup.currentCategory({
        platform: key.platform,
        apiKey: key.apiKey(),
        leadEmail: email,
        campaignId: event.campaign.id,
      });
      if (answer === 'unknown') return { kind: 'unknown' };
      if (answer === null) return { kind: 'none' };
      return { kind: 'category', id: answer.id, name: answer.name };
    } catch (error) {
      if (isConnectorError(error)) {
        deps.logger.warn({ err: error, platform: key.platform }, 'lead category lookup failed');
        return { kind: 'unknown' };
      }
      throw error;
    }
  };
}
