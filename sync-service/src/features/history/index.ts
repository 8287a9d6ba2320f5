export { registerHistoryRoutes } from './history.routes';
export { createHistoryService, webhookLogsQuery } from './history.service';
