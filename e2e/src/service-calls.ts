import type { APIRequestContext } from 'playwright-core';

// The service's API as the screens call it, from a signed-in browser context: the journeys
// read what the screens show, and make the writes a setting-up user would make.

/** A GET through the shell at `baseUrl`; its JSON answer, or an error naming the status. */
export async function getJson<T>(
  baseUrl: string,
  request: APIRequestContext,
  path: string,
): Promise<T> {
  // Once more on ECONNRESET: a kept-alive socket the server closed (idle 5 s) just as the request
  // went out on it. A browser retries an idempotent request the same way.
  const response = await request.get(`${baseUrl}${path}`, { maxRetries: 1 });
  if (!response.ok())
    throw new Error(`GET ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A write as the screens make it (CSRF token in the header); its answer, JSON or text. */
export async function sendJson<T>(
  baseUrl: string,
  request: APIRequestContext,
  method: string,
  path: string,
  data?: unknown,
): Promise<T> {
  const { csrfToken } = await getJson<{ csrfToken: string }>(baseUrl, request, '/auth/csrf-token');
  const response = await request.fetch(`${baseUrl}${path}`, {
    method,
    data,
    headers: { 'X-CSRF-Token': csrfToken },
    maxRedirects: 0,
  });
  if (response.status() >= 400)
    throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  const text = await response.text();
  const isJson = (response.headers()['content-type'] ?? '').includes('json');
  return (isJson ? JSON.parse(text) : text) as T;
}

/** The two calls bound to a shell whose address is known once the product has started. */
export function serviceCalls(baseUrl: () => string) {
  return {
    getJson: <T>(request: APIRequestContext, path: string) => getJson<T>(baseUrl(), request, path),
    sendJson: <T>(request: APIRequestContext, method: string, path: string, data?: unknown) =>
      sendJson<T>(baseUrl(), request, method, path, data),
  };
}

/** A webhook as the Webhooks table lists it (the fields the journeys read). */
export type WebhookRow = {
  id: string;
  webhookUrl: string;
  emailService: string | null;
  user: { profile: string };
};

/**
 * The demo workspace's HubSpot webhook for Smartlead (the one its live campaign posts to), as the
 * signed-in demo admin's Webhooks table lists it.
 */
export async function demoSmartleadWebhook(
  baseUrl: string,
  request: APIRequestContext,
): Promise<WebhookRow> {
  const { webhooks } = await getJson<{ webhooks: WebhookRow[] }>(
    baseUrl,
    request,
    '/api/admin/webhooks',
  );
  const found = webhooks.find(
    (webhook) => webhook.user.profile === 'HUBSPOT' && webhook.emailService === 'smartlead',
  );
  if (!found) throw new Error('the demo workspace has no HubSpot webhook for Smartlead');
  return found;
}
