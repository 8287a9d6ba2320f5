// Screens that fit (issue 31, items 2, 6 and 7), in Chromium against the product with its demo
// workspace: as admin, manager and customer, at 1280×800 and 1440×900, every screen of the
// sidebar, each screen's dialogs (delete questions, Update ApiKey, Lead categories with Add
// Categories, Webhook Settings, Send Test Webhook, Update User, Add partner, the payload dialogs,
// the bulk Retry all… / Release all… questions), the forms a profile opens (the webhook create
// form of each CRM with its lists open and Create Fields, the block-list form, the profile list)
// and the owner tooltip; and the partner's embed (the customer's) in its light and dark themes.
// The shell has no theme switch: its screens are seen in their one theme.
// It fails when the page or a table or dialog is wider than its box, when a button ends past the
// viewport's right edge or hides past the edge of a scroll box, when a short word in a table (a
// role, a status, an event type) is broken across lines, when a table's cell spills into its
// neighbour, when a history table scrolls inside a box shorter than the screen, when a toast is
// covered (by a modal dialog's backdrop), when a field's placeholder is cut, when an option of an
// open list takes more than two lines, when a list or tooltip reaches past the viewport, or on any
// serious axe violation. A table's first detail row (its folded columns) is opened and checked
// too. Every state is saved as
// e2e/artifacts/layout-<role>-<screen>[-dark][-<dialog or state>|-details]-<width>.png, before its
// checks, so a failure leaves the picture to look at; the problems of a run are listed in
// e2e/artifacts/layout-problems-<role>-<width>.txt.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { DEMO_API_KEYS, DEMO_RECEIVER_PATH } from '@outsync/sandbox';
import type { Browser } from '../../scripts/chromium';
import { PARTNER_DEMO_CUSTOMERS } from '../../scripts/demo-partner';
import { DEMO_ADMIN_EMAIL, type RunningProduct } from '../../scripts/product';
import { seriousA11yViolations } from './accessibility';
import {
  artifactsDir,
  closeBrowsers,
  ownProfileId,
  screenshot,
  signedInBrowsers,
  startTestProduct,
} from './product-harness';
import { eventually, sandboxPost } from './sandbox-calls';
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

/** The lead of the event HubSpot refuses (for Retry all…). */
const FAILED_LEAD = {
  email: 'fay.failed@layout-e2e.example',
  firstName: 'Fay',
  lastName: 'Failed',
  companyName: 'Refused Imports',
};

type Role = 'admin' | 'manager' | 'customer';

interface DialogVisit {
  /** In the screenshot's name. */
  key: string;
  /** Opens the dialog; null when the screen offers nothing to open it with for this role. */
  open: (page: Page) => Promise<Locator | null>;
  /** Raises a toast while the dialog is open (the covered-toast check). */
  raiseToast?: (page: Page, dialog: Locator) => Promise<void>;
}

/**
 * A state of a screen that is not a dialog (a form a profile opens, an open list, a tooltip),
 * reached from the screen as loaded; false when this role has nothing to reach it with.
 */
interface StateVisit {
  key: string;
  show: (page: Page) => Promise<boolean>;
}

interface ScreenVisit {
  key: string;
  /** A path of the shell, or (embed) the partner demo's page. */
  path: string | ((product: RunningProduct) => string);
  title: string;
  /** Only these roles see it (default: all; staff screens leave out the customer). */
  roles?: Role[];
  /** Turns the screen's dark theme on, where it has one: it is then seen in both. */
  dark?: (page: Page) => Promise<void>;
  /** The layout checks' root: the body, or an embed's shadow root. */
  within?: string;
  dialogs?: DialogVisit[];
  states?: StateVisit[];
}

/** The first button of that name on the page, when there is one; its dialog once open. */
function byButton(name: string | RegExp, dialogName: string | RegExp): DialogVisit['open'] {
  return async (page) => {
    const button = page.getByRole('main').getByRole('button', { name, exact: true }).first();
    return openWith(page, button, dialogName);
  };
}

