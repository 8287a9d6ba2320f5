import { HISTORY_PAGE_SIZE } from '@outsync/contracts';
import type {
  AuditAction,
  AuditEntry,
  AuditLogFilter,
  AuditLogPage,
} from '@outsync/contracts/history';
import { Types, type QueryFilter } from 'mongoose';
import type { CsvCell, CsvDownload } from '../../platform/http/csv-route';
import type { SessionUser } from '../../platform/http/types';
import { EXPORT_BATCH, exportFilename, inBatches } from '../history';
import type { AuditEntryDoc, AuditEntryModel } from './audit-entry.model';
import { AUDIT_LOG_CSV_HEADER, auditEntryCsvRow } from './audit-log.csv';

/** One change as the audit trail hands it over once the call succeeded. */
export type AuditRecord = {
  action: AuditAction;
  actor: SessionUser;
  /** The partner whose embed token the actor came with. */
  partnerId?: string | undefined;
  /** The name of the actor's API token the change came with. */
  apiTokenName?: string | undefined;
  /** Owners of what was changed; none means the actor's own account. */
  accountIds: readonly string[];
  target?: string | undefined;
};

export type AuditLogDeps = {
  entries: AuditEntryModel;
  /** E-mails of users by id (a deleted user is absent). */
  emailsOf(ids: readonly string[]): Promise<Map<string, string>>;
  /** The id of the user with this e-mail, or null. */
  userIdOf(email: string): Promise<string | null>;
  /** Names of partners by id (a deleted partner is absent). */
  partnerNamesOf(ids: readonly string[]): Promise<Map<string, string>>;
  now: () => Date;
};

export type AuditLog = ReturnType<typeof createAuditLog>;

const NEWEST_FIRST = { at: -1, _id: -1 } as const;

/** Staff (managers, admins) read every account's entries; a customer their own account's. */
function isStaff(user: SessionUser): boolean {
  return user.role === 'ADMIN' || user.role === 'MANAGER';
}

/** The audit log: writes one entry per change, reads pages of it scoped to the reader. */
export function createAuditLog(deps: AuditLogDeps) {
  return {
    async record(change: AuditRecord): Promise<void> {
      const accounts = change.accountIds.length > 0 ? change.accountIds : [change.actor.id];
      await deps.entries.create({
        at: deps.now(),
        action: change.action,
        actorId: new Types.ObjectId(change.actor.id),
        actorEmail: change.actor.email,
        actorRole: change.actor.role,
        partnerId: change.partnerId ? new Types.ObjectId(change.partnerId) : null,
        apiTokenName: change.apiTokenName ?? null,
        accountIds: accounts.map((id) => new Types.ObjectId(id)),
        target: change.target ?? null,
      });
    },

    async page(reader: SessionUser, filter: AuditLogFilter): Promise<AuditLogPage> {
      const query = await scopedQuery(deps, reader, filter.email);
      const skip = (filter.page - 1) * HISTORY_PAGE_SIZE;
      const [docs, totalItems] = await Promise.all([
        query
          ? deps.entries
              .find(query)
              .sort(NEWEST_FIRST)
              .skip(skip)
              .limit(HISTORY_PAGE_SIZE)
              .lean<AuditEntryDoc[]>()
          : [],
        query ? deps.entries.countDocuments(query) : 0,
      ]);
      return {
        page: filter.page,
        limit: HISTORY_PAGE_SIZE,
        totalItems,
        data: await present(deps, docs),
      };
    },

    /**
     * Every entry the log would show under this filter, newest first, as CSV rows (issue 34
     * item 4). The scope is decided here, before the first row; then a cursor reads them in
     * batches, each batch's accounts and partners looked up once.
     */
    async export(reader: SessionUser, filter: Omit<AuditLogFilter, 'page'>): Promise<CsvDownload> {
      const query = await scopedQuery(deps, reader, filter.email);
      async function* rows(): AsyncGenerator<CsvCell[]> {
        if (!query) return;
        const cursor = deps.entries
          .find(query)
          .sort(NEWEST_FIRST)
          .lean<AuditEntryDoc[]>()
          .cursor({ batchSize: EXPORT_BATCH });
        for await (const batch of inBatches<AuditEntryDoc>(cursor))
          for (const entry of await present(deps, batch)) yield auditEntryCsvRow(entry);
      }
      return {
        filename: exportFilename('audit-log', deps.now()),
        header: AUDIT_LOG_CSV_HEADER,
        rows: rows(),
      };
    },
  };
}

/** The reader's scope and the e-mail filter; null when nothing can match. */
async function scopedQuery(
  deps: AuditLogDeps,
  reader: SessionUser,
  email: string | undefined,
): Promise<QueryFilter<AuditEntryDoc> | null> {
  const clauses: QueryFilter<AuditEntryDoc>[] = [];
  if (!isStaff(reader)) clauses.push({ accountIds: new Types.ObjectId(reader.id) });
  if (email !== undefined) {
    const userId = await deps.userIdOf(email);
    clauses.push({
      $or: [{ actorEmail: email }, ...(userId ? [{ accountIds: new Types.ObjectId(userId) }] : [])],
    });
  }
  if (clauses.length === 0) return {};
  return clauses.length === 1 ? (clauses[0] ?? null) : { $and: clauses };
}

async function present(deps: AuditLogDeps, docs: AuditEntryDoc[]): Promise<AuditEntry[]> {
  const accountIds = [...new Set(docs.flatMap((doc) => doc.accountIds.map(String)))];
  const partnerIds = [
    ...new Set(docs.flatMap((doc) => (doc.partnerId ? [doc.partnerId.toString()] : []))),
  ];
  const [emails, partners] = await Promise.all([
    deps.emailsOf(accountIds),
    deps.partnerNamesOf(partnerIds),
  ]);
  return docs.map((doc) => {
    const only = doc.accountIds.length === 1 ? doc.accountIds[0]?.toString() : undefined;
    return {
      id: doc._id.toString(),
      at: doc.at.toISOString(),
      action: doc.action,
      actor: {
        email: doc.actorEmail,
        role: doc.actorRole,
        via: doc.partnerId ? 'embed' : doc.apiTokenName ? 'api-token' : 'dashboard',
        partnerName: doc.partnerId ? (partners.get(doc.partnerId.toString()) ?? null) : null,
        apiTokenName: doc.apiTokenName ?? null,
      },
      // A deleted account keeps its entries; its e-mail is gone with it.
      account: only ? { email: emails.get(only) ?? '(deleted account)' } : null,
      target: doc.target,
    };
  });
}
