import { Router } from '@koa/router';
import { platformFromAnySpelling } from '@outsync/contracts';
import {
  asArray,
  asNumber,
  asString,
  bodyObject,
  type Ctx,
  type JsonObject,
} from '../core/http.ts';
import { html, page, table } from '../core/html.ts';
import { BISON_DEMO_API_KEY } from '../demo-constants.ts';
import type { HubspotApp, HubspotPortal } from '../hubspot/hubspot-portals.ts';
import { applyAccountSetup } from '../platforms/platform-setup.ts';
import { seedHubspotList, seedSalesforceReport } from '../seed/bulk-seed.ts';
import type { PlatformAccount } from '../platforms/platform-store.ts';
import type { ConnectedApp, SalesforceOrg } from '../salesforce/salesforce-orgs.ts';
import type { SandboxState } from '../sandbox-state.ts';

/**
 * `/_sandbox/*`: registering what a customer brings (Salesforce connected apps and orgs,
 * HubSpot apps and portals, platform accounts, bison instances), seeding block-list sources
 * (a HubSpot list, a Salesforce report) of up to 100,000 generated records, and steering the
 * webhook receivers. Everything registered here is dropped by `/_reset` and `/_seed`; the demo
 * credentials stay. `GET /_sandbox` is the same as an HTML page.
 */
