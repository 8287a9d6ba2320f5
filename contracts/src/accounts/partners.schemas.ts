import * as z from '@outsync/contracts/zod';
import { IdSchema, shortText } from './common.schemas';

// Partners embed the webhook module in their own portals (issue 15, docs/embedding.md). An admin
// keeps the partner accounts (a section of the Users screen); a partner's backend trades its
// secret key for a short-lived embed token, the only credential the partner's browser holds.

/** Error codes of partner keys and embed tokens. */
export const PartnerErrorCodes = {
  /** The partner key is missing, unknown or rotated (401 on the token call). */
  partnerKeyInvalid: 'partner_key_invalid',
  /** The partner may not act for that customer (403 on the token call). */
  customerNotAllowed: 'customer_not_allowed',
  /** The embed token is unknown, malformed, revoked or another customer's (401). */
  embedTokenInvalid: 'embed_token_invalid',
  /** The embed token's lifetime is over (401); the module asks the host for a fresh one. */
  embedTokenExpired: 'embed_token_expired',
  /** An embed token was sent to a route outside the webhook module (403). */
  embedRouteNotAllowed: 'embed_route_not_allowed',
  /** An embed token was sent from an origin the partner did not list (403). */
  embedOriginNotAllowed: 'embed_origin_not_allowed',
} as const;

/** The messages of those codes, as the caller (and the partner's engineer) reads them. */
export const PartnerErrorMessages = {
  partnerKeyInvalid: 'The partner API key is missing or not valid.',
  embedTokenInvalid: 'The embed token is not valid. Ask your server for a new one.',
  embedTokenExpired: 'The embed token has expired. Ask your server for a new one.',
  embedRouteNotAllowed: 'An embed token can only be used by the webhooks module.',
  embedOriginNotAllowed: 'This page’s origin is not one the partner allowed.',
} as const;

export function customerNotAllowedMessage(email: string): string {
  return `This partner may not act for ${email}.`;
}

/** An embed token lives at most 30 minutes (issue 15); 15 by default. */
export const EMBED_TOKEN_MAX_TTL_SECONDS = 1800;
export const EMBED_TOKEN_DEFAULT_TTL_SECONDS = 900;

const hostsAllowedOverHttp = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * An origin a partner's pages are served from: scheme, host and port only. https, or http for a
 * local development host.
 */
export const PartnerOriginSchema = z
  .string()
  .trim()
  .refine(
    (value) => {
      if (!URL.canParse(value)) return false;
      const url = new URL(value);
      const secure =
        url.protocol === 'https:' ||
        (url.protocol === 'http:' && hostsAllowedOverHttp.has(url.hostname));
      return secure && url.origin === value.replace(/\/$/, '').toLowerCase();
    },
    { error: 'Enter an origin like https://portal.example.com (https, no path).' },
  )
  .transform((value) => new URL(value).origin);

const CustomerEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Enter a valid e-mail address.' }));

/** A partner account as the admin's table shows it. The key itself is never shown again. */
export const PartnerSchema = z.object({
  id: IdSchema,
  name: z.string(),
  allowedOrigins: z.array(z.string()).describe('Origins whose pages may use the embed tokens.'),
  customerEmails: z
    .array(z.string())
    .describe('The customers (sign-in e-mails) the partner may issue embed tokens for.'),
  keyPrefix: z.string().describe('The first characters of the key, to tell keys apart.'),
  keyCreatedAt: z.string().describe('ISO 8601.'),
  createdAt: z.string().describe('ISO 8601.'),
});
export type Partner = z.infer<typeof PartnerSchema>;
export const PartnersResponseSchema = z.array(PartnerSchema);

/** Create and update: the partner's name, its origins and its customers. */
export const PartnerRequestSchema = z.object({
  name: shortText(100).trim().min(1, { error: 'Enter the partner’s name.' }),
  allowedOrigins: z
    .array(PartnerOriginSchema)
    .min(1, { error: 'Add at least one allowed origin.' })
    .max(20, { error: 'At most 20 origins.' }),
  customerEmails: z.array(CustomerEmailSchema).max(1000, { error: 'At most 1000 customers.' }),
});
export type PartnerRequest = z.infer<typeof PartnerRequestSchema>;

/** Create and key rotation answer with the secret key, once. */
export const PartnerWithKeySchema = PartnerSchema.extend({
  apiKey: z.string().describe('The secret key; shown once, stored only as a hash.'),
});
export type PartnerWithKey = z.infer<typeof PartnerWithKeySchema>;

export const PartnerDeleteResponseSchema = z.object({ id: IdSchema });

/** POST /api/partner/embed-tokens, from the partner's backend with `Authorization: Bearer <key>`. */
export const EmbedTokenRequestSchema = z.object({
  customerEmail: CustomerEmailSchema,
  ttlSeconds: z
    .number()
    .int()
    .min(60, { error: 'At least 60 seconds.' })
    .max(EMBED_TOKEN_MAX_TTL_SECONDS, { error: 'At most 1800 seconds (30 minutes).' })
    .optional(),
});
export type EmbedTokenRequest = z.infer<typeof EmbedTokenRequestSchema>;

export const EmbedTokenResponseSchema = z.object({
  token: z.string().describe('Send as `Authorization: Bearer <token>`; webhook routes only.'),
  expiresAt: z.string().describe('ISO 8601.'),
  customerEmail: z.string(),
});
export type EmbedTokenResponse = z.infer<typeof EmbedTokenResponseSchema>;
