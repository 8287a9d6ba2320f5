export { registerHistoryRoutes } from './history.routes';
export { createHistoryService } from './history.service';
