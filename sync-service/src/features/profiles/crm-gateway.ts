import type { RequestGate } from '../../connectors/crm/crm-rate-limits';
import { hubspotOAuth } from '@outsync/contracts';
import * as hubspot from '../../connectors/crm/hubspot';
import * as salesforce from '../../connectors/crm/salesforce';
import type { ConnectorFetch } from '../../connectors/http';
import type { CrmGateway } from './crm-gateway.types';
import { SALESFORCE_CUSTOM_FIELDS } from './salesforce-custom-fields';

export type CrmGatewayConfig = {
  hubspot: {
    clientId?: string;
    clientSecret?: string;
    authorizeUrl: string;
    apiUrl: string;
  };
  salesforce: { apiVersion: string };
};

/** The connectors of both CRMs, shaped as the profiles module uses them. */
export function createCrmGateway(config: CrmGatewayConfig, fetch: ConnectorFetch): CrmGateway {
  const { clientId, clientSecret, authorizeUrl, apiUrl } = config.hubspot;
  const hubspotApp = () => {
    if (!clientId || !clientSecret) throw new Error('HubSpot is not configured');
    return { clientId, clientSecret, apiUrl, fetch };
  };
  const apiVersion = config.salesforce.apiVersion.replace(/^v/, '');

  return {
    hubspot: {
      configured: Boolean(clientId && clientSecret),
      authorizeUrl: ({ state, redirectUri }) =>
        hubspot.buildAuthorizeUrl({
          authorizeUrl,
          clientId: clientId ?? '',
          redirectUri,
          scopes: hubspotOAuth.scopes,
          optionalScopes: hubspotOAuth.optionalScopes,
          state,
        }),
      async exchangeCode({ code, redirectUri }) {
        const tokens = await hubspot.exchangeCode({ ...hubspotApp(), code, redirectUri });
        return { ...tokens, scopes: [], instanceUrl: null, identityUrl: null };
      },
      async refresh(refreshToken) {
        const tokens = await hubspot.refreshAccessToken({ ...hubspotApp(), refreshToken });
        return { ...tokens, scopes: [], instanceUrl: null, identityUrl: null };
      },
      async tokenInfo(accessToken) {
        const info = await hubspot.getAccessTokenInfo({ apiUrl, fetch, accessToken });
        return {
          hubId: info.hubId,
          hubDomain: info.hubDomain ?? '',
          userEmail: info.userEmail ?? '',
          userId: info.userId,
          scopes: info.scopes,
        };
      },
      revoke: (refreshToken) => hubspot.revokeRefreshToken({ apiUrl, fetch, refreshToken }),
      client: (auth, gate) =>
        hubspot.createHubspotClient({ apiUrl, fetch, auth, ...gateOptions(gate) }),
      api(auth, gate) {
        const client = hubspot.createHubspotClient({ apiUrl, fetch, auth, ...gateOptions(gate) });
        return {
          async listOwners() {
            const owners = await client.listOwners();
            return owners
              .filter((owner) => !owner.archived)
              .map((owner) => ({
                id: owner.id,
                firstName: owner.firstName,
                lastName: owner.lastName,
                email: owner.email,
                name: `${owner.firstName} ${owner.lastName}`.trim() || owner.email,
              }));
          },
          async listContactProperties() {
            const properties = await client.listProperties('contacts');
            return properties.map(({ name, label, description }) => ({ name, label, description }));
          },
        };
      },
    },

    salesforce: {
      authorizeUrl: ({ domain, consumerKey, state, redirectUri }) =>
        salesforce.buildAuthorizeUrl({ domain, clientId: consumerKey, redirectUri, state }),
      async exchangeCode({ domain, consumerKey, consumerSecret, code, redirectUri }) {
        const tokens = await salesforce.exchangeCode({
          domain,
          clientId: consumerKey,
          clientSecret: consumerSecret,
          code,
          redirectUri,
          fetch,
        });
        return {
          accessToken: tokens.accessToken,
          refreshToken: tokens.refreshToken,
          expiresInSeconds: null,
          scopes: [],
          instanceUrl: tokens.instanceUrl,
          identityUrl: tokens.identityUrl,
        };
      },
      async refresh({ domain, consumerKey, consumerSecret, refreshToken }) {
        const tokens = await salesforce.refreshAccessToken({
          domain,
          clientId: consumerKey,
          clientSecret: consumerSecret,
          refreshToken,
          fetch,
        });
        return {
          accessToken: tokens.accessToken,
          refreshToken: tokens.refreshToken ?? null,
          expiresInSeconds: null,
          scopes: [],
          instanceUrl: tokens.instanceUrl,
          identityUrl: null,
        };
      },
      revoke: ({ domain, refreshToken }) =>
        salesforce.revokeToken({ domain, token: refreshToken, fetch }),
      async identity({ instanceUrl, identityUrl, accessToken }) {
        const identity = await salesforce.getIdentity({
          identityUrl: identityUrl ?? `${instanceUrl}/services/oauth2/userinfo`,
          accessToken,
          fetch,
        });
        return {
          organizationId: identity.organizationId,
          userId: identity.userId,
          email: identity.email,
          firstName: identity.firstName ?? '',
          lastName: identity.lastName ?? identity.displayName,
        };
      },
      client: ({ instanceUrl, auth, gate }) =>
        salesforce.createSalesforceClient({
          instanceUrl,
          apiVersion,
          fetch,
          auth,
          ...gateOptions(gate),
        }),
      api({ instanceUrl, auth, userId, gate }) {
        const client = salesforce.createSalesforceClient({
          instanceUrl,
          apiVersion,
          fetch,
          auth,
          ...gateOptions(gate),
        });
        return {
          async listActiveUsers() {
            const users = await client.listUsers();
            return users.map((user) => ({
              id: user.id,
              firstName: user.firstName,
              lastName: user.lastName,
              email: user.email,
              name: user.name,
            }));
          },
          listFields: (objectName) => client.listFields(objectName),
          async listPermissionSets() {
            const sets = await client.listPermissionSets();
            // The name a Salesforce admin knows it by (spec 01: 'System Administrator').
            return sets.map(({ Id, Label }) => ({ Id, Name: Label }));
          },
          listTaskTypes: () => client.listTaskTypes(),
          async createCustomFields(objects, permissionSetId) {
            await client.createCustomFields({
              objects,
              fields: SALESFORCE_CUSTOM_FIELDS,
              permissionSetId,
              ...(userId ? { assigneeId: userId } : {}),
            });
          },
        };
      },
    },
  };
}

/** A gate's hooks as the HTTP client takes them (none when there is no gate). */
function gateOptions(gate: RequestGate | undefined) {
  return gate ? { throttle: gate.throttle, observe: gate.observe } : {};
}
