import { defineRoute } from '@outsync/contracts';
import { IdParamsSchema } from './common.schemas';
import {
  EmbedTokenRequestSchema,
  EmbedTokenResponseSchema,
  PartnerDeleteResponseSchema,
  PartnerRequestSchema,
  PartnersResponseSchema,
  PartnerWithKeySchema,
  PartnerSchema,
} from './partners.schemas';
import { notFound, reading, signedIn } from './route-parts';

/** The partners feature's routes: partner accounts and the embed tokens they issue (issue 15). */
export const partnersRoutes = {
  partners: defineRoute({
    method: 'get',
    path: '/api/admin/partners',
    response: PartnersResponseSchema,
    errors: { ...reading, 403: 'Admins only (`forbidden`).' },
    description: 'The partner accounts that may embed the webhook module (admins only).',
  }),
  createPartner: defineRoute({
    method: 'post',
    path: '/api/admin/partners',
    request: { body: PartnerRequestSchema },
    response: PartnerWithKeySchema,
    status: 201,
    errors: { ...signedIn, 403: 'Admins only (`forbidden`), or a missing CSRF token.' },
    description:
      'Creates a partner account and its secret key, returned this once (stored as a SHA-256 hash). Admins only.',
  }),
  updatePartner: defineRoute({
    method: 'put',
    path: '/api/admin/partners/:id',
    request: { params: IdParamsSchema, body: PartnerRequestSchema },
    response: PartnerSchema,
    errors: { ...signedIn, 404: notFound },
    description:
      "Changes a partner's name, allowed origins and customers. A customer removed loses the partner's live embed tokens. Admins only.",
  }),
  rotatePartnerKey: defineRoute({
    method: 'post',
    path: '/api/admin/partners/:id/key',
    request: { params: IdParamsSchema },
    response: PartnerWithKeySchema,
    errors: { ...signedIn, 404: notFound },
    description:
      'A new secret key, returned this once; the old key and every embed token issued with it stop working. Admins only.',
  }),
  deletePartner: defineRoute({
    method: 'delete',
    path: '/api/admin/partners/:id',
    request: { params: IdParamsSchema },
    response: PartnerDeleteResponseSchema,
    errors: { ...signedIn, 404: notFound },
    description: 'Deletes a partner account; its key and embed tokens stop working. Admins only.',
  }),
  createEmbedToken: defineRoute({
    method: 'post',
    path: '/api/partner/embed-tokens',
    request: { body: EmbedTokenRequestSchema },
    response: EmbedTokenResponseSchema,
    status: 201,
    auth: 'none',
    errors: {
      401: 'No partner key, or not a valid one (`partner_key_invalid`).',
      403: 'The partner may not act for that customer (`customer_not_allowed`).',
    },
    description:
      "Server to server, with `Authorization: Bearer <partner key>`: a short-lived (15 min by default, 30 at most) token for one customer's webhooks, for the module embedded in the partner's page. Never call it from a browser.",
  }),
};
