import type { HubspotStore } from '../hubspot/hubspot-store.ts';
import type { SalesforceStore, SfRecord } from '../salesforce/salesforce-store.ts';
import {
  domainTrapCounts,
  emailTrapCounts,
  generateCompanies,
  generatePeople,
  type GeneratedCompany,
  type GeneratedPerson,
} from './generated-people.ts';

/** The most records one seed call makes. */
export const SEED_MAX = 100_000;

export class SeedError extends Error {}

function checkedSize(size: number): number {
  if (!Number.isInteger(size) || size < 1 || size > SEED_MAX)
    throw new SeedError(`size must be a whole number from 1 to ${SEED_MAX}`);
  return size;
}

/** HubSpot contact properties of a generated person (every 7th is a customer). */
export function contactProperties(person: GeneratedPerson, index: number): Record<string, string> {
  return {
    email: person.email,
    firstname: person.firstName,
    lastname: person.lastName,
    company: person.companyName,
    jobtitle: person.jobTitle,
    ...(index % 7 === 0 ? { lifecyclestage: 'customer' } : {}),
  };
}

/** HubSpot company properties of a generated company. */
export function companyProperties(entry: GeneratedCompany): Record<string, string> {
  return {
    name: entry.name,
    domain: entry.domain,
    ...(entry.additionalDomains ? { hs_additional_domains: entry.additionalDomains } : {}),
  };
}

/**
 * A MANUAL list of `size` new generated contacts or companies in one portal (the records are
 * created too). Consecutive seeds continue where the portal's records end, so they never
 * repeat an e-mail.
 */
export function seedHubspotList(
  store: HubspotStore,
  input: { objectType: 'contacts' | 'companies'; size: number; name?: string },
): {
  listId: string;
  name: string;
  objectTypeId: string;
  size: number;
  traps: Record<string, number>;
} {
  const size = checkedSize(input.size);
  const objectTypeId = input.objectType === 'contacts' ? '0-1' : '0-2';
  const start = store.collection(input.objectType).records.size;
  const name = input.name ?? `Seeded ${input.objectType} ${start + 1}–${start + size}`;
  if ([...store.lists.values()].some((list) => list.name === name))
    throw new SeedError(`A list named ${name} already exists`);
  const list = store.createList({ name, objectTypeId, processingType: 'MANUAL' });
  const joined = new Date().toISOString();
  let traps: Record<string, number>;
  if (input.objectType === 'contacts') {
    const people = generatePeople(size, {
      start,
      taken: (email) => store.get('contacts', email, 'email') !== undefined,
    });
    people.forEach((person, index) =>
      list.members.set(
        store.create('contacts', contactProperties(person, start + index)).id,
        joined,
      ),
    );
    traps = emailTrapCounts(people);
  } else {
    const companies = generateCompanies(size, { start });
    companies.forEach((entry) =>
      list.members.set(store.create('companies', companyProperties(entry)).id, joined),
    );
    traps = domainTrapCounts(companies);
  }
  return { listId: list.listId, name, objectTypeId, size: list.members.size, traps };
}

/** Salesforce Contact fields of a generated person who opted out of e-mail. */
export function optedOutContact(person: GeneratedPerson): SfRecord {
  return {
    FirstName: person.firstName,
    LastName: person.lastName,
    Email: person.email,
    Title: person.jobTitle,
    LeadSource: 'Purchased List',
    HasOptedOutOfEmail: true,
  };
}

/**
 * A tabular report over `size` new generated Contacts in one org (FIRST_NAME, LAST_NAME,
 * EMAIL, TITLE). Its scope is exactly those contacts; it has no field filters of its own.
 */
export function seedSalesforceReport(
  store: SalesforceStore,
  input: { size: number; name?: string },
): { reportId: string; name: string; size: number; traps: Record<string, number> } {
  const size = checkedSize(input.size);
  const start = store.all('Contact').length;
  const name = input.name ?? `Seeded contacts ${start + 1}–${start + size}`;
  if (store.reports.some((report) => report.name === name))
    throw new SeedError(`A report named ${name} already exists`);
  const known = new Set(
    store.all('Contact').map((contact) => String(contact.Email ?? '').toLowerCase()),
  );
  const people = generatePeople(size, {
    start,
    emailTraps: 'salesforce',
    taken: (email) => known.has(email),
  });
  const ids = new Set(
    store.createSeeded('Contact', people.map(optedOutContact)).map((record) => String(record.Id)),
  );
  const reportId = store.newId('Report');
  store.reports.push({
    id: reportId,
    name,
    objectName: 'Contact',
    columns: [
      { apiName: 'FIRST_NAME', label: 'First Name', field: 'FirstName', dataType: 'string' },
      { apiName: 'LAST_NAME', label: 'Last Name', field: 'LastName', dataType: 'string' },
      { apiName: 'EMAIL', label: 'Email', field: 'Email', dataType: 'email' },
      { apiName: 'TITLE', label: 'Title', field: 'Title', dataType: 'string' },
    ],
    where: (record) => ids.has(String(record.Id)),
  });
  return { reportId, name, size: ids.size, traps: emailTrapCounts(people) };
}
