import type { Role } from '@outsync/contracts';
import type { IntegrationItem, SalesforceProfile, UserProfile } from '@outsync/contracts/accounts';
import type { ProfileDoc } from './profiles.model';

/** A profile as the HubSpot screen lists it, with its owner's staff role. */
export function toUserProfile(profile: ProfileDoc, ownerRole: Role | null): UserProfile {
  return {
    id: profile._id.toString(),
    accountId: profile.accountId,
    organizationId: profile.organizationId,
    profile: profile.crm,
    email: profile.email,
    organizationDomain: profile.organizationDomain,
    role: ownerRole,
    firstName: profile.firstName,
    lastName: profile.lastName,
    canWebhook: profile.canWebhook,
    canUserAccount: profile.canUserAccount,
    canBlockList: profile.canBlockList,
  };
}

/** An entry of the "Select Profile" lists. */
export function toIntegrationItem(profile: ProfileDoc): IntegrationItem {
  return {
    user: {
      id: profile._id.toString(),
      profile: profile.crm,
      email: profile.email,
      organizationId: profile.organizationId,
      organizationDomain: profile.organizationDomain,
      firstName: profile.firstName,
      lastName: profile.lastName,
      canWebhook: profile.canWebhook,
      canUserAccount: profile.canUserAccount,
      canBlockList: profile.canBlockList,
    },
  };
}

/** A Salesforce profile without its consumer secret (sealed, and never sent anywhere). */
export function toSalesforceProfile(profile: ProfileDoc): SalesforceProfile {
  const id = profile._id.toString();
  return {
    id,
    // One document holds both the settings and the connected user: both ids are the profile's.
    user: {
      id,
      settings: {
        domain: profile.salesforce?.domain ?? '',
        consumer_key: profile.salesforce?.consumerKey ?? '',
      },
    },
    isConnected: profile.connection !== null,
    connectedAs: profile.connection ? profile.email || null : null,
  };
}
