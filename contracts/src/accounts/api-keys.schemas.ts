import * as z from '@outsync/contracts/zod';
import {
  leadCategoryId,
  platformFacts,
  PlatformSchema,
  platformFromAnySpelling,
  type Platform,
} from '@outsync/contracts';
import { IdSchema, isHttpUrl, shortText } from './common.schemas';

/**
 * An API key as every list answers it. The key itself is never in a list: its owner reads it
 * with the reveal call (GET …/api-keys/{id}/secret) when toggling the mask.
 */
export const ApiKeySchema = z.object({
  id: IdSchema,
  description: z.string(),
  platform: PlatformSchema,
  baseUrl: z.string().nullable().describe('bison only: the customer instance address.'),
  userProfileId: IdSchema,
  userProfile: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    organizationId: z.string(),
    organizationDomain: z.string(),
  }),
  isValid: z
    .boolean()
    .describe('The platform accepted the key at the last check ("Ok" / "Invalid").'),
  checkedAt: z.string().nullable().describe('ISO time of the last check.'),
  syncBlockList: z
    .array(z.object({ id: IdSchema, listName: z.string() }))
    .describe('Block-list syncs that use this key.'),
  canManage: z
    .boolean()
    .describe(
      "The caller owns the key: may reveal, edit and delete it (others' keys are read-only).",
    ),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const ApiKeysResponseSchema = z.object({
  apiKeys: z.array(ApiKeySchema).describe("The caller's own keys."),
  allApiKeys: z
    .array(ApiKeySchema)
    .describe('Every user\'s keys, for managers and admins ("All API Keys"); empty for others.'),
});
export type ApiKeysResponse = z.infer<typeof ApiKeysResponseSchema>;

export const ApiKeySecretResponseSchema = z.object({ id: IdSchema, apiKey: z.string() });
export type ApiKeySecretResponse = z.infer<typeof ApiKeySecretResponseSchema>;

export const ApiKeyValidateResponseSchema = z.object({ id: IdSchema, isValid: z.boolean() });
export const ApiKeyDeleteResponseSchema = z.object({ id: IdSchema, description: z.string() });

export const ApiKeyCheckResponseSchema = z.object({
  valid: z.literal(true),
  message: z.string(),
});

/** Messages of the API key forms in the order they are checked (spec 02 §5). */
export const apiKeyMessages = {
  platform: 'Please select a platform',
  apiKey: 'Please enter a valid API key',
  description: 'Please enter a description',
  baseUrl: 'Please enter a valid base URL',
  profile: 'Select Profile',
} as const;

type ApiKeyField = 'platform' | 'apiKey' | 'description' | 'baseUrl' | 'userProfileId';
export type ApiKeyFormProblem = { field: ApiKeyField; message: string };

export type ApiKeyFormInput = {
  platform?: string | null;
  apiKey?: string | null;
  description?: string | null;
  baseUrl?: string | null;
  userProfileId?: string | null;
};

export type ApiKeyFormValue = {
  platform: Platform;
  apiKey: string;
  description: string;
  /** Only for bison (spec 02 §5 rule 4); null otherwise. */
  baseUrl: string | null;
};

/**
 * Checks an API key form in the spec's order and returns what is sent: the key and description
 * trimmed, the base URL trimmed for bison and dropped for the others. `requireDescription` and
 * `requireProfile` are off for the check call, which has neither.
 */
export function checkApiKeyForm(
  input: ApiKeyFormInput,
  options: { requireDescription: boolean; requireProfile: boolean },
):
  | { ok: true; value: ApiKeyFormValue & { userProfileId: string | null } }
  | ({ ok: false } & ApiKeyFormProblem) {
  const platform = platformFromAnySpelling(input.platform);
  if (!platform) return { ok: false, field: 'platform', message: apiKeyMessages.platform };
  const apiKey = (input.apiKey ?? '').trim();
  if (apiKey === '') return { ok: false, field: 'apiKey', message: apiKeyMessages.apiKey };
  const description = (input.description ?? '').trim();
  if (options.requireDescription && description === '')
    return { ok: false, field: 'description', message: apiKeyMessages.description };
  let baseUrl: string | null = null;
  if (platformFacts[platform].apiKeyHasBaseUrl) {
    baseUrl = (input.baseUrl ?? '').trim().replace(/\/+$/, '');
    if (!isHttpUrl(baseUrl))
      return { ok: false, field: 'baseUrl', message: apiKeyMessages.baseUrl };
  }
  const userProfileId = (input.userProfileId ?? '').trim() || null;
  if (options.requireProfile && !userProfileId)
    return { ok: false, field: 'userProfileId', message: apiKeyMessages.profile };
  return { ok: true, value: { platform, apiKey, description, baseUrl, userProfileId } };
}

