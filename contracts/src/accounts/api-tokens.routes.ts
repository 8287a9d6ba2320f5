import { defineRoute } from '@outsync/contracts';
import {
  ApiTokenCreateRequestSchema,
  ApiTokenRevokeResponseSchema,
  ApiTokensResponseSchema,
  ApiTokenWithSecretSchema,
} from './api-tokens.schemas';
import { IdParamsSchema } from './common.schemas';
import { notFound } from './route-parts';

/** A session alone manages tokens: a token could otherwise mint or revive its own kind. */
const sessionOnly = {
  401: 'Not signed in (`unauthorized`); an API token is refused here with 403.',
  403: 'Missing or wrong CSRF token (`csrf_invalid`), or an API token sent instead of a session (`api_token_route_not_allowed`).',
};

/** The api-tokens feature's routes: a user's own API tokens (issue 34, item 5). */
export const apiTokensRoutes = {
  apiTokens: defineRoute({
    method: 'get',
    path: '/api/admin/api-tokens',
    response: ApiTokensResponseSchema,
    errors: sessionOnly,
    apiToken: false,
    description:
      "The signed-in user's API tokens (never the tokens themselves): name, scope, created, expiry and last use. A session only.",
  }),
  createApiToken: defineRoute({
    method: 'post',
    path: '/api/admin/api-tokens',
    request: { body: ApiTokenCreateRequestSchema },
    response: ApiTokenWithSecretSchema,
    status: 201,
    errors: {
      ...sessionOnly,
      409: 'Too many active tokens (`api_token_limit`); revoke one first.',
    },
    apiToken: false,
    description:
      'Creates an API token acting as the signed-in user: read-only or read-write, expiring after 30, 90 or 365 days. The token is returned this once (stored as a SHA-256 hash). A session only.',
  }),
  revokeApiToken: defineRoute({
    method: 'delete',
    path: '/api/admin/api-tokens/:id',
    request: { params: IdParamsSchema },
    response: ApiTokenRevokeResponseSchema,
    errors: { ...sessionOnly, 404: notFound },
    apiToken: false,
    description:
      'Revokes one of the signed-in user’s API tokens: it is refused from the next request on. A session only.',
  }),
};
