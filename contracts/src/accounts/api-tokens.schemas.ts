import * as z from '@outsync/contracts/zod';
import { IdSchema, shortText } from './common.schemas';

// Customer API tokens (issue 34, item 5): a customer's own scripts call the API with
// `Authorization: Bearer osat_…` instead of a session cookie. A token stands for the user who made
// it (their role included), is shown once, is stored only as a SHA-256 hash, may only read or may
// also write, and always expires. Only a session manages tokens (docs/decisions.md).

/** Every token starts with it: neither an embed token (`oset_`) nor a partner key (`osp_`). */
export const API_TOKEN_PREFIX = 'osat_';

/** `read-only`: GET requests alone. `read-write`: whatever the user may do in the dashboard. */
export const ApiTokenScopeSchema = z.enum(['read-only', 'read-write']);
export type ApiTokenScope = z.infer<typeof ApiTokenScopeSchema>;

/** The lifetimes a token may be given, in days: there is no token that never expires. */
export const API_TOKEN_EXPIRY_DAYS = [30, 90, 365] as const;
export const ApiTokenExpiryDaysSchema = z.literal(API_TOKEN_EXPIRY_DAYS, {
  error: 'Choose 30, 90 or 365 days.',
});
export type ApiTokenExpiryDays = z.infer<typeof ApiTokenExpiryDaysSchema>;

/** Live (neither revoked nor expired) tokens one user may hold at once. */
export const MAX_API_TOKENS = 20;

/** Error codes of customer API tokens. */
export const ApiTokenErrorCodes = {
  /** Unknown or malformed, or its user is gone (401). */
  invalid: 'api_token_invalid',
  /** Revoked by its user (401). */
  revoked: 'api_token_revoked',
  /** Its lifetime is over (401). */
  expired: 'api_token_expired',
  /** A read-only token sent with a state-changing method (403). */
  readOnly: 'api_token_read_only',
  /** A route a token does not open: the token routes, sign-in and sign-out, public routes (403). */
  routeNotAllowed: 'api_token_route_not_allowed',
  /** The user already holds MAX_API_TOKENS live tokens (409). */
  limitReached: 'api_token_limit',
} as const;

/** The messages of those codes, as a script's author reads them. */
export const ApiTokenErrorMessages = {
  invalid: 'The API token is not valid.',
  revoked: 'The API token has been revoked.',
  expired: 'The API token has expired. Create a new one on the API tokens screen.',
  readOnly: 'This API token is read-only: it cannot change anything.',
  routeNotAllowed:
    'An API token cannot be used for this call. Sign in to the dashboard to manage API tokens.',
  limitReached: `You already have ${MAX_API_TOKENS} active API tokens. Revoke one to create another.`,
} as const;

/** How the OpenAPI document describes the bearer scheme. */
export const API_TOKEN_SCHEME_DESCRIPTION =
  'A customer API token (`osat_…`), created on the API tokens screen, sent as `Authorization: Bearer <token>`. It acts as the user who created it, with their role; a read-only token may only send GET requests. No CSRF token is needed. Refused with 401 and `WWW-Authenticate: Bearer error="invalid_token"` when unknown, revoked or expired.';

/** A token as its list shows it: never the token itself. */
export const ApiTokenSchema = z.object({
  id: IdSchema,
  name: z.string(),
  scope: ApiTokenScopeSchema,
  prefix: z.string().describe('The first characters of the token, to tell tokens apart.'),
  createdAt: z.string().describe('ISO 8601.'),
  expiresAt: z.string().describe('ISO 8601.'),
  lastUsedAt: z
    .string()
    .nullable()
    .describe('ISO 8601, to the minute; null when the token was never used.'),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;
export const ApiTokensResponseSchema = z
  .array(ApiTokenSchema)
  .describe('The caller’s tokens that are not revoked (expired ones included), oldest first.');

/** POST /api/admin/api-tokens. */
export const ApiTokenCreateRequestSchema = z.object({
  name: shortText(100).trim().min(1, { error: 'Enter a name for the token.' }),
  scope: ApiTokenScopeSchema,
  expiresInDays: ApiTokenExpiryDaysSchema,
});
export type ApiTokenCreateRequest = z.infer<typeof ApiTokenCreateRequestSchema>;

/** Create answers with the token, once. */
export const ApiTokenWithSecretSchema = ApiTokenSchema.extend({
  token: z
    .string()
    .describe('Send as `Authorization: Bearer <token>`. Shown once, stored only as a hash.'),
});
export type ApiTokenWithSecret = z.infer<typeof ApiTokenWithSecretSchema>;

export const ApiTokenRevokeResponseSchema = z.object({ id: IdSchema });
