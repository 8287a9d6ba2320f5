// The profiles module's service: CRM connections (profiles) and what other modules ask of them.
// Each part lives in its own file; this one builds the shared pieces once and wires the parts.
import { checkConnectedAccount } from './connected-account-check';
import { createCrmConnections } from './crm-connection';
import { customFieldObjectsCreatedOf, recordCustomFieldsCreated } from './custom-field-records';
import { completeHubspotConnect, hubspotAuthorizeUrl } from './hubspot-connect';
import { createOAuthStates } from './oauth-state';
import { requireProfile } from './profile-access';
import { deleteProfile } from './profile-deletion';
import {
  findProfile,
  hubspotProfiles,
  integrations,
  profileIdsOf,
  salesforceProfiles,
} from './profile-lists';
import type {
  ProfilesContext,
  ProfilesService,
  ProfilesServiceDeps,
} from './profiles-service.types';
import {
  completeSalesforceConnect,
  createSalesforceProfile,
  salesforceConnect,
} from './salesforce-connect';

export {
  profileModel,
  type CustomFieldObject,
  type ProfileDoc,
  type ProfileModel,
} from './profiles.model';
export { isStaff, mayAccessProfile, type ProfileAccess } from './profile-access';
export { connectionLostProblem, type CrmConnections } from './crm-connection';
export type { HubspotApi, SalesforceApi } from './crm-gateway.types';
export { toUpstreamError, upstream, upstreamMessage } from './upstream-error';
export { CONSENT_DENIED_MESSAGES } from './oauth-connect';
export type {
  Caller,
  CallbackOutcome,
  CallbackQuery,
  ProfilesService,
  ProfilesServiceDeps,
} from './profiles-service.types';

export function createProfilesService(deps: ProfilesServiceDeps): ProfilesService {
  const context: ProfilesContext = {
    ...deps,
    oauthStates: createOAuthStates({ states: deps.states, now: deps.now }),
    connections: createCrmConnections({
      profiles: deps.profiles,
      secrets: deps.secrets,
      gateway: deps.gateway,
      rateLimits: deps.rateLimits,
      now: deps.now,
      guardUrl: deps.guardUrl,
      logger: deps.logger,
    }),
  };

  return {
    connections: context.connections,
    requireProfile: (user, profileId, access) =>
      requireProfile(context.profiles, user, profileId, access),
    findProfile: (profileId) => findProfile(context, profileId),
    recordCustomFieldsCreated: (profileId, objects) =>
      recordCustomFieldsCreated(context, profileId, objects),
    customFieldObjectsCreatedOf: (profileId) => customFieldObjectsCreatedOf(context, profileId),
    integrations: (user, scope) => integrations(context, user, scope),
    profileIdsOf: (userId) => profileIdsOf(context, userId),
    hubspotProfiles: (user) => hubspotProfiles(context, user),
    hubspotAuthorizeUrl: (caller) => hubspotAuthorizeUrl(context, caller),
    completeHubspotConnect: (query, caller) => completeHubspotConnect(context, query, caller),
    salesforceProfiles: (user) => salesforceProfiles(context, user),
    createSalesforceProfile: (user, input) => createSalesforceProfile(context, user, input),
    salesforceConnect: (caller, profileId) => salesforceConnect(context, caller, profileId),
    completeSalesforceConnect: (query, caller) => completeSalesforceConnect(context, query, caller),
    checkConnectedAccount: (user, crm) => checkConnectedAccount(context, user, crm),
    deleteProfile: (user, profileId, crm) => deleteProfile(context, user, profileId, crm),
  };
}
