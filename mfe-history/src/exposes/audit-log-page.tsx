import { AuditLogScreen, auditLogTexts } from '../features/audit-log/components/audit-log-screen';

export const AuditLogTitle = auditLogTexts.title;

/** audit-log (issue 30, item 6). */
export default function AuditLogPage() {
  return <AuditLogScreen />;
}
