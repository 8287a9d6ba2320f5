import { platformsOfKind, type Platform } from '@outsync/contracts';
import {
  HEYREACH_DEMO_CAMPAIGN_ID,
  HUBSPOT_SECOND_HUB_ID,
  SALESFORCE_SECOND_ORG_KEY,
  SECOND_API_KEYS,
  SMARTLEAD_DEMO_CAMPAIGN_ID,
} from '../demo-constants.ts';
import type { JsonObject } from '../core/http.ts';
import {
  compileListFilter,
  normalizeListFilter,
  type RecordPredicate,
} from '../hubspot/hubspot-list-filters.ts';
import type { HubspotPortals } from '../hubspot/hubspot-portals.ts';
import type { HubspotStore } from '../hubspot/hubspot-store.ts';
import { applyAccountSetup } from '../platforms/platform-setup.ts';
import {
  INSTANTLY_ORGANIZATION_ID,
  INSTANTLY_OWNER_ID,
  type PlatformStore,
  smartleadBlockKey,
} from '../platforms/platform-store.ts';
import type { SalesforceOrgs } from '../salesforce/salesforce-orgs.ts';
import type { SalesforceStore } from '../salesforce/salesforce-store.ts';
import { companyProperties, contactProperties, optedOutContact } from './bulk-seed.ts';
import { generateCompanies, generatePeople } from './generated-people.ts';

const FIRST_NAMES = [
  'Ava',
  'Liam',
  'Maya',
  'Noah',
  'Zoe',
  'Ethan',
  'Iris',
  'Omar',
  'Lena',
  'Jonas',
  'Priya',
  'Mateo',
];
const LAST_NAMES = [
  'Carter',
  'Nguyen',
  'Schmidt',
  'Okafor',
  'Rossi',
  'Tanaka',
  'Dubois',
  'Silva',
  'Kowalski',
  'Haddad',
  'Larsen',
  'Moreau',
];
export const DEMO_COMPANIES = [
  { name: 'Acme Robotics', domain: 'acme-robotics.example' },
  { name: 'Globex Logistics', domain: 'globex-logistics.example' },
  { name: 'Initech Software', domain: 'initech.example' },
  { name: 'Umbrella Health', domain: 'umbrella-health.example' },
  { name: 'Stark Analytics', domain: 'stark-analytics.example' },
  { name: 'Wayne Capital', domain: 'wayne-capital.example' },
];

export const DEMO_OWNERS = [
  { firstName: 'Dana', lastName: 'Admin', email: 'dana.admin@outsync-demo.test' },
  { firstName: 'Sam', lastName: 'Seller', email: 'sam.seller@outsync-demo.test' },
  { firstName: 'Riley', lastName: 'Rep', email: 'riley.rep@outsync-demo.test' },
];

/** The demo people shared by every system, so a lead in Smartlead is a contact in the CRMs. */
export function demoPeople(): Array<{
  firstName: string;
  lastName: string;
  email: string;
  company: (typeof DEMO_COMPANIES)[number];
  title: string;
  linkedinUrl: string;
}> {
  return FIRST_NAMES.map((firstName, index) => {
    const lastName = LAST_NAMES[index] ?? 'Doe';
    const company = DEMO_COMPANIES[index % DEMO_COMPANIES.length] ?? DEMO_COMPANIES[0]!;
    return {
      firstName,
      lastName,
      email: `${firstName}.${lastName}@${company.domain}`.toLowerCase(),
      company,
      title: ['VP Sales', 'Head of Growth', 'CTO', 'Marketing Lead'][index % 4] ?? 'Manager',
      linkedinUrl: `https://www.linkedin.com/in/${firstName}-${lastName}`.toLowerCase(),
    };
  });
}

/** People of the second portal, org and platform accounts: nobody the demo tenants know. */
const SECOND_COMPANIES = [
  { name: 'Fabrikam Retail', domain: 'fabrikam-retail.example' },
  { name: 'Tailspin Travel', domain: 'tailspin-travel.example' },
  { name: 'Litware Labs', domain: 'litware-labs.example' },
];
export const SECOND_OWNERS = [
  { firstName: 'Quinn', lastName: 'Quota', email: 'quinn.quota@outsync-second.test' },
  { firstName: 'Avery', lastName: 'Account', email: 'avery.account@outsync-second.test' },
];

