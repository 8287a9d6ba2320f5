import { salesforceOAuth } from '@outsync/contracts';
import { z } from 'zod';
import {
  ConnectorError,
  createHttpClient,
  isConnectorError,
  type ConnectorFetch,
} from '../../http';

/**
 * The org's login host as a URL without trailing slash. Users type `acme.my.salesforce.com` as
 * often as the full URL; a host alone means https.
 */
export function salesforceDomainUrl(domain: string): string {
  const trimmed = domain.trim().replace(/\/+$/, '');
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

export type SalesforceAuthorizeRequest = {
  /** `https://login.salesforce.com`, a My Domain, or the sandbox's `<sandbox>/salesforce`. */
  domain: string;
  /** The connected app's consumer key. */
  clientId: string;
  redirectUri: string;
  state: string;
};

/** `{domain}/services/oauth2/authorize?client_id&redirect_uri&response_type=code&prompt=login&state`. */
export function buildAuthorizeUrl(request: SalesforceAuthorizeRequest): string {
  const query = new URLSearchParams({
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    response_type: salesforceOAuth.responseType,
    prompt: salesforceOAuth.prompt,
    state: request.state,
  });
  return `${salesforceDomainUrl(request.domain)}${salesforceOAuth.authorizePath}?${query.toString()}`;
}

type TokenCall = {
  domain: string;
  clientId: string;
  clientSecret: string;
  fetch?: ConnectorFetch;
  timeoutMs?: number;
};

export type SalesforceTokens = {
  accessToken: string;
  refreshToken: string;
  /** The org's API host: every data call goes here, never to the login domain. */
  instanceUrl: string;
  /** The identity URL (`id`), read with `getIdentity`. */
  identityUrl: string;
  issuedAt: Date;
};

const HttpUrlSchema = z.url({ protocol: /^https?$/ });

const TokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  instance_url: HttpUrlSchema,
  id: HttpUrlSchema,
  issued_at: z.string().regex(/^\d+$/),
});

/** Trades the redirect's `code` for tokens: `POST {domain}/services/oauth2/token`, form-encoded. */
export async function exchangeCode(
  input: TokenCall & { redirectUri: string; code: string },
): Promise<SalesforceTokens> {
  const answer = await tokenRequest(input, 'exchangeCode', [input.code], {
    grant_type: 'authorization_code',
    code: input.code,
    client_id: input.clientId,
    client_secret: input.clientSecret,
    redirect_uri: input.redirectUri,
  });
  if (answer.refresh_token === undefined) {
    // Without it the connection dies with the first session; the connected app must grant it.
    throw new ConnectorError({
      system: 'salesforce',
      operation: 'exchangeCode',
      code: 'missing_scopes',
      message:
        'Salesforce exchangeCode answered without a refresh token: the connected app must allow the refresh_token (offline access) scope.',
    });
  }
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    instanceUrl: trimUrl(answer.instance_url),
    identityUrl: answer.id,
    issuedAt: new Date(Number(answer.issued_at)),
  };
}

export type SalesforceRefreshedToken = {
  accessToken: string;
  instanceUrl: string;
  /** Only when the connected app rotates refresh tokens; the old one is then void. */
  refreshToken?: string;
};

/** A new session for a refresh token (`grant_type=refresh_token`). */
export async function refreshAccessToken(
  input: TokenCall & { refreshToken: string },
): Promise<SalesforceRefreshedToken> {
  const answer = await tokenRequest(input, 'refreshAccessToken', [input.refreshToken], {
    grant_type: 'refresh_token',
    refresh_token: input.refreshToken,
    client_id: input.clientId,
    client_secret: input.clientSecret,
  });
  return {
    accessToken: answer.access_token,
    instanceUrl: trimUrl(answer.instance_url),
    ...(answer.refresh_token !== undefined ? { refreshToken: answer.refresh_token } : {}),
  };
}

