export { createUsersAdmin } from './users-admin';
export { type UserDoc, userModel, type UserModel } from './users.model';
export { registerUsersRoutes } from './users.routes';
export { createUsersService, type UsersService } from './users.service';
