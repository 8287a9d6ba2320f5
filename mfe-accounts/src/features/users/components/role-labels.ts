import type { Role } from '@outsync/contracts';

/** How a role reads on the Users screen; a user without one is a customer (issue 9). */
export const roleLabels = { customer: 'Customer', MANAGER: 'Manager', ADMIN: 'Admin' } as const;

export function roleLabel(role: Role | null): string {
  return role === null ? roleLabels.customer : roleLabels[role];
}
