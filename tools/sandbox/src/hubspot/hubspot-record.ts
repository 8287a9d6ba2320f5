// The CRM record shape and the predicate over it, shared by the store (which keeps records and
// lists) and the list filters (which compile a list's filter branch into a predicate), so
// neither needs the other for its types.

export interface CrmRecord {
  id: string;
  properties: Record<string, string>;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
}

export type RecordPredicate = (record: CrmRecord) => boolean;
