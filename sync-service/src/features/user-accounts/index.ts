export { registerUserAccountsRoutes } from './user-accounts.routes';
export {
  createUserAccountsService,
  type UserAccountDoc,
  userAccountModel,
} from './user-accounts.service';
