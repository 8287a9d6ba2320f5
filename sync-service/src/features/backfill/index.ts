export { backfillModel, type BackfillDoc, type BackfillModel } from './backfill.model';
export { registerBackfillRoutes } from './backfill.routes';
export {
  BackfillErrorCodes,
  createBackfillService,
  type BackfillService,
} from './backfill.service';
export {
  backfillPath,
  runBackfill,
  storedEventsLookup,
  type BackfillRunDeps,
  type BackfillRunOptions,
  type BackfillRunOutcome,
} from './backfill-run';
export {
  defineRunBackfillJob,
  defineSweepBackfillsJob,
  queueBackfillRun,
  startBackfillSweep,
} from './backfill.job';
export { backfillMessages } from './backfill-messages';