export function adminRouter(state: SandboxState): Router {
  const router = new Router({ prefix: '/_sandbox' });

  router.get('/', (ctx) => adminPage(ctx, state));

  router.get('/salesforce/connected-apps', (ctx) => {
    ctx.body = state.salesforceApps.all();
  });
  router.post('/salesforce/connected-apps', (ctx) =>
    create(ctx, () => {
      const body = bodyObject(ctx);
      const orgId = asString(body.orgId);
      if (orgId !== undefined && !state.salesforceOrgs.all().some((org) => org.orgId === orgId))
        throw new Error(`No org with id ${orgId}`);
      return state.salesforceApps.add({
        orgId,
        name: asString(body.name),
        consumerKey: nonEmpty(body.consumerKey),
        consumerSecret: nonEmpty(body.consumerSecret),
        callbackUrls: urlList(body.callbackUrls),
      });
    }),
  );
  router.delete('/salesforce/connected-apps/:consumerKey', (ctx) =>
    remove(ctx, state.salesforceApps.remove(ctx.params.consumerKey ?? '')),
  );

  router.get('/salesforce/orgs', (ctx) => {
    ctx.body = state.salesforceOrgs.all().map((org) => orgView(state, org));
  });
  router.post('/salesforce/orgs', (ctx) =>
    create(ctx, () => {
      const body = bodyObject(ctx);
      return orgView(
        state,
        state.salesforceOrgs.add({
          key: nonEmpty(body.key),
          orgId: nonEmpty(body.orgId),
          name: nonEmpty(body.name),
        }),
      );
    }),
  );

  router.post('/salesforce/orgs/:orgKey/reports/seed', (ctx) =>
    create(ctx, () => {
      const org = state.salesforceOrgs.get(ctx.params.orgKey ?? '');
      if (!org) throw new Error(`No org with key ${ctx.params.orgKey ?? ''}`);
      const body = bodyObject(ctx);
      return seedSalesforceReport(org.store, {
        size: asNumber(body.size, Number.NaN),
        name: nonEmpty(body.name),
      });
    }),
  );

  router.get('/hubspot/portals', (ctx) => {
    ctx.body = state.hubspotPortals.all().map(portalView);
  });
  router.post('/hubspot/portals', (ctx) =>
    create(ctx, () => {
      const body = bodyObject(ctx);
      const hubId = asNumber(body.hubId, Number.NaN);
      const portal = state.hubspotPortals.add({
        hubId: Number.isInteger(hubId) ? hubId : undefined,
        hubDomain: nonEmpty(body.hubDomain),
        name: nonEmpty(body.name),
      });
      // Its users (owners), by e-mail: a webhook's form picks its owner from them.
      asArray(body.ownerEmails).forEach((entry, index) => {
        const email = nonEmpty(entry);
        if (!email) return;
        const [local = email] = email.split('@');
        const [firstName = local, lastName = 'Owner'] = local.split(/[._-]/);
        portal.store.addOwner({
          id: String(portal.hubId * 100 + index + 1),
          userId: portal.hubId * 100 + index + 1,
          email,
          firstName: firstName.charAt(0).toUpperCase() + firstName.slice(1),
          lastName: lastName.charAt(0).toUpperCase() + lastName.slice(1),
        });
      });
      return portalView(portal);
    }),
  );
  // Block-list sources of any size for tests, demos and benchmarks (src/seed/bulk-seed.ts).
  router.post('/hubspot/portals/:hubId/lists/seed', (ctx) =>
    create(ctx, () => {
      const portal = state.hubspotPortals.get(ctx.params.hubId ?? '');
      if (!portal) throw new Error(`No portal with hub id ${ctx.params.hubId ?? ''}`);
      const body = bodyObject(ctx);
      const objectType = asString(body.objectType) ?? 'contacts';
      if (objectType !== 'contacts' && objectType !== 'companies')
        throw new Error('objectType must be contacts or companies');
      return seedHubspotList(portal.store, {
        objectType,
        size: asNumber(body.size, Number.NaN),
        name: nonEmpty(body.name),
      });
    }),
  );
  router.get('/hubspot/apps', (ctx) => {
    ctx.body = state.hubspotApps.all();
  });
  router.post('/hubspot/apps', (ctx) =>
    create(ctx, () => {
      const body = bodyObject(ctx);
      return state.hubspotApps.add({
        name: nonEmpty(body.name),
        clientId: nonEmpty(body.clientId),
        clientSecret: nonEmpty(body.clientSecret),
        redirectUrls: urlList(body.redirectUrls),
      });
    }),
  );
  router.delete('/hubspot/apps/:clientId', (ctx) =>
    remove(ctx, state.hubspotApps.remove(ctx.params.clientId ?? '')),
  );

  router.get('/platforms/:platform/accounts', (ctx) => {
    const platform = platformFromAnySpelling(ctx.params.platform);
    if (!platform)
      return badRequest(ctx, 'platform must be smartlead, instantly, bison or heyreach');
    ctx.body = state.platforms.accountsOf(platform).map((account) => accountView(state, account));
  });
  router.post('/platforms/:platform/accounts', (ctx) =>
    create(ctx, () => {
      const platform = platformFromAnySpelling(ctx.params.platform);
      if (!platform) throw new Error('platform must be smartlead, instantly, bison or heyreach');
      const body = bodyObject(ctx);
      const account = state.platforms.addAccount(platform, {
        apiKey: nonEmpty(body.apiKey),
        name: nonEmpty(body.name),
        instance: nonEmpty(body.instance),
      });
      applyAccountSetup(state.platforms, account, body);
      return accountView(state, account);
    }),
  );

  router.get('/bison/instances', (ctx) => {
    ctx.body = [...state.platforms.bisonInstances.values()].map((instance) => ({
      name: instance.name,
      baseUrl: `${state.publicUrl}${instance.basePath}`,
      apiKeys: state.platforms
        .accountsOf('bison')
        .filter((account) => account.instance === instance.name)
        .map((account) => account.apiKey),
    }));
  });
  router.post('/bison/instances', (ctx) =>
    create(ctx, () => {
      const { instance, account } = state.platforms.addBisonInstance(
        asString(bodyObject(ctx).name) ?? '',
      );
      return {
        name: instance.name,
        baseUrl: `${state.publicUrl}${instance.basePath}`,
        apiKey: account.apiKey,
      };
    }),
  );

  router.get('/receivers', (ctx) => {
    ctx.body = state.receivers.names().map((name) => ({
      name,
      url: `${state.publicUrl}/receiver/${name}`,
      mode: state.receivers.mode(name),
      requests: state.receivers.list(name).length,
    }));
  });
  router.post('/receiver/:name/mode', (ctx) => {
    const name = ctx.params.name ?? '';
    const body = bodyObject(ctx);
    const status = asNumber(body.status, 200);
    if (
      !/^[A-Za-z0-9._-]{1,64}$/.test(name) ||
      !Number.isInteger(status) ||
      status < 200 ||
      status > 599
    )
      return badRequest(ctx, 'name must be a receiver name and status an HTTP status (200–599)');
    const mode = { status, delayMs: Math.max(0, Math.min(60_000, asNumber(body.delayMs, 0))) };
    state.receivers.setMode(name, mode);
    ctx.body = { name, ...mode };
  });
  return router;
}

/** Creates through `build`; answers 201 with it, or 400 with the reason (forms go back to the page). */
function create(ctx: Ctx, build: () => unknown): void {
  try {
    const created = build();
    if (ctx.request.is('urlencoded')) return ctx.redirect('/_sandbox');
    ctx.status = 201;
    ctx.body = created;
  } catch (error) {
    if (error instanceof Error) return badRequest(ctx, error.message);
    throw error;
  }
}

function remove(ctx: Ctx, removed: boolean): void {
  if (!removed) return badRequest(ctx, 'not found, or a demo credential (those stay)');
  ctx.status = 204;
}

function badRequest(ctx: Ctx, message: string): void {
  ctx.status = 400;
  ctx.body = { message };
}

function nonEmpty(value: unknown): string | undefined {
  const text = asString(value)?.trim();
  return text ? text : undefined;
}

/** Callback URLs as a JSON array, or one text with URLs separated by spaces, commas or lines. */
function urlList(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  const urls = (Array.isArray(value) ? asArray(value) : [value])
    .flatMap((entry) => (asString(entry) ?? '').split(/[\s,]+/))
    .filter(Boolean);
  for (const url of urls) {
    try {
      if (!['http:', 'https:'].includes(new URL(url).protocol)) throw new Error();
    } catch {
      throw new Error(`${url} is not an http(s) URL`);
    }
  }
  return urls;
}