export function secondPeople(): ReturnType<typeof demoPeople> {
  return ['Nora', 'Felix', 'Hana', 'Oscar', 'Wren'].map((firstName, index) => {
    const lastName = ['Berg', 'Costa', 'Ito', 'Meyer', 'Novak'][index] ?? 'Doe';
    const company = SECOND_COMPANIES[index % SECOND_COMPANIES.length] ?? SECOND_COMPANIES[0]!;
    return {
      firstName,
      lastName,
      email: `${firstName}.${lastName}@${company.domain}`.toLowerCase(),
      company,
      title: 'Head of Operations',
      linkedinUrl: `https://www.linkedin.com/in/${firstName}-${lastName}`.toLowerCase(),
    };
  });
}

/**
 * What the demo seed fills: the tenant registries of a `SandboxState`, named structurally so
 * the seed needs no import of the state that calls it.
 */
export interface DemoSeedTarget {
  readonly hubspotPortals: HubspotPortals;
  readonly salesforceOrgs: SalesforceOrgs;
  readonly platforms: PlatformStore;
}

/**
 * The demo portal, org and platform accounts, plus a smaller second portal, org and account
 * per platform (other people, categories, clients and lists) so tests can tell tenants apart.
 */
export function seedDemoData(state: DemoSeedTarget): void {
  seedHubspot(state.hubspotPortals.demo().store, {
    owners: DEMO_OWNERS,
    ownerIds: { id: 70_000_001, userId: 9_000_001 },
    companies: DEMO_COMPANIES,
    people: demoPeople(),
    doNotContact: 4,
    generated: DEMO_GENERATED,
  });
  const second = state.hubspotPortals.get(HUBSPOT_SECOND_HUB_ID);
  if (second)
    seedHubspot(second.store, {
      owners: SECOND_OWNERS,
      ownerIds: { id: 71_000_001, userId: 9_100_001 },
      companies: SECOND_COMPANIES,
      people: secondPeople(),
      doNotContact: 1,
    });
  seedSalesforce(
    state.salesforceOrgs.demo().store,
    DEMO_OWNERS,
    DEMO_COMPANIES,
    demoPeople(),
    DEMO_OPTED_OUT_CONTACTS,
  );
  const secondOrg = state.salesforceOrgs.get(SALESFORCE_SECOND_ORG_KEY);
  if (secondOrg)
    seedSalesforce(secondOrg.store, SECOND_OWNERS, SECOND_COMPANIES, secondPeople(), 0);
  seedPlatforms(state);
}

interface HubspotSeed {
  owners: typeof DEMO_OWNERS;
  ownerIds: { id: number; userId: number };
  companies: typeof DEMO_COMPANIES;
  people: ReturnType<typeof demoPeople>;
  /** How many of the people go on the "Do not contact" list. */
  doNotContact: number;
  /**
   * Generated contacts and companies (src/seed/generated-people.ts, traps included) that join
   * "Do not contact" and "Competitor companies" besides the people and companies above.
   */
  generated?: { contacts: number; companies: number };
}

/** The demo portal's block-list sources: about 300 contacts and 200 companies. */
const DEMO_GENERATED = { contacts: 296, companies: 198 };
/** Opted-out contacts beside the demo people, so "Do Not Contact - Contacts" has 48 rows. */
const DEMO_OPTED_OUT_CONTACTS = 45;

