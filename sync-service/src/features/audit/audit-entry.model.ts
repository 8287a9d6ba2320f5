import type { AuditAction } from '@outsync/contracts/history';
import type { Role } from '@outsync/contracts';
import { Schema, type Connection, type Model, type Types } from 'mongoose';

/** One change: who made it, on whose account, what and when (issue 30, item 6). */
export type AuditEntryDoc = {
  _id: Types.ObjectId;
  at: Date;
  action: AuditAction;
  actorId: Types.ObjectId;
  actorEmail: string;
  actorRole: Role | null;
  /** Set when the actor came through a partner's embed token. */
  partnerId: Types.ObjectId | null;
  /**
   * Set when the actor came with one of their API tokens: its name as it was then (a revoked or
   * renamed token's entries keep saying which script it was).
   */
  apiTokenName?: string | null;
  /** The owners whose accounts the change touched; empty for a change of the actor's own. */
  accountIds: Types.ObjectId[];
  target: string | null;
};

const AuditEntrySchema = new Schema<AuditEntryDoc>(
  {
    at: { type: Date, required: true },
    action: { type: String, required: true },
    actorId: { type: Schema.Types.ObjectId, required: true },
    actorEmail: { type: String, required: true },
    actorRole: { type: String, default: null },
    partnerId: { type: Schema.Types.ObjectId, default: null },
    apiTokenName: { type: String, default: null },
    accountIds: { type: [Schema.Types.ObjectId], default: [] },
    target: { type: String, default: null },
  },
  { collection: 'auditEntries', versionKey: false },
);
// Staff read everything newest first; a customer reads their account's; filters by e-mail.
AuditEntrySchema.index({ at: -1, _id: -1 });
AuditEntrySchema.index({ accountIds: 1, at: -1, _id: -1 });
AuditEntrySchema.index({ actorId: 1, at: -1, _id: -1 });

export type AuditEntryModel = Model<AuditEntryDoc>;

export function auditEntryModel(connection: Connection): AuditEntryModel {
  return (
    (connection.models.AuditEntry as AuditEntryModel | undefined) ??
    connection.model<AuditEntryDoc>('AuditEntry', AuditEntrySchema)
  );
}
