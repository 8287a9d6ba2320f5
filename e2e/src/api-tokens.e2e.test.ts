// Customer API tokens (issue 34, item 5) in Chromium against the product as `npm start` runs it:
// a customer makes a read-only token on the API tokens screen and reads it off the page, once;
// a script (this test, with no cookie and no CSRF token, through the shell as any client would)
// reads the customer's webhooks with it and is refused a change with 403; the customer revokes
// it on the screen, and the token is then refused with 401 and the RFC 6750 challenge.
import type { Locator, Page } from 'playwright-core';
import { authorizeInSandbox } from '@outsync/sandbox';
import { launchBrowser, type Browser } from '../../scripts/chromium';
import type { RunningProduct } from '../../scripts/product';
import { signInThroughApi } from '../../scripts/sign-in';
import { expectAccessible } from './accessibility';
import { screenshot, startTestProduct } from './product-harness';
import { serviceCalls } from './service-calls';

const CUSTOMER_EMAIL = 'tara.tokens@api-tokens-e2e.example';
const API_TOKENS_PATH = '/admin/dashboard/api-tokens';

type WebhookRow = { id: string; webhookUrl: string };
type Answer = { status: number; body: unknown; challenge: string | null };

let product: RunningProduct;
let customer: Browser;
/** The customer's own webhook, made as the screens make one. */
let webhook: WebhookRow;

const { getJson, sendJson } = serviceCalls(() => product.shellUrl);

beforeAll(async () => {
  product = await startTestProduct();
  customer = await launchBrowser();
  await signInThroughApi(customer.context, {
    baseUrl: product.shellUrl,
    sandboxUrl: product.sandboxUrl ?? '',
    email: CUSTOMER_EMAIL,
  });
  webhook = await customerWebhook();
});

afterAll(async () => {
  await customer?.close();
  await product?.stop();
});

/** Connects the sandbox's HubSpot and makes a Smartlead webhook, as the screens would. */
async function customerWebhook(): Promise<WebhookRow> {
  const request = customer.context.request;
  const { url } = await getJson<{ url: string }>(request, '/api/admin/hubspot/authorize-url');
  const backTo = await authorizeInSandbox(url);
  const callback = await request.get(`${product.shellUrl}${backTo.pathname}${backTo.search}`, {
    maxRedirects: 0,
  });
  expect(callback.status()).toBeLessThan(400);
  const integrations = await getJson<{ user: { id: string; profile: string } }[]>(
    request,
    '/api/admin/users/integrations',
  );
  const profileId = integrations.find((item) => item.user.profile === 'HUBSPOT')?.user.id;
  if (!profileId) throw new Error('the customer’s HubSpot profile is missing after connecting');
  const { owners } = await getJson<{ owners: Record<string, unknown>[] }>(
    request,
    `/api/admin/hubspot/owners-and-user-accounts/${profileId}`,
  );
  const code = await sendJson<string>(request, 'POST', '/api/admin/webhooks/generate');
  return sendJson<WebhookRow>(request, 'POST', '/api/admin/webhooks', {
    userProfileId: profileId,
    selectedOwner: owners[0],
    emailService: { type: 'smartlead', name: 'Smartlead' },
    objectLookupMethod: 'default',
    createOrUpdateCompany: true,
    createContactCustomProperties: true,
    assignContactOwner: true,
    logType: 0,
    code,
  });
}

