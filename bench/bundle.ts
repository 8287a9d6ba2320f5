// Gzip size of what the browser downloads on a first visit: the shell's own files, and for each
// remote the files it serves itself (shared singletons the shell already loaded come from the
// shell and are excluded; an area's contracts entry, which only its module loads, counts there).
// Run: npm run bench:bundle (add `-- --files` to list each remote's files)
// CI: npm run bundle -w bench -- --check exits 1 when an app is more than 10 % over its budget in
// bundle-budgets.json.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Response } from 'playwright-core';
import { launchBrowser } from '../scripts/chromium.ts';
import { DEMO_ADMIN_EMAIL, freePortsEnv, startProduct } from '../scripts/product.ts';
import { signInThroughApi } from '../scripts/sign-in.ts';
import { remoteApps, type AppName, type RemoteAppName } from '../scripts/topology.ts';
import { routesServedBy } from '../contracts/src/catalog/routes.ts';

const goals = { shell: 200, remote: 60 }; // KB gzip, from the foundation issue

interface BundleBudgets {
  /** Allowed overrun before --check fails, as a fraction (0.1 = 10 %). */
  tolerance: number;
  /** KB gzip per app. */
  budgetsKb: Record<AppName, number>;
}
const budgets = JSON.parse(
  readFileSync(new URL('./bundle-budgets.json', import.meta.url), 'utf8'),
) as BundleBudgets;
/** A remote's first load is measured on its landing page, the first route it serves. */
const firstRoute = (app: RemoteAppName) => routesServedBy(app)[0].path;

interface Row {
  app: AppName;
  part: string;
  bytes: number;
  files: number;
  goal: number;
}

/** One clear line per app over its budget by more than the tolerance (or without a budget). */
function budgetFailures(rows: Row[]): string[] {
  const failures: string[] = [];
  for (const { app, part, bytes } of rows) {
    const budget = budgets.budgetsKb[app];
    if (typeof budget !== 'number') {
      failures.push(`Bundle budget missing: ${app} has no entry in bench/bundle-budgets.json.`);
      continue;
    }
    const limit = budget * (1 + budgets.tolerance);
    if (bytes / 1024 > limit) {
      failures.push(
        `Bundle budget exceeded: ${part} is ${kb(bytes)} KB gzip, more than ${budgets.tolerance * 100} % over its budget of ${budget} KB (limit ${limit.toFixed(1)} KB).`,
      );
    }
  }
  return failures;
}

interface Download {
  url: string;
  gzipBytes: number;
}

async function gzipSize(response: Response): Promise<number> {
  const body = await response.body().catch(() => Buffer.alloc(0));
  return gzipSync(body, { level: 9 }).length;
}

/** Opens `path` in a fresh, signed-in browser profile and returns the downloads per origin. */
async function firstVisit(path: string): Promise<Map<string, Download[]>> {
  const { shellUrl, sandboxUrl = '' } = product;
  const browser = await launchBrowser();
  try {
    await signInThroughApi(browser.context, {
      baseUrl: shellUrl,
      sandboxUrl,
      email: DEMO_ADMIN_EMAIL,
    });
    const page = await browser.context.newPage();
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    await page.goto(`${shellUrl}${path}`, { waitUntil: 'networkidle' });
    // '/' sends a signed-in user on to the dashboard; the auth module's first load is the same.
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const byOrigin = new Map<string, Download[]>();
    for (const response of responses) {
      if (response.status() !== 200) continue;
      const origin = new URL(response.url()).origin;
      const list = byOrigin.get(origin) ?? [];
      list.push({ url: response.url(), gzipBytes: await gzipSize(response) });
      byOrigin.set(origin, list);
    }
    return byOrigin;
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const listFiles = process.argv.includes('--files');
const checkBudgets = process.argv.includes('--check');
const total = (downloads: Download[] = []) => downloads.reduce((sum, d) => sum + d.gzipBytes, 0);

const product = await startProduct({
  env: await freePortsEnv(),
  inMemoryDatabase: true,
  // Bytes, not data: the visits below sign in five times, within the hourly code limit.
  demoWorkspace: false,
  log: console.log,
});
try {
  const rows: Row[] = [];
  const dashboard = await firstVisit(firstRoute('mfe-webhooks'));
  const shellFiles = dashboard.get(product.shellUrl) ?? [];
  rows.push({
    app: 'shell',
    part: 'shell (first load)',
    bytes: total(shellFiles),
    files: shellFiles.length,
    goal: goals.shell,
  });
  for (const app of remoteApps) {
    const visit = await firstVisit(firstRoute(app));
    const own = visit.get(product.appUrls[app]) ?? [];
    rows.push({
      app,
      part: `${app} (own first load)`,
      bytes: total(own),
      files: own.length,
      goal: goals.remote,
    });
    if (listFiles) {
      for (const file of [...own].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
        console.log(`  ${app}  ${kb(file.gzipBytes).padStart(6)}  ${new URL(file.url).pathname}`);
      }
    }
  }

  console.log(
    '\nFirst-load size, gzip -9, per origin (shared singletons count once, where first loaded):\n',
  );
  console.log(
    `  ${'part'.padEnd(30)} ${'KB gz'.padStart(8)} ${'files'.padStart(6)} ${'goal'.padStart(8)}  ${''.padEnd(4)} ${'budget'.padStart(8)}`,
  );
  for (const { app, part, bytes, files, goal } of rows) {
    const verdict = bytes / 1024 <= goal ? 'ok' : 'OVER';
    const budget = budgets.budgetsKb[app];
    console.log(
      `  ${part.padEnd(30)} ${kb(bytes).padStart(8)} ${String(files).padStart(6)} ${`≤ ${goal}`.padStart(8)}  ${verdict.padEnd(4)} ${(budget === undefined ? '-' : String(budget)).padStart(8)}`,
    );
  }
  console.log('');
  if (checkBudgets) {
    const failures = budgetFailures(rows);
    for (const line of failures) console.error(line);
    if (failures.length === 0) {
      console.log(`Every app is within ${budgets.tolerance * 100} % of its bundle budget.\n`);
    }
    process.exitCode = failures.length > 0 ? 1 : 0;
  }
} finally {
  await product.stop();
}
