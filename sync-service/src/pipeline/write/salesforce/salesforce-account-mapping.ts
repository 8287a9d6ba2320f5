import type {
  SalesforceFields,
  SalesforceRow,
} from '../../../connectors/crm/salesforce/salesforce-objects.types';
import { cut, personOwner } from './salesforce-mapping';
import type { SalesforceItem } from './salesforce-write-context';

// Pure: the Account a new Contact belongs to, how it is recognised among the org's Accounts, and
// what a new one holds (docs/decisions.md "Existing companies and Salesforce Accounts").

/** The Account of a lead's company, as the writer looks for it and creates it. */
export type WantedAccount = {
  /** What makes two leads' Accounts the same (the claim's key): the domain, else the name. */
  key: string;
  /** The company's domain (lower case, no `www.`). */
  domain: string | null;
  /** The lead's company name. */
  name: string | null;
  /** The webhook's selected user: the new Account's owner. */
  owner: string | null;
};

const NAME_MAX = 255;

/**
 * The Account of a group's lead: its latest event's domain and company name (Smartlead sends the
 * company only with some events, the domain with all). None when the lead has neither: a
 * free-mail lead without a company has no company to belong to.
 */
export function wantedAccount(
  items: readonly Pick<SalesforceItem, 'event' | 'settings'>[],
): WantedAccount | null {
  const latest = [...items].reverse();
  const domain = latest.map((item) => item.event.lead.domain?.trim().toLowerCase()).find(Boolean);
  const name = latest.map((item) => item.event.lead.company?.trim()).find(Boolean);
  const first = items[0];
  if (!first || (!domain && !name)) return null;
  return {
    key: domain ? `domain:${domain}` : `name:${(name ?? '').toLowerCase()}`,
    domain: domain ?? null,
    name: name ?? null,
    owner: personOwner(first.settings),
  };
}

/** How the account is named to the customer: its company name, else its domain. */
export function accountLabel(account: WantedAccount): string {
  return cut(account.name ?? account.domain ?? '', NAME_MAX);
}

/** A new Account: Name = the lead's company, else the domain; Website = the domain; the owner. */
export function newAccountFields(account: WantedAccount): SalesforceFields {
  return {
    Name: accountLabel(account),
    ...(account.domain ? { Website: account.domain } : {}),
    ...(account.owner ? { OwnerId: account.owner } : {}),
  };
}

/**
 * The ways people write a domain in Account.Website, which Salesforce keeps as typed: bare, with
 * `www.`, with http(s)://, each with or without a trailing slash. SOQL compares them without case.
 */
export function websiteSpellings(domain: string): string[] {
  return ['', 'http://', 'https://'].flatMap((scheme) =>
    ['', 'www.'].flatMap((www) => [`${scheme}${www}${domain}`, `${scheme}${www}${domain}/`]),
  );
}

/** The host an Account.Website names, lower case without `www.`; null when it names none. */
export function websiteDomain(website: unknown): string | null {
  if (typeof website !== 'string') return null;
  const host = /^\s*(?:[a-z][a-z0-9+.-]*:\/\/)?(?:www\.)?([^/?#:\s]+)/i.exec(website)?.[1];
  return host ? host.toLowerCase() : null;
}

/**
 * The org's Account for `account`, the oldest of several (the one people have worked in; the
 * same one every time):
 * - one whose Website names the lead's domain;
 * - else one named after the lead's company whose Website is empty or names that domain (an
 *   Account of the same name with another website is another company).
 */
export function matchAccount(
  account: WantedAccount,
  byWebsite: readonly SalesforceRow[],
  byName: readonly SalesforceRow[],
): SalesforceRow | undefined {
  const ofDomain = (row: SalesforceRow) =>
    account.domain !== null && websiteDomain(row.Website) === account.domain;
  const website = oldest(byWebsite.filter(ofDomain));
  if (website) return website;
  const name = account.name?.toLowerCase();
  return oldest(
    byName.filter(
      (row) =>
        typeof row.Name === 'string' &&
        row.Name.trim().toLowerCase() === name &&
        (account.domain === null || websiteDomain(row.Website) === null || ofDomain(row)),
    ),
  );
}

function oldest(rows: readonly SalesforceRow[]): SalesforceRow | undefined {
  const created = (row: SalesforceRow) => String(row.CreatedDate ?? '');
  return [...rows].sort(
    (a, b) => created(a).localeCompare(created(b)) || a.Id.localeCompare(b.Id),
  )[0];
}
