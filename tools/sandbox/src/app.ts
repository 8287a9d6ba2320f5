import { bodyParser } from '@koa/bodyparser';
import type { Router } from '@koa/router';
import Koa from 'koa';
import { controlsRouter } from './controls/controls.routes.ts';
import { systemGuard } from './core/system-guard.ts';
import { hubspotAssociationsRouter } from './hubspot/hubspot-associations.routes.ts';
import { hubspotAuth } from './hubspot/hubspot-auth.ts';
import { hubspotListsRouter } from './hubspot/hubspot-lists.routes.ts';
import { hubspotOAuthRouter } from './hubspot/hubspot-oauth.routes.ts';
import { hubspotObjectsRouter } from './hubspot/hubspot-objects.routes.ts';
import { hubspotSchemaRouter } from './hubspot/hubspot-schema.routes.ts';
import { inspectRouter } from './inspect/inspect.routes.ts';
import { mailboxRouter } from './mailbox/mailbox.routes.ts';
import { bisonAuth, bisonRouter } from './platforms/bison.routes.ts';
import { heyreachAuth, heyreachRouter } from './platforms/heyreach.routes.ts';
import { instantlyAuth, instantlyRouter } from './platforms/instantly.routes.ts';
import { smartleadAuth, smartleadRouter } from './platforms/smartlead.routes.ts';
import { salesforceAuth } from './salesforce/salesforce-auth.ts';
import { salesforceDataRouter } from './salesforce/salesforce-data.routes.ts';
import { salesforceOAuthRouter } from './salesforce/salesforce-oauth.routes.ts';
import type { SandboxState } from './sandbox-state.ts';
import { simulateRouter } from './simulate/simulate.routes.ts';

/** One Koa app answering for every system under its own base path. */
export function createApp(state: SandboxState): Koa {
  const app = new Koa();
  app.use(systemGuard(state.faults, state.stats));
  app.use(
    bodyParser({ jsonLimit: '10mb', formLimit: '1mb', enableTypes: ['json', 'form', 'text'] }),
  );
  app.use(hubspotAuth(state.hubspotGrants));
  app.use(salesforceAuth(state.salesforceGrants));
  app.use(smartleadAuth());
  app.use(instantlyAuth());
  app.use(bisonAuth());
  app.use(heyreachAuth());
  const routers: Router[] = [
    controlsRouter(state),
    hubspotOAuthRouter(state),
    hubspotObjectsRouter(state),
    hubspotSchemaRouter(state),
    hubspotAssociationsRouter(state),
    hubspotListsRouter(state),
    salesforceOAuthRouter(state),
    salesforceDataRouter(state),
    smartleadRouter(state),
    instantlyRouter(state),
    bisonRouter(state),
    heyreachRouter(state),
    mailboxRouter(state),
    simulateRouter(state),
    inspectRouter(state),
  ];
  for (const router of routers) app.use(router.routes()).use(router.allowedMethods());
  return app;
}
