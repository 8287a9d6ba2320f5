import { accountsRoutes } from '@outsync/contracts/accounts';
import { bearerCredential } from '../../platform/http/embed-auth';
import { addRoute, validateRequest } from '../../platform/http/route';
import type { AppRouter } from '../../platform/http/types';
import type { PartnersService } from './partners.service';

const adminsOnly = { roles: ['ADMIN'] } as const;

/** Partner accounts (admins only) and the partners' own token call (issue 15). */
export function registerPartnersRoutes(
  router: AppRouter,
  deps: { partners: PartnersService },
): void {
  const { partners } = deps;

  addRoute(router, accountsRoutes.partners, () => partners.list(), adminsOnly);
  addRoute(router, accountsRoutes.createPartner, ({ body }) => partners.create(body), adminsOnly);
  addRoute(
    router,
    accountsRoutes.updatePartner,
    ({ params, body }) => partners.update(params.id, body),
    adminsOnly,
  );
  addRoute(
    router,
    accountsRoutes.rotatePartnerKey,
    ({ params }) => partners.rotateKey(params.id),
    adminsOnly,
  );
  addRoute(
    router,
    accountsRoutes.deletePartner,
    ({ params }) => partners.remove(params.id),
    adminsOnly,
  );

  // Server to server with the partner key (the route is `auth: 'none'`: no session). Mounted by
  // hand rather than with addRoute so that the key is checked before the body: a caller without
  // a valid key learns nothing, not even what the body lacks.
  const tokenRoute = accountsRoutes.createEmbedToken;
  router.register(tokenRoute.path, [tokenRoute.method.toUpperCase()], async (ctx) => {
    const partner = await partners.partnerOfKey(bearerCredential(ctx));
    const { body } = validateRequest(tokenRoute, {
      params: ctx.params,
      query: ctx.query,
      body: ctx.request.body,
    });
    const issued = await partners.issueEmbedToken(partner, body);
    // A credential: no cache may keep it.
    ctx.set('Cache-Control', 'no-store');
    ctx.status = tokenRoute.status ?? 201;
    ctx.body = issued;
  });
}
