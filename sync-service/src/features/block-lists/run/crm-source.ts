import type { HubspotClient } from '../../../connectors/crm/hubspot';
import { isConnectorError } from '../../../connectors/http';
import type { SalesforceClient } from '../../../connectors/crm/salesforce';
import type { CompanyDomains, RawValue } from './block-values';

// The "Read" step of a block-list run: a CRM list's records, reduced to the raw values the
// transform needs. HubSpot's memberships hold ids only, so each page is batch-read.

/** What a CRM list yields: raw values (e-mails, profile URLs, report cells) or companies. */
export type SourceRecords =
  { kind: 'values'; values: RawValue[] } | { kind: 'companies'; companies: CompanyDomains[] };

/** Records read so far, and the list's size when the CRM says it. */
export type ReadProgress = (read: number, total: number | null) => Promise<void>;

/**
 * How a read waits out the CRM's rate limit: a 100,000-member HubSpot list is ~1,400 calls,
 * several times a portal's 10-second budget, so a run waits its turn (a short wait at a time, at
 * most `maxTotalMs` in all) instead of failing; a longer refusal (a daily budget) fails the run.
 */
export interface ReadPatience {
  sleep(ms: number): Promise<void>;
  maxWaitMs: number;
  maxTotalMs: number;
}

export const DEFAULT_READ_PATIENCE: ReadPatience = {
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  maxWaitMs: 60_000,
  maxTotalMs: 30 * 60_000,
};

/** Runs `call`, waiting and calling again while the CRM (or our own budget) says "later". */
export async function patiently<T>(call: () => Promise<T>, patience: ReadPatience): Promise<T> {
  let waited = 0;
  for (;;) {
    try {
      return await call();
    } catch (error) {
      if (!isConnectorError(error) || error.code !== 'rate_limited') throw error;
      const waitMs = Math.max(1_000, (error.retryAfterSeconds ?? 10) * 1_000);
      if (waitMs > patience.maxWaitMs || waited + waitMs > patience.maxTotalMs) throw error;
      await patience.sleep(waitMs);
      waited += waitMs;
    }
  }
}

/** HubSpot's largest memberships page. */
const MEMBERSHIP_PAGE = 250;
/** Records per batch read (HubSpot's limit; the client cuts larger reads into these). */
const BATCH_READ = 100;
/** No list has more pages than this (25 million members): a cursor that never ends fails. */
const MAX_MEMBERSHIP_PAGES = 100_000;

export interface HubspotSource {
  listId: string;
  listType: 'CONTACT_LIST' | 'COMPANY_LIST';
  /** HeyReach: the contact properties holding profile URLs; otherwise the e-mail is read. */
  profileUrlFieldNames: readonly string[];
}

/** Every member of a HubSpot list with the properties the block type needs. */
export async function readHubspotList(
  client: HubspotClient,
  source: HubspotSource,
  onProgress: ReadProgress,
  patience: ReadPatience = DEFAULT_READ_PATIENCE,
): Promise<SourceRecords> {
  const list = await patiently(() => client.getList(source.listId), patience);
  const companies = source.listType === 'COMPANY_LIST';
  const expected = companies ? '0-2' : '0-1';
  if (list.objectTypeId !== expected) {
    throw new Error(
      `HubSpot list ${source.listId} is now a ${list.objectTypeId === '0-2' ? 'company' : 'contact'} list; this sync reads a ${companies ? 'company' : 'contact'} list.`,
    );
  }
  const properties = companies
    ? ['domain', 'hs_additional_domains']
    : source.profileUrlFieldNames.length > 0
      ? [...source.profileUrlFieldNames]
      : ['email'];
  const values: RawValue[] = [];
  const companyRecords: CompanyDomains[] = [];
  // Member ids wait here until a whole batch read's worth (100) is in: pages of 250 read in
  // 100s would otherwise cost three reads a page instead of two and a half.
  let unread: string[] = [];
  let read = 0;

  async function readRecords(ids: string[]): Promise<void> {
    const records = await patiently(
      () => client.batchReadObjects(companies ? 'companies' : 'contacts', { ids, properties }),
      patience,
    );
    for (const record of records) {
      if (companies) {
        companyRecords.push({
          domain: record.properties.domain,
          hs_additional_domains: record.properties.hs_additional_domains,
        });
      } else {
        for (const property of properties) values.push(record.properties[property]);
      }
    }
    read += ids.length;
    await onProgress(read, list.size);
  }

  let after: string | undefined;
  const seen = new Set<string>();
  for (let page = 0; page < MAX_MEMBERSHIP_PAGES; page++) {
    const cursor = after;
    const { recordIds, next } = await patiently(
      () => client.listMembershipPage(source.listId, cursor, MEMBERSHIP_PAGE),
      patience,
    );
    unread.push(...recordIds);
    const last = next === undefined || recordIds.length === 0;
    const whole = last ? unread.length : unread.length - (unread.length % BATCH_READ);
    if (whole > 0) {
      await readRecords(unread.slice(0, whole));
      unread = unread.slice(whole);
    }
    if (last) {
      return companies
        ? { kind: 'companies', companies: companyRecords }
        : { kind: 'values', values };
    }
    if (seen.has(next))
      throw new Error(`HubSpot repeated a memberships cursor of list ${source.listId}.`);
    seen.add(next);
    after = next;
  }
  throw new Error(`HubSpot list ${source.listId} has more pages than expected.`);
}

/** Every row of a Salesforce report, each chosen column's cell as a raw value. */
export async function readSalesforceReport(
  client: SalesforceClient,
  source: { reportId: string; fields: readonly string[] },
  onProgress: ReadProgress,
  patience: ReadPatience = DEFAULT_READ_PATIENCE,
): Promise<SourceRecords> {
  // A refusal by the org's budget waits, then reads the report again from its start.
  const rows = await patiently(
    () =>
      client.runReportRows(source.reportId, [...source.fields], {
        onPage: (rowsSoFar: number) => onProgress(rowsSoFar, null),
      }),
    patience,
  );
  const values: RawValue[] = [];
  for (const row of rows) for (const field of source.fields) values.push(row[field] ?? null);
  return { kind: 'values', values };
}
