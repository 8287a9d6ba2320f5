import { defineRoute } from '@outsync/contracts';
import { AuditLogPageSchema, AuditLogQuerySchema } from './audit.schemas';
import { reading } from './route-parts';

/** The audit feature's call: who changed what, newest first. */
export const auditRoutes = {
  auditLog: defineRoute({
    method: 'get',
    path: '/api/admin/audit-log',
    request: { query: AuditLogQuerySchema },
    response: AuditLogPageSchema,
    errors: reading,
    description:
      'One page of the audit log, newest first, with the total: every change, secret reveal and test event, with its actor and the account acted on. Managers and admins read every account’s; a customer reads their own account’s, changes staff made on it included.',
  }),
};
