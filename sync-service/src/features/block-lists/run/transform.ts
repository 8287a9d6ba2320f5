import {
  companyDomains,
  domains,
  emailAddresses,
  mergeChecked,
  profileUrls,
  type CheckedValues,
  type CompanyDomains,
  type RawValue,
} from './block-values';
import { applyNonLatinRule, type NonLatinPolicy } from './non-latin';

// The "Transform" step of a block-list run (issue 14): what a CRM list's records become on the
// platform, per list type and block type. A run counts `valid` as its values to sync and
// `invalid` as not synced.

/** Spec 02 §2.7 block types: one address, or every address of its domain. */
export type BlockType = 'ADDRESS' | 'DOMAIN';

export interface BlockTarget extends NonLatinPolicy {
  blockType: BlockType;
}

/**
 * Contacts' e-mail addresses (a HubSpot contact list, or a Salesforce report's chosen fields):
 * ADDRESS blocks each address (with the non-Latin rule), DOMAIN each address's domain (a field
 * holding a domain or website is read as that domain).
 */
export function contactBlockValues(
  emails: readonly RawValue[],
  target: BlockTarget,
): CheckedValues {
  if (target.blockType === 'DOMAIN') return domains(emails);
  const addresses = emailAddresses(emails);
  const ruled = applyNonLatinRule(addresses.valid, target);
  return mergeChecked({ valid: [], invalid: addresses.invalid }, ruled);
}

/** A HubSpot company list: always every domain of every company (block type DOMAIN). */
export function companyBlockValues(companies: readonly CompanyDomains[]): CheckedValues {
  return companyDomains(companies);
}

/** HeyReach: the chosen profile-URL properties' values, as canonical LinkedIn profile URLs. */
export function profileBlockValues(urls: readonly RawValue[]): CheckedValues {
  return profileUrls(urls);
}
