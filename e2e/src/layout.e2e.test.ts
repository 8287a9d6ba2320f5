// Screens that fit (issue 31, items 2 and 7), in Chromium against the product with its demo
// workspace: as admin, manager and customer, at 1280×800 and 1440×900, every screen of the
// sidebar and each screen's main dialog. It fails when the page or a table or dialog is wider
// than its box, when a button ends past the viewport's right edge or hides past the edge of a
// scroll box, when a short word in a table (a role, a status, an event type) is broken across
// lines, when a table's cell spills into its neighbour, when a history table scrolls inside a box
// shorter than the screen, or when a toast is covered (by a modal dialog's backdrop). axe stays
// clean. A table's first detail row (its folded columns) is opened and checked too. Every state
// is saved as e2e/artifacts/layout-<role>-<screen>[-<dialog>|-details]-<width>.png, before its
// checks, so a failure leaves the picture to look at; the problems of a run are listed in
// e2e/artifacts/layout-problems-<role>-<width>.txt.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { DEMO_API_KEYS, DEMO_RECEIVER_PATH } from '@outsync/sandbox';
import { launchBrowser, type Browser } from '../../scripts/chromium';
import { PARTNER_DEMO_CUSTOMERS } from '../../scripts/demo-partner';
import { DEMO_ADMIN_EMAIL, type RunningProduct } from '../../scripts/product';
import { signInThroughApi } from '../../scripts/sign-in';
import { seriousA11yViolations } from './accessibility';
import { artifactsDir, screenshot, startTestProduct } from './product-harness';
import { getJson, sendJson } from './service-calls';

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
] as const;

/** The partner demo's first customer: a HubSpot portal and a webhook of their own. */
const CUSTOMER = PARTNER_DEMO_CUSTOMERS[0].email;
/** Made a manager by the admin before the journeys. */
const MANAGER = 'mona.manager@layout-e2e.example';
/** A description long enough to push a table's columns, as real ones are. */
const LONG_DESCRIPTION =
  'Northwind outbound key for the spring campaign across every region, team and sequence';

type Role = 'admin' | 'manager' | 'customer';

interface DialogVisit {
  /** In the screenshot's name. */
  key: string;
  /** Opens the dialog; null when the screen offers nothing to open it with for this role. */
  open: (page: Page) => Promise<Locator | null>;
  /** Raises a toast while the dialog is open (the covered-toast check). */
  raiseToast?: (page: Page, dialog: Locator) => Promise<void>;
}

interface ScreenVisit {
  key: string;
  path: string;
  title: string;
  staffOnly?: boolean;
  dialogs?: DialogVisit[];
}

/** The first button of that name on the page, when there is one; its dialog once open. */
function byButton(name: string | RegExp, dialogName: string | RegExp): DialogVisit['open'] {
  return async (page) => {
    const button = page.getByRole('main').getByRole('button', { name, exact: true }).first();
    if ((await button.count()) === 0) return null;
    await button.click();
    const dialog = page.getByRole('dialog', { name: dialogName });
    await dialog.waitFor();
    return dialog;
  };
}

