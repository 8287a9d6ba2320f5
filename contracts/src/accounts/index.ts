// `@outsync/contracts/accounts`: the connected-accounts area (spec 02). Its own entry and its own
// federation singleton, so only the modules that import it load it; the shell never does. It
// imports the core (`@outsync/contracts`) by package name, which keeps one shared copy of it.
// The features' route files are not exported one by one: `accountsRoutes` holds their routes.
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
