// The webhooks area in Chromium against the real service and the sandbox (spec 01 §2.6–2.11):
// a customer whose HubSpot portal and Salesforce org are connected creates a HubSpot webhook
// (default lookup) and a Salesforce webhook (task log type with a custom subject), each after a
// refused attempt the service's rules explain; copies a URL, changes settings, opens the Send
// Test Webhook dialog, and deletes a webhook. A colleague on the same portal sees it under
// 'All webhooks' without being able to change it.
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { authorizeInSandbox } from '@outsync/sandbox';
import { launchBrowser, type Browser } from '../../scripts/chromium';
import { DEMO_ADMIN_EMAIL } from '../../scripts/product';
import { signInThroughApi } from '../../scripts/sign-in';
import { expectAccessible } from './accessibility';
import { journeyTarget, screenshot, type JourneyTarget } from './product-harness';

// The sandbox's demo Salesforce app (tools/sandbox/src/demo-constants.ts).
const SALESFORCE_CONSUMER_KEY = 'outsync-sandbox-salesforce-consumer-key';
const SALESFORCE_CONSUMER_SECRET = 'outsync-sandbox-salesforce-consumer-secret';

const CUSTOMER = 'wes@webhooks-e2e.example';
const COLLEAGUE = 'cora@webhooks-e2e.example';
/** Made a manager by the admin in the audit journey. */
const STAFF_MEMBER = 'milo@outsync-staff-e2e.example';

let target: JourneyTarget;
let customer: Browser;
let colleague: Browser;
let admin: Browser;
let manager: Browser;

beforeAll(async () => {
  target = await journeyTarget();
  [customer, colleague, admin, manager] = await Promise.all([
    launchBrowser(),
    launchBrowser(),
    launchBrowser(),
    launchBrowser(),
  ]);
  for (const [browser, email] of [
    [customer, CUSTOMER],
    [colleague, COLLEAGUE],
    [admin, DEMO_ADMIN_EMAIL],
    [manager, STAFF_MEMBER],
  ] as const) {
    await signInThroughApi(browser.context, {
      baseUrl: target.baseUrl,
      sandboxUrl: target.sandboxUrl,
      email,
    });
  }
  // Connecting is the accounts journeys' subject; here it is set-up, through the same API.
  await connectHubspot(customer.context.request);
  await connectSalesforce(customer.context.request);
  await connectHubspot(colleague.context.request);
});

afterAll(async () => {
  await Promise.all([customer?.close(), colleague?.close(), admin?.close(), manager?.close()]);
  await target?.stop();
});

async function call(request: APIRequestContext, method: string, path: string, data?: unknown) {
  const csrf = (await (await request.get(`${target.baseUrl}/auth/csrf-token`)).json()) as {
    csrfToken: string;
  };
  const response = await request.fetch(`${target.baseUrl}${path}`, {
    method,
    data,
    headers: { 'X-CSRF-Token': csrf.csrfToken },
    maxRedirects: 0,
  });
  if (response.status() >= 400) {
    throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  }
  return response;
}

/** Follows the CRM's authorize page as the sandbox's buttons would, back to our callback. */
async function completeOAuth(request: APIRequestContext, authorizeUrl: string) {
  const backTo = await authorizeInSandbox(authorizeUrl);
  await call(request, 'GET', `${backTo.pathname}${backTo.search}`);
}

async function connectHubspot(request: APIRequestContext) {
  const { url } = (await (
    await call(request, 'GET', '/api/admin/hubspot/authorize-url')
  ).json()) as { url: string };
  await completeOAuth(request, url);
}

async function connectSalesforce(request: APIRequestContext) {
  const org = (await (
    await call(request, 'POST', '/api/admin/salesforce/profiles', {
      domain: `${target.sandboxUrl}/salesforce`,
      consumer_key: SALESFORCE_CONSUMER_KEY,
      consumer_secret: SALESFORCE_CONSUMER_SECRET,
    })
  ).json()) as { id: string };
  const { authorizeUrl } = (await (
    await call(request, 'GET', `/api/admin/salesforce/profiles/${org.id}`)
  ).json()) as { authorizeUrl: string };
  await completeOAuth(request, authorizeUrl);
}