function seedHubspot(hubspot: HubspotStore, seed: HubspotSeed): void {
  seed.owners.forEach((owner, index) =>
    hubspot.addOwner({
      ...owner,
      id: String(seed.ownerIds.id + index),
      userId: seed.ownerIds.userId + index,
    }),
  );
  const companyIds = seed.companies.map(
    (company) =>
      hubspot.create('companies', {
        name: company.name,
        domain: company.domain,
        website: `https://${company.domain}`,
      }).id,
  );
  const contactIds = seed.people.map((person, index) => {
    const contact = hubspot.create('contacts', {
      email: person.email,
      firstname: person.firstName,
      lastname: person.lastName,
      company: person.company.name,
      jobtitle: person.title,
      hs_linkedin_url: person.linkedinUrl,
      hubspot_owner_id: String(seed.ownerIds.id + (index % seed.owners.length)),
    });
    const companyId = companyIds[seed.companies.indexOf(person.company)];
    if (companyId) hubspot.associate('contacts', contact.id, 'companies', companyId, 279);
    return contact.id;
  });
  const generatedContactIds = generatePeople(seed.generated?.contacts ?? 0).map(
    (person, index) => hubspot.create('contacts', contactProperties(person, index)).id,
  );
  const generatedCompanyIds = generateCompanies(seed.generated?.companies ?? 0).map(
    (entry) => hubspot.create('companies', companyProperties(entry)).id,
  );
  const joined = new Date().toISOString();
  const doNotContact = hubspot.createList({
    name: 'Do not contact',
    objectTypeId: '0-1',
    processingType: 'MANUAL',
  });
  [...contactIds.slice(0, seed.doNotContact), ...generatedContactIds].forEach((id) =>
    doNotContact.members.set(id, joined),
  );
  const competitors = hubspot.createList({
    name: 'Competitor companies',
    objectTypeId: '0-2',
    processingType: 'MANUAL',
  });
  [...companyIds.slice(4), ...generatedCompanyIds].forEach((id) =>
    competitors.members.set(id, joined),
  );
  hubspot.createList({
    name: 'Customers (dynamic)',
    objectTypeId: '0-1',
    processingType: 'DYNAMIC',
    ...customersFilter(hubspot),
  });
}

/** "Customers (dynamic)": contacts whose lifecycle stage is customer, kept up to date. */
function customersFilter(hubspot: HubspotStore): {
  filterBranch: JsonObject;
  matches: RecordPredicate;
} {
  const filterBranch = normalizeListFilter({
    filterBranchType: 'OR',
    filters: [],
    filterBranches: [
      {
        filterBranchType: 'AND',
        filterBranches: [],
        filters: [
          {
            filterType: 'PROPERTY',
            property: 'lifecyclestage',
            operation: {
              operationType: 'ENUMERATION',
              operator: 'IS_ANY_OF',
              values: ['customer'],
            },
          },
        ],
      },
    ],
  });
  const properties = hubspot.propertyMap('contacts');
  return { filterBranch, matches: compileListFilter(filterBranch, (name) => properties.has(name)) };
}

export const SMARTLEAD_DEMO_CATEGORIES = [
  'Interested',
  'Meeting Request',
  'Not Interested',
  'Do Not Contact',
  'Information Request',
  'Out Of Office',
  'Wrong Person',
];
export const SMARTLEAD_SECOND_CATEGORIES = ['Interested', 'Not Interested', 'Booked a call'];

function seedPlatforms(state: DemoSeedTarget): void {
  const platforms = state.platforms;
  const created = '2024-01-15T09:00:00.000Z';
  const smartlead = platforms.demoAccount('smartlead');
  applyAccountSetup(platforms, smartlead, { categories: SMARTLEAD_DEMO_CATEGORIES }, 1);
  smartlead.smartleadClients.push(
    {
      id: 301,
      name: 'Northwind Agency',
      email: 'ops@northwind-agency.example',
      uuid: platforms.newUuid(),
    },
    {
      id: 302,
      name: 'Contoso Partners',
      email: 'hello@contoso-partners.example',
      uuid: platforms.newUuid(),
    },
  );
  // The e-mail sequencers keep leads by e-mail; HeyReach keeps its own lists (seeded below).
  for (const platform of platformsOfKind('email-sequencer')) {
    const account = platforms.demoAccount(platform);
    demoPeople().forEach((person, index) =>
      platforms.upsertLead(account, {
        email: person.email,
        firstName: person.firstName,
        lastName: person.lastName,
        companyName: person.company.name,
        website: `https://${person.company.domain}`,
        title: person.title,
        linkedinUrl: person.linkedinUrl,
        campaignId: SMARTLEAD_DEMO_CAMPAIGN_ID + (index % 2),
        campaignName: index % 2 === 0 ? 'Q3 Outbound — SaaS leaders' : 'Q3 Outbound — Logistics',
        categoryId: index % 3 === 0 ? 1 : null,
      }),
    );
  }
  const instantly = platforms.demoAccount('instantly');
  instantly.instantlyLabels.push(
    {
      id: platforms.newUuid(),
      timestamp_created: created,
      created_by: INSTANTLY_OWNER_ID,
      organization_id: INSTANTLY_ORGANIZATION_ID,
      label: 'Hot lead',
      interest_status_label: 'positive',
      interest_status: 10,
      description: 'Replied asking for pricing',
      use_with_ai: false,
    },
    {
      id: platforms.newUuid(),
      timestamp_created: created,
      created_by: INSTANTLY_OWNER_ID,
      organization_id: INSTANTLY_ORGANIZATION_ID,
      label: 'Competitor',
      interest_status_label: 'negative',
      interest_status: -10,
      description: 'Works for a competitor',
      use_with_ai: false,
    },
  );
  smartlead.smartleadBlockList.add(smartleadBlockKey('competitor.example', null), {
    id: platforms.ids.take(),
    email_or_domain: 'competitor.example',
    type: 'domain',
    client_id: null,
    created_at: created,
  });
  applyAccountSetup(platforms, platforms.demoAccount('heyreach'), {
    campaigns: [{ id: HEYREACH_DEMO_CAMPAIGN_ID, name: 'Q3 LinkedIn — Founders' }],
    lists: [
      { name: 'Do not contact (LinkedIn)' },
      { name: 'Q3 prospects', campaignIds: [HEYREACH_DEMO_CAMPAIGN_ID] },
    ],
  });
  seedSecondAccounts(state);
}

