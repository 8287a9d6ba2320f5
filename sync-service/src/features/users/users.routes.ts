import { accountsRoutes } from '@outsync/contracts/accounts';
import { addRoute } from '../../platform/http/route';
import type { AppRouter } from '../../platform/http/types';
import type { UsersAdmin } from './users-admin';

/** The Users screen: managers and admins read it; only admins change it. */
export function registerUsersRoutes(router: AppRouter, deps: { admin: UsersAdmin }): void {
  addRoute(
    router,
    accountsRoutes.adminUsers,
    async (_input, ctx) => {
      ctx.set('Cache-Control', 'no-store');
      return deps.admin.list();
    },
    { roles: ['MANAGER', 'ADMIN'] },
  );

  addRoute(
    router,
    accountsRoutes.updateAdminUser,
    async ({ params, body }, ctx) => {
      ctx.set('Cache-Control', 'no-store');
      return deps.admin.update(ctx.state.user!, params.id, body);
    },
    { roles: ['ADMIN'] },
  );
}
