export { createApiKeyRecords, type ApiKeyRecords } from './api-key-records';
export { registerApiKeysRoutes } from './api-keys.routes';
export {
  type ApiKeyDoc,
  apiKeyModel,
  createApiKeysService,
  createPlatformGateway,
  leadCategoryModel,
} from './api-keys.service';
