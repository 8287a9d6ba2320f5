// `@outsync/contracts/history`: the history area (spec 02 §2.9–2.11, issue 13): its queries with
// the normalisation rules of §5, its rows and its calls. Its own entry, bundled tree-shaken by
// the modules that import it (not a federation singleton).
// The features' route files are not exported one by one: `historyRoutes` holds their calls.
export * from './history.schemas';
export * from './webhook-events.schemas';
export * from './category-holds.schemas';
export * from './block-lists.schemas';
export * from './audit.schemas';
export * from './history.routes';
// The sync statuses a webhook log shows, so the history screens need no other entry.
export {
  FINAL_SYNC_STATUSES,
  NOT_SYNCED_REASONS,
  RETRYABLE_SYNC_STATUSES,
  SyncStatusSchema,
  type SyncStatus,
} from '../sync/sync-status';