const screens: ScreenVisit[] = [
  {
    key: 'hubspot',
    path: '/admin/dashboard/hubspot',
    title: 'HubSpot accounts',
    dialogs: [{ key: 'delete', open: byButton('Delete', /^Do you want to delete/) }],
  },
  {
    key: 'salesforce',
    path: '/admin/dashboard/salesforce',
    title: 'Salesforce settings',
    dialogs: [{ key: 'delete', open: byButton('Delete', /^Do you want to delete/) }],
  },
  {
    key: 'api-keys',
    path: '/admin/dashboard/api-keys',
    title: 'API keys',
    dialogs: [
      {
        key: 'update',
        open: byButton('Edit', 'Update ApiKey'),
        raiseToast: async (page, dialog) => {
          // The key is read from the service first; an emptied description is refused.
          const apiKey = dialog.getByLabel('API Key', { exact: true });
          await page.waitForFunction(
            (field) => (field as HTMLInputElement).value !== '',
            await apiKey.elementHandle(),
          );
          await dialog.getByRole('textbox', { name: 'Description' }).fill('');
          await dialog.getByRole('button', { name: 'Update' }).click();
          await notifications(page).getByRole('alert').first().waitFor();
        },
      },
      { key: 'lead-categories', open: byButton('View', /./) },
      { key: 'delete', open: byButton('Delete', /^Do you want to delete/) },
    ],
  },
  {
    key: 'webhook-endpoint',
    path: '/admin/dashboard/services',
    title: 'Webhook endpoint',
    dialogs: [{ key: 'delete', open: byButton('Delete', /^Do you want to delete/) }],
  },
  {
    key: 'webhooks',
    path: '/admin/dashboard/webhooks',
    title: 'Webhooks',
    dialogs: [
      { key: 'settings', open: byButton('Webhook Settings', /^Update Webhook/) },
      { key: 'sync-test', open: byButton('Sync test', /^Send Test Webhook/) },
    ],
  },
  {
    key: 'block-lists',
    path: '/admin/dashboard/smartlead-block-lists',
    title: 'Block lists',
    dialogs: [{ key: 'delete', open: byButton('Delete', /^Do you want to delete/) }],
  },
  {
    key: 'users',
    path: '/admin/dashboard/users',
    title: 'Users',
    staffOnly: true,
    dialogs: [
      { key: 'update', open: byButton('Update', 'Update User') },
      { key: 'partner', open: byButton('Add partner', 'Add partner') },
    ],
  },
  {
    key: 'history-webhooks',
    path: '/admin/dashboard/history/webhook-logs',
    title: 'Webhook payloads',
    dialogs: [{ key: 'payload', open: byButton(/open the payload of/, /^Payload /) }],
  },
  {
    key: 'history-block-lists',
    path: '/admin/dashboard/history/block-list-logs',
    title: 'Block list history',
  },
  {
    key: 'history-category-base-filter',
    path: '/admin/dashboard/history/category-base-filter-logs',
    title: 'Category Base Filter Payloads',
    dialogs: [{ key: 'payload', open: byButton(/open the payload of/, /^Payload /) }],
  },
  {
    key: 'history-audit-log',
    path: '/admin/dashboard/history/audit-log',
    title: 'Audit log',
  },
];

let product: RunningProduct;
const browsers = {} as Record<Role, Browser>;

beforeAll(async () => {
  product = await startTestProduct({ demoWorkspace: true });
  const baseUrl = product.shellUrl;
  const sandboxUrl = product.sandboxUrl ?? '';
  const [admin, manager, customer] = await Promise.all([
    launchBrowser(),
    launchBrowser(),
    launchBrowser(),
  ]);
  Object.assign(browsers, { admin, manager, customer });
  for (const [browser, email] of [
    [admin, DEMO_ADMIN_EMAIL],
    [manager, MANAGER],
    [customer, CUSTOMER],
  ] as const) {
    await signInThroughApi(browser.context, { baseUrl, sandboxUrl, email });
  }

  // The admin makes the staff member a manager, as on the Users screen.
  type UserRow = { id: string; userEmail: string };
  const users = await getJson<UserRow[]>(
    baseUrl,
    admin.context.request,
    '/api/admin/dashboard/users',
  );
  const managerRow = users.find((row) => row.userEmail === MANAGER);
  if (!managerRow) throw new Error(`${MANAGER} is not among the users after signing in`);
  await sendJson(
    baseUrl,
    admin.context.request,
    'PUT',
    `/api/admin/dashboard/users/${managerRow.id}`,
    {
      canWebhook: false,
      canUserAccount: false,
      canBlockList: false,
      role: 'MANAGER',
    },
  );

  // The customer's own key, with a description as long as real ones get.
  type Integration = { user: { id: string; profile: string } };
  const integrations = await getJson<Integration[]>(
    baseUrl,
    customer.context.request,
    '/api/admin/users/integrations',
  );
  const profileId = integrations.find((item) => item.user.profile === 'HUBSPOT')?.user.id;
  if (!profileId) throw new Error(`${CUSTOMER} has no HubSpot profile`);
  await sendJson(baseUrl, customer.context.request, 'POST', '/api/admin/dashboard/api-keys', {
    platform: 'smartlead',
    apiKey: DEMO_API_KEYS.smartlead,
    description: LONG_DESCRIPTION,
    userProfileId: profileId,
  });
  // And an endpoint of their own, so the Webhook endpoint table has a row.
  await sendJson(baseUrl, customer.context.request, 'POST', '/api/admin/user-accounts', {
    url: `${sandboxUrl}${DEMO_RECEIVER_PATH}`,
    description: 'Northwind CRM mirror for the sales operations team',
    userProfileId: profileId,
  });
}, 600_000);

