// A partner's portal embeds the webhooks module (issue 15 "Partner embedding"), in Chromium
// against the product as `npm start` runs it: the partner demo (scripts/partner-demo) is a plain
// HTML page on its own origin whose backend trades the partner key for embed tokens. The module
// shows its customer's webhooks in the partner's theme and product name, untouched by the page's
// CSS; it creates and tests a webhook and tells the page; it asks for a fresh token when its
// token is refused; a token for one customer reaches neither the other customer's webhooks nor
// any other route; the admin sees the partner in Users > Partners.
import type { Locator, Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../../scripts/chromium';
import { DEMO_ADMIN_EMAIL, type RunningProduct } from '../../scripts/product';
import { signInThroughApi } from '../../scripts/sign-in';
import { seriousA11yViolations } from './accessibility';
import { screenshot, startTestProduct } from './product-harness';
import { serviceCalls } from './service-calls';

// The partner demo's customers (scripts/demo-partner.ts), as the partner's page names them.
const NORTHWIND = 'ana.lima@northwind.partner-demo.example';
const CONTOSO = 'ben.ortiz@contoso.partner-demo.example';

let product: RunningProduct;
let portalUrl: string;
let browser: Browser;

beforeAll(async () => {
  product = await startTestProduct({ demoWorkspace: true });
  portalUrl = product.partnerDemoUrl ?? '';
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** The partner's portal, with the module's Webhooks screen loaded for `customer`. */
async function openPortal(customer = 'northwind', path = '/'): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(`${portalUrl}${path}?customer=${customer}`);
  // Playwright's locators see into the module's (open) shadow root.
  await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
  return page;
}

function ownWebhooks(page: Page): Locator {
  return page.getByRole('table', { name: 'Existing webhooks:', exact: true });
}

function eventLog(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Events from the module' });
}

async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

describe('a partner embeds the webhooks module', () => {
  test("its customer's webhooks, in the partner's theme and product name, untouched by the page's CSS", async () => {
    const page = await openPortal();
    const own = ownWebhooks(page);
    await own.getByText(`Added by: ${NORTHWIND}`).first().waitFor();
    await expect(page.getByText(CONTOSO).count()).resolves.toBe(0);

    // The page styles every button dashed and orange, in Georgia: not the module's.
    const copy = own.getByRole('button', { name: 'Copy URL' }).first();
    const style = await copy.evaluate((button) => {
      const computed = getComputedStyle(button);
      return { border: computed.borderTopStyle, font: computed.fontFamily };
    });
    expect(style.border).not.toBe('dashed');
    expect(style.font).not.toContain('Georgia');
    // …and the module's styles stay in its shadow root.
    await expect(
      page.evaluate(() => document.head.querySelectorAll('style[data-styled]').length),
    ).resolves.toBe(0);

    await choose(page, 'Select Profile:', /^HUBSPOT - /);
    await page.getByRole('heading', { name: 'Create a webhook:' }).waitFor();
    // Spec 01 §2.7's '[product]' is the partner's product.
    await page
      .getByText(
        'All data sent to Acme Sync will sync. Better for attribution, omnichannel follow up, and full visibility.',
      )
      .waitFor();
    const create = page.getByRole('button', { name: 'Create Webhook' });
    await expect(
      create.evaluate((button) => getComputedStyle(button).backgroundColor),
    ).resolves.toBe('rgb(15, 118, 110)');
    await screenshot(page, 'partner-embed-light');

    await page.getByRole('checkbox', { name: 'Dark' }).check();
    await expect(
      page
        .getByRole('heading', { level: 1, name: 'Webhooks' })
        .evaluate((heading) => getComputedStyle(heading).color),
    ).resolves.toBe('rgb(243, 244, 246)');
    await screenshot(page, 'partner-embed-dark');
    await page.close();
  });

  test('axe finds nothing serious in the module, chips and form included, in the light and dark themes', async () => {
    // Issue 31: the dark theme's chips under the partner's brand read at 3:1. The module only:
    // the partner's page around it is theirs.
    const page = await openPortal();
    await ownWebhooks(page).getByText('Create or update company').first().waitFor();
    await choose(page, 'Select Profile:', /^HUBSPOT - /);
    await page.getByRole('heading', { name: 'Create a webhook:' }).waitFor();
    const found: Record<string, string[]> = {};
    for (const theme of ['light', 'dark'] as const) {
      await page.getByRole('checkbox', { name: 'Dark' }).setChecked(theme === 'dark');
      await page.waitForTimeout(200);
      found[theme] = await seriousA11yViolations(page, 'outsync-webhooks');
      await screenshot(page, `partner-embed-axe-${theme}`, { fullPage: false });
    }
    expect(found).toEqual({ light: [], dark: [] });
    await page.close();
  });

  test('creating and testing a webhook tells the page; nothing else was needed but a token', async () => {
    const page = await openPortal();
    await choose(page, 'Select Profile:', /^HUBSPOT - /);
    await page.getByRole('heading', { name: 'Create a webhook:' }).waitFor();
    await choose(page, 'Select owner', /Ana/);
    await choose(page, 'Sales Engagement Platform', 'Instantly');
    await page.getByRole('button', { name: 'Create Webhook' }).click();
    const created = eventLog(page).getByText(/^webhook\.created [0-9a-f]{24}$/);
    await created.waitFor();
    const id = ((await created.textContent()) ?? '').split(' ')[1] ?? '';
    // The event names the webhook the table now shows.
    const row = ownWebhooks(page).getByRole('row').filter({ hasText: id });
    await row.waitFor();
    await expect(row.getByText('Instantly', { exact: true }).count()).resolves.toBe(1);

    await row.getByRole('button', { name: 'Sync test' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Test Webhook - Instantly' });
    const testSent = page.waitForRequest(
      (request) =>
        request.method() === 'POST' &&
        new URL(request.url()).pathname.startsWith('/webhooks/test/'),
    );
    await dialog.getByRole('button', { name: 'Test Sync' }).click();
    // With the embed token, as every call of the module: the service knows who tested.
    expect(await (await testSent).headerValue('authorization')).toMatch(/^Bearer oset_/);
    await page
      .getByRole('region', { name: 'Notifications' })
      .getByText('Test webhook was sent successfully')
      .waitFor();
    await eventLog(page).getByText(`webhook.test_sent ${id}`).waitFor();
    await screenshot(page, 'partner-embed-events', { fullPage: false });
    // Closed with Escape, the dialog leaves the focus on the button that opened it, inside the
    // module's shadow root (Chromium restores it itself; ui's dialog test covers a browser that
    // does not, where the dialog must find that button through the shadow root).
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const focused = await page.evaluate(() => {
      let active = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      return active?.getAttribute('aria-label') ?? active?.textContent;
    });
    expect(focused).toBe('Sync test');
    await page.close();
  });

  test("a refused token: the module asks the page's backend for a fresh one and carries on", async () => {
    const page = await openPortal();
    const tokenCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/embed-token')) tokenCalls.push(request.url());
    });
    // As if the token had expired: the page still holds it, the service no longer takes it.
    await page.evaluate(() => {
      const element = document.querySelector('outsync-webhooks') as HTMLElement & { token: string };
      element.token = 'oset_expired-long-ago';
    });
    await ownWebhooks(page).getByRole('button', { name: 'Webhook Settings' }).first().click();
    const settings = page.getByRole('dialog', { name: 'Update Webhook HubSpot' });
    await settings.getByRole('button', { name: 'Update' }).waitFor();
    expect(tokenCalls).toHaveLength(1);
    await page.close();
  });
});

describe('what an embed token can reach', () => {
  test("one customer's token reaches neither the other customer's webhooks nor any other route", async () => {
    const page = await browser.context.newPage();
    await page.goto(`${portalUrl}/isolation`);
    const checks = page.getByRole('table', { name: 'Isolation checks' });
    await checks.getByRole('row').nth(6).waitFor();
    const results = await checks
      .getByRole('row')
      .evaluateAll((rows: HTMLTableRowElement[]) =>
        rows.slice(1).map((row) => [row.cells[0]?.textContent, row.cells[3]?.textContent]),
      );
    expect(results.map(([, result]) => result)).toEqual([
      'pass',
      'pass',
      'pass',
      'pass',
      'pass',
      'pass',
    ]);
    await screenshot(page, 'partner-embed-isolation');
    await page.close();

    // Outside a browser no CORS hides the answers: the token opens the module's routes only.
    const { token } = (await (
      await fetch(`${portalUrl}/api/embed-token?customer=northwind`, { method: 'POST' })
    ).json()) as { token: string };
    const bearer = { Authorization: `Bearer ${token}` };
    const users = await fetch(`${product.serviceUrl}/api/admin/dashboard/users`, {
      headers: bearer,
    });
    expect(users.status).toBe(403);
    await expect(users.json()).resolves.toMatchObject({
      code: 'embed_route_not_allowed',
      message: 'An embed token can only be used by the webhooks module.',
    });
    const fromElsewhere = await fetch(`${product.serviceUrl}/api/admin/webhooks`, {
      headers: { ...bearer, Origin: 'https://evil.example' },
    });
    expect(fromElsewhere.status).toBe(403);
    const noKey = await fetch(`${product.serviceUrl}/api/partner/embed-tokens`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ customerEmail: NORTHWIND }),
    });
    expect(noKey.status).toBe(401);
    await expect(noKey.json()).resolves.toMatchObject({
      message: 'The partner API key is missing or not valid.',
    });
  });

  test('the admin keeps the partner in Users > Partners', async () => {
    const admin = await launchBrowser();
    try {
      await signInThroughApi(admin.context, {
        baseUrl: product.shellUrl,
        sandboxUrl: product.sandboxUrl ?? '',
        email: DEMO_ADMIN_EMAIL,
      });
      const page = await admin.context.newPage();
      await page.goto(`${product.shellUrl}/admin/dashboard/users`);
      const partners = page.getByRole('table', { name: 'Partners' });
      const row = partners.getByRole('row').filter({ hasText: 'Acme Agency (demo)' });
      await row.waitFor();
      await row.getByText(/^osp_/).waitFor();
      await expect(row.getByText('2 customers').count()).resolves.toBe(1);
      await screenshot(page, 'partner-admin-section');

      // The test sent from the partner's page is the customer's, made through the partner.
      const audit = await admin.context.newPage();
      await audit.goto(`${product.shellUrl}/admin/dashboard/history/audit-log`);
      await audit
        .getByRole('table', { name: 'Audit log entries' })
        .getByRole('row')
        .filter({ hasText: 'Sent a test event' })
        .filter({ hasText: `${NORTHWIND} via Acme Agency (demo)` })
        .first()
        .waitFor();
      await audit.close();

      // A partner another admin deletes while this one edits it: the service's refusal shows.
      const { getJson, sendJson } = serviceCalls(() => product.shellUrl);
      const globex = await sendJson<{ id: string }>(
        admin.context.request,
        'POST',
        '/api/admin/partners',
        {
          name: 'Globex (e2e)',
          allowedOrigins: ['https://portal.globex.test'],
          customerEmails: [],
        },
      );
      await page.reload();
      const globexRow = partners.getByRole('row').filter({ hasText: 'Globex (e2e)' });
      await globexRow.getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit partner' });
      await dialog.waitFor();
      await sendJson(admin.context.request, 'DELETE', `/api/admin/partners/${globex.id}`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page
        .getByRole('region', { name: 'Notifications' })
        .getByText('No such partner.')
        .waitFor();
      await expect(dialog.isVisible()).resolves.toBe(true);
      const left = await getJson<{ name: string }[]>(admin.context.request, '/api/admin/partners');
      expect(left.map((partner) => partner.name)).toEqual(['Acme Agency (demo)']);
    } finally {
      await admin.close();
    }
  });
});
