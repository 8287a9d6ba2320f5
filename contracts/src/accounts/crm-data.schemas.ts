import * as z from '@outsync/contracts/zod';
import { IdSchema, shortText } from './common.schemas';
import { UserAccountSchema } from './user-accounts.schemas';

/** A CRM owner (spec 01 §3): HubSpot owner or Salesforce user. */
export const CrmOwnerSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  name: z.string(),
});
export type CrmOwner = z.infer<typeof CrmOwnerSchema>;

/** The "Additional Endpoints" of a profile, as the webhook forms list them. */
export const OwnersAndUserAccountsResponseSchema = z.object({
  owners: z.array(CrmOwnerSchema),
  userAccounts: z.array(UserAccountSchema),
});
export type OwnersAndUserAccountsResponse = z.infer<typeof OwnersAndUserAccountsResponseSchema>;

export const ProfileParamsSchema = z.object({ userProfileId: IdSchema });

export const SalesforceObjectTypeSchema = z.enum(['Contact', 'Lead']);
export type SalesforceObjectType = z.infer<typeof SalesforceObjectTypeSchema>;

export const CrmPropertiesQuerySchema = z.object({
  type: SalesforceObjectTypeSchema.optional().describe(
    'SALESFORCE only: the object whose fields to list (Contact by default).',
  ),
});

export const CrmPropertySchema = z.object({
  name: z.string(),
  label: z.string(),
  description: z.string(),
});
export type CrmProperty = z.infer<typeof CrmPropertySchema>;
export const CrmPropertiesResponseSchema = z.array(CrmPropertySchema);

export const PermissionSetSchema = z.object({ Id: z.string(), Name: z.string() });
export type PermissionSet = z.infer<typeof PermissionSetSchema>;
export const PermissionSetsResponseSchema = z.array(PermissionSetSchema);

export const TaskTypeSchema = z.object({ value: z.string(), label: z.string() });
export type TaskType = z.infer<typeof TaskTypeSchema>;
export const TaskTypesResponseSchema = z.object({
  success: z.boolean(),
  error: z.string().nullable(),
  data: z.array(TaskTypeSchema),
});
export type TaskTypesResponse = z.infer<typeof TaskTypesResponseSchema>;

export const TaskTypeValidateRequestSchema = z.object({
  userProfileId: IdSchema,
  taskType: shortText(255).trim().min(1, { error: 'Select Task Type' }),
});

/** Objects that can carry OutSync's custom fields ("Custom Field Objects"). */
export const CustomFieldObjectSchema = z.enum(['Contact', 'Lead']);
export const CreateFieldsRequestSchema = z.object({
  userProfileId: IdSchema,
  permissionId: shortText(40).min(1, { error: 'Select Permissions' }),
  customFields: z
    .array(CustomFieldObjectSchema)
    .min(1, { error: 'Select at least one object.' })
    .max(2),
});
export type CreateFieldsRequest = z.infer<typeof CreateFieldsRequestSchema>;