afterAll(async () => {
  await Promise.all(Object.values(browsers).map((browser) => browser.close()));
  await product?.stop();
});

describe.each<Role>(['admin', 'manager', 'customer'])('as %s', (role) => {
  test.each(VIEWPORTS)(
    'every screen and dialog fits $width×$height',
    async (viewport) => {
      const problems: string[] = [];
      for (const screen of screens) {
        if (screen.staffOnly && role === 'customer') continue;
        const name = `layout-${role}-${screen.key}`;
        const page = await browsers[role].context.newPage();
        await page.setViewportSize(viewport);
        await page.goto(`${product.shellUrl}${screen.path}`);
        await page.getByRole('heading', { level: 1, name: screen.title }).waitFor();
        await settle(page);
        await screenshot(page, `${name}-${viewport.width}`);
        const at = `${screen.key} (${role}, ${viewport.width}×${viewport.height})`;
        problems.push(...(await checks(page, null)).map((problem) => `${at}: ${problem}`));

        // A table too narrow for all its columns folds some into each row's details: open the
        // first row's, as a user reaching a folded value would.
        const details = page
          .getByRole('main')
          .getByRole('button', { name: 'Details', exact: true })
          .first();
        if ((await details.count()) > 0) {
          await details.click();
          await settle(page);
          await screenshot(page, `${name}-details-${viewport.width}`);
          const detailsAt = `${screen.key} › details (${role}, ${viewport.width}×${viewport.height})`;
          problems.push(...(await checks(page, null)).map((problem) => `${detailsAt}: ${problem}`));
        }

        for (const visit of screen.dialogs ?? []) {
          const dialog = await visit.open(page);
          if (!dialog) continue;
          await settle(page);
          const dialogAt = `${screen.key} › ${visit.key} (${role}, ${viewport.width}×${viewport.height})`;
          if (visit.raiseToast) await visit.raiseToast(page, dialog);
          await screenshot(page, `${name}-${visit.key}-${viewport.width}`, { fullPage: false });
          problems.push(
            ...(await checks(page, dialog)).map((problem) => `${dialogAt}: ${problem}`),
          );
          await closeDialog(page, dialog);
        }
        await page.close();
      }
      // All at once, so one run names every problem; also kept beside the screenshots.
      writeFileSync(
        path.join(artifactsDir, `layout-problems-${role}-${viewport.width}.txt`),
        problems.length ? `${problems.join('\n')}\n` : 'none\n',
      );
      expect(problems).toEqual([]);
    },
    900_000,
  );
});

