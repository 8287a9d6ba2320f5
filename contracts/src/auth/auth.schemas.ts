import * as z from '@outsync/contracts/zod';

/** Header every state-changing, cookie-authenticated request carries (spec 01 §7). */
export const CSRF_HEADER = 'X-CSRF-Token';
/** Where a signed-in user lands when the server names no other place (spec 01 §2.1). */
export const DEFAULT_REDIRECT_URL = '/admin/dashboard/webhooks';
/** Sign-in codes have six digits (spec 01 §9). */
export const SIGN_IN_CODE_LENGTH = 6;

export const RoleSchema = z.enum(['ADMIN', 'MANAGER']);
export type Role = z.infer<typeof RoleSchema>;

const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  // RFC 5321 caps a path at 256 octets, so an address at 254: longer is never deliverable.
  .pipe(
    z
      .email({ error: 'Enter a valid e-mail address.' })
      .max(254, { error: 'Enter a valid e-mail address.' }),
  )
  .describe('E-mail address; compared without case.');

export const CsrfTokenResponseSchema = z.object({ csrfToken: z.string().min(1) });
export type CsrfTokenResponse = z.infer<typeof CsrfTokenResponseSchema>;

export const SendCodeRequestSchema = z.object({ email: EmailSchema });
export type SendCodeRequest = z.infer<typeof SendCodeRequestSchema>;

export const SendCodeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type SendCodeResponse = z.infer<typeof SendCodeResponseSchema>;

export const VerifyCodeRequestSchema = z.object({
  email: EmailSchema,
  code: z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, { error: 'The code is up to six digits.' }),
  rememberMe: z.boolean().default(false),
});
export type VerifyCodeRequest = z.infer<typeof VerifyCodeRequestSchema>;

export const VerifyCodeResponseSchema = z.object({
  success: z.literal(true),
  redirectUrl: z.string(),
  message: z.string(),
});
export type VerifyCodeResponse = z.infer<typeof VerifyCodeResponseSchema>;

export const LogoutResponseSchema = z.object({ redirectUrl: z.string() });
export type LogoutResponse = z.infer<typeof LogoutResponseSchema>;

/** The signed-in user (spec 01 §3 "Current user"). */
export const CurrentUserSchema = z.object({
  id: z.string(),
  role: RoleSchema.nullable().describe('Staff role; null for customer users.'),
  isAdmin: z.boolean(),
  isManager: z.boolean(),
  isManagerOrAdmin: z.boolean(),
  isPaidTier: z.boolean(),
  userProfiles: z.array(z.object({ userProfileId: z.string() })),
  details: z.object({
    nickname: z.string(),
    email: z.string(),
    picture: z.string().describe('Image URL (a generated initials avatar when none is known).'),
  }),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export const MeResponseSchema = CurrentUserSchema.extend({
  redirectUrl: z.string().describe('Where the sign-in screens send a user who is signed in.'),
});
export type MeResponse = z.infer<typeof MeResponseSchema>;

/** `details` of a 429 `rate_limited` envelope; the `Retry-After` header says the same. */
export const RateLimitedDetailsSchema = z.object({
  retryAfterSeconds: z.number().int().positive(),
});
export type RateLimitedDetails = z.infer<typeof RateLimitedDetailsSchema>;

/**
 * What the sign-in screens check before calling the service (spec 01 §5): presence only; the
 * service judges the address and the code. Here, not in mfe-auth, so the screens validate with
 * the zod copy the shared contracts already load instead of bundling their own.
 */
export const signInRequiredMessages = {
  email: 'Please enter your email address',
  code: 'Please enter the code',
} as const;

export const LoginFormSchema = z.object({
  email: z.string().trim().min(1, signInRequiredMessages.email),
});

export const VerifyFormSchema = z.object({
  code: z.string().trim().min(1, signInRequiredMessages.code),
  rememberMe: z.boolean(),
});
