import { defineRoute } from '@outsync/contracts';
import * as z from '@outsync/contracts/zod';
import { AuditLogFiltersSchema, AuditLogPageSchema, AuditLogQuerySchema } from './audit.schemas';
import { reading } from './route-parts';

/** The audit feature's calls: who changed what, newest first, a page or the whole as a file. */
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
  auditLogExport: defineRoute({
    method: 'get',
    path: '/api/admin/audit-log/export',
    request: { query: AuditLogFiltersSchema },
    response: z.string(),
    produces: 'text/csv',
    errors: reading,
    description:
      'Every audit log entry the filter matches, newest first, as a CSV file (UTF-8, a header row; streamed, so any number of rows): the log’s scoping and filter, its columns with the actor’s role, the embed partner and the action in words.',
  }),
};
