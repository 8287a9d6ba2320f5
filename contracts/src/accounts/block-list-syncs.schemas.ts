import * as z from '@outsync/contracts/zod';
import { PlatformSchema } from '@outsync/contracts';
import { IdSchema, shortText } from './common.schemas';
import { SalesforceReportIdSchema } from './block-list-helpers.schemas';

// Block-list syncs (spec 02 §2.7, §3 "Block-list sync", §4, §5, §7 "Block-list syncs"): a CRM
// list kept pushed into a platform's block list by a scheduled job.

/** Spec 02 §2.7 "Type of blocking": one address (or social profile), or every address of its domain. */
export const BlockTypeSchema = z.enum(['ADDRESS', 'DOMAIN']);
export type BlockType = z.infer<typeof BlockTypeSchema>;

/** Spec 02 §3 "List types": the HUBSPOT form's list type. */
export const BlockListTypeSchema = z.enum(['CONTACT_LIST', 'COMPANY_LIST']);
export type BlockListType = z.infer<typeof BlockListTypeSchema>;

/**
 * The server's status of a sync (spec 02 leaves its values to us; docs/decisions.md):
 * - QUEUED: waiting for its first run, or queued again at once (create, resume, next hour);
 * - SYNCING: a run is reading the CRM list or writing the platform (see `progress`);
 * - SYNCED: the last run finished; the platform holds every valid value of the list;
 * - FAILED: the last run stopped on an error (`lastError` / `lastSmartleadError`); the writes
 *   that went through are kept and the next run retries the rest.
 */
export const BlockListSyncStatusSchema = z.enum(['QUEUED', 'SYNCING', 'SYNCED', 'FAILED']);
export type BlockListSyncStatus = z.infer<typeof BlockListSyncStatusSchema>;

/** What the table shows (spec 02 §4 "Displayed status"): the two paused states come first. */
export type BlockListDisplayedStatus = BlockListSyncStatus | 'PAUSED' | 'PAUSED_PENDING_UPGRADE';

/** Spec 02 §4: no canBlockList → PAUSED_PENDING_UPGRADE; disabled → PAUSED; else the server's. */
export function displayedBlockListStatus(sync: {
  user: { canBlockList: boolean };
  isEnabled: boolean;
  status: BlockListSyncStatus;
}): BlockListDisplayedStatus {
  if (!sync.user.canBlockList) return 'PAUSED_PENDING_UPGRADE';
  if (!sync.isEnabled) return 'PAUSED';
  return sync.status;
}

/** A run in progress: values written so far out of those this run writes. */
export const BlockListProgressSchema = z.object({
  phase: z.enum(['reading', 'writing']),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative().nullable().describe('Null while the total is unknown.'),
});
export type BlockListProgress = z.infer<typeof BlockListProgressSchema>;

export const BlockListSyncSchema = z.object({
  id: IdSchema,
  crm: z.enum(['HUBSPOT', 'SALESFORCE']),
  listId: z.string().describe('HubSpot: the ILS list id; Salesforce: the report id.'),
  listIdILS: z
    .string()
    .describe('The identifier messages and labels show ("{listIdILS}: {listName}").'),
  listName: z.string(),
  listType: BlockListTypeSchema.describe('SALESFORCE reports are contact lists.'),
  userId: IdSchema.describe('The owning profile (spec 02 §3).'),
  user: z.object({
    email: z.string(),
    accountId: z.string(),
    organizationId: z.string(),
    canBlockList: z.boolean(),
  }),
  apiKey: z.object({ id: IdSchema, description: z.string(), platform: PlatformSchema }),
  clientDetails: z
    .object({ id: z.string(), email: z.string() })
    .nullable()
    .describe('Smartlead: the agency client the block list is scoped to; null account-wide.'),
  blockType: BlockTypeSchema,
  useDomainForNonLatin: z.boolean(),
  profileUrlFieldNames: z.array(z.string()).describe('HeyReach: the CRM properties read.'),
  fields: z.array(z.string()).describe("SALESFORCE: the report's columns read."),
  heyReachListId: z.string().nullable(),
  lastFetchedAt: z
    .string()
    .nullable()
    .describe('ISO time the last run finished ("Last Synced At").'),
  lastAttemptedAt: z.string().nullable().describe('ISO time the last run started.'),
  lastError: z.string().nullable().describe('The CRM side of the last failure.'),
  lastSmartleadError: z.string().nullable().describe('The platform side of the last failure.'),
  countItemsSynced: z.number().int().nonnegative(),
  countItemsNotSynced: z.number().int().nonnegative(),
  isEnabled: z.boolean(),
  status: BlockListSyncStatusSchema,
  progress: BlockListProgressSchema.nullable(),
  nextRunAt: z
    .string()
    .nullable()
    .describe('ISO time of the next scheduled run; null when paused.'),
  canManage: z
    .boolean()
    .describe('Pause, Resume and Delete are allowed: an admin, or the owner of the profile.'),
  createdAt: z.string(),
});
export type BlockListSync = z.infer<typeof BlockListSyncSchema>;
export const BlockListSyncsResponseSchema = z.array(BlockListSyncSchema);

const listName = shortText(500).trim();
const clientId = z
  .string()
  .trim()
  .max(100)
  .nullish()
  .transform((value) => (value ? value : null))
  .describe('Smartlead: the client id; null or absent for none.');

/** Fields both forms send. The spec's validation texts are the messages (spec 02 §5). */
const commonCreate = {
  apiKeyId: IdSchema.nullish().refine((value) => !!value, { error: 'Select API Key' }),
  blockType: z.enum(['ADDRESS', 'DOMAIN'], { error: 'Select Type of blocking' }),
  client: clientId,
  useDomainForNonLatin: z.boolean().default(false),
  userProfileId: IdSchema,
};

/** POST /api/admin/hubspot/blocked-lists (spec 02 §7). */
export const HubspotBlockListCreateRequestSchema = z.object({
  crm: z.literal('HUBSPOT'),
  listType: z.enum(['CONTACT_LIST', 'COMPANY_LIST'], { error: 'Select List Type' }),
  listId: z.string().trim().min(1, { error: 'Select hubspot list' }).max(64),
  listName: listName.default(''),
  ...commonCreate,
  profileUrlFieldNames: z.array(z.string().trim().min(1).max(200)).max(50).default([]),
  heyReachListId: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((value) => value || null),
});
export type HubspotBlockListCreateRequest = z.input<typeof HubspotBlockListCreateRequestSchema>;

/** POST /api/admin/salesforce/blocked-lists (spec 02 §7). */
export const SalesforceBlockListCreateRequestSchema = z.object({
  crm: z.literal('SALESFORCE'),
  listIdentifier: SalesforceReportIdSchema,
  listName: listName.default(''),
  fields: z.array(z.string().trim().min(1).max(200)).min(1, { error: 'Select fields' }).max(100),
  ...commonCreate,
});
export type SalesforceBlockListCreateRequest = z.input<
  typeof SalesforceBlockListCreateRequestSchema
>;

/** PUT /api/admin/dashboard/smartlead/blocked-lists/{id}: Pause / Resume Blocking. */
export const BlockListSyncUpdateRequestSchema = z.object({ isEnabled: z.boolean() });
export type BlockListSyncUpdateRequest = z.infer<typeof BlockListSyncUpdateRequestSchema>;

export const BlockListSyncDeleteResponseSchema = z.object({
  id: IdSchema,
  listId: z.string(),
  listName: z.string(),
});
export type BlockListSyncDeleteResponse = z.infer<typeof BlockListSyncDeleteResponseSchema>;
