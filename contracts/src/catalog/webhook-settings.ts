import * as z from '@outsync/contracts/zod';
import type { CrmKind } from './crm-kinds';
import { platformFacts, type Platform } from './platforms';

/** How an event is logged in the CRM: 0 = Email Object, 1 = Task Object (spec 01 §9). */
export const LogTypeSchema = z.literal([0, 1]);
export type LogType = z.infer<typeof LogTypeSchema>;

export const logTypeLabels = {
  0: 'Email Object',
  1: 'Task Object',
} as const satisfies Record<LogType, string>;

/** The restricted option list: Task Object only (where it is used is not shown). */
export const RESTRICTED_LOG_TYPES = [1] as const satisfies readonly LogType[];

/** SALESFORCE write mode, stored as `salesforceOnlyUpdate` (spec 01 §9). */
export const writeModes = [
  { label: 'Upsert', salesforceOnlyUpdate: false },
  { label: 'Update Only', salesforceOnlyUpdate: true },
] as const;

export const ApprovedEventsModeSchema = z.enum(['all', 'filtered']);
export type ApprovedEventsMode = z.infer<typeof ApprovedEventsModeSchema>;

/** The social tool's default lookup field (spec 01 §9). */
export const DEFAULT_SOCIAL_LOOKUP_FIELD = 'hs_linkedin_url';
/** The lead custom field the platform must have for an object-id lookup (spec 01 §9). */
export const OBJECT_LOOKUP_ID_FIELD = 'os_objectlookup_id';

export const DEFAULT_CUSTOM_TASK_SUBJECT =
  '[OS] [{{ os_sales_engagement_platform }} - {{ event_type }}] {{ subject}}';

/** Create-form defaults that depend on the CRM kind (spec 01 §9). */
export const webhookDefaultsByCrm = {
  HUBSPOT: { createContactCustomProperties: true, ownerTrackedBy: 'email' },
  SALESFORCE: { createContactCustomProperties: false, ownerTrackedBy: 'id' },
} as const satisfies Record<
  CrmKind,
  { createContactCustomProperties: boolean; ownerTrackedBy: 'email' | 'id' }
>;

/** Default SALESFORCE task type: 'Email', or 'Other' for the social tool (spec 01 §9). */
export function defaultTaskType(platform: Platform): 'Email' | 'Other' {
  return platformFacts[platform].kind === 'social-tool' ? 'Other' : 'Email';
}

/** Default SALESFORCE permission set for custom fields (spec 01 §9). */
export const DEFAULT_PERMISSION_SET = 'System Administrator';