/** A call as a script makes it: the bearer token only, through the shell's address. */
async function withToken(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${product.shellUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const answer: Answer = {
    status: response.status,
    body: text === '' ? undefined : (JSON.parse(text) as unknown),
    challenge: response.headers.get('www-authenticate'),
  };
  return answer;
}

function tokensTable(page: Page): Locator {
  return page.getByRole('table', { name: 'API tokens', exact: true });
}

function rowOf(page: Page, name: string): Locator {
  return tokensTable(page).getByRole('row').filter({ hasText: name });
}

test('a read-only token reads the customer’s webhooks, is refused a change, and stops working once revoked', async () => {
  const page = await customer.context.newPage();
  await page.goto(`${product.shellUrl}${API_TOKENS_PATH}`);
  await page.getByRole('heading', { level: 1, name: 'API tokens' }).waitFor();
  await tokensTable(page)
    .getByText('No API tokens yet. Create one to call the API from your own scripts.')
    .waitFor();
  // Reached from the side navigation too.
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'API tokens', exact: true })
    .waitFor();
  await expectAccessible(page);

  // Create token: read only (the default), for 30 days.
  await page.getByRole('button', { name: 'Create token', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Create token' });
  await form.getByLabel('Name', { exact: true }).fill('Nightly report');
  await form.getByRole('combobox', { name: 'Expires after', exact: true }).click();
  await page.getByRole('option', { name: '30 days', exact: true }).click();
  await expect(
    form.getByRole('combobox', { name: 'Access', exact: true }).textContent(),
  ).resolves.toContain('Read only');
  await screenshot(page, 'api-tokens-create', { fullPage: false });
  await form.getByRole('button', { name: 'Create token', exact: true }).click();

  // Shown once: read off the page, as the customer would copy it.
  const shown = page.getByRole('dialog', { name: 'API token Nightly report' });
  await shown.getByText('Copy this token now. It will not be shown again.').waitFor();
  await shown.getByRole('button', { name: 'Copy token' }).waitFor();
  const token = ((await shown.locator('code').textContent()) ?? '').trim();
  expect(token).toMatch(/^osat_[A-Za-z0-9_-]{43}$/);
  await expectAccessible(page);
  await screenshot(page, 'api-tokens-shown-once', { fullPage: false });
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(token).count()).resolves.toBe(0);

  const row = rowOf(page, 'Nightly report');
  await row.getByText(`${token.slice(0, 12)}…`).waitFor();
  await row.getByText('Read only', { exact: true }).waitFor();
  await row.getByText('Never', { exact: true }).waitFor();
  await screenshot(page, 'api-tokens');

  // A script reads the customer's webhooks with it, as their session would…
  const read = await withToken(token, 'GET', '/api/admin/webhooks');
  expect(read.status).toBe(200);
  const webhooks = (read.body as { webhooks: WebhookRow[] }).webhooks;
  expect(webhooks.map((item) => [item.id, item.webhookUrl])).toEqual([
    [webhook.id, webhook.webhookUrl],
  ]);
  // …and is refused any change.
  const change = await withToken(token, 'PUT', `/api/admin/webhooks/${webhook.id}`, {
    emailService: 'smartlead',
    objectLookupMethod: 'default',
  });
  expect([change.status, change.body]).toEqual([
    403,
    {
      code: 'api_token_read_only',
      message: 'This API token is read-only: it cannot change anything.',
    },
  ]);

  // The screen shows the use once it is asked again.
  await page.reload();
  await rowOf(page, 'Nightly report').getByText('Never', { exact: true }).waitFor({
    state: 'detached',
  });

  // Revoke, with a confirmation.
  await rowOf(page, 'Nightly report')
    .getByRole('button', { name: 'Revoke Nightly report' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Revoke Nightly report?' });
  await confirm
    .getByText('Scripts that use this token stop working at once. This cannot be undone.')
    .waitFor();
  await screenshot(page, 'api-tokens-revoke', { fullPage: false });
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await page.getByText('Revoked Nightly report').first().waitFor();
  await tokensTable(page)
    .getByText('No API tokens yet. Create one to call the API from your own scripts.')
    .waitFor();

  const refused = await withToken(token, 'GET', '/api/admin/webhooks');
  expect([refused.status, refused.body, refused.challenge]).toEqual([
    401,
    { code: 'api_token_revoked', message: 'The API token has been revoked.' },
    'Bearer error="invalid_token"',
  ]);
  await page.close();
});
