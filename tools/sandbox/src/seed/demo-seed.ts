import { platformsOfKind } from '@outsync/contracts';
import { INSTANTLY_ORGANIZATION_ID, INSTANTLY_OWNER_ID } from '../platforms/platform-store.ts';
import type { SandboxState } from '../sandbox-state.ts';

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

export function seedDemoData(state: SandboxState): void {
  seedHubspot(state);
  seedSalesforce(state);
  seedPlatforms(state);
}

function seedHubspot(state: SandboxState): void {
  const hubspot = state.hubspot;
  DEMO_OWNERS.forEach((owner, index) =>
    hubspot.addOwner({ ...owner, id: String(70_000_001 + index), userId: 9_000_001 + index }),
  );
  const companyIds = DEMO_COMPANIES.map(
    (company) =>
      hubspot.create('companies', {
        name: company.name,
        domain: company.domain,
        website: `https://${company.domain}`,
      }).id,
  );
  const people = demoPeople();
  const contactIds = people.map((person, index) => {
    const contact = hubspot.create('contacts', {
      email: person.email,
      firstname: person.firstName,
      lastname: person.lastName,
      company: person.company.name,
      jobtitle: person.title,
      hs_linkedin_url: person.linkedinUrl,
      hubspot_owner_id: String(70_000_001 + (index % DEMO_OWNERS.length)),
    });
    const companyId = companyIds[DEMO_COMPANIES.indexOf(person.company)];
    if (companyId) hubspot.associate('contacts', contact.id, 'companies', companyId, 279);
    return contact.id;
  });
  const doNotContact = hubspot.createList({
    name: 'Do not contact',
    objectTypeId: '0-1',
    processingType: 'MANUAL',
  });
  contactIds.slice(0, 4).forEach((id) => doNotContact.members.set(id, new Date().toISOString()));
  const competitors = hubspot.createList({
    name: 'Competitor companies',
    objectTypeId: '0-2',
    processingType: 'MANUAL',
  });
  companyIds.slice(4).forEach((id) => competitors.members.set(id, new Date().toISOString()));
  hubspot.createList({
    name: 'Customers (dynamic)',
    objectTypeId: '0-1',
    processingType: 'DYNAMIC',
  });
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

function seedPlatforms(state: SandboxState): void {
  const platforms = state.platforms;
  const created = '2024-01-15T09:00:00.000Z';
  platforms.smartleadCategories = SMARTLEAD_DEMO_CATEGORIES.map((name, index) => ({
    id: index + 1,
    name,
    created_at: created,
  }));
  platforms.smartleadClients = [
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
  ];
  const people = demoPeople();
  // The e-mail sequencers keep leads by e-mail; HeyReach keeps its own lists (seeded below).
  for (const platform of platformsOfKind('email-sequencer')) {
    people.forEach((person, index) =>
      platforms.upsertLead(platform, {
        email: person.email,
        firstName: person.firstName,
        lastName: person.lastName,
        companyName: person.company.name,
        website: `https://${person.company.domain}`,
        title: person.title,
        linkedinUrl: person.linkedinUrl,
        campaignId: 1001 + (index % 2),
        campaignName: index % 2 === 0 ? 'Q3 Outbound — SaaS leaders' : 'Q3 Outbound — Logistics',
        categoryId: index % 3 === 0 ? 1 : null,
      }),
    );
  }
  platforms.instantlyLabels = [
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
  ];
  platforms.smartleadBlockList.push({
    id: platforms.ids.take(),
    email_or_domain: 'competitor.example',
    type: 'domain',
    client_id: null,
    created_at: created,
  });
  const list = {
    id: platforms.ids.take(),
    name: 'Do not contact (LinkedIn)',
    listType: 'USER_LIST' as const,
    creationTime: created,
    campaignIds: [],
    leads: new Map(),
  };
  platforms.heyreachLists.set(list.id, list);
  const prospects = {
    id: platforms.ids.take(),
    name: 'Q3 prospects',
    listType: 'USER_LIST' as const,
    creationTime: created,
    campaignIds: [4001],
    leads: new Map(),
  };
  platforms.heyreachLists.set(prospects.id, prospects);
}

function seedSalesforce(state: SandboxState): void {
  const org = state.salesforce;
  const users = DEMO_OWNERS.map((owner) =>
    org.create('User', {
      Email: owner.email,
      FirstName: owner.firstName,
      LastName: owner.lastName,
      Username: owner.email,
      IsActive: true,
      UserType: 'Standard',
    }),
  );
  const userIds = users.map((user) => String(user.Id));
  const accounts = DEMO_COMPANIES.map((company, index) =>
    org.create('Account', {
      Name: company.name,
      Website: `https://${company.domain}`,
      Type: index >= 4 ? 'Competitor' : 'Prospect',
      OwnerId: userIds[index % userIds.length] ?? null,
    }),
  );
  demoPeople().forEach((person, index) => {
    const accountId = String(accounts[DEMO_COMPANIES.indexOf(person.company)]?.Id ?? '');
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
  const admin = org.create('PermissionSet', {
    Name: 'X00e5e000000OutSyncAdmin',
    Label: 'System Administrator',
    Description: 'Profile-owned permission set',
  });
  admin.IsOwnedByProfile = true;
  org.create('PermissionSet', { Name: 'OutSync_Integration', Label: 'OutSync Integration' });
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
      where: (record) => record.HasOptedOutOfEmail === true,
    },
    {
      id: org.newId('Report'),
      name: 'Competitor Accounts',
      objectName: 'Account',
      columns: [
        { apiName: 'ACCOUNT.NAME', label: 'Account Name', field: 'Name', dataType: 'string' },
        { apiName: 'URL', label: 'Website', field: 'Website', dataType: 'url' },
      ],
      where: (record) => record.Type === 'Competitor',
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
      where: (record) => record.Status !== 'Closed - Converted',
    },
  ];
}