async function openWith(page: Page, button: Locator, dialogName: string | RegExp) {
  if ((await button.count()) === 0) return null;
  await button.click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.waitFor();
  return dialog;
}

/** A bulk action of the webhook logs under a Status filter: its question, or null (none to take). */
function bulkAction(status: string, button: string, question: RegExp): DialogVisit['open'] {
  return async (page) => {
    await page.goto(
      `${new URL(page.url()).origin}/admin/dashboard/history/webhook-logs?status=${status}`,
    );
    await page.getByRole('heading', { level: 1, name: 'Webhook payloads' }).waitFor();
    await settle(page);
    const action = page.getByRole('button', { name: button });
    if ((await action.count()) === 0) return null;
    await action.click();
    // Nothing to take for this role: an information, no question.
    const dialog = page.getByRole('dialog', { name: question });
    const none = notifications(page).getByText(/^No (failed|held) /);
    await Promise.race([dialog.waitFor(), none.waitFor()]);
    return (await dialog.count()) > 0 ? dialog : null;
  };
}

/** Chooses the first option matching `option` in the list labelled `label`; false without one. */
async function choose(page: Page, label: string | RegExp, option: RegExp): Promise<boolean> {
  const list = page.getByRole('main').getByRole('combobox', { name: label }).first();
  if ((await list.count()) === 0) return false;
  await list.click();
  const found = page.getByRole('option', { name: option }).filter({ visible: true }).first();
  await page.getByRole('option').filter({ visible: true }).first().waitFor();
  if ((await found.count()) === 0) {
    await page.keyboard.press('Escape');
    return false;
  }
  await found.click();
  return true;
}

/** Opens the list labelled `label` and leaves it open (its options are checked). */
async function openList(page: Page, label: string | RegExp): Promise<boolean> {
  const list = page.getByRole('main').getByRole('combobox', { name: label }).first();
  if ((await list.count()) === 0) return false;
  await list.click();
  // Visible ones: a partner's page may have its own native <select> with options.
  await page.getByRole('option').filter({ visible: true }).first().waitFor();
  return true;
}

