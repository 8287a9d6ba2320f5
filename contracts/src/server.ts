// `@outsync/contracts` outside the browser (package.json's `default` export condition; the
// browser builds and jsdom tests get ./index.ts): the core entry and the OpenAPI builder, which
// only the service runs.
export * from './index';
export * from './http/openapi';
