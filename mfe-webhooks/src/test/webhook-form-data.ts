// What the webhook form's tests start from: both profiles with owners, endpoints, API keys, lead
// categories, CRM properties, permission sets and task types (see `webhookFormSeed`).
import type { CrmProperty } from '@outsync/contracts/accounts';
import type { FakeDb } from './fake-service';
import {
  aCrmOwner,
  aCrmProperty,
  aLeadCategory,
  anApiKey,
  aUserAccount,
  hubspotProfile,
  oid,
  salesforceProfile,
} from './fixtures';

const hubspotId = hubspotProfile.user.id;
const salesforceId = salesforceProfile.user.id;

export const grace = aCrmOwner();
export const alan = aCrmOwner({
  id: '302',
  firstName: 'Alan',
  lastName: 'Kay',
  email: 'alan@acme.test',
});
export const sfOwner = aCrmOwner({
  id: '0055g00000AbCdE',
  firstName: 'Alan',
  lastName: 'Turing',
  email: 'alan@acme-sf.test',
});

export const opsEndpoint = aUserAccount();
export const crmEndpoint = aUserAccount({
  id: oid(0xe2),
  url: 'https://crm.acme.test/hook',
  description: 'CRM mirror',
});
export const sfEndpoint = aUserAccount({
  id: oid(0xe3),
  url: 'https://sf.acme.test/hook',
  description: 'SF forwarder',
  userProfileId: salesforceId,
});

export const smartleadKey = anApiKey();
export const heyreachKey = anApiKey({
  id: oid(0xa2),
  description: 'Social outreach',
  platform: 'heyreach',
});
export const sfInstantlyKey = anApiKey({
  id: oid(0xa3),
  description: 'Instantly main',
  platform: 'instantly',
  userProfileId: salesforceId,
});

const property = (name: string, label: string, description = ''): CrmProperty =>
  aCrmProperty({ name, label, description });

export const hubspotProperties = [
  aCrmProperty(),
  property('email', 'Email', "The contact's e-mail address"),
  property('hs_object_id', 'Record ID', 'The unique ID for this record'),
  property('lead_ref', 'Lead reference', 'Our own lead id'),
];

export const salesforceContactFields = [
  property('Id', 'Contact ID'),
  property('Email', 'Email'),
  property('LinkedIn__c', 'LinkedIn profile', 'Social profile address'),
];

export const salesforceLeadFields = [
  property('Id', 'Lead ID'),
  property('Lead_Ref__c', 'Lead ref'),
];

/** Both profiles ready for the form; `overrides` replaces whole parts. */
export function webhookFormSeed(overrides: Partial<FakeDb> = {}): Partial<FakeDb> {
  return {
    integrations: [hubspotProfile, salesforceProfile],
    owners: { [hubspotId]: [grace, alan], [salesforceId]: [sfOwner] },
    userAccounts: [opsEndpoint, crmEndpoint, sfEndpoint],
    apiKeys: [smartleadKey, heyreachKey, sfInstantlyKey],
    leadCategories: {
      [smartleadKey.id]: [aLeadCategory(), aLeadCategory({ id: '2', name: 'Not interested' })],
      [sfInstantlyKey.id]: [aLeadCategory({ id: '1', name: 'Interested' })],
    },
    crmProperties: {
      [hubspotId]: hubspotProperties,
      [`${salesforceId}/Contact`]: salesforceContactFields,
      [`${salesforceId}/Lead`]: salesforceLeadFields,
    },
    permissionSets: {
      [salesforceId]: [
        { Id: '0PS000000000001', Name: 'Sales Ops' },
        { Id: '0PS000000000002', Name: 'System Administrator' },
      ],
    },
    taskTypes: {
      [salesforceId]: [
        { value: 'Email', label: 'Email' },
        { value: 'Call', label: 'Call' },
      ],
    },
    ...overrides,
  };
}