const webhookStates: StateVisit[] = [
  { key: 'profile-list', show: (page) => openList(page, 'Select Profile:') },
  {
    key: 'create-hubspot',
    show: async (page) => {
      if (!(await choose(page, 'Select Profile:', /^HUBSPOT - /))) return false;
      await page.getByRole('heading', { name: 'Create a webhook:' }).waitFor();
      return openList(page, 'Select owner');
    },
  },
  {
    key: 'create-salesforce',
    show: async (page) => {
      if (!(await choose(page, 'Select Profile:', /^SALESFORCE - /))) return false;
      await page.getByRole('heading', { name: 'Create a webhook:' }).waitFor();
      await page.getByRole('checkbox', { name: 'Custom Fields', exact: true }).check();
      // Create Fields with no object chosen: its validation toast, then the permission list.
      await page.getByRole('button', { name: 'Create Fields' }).click();
      await notifications(page).getByRole('alert').first().waitFor();
      return openList(page, /^Select Permissions/);
    },
  },
  {
    key: 'owner-tooltip',
    show: async (page) => {
      const info = page.getByRole('button', { name: /^Owner details of / }).first();
      if ((await info.count()) === 0) return false;
      await info.hover();
      await page.getByRole('tooltip').filter({ visible: true }).first().waitFor();
      return true;
    },
  },
];

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
      {
        // A HeyReach key's categories come with "Add Categories (one per line):".
        key: 'add-categories',
        open: async (page) => {
          const row = page
            .getByRole('table', { name: 'API Keys', exact: true })
            .getByRole('row')
            .filter({ hasText: 'Demo HeyReach key' });
          const dialog = await openWith(page, row.getByRole('button', { name: 'View' }), /./);
          await dialog?.getByRole('textbox', { name: 'Add Categories (one per line):' }).waitFor();
          return dialog;
        },
      },
      { key: 'delete', open: byButton('Delete', /^Do you want to delete/) },
    ],
  },
  {
    key: 'webhook-endpoint',
    path: '/admin/dashboard/services',
    title: 'Webhook endpoint',
    dialogs: [{ key: 'delete', open: byButton('Delete', /^Do you want to delete/) }],
    states: [{ key: 'profile-list', show: (page) => openList(page, 'Select Profile') }],
  },
  {
    key: 'webhooks',
    path: '/admin/dashboard/webhooks',
    title: 'Webhooks',
    dialogs: [
      { key: 'settings', open: byButton('Webhook Settings', /^Update Webhook/) },
      { key: 'sync-test', open: byButton('Sync test', /^Send Test Webhook/) },
    ],
    states: webhookStates,
  },
  {
    key: 'block-lists',
    path: '/admin/dashboard/smartlead-block-lists',
    title: 'Block lists',
    dialogs: [{ key: 'delete', open: byButton('Delete', /^Do you want to delete/) }],
    states: [
      {
        key: 'form-hubspot',
        show: async (page) => {
          if (!(await choose(page, / Account:$/, /^HUBSPOT - /))) return false;
          await page.getByRole('button', { name: 'Start Blocking' }).waitFor();
          return true;
        },
      },
      {
        key: 'form-salesforce',
        show: async (page) => {
          if (!(await choose(page, / Account:$/, /^SALESFORCE - /))) return false;
          await page.getByRole('button', { name: 'Start Blocking' }).waitFor();
          return true;
        },
      },
    ],
  },
  {
    key: 'users',
    path: '/admin/dashboard/users',
    title: 'Users',
    roles: ['admin', 'manager'],
    dialogs: [
      { key: 'update', open: byButton('Update', 'Update User') },
      { key: 'partner', open: byButton('Add partner', 'Add partner') },
    ],
  },
  {
    key: 'api-tokens',
    path: '/admin/dashboard/api-tokens',
    title: 'API tokens',
    dialogs: [{ key: 'create', open: byButton('Create token', 'Create token') }],
  },
  {
    key: 'history-webhooks',
    path: '/admin/dashboard/history/webhook-logs',
    title: 'Webhook payloads',
    dialogs: [
      { key: 'payload', open: byButton(/open the payload of/, /^Payload /) },
      { key: 'retry-all', open: bulkAction('failed', 'Retry all…', /^Retry \d+ events?/) },
      { key: 'release-all', open: bulkAction('held', 'Release all…', /^Release \d+ held/) },
    ],
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
  {
    // The customer's webhooks in their partner's portal (the module in a shadow root).
    key: 'embed',
    path: (running) => `${running.partnerDemoUrl ?? ''}/?customer=northwind`,
    title: 'Webhooks',
    roles: ['customer'],
    within: 'outsync-webhooks',
    dark: (page) => page.locator('#dark').check(),
    dialogs: [
      { key: 'settings', open: byButton('Webhook Settings', /^Update Webhook/) },
      { key: 'sync-test', open: byButton('Sync test', /^Send Test Webhook/) },
    ],
    states: webhookStates,
  },
];

let product: RunningProduct;
let browsers: Record<Role, Browser>;

