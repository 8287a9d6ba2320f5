import type { Platform } from '@outsync/contracts';
import type { InstantlyClient, SmartleadClient } from '../../connectors';

// The lead's current category as the platform holds it, for the category filter (issue 11
// "Gate and hold") when the webhook has an API key. Ids take the form the API keys module lists
// categories in, so they compare with the webhook's chosen categories: Smartlead's numeric
// category id as a string, Instantly's interest status number as a string.

/** A category the platform reports; `name` only where the answer carries one. */
export type CurrentCategory = { id: string; name: string | null };

/**
 * `null`: the platform says the lead has no category. `'unknown'`: the platform cannot tell
 * (no lookup for bison and HeyReach, a lead it does not know, a campaign the lead is not in).
 */
export type CurrentCategoryAnswer = CurrentCategory | null | 'unknown';

export type LeadCategoryLookupInput = {
  platform: Platform;
  apiKey: string;
  leadEmail: string;
  campaignId: string | null;
};

export type LeadCategoryLookup = {
  /** Platform failures propagate as ConnectorError; its `retryable` says whether to try later. */
  currentCategory(input: LeadCategoryLookupInput): Promise<CurrentCategoryAnswer>;
};

export type LeadCategoryLookupDeps = {
  smartlead(apiKey: string): SmartleadClient;
  instantly(apiKey: string): InstantlyClient;
};

export function createLeadCategoryLookup(deps: LeadCategoryLookupDeps): LeadCategoryLookup {
  async function fromSmartlead(input: LeadCategoryLookupInput): Promise<CurrentCategoryAnswer> {
    const lead = await deps.smartlead(input.apiKey).getLeadByEmail(input.leadEmail);
    if (!lead) return 'unknown';
    const categoryId = smartleadCategoryId(lead.categoryIdsByCampaign, input.campaignId);
    if (categoryId === 'unknown' || categoryId === null) return categoryId;
    // Smartlead's lead answer has only the id; the webhook's categories carry the names.
    return { id: categoryId, name: null };
  }

  async function fromInstantly(input: LeadCategoryLookupInput): Promise<CurrentCategoryAnswer> {
    const lead = await deps
      .instantly(input.apiKey)
      .getLeadInterestStatus(input.leadEmail, input.campaignId ?? undefined);
    if (!lead) return 'unknown';
    if (lead.interestStatus === null) return null;
    return { id: String(lead.interestStatus), name: lead.label };
  }

  return {
    async currentCategory(input) {
      switch (input.platform) {
        case 'smartlead':
          return fromSmartlead(input);
        case 'instantly':
          return fromInstantly(input);
        case 'bison':
        case 'heyreach':
          // No lookup: the events themselves (category changes) are all the filter knows.
          return 'unknown';
      }
    },
  };
}

/**
 * The lead's category in the event's campaign. Without a campaign, the category the lead has in
 * every campaign it is in; campaigns that disagree cannot say which one is current.
 */
function smartleadCategoryId(
  byCampaign: Readonly<Record<string, string | null>>,
  campaignId: string | null,
): string | null | 'unknown' {
  if (campaignId !== null) {
    return Object.hasOwn(byCampaign, campaignId) ? (byCampaign[campaignId] ?? null) : 'unknown';
  }
  const categories = new Set(Object.values(byCampaign));
  // A lead in no campaign has no category anywhere.
  if (categories.size === 0) return null;
  if (categories.size > 1) return 'unknown';
  return [...categories][0] ?? null;
}
