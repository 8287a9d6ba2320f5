// A partner's portal, as small as one can be (issue 15): plain HTML pages with no build step that
// embed OutSync's webhooks module, and a tiny backend that holds the partner key and trades it
// for embed tokens. `npm start` serves it at http://localhost:4200/. docs/embedding.md walks
// through the same steps.
import { readFile } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A customer of the partner: the portal's own account and the OutSync user it acts for. */
export interface PartnerDemoCustomer {
  /** The portal's id for the customer (in the page's switcher and the token call). */
  slug: string;
  name: string;
  /** The customer's OutSync sign-in e-mail. */
  email: string;
}

export interface PartnerDemoOptions {
  port: number;
  host?: string;
  /** Where OutSync's API answers (the sync-service origin); the browser calls it directly. */
  outsyncApiUrl: string;
  /** The partner's secret key. It stays in this process; the browser never sees it. */
  partnerKey: string;
  /** The embed script, served with the webhooks module (`…/embed/outsync-webhooks.js`). */
  embedScriptUrl: string;
  customers: [PartnerDemoCustomer, ...PartnerDemoCustomer[]];
}

export interface RunningPartnerDemo {
  url: string;
  close(): Promise<void>;
}

const pages: Record<string, string> = {
  '/': 'index.html',
  '/index.html': 'index.html',
  '/isolation': 'isolation.html',
  '/isolation.html': 'isolation.html',
};

export async function startPartnerDemo(options: PartnerDemoOptions): Promise<RunningPartnerDemo> {
  const customerOf = (slug: unknown) => options.customers.find((c) => c.slug === slug);

  /** The partner backend's one job: an embed token for the customer, from the partner key. */
  async function embedToken(customer: PartnerDemoCustomer): Promise<Response> {
    return fetch(new URL('/api/partner/embed-tokens', options.outsyncApiUrl), {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${options.partnerKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ customerEmail: customer.email }),
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://partner.demo');
    const page = pages[url.pathname];
    if (req.method === 'GET' && page) {
      const config = {
        apiBaseUrl: options.outsyncApiUrl,
        customers: options.customers.map(({ slug, name }) => ({ slug, name })),
      };
      const html = (await readFile(path.join(here, page), 'utf8'))
        .replaceAll('{{EMBED_SCRIPT_URL}}', escapeAttribute(options.embedScriptUrl))
        // JSON in a script element: `<` escaped so no value can close the element.
        .replace('{{CONFIG}}', JSON.stringify(config).replaceAll('<', '\\u003c'));
      return send(res, 200, html, 'text/html; charset=utf-8');
    }
    if (req.method === 'POST' && url.pathname === '/api/embed-token') {
      // A real portal takes the customer from its own session; the demo's switcher names it.
      const customer = customerOf(url.searchParams.get('customer'));
      if (!customer) return sendJson(res, 404, { message: 'No such customer in this portal.' });
      const answer = await embedToken(customer);
      return send(res, answer.status, await answer.text(), 'application/json');
    }
    if (req.method === 'GET' && url.pathname === '/api/demo/first-webhook') {
      // For the isolation page: the partner knows each of its customers' webhooks (it acts for
      // both); the page then proves that one customer's token cannot reach the other's.
      const customer = customerOf(url.searchParams.get('customer'));
      if (!customer) return sendJson(res, 404, { message: 'No such customer in this portal.' });
      const tokenAnswer = await embedToken(customer);
      if (!tokenAnswer.ok)
        return send(res, tokenAnswer.status, await tokenAnswer.text(), 'application/json');
      const { token } = (await tokenAnswer.json()) as { token: string };
      const list = await fetch(new URL('/api/admin/webhooks', options.outsyncApiUrl), {
        headers: { Authorization: `Bearer ${token}` },
      });
      const body = (await list.json()) as { webhooks?: Array<{ id: string }> };
      const first = body.webhooks?.[0];
      if (!first) return sendJson(res, 404, { message: `${customer.name} has no webhook yet.` });
      return sendJson(res, 200, first);
    }
    sendJson(res, 404, { message: 'Not found' });
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      sendJson(res, 502, { message: error instanceof Error ? error.message : String(error) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(res: ServerResponse, status: number, body: string, type: string): void {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  res.end(body);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  send(res, status, JSON.stringify(body), 'application/json');
}

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}
