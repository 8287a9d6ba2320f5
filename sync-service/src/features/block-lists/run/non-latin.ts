import type { Platform } from '@outsync/contracts';
import { checkAll, checkDomain, type CheckedValues } from './block-values';

// Spec 02 §5 "Non-Latin rule": Instantly's API does not accept non-Latin characters, so an
// address holding them is blocked by its whole domain instead (useDomainForNonLatin), or else
// skipped and counted as not synced. The other platforms get the address as it is.

export interface NonLatinPolicy {
  platform: Platform;
  /** Sent true exactly for Instantly, block type ADDRESS and (HubSpot) a contact list. */
  useDomainForNonLatin: boolean;
}

const ASCII = /^[\x20-\x7e]*$/;

/**
 * Whether a normalised address holds characters outside ASCII. Its domain is already
 * punycode (block-values.ts), so only the local part can: `иван@acme.com`, `josé@acme.com`
 * (accented Latin letters count too: the API check is about ASCII, not about the script).
 */
export function isNonLatinAddress(address: string): boolean {
  return !ASCII.test(address);
}

/**
 * Normalised addresses → the values to block on the platform. For Instantly a non-Latin
 * address becomes its domain (when that domain may be blocked: never a free-mail domain) or is
 * skipped; the result is deduplicated in order.
 */
export function applyNonLatinRule(
  addresses: readonly string[],
  policy: NonLatinPolicy,
): CheckedValues {
  if (policy.platform !== 'instantly') return checkAll(addresses, (value) => ({ value }));
  return checkAll(addresses, (address) => {
    if (!isNonLatinAddress(address)) return { value: address };
    if (!policy.useDomainForNonLatin)
      return { reason: 'non-Latin address skipped: Instantly does not accept it' };
    const byDomain = checkDomain(address);
    return 'value' in byDomain
      ? byDomain
      : { reason: `non-Latin address not blocked by its domain: ${byDomain.reason}` };
  });
}
