import * as z from '@outsync/contracts/zod';

/** The sales engagement platforms' type values (spec 01 §1), as webhooks store them. */
export const PlatformSchema = z.enum(['smartlead', 'instantly', 'bison', 'heyreach']);
export type Platform = z.infer<typeof PlatformSchema>;

/** Three cold e-mail sequencers and one social-network outreach tool ("the social tool"). */
export type PlatformKind = 'email-sequencer' | 'social-tool';

export interface PlatformFacts {
  kind: PlatformKind;
  /** What "{platform name}" stands for in the UI texts. */
  displayName: string;
  /** API keys carry a base URL (spec 02 §9). */
  apiKeyHasBaseUrl: boolean;
  /** Block-list forms offer a client select (spec 02 §9). */
  blockListClientSelect: boolean;
  /** Lead categories may be added by hand (spec 02 §9). */
  leadCategoriesByHand: boolean;
  /** Offered as the target of a SALESFORCE block list (spec 02 §9). */
  salesforceBlockLists: boolean;
  /** May sync a COMPANY_LIST (spec 02 §9). */
  companyLists: boolean;
}

const emailSequencer = {
  kind: 'email-sequencer',
  apiKeyHasBaseUrl: false,
  blockListClientSelect: false,
  leadCategoriesByHand: false,
  salesforceBlockLists: true,
  companyLists: true,
} as const;

export const platformFacts = {
  smartlead: { ...emailSequencer, displayName: 'Smartlead', blockListClientSelect: true },
  instantly: { ...emailSequencer, displayName: 'Instantly' },
  // The spec spells the value 'bison' and says the provider's display name also occurs.
  bison: { ...emailSequencer, displayName: 'EmailBison', apiKeyHasBaseUrl: true },
  heyreach: {
    kind: 'social-tool',
    displayName: 'HeyReach',
    apiKeyHasBaseUrl: false,
    blockListClientSelect: false,
    leadCategoriesByHand: true,
    salesforceBlockLists: false,
    companyLists: false,
  },
} as const satisfies Record<Platform, PlatformFacts>;

export const FALLBACK_PLATFORM_DISPLAY_NAME = 'Sales Engagement Platform';
/** What the webhook table shows for a webhook with no platform (spec 01 §1). */
export const UNKNOWN_PLATFORM_LABEL = 'Unknown';

export function platformsOfKind(kind: PlatformKind): Platform[] {
  return PlatformSchema.options.filter((platform) => platformFacts[platform].kind === kind);
}

/**
 * The platform a value names, in either spelling the product meets: the type value
 * ('smartlead'), its capitalised display form ('Smartlead', 'HeyReach') or the provider's name
 * for bison ('EmailBison'). Undefined for anything else.
 */
export function platformFromAnySpelling(value: unknown): Platform | undefined {
  if (typeof value !== 'string') return undefined;
  const name = value.trim().toLowerCase();
  const parsed = PlatformSchema.safeParse(name === 'emailbison' ? 'bison' : name);
  return parsed.success ? parsed.data : undefined;
}

/** "{platform name}": the platform's display name, or 'Sales Engagement Platform'. */
export function platformDisplayName(value: unknown): string {
  const platform = platformFromAnySpelling(value);
  return platform ? platformFacts[platform].displayName : FALLBACK_PLATFORM_DISPLAY_NAME;
}

/** The webhook table's platform cell: the display name, else the raw value, else 'Unknown'. */
export function webhookTablePlatformLabel(value: string | null | undefined): string {
  const platform = platformFromAnySpelling(value);
  if (platform) return platformFacts[platform].displayName;
  return value || UNKNOWN_PLATFORM_LABEL;
}
