import type { Page, Response } from 'playwright-core';
import { launchBrowser, type Browser } from '../../scripts/chromium';
import { journeyTarget, screenshot, startTestProduct, type JourneyTarget } from './product-harness';
import { signInThroughApi } from '../../scripts/sign-in';
import { DEMO_ADMIN_EMAIL, type RunningProduct } from '../../scripts/product';
import { expectAccessible } from './accessibility';

// Texts the shell and the remotes render (spec 01 §2.5 and the remotes' page titles).
const notFoundText = 'The Page Not Found';
const unauthorizedText = 'Unauthorized!';
const mainPageLink = 'Go to the main page';
const moduleUnavailable = 'Module unavailable';

let target: JourneyTarget;
/** A visitor who is not signed in, and the demo admin (paid tier), each with their own cookies. */
let visitor: Browser;
let admin: Browser;
let baseUrl: string;

beforeAll(async () => {
  target = await journeyTarget();
  baseUrl = target.baseUrl;
  visitor = await launchBrowser();
  admin = await launchBrowser();
  await signInThroughApi(admin.context, {
    baseUrl,
    sandboxUrl: target.sandboxUrl,
    email: DEMO_ADMIN_EMAIL,
  });
});

afterAll(async () => {
  await visitor?.close();
  await admin?.close();
  await target?.stop();
});

/** Opens a fresh page that records every response it receives. */
async function openPage(browser: Browser = admin) {
  const page = await browser.context.newPage();
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  return { page, responses };
}

function heading(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name });
}

describe('the shell composes the remotes at run time', () => {
  test('/ renders the login page from the auth remote, fetched from its own origin', async () => {
    const { page, responses } = await openPage(visitor);
    await page.goto(`${baseUrl}/`);
    await heading(page, 'Sign in to OutSync').waitFor();
    await expectAccessible(page);
    const manifests = responses.filter((r) => r.url().endsWith('/mf-manifest.json'));
    expect(manifests.map((r) => new URL(r.url()).origin)).toContain(originOf('mfe-auth'));
    expect(manifests.every((r) => r.status() === 200)).toBe(true);
    await screenshot(page, 'shell-login');
    await page.close();
  });

  test('/admin/dashboard/webhooks renders the webhooks remote inside the layout', async () => {
    const { page, responses } = await openPage();
    await page.goto(`${baseUrl}/admin/dashboard/webhooks`);
    await heading(page, 'Webhooks').waitFor();
    await expectAccessible(page);
    await expect(page.getByRole('navigation', { name: 'Dashboard' }).isVisible()).resolves.toBe(
      true,
    );
    await expect(
      page.getByRole('link', { name: 'Webhook receiver' }).getAttribute('aria-current'),
    ).resolves.toBe('page');
    const remoteEntry = responses.find((r) => r.url().endsWith('/remoteEntry.js'));
    expect(remoteEntry && new URL(remoteEntry.url()).origin).toBe(originOf('mfe-webhooks'));
    await screenshot(page, 'shell-webhooks');
    await page.close();
  });

  test('an unknown path shows the not-found page with a link to the main page', async () => {
    const { page } = await openPage(visitor);
    await page.goto(`${baseUrl}/no/such/page`);
    await heading(page, notFoundText).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: mainPageLink }).click();
    await heading(page, 'Sign in to OutSync').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await screenshot(page, 'shell-not-found');
    await page.close();
  });

  test('/unauthorized shows its text and a link to the main page', async () => {
    const { page } = await openPage(visitor);
    await page.goto(`${baseUrl}/unauthorized`);
    await heading(page, unauthorizedText).waitFor();
    await expectAccessible(page);
    await expect(page.getByRole('link', { name: mainPageLink }).getAttribute('href')).resolves.toBe(
      '/',
    );
    await screenshot(page, 'shell-unauthorized');
    await page.close();
  });

  test('the page reaches the sync-service through the shell (same origin)', async () => {
    const { page } = await openPage();
    await page.goto(`${baseUrl}/unauthorized`);
    const answer = await page.evaluate(async () => {
      const response = await fetch('/api/openapi.json');
      const body = (await response.json()) as { openapi?: string };
      return { status: response.status, openapi: body.openapi };
    });
    expect(answer).toEqual({ status: 200, openapi: '3.1.0' });
    await page.close();
  });

  test('every sidebar route renders its remote page, and shared libraries load once', async () => {
    const { page, responses } = await openPage();
    await page.goto(`${baseUrl}/admin/dashboard/webhooks`);
    await heading(page, 'Webhooks').waitFor();
    const pages: Array<[group: string | null, link: string, title: string]> = [
      ['Connected accounts', 'HubSpot', 'HubSpot accounts'],
      [null, 'Salesforce', 'Salesforce settings'],
      [null, 'API keys', 'API keys'],
      [null, 'Webhook endpoint', 'Webhook endpoint'],
      [null, 'Block lists', 'Block lists'],
      [null, 'Users', 'Users'],
      [null, 'API tokens', 'API tokens'],
      ['History', 'Webhooks', 'Webhook payloads'],
      [null, 'Block Lists', 'Block list history'],
      [null, 'Category Base Filter', 'Category Base Filter Payloads'],
      [null, 'Audit log', 'Audit log'],
    ];
    const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
    for (const [group, link, title] of pages) {
      if (group) await sidebar.getByRole('button', { name: group }).click();
      await sidebar.getByRole('link', { name: link, exact: true }).click();
      await heading(page, title).waitFor();
      await expectAccessible(page);
    }

    // Each shared singleton is downloaded exactly once, from the shell, though every remote
    // bundles its own fallback copy.
    const scripts = responses.map((r) => r.url()).filter((url) => url.endsWith('.js'));
    const singletons = {
      react: /node_modules_react_index_js/,
      'react-dom': /node_modules_react-dom_client_js/,
      'react-router': /node_modules_react-router_/,
      'styled-components': /node_modules_styled-components_/,
      jotai: /node_modules_jotai_/,
      '@outsync/contracts/zod': /contracts_src_zod_ts/,
    };
    for (const [name, pattern] of Object.entries(singletons)) {
      const origins = new Set(
        scripts.filter((url) => pattern.test(url)).map((url) => new URL(url).origin),
      );
      expect({ name, origins: [...origins] }).toEqual({ name, origins: [baseUrl] });
    }
    // An area's contracts are not shared (rspack.config.ts, `sharedSingletons`): each module
    // bundles the parts it uses, tree-shaken, into its own chunks; the shell never loads them.
    const areaContracts = /contracts_src_(accounts|webhooks|history)_/;
    expect(
      scripts.filter((url) => areaContracts.test(url) && new URL(url).origin === baseUrl),
    ).toEqual([]);
    // No tree-shaking fallback copy of a shared package was needed either.
    expect(scripts.filter((url) => url.includes('independent-packages'))).toEqual([]);
    // All four remotes were really loaded from their own origins.
    const manifestOrigins = new Set(
      responses
        .filter((r) => r.url().endsWith('/mf-manifest.json'))
        .map((r) => new URL(r.url()).origin),
    );
    for (const app of ['mfe-webhooks', 'mfe-accounts', 'mfe-history'] as const) {
      expect(manifestOrigins).toContain(originOf(app));
    }
    await screenshot(page, 'shell-category-base-filter');
    await page.close();
  });
});