/** Waits until nothing on the page is loading any more (or 15 s), then a moment for layout. */
async function settle(page: Page) {
  await page
    .waitForFunction(
      () =>
        document.querySelectorAll('[aria-busy="true"]').length === 0 &&
        ![...document.querySelectorAll('[role="status"]')].some((status) =>
          /Loading/.test(status.textContent ?? ''),
        ),
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

/** Closes the dialog (and the toast's), as a user would with Escape. */
async function closeDialog(page: Page, dialog: Locator) {
  for (let attempt = 0; attempt < 4 && (await dialog.isVisible()); attempt += 1) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(200);
  }
  await dialog.waitFor({ state: 'detached', timeout: 5_000 });
  // A toast raised in the dialog stays: dismiss it, so the next dialog starts clean.
  const dismiss = notifications(page).getByRole('button', { name: 'Dismiss notification' });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
}

function notifications(page: Page): Locator {
  return page.getByRole('region', { name: 'Notifications' });
}

/** Every check on the page as it is now: layout (in the dialog when one is open), toasts, axe. */
async function checks(page: Page, dialog: Locator | null): Promise<string[]> {
  const layout = dialog
    ? await dialog.evaluate(inspectLayout)
    : await page.locator('body').evaluate(inspectLayout);
  const toasts = await page.evaluate(inspectToasts);
  const axe = await seriousA11yViolations(page);
  return [...layout, ...toasts, ...axe.map((violation) => `axe: ${violation}`)];
}

/**
 * The layout checks, run in the page on `root` (the body, or an open dialog). Self-contained:
 * Playwright sends the function's source to the browser.
 */
function inspectLayout(root: Element): string[] {
  const problems = new Map<string, number>();
  const report = (problem: string) => problems.set(problem, (problems.get(problem) ?? 0) + 1);
  const viewportWidth = document.documentElement.clientWidth;
  const viewportHeight = window.innerHeight;
  const isDialog = root !== document.body;
  const label = (element: Element) =>
    (
      element.getAttribute('aria-label') ??
      element.querySelector('caption')?.textContent ??
      element.textContent ??
      ''
    )
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 50);
  const shown = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.width > 2 && box.height > 2 && getComputedStyle(element).visibility !== 'hidden';
  };
  const clips = (element: Element) =>
    /auto|scroll|hidden|clip/.test(getComputedStyle(element).overflowX);

  if (!isDialog) {
    const page = document.documentElement;
    if (page.scrollWidth > page.clientWidth + 1) {
      report(`the page scrolls sideways: ${page.scrollWidth} px of content in ${page.clientWidth}`);
    }
  }

  for (const table of root.querySelectorAll('table')) {
    if (!shown(table)) continue;
    const name = label(table);
    for (let box: Element | null = table; box && box !== root; box = box.parentElement) {
      if ((box === table || clips(box)) && box.scrollWidth - box.clientWidth > 1) {
        report(
          `table "${name}" is wider than its box: ${box.scrollWidth} px in ${box.clientWidth}`,
        );
      }
      if (box.matches('main, dialog')) break;
    }
    const headers = [...table.querySelectorAll('thead th')].map((th) => label(th));
    for (const cell of table.querySelectorAll('tbody td, tbody th')) {
      if (!shown(cell)) continue;
      const column = headers[(cell as HTMLTableCellElement).cellIndex] ?? '';
      if (cell.scrollWidth > cell.clientWidth + 1 && (cell as HTMLTableCellElement).colSpan === 1) {
        report(`in table "${name}", a "${column}" cell's content spills out of it`);
      }
      // A short word (a role, a status, an event type, a date) never breaks across lines.
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.getBoundingClientRect().width <= 2) continue;
        for (const match of (node.textContent ?? '').matchAll(/[^\s\-–—/]+/g)) {
          if (match[0].length < 2 || match[0].length > 20) continue;
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set(
            [...range.getClientRects()]
              .filter((rect) => rect.width > 0.5)
              .map((rect) => Math.round(rect.top / 4)),
          );
          if (tops.size > 1) {
            report(`in table "${name}", "${match[0]}" is broken across lines ("${column}")`);
          }
        }
      }
    }
    // A history table uses the page's height: no short scroll box with the page empty below.
    if (table.hasAttribute('aria-rowcount')) {
      for (let box = table.parentElement; box && box !== root; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (!/auto|scroll/.test(style.overflowY)) continue;
        if (box.scrollHeight > box.clientHeight + 1 && box.clientHeight < viewportHeight - 200) {
          report(
            `table "${name}" scrolls inside a ${box.clientHeight} px box on a ${viewportHeight} px screen`,
          );
        }
        break;
      }
    }
  }

  const dialogs = isDialog
    ? [root]
    : [...root.querySelectorAll('dialog[open], [role="dialog"]')].filter(shown);
  for (const dialog of dialogs) {
    const name = label(dialog.querySelector('h1, h2') ?? dialog);
    const box = dialog.getBoundingClientRect();
    if (box.left < -1 || box.right > viewportWidth + 1) {
      report(`dialog "${name}" reaches past the viewport (${box.left}–${box.right} px)`);
    }
    for (const part of [dialog, ...dialog.querySelectorAll('*')]) {
      if (part !== dialog && !/auto|scroll/.test(getComputedStyle(part).overflowX)) continue;
      if (part.scrollWidth - part.clientWidth > 1 && shown(part)) {
        report(`dialog "${name}" scrolls sideways: ${part.scrollWidth} px in ${part.clientWidth}`);
      }
    }
  }

  for (const button of root.querySelectorAll('button, [role="button"]')) {
    if (!shown(button)) continue;
    const name = label(button) || button.getAttribute('title') || '(unnamed)';
    const box = button.getBoundingClientRect();
    if (box.right > viewportWidth + 1) {
      report(
        `button "${name}" ends at ${Math.round(box.right)} px, past the viewport's ${viewportWidth}`,
      );
      continue;
    }
    for (
      let parent = button.parentElement;
      parent && parent !== document.body;
      parent = parent.parentElement
    ) {
      if (clips(parent)) {
        const edge = parent.getBoundingClientRect();
        if (box.right > edge.right + 1 || box.left < edge.left - 1) {
          report(`button "${name}" is hidden past the edge of a scroll box`);
          break;
        }
      }
      // In the top layer (a toast, a modal dialog) or fixed, nothing further out clips it.
      if (
        parent.matches(':popover-open, dialog:modal') ||
        getComputedStyle(parent).position === 'fixed'
      ) {
        break;
      }
    }
  }

  return [...problems].map(([problem, times]) => (times > 1 ? `${problem} (×${times})` : problem));
}

