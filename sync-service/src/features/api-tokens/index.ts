export { registerApiTokensRoutes } from './api-tokens.routes';
export {
  apiTokenModel,
  createApiTokensService,
  type ApiTokenModel,
  type ApiTokensService,
} from './api-tokens.service';
