import { isIP } from 'node:net';
import { domainToASCII, domainToUnicode } from 'node:url';
import { isFreeMailDomain } from '../../../pipeline/normalize/normalize-helpers';

// The values a CRM list yields, turned into what a platform's block list holds: lower-case
// e-mail addresses, bare ASCII domains and canonical LinkedIn profile URLs. Everything here is
// pure; a value that cannot be blocked is answered with the reason, never thrown.

/** A value that is not synced, with why (shown in the run's log). */
export interface InvalidValue {
  value: string;
  reason: string;
}

/** Valid values deduplicated in their first order, and the invalid ones with reasons. */
export interface CheckedValues {
  valid: string[];
  invalid: InvalidValue[];
}

/** What a CRM record may hold where a value is expected: missing fields arrive as null. */
export type RawValue = string | null | undefined;

/** A valid value, or the reason it is not one. */
export type Checked = { value: string } | { reason: string };

const MISSING = 'no value';

/** Runs `check` over every raw value: valid ones deduplicated in order, invalid ones kept. */
export function checkAll(
  values: readonly RawValue[],
  check: (text: string) => Checked,
): CheckedValues {
  const valid = new Set<string>();
  const invalid: InvalidValue[] = [];
  for (const raw of values) {
    const text = (raw ?? '').trim();
    const checked: Checked = text === '' ? { reason: MISSING } : check(text);
    if ('value' in checked) valid.add(checked.value);
    else invalid.push({ value: text, reason: checked.reason });
  }
  return { valid: [...valid], invalid };
}

/** Two checks' results as one (valid values deduplicated across both). */
export function mergeChecked(first: CheckedValues, second: CheckedValues): CheckedValues {
  return {
    valid: [...new Set([...first.valid, ...second.valid])],
    invalid: [...first.invalid, ...second.invalid],
  };
}