/**
 * Revokes a token at the org's login domain (POST /services/oauth2/revoke): a refresh token
 * takes its sessions with it. One the org no longer knows (`invalid_token`,
 * `unsupported_token_type`) counts as revoked.
 */
export async function revokeToken(input: {
  domain: string;
  token: string;
  fetch?: ConnectorFetch;
  timeoutMs?: number;
}): Promise<void> {
  const http = createHttpClient({
    system: 'salesforce',
    baseUrl: salesforceDomainUrl(input.domain),
    fetch: input.fetch,
    timeoutMs: input.timeoutMs,
    secrets: () => [input.token],
  });
  try {
    await http.request({
      operation: 'revokeToken',
      method: 'POST',
      path: '/services/oauth2/revoke',
      form: { token: input.token },
      schema: z.unknown(),
    });
  } catch (error) {
    const gone = ['invalid_token', 'unsupported_token_type'];
    if (isConnectorError(error) && gone.includes(error.vendorCode ?? '')) return;
    throw error;
  }
}

export type SalesforceIdentity = {
  userId: string;
  organizationId: string;
  username: string;
  email: string;
  firstName?: string;
  lastName?: string;
  displayName: string;
};

/** The identity URL's fields, or the OpenID names `/services/oauth2/userinfo` answers with. */
const IdentitySchema = z
  .looseObject({
    user_id: z.string().min(1),
    organization_id: z.string().min(1),
    username: z.string().optional(),
    preferred_username: z.string().optional(),
    email: z.string(),
    first_name: z.string().nullish(),
    given_name: z.string().nullish(),
    last_name: z.string().nullish(),
    family_name: z.string().nullish(),
    display_name: z.string().optional(),
    name: z.string().optional(),
  })
  .refine((identity) => (identity.username ?? identity.preferred_username) !== undefined, {
    message: 'expected username or preferred_username',
    path: ['username'],
  })
  .refine((identity) => (identity.display_name ?? identity.name) !== undefined, {
    message: 'expected display_name or name',
    path: ['display_name'],
  });

/**
 * Who connected which org: `GET {identityUrl}` (the token answer's `id`) with the session as
 * bearer token; `{instanceUrl}/services/oauth2/userinfo` works too.
 */
export async function getIdentity(input: {
  identityUrl: string;
  accessToken: string;
  fetch?: ConnectorFetch;
  timeoutMs?: number;
}): Promise<SalesforceIdentity> {
  const http = createHttpClient({
    system: 'salesforce',
    baseUrl: input.identityUrl,
    fetch: input.fetch,
    timeoutMs: input.timeoutMs,
    auth: ({ headers }) => headers.set('authorization', `Bearer ${input.accessToken}`),
    secrets: () => [input.accessToken],
  });
  const identity = await http.request({
    operation: 'getIdentity',
    method: 'GET',
    path: '',
    schema: IdentitySchema,
  });
  const firstName = identity.first_name ?? identity.given_name;
  const lastName = identity.last_name ?? identity.family_name;
  return {
    userId: identity.user_id,
    organizationId: identity.organization_id,
    username: identity.username ?? identity.preferred_username ?? '',
    email: identity.email,
    ...(firstName ? { firstName } : {}),
    ...(lastName ? { lastName } : {}),
    displayName: identity.display_name ?? identity.name ?? '',
  };
}

async function tokenRequest(
  call: TokenCall,
  operation: string,
  secrets: readonly string[],
  form: Record<string, string>,
): Promise<z.output<typeof TokenResponseSchema>> {
  const http = createHttpClient({
    system: 'salesforce',
    baseUrl: salesforceDomainUrl(call.domain),
    fetch: call.fetch,
    timeoutMs: call.timeoutMs,
    secrets: () => [call.clientSecret, ...secrets],
  });
  return http.request({
    operation,
    method: 'POST',
    path: '/services/oauth2/token',
    form,
    schema: TokenResponseSchema,
  });
}

function trimUrl(url: string): string {
  return url.replace(/\/+$/, '');
}
