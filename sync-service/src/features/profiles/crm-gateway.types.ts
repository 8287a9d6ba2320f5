import type { RequestGate } from '../../connectors/crm/crm-rate-limits';
import type { HubspotClient } from '../../connectors/crm/hubspot';
import type { SalesforceClient } from '../../connectors/crm/salesforce';
import type { TokenAuth } from '../../connectors/http';

/** Tokens an OAuth token endpoint answered. */
export type TokenSet = {
  accessToken: string;
  /** Null when the answer carried none (a Salesforce refresh without rotation). */
  refreshToken: string | null;
  /** Null when the vendor does not say (Salesforce). */
  expiresInSeconds: number | null;
  scopes: string[];
  /** Salesforce: where data calls go. */
  instanceUrl: string | null;
  /** Salesforce: the identity URL. */
  identityUrl: string | null;
};

/** What HubSpot's token metadata says about an access token. */
export type HubspotTokenInfo = {
  hubId: string;
  hubDomain: string;
  userEmail: string;
  userId: string;
  scopes: string[];
};

export type SalesforceIdentity = {
  organizationId: string;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
};

export type SalesforceApp = { domain: string; consumerKey: string; consumerSecret: string };

export type OwnerRecord = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  name: string;
};
export type FieldRecord = { name: string; label: string; description: string };

/** The HubSpot calls the profiles module makes for one connection. */
export type HubspotApi = {
  listOwners(): Promise<OwnerRecord[]>;
  listContactProperties(): Promise<FieldRecord[]>;
};

/** The Salesforce calls the profiles module makes for one connection. */
export type SalesforceApi = {
  listActiveUsers(): Promise<OwnerRecord[]>;
  listFields(objectName: 'Contact' | 'Lead'): Promise<FieldRecord[]>;
  listPermissionSets(): Promise<Array<{ Id: string; Name: string }>>;
  listTaskTypes(): Promise<Array<{ value: string; label: string }>>;
  /** OutSync's custom fields on `objects`, readable and editable through `permissionSetId`. */
  createCustomFields(objects: Array<'Contact' | 'Lead'>, permissionSetId: string): Promise<void>;
};

/**
 * The OAuth and API calls of both CRMs, as this module needs them. crm-gateway.ts builds it
 * over the connectors, so the module's flows do not depend on their exact signatures.
 */
export type CrmGateway = {
  hubspot: {
    /** False when HUBSPOT_CLIENT_ID / HUBSPOT_CLIENT_SECRET are not configured. */
    configured: boolean;
    authorizeUrl(input: { state: string; redirectUri: string }): string;
    exchangeCode(input: { code: string; redirectUri: string }): Promise<TokenSet>;
    refresh(refreshToken: string): Promise<TokenSet>;
    tokenInfo(accessToken: string): Promise<HubspotTokenInfo>;
    /** Revokes a refresh token (and its access tokens) when a profile is deleted. */
    revoke(refreshToken: string): Promise<void>;
    /** `gate`: the portal's request budget, shared by its clients (crm-rate-limits). */
    api(auth: TokenAuth, gate?: RequestGate): HubspotApi;
    /** The connector's whole client, for the sync pipeline and block lists. */
    client(auth: TokenAuth, gate?: RequestGate): HubspotClient;
  };
  salesforce: {
    authorizeUrl(input: {
      domain: string;
      consumerKey: string;
      state: string;
      redirectUri: string;
    }): string;
    exchangeCode(input: SalesforceApp & { code: string; redirectUri: string }): Promise<TokenSet>;
    refresh(input: SalesforceApp & { refreshToken: string }): Promise<TokenSet>;
    /** Revokes a refresh token (and its sessions) at the org's login domain. */
    revoke(input: { domain: string; refreshToken: string }): Promise<void>;
    identity(input: {
      instanceUrl: string;
      identityUrl: string | null;
      accessToken: string;
    }): Promise<SalesforceIdentity>;
    /** `userId`: the connection's own user, who is given the custom fields' permission set. */
    api(input: {
      instanceUrl: string;
      auth: TokenAuth;
      userId?: string | null;
      gate?: RequestGate;
    }): SalesforceApi;
    /** The connector's whole client, for the sync pipeline and block lists. */
    client(input: { instanceUrl: string; auth: TokenAuth; gate?: RequestGate }): SalesforceClient;
  };
};