// ---------------------------------------------------------------------------------------------
// Domains

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const PORT = /:\d*$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const MAX_DOMAIN_LENGTH = 253;
/** What the URL host parser would quietly drop or decode (`a%41.com` → `aa.com`), so refused. */
const NOT_IN_A_HOST = /[\s\p{C}/\\?#%@:[\]]/u;

/**
 * A punycode label (`xn--…`) must decode: Node 20's parser refuses `xn--zz` itself, Node 22 and
 * later pass it through unchanged, so the check is ours.
 */
function isDecodable(label: string): boolean {
  if (!label.startsWith('xn--')) return true;
  const unicode = domainToUnicode(label);
  return unicode !== '' && unicode !== label;
}

/** A host as lower-case ASCII (punycode) of at least two letter-digit-hyphen labels. */
function asciiDomain(host: string): Checked {
  if (NOT_IN_A_HOST.test(host)) return { reason: 'not a domain' };
  // The URL host parser: punycode, lower case, and IPv4 in any form (`0x7f.1`) as dotted quads.
  const ascii = domainToASCII(host);
  if (isIP(ascii) !== 0) return { reason: 'an IP address, not a domain' };
  const labels = ascii.split('.');
  if (
    !labels.every((label) => LABEL.test(label) && isDecodable(label)) ||
    ascii.length > MAX_DOMAIN_LENGTH
  )
    return { reason: 'not a domain' };
  if (labels.length < 2) return { reason: 'a single label, not a domain' };
  return { value: ascii };
}

/**
 * A bare domain as the e-mail platforms block it: lower-case ASCII (international names in
 * punycode), without scheme, path, port, trailing dot or a leading `www.` (no mailbox lives on
 * a www. host, so `www.acme.com` would block nothing). A website URL or an e-mail address is
 * read as its domain. IP addresses, single labels and free-mail providers' domains are refused:
 * blocking `gmail.com` would block every Gmail user.
 */
export function checkDomain(text: string): Checked {
  const host = hostOf(text);
  if (host.startsWith('[')) return { reason: 'an IP address, not a domain' };
  const checked = asciiDomain(host.replace(PORT, '').replace(/\.$/, ''));
  if (!('value' in checked)) return checked;
  const domain = checked.value.replace(/^www\.(?=[^.]+\.)/, '');
  if (isFreeMailDomain(domain))
    return { reason: 'a free-mail domain, blocking it would block everyone on it' };
  return { value: domain };
}

/** The host part of a domain, website URL or e-mail address, as written. */
function hostOf(text: string): string {
  const authority = text.replace(SCHEME, '').replace(/[/?#].*/s, '');
  return authority.slice(authority.lastIndexOf('@') + 1);
}

/** Domains (or websites, or e-mail addresses whose domain is blocked) → bare domains. */
export function domains(values: readonly RawValue[]): CheckedValues {
  return checkAll(values, checkDomain);
}

/** A HubSpot company's domains: `domain` and the `;`-separated `hs_additional_domains`. */
export interface CompanyDomains {
  domain?: RawValue;
  hs_additional_domains?: RawValue;
}

/**
 * Every domain of every company. Empty entries of `hs_additional_domains` are ignored; a
 * company with no domain at all counts once as not synced.
 */
export function companyDomains(companies: readonly CompanyDomains[]): CheckedValues {
  const values = companies.flatMap((company) => {
    const additional = (company.hs_additional_domains ?? '')
      .split(';')
      .filter((part) => part.trim() !== '');
    const primary = company.domain ?? '';
    return primary.trim() === '' && additional.length > 0 ? additional : [primary, ...additional];
  });
  return domains(values);
}

// ---------------------------------------------------------------------------------------------
// E-mail addresses

/** RFC 5322 atext plus dots, and any non-ASCII letter (RFC 6531 addresses; see non-latin.ts). */
const LOCAL_PART =
  /^[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
const MAX_LOCAL_PART_LENGTH = 64;

/**
 * A lower-case e-mail address whose domain is ASCII (punycode for international domains). Free
 * mail is fine here: the address alone is blocked. The local part may hold non-Latin letters;
 * the non-Latin rule decides what Instantly gets for those.
 */
export function checkEmailAddress(text: string): Checked {
  const at = text.lastIndexOf('@');
  const localPart = text.slice(0, at).toLowerCase();
  const domain = asciiDomain(text.slice(at + 1));
  if (
    at < 1 ||
    !LOCAL_PART.test(localPart) ||
    localPart.length > MAX_LOCAL_PART_LENGTH ||
    !('value' in domain)
  )
    return { reason: 'not an e-mail address' };
  return { value: `${localPart}@${domain.value}` };
}

/** E-mail addresses → normalised addresses. */
export function emailAddresses(values: readonly RawValue[]): CheckedValues {
  return checkAll(values, checkEmailAddress);
}

// ---------------------------------------------------------------------------------------------
// LinkedIn profile URLs

const WEB_PROTOCOLS = ['https:', 'http:'];
const LINKEDIN_HOST = /^(?:[a-z0-9-]+\.)*linkedin\.com$/;
const PROFILE_PATH = /^\/in\/([^/]+)/;
const SLUG = /^[\p{L}\p{M}\p{N}_-]+$/u;
const MAX_SLUG_LENGTH = 100;
/** Member ids (`ACoAA…`, `ACwAA…`) as Sales Navigator and the API show them: case-sensitive. */
const MEMBER_ID = /^ac[ow]aa/i;

/**
 * `https://www.linkedin.com/in/{slug}`: lower-case slug (percent-encoded where it is not
 * ASCII), no query, fragment or trailing path; any linkedin.com host (country, mobile) and
 * `http` are accepted. HeyReach wants this public form: Sales Navigator URLs, member ids and
 * legacy `/pub/` URLs name no slug that can be derived, so they are refused.
 */
export function checkProfileUrl(text: string): Checked {
  const withScheme = SCHEME.test(text) ? text : `https://${text}`;
  if (!URL.canParse(withScheme)) return { reason: 'not a LinkedIn profile URL' };
  const url = new URL(withScheme);
  if (!WEB_PROTOCOLS.includes(url.protocol) || !LINKEDIN_HOST.test(url.hostname))
    return { reason: 'not a LinkedIn profile URL' };
  if (url.pathname.startsWith('/sales/'))
    return { reason: 'a Sales Navigator URL, not a public profile URL' };
  const encodedSlug = PROFILE_PATH.exec(url.pathname)?.[1];
  if (encodedSlug === undefined) return { reason: 'not a LinkedIn profile URL' };
  const slug = decoded(encodedSlug);
  if (!SLUG.test(slug) || slug.length > MAX_SLUG_LENGTH)
    return { reason: 'not a LinkedIn profile URL' };
  if (MEMBER_ID.test(slug)) return { reason: 'a LinkedIn member id, not a public profile URL' };
  return { value: `https://www.linkedin.com/in/${encodeURIComponent(slug.toLowerCase())}` };
}

/** Percent-decoded; as it is when malformed (its `%` then fails the slug check). */
function decoded(component: string): string {
  try {
    return decodeURIComponent(component);
  } catch {
    return component;
  }
}

/** LinkedIn profile URLs → canonical profile URLs. */
export function profileUrls(values: readonly RawValue[]): CheckedValues {
  return checkAll(values, checkProfileUrl);
}

/** The first `count` invalid values, for the run's log. */
export function sample(invalid: readonly InvalidValue[], count: number): InvalidValue[] {
  return invalid.slice(0, Math.max(0, count));
}
