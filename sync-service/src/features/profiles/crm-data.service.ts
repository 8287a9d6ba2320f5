import type { CrmKind } from '@outsync/contracts';
import {
  AccountsErrorCodes,
  type CreateFieldsRequest,
  type CrmProperty,
  type OwnersAndUserAccountsResponse,
  type PermissionSet,
  type SalesforceObjectType,
  type SuccessMessageResponse,
  type TaskTypesResponse,
  type UserAccount,
} from '@outsync/contracts/accounts';
import { isConnectorError } from '../../connectors/http';
import { HttpError, notFound } from '../../platform/http/http-error';
import type { SessionUser } from '../../platform/http/types';
import type { ProfileDoc, ProfilesService } from './profiles.service';
import { upstream, upstreamMessage } from './upstream-error';

export const CUSTOM_FIELDS_CREATED_MESSAGE = 'Custom fields created';

export function taskTypeNotFoundMessage(taskType: string): string {
  return `Task Type "${taskType}" not found in Salesforce. Please add it manually.`;
}

/** The CRM data the webhook forms need (spec 01 §7 "Owners, accounts and settings data"). */
export type CrmDataService = {
  ownersAndUserAccounts(
    user: SessionUser,
    profileId: string,
    crm: CrmKind,
  ): Promise<OwnersAndUserAccountsResponse>;
  properties(
    user: SessionUser,
    profileId: string,
    type: SalesforceObjectType | undefined,
  ): Promise<CrmProperty[]>;
  permissionSets(user: SessionUser, profileId: string): Promise<PermissionSet[]>;
  taskTypes(user: SessionUser, profileId: string): Promise<TaskTypesResponse>;
  validateTaskType(
    user: SessionUser,
    input: { userProfileId: string; taskType: string },
  ): Promise<SuccessMessageResponse>;
  createFields(user: SessionUser, input: CreateFieldsRequest): Promise<SuccessMessageResponse>;
};

export type CrmDataServiceDeps = {
  profiles: ProfilesService;
  /** The webhook endpoints of a profile (the user-accounts module's, wired in app.ts). */
  listUserAccountsOfProfile?: (profileId: string, viewer: SessionUser) => Promise<UserAccount[]>;
};

const NOT_FOUND = 'No such profile, or it is not yours.';

export function createCrmDataService(deps: CrmDataServiceDeps): CrmDataService {
  const { connections } = deps.profiles;

  /** The caller's view of a profile of `crm` that has a working connection. */
  async function connected(
    user: SessionUser,
    profileId: string,
    access: 'read' | 'write',
    crm?: CrmKind,
  ): Promise<ProfileDoc> {
    const profile = await deps.profiles.requireProfile(user, profileId, access);
    if (crm && profile.crm !== crm) throw notFound(NOT_FOUND);
    if (!profile.connection) {
      throw new HttpError(
        409,
        AccountsErrorCodes.notConnected,
        `Connect this ${profile.crm === 'HUBSPOT' ? 'HubSpot' : 'Salesforce'} profile first.`,
      );
    }
    return profile;
  }

  return {
    async ownersAndUserAccounts(user, profileId, crm) {
      const profile = await connected(user, profileId, 'read', crm);
      const [owners, userAccounts] = await Promise.all([
        upstream(() =>
          crm === 'HUBSPOT'
            ? connections.hubspot(profile).listOwners()
            : connections.salesforce(profile).listActiveUsers(),
        ),
        deps.listUserAccountsOfProfile?.(profileId, user) ?? Promise.resolve([]),
      ]);
      return { owners, userAccounts };
    },

    async properties(user, profileId, type) {
      const profile = await connected(user, profileId, 'read');
      return upstream(() =>
        profile.crm === 'HUBSPOT'
          ? connections.hubspot(profile).listContactProperties()
          : connections.salesforce(profile).listFields(type ?? 'Contact'),
      );
    },

    async permissionSets(user, profileId) {
      const profile = await connected(user, profileId, 'read', 'SALESFORCE');
      return upstream(() => connections.salesforce(profile).listPermissionSets());
    },

    async taskTypes(user, profileId) {
      const profile = await deps.profiles.requireProfile(user, profileId, 'read');
      if (profile.crm !== 'SALESFORCE') throw notFound(NOT_FOUND);
      // The form shows what went wrong as a warning; it is not a server failure.
      if (!profile.connection) {
        return { success: false, error: 'Connect this Salesforce profile first.', data: [] };
      }
      try {
        const data = await connections.salesforce(profile).listTaskTypes();
        return { success: true, error: null, data };
      } catch (error) {
        if (!isConnectorError(error)) throw error;
        return { success: false, error: upstreamMessage(error), data: [] };
      }
    },

    async validateTaskType(user, { userProfileId, taskType }) {
      const profile = await connected(user, userProfileId, 'read', 'SALESFORCE');
      try {
        const types = await connections.salesforce(profile).listTaskTypes();
        const wanted = taskType.toLowerCase();
        const found = types.some(
          (type) => type.value.toLowerCase() === wanted || type.label.toLowerCase() === wanted,
        );
        return found
          ? { success: true, message: `Task Type "${taskType}" found in Salesforce.` }
          : { success: false, message: taskTypeNotFoundMessage(taskType) };
      } catch (error) {
        if (!isConnectorError(error)) throw error;
        return { success: false, message: upstreamMessage(error) };
      }
    },

    async createFields(user, { userProfileId, permissionId, customFields }) {
      // Changes the customer's org: the owner or an admin only.
      const profile = await connected(user, userProfileId, 'write', 'SALESFORCE');
      try {
        await connections.salesforce(profile).createCustomFields(customFields, permissionId);
        // A webhook may turn custom fields on only for objects they were created on.
        await deps.profiles.recordCustomFieldsCreated(userProfileId, customFields);
        return { success: true, message: CUSTOM_FIELDS_CREATED_MESSAGE };
      } catch (error) {
        if (!isConnectorError(error)) throw error;
        return { success: false, message: upstreamMessage(error) };
      }
    },
  };
}