beforeAll(async () => {
  product = await startTestProduct({
    demoWorkspace: true,
    // One attempt: an event HubSpot refuses is failed at once, for the Retry all… question.
    env: { SYNC_MAX_ATTEMPTS: '1' },
  });
  const baseUrl = product.shellUrl;
  const sandboxUrl = product.sandboxUrl ?? '';
  browsers = await signedInBrowsers(product, {
    admin: DEMO_ADMIN_EMAIL,
    manager: MANAGER,
    customer: CUSTOMER,
  });
  const { admin, customer } = browsers;

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
  const profileId = await ownProfileId(baseUrl, customer.context.request, 'HUBSPOT');
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

  // An event HubSpot refused, on the admin's Smartlead webhook (the customer's plan syncs
  // nothing): failed, for Retry all… (the admin may retry anyone's; the others have none).
  type WebhookRow = { webhookUrl: string; emailService: string; user: { profile: string } };
  const { webhooks } = await getJson<{ webhooks: WebhookRow[] }>(
    baseUrl,
    admin.context.request,
    '/api/admin/webhooks',
  );
  const own = webhooks.find(
    (webhook) => webhook.user.profile === 'HUBSPOT' && webhook.emailService === 'smartlead',
  );
  if (!own) throw new Error('the demo workspace has no HubSpot webhook for Smartlead');
  await sandboxPost(sandboxUrl, '/_faults', { system: 'hubspot', errorRate: 1 });
  let seen: string[] = [];
  try {
    await sandboxPost(sandboxUrl, '/simulate/event', {
      platform: 'smartlead',
      eventType: 'EMAIL_SENT',
      webhookUrl: own.webhookUrl,
      lead: FAILED_LEAD,
    });
    await eventually('the refused event’s failure', async () => {
      const logs = await getJson<{ data: { status: string }[] }>(
        baseUrl,
        admin.context.request,
        `/api/admin/webhook-logs?page=1&email=${encodeURIComponent(FAILED_LEAD.email)}`,
      );
      seen = logs.data.map((row) => row.status);
      return seen.some((status) => status === 'failed' || status === 'partially_synced')
        ? true
        : undefined;
    });
  } catch (error) {
    // Without it the Retry all… visit meets the information toast instead of the question.
    console.warn(`no failed event for Retry all… (statuses seen: ${seen.join(', ')}):`, error);
  } finally {
    await sandboxPost(sandboxUrl, '/_faults', { system: 'hubspot', errorRate: 0 });
  }
}, 600_000);

afterAll(async () => {
  await closeBrowsers(Object.values(browsers ?? {}));
  await product?.stop();
});

