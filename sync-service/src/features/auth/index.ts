export { authModels } from './auth.model';
export { registerAuthRoutes } from './auth.routes';
export { createAuthService } from './auth.service';