describe('modules on an instance of our own', () => {
  // Stopping a remote needs an instance of our own, even when E2E_BASE_URL names another.
  let own: RunningProduct;
  let ownAdmin: Browser;
  beforeAll(async () => {
    own = await startTestProduct();
    ownAdmin = await launchBrowser();
    await signInThroughApi(ownAdmin.context, {
      baseUrl: own.shellUrl,
      sandboxUrl: own.sandboxUrl ?? '',
      email: DEMO_ADMIN_EMAIL,
    });
  });
  afterAll(async () => {
    await ownAdmin?.close();
    await own?.stop();
  });

  test('a module that is down shows the unavailable tile in the layout, the rest works, and retry recovers', async () => {
    await own.stopApp('mfe-history');
    const { page } = await openPage(ownAdmin);
    await page.goto(`${own.shellUrl}/admin/dashboard/history/webhook-logs`);
    const tile = page.getByRole('alert');
    await tile.getByText(moduleUnavailable).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'remote-down-tile');

    // The sidebar and the other areas still work.
    const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
    await sidebar.getByRole('link', { name: 'Webhook receiver' }).click();
    await heading(page, 'Webhooks').waitFor();
    await sidebar.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await tile.getByText(moduleUnavailable).waitFor();

    // Retry while it is still down keeps the tile; after the restart it loads the page.
    await tile.getByRole('button', { name: 'Retry' }).click();
    await tile.getByText(moduleUnavailable).waitFor();
    await own.startApp('mfe-history');
    await page.getByRole('alert').getByRole('button', { name: 'Retry' }).click();
    await heading(page, 'Webhook payloads').waitFor();
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'remote-recovered');
    await page.close();
  });

  test('a module runs alone: its own page, with its own providers, without the shell', async () => {
    const { page } = await openPage();
    await page.goto(`${own.appUrls['mfe-webhooks']}/`);
    await heading(page, 'Webhooks').waitFor();
    await expect(
      page.getByRole('navigation', { name: 'OutSync webhooks' }).isVisible(),
    ).resolves.toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'mfe-webhooks-alone');
    await page.close();
  });
});

function originOf(app: 'mfe-auth' | 'mfe-webhooks' | 'mfe-accounts' | 'mfe-history'): string {
  if (target.product) return target.product.appUrls[app];
  // Against an external instance the remotes sit on their default ports unless told otherwise.
  const defaults = {
    'mfe-auth': 3001,
    'mfe-webhooks': 3002,
    'mfe-accounts': 3003,
    'mfe-history': 3004,
  };
  return `http://localhost:${defaults[app]}`;
}
