export { registerOpenApiRoutes } from './openapi.routes';
