import * as z from '@outsync/contracts/zod';
import { CrmKindSchema, RoleSchema } from '@outsync/contracts';
import { IdSchema } from './common.schemas';
import { ProfileFlagsSchema } from './profiles.schemas';

/**
 * A row of the Users screen (spec 02 §2.8): one per connected profile, and one per signed-up
 * user without any profile (so an admin can still set their role and plan). `id` is the
 * profile's id, or the user's when `profile` is null.
 */
export const AdminUserRowSchema = ProfileFlagsSchema.extend({
  id: IdSchema,
  userId: IdSchema.describe('The signed-in account that owns the row.'),
  userEmail: z.string().describe("The owner's sign-in e-mail."),
  profile: CrmKindSchema.nullable(),
  accountId: z.string(),
  organizationId: z.string(),
  email: z.string().describe('The profile e-mail, or the sign-in e-mail when there is no profile.'),
  role: RoleSchema.nullable(),
  isPaidTier: z.boolean(),
  organizationDomain: z.string(),
});
export type AdminUserRow = z.infer<typeof AdminUserRowSchema>;
export const AdminUsersResponseSchema = z.array(AdminUserRowSchema);

/**
 * PUT /api/admin/dashboard/users/{id} (admins only): the three flags of spec 02 §2.8, plus the
 * owner's role and paid tier (issue 9). On a row without a profile the flags are ignored.
 */
export const AdminUserUpdateRequestSchema = ProfileFlagsSchema.extend({
  role: RoleSchema.nullable().optional(),
  isPaidTier: z.boolean().optional(),
});
export type AdminUserUpdateRequest = z.infer<typeof AdminUserUpdateRequestSchema>;

/** "{user email} updated" (spec 02 §8). */
export function userUpdatedMessage(email: string): string {
  return `${email} updated`;
}
