import type { Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../../scripts/chromium';
import { DEMO_ADMIN_EMAIL } from '../../scripts/product';
import { journeyTarget, screenshot, type JourneyTarget } from './product-harness';
import { readSignInCode } from '../../scripts/sign-in';
import { expectAccessible } from './accessibility';

// Spec 01 §2.2–2.4 texts.
const upgradeBanner = (email: string) =>
  `You are on a free plan, email ${email} to upgrade and start syncing live data.`;

let target: JourneyTarget;
let baseUrl: string;
let sandboxUrl: string;
let browser: Browser;

beforeAll(async () => {
  target = await journeyTarget();
  ({ baseUrl, sandboxUrl } = target);
});

beforeEach(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  await browser?.close();
});

afterAll(async () => {
  await target?.stop();
});

/** Where the toast viewport starts, as laid out. */
function toastsTop(page: Page): Promise<string> {
  return page
    .getByRole('region', { name: 'Notifications' })
    .evaluate((region) => getComputedStyle(region).top);
}

/** Goes through the login and verify screens as a user does, reading the code from the mailbox. */
async function signInThroughScreens(page: Page, email: string, name: string) {
  await page.goto(`${baseUrl}/`);
  await page.getByLabel('Email').waitFor();
  await expectAccessible(page);
  await page.getByLabel('Email').fill(email);
  const since = new Date(Date.now() - 1000);
  await screenshot(page, `${name}-login`);
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByRole('heading', { name: 'Verify Your Identity' }).waitFor();
  await expectAccessible(page);
  expect(new URL(page.url()).pathname).toBe('/verify');
  expect(await page.getByText("We've sent an email with your code to").textContent()).toContain(
    email,
  );
  const code = await readSignInCode(sandboxUrl, email, since);
  await page.getByLabel('Code').fill(code);
  await page.getByLabel('Remember me').check();
  await screenshot(page, `${name}-verify`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/admin/dashboard/webhooks');
  await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
}

test('a new customer signs in with the mailed code, sees the free-plan dashboard, and logs out', async () => {
  const email = `new-customer-${Date.now()}@example.com`;
  const page = await browser.context.newPage();
  await signInThroughScreens(page, email, 'sign-in-customer');

  const header = page.getByRole('banner');
  await expect(header.textContent()).resolves.toContain(`Email: ${email}`);
  await expect(header.textContent()).resolves.toContain(`Name ${email.split('@')[0]}`);
  await expect(header.getByRole('img').getAttribute('src')).resolves.toMatch(
    /^data:image\/svg\+xml/,
  );
  await page.getByText(upgradeBanner('support@outsync.dev')).waitFor();
  await expectAccessible(page);
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(sidebar.getByRole('link', { name: 'Users' }).count()).resolves.toBe(0);
  // Toasts open below the header and the banner (56 + 40 px), not over the user's details.
  await expect(toastsTop(page)).resolves.toBe('108px');
  await screenshot(page, 'sign-in-customer-dashboard');

  // Users is not the customer's: its URL answers as an unknown path does.
  await page.goto(`${baseUrl}/admin/dashboard/users`);
  await page.getByRole('heading', { name: 'The Page Not Found' }).waitFor();
  await expectAccessible(page);

  // Remember me: a persistent cookie, about 30 days.
  const session = (await browser.context.cookies()).find((cookie) => cookie.name === 'outsync.sid');
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe('Lax');
  const days = ((session?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(29);
  expect(days).toBeLessThanOrEqual(30);

  // Signed in, the login screen sends the user on to the dashboard.
  await page.goto(`${baseUrl}/`);
  await page.waitForURL('**/admin/dashboard/webhooks');

  await sidebar.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByLabel('Email').waitFor();
  await expectAccessible(page);
  await screenshot(page, 'sign-in-logged-out');

  // The session is over on the server: the dashboard now says Unauthorized.
  await page.goto(`${baseUrl}/admin/dashboard/webhooks`);
  await page.getByRole('heading', { name: 'Unauthorized!' }).waitFor();
  await expectAccessible(page);
});

test('the demo admin on the paid tier sees no banner and the Users entry', async () => {
  const page = await browser.context.newPage();
  await signInThroughScreens(page, DEMO_ADMIN_EMAIL, 'sign-in-admin');
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await sidebar.getByRole('link', { name: 'Users' }).waitFor();
  await expect(page.getByText(/You are on a free plan/).count()).resolves.toBe(0);
  await page.getByText('All systems operational').waitFor();
  await expect(toastsTop(page)).resolves.toBe('68px');
  await expectAccessible(page);
  await screenshot(page, 'sign-in-admin-dashboard');
});
