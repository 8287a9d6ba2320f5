// Independent releases (issue 15): two releases of mfe-history, built and served on their own; the
// operator switches /remotes.json (REMOTES_JSON_FILE) while the shell stays up, and after a reload
// the dashboard runs the other release, shown in the about line under the page. A release that
// declares a contract the shell does not speak gets the fallback tile, saying why, and the rest of
// the dashboard keeps working.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page, Response } from 'playwright-core';
import { launchBrowser, type Browser } from '../../scripts/chromium';
import { DEMO_ADMIN_EMAIL, type RunningProduct } from '../../scripts/product';
import { serveApp, type RunningServer } from '../../scripts/serve-app';
import { signInThroughApi } from '../../scripts/sign-in';
import { apps, remoteApps } from '../../scripts/topology';
import { expectAccessible } from './accessibility';
import { screenshot, startTestProduct } from './product-harness';
import { buildRemoteRelease, copyReleaseWithManifest, packageVersion } from './remote-releases';

const WEBHOOK_LOGS_PATH = '/admin/dashboard/history/webhook-logs';
const v1 = packageVersion('mfe-history');
const v2 = `${v1}-next`;

let workDir: string;
let remotesFile: string;
let product: RunningProduct;
let admin: Browser;
const releases: Record<'v1' | 'v2' | 'incompatible' | 'newerReact', RunningServer | undefined> = {
  v1: undefined,
  v2: undefined,
  incompatible: undefined,
  newerReact: undefined,
};

beforeAll(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'outsync-releases-'));
  remotesFile = path.join(workDir, 'remotes.json');
  product = await startTestProduct({ env: { REMOTES_JSON_FILE: remotesFile } });

  // Each release is built once, side by side, and reused by every journey below.
  const dirs = {
    v1: path.join(workDir, 'history-v1'),
    v2: path.join(workDir, 'history-v2'),
    incompatible: path.join(workDir, 'history-incompatible'),
    newerReact: path.join(workDir, 'history-newer-react'),
  };
  await Promise.all([
    buildRemoteRelease('mfe-history', dirs.v1),
    buildRemoteRelease('mfe-history', dirs.v2, { version: v2 }),
  ]);
  // A copy of v2 whose manifest declares another API contract: what a module built against a
  // future contract would publish (its code is v2's; the shell must not get as far as loading it).
  copyReleaseWithManifest(dirs.v2, dirs.incompatible, (manifest) => {
    (manifest.metaData as Record<string, unknown>).outsync = { apiContractVersion: 999 };
  });
  // And one whose manifest requires a react the shell does not provide.
  copyReleaseWithManifest(dirs.v2, dirs.newerReact, (manifest) => {
    for (const shared of manifest.shared as Array<Record<string, unknown>>) {
      if (shared.name === 'react') shared.requiredVersion = '^99.0.0';
    }
  });
  for (const name of ['v1', 'v2', 'incompatible', 'newerReact'] as const) {
    releases[name] = await serveApp({ app: 'mfe-history', port: 0, distDir: dirs[name] });
  }

  admin = await launchBrowser();
  await signInThroughApi(admin.context, {
    baseUrl: product.shellUrl,
    sandboxUrl: product.sandboxUrl ?? '',
    email: DEMO_ADMIN_EMAIL,
  });
}, 240_000);

afterAll(async () => {
  await admin?.close();
  for (const server of Object.values(releases)) await server?.close();
  await product?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** What the operator writes: the product's own modules, and History from `release`. */
function pointHistoryAt(release: RunningServer | undefined) {
  if (!release) throw new Error('the release is not being served');
  const entries = remoteApps.map((app) => [
    apps[app].federationName,
    `${product.appUrls[app]}/mf-manifest.json`,
  ]);
  const remotes = {
    ...Object.fromEntries(entries),
    outsync_history: `${release.url}/mf-manifest.json`,
  };
  writeFileSync(remotesFile, JSON.stringify(remotes, null, 2));
}

/** The origins the page fetched a remoteEntry.js from: where the module's code came from. */
function remoteEntryOrigins(responses: Response[]): string[] {
  return responses
    .filter((response) => new URL(response.url()).pathname === '/remoteEntry.js')
    .map((response) => new URL(response.url()).origin);
}

function heading(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name });
}

test('switching /remotes.json to a new release shows it after a reload; the shell keeps running', async () => {
  pointHistoryAt(releases.v1);
  const page = await admin.context.newPage();
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));

  await page.goto(`${product.shellUrl}${WEBHOOK_LOGS_PATH}`);
  await heading(page, 'Webhook payloads').waitFor();
  await page.getByText(`History module ${v1}`, { exact: true }).waitFor();
  expect(remoteEntryOrigins(responses)).toContain(releases.v1?.url);
  await expectAccessible(page);
  await screenshot(page, 'releases-history-v1');

  // The operator releases v2: one edit of the file; the shell is neither rebuilt nor restarted.
  pointHistoryAt(releases.v2);
  responses.length = 0;
  await page.reload();
  await heading(page, 'Webhook payloads').waitFor();
  await page.getByText(`History module ${v2}`, { exact: true }).waitFor();
  await expect(page.getByText(`History module ${v1}`, { exact: true }).count()).resolves.toBe(0);
  expect(remoteEntryOrigins(responses)).toContain(releases.v2?.url);
  expect(remoteEntryOrigins(responses)).not.toContain(releases.v1?.url);
  await screenshot(page, 'releases-history-v2');
  await page.close();
});

test('a release declaring a contract the shell does not speak shows the tile with the reason; the rest stays up', async () => {
  pointHistoryAt(releases.incompatible);
  const page = await admin.context.newPage();
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));

  await page.goto(`${product.shellUrl}${WEBHOOK_LOGS_PATH}`);
  const tile = page.getByRole('alert');
  await tile.getByText('Module unavailable').waitFor();
  await tile
    .getByText(
      'This module needs a different version of OutSync (contract 999; this dashboard speaks 1).',
    )
    .waitFor();
  // Refused on its manifest: none of the release's code was downloaded.
  const fromRelease = responses.filter(
    (response) => new URL(response.url()).origin === releases.incompatible?.url,
  );
  expect(fromRelease.map((response) => new URL(response.url()).pathname)).toEqual([
    '/mf-manifest.json',
  ]);
  await expectAccessible(page);
  await screenshot(page, 'releases-history-refused');

  // The layout and the other modules still work.
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await sidebar.getByRole('link', { name: 'Webhook receiver' }).click();
  await heading(page, 'Webhooks').waitFor();
  await expect(page.getByRole('alert').count()).resolves.toBe(0);
  await page.close();
});

test('a release requiring a shared library version the shell does not provide is refused too', async () => {
  pointHistoryAt(releases.newerReact);
  const page = await admin.context.newPage();
  await page.goto(`${product.shellUrl}${WEBHOOK_LOGS_PATH}`);
  const tile = page.getByRole('alert');
  await tile.getByText('Module unavailable').waitFor();
  // The shell's own react version is in the sentence; the pattern keeps the test about the rule.
  await expect(tile.locator('p').textContent()).resolves.toMatch(
    /^This module needs react \^99\.0\.0; this dashboard provides react 19\.\d+\.\d+\.$/,
  );
  await page.close();
});
