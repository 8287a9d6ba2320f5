// Issue 29 item 6 in the settings matrix: the HubSpot companies a lead's domain finds (a placeholder
// name filled, an owner given only where none is set) and the Account of a new Salesforce Contact
// (docs/decisions.md "Existing companies and Salesforce Accounts"). The rows of both CRMs' matrix
// files take these cases.
import { instantly, lead, smartlead } from './settings-matrix.payloads.test-support';
import {
  RILEY,
  SAM,
  byEmail,
  companiesOf,
  companiesWith,
  hubspotCreate,
  type HubspotView,
} from './settings-matrix.hubspot.test-support';
import {
  LEAD_OBJECT,
  person,
  salesforceCreate,
  seedPerson,
  the,
  users,
  type SalesforceView,
} from './settings-matrix.salesforce.test-support';
import type { MatrixApp, MatrixCase } from './settings-matrix.test-support';

type HubspotCase = MatrixCase<HubspotView>;
type SalesforceCase = MatrixCase<SalesforceView>;

/** A seed: a HubSpot company with these properties, as `{ company: id }`. */
function seedCompany(properties: Record<string, string>) {
  return async ({ app }: MatrixApp): Promise<Record<string, string>> => ({
    company: await hubspotCreate(app, '/crm/v3/objects/companies', { properties }),
  });
}

/** The companies of `domain` as [id, name, owner]. */
function companyFacts(view: HubspotView, domain: string): Array<Array<string | null>> {
  return companiesWith(view, domain).map((company) => [
    company.id,
    company.name ?? null,
    company.hubspot_owner_id ?? null,
  ]);
}

/** One Smartlead send of `lead(slug)` whose domain's company HubSpot already has (seeded). */
function foundCompanyCase(
  name: string,
  slug: string,
  options: { seeded: Record<string, string>; assign: boolean; expected: [string, string | null] },
): HubspotCase {
  const domain = `${slug}.example`;
  return {
    name,
    platform: 'smartlead',
    owner: SAM,
    settings: { createOrUpdateCompany: true, assignCompanyOwner: options.assign },
    seed: seedCompany({ domain, ...options.seeded }),
    steps: [[smartlead('EMAIL_SENT', lead(slug))]],
    check: ({ view, seeded }) => {
      expect(companyFacts(view, domain)).toEqual([[seeded.company, ...options.expected]]);
      expect(companiesOf(view, byEmail(view, slug)).map((company) => company.id)).toEqual([
        seeded.company,
      ]);
    },
  };
}

/** createOrUpdateCompany on: a found company's placeholder name (its domain, or none) is filled. */
export const HUBSPOT_FOUND_COMPANY_NAMES: HubspotCase[] = [
  foundCompanyCase(
    "on: a found company named after its domain, without an owner, takes the lead's company name and the selected owner",
    'found-domain-name',
    {
      seeded: { name: 'found-domain-name.example' },
      assign: true,
      expected: ['found-domain-name Widgets GmbH', SAM],
    },
  ),
  foundCompanyCase(
    "on: a found company without a name takes the lead's company name",
    'found-no-name',
    { seeded: {}, assign: false, expected: ['found-no-name Widgets GmbH', null] },
  ),
];

/** assignCompanyOwner: a new company gets the owner; a found one only when it has none. */
export const HUBSPOT_COMPANY_OWNERS: HubspotCase[] = [
  ...[true, false].map((assign): HubspotCase => ({
    name: assign ? 'on: the selected owner' : 'off: no owner',
    platform: 'smartlead',
    owner: SAM,
    settings: { createOrUpdateCompany: true, assignCompanyOwner: assign },
    steps: [[smartlead('EMAIL_SENT', lead(`owns-co-${assign}`))]],
    check: ({ view }) =>
      expect(companyFacts(view, `owns-co-${assign}.example`).map(([, , owner]) => owner)).toEqual([
        assign ? SAM : null,
      ]),
  })),
  foundCompanyCase('on: a found company with an owner keeps it, and its name', 'found-owned', {
    seeded: { name: 'Kept Name AG', hubspot_owner_id: RILEY },
    assign: true,
    expected: ['Kept Name AG', RILEY],
  }),
  foundCompanyCase(
    'on: a found company the customer named, without an owner, gets the owner and keeps its name',
    'found-unowned',
    { seeded: { name: 'Own Name AG' }, assign: true, expected: ['Own Name AG', SAM] },
  ),
  foundCompanyCase('off: a found company without an owner stays without one', 'found-off', {
    seeded: { name: 'Off Name AG' },
    assign: false,
    expected: ['Off Name AG', null],
  }),
];

const accountsNamed = (view: SalesforceView, name: string) =>
  view.accounts.filter((account) => account.Name === name);

/** salesforceObjectType: the Account of a Contact OutSync creates, and no Account for a Lead. */
export const SALESFORCE_ACCOUNT_CASES: SalesforceCase[] = [
  {
    name: "Contact: a new Contact gets an Account named after the lead's company, the selected owner's; the company's later leads share it",
    platform: 'instantly',
    owner: () => users.sam,
    steps: [
      [
        instantly('email_sent', lead('account')),
        instantly('email_sent', lead('account', { email: 'pair@account.example' })),
      ],
      // A lead naming no company (as Smartlead's sends do): its Account is found by its domain.
      [instantly('email_sent', lead('account', { email: 'later@account.example', company: '' }))],
    ],
    check: ({ view }) => {
      const accounts = accountsNamed(view, 'account Widgets GmbH');
      expect(accounts.map((account) => [account.Name, account.Website, account.OwnerId])).toEqual([
        ['account Widgets GmbH', 'account.example', users.sam],
      ]);
      expect(
        ['lead@account.example', 'pair@account.example', 'later@account.example'].map(
          (email) => the(view.contacts, email).AccountId,
        ),
      ).toEqual(Array(3).fill(accounts[0]?.Id));
    },
  },
  {
    name: "Contact: the customer's Account of the lead's domain is used as it is",
    platform: 'instantly',
    seed: async ({ app }) => ({
      account: await salesforceCreate(app, '/sobjects/Account', {
        Name: 'Customer Named Inc',
        Website: 'https://www.account-known.example/',
      }),
    }),
    steps: [[instantly('email_sent', lead('account-known'))]],
    check: ({ view, seeded }) => {
      expect(person(view.contacts, 'account-known').AccountId).toBe(seeded.account);
      expect(view.accounts.find((account) => account.Id === seeded.account)?.Name).toBe(
        'Customer Named Inc',
      );
      expect(accountsNamed(view, 'account-known Widgets GmbH')).toEqual([]);
    },
  },
  {
    name: 'Contact: an existing Contact without an Account is left without one',
    platform: 'instantly',
    seed: seedPerson('Contact', { Email: 'lead@account-none.example' }),
    steps: [[instantly('email_sent', lead('account-none'))]],
    check: ({ view, seeded }) => {
      const contact = person(view.contacts, 'account-none');
      expect([contact.Id, contact.AccountId ?? null]).toEqual([seeded.person, null]);
      expect(accountsNamed(view, 'account-none Widgets GmbH')).toEqual([]);
    },
  },
  {
    name: 'Lead: no Account (the Lead holds the company)',
    platform: 'instantly',
    settings: LEAD_OBJECT,
    steps: [[instantly('email_sent', lead('account-lead'))]],
    check: ({ view }) => {
      expect(person(view.leads, 'account-lead').Company).toBe('account-lead Widgets GmbH');
      expect(accountsNamed(view, 'account-lead Widgets GmbH')).toEqual([]);
    },
  },
];