function orgView(state: SandboxState, org: SalesforceOrg): JsonObject {
  return {
    key: org.key,
    orgId: org.orgId,
    name: org.name,
    loginUrl: `${state.publicUrl}${org.loginPath}`,
    instanceUrl: `${state.publicUrl}${org.instancePath}`,
    accessToken: org.staticSession,
  };
}

function portalView(portal: HubspotPortal): JsonObject {
  return {
    hubId: portal.hubId,
    hubDomain: portal.hubDomain,
    name: portal.name,
    privateAppToken: portal.privateAppToken,
  };
}

function accountView(state: SandboxState, account: PlatformAccount): JsonObject {
  return {
    platform: account.platform,
    apiKey: account.apiKey,
    name: account.name,
    workspaceId: account.workspaceId,
    ...(account.instance !== undefined
      ? {
          instance: account.instance,
          baseUrl: `${state.publicUrl}${state.platforms.bisonInstances.get(account.instance)?.basePath ?? ''}`,
        }
      : {}),
    categories:
      account.platform === 'instantly'
        ? account.instantlyLabels.map((label) => label.label)
        : account.smartleadCategories.map((category) => category.name),
    clients: account.smartleadClients.map((client) => ({ id: client.id, name: client.name })),
    campaigns: account.campaigns,
    lists: [...account.heyreachLists.values()].map((list) => ({ id: list.id, name: list.name })),
  };
}

function adminPage(ctx: Ctx, state: SandboxState): void {
  const apps = state.salesforceApps.all().map((app: ConnectedApp) => ({
    consumerKey: app.consumerKey,
    consumerSecret: app.consumerSecret,
    orgId: app.orgId,
    callbackUrls: app.callbackUrls.length > 0 ? app.callbackUrls.join(' ') : '(any http(s) URL)',
  }));
  const hubspotApps = state.hubspotApps.all().map((app: HubspotApp) => ({
    clientId: app.clientId,
    clientSecret: app.clientSecret,
    redirectUrls: app.redirectUrls.length > 0 ? app.redirectUrls.join(' ') : '(any http(s) URL)',
  }));
  const accounts = state.platforms
    .accountsOf('smartlead')
    .concat(state.platforms.accountsOf('instantly'))
    .concat(state.platforms.accountsOf('bison'))
    .concat(state.platforms.accountsOf('heyreach'))
    .map((account) => {
      const view = accountView(state, account);
      return {
        platform: account.platform,
        apiKey: account.apiKey,
        name: account.name,
        baseUrl: view.baseUrl ?? '',
        categories: view.categories,
      };
    });
  ctx.type = 'html';
  ctx.body = page(
    'Sandbox administration',
    html`<p class="muted">
        JSON under <code>/_sandbox/…</code> (see the README). Registered entries disappear on
        <code>/_reset</code> and <code>/_seed</code>; the demo credentials stay.
      </p>
      <h2>Salesforce connected apps</h2>
      ${table(['consumerKey', 'consumerSecret', 'orgId', 'callbackUrls'], apps)}
      <form method="post" action="/_sandbox/salesforce/connected-apps" class="card">
        <p>
          <label
            >Org id <input name="orgId" placeholder="${state.salesforceOrgs.demo().orgId}"
          /></label>
        </p>
        <p>
          <label>Consumer key <input name="consumerKey" placeholder="(generated)" /></label>
        </p>
        <p>
          <label>Consumer secret <input name="consumerSecret" placeholder="(generated)" /></label>
        </p>
        <p>
          <label
            >Callback URLs (space separated; empty = any) <input name="callbackUrls" size="50"
          /></label>
        </p>
        <p><button type="submit">Register connected app</button></p>
      </form>
      <h2>Salesforce orgs</h2>
      ${table(
        ['key', 'orgId', 'name', 'loginUrl', 'instanceUrl', 'accessToken'],
        state.salesforceOrgs.all().map((org) => orgView(state, org)),
      )}
      <h2>HubSpot portals</h2>
      ${table(['hubId', 'hubDomain', 'name', 'privateAppToken'], state.hubspotPortals.all().map(portalView))}
      <h2>HubSpot apps</h2>
      ${table(['clientId', 'clientSecret', 'redirectUrls'], hubspotApps)}
      <h2>Platform accounts</h2>
      ${table(['platform', 'apiKey', 'name', 'baseUrl', 'categories'], accounts)}
      <h2>Webhook receivers</h2>
      ${table(
        ['name', 'status', 'requests'],
        state.receivers.names().map((name) => ({
          name,
          status: state.receivers.mode(name).status,
          requests: state.receivers.list(name).length,
        })),
      )}
      <p class="muted">
        bison demo instance: ${state.publicUrl}/bison (token ${BISON_DEMO_API_KEY}).
      </p>`,
  );
}
