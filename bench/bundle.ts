// Gzip size of what the browser downloads on a first visit: the shell's own files, and for each
// remote the files it serves itself (shared singletons the shell already loaded come from the
// shell and are excluded; an area's contracts entry, which only its module loads, counts there),
// and the partners' embed script with what it loads when mounted.
// Run: npm run bench:bundle (add `-- --files` to list each app's files, `-- --analyze` to list the
// biggest packages of each app's first load, from the builds' source maps: bench/bundle-analysis.ts)
// CI: npm run bundle -w bench -- --check exits 1 when an app is more than 10 % over its budget in
// bundle-budgets.json.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Response } from 'playwright-core';
import { launchBrowser } from '../scripts/chromium.ts';
import {
  DEMO_ADMIN_EMAIL,
  freePortsEnv,
  startProduct,
  type RunningProduct,
} from '../scripts/product.ts';
import { signInThroughApi } from '../scripts/sign-in.ts';
import { remoteApps, type AppName, type RemoteAppName } from '../scripts/topology.ts';
import { routesServedBy } from '../contracts/src/catalog/routes.ts';
import { attribute, summarise, type Share, type SourceMap } from './bundle-analysis.ts';
import { isMain } from './figures.ts';

/** The partners' embed script (docs/embedding.md), measured beside the apps. */
const EMBED = 'partner-embed';
export type Part = AppName | typeof EMBED;

/** KB gzip, issue 32's goals (the foundation issue's were 200 for the shell, 60 per remote). */
export const bundleGoals: Record<Part, number> = {
  shell: 150,
  'mfe-auth': 35,
  'mfe-webhooks': 45,
  'mfe-accounts': 45,
  'mfe-history': 45,
  [EMBED]: 120,
};

interface BundleBudgets {
  /** Allowed overrun before --check fails, as a fraction (0.1 = 10 %). */
  tolerance: number;
  /** KB gzip per app, and for the partners' embed script. */
  budgetsKb: Partial<Record<Part, number>>;
}
export const budgets = JSON.parse(
  readFileSync(new URL('./bundle-budgets.json', import.meta.url), 'utf8'),
) as BundleBudgets;
/** A remote's first load is measured on its landing page, the first route it serves. */
const firstRoute = (app: RemoteAppName) => routesServedBy(app)[0].path;

export interface BundleRow {
  app: Part;
  part: string;
  bytes: number;
  files: number;
  goal: number;
}
type Row = BundleRow;

export interface BundleOptions {
  /** List each app's files after the table. */
  files: boolean;
  /** List the biggest packages of each app's first load. */
  analyze: boolean;
  /** Fail (exit code 1) when an app is over its budget by more than the tolerance. */
  check: boolean;
}

export interface BundleFigures {
  rows: BundleRow[];
  /** The --check failures (empty when within budget, or not checked). */
  failures: string[];
  /** bench/bundle-budgets.json's budgets, KB gzip. */
  budgets: Partial<Record<Part, number>>;
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
  /** The body, kept for --analyze. */
  body: Buffer;
}

async function download(response: Response): Promise<Download> {
  const body = await response.body().catch(() => Buffer.alloc(0));
  return { url: response.url(), gzipBytes: gzipSync(body, { level: 9 }).length, body };
}

/** The biggest packages of `downloads`, through each script's source map. */
async function analyse(downloads: Download[]): Promise<Share[]> {
  const shares: Share[] = [];
  for (const { url, gzipBytes, body } of downloads) {
    const name = new URL(url).pathname;
    if (!name.endsWith('.js')) {
      shares.push({ owner: `(file) ${name}`, gzipBytes });
      continue;
    }
    const answer = await fetch(`${url}.map`).catch(() => undefined);
    const map = answer?.ok ? ((await answer.json()) as SourceMap) : undefined;
    shares.push(...attribute(name, body.toString('utf8'), map, gzipBytes));
  }
  return summarise(shares);
}

/**
 * The embed's first load: a page of its own with the script, mounting the module the way a
 * partner's page does, until the network is idle. Without a token (bytes, not data): the module
 * shows its refusal, and what its list would load on demand (the form, the dialogs) it loads
 * on demand in both cases.
 */
