import * as z from '@outsync/contracts/zod';

/** The one JSON shape every error response of the API has. */
export const ErrorEnvelopeSchema = z
  .object({
    message: z.string().describe('Human-readable summary, safe to show to a user.'),
    code: z.string().describe('Stable machine-readable code, e.g. `validation_error`.'),
    details: z.unknown().optional().describe('Code-specific extra data.'),
  })
  .describe('Error envelope returned by every failing request.');
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** Codes the platform itself answers with; modules add their own codes next to their routes. */
export const ErrorCodes = {
  validationError: 'validation_error',
  badRequest: 'bad_request',
  notFound: 'not_found',
  methodNotAllowed: 'method_not_allowed',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  notReady: 'not_ready',
  internalError: 'internal_error',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  csrfInvalid: 'csrf_invalid',
  invalidCode: 'invalid_code',
  rateLimited: 'rate_limited',
  mailFailed: 'mail_failed',
} as const;
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

/** Where in the request a validation issue was found. */
export const RequestPartSchema = z.enum(['params', 'query', 'body']);
export type RequestPart = z.infer<typeof RequestPartSchema>;

/** One failed check of a request, as listed in `details.issues` of a `validation_error`. */
export const ValidationIssueSchema = z.object({
  in: RequestPartSchema,
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
});
export type ValidationIssue = z.infer<typeof ValidationIssueSchema>;

export const ValidationErrorDetailsSchema = z.object({
  issues: z.array(ValidationIssueSchema),
});
export type ValidationErrorDetails = z.infer<typeof ValidationErrorDetailsSchema>;
