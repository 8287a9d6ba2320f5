export * from './http/error-envelope';
export * from './http/route';
export * from './http/api-error';
export * from './http/api-client';
export * from './http/openapi';
export * from './http/openapi-document.schemas';
export * from './health/health.schemas';
export * from './api-routes';