/** Each toast shown is the topmost thing at its centre and at its ×, in its own root. */
function inspectToasts(): string[] {
  const problems: string[] = [];
  const regions = [...document.querySelectorAll('[role="region"][aria-label="Notifications"]')];
  for (const toast of regions.flatMap((region) => [
    ...region.querySelectorAll('[role="status"], [role="alert"]'),
  ])) {
    const box = toast.getBoundingClientRect();
    if (box.width <= 2 || box.height <= 2) continue;
    const rootNode = toast.getRootNode() as Document | ShadowRoot;
    const points = [[box.left + box.width / 2, box.top + box.height / 2]];
    const close = toast.querySelector('button');
    if (close) {
      const closeBox = close.getBoundingClientRect();
      points.push([closeBox.left + closeBox.width / 2, closeBox.top + closeBox.height / 2]);
    }
    for (const [x = 0, y = 0] of points) {
      const hit = rootNode.elementFromPoint(x, y);
      if (!hit || !toast.contains(hit)) {
        const text = (toast.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
        const found = hit
          ? `${hit.tagName.toLowerCase()} "${(hit.textContent ?? '').trim().slice(0, 30)}"`
          : 'nothing';
        problems.push(`toast "${text}" is covered by ${found}`);
        break;
      }
    }
  }
  return problems;
}
