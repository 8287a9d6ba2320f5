// `@outsync/contracts/sync`: the event pipeline's shared shapes (issue 11): the canonical event
// every normalizer produces and the sync status the logs and history screens show.
export * from './canonical-event.schemas';
export * from './sync-status';
