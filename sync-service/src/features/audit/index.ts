export { auditEntryModel, type AuditEntryModel } from './audit-entry.model';
export { createAuditLog, type AuditLog } from './audit-log.service';
export { auditedCalls, auditTrail, sendTestWebhookRoute } from './audit-trail';
export { registerAuditRoutes } from './audit.routes';
