// `@outsync/contracts/webhooks`: the webhooks area (spec 01 §2.6–2.11). Its own entry, bundled
// tree-shaken by the modules that import it, like `@outsync/contracts/accounts`; the rule functions here are
// the one source of truth both the forms and the service apply. The Send Test Webhook templates
// are a subpath of their own (`@outsync/contracts/webhooks/test-payloads`), not shared: only the
// dialog's lazily loaded chunk bundles them.
export * from './webhooks.schemas';
export * from './custom-task-subject';
export * from './webhook-rules';
export * from './webhook-form';
export * from './lookup-methods';
export * from './additional-endpoints';
export * from './webhooks.routes';
export { webhooksListRoutes } from './webhooks-list.routes';
export * from './embed-routes';
export * from './webhook-preview.schemas';
export * from './backfill.schemas';
