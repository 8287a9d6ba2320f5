import type { HubspotClient } from '../../connectors/crm/hubspot';
import type { SalesforceClient } from '../../connectors/crm/salesforce';
import type { CompanyDomains, RawValue } from './block-values';

// The "Read" step of a block-list run: a CRM list's records, reduced to the raw values the
// transform needs. HubSpot's memberships hold ids only, so each page is batch-read.

/** What a CRM list yields: raw values (e-mails, profile URLs, report cells) or companies. */
export type SourceRecords =
  { kind: 'values'; values: RawValue[] } | { kind: 'companies'; companies: CompanyDomains[] };

/** Records read so far, and the list's size when the CRM says it. */
export type ReadProgress = (read: number, total: number | null) => Promise<void>;

/** HubSpot's largest memberships page. */
const MEMBERSHIP_PAGE = 250;
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
): Promise<SourceRecords> {
  const list = await client.getList(source.listId);
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
  let read = 0;
  let after: string | undefined;
  const seen = new Set<string>();
  for (let page = 0; page < MAX_MEMBERSHIP_PAGES; page++) {
    const { recordIds, next } = await client.listMembershipPage(
      source.listId,
      after,
      MEMBERSHIP_PAGE,
    );
    if (recordIds.length > 0) {
      const records = await client.batchReadObjects(companies ? 'companies' : 'contacts', {
        ids: recordIds,
        properties,
      });
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
      read += recordIds.length;
      await onProgress(read, list.size);
    }
    if (next === undefined || recordIds.length === 0) {
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
): Promise<SourceRecords> {
  const rows = await client.runReportRows(source.reportId, [...source.fields], {
    onPage: (rowsSoFar: number) => onProgress(rowsSoFar, null),
  });
  const values: RawValue[] = [];
  for (const row of rows) for (const field of source.fields) values.push(row[field] ?? null);
  return { kind: 'values', values };
}
