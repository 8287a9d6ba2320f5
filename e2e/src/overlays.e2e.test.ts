// Overlays in one layer model (issue 31), in Chromium at 1440×900 against the product with its
// demo workspace: a toast raised while a modal dialog is open shows above the dialog and its ×
// closes it (`showModal()` puts the dialog in the top layer and makes the rest of the page inert,
// so a toast outside it is both covered and dead); Escape with a select's menu open inside the
// dialog closes the menu only, and the edits stay; the owner tooltip stays inside the viewport.
// The same in the partner embed (a shadow root), in its dark theme.
import type { Locator, Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../../scripts/chromium';
import { DEMO_ADMIN_EMAIL, type RunningProduct } from '../../scripts/product';
import { signInThroughApi } from '../../scripts/sign-in';
import { screenshot, startTestProduct } from './product-harness';

const VIEWPORT = { width: 1440, height: 900 };

let product: RunningProduct;
let admin: Browser;
let partner: Browser;

beforeAll(async () => {
  product = await startTestProduct({ demoWorkspace: true });
  [admin, partner] = await Promise.all([launchBrowser(), launchBrowser()]);
  await signInThroughApi(admin.context, {
    baseUrl: product.shellUrl,
    sandboxUrl: product.sandboxUrl ?? '',
    email: DEMO_ADMIN_EMAIL,
  });
}, 180_000);

afterAll(async () => {
  await Promise.all([admin?.close(), partner?.close()]);
  await product?.stop();
});

async function open(path: string, title: string): Promise<Page> {
  const page = await admin.context.newPage();
  await page.setViewportSize(VIEWPORT);
  await page.goto(`${product.shellUrl}${path}`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  return page;
}

function notifications(page: Page): Locator {
  return page.getByRole('region', { name: 'Notifications' });
}

interface Hit {
  /** The element hit-testing finds at the point, described for a failure message. */
  found: string;
  /** Whether it is `element` or inside it. */
  inside: boolean;
  x: number;
  y: number;
}

/**
 * What the browser's hit-testing finds at the centre of `locator`'s element: the element itself
 * (or a descendant) when nothing covers it and it is not inert. Asked of the element's own root,
 * so inside a shadow root it names the element there, not the shadow host.
 */
function hitAtCentre(locator: Locator): Promise<Hit> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const root = element.getRootNode() as Document | ShadowRoot;
    const hit = root.elementFromPoint(x, y);
    const found = hit
      ? `${hit.tagName.toLowerCase()}${hit.id ? `#${hit.id}` : ''} "${(hit.textContent ?? '').trim().slice(0, 40)}"`
      : 'nothing';
    return { found, inside: hit !== null && element.contains(hit), x, y };
  });
}

/** The toast is the topmost thing where it shows, and a real click on its × closes it. */
async function expectToastOnTopAndClosable(page: Page, toast: Locator) {
  await toast.waitFor();
  // On failure, `found` names what is on top instead (before the change: the dialog).
  await expect(hitAtCentre(toast)).resolves.toEqual(expect.objectContaining({ inside: true }));
  const close = toast.getByRole('button', { name: 'Dismiss notification' });
  const atClose = await hitAtCentre(close);
  expect(atClose).toEqual(expect.objectContaining({ inside: true }));
  // A click where the × is, as a user's: whatever is on top there gets it.
  await page.mouse.click(atClose.x, atClose.y);
  await toast.waitFor({ state: 'detached', timeout: 5_000 });
}

