export { registerBlockListHelpersRoutes } from './block-list-helpers.routes';
export { createBlockListHelpersService } from './block-list-helpers.service';
export {
  blockListLogModel,
  type BlockListLogDoc,
  type BlockListLogModel,
} from './block-list-log.model';
export { createBlockListLogsReads } from './block-list-logs.reads';
export { registerBlockListLogsRoutes } from './block-list-logs.routes';
export {
  defineQueueBlockListsJob,
  defineRunBlockListJob,
  queueBlockListRun,
  startBlockListSweep,
} from './block-list-sync.job';
export {
  blockListStateModel,
  blockListSyncModel,
  type BlockListSyncModel,
} from './block-list-sync.model';
export { registerBlockListsRoutes } from './block-lists.routes';
export {
  blockListSyncsOfKeys,
  blockListUsageOfProfile,
  createBlockListsService,
} from './block-lists.service';
export { createPlanChanges, type PlanChanges } from './plan-changes';
export { createBlockListWriter } from './run/platform-writer';
export { runBlockListSync } from './run/run-block-list';
