// Connected accounts in Chromium against the real service and the sandbox (spec 02 §2.2–2.6,
// §2.8): a customer connects HubSpot through its authorize page and a Salesforce org through
// its login page, adds a valid and an invalid key for each platform, manages HeyReach
// categories and webhook endpoints (a private address refused); an admin changes a user's
// flags and makes someone a manager, who may look but not change.
import type { Locator, Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../../scripts/chromium';
import { DEMO_ADMIN_EMAIL } from '../../scripts/product';
import { signInThroughApi } from '../../scripts/sign-in';
import { expectAccessible } from './accessibility';
import { journeyTarget, screenshot, type JourneyTarget } from './product-harness';

// The sandbox's demo credentials (tools/sandbox/src/demo-constants.ts), spelt out as a user
// would type them from the start banner.
const SALESFORCE_CONSUMER_KEY = 'outsync-sandbox-salesforce-consumer-key';
const SALESFORCE_CONSUMER_SECRET = 'outsync-sandbox-salesforce-consumer-secret';
const VALID_KEYS = {
  Smartlead: 'sl_sandbox_demo_key_0001',
  Instantly: 'instantly_sandbox_demo_key_0001',
  EmailBison: 'bison_sandbox_demo_token_0001',
  HeyReach: 'heyreach_sandbox_demo_key_0001',
} as const;
type PlatformName = keyof typeof VALID_KEYS;

const CUSTOMER = 'ann@acme-e2e.example';
const COLLEAGUE = 'mia@acme-e2e.example';

let target: JourneyTarget;
let customer: Browser;
let admin: Browser;
let colleague: Browser;

beforeAll(async () => {
  target = await journeyTarget();
  [customer, admin, colleague] = await Promise.all([
    launchBrowser(),
    launchBrowser(),
    launchBrowser(),
  ]);
  const signIn = (browser: Browser, email: string) =>
    signInThroughApi(browser.context, {
      baseUrl: target.baseUrl,
      sandboxUrl: target.sandboxUrl,
      email,
    });
  await signIn(customer, CUSTOMER);
  await signIn(admin, DEMO_ADMIN_EMAIL);
  await signIn(colleague, COLLEAGUE);
});

afterAll(async () => {
  await Promise.all([customer?.close(), admin?.close(), colleague?.close()]);
  await target?.stop();
});

async function open(browser: Browser, path: string, title: string): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(`${target.baseUrl}${path}`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  return page;
}

async function choose(page: Page | Locator, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

function toast(page: Page, text: string | RegExp): Locator {
  return page.getByText(text).first();
}

function table(page: Page, caption: string): Locator {
  return page.getByRole('table', { name: caption, exact: true });
}

describe('a customer connects HubSpot and Salesforce', () => {
  test('HubSpot: Connect opens the authorize page; Authorize brings the profile back', async () => {
    const page = await open(customer, '/admin/dashboard/hubspot', 'HubSpot accounts');
    await expectAccessible(page);
    await screenshot(page, 'accounts-hubspot-empty');

    await page.getByRole('button', { name: 'Connect HubSpot Account' }).click();
    await page.waitForURL(/\/hubspot\/oauth\/authorize/);
    await screenshot(page, 'accounts-hubspot-authorize-page');
    await page.getByRole('button', { name: 'Authorize' }).click();

    await page.waitForURL(/\/admin\/dashboard\/hubspot$/);
    await toast(page, 'HubSpot account connected').waitFor();
    const profiles = table(page, 'HubSpot Profiles');
    await profiles.getByRole('button', { name: 'Delete' }).first().waitFor();
    await expect(profiles.getByRole('row').count()).resolves.toBe(2);
    await expectAccessible(page);
    await screenshot(page, 'accounts-hubspot-connected');
    await page.close();
  });

  test('HubSpot: a denied consent returns to the screen with a message', async () => {
    const page = await open(customer, '/admin/dashboard/hubspot', 'HubSpot accounts');
    await page.getByRole('button', { name: 'Connect HubSpot Account' }).click();
    await page.waitForURL(/\/hubspot\/oauth\/authorize/);
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL(/\/admin\/dashboard\/hubspot$/);
    await toast(
      page,
      'You did not allow OutSync to access HubSpot, so nothing was connected.',
    ).waitFor();
    // Nothing new: the header row and the profile connected before.
    const profiles = table(page, 'HubSpot Profiles');
    await profiles.getByRole('button', { name: 'Delete' }).first().waitFor();
    await expect(profiles.getByRole('row').count()).resolves.toBe(2);
    await screenshot(page, 'accounts-hubspot-denied');
    await page.close();
  });

  test('Salesforce: the form checks in the spec order, creates, and Connect logs in at the org', async () => {
    const page = await open(customer, '/admin/dashboard/salesforce', 'Salesforce settings');
    await page.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Domain is required').waitFor();
    await page.getByLabel('Domain').fill(`  ${target.sandboxUrl}/salesforce  `);
    await page.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Consumer key is required').waitFor();
    await page.getByLabel('Consumer Key').fill(SALESFORCE_CONSUMER_KEY);
    await page.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Consumer secret is required').waitFor();
    await page.getByLabel('Consumer Secret').fill(SALESFORCE_CONSUMER_SECRET);
    await page.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Salesforce profile created').waitFor();
    const profiles = table(page, 'Salesforce Profiles');
    await profiles.getByText(`${target.sandboxUrl}/salesforce`).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'accounts-salesforce-created');

    await profiles.getByRole('button', { name: 'Connect' }).click();
    await page.waitForURL(/\/salesforce\/services\/oauth2\/authorize/);
    await screenshot(page, 'accounts-salesforce-login-page');
    await page.getByRole('button', { name: 'Authorize' }).click();
    await page.waitForURL(/\/admin\/dashboard\/salesforce$/);
    await toast(page, 'Salesforce account connected').waitFor();
    await profiles.getByText(/^Connected as /).waitFor();
    await screenshot(page, 'accounts-salesforce-connected');
    await page.close();
  });
});

describe('API keys', () => {
  async function addKey(page: Page, platform: PlatformName, apiKey: string, description: string) {
    await choose(page, 'Platform', platform);
    await page.getByLabel('API Key', { exact: true }).fill(apiKey);
    if (platform === 'EmailBison') {
      await page.getByLabel('Base URL').fill(`${target.sandboxUrl}/bison`);
    }
    await page.getByLabel('Description').fill(description);
    await page.getByRole('button', { name: 'Create' }).click();
  }

  test('the form checks in the spec order; each platform takes its valid key and refuses a wrong one', async () => {
    const page = await open(customer, '/admin/dashboard/api-keys', 'API keys');
    await page.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Please select a platform').waitFor();
    await choose(page, 'Platform', 'Smartlead');
    await page.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Please enter a valid API key').waitFor();
    await page.getByLabel('API Key', { exact: true }).fill('anything');
    await page.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Please enter a description').waitFor();
    await page.getByLabel('Description').fill('No profile yet');
    await page.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Select Profile').waitFor();
    await choose(page, 'Select Profile', /^HUBSPOT - /);

    const keys = table(page, 'API Keys');
    for (const platform of Object.keys(VALID_KEYS) as PlatformName[]) {
      await addKey(page, platform, `wrong-${platform.toLowerCase()}-key`, `Wrong ${platform} key`);
      // The service's message (sync-service connectors), shown in the sticky "ApiKey" toast.
      await toast(page, new RegExp(`^${platform} rejected this API key\\.`)).waitFor();
      await addKey(page, platform, VALID_KEYS[platform], `${platform} key`);
      await keys.getByText(`${platform} key`, { exact: true }).waitFor();
    }
    await expect(keys.getByText('Ok', { exact: true }).count()).resolves.toBe(4);
    await expect(keys.getByText(/^Wrong /).count()).resolves.toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'accounts-api-keys');

    const smartleadRow = keys.getByRole('row').filter({ hasText: 'Smartlead key' });
    await smartleadRow.getByText('********-****-****-****-**********_********').click();
    await smartleadRow.getByText(VALID_KEYS.Smartlead).waitFor();
    await smartleadRow.getByRole('button', { name: 'Check API Key' }).click();
    await toast(page, 'API key validated').waitFor();
    await page.close();
  });

  test('lead categories: read from Smartlead; added by hand for HeyReach', async () => {
    const page = await open(customer, '/admin/dashboard/api-keys', 'API keys');
    const keys = table(page, 'API Keys');
    await keys
      .getByRole('row')
      .filter({ hasText: 'Smartlead key' })
      .getByRole('button', { name: 'View' })
      .click();
    const smartlead = page.getByRole('dialog', { name: 'Smartlead key' });
    await smartlead.getByRole('rowheader').first().waitFor();
    await expect(smartlead.getByText('Add Categories (one per line):').count()).resolves.toBe(0);
    await screenshot(page, 'accounts-lead-categories-smartlead');
    await page.keyboard.press('Escape');

    await keys
      .getByRole('row')
      .filter({ hasText: 'HeyReach key' })
      .getByRole('button', { name: 'View' })
      .click();
    const heyreach = page.getByRole('dialog', { name: 'HeyReach key' });
    await heyreach.getByText('No lead categories found Or Invalid API Key').waitFor();
    await heyreach
      .getByLabel('Add Categories (one per line):')
      .fill('Interested\n\nMeeting booked\ninterested');
    await heyreach.getByRole('button', { name: 'Add' }).click();
    await toast(page, 'Categories added').waitFor();
    await heyreach.getByRole('rowheader', { name: 'meeting_booked' }).waitFor();
    await expect(
      heyreach.getByRole('rowheader', { name: 'interested', exact: true }).count(),
    ).resolves.toBe(1);
    await expectAccessible(page);
    await screenshot(page, 'accounts-lead-categories-heyreach');
    await page.close();
  });
});