describe('overlays over a modal dialog in the shell', () => {
  test('a validation toast shows above Update ApiKey, and its × closes it', async () => {
    const page = await open('/admin/dashboard/api-keys', 'API keys');
    const keys = page.getByRole('table', { name: 'API Keys', exact: true });
    await keys.getByRole('button', { name: 'Edit' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Update ApiKey' });
    await dialog.waitFor();
    // The key is read from the service first; the description is the field to empty.
    const apiKey = dialog.getByLabel('API Key', { exact: true });
    await page.waitForFunction(
      (field) => (field as HTMLInputElement).value !== '',
      await apiKey.elementHandle(),
    );
    await dialog.getByRole('textbox', { name: 'Description' }).fill('');
    await dialog.getByRole('button', { name: 'Update' }).click();

    const toast = notifications(page).getByRole('alert').filter({
      hasText: 'Please enter a description',
    });
    await toast.waitFor();
    await screenshot(page, 'overlays-toast-over-dialog-light', { fullPage: false });
    await expectToastOnTopAndClosable(page, toast);
    // The dialog is still there, with what was typed.
    await expect(dialog.getByRole('textbox', { name: 'Description' }).inputValue()).resolves.toBe(
      '',
    );
    await page.close();
  });

  test("Escape with the Platform select's menu open closes the menu only; the edits stay", async () => {
    const page = await open('/admin/dashboard/api-keys', 'API keys');
    const keys = page.getByRole('table', { name: 'API Keys', exact: true });
    await keys.getByRole('button', { name: 'Edit' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Update ApiKey' });
    const description = dialog.getByRole('textbox', { name: 'Description' });
    await description.fill('Edited, not saved yet');

    const platform = dialog.getByRole('combobox', { name: 'Platform', exact: true });
    await platform.click();
    const menu = dialog.getByRole('listbox');
    await menu.getByRole('option').first().waitFor();
    // The open menu is on top where it shows, not clipped by the dialog's scrolling body.
    const lastOption = menu.getByRole('option').last();
    await expect(hitAtCentre(lastOption)).resolves.toEqual(
      expect.objectContaining({ inside: true }),
    );
    await screenshot(page, 'overlays-select-menu-in-dialog', { fullPage: false });

    await page.keyboard.press('Escape');
    await menu.getByRole('option').first().waitFor({ state: 'hidden' });
    // Give a wrongly closing dialog the time to go.
    await page.waitForTimeout(300);
    await expect(dialog.isVisible()).resolves.toBe(true);
    await expect(description.inputValue()).resolves.toBe('Edited, not saved yet');
    await expect(platform.getAttribute('aria-expanded')).resolves.toBe('false');

    // The next Escape is the dialog's.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.close();
  });

  test("the owner tooltip shows whole, inside the viewport and above the table's scroll box", async () => {
    const page = await open('/admin/dashboard/webhooks', 'Webhooks');
    const info = page.getByRole('button', { name: /^Owner details of / }).first();
    await info.hover();
    const tip = page.getByRole('tooltip').filter({ visible: true }).first();
    await tip.waitFor();
    const placement = await tip.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const root = element.getRootNode() as Document | ShadowRoot;
      const corners = [
        [box.left + 2, box.top + 2],
        [box.right - 2, box.top + 2],
        [box.left + 2, box.bottom - 2],
        [box.right - 2, box.bottom - 2],
      ];
      return {
        left: box.left,
        right: box.right,
        top: box.top,
        bottom: box.bottom,
        viewportWidth: document.documentElement.clientWidth,
        viewportHeight: document.documentElement.clientHeight,
        cornersOnTop: corners.every(([x, y]) => {
          const hit = root.elementFromPoint(x ?? 0, y ?? 0);
          return hit !== null && element.contains(hit);
        }),
      };
    });
    expect(placement.left).toBeGreaterThanOrEqual(0);
    expect(placement.top).toBeGreaterThanOrEqual(0);
    expect(placement.right).toBeLessThanOrEqual(placement.viewportWidth);
    expect(placement.bottom).toBeLessThanOrEqual(placement.viewportHeight);
    expect(placement.cornersOnTop).toBe(true);
    await screenshot(page, 'overlays-owner-tooltip', { fullPage: false });
    await page.close();
  });
});

describe('overlays in the partner embed (a shadow root)', () => {
  test('in the dark theme, a toast raised in Send Test Webhook shows above the dialog and closes', async () => {
    const page = await partner.context.newPage();
    await page.setViewportSize(VIEWPORT);
    await page.goto(`${product.partnerDemoUrl ?? ''}/?customer=northwind`);
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await page.getByRole('checkbox', { name: 'Dark' }).check();

    const own = page.getByRole('table', { name: 'Existing webhooks:', exact: true });
    await own.getByRole('button', { name: 'Sync test' }).first().click();
    const dialog = page.getByRole('dialog', { name: /^Send Test Webhook - / });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Test Sync' }).click();
    const toast = notifications(page)
      .getByRole('status')
      .filter({ hasText: 'Test webhook was sent successfully' });
    await toast.waitFor();
    await screenshot(page, 'overlays-toast-over-dialog-embed-dark', { fullPage: false });
    await expectToastOnTopAndClosable(page, toast);
    await expect(dialog.isVisible()).resolves.toBe(true);

    // Escape with the event type menu open: the menu closes, the dialog stays.
    const eventType = dialog.getByRole('combobox', { name: 'Select Event Type', exact: true });
    await eventType.click();
    await dialog.getByRole('option').first().waitFor();
    await page.keyboard.press('Escape');
    await dialog.getByRole('option').first().waitFor({ state: 'hidden' });
    await page.waitForTimeout(300);
    await expect(dialog.isVisible()).resolves.toBe(true);
    await page.close();
  });
});
