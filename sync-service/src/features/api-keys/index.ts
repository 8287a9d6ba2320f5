export { registerApiKeysRoutes } from './api-keys.routes';
export {
  type ApiKeyDoc,
  apiKeyModel,
  type ApiKeyModel,
  createApiKeysService,
  createPlatformGateway,
  leadCategoryModel,
} from './api-keys.service';