async function embedFirstLoad(product: RunningProduct): Promise<Download[]> {
  const webhooksUrl = product.appUrls['mfe-webhooks'];
  const browser = await launchBrowser();
  try {
    const page = await browser.context.newPage();
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    // A blank page of its own (about:blank), as a partner's: the script and the mount call.
    await page.setContent(
      `<!doctype html><div id="embed"></div>
<script src="${webhooksUrl}/embed/outsync-webhooks.js"></script>
<script>OutSync.mountWebhooks(document.getElementById('embed'), { token: 'bench', apiBaseUrl: ${JSON.stringify(product.serviceUrl ?? '')} });</script>`,
      { waitUntil: 'networkidle' },
    );
    const own: Download[] = [];
    for (const response of responses) {
      if (response.status() === 200 && response.url().startsWith(`${webhooksUrl}/`)) {
        own.push(await download(response));
      }
    }
    return own;
  } finally {
    await browser.close();
  }
}

/** Opens `path` in a fresh, signed-in browser profile and returns the downloads per origin. */
async function firstVisit(product: RunningProduct, path: string): Promise<Map<string, Download[]>> {
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
      list.push(await download(response));
      byOrigin.set(origin, list);
    }
    return byOrigin;
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const total = (downloads: Download[] = []) => downloads.reduce((sum, d) => sum + d.gzipBytes, 0);

/** Runs the benchmark and prints its report; answers its figures (for bench/all.ts). */
export async function runBundle(given: Partial<BundleOptions> = {}): Promise<BundleFigures> {
  const {
    files: listFiles,
    analyze,
    check: checkBudgets,
  } = {
    files: false,
    analyze: false,
    check: false,
    ...given,
  };
  const product = await startProduct({
    env: await freePortsEnv(),
    inMemoryDatabase: true,
    // Bytes, not data: the visits below sign in five times, within the hourly code limit.
    demoWorkspace: false,
    log: console.log,
  });
  try {
    const rows: Row[] = [];
    const dashboard = await firstVisit(product, firstRoute('mfe-webhooks'));
    const shellFiles = dashboard.get(product.shellUrl) ?? [];
    const details: string[] = [];
    /** The --files and --analyze lines of one app, printed after the table. */
    const describe = async (app: Part, own: Download[]) => {
      if (listFiles) {
        details.push(`\n${app}: files, KB gzip`);
        for (const file of [...own].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
          details.push(`  ${kb(file.gzipBytes).padStart(6)}  ${new URL(file.url).pathname}`);
        }
      }
      if (analyze) {
        const shares = await analyse(own);
        details.push(
          `\n${app}: biggest parts of the first load, KB gzip (estimated from source maps)`,
        );
        for (const { owner, gzipBytes } of shares.filter((share) => share.gzipBytes >= 512)) {
          details.push(`  ${kb(gzipBytes).padStart(6)}  ${owner}`);
        }
        const rest = shares.filter((share) => share.gzipBytes < 512);
        if (rest.length > 0) {
          details.push(
            `  ${kb(rest.reduce((sum, share) => sum + share.gzipBytes, 0)).padStart(6)}  ${rest.length} smaller parts`,
          );
        }
      }
    };
    await describe('shell', shellFiles);
    rows.push({
      app: 'shell',
      part: 'shell (first load)',
      bytes: total(shellFiles),
      files: shellFiles.length,
      goal: bundleGoals.shell,
    });
    for (const app of remoteApps) {
      const visit = await firstVisit(product, firstRoute(app));
      const own = visit.get(product.appUrls[app]) ?? [];
      rows.push({
        app,
        part: `${app} (own first load)`,
        bytes: total(own),
        files: own.length,
        goal: bundleGoals[app],
      });
      await describe(app, own);
    }
    const embed = await embedFirstLoad(product);
    rows.push({
      app: EMBED,
      part: `${EMBED} (first load)`,
      bytes: total(embed),
      files: embed.length,
      goal: bundleGoals[EMBED],
    });
    await describe(EMBED, embed);

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
    if (details.length > 0) console.log(details.join('\n'));
    console.log('');
    let failures: string[] = [];
    if (checkBudgets) {
      failures = budgetFailures(rows);
      for (const line of failures) console.error(line);
      if (failures.length === 0) {
        console.log(`Every app is within ${budgets.tolerance * 100} % of its bundle budget.\n`);
      }
      process.exitCode = failures.length > 0 ? 1 : 0;
    }
    return { rows, failures, budgets: budgets.budgetsKb };
  } finally {
    await product.stop();
  }
}

if (isMain(import.meta.url))
  await runBundle({
    files: process.argv.includes('--files'),
    analyze: process.argv.includes('--analyze'),
    check: process.argv.includes('--check'),
  });
