// The history area's screens read collections other features own; each owner serves its list
// (webhook-events, category-holds, block-lists). What the lists share stays here.
export {
  EXPORT_BATCH,
  exactCount,
  exportFilename,
  inBatches,
  skipOf,
  userObjectId,
} from './history-lists';
