import * as z from '@outsync/contracts/zod';
import { RoleSchema } from '../auth/auth.schemas';
import { IdSchema } from '../accounts/common.schemas';
import { HistoryPageSchema, paginatedSchema } from './history.schemas';
import { EmailFilterSchema } from './query-filters';

/**
 * What the audit log records (issue 30, "one authorization model, audited"): every change made
 * through the API, the reveal of a stored secret and every test event sent, each under the name
 * of the call that made it. The label is what the Audit log screen shows.
 */
export const auditActionLabels = {
  deleteHubspotProfile: 'Disconnected a HubSpot account',
  createSalesforceProfile: 'Connected a Salesforce account',
  deleteSalesforceProfile: 'Disconnected a Salesforce account',
  createApiKey: 'Added an API key',
  updateApiKey: 'Changed an API key',
  validateApiKey: 'Checked an API key again',
  revealApiKey: 'Revealed an API key',
  deleteApiKey: 'Deleted an API key',
  addLeadCategories: 'Added lead categories',
  createUserAccount: 'Added a webhook endpoint',
  updateUserAccount: 'Changed a webhook endpoint',
  deleteUserAccount: 'Deleted a webhook endpoint',
  revealUserAccountSecret: 'Revealed an endpoint’s signing secret',
  updateAdminUser: 'Changed a user’s permissions',
  createSalesforceFields: 'Created Salesforce fields',
  createHeyreachList: 'Created a HeyReach list',
  createHubspotBlockList: 'Created a block-list sync',
  createSalesforceBlockList: 'Created a block-list sync',
  updateBlockListSync: 'Changed a block-list sync',
  deleteBlockListSync: 'Deleted a block-list sync',
  createPartner: 'Added a partner',
  updatePartner: 'Changed a partner',
  rotatePartnerKey: 'Rotated a partner key',
  deletePartner: 'Deleted a partner',
  createApiToken: 'Created an API token',
  revokeApiToken: 'Revoked an API token',
  createWebhook: 'Created a webhook',
  updateWebhook: 'Changed a webhook',
  deleteWebhook: 'Deleted a webhook',
  sendTestWebhook: 'Sent a test event',
  retryWebhookLog: 'Retried an event',
  releaseWebhookLog: 'Released a held event',
  webhookLogAction: 'Acted on events in bulk',
  startBackfill: 'Started an import of past activity',
  cancelBackfill: 'Cancelled an import of past activity',
} as const;

export type AuditAction = keyof typeof auditActionLabels;
export const AuditActionSchema = z.enum(
  Object.keys(auditActionLabels) as [AuditAction, ...AuditAction[]],
);

/**
 * Who made a change: a signed-in user, a partner's embed token acting for its customer, or one of
 * the user's own API tokens.
 */
export const AuditActorSchema = z.object({
  email: z.string(),
  role: RoleSchema.nullable().describe('Staff role; null for a customer.'),
  via: z
    .enum(['dashboard', 'embed', 'api-token'])
    .describe(
      '`embed`: through a partner’s embedded webhook module, with its embed token; `api-token`: with one of the actor’s own API tokens.',
    ),
  partnerName: z.string().nullable().describe('The partner whose embed token was used.'),
  apiTokenName: z
    .string()
    .nullable()
    .describe('The name the actor’s API token had when the change was made.'),
});
export type AuditActor = z.infer<typeof AuditActorSchema>;

/** One change: who, on whose account, what and when. */
export const AuditEntrySchema = z.object({
  id: IdSchema,
  at: z.string().describe('When, as an ISO 8601 instant.'),
  action: AuditActionSchema,
  actor: AuditActorSchema,
  account: z
    .object({ email: z.string() })
    .nullable()
    .describe(
      'The account acted on: the owner of what was changed; null when one change spanned several accounts (an admin’s bulk retry).',
    ),
  target: z.string().nullable().describe('What was changed, as the service names it.'),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** The log's filter: GET /api/admin/audit-log and its export. */
const auditLogFilters = {
  email: EmailFilterSchema.describe('An actor’s or an account’s e-mail, exactly.'),
};

/** GET /api/admin/audit-log. */
export const AuditLogQuerySchema = z
  .object({ page: HistoryPageSchema, ...auditLogFilters })
  .strict();
export type AuditLogQuery = z.input<typeof AuditLogQuerySchema>;
export type AuditLogFilter = z.output<typeof AuditLogQuerySchema>;

/** GET /api/admin/audit-log/export: the log's filter, no page. */
export const AuditLogFiltersSchema = z.object(auditLogFilters).strict();

export const AuditLogPageSchema = paginatedSchema(AuditEntrySchema);
export type AuditLogPage = z.infer<typeof AuditLogPageSchema>;
