import { bodyParser } from '@koa/bodyparser';
import type { Router } from '@koa/router';
import Koa from 'koa';
import { adminRouter } from './admin/admin.routes.ts';
import { controlsRouter } from './controls/controls.routes.ts';
import { systemGuard } from './core/system-guard.ts';
import { hubspotAssociationsRouter } from './hubspot/hubspot-associations.routes.ts';
import { hubspotAuth } from './hubspot/hubspot-auth.ts';
import { hubspotListsRouter } from './hubspot/hubspot-lists.routes.ts';
import { hubspotOAuthRouter } from './hubspot/hubspot-oauth.routes.ts';
import { hubspotObjectsRouter } from './hubspot/hubspot-objects.routes.ts';
import { hubspotSchemaRouter } from './hubspot/hubspot-schema.routes.ts';
import { historyRouters } from './history/index.ts';
import { inspectRouter } from './inspect/inspect.routes.ts';
import { mailboxRouter } from './mailbox/mailbox.routes.ts';
import { bisonAuth, bisonRouters } from './platforms/bison.routes.ts';
import { heyreachAuth, heyreachRouter } from './platforms/heyreach.routes.ts';
import { instantlyAuth, instantlyRouter } from './platforms/instantly.routes.ts';
import { smartleadAuth, smartleadRouter } from './platforms/smartlead.routes.ts';
import { receiverRouter } from './receiver/receiver.routes.ts';
import { salesforceAuth } from './salesforce/salesforce-auth.ts';
import { salesforceDataRouter } from './salesforce/salesforce-data.routes.ts';
import { salesforceOAuthRouters } from './salesforce/salesforce-oauth.routes.ts';
import type { SandboxState } from './sandbox-state.ts';
import { simulateRouter } from './simulate/simulate.routes.ts';

/** One Koa app answering for every system under its own base paths. */
export function createApp(state: SandboxState): Koa {
  const app = new Koa();
  app.use(systemGuard(state));
  app.use(
    bodyParser({
      jsonLimit: '10mb',
      formLimit: '1mb',
      enableTypes: ['json', 'form', 'text'],
      // HeyReach's lead deletions send a JSON body with DELETE.
      parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
    }),
  );
  app.use(hubspotAuth(state.hubspotPortals, state.hubspotGrants));
  app.use(salesforceAuth(state.salesforceOrgs, state.salesforceGrants));
  app.use(smartleadAuth(state.platforms));
  app.use(instantlyAuth(state.platforms));
  app.use(bisonAuth(state.platforms));
  app.use(heyreachAuth(state.platforms));
  const routers: Router[] = [
    controlsRouter(state),
    adminRouter(state),
    hubspotOAuthRouter(state),
    hubspotObjectsRouter(),
    hubspotSchemaRouter(),
    hubspotAssociationsRouter(),
    hubspotListsRouter(),
    ...salesforceOAuthRouters(state),
    salesforceDataRouter(state),
    smartleadRouter(state),
    instantlyRouter(state),
    ...bisonRouters(state),
    heyreachRouter(state),
    ...historyRouters(state),
    receiverRouter(state),
    mailboxRouter(state),
    simulateRouter(state),
    inspectRouter(state),
  ];
  for (const router of routers) app.use(router.routes()).use(router.allowedMethods());
  return app;
}
