import { Router } from '@koa/router';
import { queryString } from '../core/http.ts';
import { html, page, table } from '../core/html.ts';
import {
  DEMO_API_KEYS,
  DEMO_OAUTH_CLIENTS,
  DEMO_RECEIVER_PATH,
  HUBSPOT_DEMO_PRIVATE_APP_TOKEN,
  SANDBOX_SYSTEMS,
  SALESFORCE_DEMO_ACCESS_TOKEN,
  isSandboxSystem,
} from '../demo-constants.ts';
import type { SandboxState } from '../sandbox-state.ts';
import { systemView, tenantsOf } from './system-views.ts';

/** How many rows an inspection table shows; a seeded block list can hold 100,000. */
const ROWS_SHOWN = 500;

/**
 * Browsable pages of what the product wrote, and the same data as JSON for tests. Each
 * section is a `<section id="{key}" data-count="{rows}">` with its table (or "None yet." line)
 * as `#{key}-table`, so a browser test can find them by id.
 */
export function inspectRouter(state: SandboxState): Router {
  const router = new Router();
  router.get('/', (ctx) => {
    const base = state.publicUrl;
    const org = state.salesforceOrgs.demo();
    ctx.type = 'html';
    ctx.body = page(
      'OutSync sandbox',
      html`<p>Simulated external systems for OutSync. Everything lives in memory.</p>
        ${table(
          ['system', 'base URL', 'credentials'],
          [
            {
              system: 'HubSpot',
              'base URL': `${base}/hubspot (authorize: ${base}/hubspot/oauth/authorize)`,
              credentials: `client ${DEMO_OAUTH_CLIENTS.hubspot.clientId} / ${DEMO_OAUTH_CLIENTS.hubspot.clientSecret}; token ${HUBSPOT_DEMO_PRIVATE_APP_TOKEN}`,
            },
            {
              system: 'Salesforce',
              'base URL': `${base}${org.loginPath} (login domain); API at the instance_url ${base}${org.instancePath}`,
              credentials: `client ${DEMO_OAUTH_CLIENTS.salesforce.clientId} / ${DEMO_OAUTH_CLIENTS.salesforce.clientSecret}; session ${SALESFORCE_DEMO_ACCESS_TOKEN} (instance only)`,
            },
            {
              system: 'Smartlead',
              'base URL': `${base}/smartlead/api/v1`,
              credentials: `?api_key=${DEMO_API_KEYS.smartlead}`,
            },
            {
              system: 'Instantly',
              'base URL': `${base}/instantly/api/v2`,
              credentials: `Bearer ${DEMO_API_KEYS.instantly}`,
            },
            {
              system: 'bison',
              'base URL': `${base}/bison (more instances under ${base}/bison-instances/<name>)`,
              credentials: `Bearer ${DEMO_API_KEYS.bison}`,
            },
            {
              system: 'HeyReach',
              'base URL': `${base}/heyreach/api/public`,
              credentials: `X-API-KEY ${DEMO_API_KEYS.heyreach}`,
            },
            {
              system: 'Webhook receiver',
              'base URL': `${base}${DEMO_RECEIVER_PATH} (any name under ${base}/receiver/)`,
              credentials: 'none',
            },
            {
              system: 'Mailbox',
              'base URL': `${base}/mailbox (SMTP port ${state.smtpPort})`,
              credentials: 'any or none',
            },
          ],
        )}
        <p>
          Inspect:
          ${SANDBOX_SYSTEMS.map((system) => html`<a href="/inspect/${system}">${system}</a> `)} ·
          <a href="/inspect/receivers">receivers</a> · <a href="/_sandbox">administration</a> ·
          <a href="/_stats">/_stats</a> · <a href="/_faults">/_faults</a>
        </p>`,
    );
  });
  router.get('/inspect/:system', (ctx) => {
    const system = ctx.params.system;
    if (!isSandboxSystem(system)) return;
    const tenant = queryString(ctx, 'tenant');
    const sections = systemView(state, system, tenant);
    if (!sections) return;
    const suffix = tenant ? `?tenant=${encodeURIComponent(tenant)}` : '';
    ctx.type = 'html';
    ctx.body = page(
      `${system} — what the product wrote`,
      html`<p class="muted">
          ${tenantsOf(state, system).map(
            (entry) =>
              html`<a href="/inspect/${system}?tenant=${encodeURIComponent(entry.id)}"
                >${entry.label}</a
              > `,
          )}
          · JSON: <a href="/_state/${system}${suffix}">/_state/${system}${suffix}</a>
        </p>
        ${sections.map(
          (section) =>
            html`<section id="${section.key}" data-count="${section.rows.length}">
              <h2>${section.title} (${section.rows.length})</h2>
              ${
                section.rows.length > ROWS_SHOWN
                  ? html`<p class="muted">
                      The first ${ROWS_SHOWN} of ${section.rows.length}; all of them in the JSON.
                    </p>`
                  : ''
              }
              ${table(section.columns, section.rows.slice(0, ROWS_SHOWN), `${section.key}-table`)}
            </section>`,
        )}`,
    );
  });
  // The record pages the product links to (History's CRM links), as the real CRMs serve them:
  // HubSpot's app on the portal, Salesforce's Lightning page on the org's instance. Each leads to
  // the record's row on the inspection page.
  router.get('/contacts/:hubId/record/:objectTypeId/:recordId', (ctx) => {
    const { hubId, recordId } = ctx.params;
    ctx.redirect(
      `/inspect/hubspot?tenant=${encodeURIComponent(hubId ?? '')}#record-${encodeURIComponent(recordId ?? '')}`,
    );
  });
  router.get('/salesforce-instance/:orgKey/lightning/r/:object/:recordId/view', (ctx) => {
    const { orgKey, recordId } = ctx.params;
    ctx.redirect(
      `/inspect/salesforce?tenant=${encodeURIComponent(orgKey ?? '')}#record-${encodeURIComponent(recordId ?? '')}`,
    );
  });
  router.get('/_state/:system', (ctx) => {
    const system = ctx.params.system;
    if (!isSandboxSystem(system)) return;
    const sections = systemView(state, system, queryString(ctx, 'tenant'));
    if (!sections) return;
    ctx.body = Object.fromEntries(sections.map((section) => [section.key, section.rows]));
  });
  return router;
}
