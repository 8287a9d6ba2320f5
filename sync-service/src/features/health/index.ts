export { registerHealthRoutes } from './health.routes';
export { createHealthService } from './health.service';
