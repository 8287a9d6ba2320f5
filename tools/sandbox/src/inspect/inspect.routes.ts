import { Router } from '@koa/router';
import { html, page, table } from '../core/html.ts';
import {
  DEMO_API_KEYS,
  DEMO_OAUTH_CLIENTS,
  HUBSPOT_DEMO_PRIVATE_APP_TOKEN,
  SANDBOX_SYSTEMS,
  SALESFORCE_DEMO_ACCESS_TOKEN,
  isSandboxSystem,
} from '../demo-constants.ts';
import type { SandboxState } from '../sandbox-state.ts';
import { systemView } from './system-views.ts';

/** Browsable pages of what the product wrote, and the same data as JSON for tests. */
export function inspectRouter(state: SandboxState): Router {
  const router = new Router();
  router.get('/', (ctx) => {
    const base = state.publicUrl;
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
              'base URL': `${base}/salesforce (org domain)`,
              credentials: `client ${DEMO_OAUTH_CLIENTS.salesforce.clientId} / ${DEMO_OAUTH_CLIENTS.salesforce.clientSecret}; session ${SALESFORCE_DEMO_ACCESS_TOKEN}`,
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
              'base URL': `${base}/bison`,
              credentials: `Bearer ${DEMO_API_KEYS.bison}`,
            },
            {
              system: 'HeyReach',
              'base URL': `${base}/heyreach/api/public`,
              credentials: `X-API-KEY ${DEMO_API_KEYS.heyreach}`,
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
          <a href="/_stats">/_stats</a> · <a href="/_faults">/_faults</a>
        </p>`,
    );
  });
  router.get('/inspect/:system', (ctx) => {
    const system = ctx.params.system;
    if (!isSandboxSystem(system)) return;
    ctx.type = 'html';
    ctx.body = page(
      `${system} — what the product wrote`,
      html`<p class="muted">JSON: <a href="/_state/${system}">/_state/${system}</a></p>
        ${systemView(state, system).map(
          (section) =>
            html`<h2>${section.title} (${section.rows.length})</h2>
              ${table(section.columns, section.rows)}`,
        )}`,
    );
  });
  router.get('/_state/:system', (ctx) => {
    const system = ctx.params.system;
    if (!isSandboxSystem(system)) return;
    ctx.body = Object.fromEntries(
      systemView(state, system).map((section) => [section.key, section.rows]),
    );
  });
  return router;
}