describe('webhook endpoints', () => {
  test('a reachable endpoint is validated; a private address is refused; delete asks first', async () => {
    const page = await open(customer, '/admin/dashboard/services', 'Webhook endpoint');
    const create = page.getByRole('button', { name: 'Create' });
    await expect(create.isDisabled()).resolves.toBe(true);
    await choose(page, 'Select Profile', /^HUBSPOT - /);

    await page.getByLabel('Webhook URL').fill('http://169.254.169.254/latest/meta-data');
    await page.getByLabel('Description').fill('Cloud metadata');
    await expect(create.isDisabled()).resolves.toBe(false);
    await create.click();
    await toast(
      page,
      'The address 169.254.169.254 is private; OutSync does not call private addresses.',
    ).waitFor();
    await screenshot(page, 'accounts-endpoint-refused');

    await page.getByLabel('Webhook URL').fill(`${target.sandboxUrl}/receiver/e2e`);
    await page.getByLabel('Description').fill('Team inbox');
    await create.click();
    await toast(page, 'Validated webhook').waitFor();
    const endpoints = table(page, 'Webhooks');
    await endpoints.getByText('Team inbox').waitFor();
    const received = (await (
      await fetch(`${target.sandboxUrl}/receiver/e2e/requests`)
    ).json()) as unknown[];
    expect(received.length).toBeGreaterThanOrEqual(1);
    await expectAccessible(page);
    await screenshot(page, 'accounts-endpoints');

    await endpoints
      .getByRole('row')
      .filter({ hasText: 'Team inbox' })
      .getByRole('button', { name: 'Delete' })
      .click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('This deletes the webhook.').waitFor();
    await screenshot(page, 'accounts-endpoint-delete-confirm');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await toast(page, 'Deleted Team inbox').waitFor();
    await expect(endpoints.getByText('Team inbox').count()).resolves.toBe(0);
    await page.close();
  });
});

