import * as z from '@outsync/contracts/zod';
import { IdSchema, isHttpUrl, shortText } from './common.schemas';

/** An additional webhook endpoint ("user account", spec 02 §3). */
export const UserAccountSchema = z.object({
  id: IdSchema,
  url: z.string(),
  description: z.string(),
  userProfileId: IdSchema,
  canDelete: z.boolean().describe('The caller may delete it and no webhook forwards to it.'),
  validatedAt: z.string().nullable().describe('When the service last reached the URL (ISO time).'),
  syncAlerts: z
    .boolean()
    .describe(
      'The endpoint also gets `sync.failed` and `sync.recovered` when syncing to its profile fails or recovers (docs/forwarding.md).',
    ),
});
export type UserAccount = z.infer<typeof UserAccountSchema>;
export const UserAccountsResponseSchema = z.array(UserAccountSchema);

/** Messages of the webhook endpoint form (spec 02 §5, §8), in the order they are checked. */
export const userAccountMessages = {
  profile: 'Select Profile',
  url: 'Fill URL',
  description: 'Fill Description',
  notAccepting: 'Your webhook URL is not accepting data',
  createFailed: 'Something went wrong',
} as const;

export function userAccountProblem(input: {
  url?: string | null;
  description?: string | null;
  userProfileId?: string | null;
}): { field: 'userProfileId' | 'url' | 'description'; message: string } | undefined {
  if (!(input.userProfileId ?? '').trim())
    return { field: 'userProfileId', message: userAccountMessages.profile };
  const url = (input.url ?? '').trim();
  if (url === '') return { field: 'url', message: userAccountMessages.url };
  if ((input.description ?? '').trim() === '')
    return { field: 'description', message: userAccountMessages.description };
  if (!isHttpUrl(url)) return { field: 'url', message: userAccountMessages.notAccepting };
  return undefined;
}

const SyncAlertsFieldSchema = z.boolean({ error: 'syncAlerts must be true or false.' });

/**
 * POST /api/admin/user-accounts: {url, description, userProfileId}, trimmed; `syncAlerts`
 * (ours, default false) subscribes the endpoint to the sync alerts.
 */
export const UserAccountCreateRequestSchema = z
  .object({
    url: shortText(2000).nullish(),
    description: shortText(500).nullish(),
    userProfileId: shortText(40).nullish(),
    syncAlerts: SyncAlertsFieldSchema.optional(),
  })
  .transform((input, ctx) => {
    const problem = userAccountProblem(input);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
      return z.NEVER;
    }
    return {
      url: (input.url ?? '').trim(),
      description: (input.description ?? '').trim(),
      userProfileId: (input.userProfileId ?? '').trim(),
      syncAlerts: input.syncAlerts ?? false,
    };
  })
  .pipe(
    z.object({
      url: z.string(),
      description: z.string(),
      userProfileId: IdSchema,
      syncAlerts: z.boolean(),
    }),
  );
export type UserAccountCreateRequest = z.input<typeof UserAccountCreateRequestSchema>;

/** PATCH /api/admin/user-accounts/:id: what may change on an endpoint after it was added. */
export const UserAccountUpdateRequestSchema = z
  .object({ syncAlerts: SyncAlertsFieldSchema })
  .strict();
export type UserAccountUpdateRequest = z.input<typeof UserAccountUpdateRequestSchema>;

export const UserAccountDeleteResponseSchema = z.object({ id: IdSchema, description: z.string() });

/**
 * GET /api/admin/user-accounts/:id/signing-secret: the endpoint's HMAC key, so its owner can check
 * `X-OutSync-Signature: sha256=<hex HMAC-SHA256 of the raw body>` on what OutSync sends.
 */
export const UserAccountSecretResponseSchema = z.object({ signingSecret: z.string() });
export type UserAccountSecretResponse = z.infer<typeof UserAccountSecretResponseSchema>;
