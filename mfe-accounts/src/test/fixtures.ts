// Data the fake service starts from. Typed by the contracts' schemas (z.infer), so a fixture
// that no longer has the shape the service answers does not compile. The signed-in users
// (customer, manager, admin) and oid(n) are the harness's.
import { oid } from '@outsync/app-runtime/testing';
import type {
  AdminUserRow,
  ApiKey,
  BlockListSync,
  IntegrationItem,
  LeadCategory,
  SalesforceProfile,
  UserAccount,
  UserProfile,
} from '@outsync/contracts/accounts';

export { admin, customer, manager, oid } from '@outsync/app-runtime/testing';

export function aUserProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: oid(1),
    accountId: '5150001',
    organizationId: '20519234',
    profile: 'HUBSPOT',
    email: 'ada@acme.test',
    organizationDomain: 'acme.hubspot.test',
    role: null,
    firstName: 'Ada',
    lastName: 'Lovelace',
    canWebhook: true,
    canUserAccount: true,
    canBlockList: true,
    ...overrides,
  };
}

/** The "Select Profile" entry of a profile. */
export function anIntegration(profile: UserProfile = aUserProfile()): IntegrationItem {
  const {
    id,
    profile: crm,
    email,
    organizationId,
    organizationDomain,
    firstName,
    lastName,
  } = profile;
  const { canWebhook, canUserAccount, canBlockList } = profile;
  return {
    user: {
      id,
      profile: crm,
      email,
      organizationId,
      organizationDomain,
      firstName,
      lastName,
      canWebhook,
      canUserAccount,
      canBlockList,
    },
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

export function aSalesforceProfile(overrides: Partial<SalesforceProfile> = {}): SalesforceProfile {
  return {
    id: oid(0x5f1),
    user: {
      id: oid(0x5f1),
      settings: { domain: 'https://acme.my.salesforce.test', consumer_key: '3MVG9-key' },
    },
    isConnected: false,
    connectedAs: null,
    ...overrides,
  };
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

export function anAdminUserRow(overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    id: oid(1),
    userId: oid(0x100),
    userEmail: 'ada@acme.test',
    profile: 'HUBSPOT',
    accountId: '5150001',
    organizationId: '20519234',
    email: 'ada@acme.test',
    role: null,
    isPaidTier: true,
    organizationDomain: 'acme.hubspot.test',
    canWebhook: true,
    canUserAccount: true,
    canBlockList: true,
    ...overrides,
  };
}

export function aBlockListSync(overrides: Partial<BlockListSync> = {}): BlockListSync {
  return {
    id: oid(0xb1),
    crm: 'HUBSPOT',
    listId: '101',
    listIdILS: '101',
    listName: 'Customers',
    listType: 'CONTACT_LIST',
    userId: oid(1),
    user: {
      email: 'ada@acme.test',
      accountId: '5150001',
      organizationId: '20519234',
      canBlockList: true,
    },
    apiKey: { id: oid(0xa1), description: 'Main sequencer', platform: 'smartlead' },
    clientDetails: null,
    blockType: 'ADDRESS',
    useDomainForNonLatin: false,
    profileUrlFieldNames: [],
    fields: [],
    heyReachListId: null,
    lastFetchedAt: null,
    lastAttemptedAt: null,
    lastError: null,
    lastSmartleadError: null,
    countItemsSynced: 0,
    countItemsNotSynced: 0,
    isEnabled: true,
    status: 'SYNCED',
    progress: null,
    nextRunAt: null,
    canManage: true,
    createdAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}
