import { z } from 'zod';
import { createHttpClient, isConnectorError, type ConnectorFetch } from '../../http';

/** The real services; the sandbox answers the same paths under `<sandbox>/hubspot`. */
export const HUBSPOT_API_URL = 'https://api.hubapi.com';
export const HUBSPOT_AUTHORIZE_URL = 'https://app.hubspot.com/oauth/authorize';

export type HubspotAuthorizeRequest = {
  /** `https://app.hubspot.com/oauth/authorize` (sandbox: `<sandbox>/hubspot/oauth/authorize`). */
  authorizeUrl: string;
  clientId: string;
  redirectUri: string;
  scopes: readonly string[];
  optionalScopes?: readonly string[];
  state: string;
};

/** The install page the user is sent to; scopes are space-separated, encoded as `%20`. */
export function buildAuthorizeUrl(request: HubspotAuthorizeRequest): string {
  const parameters: Array<[string, string]> = [
    ['client_id', request.clientId],
    ['redirect_uri', request.redirectUri],
    ['scope', request.scopes.join(' ')],
  ];
  if (request.optionalScopes && request.optionalScopes.length > 0) {
    parameters.push(['optional_scope', request.optionalScopes.join(' ')]);
  }
  parameters.push(['state', request.state]);
  const query = parameters.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
  return `${request.authorizeUrl}?${query}`;
}

type OAuthCall = { apiUrl: string; fetch?: ConnectorFetch; timeoutMs?: number };

export type HubspotTokens = {
  accessToken: string;
  refreshToken: string;
  expiresInSeconds: number;
};

const TokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.number().int().positive(),
});

/** Trades the `code` of the redirect for tokens (`POST /oauth/v1/token`, form-encoded). */
export async function exchangeCode(
  input: OAuthCall & { clientId: string; clientSecret: string; redirectUri: string; code: string },
): Promise<HubspotTokens> {
  const http = oauthClient(input, [input.clientSecret, input.code]);
  const answer = await http.request({
    operation: 'exchangeCode',
    method: 'POST',
    path: '/oauth/v1/token',
    form: {
      grant_type: 'authorization_code',
      client_id: input.clientId,
      client_secret: input.clientSecret,
      redirect_uri: input.redirectUri,
      code: input.code,
    },
    schema: TokenResponseSchema,
  });
  return toTokens(answer);
}

/** A new access token for a refresh token (HubSpot keeps the refresh token; it answers it again). */
export async function refreshAccessToken(
  input: OAuthCall & { clientId: string; clientSecret: string; refreshToken: string },
): Promise<HubspotTokens> {
  const http = oauthClient(input, [input.clientSecret, input.refreshToken]);
  const answer = await http.request({
    operation: 'refreshAccessToken',
    method: 'POST',
    path: '/oauth/v1/token',
    form: {
      grant_type: 'refresh_token',
      client_id: input.clientId,
      client_secret: input.clientSecret,
      refresh_token: input.refreshToken,
    },
    // Refresh tokens do not rotate, so asking twice after an outage is harmless.
    idempotent: true,
    schema: TokenResponseSchema,
  });
  return toTokens(answer);
}

/**
 * Revokes a refresh token, and with it the access tokens it issued (DELETE
 * /oauth/v1/refresh-tokens/{token}). One HubSpot no longer knows counts as revoked.
 */
export async function revokeRefreshToken(
  input: OAuthCall & { refreshToken: string },
): Promise<void> {
  const http = oauthClient(input, [input.refreshToken]);
  try {
    await http.request({
      operation: 'revokeRefreshToken',
      method: 'DELETE',
      path: `/oauth/v1/refresh-tokens/${encodeURIComponent(input.refreshToken)}`,
      idempotent: true,
      schema: z.unknown(),
    });
  } catch (error) {
    if (isConnectorError(error) && error.code === 'not_found') return;
    throw error;
  }
}

export type HubspotAccessTokenInfo = {
  /** The portal ("Hub ID"), as a string like every id we store. */
  hubId: string;
  hubDomain: string | null;
  userEmail: string | null;
  userId: string;
  scopes: string[];
  expiresInSeconds: number;
};

const AccessTokenInfoSchema = z.looseObject({
  hub_id: z.number().int(),
  hub_domain: z.string().optional(),
  user: z.string().optional(),
  user_id: z.number().int(),
  scopes: z.array(z.string()),
  expires_in: z.number().int(),
});

/** Who installed the app where: `GET /oauth/v1/access-tokens/{token}`. */
export async function getAccessTokenInfo(
  input: OAuthCall & { accessToken: string },
): Promise<HubspotAccessTokenInfo> {
  const http = oauthClient(input, [input.accessToken]);
  const info = await http.request({
    operation: 'getAccessTokenInfo',
    method: 'GET',
    path: `/oauth/v1/access-tokens/${encodeURIComponent(input.accessToken)}`,
    schema: AccessTokenInfoSchema,
  });
  return {
    hubId: String(info.hub_id),
    hubDomain: info.hub_domain ?? null,
    userEmail: info.user ?? null,
    userId: String(info.user_id),
    scopes: info.scopes,
    expiresInSeconds: info.expires_in,
  };
}

function oauthClient(call: OAuthCall, secrets: readonly string[]) {
  return createHttpClient({
    system: 'hubspot',
    baseUrl: call.apiUrl,
    fetch: call.fetch,
    timeoutMs: call.timeoutMs,
    secrets: () => secrets,
  });
}

function toTokens(answer: z.output<typeof TokenResponseSchema>): HubspotTokens {
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    expiresInSeconds: answer.expires_in,
  };
}
