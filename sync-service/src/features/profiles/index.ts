export { registerCrmDataRoutes } from './crm-data.routes';
export { createCrmDataService } from './crm-data.service';
export { createCrmGateway } from './crm-gateway';
export { oauthStateModel } from './oauth-state.model';
export { createProfileRecords, type ProfilePortal, type ProfileRecords } from './profile-records';
export { registerProfilesRoutes } from './profiles.routes';
export {
  createProfilesService,
  type CrmConnections,
  type CustomFieldObject,
  isStaff,
  mayAccessProfile,
  type ProfileAccess,
  type ProfileDoc,
  profileModel,
  type ProfilesService,
  toUpstreamError,
  upstream,
  upstreamMessage,
} from './profiles.service';
export { SALESFORCE_CUSTOM_FIELDS } from './salesforce-custom-fields';
