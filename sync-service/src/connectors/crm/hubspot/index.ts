export {
  HUBSPOT_API_URL,
  HUBSPOT_AUTHORIZE_URL,
  buildAuthorizeUrl,
  exchangeCode,
  getAccessTokenInfo,
  refreshAccessToken,
  revokeRefreshToken,
  type HubspotAccessTokenInfo,
  type HubspotAuthorizeRequest,
  type HubspotTokens,
} from './hubspot-oauth';
export {
  createHubspotClient,
  type HubspotClient,
  type HubspotClientOptions,
  type HubspotList,
  type HubspotListObjectTypeId,
  type HubspotObjectType,
  type HubspotOwner,
  type HubspotProperty,
} from './hubspot-client';