/** Each platform's second account: other people, categories, clients, campaigns and lists. */
function seedSecondAccounts(state: DemoSeedTarget): void {
  const platforms = state.platforms;
  const second = (platform: Platform) => {
    const account = platforms.account(platform, SECOND_API_KEYS[platform]);
    if (!account) throw new Error(`the second ${platform} account is missing`);
    return account;
  };
  applyAccountSetup(platforms, second('smartlead'), {
    categories: SMARTLEAD_SECOND_CATEGORIES,
    clients: [{ name: 'Fabrikam Outreach', email: 'team@fabrikam-outreach.example' }],
    campaigns: [{ id: 2001, name: 'EU Outbound — Retail' }],
  });
  applyAccountSetup(platforms, second('instantly'), {
    categories: [
      { label: 'Champion', interest_status_label: 'positive' },
      { label: 'Bad fit', interest_status_label: 'negative' },
    ],
    campaigns: [{ id: 2002, name: 'EU Outbound — Travel' }],
  });
  applyAccountSetup(platforms, second('heyreach'), {
    lists: [{ name: 'Second account — exclusions' }],
  });
  for (const platform of platformsOfKind('email-sequencer')) {
    const account = second(platform);
    secondPeople().forEach((person) =>
      platforms.upsertLead(account, {
        email: person.email,
        firstName: person.firstName,
        lastName: person.lastName,
        companyName: person.company.name,
        website: `https://${person.company.domain}`,
        title: person.title,
        linkedinUrl: person.linkedinUrl,
        campaignId: 2001,
        campaignName: 'EU Outbound — Retail',
        categoryId: null,
      }),
    );
  }
}

/** The demo users' time zones, in the order of the owners. */
const USER_TIME_ZONES = ['America/Los_Angeles', 'Europe/Berlin', 'America/New_York'];

