// `@outsync/contracts/accounts`: the connected-accounts area (spec 02). Its own entry, not a
// federation singleton: each module that imports it bundles the parts it uses, tree-shaken; the
// shell never does. It imports the core (`@outsync/contracts`) by package name, which keeps one
// shared copy of it. `accountsRoutes` holds every feature's routes (the accounts module's client);
// a module that calls a few of them builds its client from the feature tables it needs (the
// webhooks module: profiles, API keys, CRM data), so it does not bundle the others' schemas.
export * from './common.schemas';
export * from './profiles.schemas';
export * from './api-keys.schemas';
export * from './user-accounts.schemas';
export * from './users.schemas';
export * from './crm-data.schemas';
export * from './block-list-helpers.schemas';
export * from './block-list-syncs.schemas';
export * from './partners.schemas';
export * from './api-tokens.schemas';
export * from './accounts.routes';
export { integrationsRoutes } from './integrations.routes';
export { profilesRoutes } from './profiles.routes';
export { apiKeysRoutes } from './api-keys.routes';
export { crmDataRoutes } from './crm-data.routes';
