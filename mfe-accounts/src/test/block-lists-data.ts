// The block lists screen's starting data: a HubSpot and a Salesforce profile, their lists, keys of
// each platform, the Smartlead key's two clients, the HeyReach key's lists and the CRM properties.
import { anApiKey, anIntegration, aUserProfile, oid } from './fixtures';
import type { FakeDb } from './fake-service';

export const hubspotProfile = aUserProfile({
  id: oid(1),
  profile: 'HUBSPOT',
  email: 'ada@acme.test',
  organizationId: '20519234',
  organizationDomain: 'acme.hubspot.test',
});

export const salesforceProfile = aUserProfile({
  id: oid(2),
  profile: 'SALESFORCE',
  email: 'sf@acme.test',
  organizationId: '00D5g000004XyZ',
  organizationDomain: 'acme.my.salesforce.test',
});

export const hubspotProfileLabel = 'HUBSPOT - ada@acme.test - 20519234 acme.hubspot.test';
export const salesforceProfileLabel =
  'SALESFORCE - sf@acme.test - 00D5g000004XyZ acme.my.salesforce.test';

const owner = (profile: typeof hubspotProfile) => ({
  userProfileId: profile.id,
  userProfile: {
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    organizationId: profile.organizationId,
    organizationDomain: profile.organizationDomain,
  },
});

export const smartleadKey = anApiKey({
  id: oid(0xa1),
  description: 'Main sequencer',
  platform: 'smartlead',
  ...owner(hubspotProfile),
});
/** A Smartlead key with a single client: choosing none is allowed. */
export const soloSmartleadKey = anApiKey({
  id: oid(0xa2),
  description: 'Solo agency',
  platform: 'smartlead',
  ...owner(hubspotProfile),
});
export const instantlyKey = anApiKey({
  id: oid(0xa3),
  description: 'Instantly main',
  platform: 'instantly',
  ...owner(hubspotProfile),
});
export const heyreachKey = anApiKey({
  id: oid(0xa4),
  description: 'Social reach',
  platform: 'heyreach',
  ...owner(hubspotProfile),
});
export const salesforceSmartleadKey = anApiKey({
  id: oid(0xa5),
  description: 'SF sequencer',
  platform: 'smartlead',
  ...owner(salesforceProfile),
});
export const salesforceInstantlyKey = anApiKey({
  id: oid(0xa6),
  description: 'SF Instantly',
  platform: 'instantly',
  ...owner(salesforceProfile),
});

export const contactList = {
  listId: '101',
  name: 'Customers',
  objectTypeId: '0-1',
  additionalProperties: { hs_list_size: 1200 },
} as const;
export const companyList = {
  listId: '202',
  name: 'Target accounts',
  objectTypeId: '0-2',
  additionalProperties: { hs_list_size: 40 },
} as const;

export const report = { Id: '00O5g000001AbCdEAK', Name: 'Do not contact' };
export const otherReport = { Id: '00O5g000001XyZwEAK', Name: 'Churned accounts' };

export const linkedinProperty = {
  name: 'linkedin_url',
  label: 'LinkedIn URL',
  description: 'The public profile address',
};
export const salesNavigatorProperty = {
  name: 'sales_nav_url',
  label: 'Sales Navigator URL',
  description: 'Where the rep found them',
};

export const agencyClients = [
  { id: '11', name: 'Contoso', email: 'ops@contoso.test' },
  { id: '12', name: 'Fabrikam', email: 'team@fabrikam.test' },
];

export const heyreachList = { id: '5001', name: 'Do not contact (LinkedIn)' };

export function blockListsSeed(overrides: Partial<FakeDb> = {}): Partial<FakeDb> {
  return {
    integrations: [anIntegration(hubspotProfile), anIntegration(salesforceProfile)],
    apiKeys: [
      smartleadKey,
      soloSmartleadKey,
      instantlyKey,
      heyreachKey,
      salesforceSmartleadKey,
      salesforceInstantlyKey,
    ],
    apiKeySecrets: {
      [smartleadKey.id]: 'sl-main',
      [soloSmartleadKey.id]: 'sl-solo',
      [instantlyKey.id]: 'inst-main',
      [heyreachKey.id]: 'hr-main',
      [salesforceSmartleadKey.id]: 'sl-sf',
      [salesforceInstantlyKey.id]: 'inst-sf',
    },
    hubspotLists: { [hubspotProfile.id]: [contactList, companyList] },
    salesforceLists: { [salesforceProfile.id]: [report, otherReport] },
    reportFields: {
      [report.Id]: ['EMAIL', 'ACCOUNT.WEBSITE'],
      [otherReport.Id]: ['CONTACT.EMAIL'],
    },
    crmProperties: { [hubspotProfile.id]: [linkedinProperty, salesNavigatorProperty] },
    smartleadClients: {
      [smartleadKey.id]: agencyClients,
      [soloSmartleadKey.id]: [{ id: '21', name: 'Solo', email: 'solo@agency.test' }],
      [salesforceSmartleadKey.id]: agencyClients,
    },
    heyreachLists: { [heyreachKey.id]: [heyreachList] },
    ...overrides,
  };
}