describe.each<Role>(['admin', 'manager', 'customer'])('as %s', (role) => {
  test.each(VIEWPORTS)(
    'every screen and dialog fits $width×$height',
    async (viewport) => {
      const problems: string[] = [];
      const size = `${role}, ${viewport.width}×${viewport.height}`;
      for (const screen of screens) {
        const roles = screen.roles ?? ['admin', 'manager', 'customer'];
        if (!roles.includes(role)) continue;
        for (const theme of screen.dark ? (['light', 'dark'] as const) : (['light'] as const)) {
          const name = `layout-${role}-${screen.key}${theme === 'dark' ? '-dark' : ''}`;
          const at = `${screen.key}${theme === 'dark' ? ' (dark)' : ''}`;
          const url =
            typeof screen.path === 'string'
              ? `${product.shellUrl}${screen.path}`
              : screen.path(product);
          const load = async () => {
            const page = await browsers[role].context.newPage();
            await page.setViewportSize(viewport);
            await page.goto(url);
            await page.getByRole('heading', { level: 1, name: screen.title }).waitFor();
            if (theme === 'dark') await screen.dark?.(page);
            await settle(page);
            return page;
          };
          const check = async (page: Page, dialog: Locator | null, where: string) =>
            problems.push(
              ...(await checks(page, dialog, screen.within)).map(
                (problem) => `${where} (${size}): ${problem}`,
              ),
            );

          let page = await load();
          await screenshot(page, `${name}-${viewport.width}`);
          await check(page, null, at);

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
            await check(page, null, `${at} › details`);
          }

          for (const visit of screen.dialogs ?? []) {
            const dialog = await visit.open(page);
            if (!dialog) continue;
            await settle(page);
            if (visit.raiseToast) await visit.raiseToast(page, dialog);
            await screenshot(page, `${name}-${visit.key}-${viewport.width}`, { fullPage: false });
            await check(page, dialog, `${at} › ${visit.key}`);
            await closeDialog(page, dialog);
          }

          // Each state from the screen as loaded.
          for (const state of screen.states ?? []) {
            await page.close();
            page = await load();
            if (!(await state.show(page))) continue;
            await page.waitForTimeout(300);
            await screenshot(page, `${name}-${state.key}-${viewport.width}`, { fullPage: false });
            await check(page, null, `${at} › ${state.key}`);
          }
          await page.close();
        }
      }
      // All at once, so one run names every problem; also kept beside the screenshots.
      writeFileSync(
        path.join(artifactsDir, `layout-problems-${role}-${viewport.width}.txt`),
        problems.length ? `${problems.join('\n')}\n` : 'none\n',
      );
      expect(problems).toEqual([]);
    },
    1_500_000,
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

/**
 * Every check on the page as it is now: layout (in the dialog when one is open, else in the page
 * or the embed's shadow root), toasts, axe (in the embed only, where the screen is an embed: the
 * partner's own page is not ours).
 */
async function checks(page: Page, dialog: Locator | null, within?: string): Promise<string[]> {
  const layout = dialog
    ? await dialog.evaluate(inspectLayout, true)
    : await page
        // Playwright's CSS reaches into an open shadow root: the module's own root element.
        .locator(within ? `${within} [data-outsync-theme]` : 'body')
        .first()
        .evaluate(inspectLayout, false);
  const toasts = await page.evaluate(inspectToasts);
  const axe = await seriousA11yViolations(page, within);
  return [...layout, ...toasts, ...axe.map((violation) => `axe: ${violation}`)];
}

/**
 * The layout checks, run in the page on `root` (the body, an embed's root element, or an open
 * dialog). Self-contained: Playwright sends the function's source to the browser.
 */
function inspectLayout(root: Element, isDialog: boolean): string[] {
  const problems = new Map<string, number>();
  const report = (problem: string) => problems.set(problem, (problems.get(problem) ?? 0) + 1);
  const viewportWidth = document.documentElement.clientWidth;
  const viewportHeight = window.innerHeight;
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

  // A field's placeholder shows whole: an input's, measured in its font against its text box,
  // and a list's (a plain select shows it as its text).
  const canvas = document.createElement('canvas').getContext('2d');
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input[placeholder], textarea[placeholder]',
  )) {
    if (!shown(field) || field.value !== '' || !canvas) continue;
    const style = getComputedStyle(field);
    canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = field.placeholder;
    const needed = canvas.measureText(text).width;
    const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    if (field instanceof HTMLInputElement && needed > room + 1) {
      report(
        `the placeholder "${text}" is cut: ${Math.round(needed)} px of text in ${Math.round(room)}`,
      );
    }
  }
  for (const list of root.querySelectorAll('[role="combobox"]:not(input)')) {
    if (!shown(list)) continue;
    if (list.scrollWidth > list.clientWidth + 1) {
      report(`the list "${label(list)}" shows its text cut`);
    }
  }

  // An open list and a tooltip stay inside the viewport; an option takes at most two lines.
  const scope = root.getRootNode() as Document | ShadowRoot;
  for (const layer of scope.querySelectorAll('[role="listbox"], [role="tooltip"]')) {
    if (!shown(layer)) continue;
    const box = layer.getBoundingClientRect();
    if (box.left < -1 || box.right > viewportWidth + 1) {
      const kind = layer.getAttribute('role');
      report(
        `a ${kind} reaches past the viewport (${Math.round(box.left)}–${Math.round(box.right)} px)`,
      );
    }
  }
  for (const option of scope.querySelectorAll('[role="option"]')) {
    if (!shown(option)) continue;
    const tops = new Set<number>();
    const walker = document.createTreeWalker(option, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement || !shown(node.parentElement)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        if (rect.width > 0.5 && rect.height > 2) tops.add(Math.round(rect.top / 4));
      }
    }
    if (tops.size > 2) {
      report(`the option "${label(option)}" takes ${tops.size} lines`);
    }
  }

  return [...problems].map(([problem, times]) => (times > 1 ? `${problem} (×${times})` : problem));
}

/** Each toast shown is the topmost thing at its centre and at its ×, in its own root. */
function inspectToasts(): string[] {
  const problems: string[] = [];
  // The document and every open shadow root (an embed's toasts are in its own).
  const roots: (Document | ShadowRoot)[] = [document];
  for (let index = 0; index < roots.length; index += 1) {
    for (const element of roots[index]!.querySelectorAll('*')) {
      if (element.shadowRoot) roots.push(element.shadowRoot);
    }
  }
  const regions = roots.flatMap((scope) => [
    ...scope.querySelectorAll('[role="region"][aria-label="Notifications"]'),
  ]);
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