async function openWebhooks(browser: Browser): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(`${target.baseUrl}/admin/dashboard/webhooks`);
  await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
  return page;
}

async function open(browser: Browser, path: string, title: string): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(`${target.baseUrl}${path}`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  return page;
}

async function choose(scope: Page | Locator, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await scope.getByRole('option', { name: option }).first().click();
}

function toast(page: Page, text: string | RegExp): Locator {
  return page.getByRole('region', { name: 'Notifications' }).getByText(text).first();
}

/** The field's value once it matches (it fills in when the service has answered). */
async function valueMatching(field: Locator, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 10_000;
  let value = await field.inputValue();
  while (!pattern.test(value)) {
    if (Date.now() > deadline) throw new Error(`the field reads "${value}", not ${pattern}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await field.inputValue();
  }
  return value;
}

const WEBHOOK_URL = /\/webhooks\/[A-Za-z0-9_-]{32,}$/;

function table(page: Page, caption: string): Locator {
  return page.getByRole('table', { name: caption, exact: true });
}

describe('a customer sets up webhooks', () => {
  test('the empty screen welcomes, then a HubSpot webhook is created after the owner is chosen', async () => {
    const page = await openWebhooks(customer);
    await page
      .getByRole('heading', { name: 'Welcome to OutSync! Create a webhook to get started.' })
      .waitFor();
    await expectAccessible(page);
    await screenshot(page, 'webhooks-empty');

    await choose(page, 'Select Profile:', /^HUBSPOT - /);
    await page.getByRole('heading', { name: 'Create a webhook:' }).waitFor();
    const url = page.getByRole('textbox', { name: 'Webhook URL' });
    await valueMatching(url, WEBHOOK_URL);

    // The service's rules speak first: no owner, no platform.
    await page.getByRole('button', { name: 'Create Webhook' }).click();
    await toast(page, 'Select Owner').waitFor();
    await choose(page, 'Select owner', /Dana/);
    await choose(page, 'Sales Engagement Platform', 'Smartlead');
    await expect(
      page.getByRole('combobox', { name: 'Object lookup method', exact: true }).textContent(),
    ).resolves.toContain('Default Property (Email Address)');
    await expectAccessible(page);
    await screenshot(page, 'webhooks-create-hubspot');

    const created = await valueMatching(url, WEBHOOK_URL);
    await page.getByRole('button', { name: 'Create Webhook' }).click();
    await toast(page, 'Created webhook').waitFor();
    const own = table(page, 'Existing webhooks:');
    await own.getByText(created).waitFor();
    await expect(own.getByText('Create or update company').count()).resolves.toBe(1);
    // A new code is ready for the next webhook.
    const escaped = created.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const next = await valueMatching(url, new RegExp(`^(?!${escaped}$).+`));
    expect(next).toMatch(WEBHOOK_URL);
    await screenshot(page, 'webhooks-list');
    await page.close();
  });

  test('a Salesforce webhook logs tasks with a custom subject; an unknown token is refused', async () => {
    const page = await openWebhooks(customer);
    await choose(page, 'Select Profile:', /^SALESFORCE - /);
    await page.getByRole('heading', { name: 'Create a webhook:' }).waitFor();
    await choose(page, 'Select owner', /./);
    await choose(page, 'Sales Engagement Platform', 'Instantly');
    await choose(page, 'Log Type', 'Task Object');
    await choose(page, 'Task Type', 'Email');

    const subject = page.getByRole('textbox', { name: 'Custom Task Subject' });
    await subject.fill('[OS] {{ lead_email }}');
    await expect(subject.getAttribute('aria-invalid')).resolves.toBe('true');
    await page.getByRole('button', { name: 'Create Webhook' }).click();
    await toast(page, 'Enter Custom Task Subject').waitFor();

    await subject.fill('[OS] {{ event_type }} with {{ to_name }} ({{ campaign_name }})');
    await expect(subject.getAttribute('aria-invalid')).resolves.not.toBe('true');
    await expectAccessible(page);
    await screenshot(page, 'webhooks-create-salesforce');
    await page.getByRole('button', { name: 'Create Webhook' }).click();
    await toast(page, 'Created webhook').waitFor();
    const own = table(page, 'Existing webhooks:');
    await own.getByText('Task Object').waitFor();
    await page.close();
  });

  test('Copy URL, Webhook Settings and the Send Test Webhook dialog', async () => {
    const page = await openWebhooks(customer);
    const own = table(page, 'Existing webhooks:');
    const hubspotRow = own.getByRole('row').filter({ hasText: 'Smartlead' });
    await customer.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: target.baseUrl,
    });
    await hubspotRow.getByRole('button', { name: 'Copy URL' }).click();
    await toast(page, 'Copied webhook URL.').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/\/webhooks\/[A-Za-z0-9_-]{32,}$/);
    await hubspotRow.getByText(copied).waitFor();

    await hubspotRow.getByRole('button', { name: 'Webhook Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Update Webhook HubSpot' });
    await settings.waitFor();
    await screenshot(page, 'webhooks-settings-hubspot');
    await settings.getByRole('checkbox', { name: 'Custom contact properties:' }).uncheck();
    await settings.getByRole('button', { name: 'Update' }).click();
    await toast(page, 'Webhook has been updated').waitFor();
    await settings.waitFor({ state: 'detached' });
    await hubspotRow.getByText('Custom contact properties').waitFor({ state: 'detached' });

    await hubspotRow.getByRole('button', { name: 'Sync test' }).click();
    const test = page.getByRole('dialog', { name: 'Send Test Webhook - Smartlead' });
    await test.waitFor();
    await expect(
      test.getByRole('combobox', { name: 'Select Event Type', exact: true }).textContent(),
    ).resolves.toContain('EMAIL_SENT');
    await test.getByRole('button', { name: 'Advanced settings' }).click();
    await test.getByText('✅ Valid JSON').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'webhooks-send-test');
    await test.getByRole('button', { name: 'Close' }).click();
    await page.close();
  });

  test('a colleague on the same portal sees the webhook under All webhooks, read-only', async () => {
    const page = await openWebhooks(colleague);
    const all = table(page, 'All webhooks:');
    const row = all.getByRole('row').filter({ hasText: 'Smartlead' });
    await row.getByRole('button', { name: 'Webhook Settings' }).waitFor();
    await expect(row.getByRole('button', { name: 'Delete' }).count()).resolves.toBe(0);
    // The Salesforce org is not the colleague's: its webhook is not listed.
    await expect(all.getByText('Task Object').count()).resolves.toBe(0);
    await row.getByRole('button', { name: 'Webhook Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Update Webhook HubSpot' });
    await settings.waitFor();
    await expect(settings.getByRole('button', { name: 'Update' }).count()).resolves.toBe(0);
    await page.close();
  });

  test('the owner sends a test event from Sync test: it syncs into HubSpot', async () => {
    const page = await openWebhooks(customer);
    const row = table(page, 'Existing webhooks:').getByRole('row').filter({ hasText: 'Smartlead' });
    await row.getByRole('button', { name: 'Sync test' }).click();
    const test = page.getByRole('dialog', { name: 'Send Test Webhook - Smartlead' });
    const answered = page.waitForResponse((response) =>
      new URL(response.url()).pathname.startsWith('/webhooks/test/'),
    );
    await test.getByRole('button', { name: 'Test Sync' }).click();
    // Sent with the session: the service knows who tested (the audit log below).
    const answer = await answered;
    expect(await answer.request().headerValue('cookie')).toContain('outsync.sid=');
    expect([answer.status(), await answer.json()]).toEqual([200, { success: true, errors: [] }]);
    await toast(page, 'Test webhook was sent successfully').waitFor();
    await page.close();
  });

  test('an admin makes a staff member a manager, who sees the webhook read-only: no Sync test, no Delete', async () => {
    const users = await open(admin, '/admin/dashboard/users', 'Users');
    const row = table(users, 'Users').getByRole('row').filter({ hasText: STAFF_MEMBER }).first();
    await row.getByRole('button', { name: 'Update' }).click();
    const dialog = users.getByRole('dialog', { name: 'Update User' });
    await choose(dialog, 'Role', 'Manager');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await toast(users, `${STAFF_MEMBER} updated`).waitFor();
    await users.close();

    const page = await openWebhooks(manager);
    const shared = table(page, 'All webhooks:').getByRole('row').filter({ hasText: 'Smartlead' });
    await shared.getByRole('button', { name: 'Webhook Settings' }).waitFor();
    await expect(shared.getByRole('button', { name: 'Sync test' }).count()).resolves.toBe(0);
    await expect(shared.getByRole('button', { name: 'Delete' }).count()).resolves.toBe(0);
    await screenshot(page, 'webhooks-manager-read-only');
    await page.close();
  });

  test("an admin changes the customer's webhook for them", async () => {
    const page = await openWebhooks(admin);
    const row = table(page, 'All webhooks:').getByRole('row').filter({ hasText: 'Smartlead' });
    await row.getByRole('button', { name: 'Webhook Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Update Webhook HubSpot' });
    await settings.getByRole('checkbox', { name: 'Custom contact properties:' }).check();
    const saved = page.waitForResponse((response) => response.request().method() === 'PUT');
    await settings.getByRole('button', { name: 'Update' }).click();
    expect((await saved).status()).toBe(200);
    await toast(page, 'Webhook has been updated').waitFor();
    await page.close();
  });

  test('the Audit log shows the test event, the webhook change and the role change with their actors', async () => {
    const rowsOf = async (browser: Browser) => {
      const page = await open(browser, '/admin/dashboard/history/audit-log', 'Audit log');
      const rows = table(page, 'Audit log entries').getByRole('row');
      await rows.filter({ hasText: 'Sent a test event' }).first().waitFor();
      const texts = (await rows.allInnerTexts()).slice(1).map((text) =>
        text
          .split('\t')
          .slice(1)
          .map((cell) => cell.trim()),
      );
      return { page, texts };
    };
    const staffView = await rowsOf(admin);
    expect(staffView.texts.slice(0, 3)).toEqual([
      [
        `${DEMO_ADMIN_EMAIL} (admin)`,
        CUSTOMER,
        'Changed a webhook',
        expect.stringMatching(/^Smartlead webhook [0-9a-f]{24}$/),
      ],
      [
        `${DEMO_ADMIN_EMAIL} (admin)`,
        STAFF_MEMBER,
        'Changed a user’s permissions',
        expect.stringContaining('role MANAGER'),
      ],
      [CUSTOMER, CUSTOMER, 'Sent a test event', expect.stringMatching(/^Smartlead webhook /)],
    ]);
    await expectAccessible(staffView.page);
    await screenshot(staffView.page, 'audit-log-admin');
    await staffView.page.close();

    // The customer reads their own account's: the admin's change included, the role change not.
    const ownView = await rowsOf(customer);
    expect(ownView.texts.map((cells) => [cells[0], cells[2]])).toEqual(
      expect.arrayContaining([
        [`${DEMO_ADMIN_EMAIL} (admin)`, 'Changed a webhook'],
        [CUSTOMER, 'Sent a test event'],
      ]),
    );
    expect(ownView.texts.some((cells) => cells[2] === 'Changed a user’s permissions')).toBe(false);
    await screenshot(ownView.page, 'audit-log-customer');
    await ownView.page.close();
  });

  test('Delete asks with the owner’s name, then removes the webhook', async () => {
    const page = await openWebhooks(customer);
    const own = table(page, 'Existing webhooks:');
    const row = own.getByRole('row').filter({ hasText: 'Smartlead' });
    const owner =
      (
        await row
          .getByText(/^Dana /)
          .first()
          .textContent()
      )?.trim() ?? '';
    // The sandbox portal's first owner, chosen when the webhook was created.
    expect(owner).toBe('Dana Admin');
    await row.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: `Do you want to delete ${owner}'s webhook?` });
    await confirm.waitFor();
    await confirm
      .getByText(
        'This only deletes the webhook. You may want to update your webhook settings in Smartlead and workflows in HubSpot.',
      )
      .waitFor();
    await screenshot(page, 'webhooks-delete-confirm');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await toast(page, `Deleted ${owner}'s webhook.`).waitFor();
    await own.getByRole('row').filter({ hasText: 'Smartlead' }).waitFor({ state: 'detached' });
    await page.close();
  });
});
