import { defineRoute } from '@outsync/contracts';
import { IdParamsSchema } from './common.schemas';
import { notFound, reading, signedIn } from './route-parts';
import {
  AdminUserRowSchema,
  AdminUsersResponseSchema,
  AdminUserUpdateRequestSchema,
} from './users.schemas';

/** The users feature's routes: the managers' and admins' users screen (spec 02 §7). */
export const usersRoutes = {
  adminUsers: defineRoute({
    method: 'get',
    path: '/api/admin/dashboard/users',
    response: AdminUsersResponseSchema,
    errors: { ...reading, 403: 'Managers and admins only (`forbidden`).' },
    description: 'Every profile, and every user without one (managers and admins).',
  }),
  updateAdminUser: defineRoute({
    method: 'put',
    path: '/api/admin/dashboard/users/:id',
    request: { params: IdParamsSchema, body: AdminUserUpdateRequestSchema },
    response: AdminUserRowSchema,
    errors: {
      ...signedIn,
      404: notFound,
      400: 'An admin cannot remove their own admin role (`bad_request`).',
    },
    description: "Admins only: a profile's three flags, and its owner's role and paid tier.",
  }),
};
