// Data the fake service starts from, typed by the contracts' schemas (z.infer): a fixture that no
// longer has the shape the service answers does not compile.
//
// API (stable; other tests build on it):
//   oid(n)                          24-hex-digit id from a small number: oid(7) = '00…07'
//   anIntegration(user?)            a "Select Profile" entry (HubSpot profile oid(1) by default)
//   hubspotProfile, salesforceProfile   two ready integrations (oid(1) HUBSPOT, oid(2) SALESFORCE)
//   aCrmOwner(o?), aUserAccount(o?), anApiKey(o?), aLeadCategory(o?), aCrmProperty(o?)
//   aWebhook(o?)                    a stored HUBSPOT webhook on hubspotProfile (smartlead, all events)
//   aSalesforceWebhook(o?)          a stored SALESFORCE webhook on salesforceProfile
//   webhookSettings(crm, input)     stored settings by the contracts' save rules (for overrides)
//   customer, manager, admin        signed-in users (the harness's); this customer owns oid(1)
//                                   and oid(2)
import { customer as harnessCustomer, oid } from '@outsync/app-runtime/testing';
import type { CrmKind, CurrentUser } from '@outsync/contracts';
import type {
  ApiKey,
  CrmOwner,
  CrmProperty,
  IntegrationItem,
  LeadCategory,
  UserAccount,
} from '@outsync/contracts/accounts';
import {
  applyWebhookSaveRules,
  webhookUrlOf,
  WebhookSettingsInputSchema,
  type Webhook,
  type WebhookSettingsInput,
} from '@outsync/contracts/webhooks';

export { admin, manager, oid } from '@outsync/app-runtime/testing';

/** Where the fake service's webhook URLs point ({host}/webhooks/{code}). */
export const FAKE_API_HOST = 'http://localhost';

type IntegrationUser = IntegrationItem['user'];

/** The "Select Profile" entry of a profile. */
export function anIntegration(overrides: Partial<IntegrationUser> = {}): IntegrationItem {
  return {
    user: {
      id: oid(1),
      profile: 'HUBSPOT',
      email: 'ada@acme.test',
      organizationId: '20519234',
      organizationDomain: 'acme.hubspot.test',
      firstName: 'Ada',
      lastName: 'Lovelace',
      canWebhook: true,
      canUserAccount: true,
      canBlockList: true,
      ...overrides,
    },
  };
}

export const hubspotProfile = anIntegration();

export const salesforceProfile = anIntegration({
  id: oid(2),
  profile: 'SALESFORCE',
  email: 'ada@acme-sf.test',
  organizationId: '00D5g000004XyZ1',
  organizationDomain: 'acme.my.salesforce.test',
});

export function aCrmOwner(overrides: Partial<CrmOwner> = {}): CrmOwner {
  const owner = {
    id: '301',
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@acme.test',
    ...overrides,
  };
  return { name: `${owner.firstName} ${owner.lastName}`, ...owner };
}

export function aUserAccount(overrides: Partial<UserAccount> = {}): UserAccount {
  return {
    id: oid(0xe1),
    url: 'https://hooks.acme.test/outsync',
    description: 'Ops forwarder',
    userProfileId: oid(1),
    canDelete: true,
    validatedAt: '2026-11-20T09:00:00.000Z',
    syncAlerts: false,
    ...overrides,
  };
}

export function anApiKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: oid(0xa1),
    description: 'Main sequencer',
    platform: 'smartlead',
    baseUrl: null,
    userProfileId: oid(1),
    userProfile: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@acme.test',
      organizationId: '20519234',
      organizationDomain: 'acme.hubspot.test',
    },
    isValid: true,
    checkedAt: '2026-11-20T09:00:00.000Z',
    syncBlockList: [],
    canManage: true,
    ...overrides,
  };
}

export function aLeadCategory(overrides: Partial<LeadCategory> = {}): LeadCategory {
  return { id: '1', created_at: '2026-11-02T10:00:00.000Z', name: 'Interested', ...overrides };
}

export function aCrmProperty(overrides: Partial<CrmProperty> = {}): CrmProperty {
  return {
    name: 'hs_linkedin_url',
    label: 'LinkedIn URL',
    description: "The contact's LinkedIn profile address",
    ...overrides,
  };
}

/** Stored settings for `input`, by the same save rules the service applies. */
export function webhookSettings(crm: CrmKind, input: WebhookSettingsInput) {
  const { additionalEndpoints: _endpoints, ...settings } = applyWebhookSaveRules(
    crm,
    WebhookSettingsInputSchema.parse(input),
  );
  return settings;
}

/** A generated-looking code (URL-safe, 32 characters) from a small number. */
export function aCode(n: number): string {
  return `whk${n.toString().padStart(29, '0')}`;
}

/** A stored HUBSPOT webhook on `hubspotProfile`: smartlead, all events, company sync on. */
export function aWebhook(overrides: Partial<Webhook> = {}): Webhook {
  const owner = aCrmOwner();
  const code = overrides.code ?? aCode(1);
  return {
    id: oid(0x1001),
    userId: customer.id,
    userProfileId: hubspotProfile.user.id,
    user: {
      id: hubspotProfile.user.id,
      profile: 'HUBSPOT',
      email: hubspotProfile.user.email,
      organizationDomain: hubspotProfile.user.organizationDomain,
      organizationId: hubspotProfile.user.organizationId,
      settings: { domain: hubspotProfile.user.organizationDomain },
      userAccounts: [],
    },
    selectedOwner: owner,
    ownerDetails: { firstName: owner.firstName, lastName: owner.lastName, email: owner.email },
    hubId: hubspotProfile.user.organizationId,
    hubspotOwnerId: owner.id,
    webhookUrl: webhookUrlOf(FAKE_API_HOST, code),
    code,
    createdAt: '2026-11-20T09:30:00.000Z',
    ...webhookSettings('HUBSPOT', { emailService: 'smartlead' }),
    apiKey: null,
    userAccountWebhooks: [],
    canUpdate: true,
    ...overrides,
  };
}

/** A stored SALESFORCE webhook on `salesforceProfile`: instantly, Email Object, upsert. */
export function aSalesforceWebhook(overrides: Partial<Webhook> = {}): Webhook {
  const owner = aCrmOwner({
    id: '0055g00000AbCdE',
    firstName: 'Alan',
    lastName: 'Turing',
    email: 'alan@acme-sf.test',
  });
  const code = overrides.code ?? aCode(2);
  return aWebhook({
    id: oid(0x2001),
    userProfileId: salesforceProfile.user.id,
    user: {
      id: salesforceProfile.user.id,
      profile: 'SALESFORCE',
      email: salesforceProfile.user.email,
      organizationDomain: salesforceProfile.user.organizationDomain,
      organizationId: salesforceProfile.user.organizationId,
      settings: { domain: salesforceProfile.user.organizationDomain },
      userAccounts: [],
    },
    selectedOwner: owner,
    ownerDetails: { firstName: owner.firstName, lastName: owner.lastName, email: owner.email },
    hubId: salesforceProfile.user.organizationId,
    hubspotOwnerId: owner.id,
    webhookUrl: webhookUrlOf(FAKE_API_HOST, code),
    code,
    ...webhookSettings('SALESFORCE', { emailService: 'instantly' }),
    ...overrides,
  });
}

/** A customer (no staff role) on the paid plan, owner of profiles oid(1) and oid(2). */
export const customer: CurrentUser = {
  ...harnessCustomer,
  userProfiles: [{ userProfileId: oid(1) }, { userProfileId: oid(2) }],
};