describe('users', () => {
  test('an admin changes a profile flag and makes a colleague a manager, who may look but not change', async () => {
    const page = await open(admin, '/admin/dashboard/users', 'Users');
    const users = table(page, 'Users');
    const annRow = users.getByRole('row').filter({ hasText: CUSTOMER }).first();
    await annRow.waitFor();
    // ID is the row header; Account ID and Organization ID fold into the details at 1280 px,
    // so the profile's e-mail is the second cell holding an address (after the Account).
    const profileEmail =
      (await annRow.getByRole('cell').filter({ hasText: '@' }).nth(1).textContent())?.trim() ?? '';
    await annRow.getByRole('button', { name: 'Update' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update User' });
    await dialog.getByRole('checkbox', { name: 'Block Lists' }).click();
    await screenshot(page, 'accounts-update-user');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await toast(page, `${profileEmail} updated`).waitFor();

    const miaRow = users.getByRole('row').filter({ hasText: COLLEAGUE }).first();
    await miaRow.getByRole('button', { name: 'Update' }).click();
    await choose(dialog, 'Role', 'Manager');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await toast(page, `${COLLEAGUE} updated`).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'accounts-users-admin');
    await page.close();

    const managerPage = await open(colleague, '/admin/dashboard/users', 'Users');
    await table(managerPage, 'Users')
      .getByRole('row')
      .filter({ hasText: CUSTOMER })
      .first()
      .waitFor();
    await expect(managerPage.getByRole('button', { name: 'Update' }).count()).resolves.toBe(0);
    await screenshot(managerPage, 'accounts-users-manager');
    await managerPage.close();
  });
});