const ApiKeyFormBodySchema = z.object({
  platform: shortText(40).nullish(),
  apiKey: shortText(1000).nullish(),
  description: shortText(500).nullish(),
  baseUrl: shortText(2000).nullish(),
  userProfileId: shortText(40).nullish(),
});

function apiKeyBody(options: { requireDescription: boolean; requireProfile: boolean }) {
  return ApiKeyFormBodySchema.transform((input, ctx) => {
    const result = checkApiKeyForm(input, options);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.message, path: [result.field] });
      return z.NEVER;
    }
    return result.value;
  });
}

/** POST /api/admin/dashboard/api-keys/check: {apiKey, platform, baseUrl}. */
export const ApiKeyCheckRequestSchema = apiKeyBody({
  requireDescription: false,
  requireProfile: false,
});
export type ApiKeyCheckRequest = z.input<typeof ApiKeyCheckRequestSchema>;

/** POST /api/admin/dashboard/api-keys: checked in the spec's order, profile last. */
export const ApiKeyCreateRequestSchema = apiKeyBody({
  requireDescription: true,
  requireProfile: true,
}).pipe(
  z.object({
    platform: PlatformSchema,
    apiKey: z.string(),
    description: z.string(),
    baseUrl: z.string().nullable(),
    userProfileId: IdSchema,
  }),
);
export type ApiKeyCreateRequest = z.input<typeof ApiKeyCreateRequestSchema>;

/** PUT /api/admin/dashboard/api-keys/{id}: {apiKey, description, platform, baseUrl}. */
export const ApiKeyUpdateRequestSchema = apiKeyBody({
  requireDescription: true,
  requireProfile: false,
});
export type ApiKeyUpdateRequest = z.input<typeof ApiKeyUpdateRequestSchema>;

export const ProfileApiKeysQuerySchema = z.object({
  platform: z
    .string()
    .max(40)
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      const platform = platformFromAnySpelling(value);
      if (!platform) {
        ctx.addIssue({ code: 'custom', message: `Unknown platform "${value}".` });
        return z.NEVER;
      }
      return platform;
    }),
});

/** A lead category (spec 02 §3): `id` is the platform's (or, for HeyReach, the id rule's). */
export const LeadCategorySchema = z.object({
  id: z.string(),
  created_at: z.string().nullable(),
  name: z.string(),
});
export type LeadCategory = z.infer<typeof LeadCategorySchema>;
export const LeadCategoriesResponseSchema = z.array(LeadCategorySchema);

/** POST …/lead-categories: {categories: [{categoryName, categoryId, userProfileId}]}. */
export const LeadCategoriesAddRequestSchema = z.object({
  categories: z
    .array(
      z.object({
        categoryName: z.string().trim().min(1, { error: 'A category needs a name.' }).max(200),
        categoryId: z.string().max(200),
        userProfileId: IdSchema,
      }),
    )
    .min(1, { error: 'Add at least one category.' })
    .max(200, { error: 'At most 200 categories at a time.' })
    .refine(
      (categories) => categories.every((c) => c.categoryId === leadCategoryId(c.categoryName)),
      {
        error:
          'Each categoryId is the category name lowercased with spaces replaced by underscores.',
      },
    ),
});
export type LeadCategoriesAddRequest = z.infer<typeof LeadCategoriesAddRequestSchema>;

/**
 * The "Add Categories (one per line)" textarea as categories to send: blank lines dropped,
 * each line as typed (trimmed), duplicates by id kept once (spec 02 §2.5, §5).
 */
export function categoriesFromLines(
  text: string,
  userProfileId: string,
): LeadCategoriesAddRequest['categories'] {
  const seen = new Set<string>();
  const categories: LeadCategoriesAddRequest['categories'] = [];
  for (const line of text.split(/\r?\n/)) {
    const categoryName = line.trim();
    if (categoryName === '') continue;
    const categoryId = leadCategoryId(categoryName);
    if (seen.has(categoryId)) continue;
    seen.add(categoryId);
    categories.push({ categoryName, categoryId, userProfileId });
  }
  return categories;
}
