import { defineRoute } from '@outsync/contracts';
import { IdParamsSchema } from './common.schemas';
import { notFound, reading, signedIn } from './route-parts';
import {
  UserAccountCreateRequestSchema,
  UserAccountDeleteResponseSchema,
  UserAccountSchema,
  UserAccountSecretResponseSchema,
  UserAccountsResponseSchema,
  UserAccountUpdateRequestSchema,
} from './user-accounts.schemas';

/** The user-accounts feature's routes: the webhook endpoints events are forwarded to (spec 02 §7). */
export const userAccountsRoutes = {
  userAccounts: defineRoute({
    method: 'get',
    path: '/api/admin/user-accounts',
    response: UserAccountsResponseSchema,
    errors: reading,
    description: "The webhook endpoints of the user's profiles.",
  }),
  createUserAccount: defineRoute({
    method: 'post',
    path: '/api/admin/user-accounts',
    request: { body: UserAccountCreateRequestSchema },
    response: UserAccountSchema,
    status: 201,
    errors: {
      ...signedIn,
      400: 'Invalid form, a private address (`unsafe_url`), or the URL did not accept the test event.',
      404: 'The profile is not yours (`not_found`).',
    },
    description:
      'Adds a webhook endpoint after the service reached it: a signed test event POSTed to the URL must be answered 2xx.',
  }),
  updateUserAccount: defineRoute({
    method: 'patch',
    path: '/api/admin/user-accounts/:id',
    request: { params: IdParamsSchema, body: UserAccountUpdateRequestSchema },
    response: UserAccountSchema,
    errors: {
      ...signedIn,
      400: 'Invalid body (`bad_request`).',
      404: 'No such endpoint, or the caller may not change it (`not_found`).',
    },
    description:
      'Turns the sync alerts (`sync.failed`, `sync.recovered`) on or off for the endpoint: its profile’s owner or an admin.',
  }),
  deleteUserAccount: defineRoute({
    method: 'delete',
    path: '/api/admin/user-accounts/:id',
    request: { params: IdParamsSchema },
    response: UserAccountDeleteResponseSchema,
    errors: { ...signedIn, 404: notFound, 409: 'A webhook forwards to it (`in_use`).' },
    description: 'Deletes a webhook endpoint ("This deletes the webhook.").',
  }),
  revealUserAccountSecret: defineRoute({
    method: 'get',
    path: '/api/admin/user-accounts/:id/signing-secret',
    request: { params: IdParamsSchema },
    response: UserAccountSecretResponseSchema,
    errors: {
      ...reading,
      404: 'No such endpoint, or the caller may not manage it (`not_found`).',
    },
    description:
      "The endpoint's signing secret (the key of `X-OutSync-Signature`), for those who may manage it: its profile's owner or an admin. Never cached; each reveal is audited.",
  }),
};
