// A first run that guides, and the small screen fixes (issue 31, items 4, 5 and 6), in Chromium
// against the product with its demo workspace, at 1280×800: a new customer is told to connect a
// CRM first and led there, on every screen that needs one; a profile without a permission says so
// on every form as soon as it is chosen; the errors a form raised are gone once the user leaves
// its screen; a skip link comes before the sidebar; the sidebar's groups stay open across a
// reload; signed out in another tab, a click leads to a way back to sign-in; a history filter the
// service refuses shows its message under the field and the results stay; a long API-key
// description leaves the delete dialog's × in view; the embed's brand chips stay readable in the
// dark theme under a partner's brand. Screenshots: e2e/artifacts/first-run-*.png.
import type { Locator, Page } from 'playwright-core';
import { DEMO_API_KEYS } from '@outsync/sandbox';
import type { Browser } from '../../scripts/chromium';
import { PARTNER_DEMO_CUSTOMERS } from '../../scripts/demo-partner';
import { DEMO_ADMIN_EMAIL, type RunningProduct } from '../../scripts/product';
import {
  closeBrowsers,
  ownProfileId,
  screenshot,
  signedInBrowsers,
  startTestProduct,
} from './product-harness';
import { getJson, sendJson } from './service-calls';

const NEWCOMER = 'nina.new@first-run-e2e.example';
/** The partner demo's first customer: a HubSpot portal and a webhook of their own. */
const CUSTOMER = PARTNER_DEMO_CUSTOMERS[0].email;
/** The partner demo's second customer, whose profile the admin takes every flag from. */
const RESTRICTED = PARTNER_DEMO_CUSTOMERS[1].email;
/** One unbroken word, as a pasted key name or URL is: it cannot wrap at a space. */
const LONG_DESCRIPTION = `northwind-${'outbound-spring-campaign-'.repeat(6)}key`;

let product: RunningProduct;
let baseUrl: string;
let browsers: Record<'admin' | 'newcomer' | 'customer' | 'restricted', Browser>;

beforeAll(async () => {
  product = await startTestProduct({ demoWorkspace: true });
  baseUrl = product.shellUrl;
  browsers = await signedInBrowsers(product, {
    admin: DEMO_ADMIN_EMAIL,
    newcomer: NEWCOMER,
    customer: CUSTOMER,
    restricted: RESTRICTED,
  });
  const profileId = await ownProfileId(baseUrl, browsers.customer.context.request, 'HUBSPOT');
  await sendJson(
    baseUrl,
    browsers.customer.context.request,
    'POST',
    '/api/admin/dashboard/api-keys',
    {
      platform: 'smartlead',
      apiKey: DEMO_API_KEYS.smartlead,
      description: LONG_DESCRIPTION,
      userProfileId: profileId,
    },
  );

  // The admin takes Webhooks, Additional Webhooks and Block Lists from the restricted profile,
  // as in Users > Update User.
  type UserRow = { id: string; userEmail: string; profile: string | null };
  const rows = await getJson<UserRow[]>(
    baseUrl,
    browsers.admin.context.request,
    '/api/admin/dashboard/users',
  );
  const restricted = rows.find((row) => row.userEmail === RESTRICTED && row.profile === 'HUBSPOT');
  if (!restricted) throw new Error(`${RESTRICTED} has no HubSpot profile among the users`);
  await sendJson(
    baseUrl,
    browsers.admin.context.request,
    'PUT',
    `/api/admin/dashboard/users/${restricted.id}`,
    { canWebhook: false, canUserAccount: false, canBlockList: false },
  );
}, 600_000);

afterAll(async () => {
  await closeBrowsers(Object.values(browsers ?? {}));
  await product?.stop();
});