function seedSalesforce(
  org: SalesforceStore,
  owners: typeof DEMO_OWNERS,
  companies: typeof DEMO_COMPANIES,
  people: ReturnType<typeof demoPeople>,
  optedOutContacts: number,
): void {
  const users = owners.map((owner, index) =>
    org.create('User', {
      Email: owner.email,
      FirstName: owner.firstName,
      LastName: owner.lastName,
      Username: owner.email,
      IsActive: true,
      UserType: 'Standard',
      TimeZoneSidKey: USER_TIME_ZONES[index % USER_TIME_ZONES.length] ?? 'GMT',
    }),
  );
  const userIds = users.map((user) => String(user.Id));
  const accounts = companies.map((company, index) =>
    org.create('Account', {
      Name: company.name,
      Website: `https://${company.domain}`,
      Type: index >= 4 ? 'Competitor' : 'Prospect',
      OwnerId: userIds[index % userIds.length] ?? null,
    }),
  );
  people.forEach((person, index) => {
    const accountId = String(accounts[companies.indexOf(person.company)]?.Id ?? '');
    const ownerId = userIds[index % userIds.length] ?? null;
    if (index % 4 === 3) {
      org.create('Lead', {
        FirstName: person.firstName,
        LastName: person.lastName,
        Email: person.email,
        Company: person.company.name,
        Title: person.title,
        Status: 'Open - Not Contacted',
        OwnerId: ownerId,
        HasOptedOutOfEmail: index % 5 === 0,
      });
    } else {
      org.create('Contact', {
        FirstName: person.firstName,
        LastName: person.lastName,
        Email: person.email,
        Title: person.title,
        AccountId: accountId,
        OwnerId: ownerId,
        HasOptedOutOfEmail: index < 3,
      });
    }
  });
  // Generated people who opted out, with the e-mail traps Salesforce itself accepts.
  for (const person of generatePeople(optedOutContacts, { emailTraps: 'salesforce' }))
    org.create('Contact', {
      ...optedOutContact(person),
      OwnerId: userIds[0] ?? null,
    });
  // An inactive user, so "active users" queries have something to leave out.
  org.create('User', {
    Email: `former.user@${companies[0]?.domain ?? 'example.com'}`,
    FirstName: 'Former',
    LastName: 'User',
    Username: `former.user@${companies[0]?.domain ?? 'example.com'}`,
    IsActive: false,
    UserType: 'Standard',
  });
  // Every profile owns a permission set (its permissions); Salesforce generates its Name and
  // Label, and the profile's name is read through ProfileId (Profile.Name).
  const adminProfile = org.create('Profile', { Name: 'System Administrator' });
  const admin = org.create('PermissionSet', {
    Name: 'X00e5e000000OutSyncAdmin',
    Label: '00e5e000000OutSyncAdmin',
    Description: 'Profile-owned permission set',
  });
  admin.IsOwnedByProfile = true;
  admin.ProfileId = String(adminProfile.Id);
  const integration = org.create('PermissionSet', {
    Name: 'OutSync_Integration',
    Label: 'OutSync Integration',
  });
  // Field permissions count only through an assigned set: the users who may connect OutSync
  // hold this one, so what 'Create Fields' grants on it takes effect.
  for (const user of users)
    org.create('PermissionSetAssignment', { AssigneeId: user.Id, PermissionSetId: integration.Id });
  org.reports = [
    {
      id: org.newId('Report'),
      name: 'Do Not Contact - Contacts',
      objectName: 'Contact',
      columns: [
        { apiName: 'FIRST_NAME', label: 'First Name', field: 'FirstName', dataType: 'string' },
        { apiName: 'LAST_NAME', label: 'Last Name', field: 'LastName', dataType: 'string' },
        { apiName: 'EMAIL', label: 'Email', field: 'Email', dataType: 'email' },
        {
          apiName: 'ACCOUNT.NAME',
          label: 'Account Name',
          field: 'Account.Name',
          dataType: 'string',
        },
      ],
      reportFilters: [{ column: 'EMAIL_OPT_OUT', operator: 'equals', value: 'True' }],
    },
    {
      id: org.newId('Report'),
      name: 'Competitor Accounts',
      objectName: 'Account',
      columns: [
        { apiName: 'ACCOUNT.NAME', label: 'Account Name', field: 'Name', dataType: 'string' },
        { apiName: 'URL', label: 'Website', field: 'Website', dataType: 'url' },
      ],
      reportFilters: [{ column: 'TYPE', operator: 'equals', value: 'Competitor' }],
    },
    {
      id: org.newId('Report'),
      name: 'Open Leads',
      objectName: 'Lead',
      columns: [
        { apiName: 'FIRST_NAME', label: 'First Name', field: 'FirstName', dataType: 'string' },
        { apiName: 'LAST_NAME', label: 'Last Name', field: 'LastName', dataType: 'string' },
        { apiName: 'EMAIL', label: 'Email', field: 'Email', dataType: 'email' },
        { apiName: 'COMPANY', label: 'Company', field: 'Company', dataType: 'string' },
      ],
      reportFilters: [{ column: 'STATUS', operator: 'notEqual', value: 'Closed - Converted' }],
    },
  ];
}