async function open(browser: Browser, path: string): Promise<Page> {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${baseUrl}${path}`);
  return page;
}

describe('a first run that guides', () => {
  test.each([
    ['webhooks', '/admin/dashboard/webhooks', 'Then come back here to create a webhook for it.'],
    [
      'block-lists',
      '/admin/dashboard/smartlead-block-lists',
      'Then come back here to add a block list from one of its lists.',
    ],
    [
      'webhook-endpoint',
      '/admin/dashboard/services',
      'Then come back here to add an endpoint its events can be forwarded to.',
    ],
    [
      'api-keys',
      '/admin/dashboard/api-keys',
      'Then come back here to add the API keys of your platforms.',
    ],
  ])('with no CRM connected, %s says what to do first and links to it', async (key, path, then) => {
    const page = await open(browsers.newcomer, path);
    await page.getByText("You don't have any integrations!").waitFor();
    await page
      .getByText(`Connect your CRM first: a HubSpot account or a Salesforce org. ${then}`)
      .waitFor();
    await screenshot(page, `first-run-${key}`);

    await page.getByRole('link', { name: 'Connect HubSpot' }).click();
    await page.waitForURL(`${baseUrl}/admin/dashboard/hubspot`);
    expect(new URL(page.url()).pathname).toBe('/admin/dashboard/hubspot');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.close();
  });
});

/** Chooses `option` in the list labelled `label` (a combobox). */
async function choose(scope: Page | Locator, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await scope.getByRole('option', { name: option }).first().click();
}

function notifications(page: Page): Locator {
  return page.getByRole('region', { name: 'Notifications' });
}

describe('a form whose profile lacks a permission says so before it is filled in', () => {
  // Each form, right after the profile is chosen: the note, and no field filled in yet.
  test.each([
    {
      key: 'webhooks',
      path: '/admin/dashboard/webhooks',
      label: 'Select Profile:',
      notes: [
        'Webhooks are not enabled for this profile, so a webhook cannot be created on it. Ask an admin to turn on Webhooks for it in Users.',
      ],
    },
    {
      key: 'block-lists',
      path: '/admin/dashboard/smartlead-block-lists',
      label: 'HubSpot Account:',
      notes: [
        'Block Lists is not enabled for this profile: a block list started on it is saved but stays paused (PAUSED_PENDING_UPGRADE) until an admin turns on Block Lists for it, or the account moves to the paid plan.',
      ],
    },
    {
      key: 'webhook-endpoint',
      path: '/admin/dashboard/services',
      label: 'Select Profile',
      notes: [
        'Additional Webhooks is not enabled for this profile: an endpoint added on it is saved, but OutSync forwards no events or sync alerts to it, and a webhook that forwards to it is refused, until an admin turns on Additional Webhooks for it in Users.',
      ],
    },
  ])('$key', async ({ key, path, label, notes }) => {
    const page = await open(browsers.restricted, path);
    await choose(page.getByRole('main'), label, /^HUBSPOT - /);
    const shown = page.getByRole('main').getByRole('note');
    await shown.first().waitFor();
    expect(await shown.allTextContents()).toEqual(notes);
    await screenshot(page, `first-run-flag-note-${key}`, { fullPage: false });
    await page.close();
  });
});

describe('errors of a screen are cleared when leaving it', () => {
  // Each form raises what it raises on a bad submit; the user leaves by the sidebar at once, and
  // the message is gone well before it would have run out (a validation warning lasts 3 s).
  test.each([
    {
      key: 'webhook create',
      path: '/admin/dashboard/webhooks',
      leaveTo: 'Block lists',
      raise: async (page: Page) => {
        await choose(page.getByRole('main'), 'Select Profile:', /^HUBSPOT - /);
        await page.getByRole('button', { name: 'Create Webhook' }).click();
      },
    },
    {
      key: 'block lists',
      path: '/admin/dashboard/smartlead-block-lists',
      leaveTo: 'Webhook receiver',
      raise: async (page: Page) => {
        await choose(page.getByRole('main'), 'HubSpot / Salesforce Account:', /^HUBSPOT - /);
        await page.getByRole('button', { name: 'Start Blocking' }).click();
      },
    },
    {
      key: 'additional webhook endpoint',
      path: '/admin/dashboard/services',
      leaveTo: 'Block lists',
      raise: async (page: Page) => {
        await choose(page.getByRole('main'), 'Select Profile', /^HUBSPOT - /);
        // A private address: the service refuses it (an error, which stays until dismissed).
        await page.getByRole('textbox', { name: 'Webhook URL' }).fill('http://127.0.0.1:9/hook');
        await page.getByRole('textbox', { name: 'Description' }).fill('Loopback');
        await page.getByRole('button', { name: 'Create', exact: true }).click();
      },
    },
  ])('$key', async ({ path, leaveTo, raise }) => {
    const page = await open(browsers.admin, path);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await raise(page);
    const raised = notifications(page).getByRole('alert').first();
    await raised.waitFor();
    const text = (await raised.textContent()) ?? '';
    expect(text).not.toBe('');

    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: leaveTo, exact: true })
      .click();
    await page.waitForURL((url) => url.pathname !== path);
    await notifications(page)
      .getByRole('alert')
      .filter({ hasText: text })
      .first()
      .waitFor({ state: 'detached', timeout: 1_000 });
    await page.close();
  });
});

describe('keyboard and navigation', () => {
  test('the first Tab reaches "Skip to main content", which moves past the sidebar', async () => {
    const page = await open(browsers.newcomer, '/admin/dashboard/webhooks');
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    // Visible once focused, inside the viewport.
    const box = await skip.boundingBox();
    expect(box && box.y >= 0 && box.x >= 0).toBe(true);
    await screenshot(page, 'first-run-skip-link', { fullPage: false });

    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    expect(page.url()).toBe(`${baseUrl}/admin/dashboard/webhooks`);
    // The next Tab is inside the screen, not in the header or sidebar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main')?.id ?? null)).toBe(
      'main-content',
    );
    await page.close();
  });

  test('a sidebar group the user opened is still open after a reload', async () => {
    const page = await open(browsers.newcomer, '/admin/dashboard/webhooks');
    const group = page.getByRole('button', { name: /Connected accounts/ });
    await group.waitFor();
    expect(await group.getAttribute('aria-expanded')).toBe('false');
    await group.click();
    expect(await group.getAttribute('aria-expanded')).toBe('true');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    expect(await group.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('link', { name: 'HubSpot', exact: true }).waitFor();
    await screenshot(page, 'first-run-sidebar-after-reload', { fullPage: false });
    await page.close();
  });
});

describe('history filters that explain', () => {
  test('Webhook ID "abc" + Enter: the service’s 400 under the field; total, chart and rows stay', async () => {
    const page = await open(browsers.admin, '/admin/dashboard/history/webhook-logs');
    const total = page.getByText(/^Total results: \d+/);
    await total.waitFor();
    const table = page.getByRole('table', { name: 'Webhook logs' });
    await table.getByRole('rowheader').first().waitFor();
    const before = await total.textContent();
    // The virtual table renders as many rows as fit: compare the rows themselves, not a count.
    const firstRowBefore = await table.getByRole('rowheader').first().textContent();
    const chart = page.getByRole('img', { name: /^Last 14 days by status/ });
    await chart.waitFor();

    const field = page.getByRole('textbox', { name: 'Webhook ID' });
    const refused = page.waitForResponse(
      (response) => response.url().includes('/api/admin/webhook-logs') && response.status() === 400,
    );
    await field.fill('abc');
    await field.press('Enter');
    await refused;
    await page.getByText('Expected an id (24 hexadecimal digits).').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Not searched: the results below are from the previous search.').waitFor();
    expect(await total.textContent()).toBe(before);
    expect(await chart.isVisible()).toBe(true);
    expect(await table.getByRole('rowheader').first().textContent()).toBe(firstRowBefore);
    expect(await table.getByRole('rowheader').count()).toBeGreaterThan(0);
    await screenshot(page, 'first-run-history-refused-filter', { fullPage: false });
    await page.close();
  });
});

describe('dialogs and the embed', () => {
  test("a long API-key description leaves the delete dialog's × in view", async () => {
    const page = await open(browsers.customer, '/admin/dashboard/api-keys');
    const row = page
      .getByRole('table', { name: 'API Keys', exact: true })
      .getByRole('row')
      .filter({ hasText: LONG_DESCRIPTION });
    await row.waitFor();
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const close = dialog.getByRole('button', { name: 'Close' });
    const [dialogBox, closeBox] = [await dialog.boundingBox(), await close.boundingBox()];
    expect(dialogBox && closeBox).toBeTruthy();
    // Inside the dialog's box and the viewport, and not scrolled out of its panel.
    expect(closeBox!.x + closeBox!.width).toBeLessThanOrEqual(dialogBox!.x + dialogBox!.width);
    expect(closeBox!.x + closeBox!.width).toBeLessThanOrEqual(1280);
    const scrolledSideways = await dialog.evaluate((element) =>
      Array.from(element.querySelectorAll<HTMLElement>('*')).some(
        (child) =>
          child.scrollWidth > child.clientWidth + 1 &&
          getComputedStyle(child).overflowX !== 'visible',
      ),
    );
    expect(scrolledSideways).toBe(false);
    await screenshot(page, 'first-run-delete-dialog-long-description', { fullPage: false });
    await close.click();
    await dialog.waitFor({ state: 'hidden' });
    await page.close();
  });

  test("the embed's brand chips read at 4.5:1 or more in the dark theme, in the partner's brand", async () => {
    const page = await browsers.customer.context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${product.partnerDemoUrl ?? ''}/?customer=northwind`);
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await page.locator('#dark').check();
    const own = page.getByRole('table', { name: 'Existing webhooks:', exact: true });
    const chip = own
      .getByText(
        /^(Create or update company|Assign company owner|Assign contact owner|Create task|Custom contact properties)$/,
      )
      .first();
    await chip.waitFor();
    await page.waitForTimeout(200);
    const ratio = await chip.evaluate((element) => {
      // Any CSS colour (oklch(), color-mix()) as sRGB, through a canvas.
      const rgb = (color: string) => {
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 1;
        const context = canvas.getContext('2d')!;
        context.fillStyle = color;
        context.fillRect(0, 0, 1, 1);
        return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
      };
      const luminance = ([r, g, b]: number[]) => {
        const [R, G, B] = [r, g, b].map((value) => {
          const c = (value ?? 0) / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
      };
      let body: Element | null = element;
      while (body && getComputedStyle(body).backgroundColor === 'rgba(0, 0, 0, 0)') {
        body = body.parentElement;
      }
      const text = luminance(rgb(getComputedStyle(element).color));
      const back = luminance(rgb(getComputedStyle(body ?? element).backgroundColor));
      return (Math.max(text, back) + 0.05) / (Math.min(text, back) + 0.05);
    });
    await screenshot(page, 'first-run-embed-dark-chips', { fullPage: false });
    expect(ratio).toBeGreaterThanOrEqual(4.5);
    await page.close();
  });
});

describe('signed out in another tab', () => {
  test('a click leads to "Unauthorized!" with a way back to sign-in', async () => {
    const page = await open(browsers.newcomer, '/admin/dashboard/webhooks');
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    // The other tab signs out.
    const other = await open(browsers.newcomer, '/admin/dashboard/webhooks');
    await other.getByRole('button', { name: 'Log out' }).click();
    await other.waitForURL((url) => !url.pathname.startsWith('/admin'));
    await other.close();

    await page.getByRole('link', { name: 'Block lists' }).click();
    await page.getByRole('heading', { name: 'Unauthorized!' }).waitFor();
    await page
      .getByText('You are signed out: your session ended, or you signed out in another tab.')
      .waitFor();
    await screenshot(page, 'first-run-signed-out', { fullPage: false });
    await page.getByRole('link', { name: 'Sign in again' }).click();
    await page.waitForURL(`${baseUrl}/`);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('textbox', { name: /email/i }).waitFor();
    await page.close();
  });
});
