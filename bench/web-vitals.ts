// Web vitals of the dashboard (issue 32 "Web vitals"): largest contentful paint and interaction
// latency of the Webhooks and History > Webhook payloads screens, in headless Chromium with its
// CPU slowed 4× (CDP `Emulation.setCPUThrottlingRate`), against the product as `npm start`
// serves it (production builds, the five apps on their own ports, the service behind the
// shell). Goal: LCP ≤ 1.5 s on the throttled run.
//
//   npx tsx bench/web-vitals.ts [--runs 5] [--throttle 4] [--logs 10000] [--waterfall] [--profile]
//
// `--waterfall` prints the first run's fetches; `--profile` the first run's main-thread time up
// to LCP (a CDP CPU profile), by script and by function: what to make smaller.
//
// Set-up: the product on free ports with an in-memory database (scripts/product.ts, as the e2e
// suite and bench/history-scroll.ts start it), the demo admin's workspace made through the API
// (its CRMs, keys and webhooks; no live campaign, so nothing syncs while the browser measures),
// `--logs` webhook logs seeded for the History screen (history.ts's seeding), and the admin
// signed in through the sign-in API in one browser profile.
//
// Each run opens each screen (the order alternating run by run) in a new tab of that profile
// with the HTTP cache cleared, so every file is fetched as on a first visit with a session:
//   - LCP: the last `largest-contentful-paint` entry before any input (PerformanceObserver,
//     buffered), from the navigation's start; the element it names is printed beside it;
//   - interaction latency (INP-like): the screen's own table control is clicked — Webhook
//     Settings on the first webhook, the first log's Payload button — and the dialog closed with
//     Escape; each interaction's latency is the longest Event Timing entry with its
//     interactionId (input to the next paint after its handlers, 8 ms granularity; entries under
//     16 ms are not reported, so such an interaction shows as < 16 ms), and the figure is the
//     worst of the two, as INP takes the worst of a page's few interactions;
//   - click → dialog shown: from the pointerdown to the first frame after `<dialog open>`
//     appeared (the dialogs are loaded on demand, so this includes fetching their code), for
//     information.
// The median over the runs is the figure; the bench prints every run.
import { parseArgs } from 'node:util';
import { Types } from 'mongoose';
import type { Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../scripts/chromium.ts';
import { setUpDemoWorkspace } from '../scripts/demo-workspace.ts';
import {
  DEMO_ADMIN_EMAIL,
  freePortsEnv,
  startProduct,
  type RunningProduct,
} from '../scripts/product.ts';
import { signInThroughApi } from '../scripts/sign-in.ts';
import { isMain, median } from './figures.ts';
import { benchCustomers, seedWebhookLogs } from './history.ts';
import { formatMs, loadLine, machineLine, printTable } from './sync-harness.ts';

export const LCP_GOAL_MS = 1500;
/** web.dev's "good" INP: a reference, not one of the goals. */
export const INP_GOOD_MS = 200;

export type Screen = 'webhooks' | 'history';

export interface WebVitalsOptions {
  /** Runs per screen. */
  runs: number;
  /** CPU slow-down factor (4: Lighthouse's mobile setting). */
  throttle: number;
  /** Webhook logs seeded for the History screen. */
  logs: number;
  /** Print the first run's fetches with their times (where the time before LCP goes). */
  waterfall: boolean;
  /** Print the first run's main-thread time up to LCP, by script and by function. */
  profile: boolean;
}

export const defaultWebVitalsOptions: WebVitalsOptions = {
  runs: 5,
  throttle: 4,
  logs: 10_000,
  waterfall: false,
  profile: false,
};

/** One run of one screen. */
export interface ScreenRun {
  screen: Screen;
  fcpMs: number;
  lcpMs: number;
  /** The LCP element, in a few words. */
  lcpElement: string;
  /** The worst interaction's latency; 0 when every entry was under 16 ms. */
  inpMs: number;
  /** Each interaction's latency: the click that opens the dialog, Escape that closes it. */
  openMs: number;
  closeMs: number;
  /** Pointerdown → first frame with the dialog open. */
  dialogShownMs: number;
}

export interface WebVitalsFigures {
  options: WebVitalsOptions;
  chromium: string;
  runs: ScreenRun[];
}

interface ScreenInfo {
  path: string;
  title: string;
  /** The control that opens a dialog, on the screen's first row. */
  control: (page: Page) => ReturnType<Page['getByRole']>;
}

const SCREENS: Record<Screen, ScreenInfo> = {
  webhooks: {
    path: '/admin/dashboard/webhooks',
    title: 'Webhooks',
    control: (page) => page.getByRole('button', { name: 'Webhook Settings' }).first(),
  },
  history: {
    path: '/admin/dashboard/history/webhook-logs',
    title: 'Webhook payloads',
    control: (page) =>
      page.getByRole('button', { name: /, open the payload of [0-9a-f]{24}$/ }).first(),
  },
};

// Page code is given as text: tsx's esbuild would wrap named functions in a `__name` helper
// that the page does not have.
const OBSERVERS = `(() => {
  const vitals = { lcp: [], fcp: null, events: [] };
  window.__benchVitals = vitals;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const element = entry.element;
      const words = element
        ? element.tagName.toLowerCase() + (element.id ? '#' + element.id : '') + ' "' +
          (element.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40) + '"'
        : entry.url || '?';
      vitals.lcp.push({ at: entry.renderTime || entry.loadTime || entry.startTime, element: words });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') vitals.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      vitals.events.push({ name: entry.name, id: entry.interactionId, duration: entry.duration, at: entry.startTime });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
})();`;

/** Resolves with ms from the next pointerdown to the first frame after a dialog opened. */
const WATCH_DIALOG = `(() => {
  window.__benchDialog = new Promise((resolve) => {
    let downAt = null;
    addEventListener('pointerdown', (event) => { downAt = event.timeStamp; }, { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (downAt === null || !document.querySelector('dialog[open]')) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - downAt), 0));
    });
    observer.observe(document.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ['open'] });
  });
})();`;

/** The navigation and every resource, in start order (`--waterfall`). */
const WATERFALL = `performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
  .map((entry) => ({ name: entry.name.replace(location.origin, ''), start: entry.startTime, end: entry.responseEnd, bytes: entry.encodedBodySize || 0 }))
  .sort((a, b) => a.start - b.start)`;

interface WaterfallEntry {
  name: string;
  start: number;
  end: number;
  bytes: number;
}

interface PageVitals {
  lcp: { at: number; element: string }[];
  fcp: number | null;
  events: { name: string; id: number; duration: number; at: number }[];
}

/** Two animation frames and a moment: what was painted has been reported. */
async function settle(page: Page, ms = 300): Promise<void> {
  await page.evaluate(
    `new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, ${ms}))))`,
  );
}

/** A CDP CPU profile (`Profiler.stop`'s answer), the parts read here. */
interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * Prints where the main thread's time went from the profile's start to `untilMs` after it:
 * self time per script file and per function (sampled, so each figure is an estimate).
 */
function printProfile(screen: Screen, profile: CpuProfile, untilMs: number): void {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let at = 0;
  for (let index = 0; index < profile.samples.length; index++) {
    at += (profile.timeDeltas[index] ?? 0) / 1000;
    if (at > untilMs) break;
    const frame = frames.get(profile.samples[index] ?? -1);
    if (!frame) continue;
    const step = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const file = frame.url ? frame.url.replace(/^https?:\/\/[^/]+/, '') : `(${frame.functionName})`;
    byFile.set(file, (byFile.get(file) ?? 0) + step);
    const name = `${frame.functionName || '(anonymous)'}  ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + step);
  }
  const top = (totals: Map<string, number>, count: number) =>
    [...totals].sort((a, b) => b[1] - a[1]).slice(0, count);
  console.log(`  ${screen}: main-thread self time up to LCP (${formatMs(untilMs)}), by script`);
  for (const [file, spent] of top(byFile, 15))
    console.log(`    ${formatMs(spent).padStart(9)}  ${file}`);
  console.log(`  ${screen}: by function`);
  for (const [name, spent] of top(byFunction, 25))
    console.log(`    ${formatMs(spent).padStart(9)}  ${name}`);
}

async function measureScreen(
  browser: Browser,
  shellUrl: string,
  screen: Screen,
  throttle: number,
  waterfall = false,
  profile = false,
) {
  const info = SCREENS[screen];
  const page = await browser.context.newPage();
  try {
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await page.addInitScript(OBSERVERS);
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
      await cdp.send('Profiler.start');
    }
    await page.goto(`${shellUrl}${info.path}`, { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1, name: info.title }).waitFor({ timeout: 60_000 });
    const control = info.control(page);
    await control.waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await settle(page, 500);
    const loaded = (await page.evaluate('window.__benchVitals')) as PageVitals;
    const lcp = loaded.lcp.at(-1);
    if (profile) {
      const { profile: recorded } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
      printProfile(screen, recorded, lcp?.at ?? Number.POSITIVE_INFINITY);
    }
    if (waterfall) {
      const entries = (await page.evaluate(WATERFALL)) as WaterfallEntry[];
      console.log(`  ${screen}: what the first load fetched (ms from navigation start)`);
      for (const entry of entries)
        console.log(
          `    ${formatMs(entry.start).padStart(9)} → ${formatMs(entry.end).padStart(9)}  ${String(Math.round(entry.bytes / 1024)).padStart(4)} KB  ${entry.name}`,
        );
      console.log(
        `    FCP ${formatMs(loaded.fcp ?? Number.NaN)}  LCP ${formatMs(lcp?.at ?? Number.NaN)}`,
      );
    }

    // The interaction: open the dialog from the table, then close it with Escape.
    await page.evaluate(WATCH_DIALOG);
    await control.click();
    await page.locator('dialog[open]').waitFor({ timeout: 60_000 });
    const dialogShownMs = (await page.evaluate('window.__benchDialog')) as number;
    await settle(page);
    await page.keyboard.press('Escape');
    await page.locator('dialog[open]').waitFor({ state: 'detached', timeout: 10_000 });
    await settle(page);
    const after = (await page.evaluate('window.__benchVitals')) as PageVitals;
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();

    // Per interaction (its id), the longest entry: the click's pointer events, Escape's keys.
    const byInteraction = new Map<number, { duration: number; names: Set<string> }>();
    for (const entry of after.events) {
      if (!entry.id) continue;
      const seen = byInteraction.get(entry.id) ?? { duration: 0, names: new Set<string>() };
      seen.duration = Math.max(seen.duration, entry.duration);
      seen.names.add(entry.name);
      byInteraction.set(entry.id, seen);
    }
    const interactions = [...byInteraction.values()];
    const latencyOf = (kind: 'pointer' | 'key') =>
      Math.max(
        0,
        ...interactions
          .filter((each) =>
            [...each.names].some((name) =>
              kind === 'key' ? name.startsWith('key') : !name.startsWith('key'),
            ),
          )
          .map((each) => each.duration),
      );
    const openMs = latencyOf('pointer');
    const closeMs = latencyOf('key');
    return {
      screen,
      fcpMs: loaded.fcp ?? Number.NaN,
      lcpMs: lcp?.at ?? Number.NaN,
      lcpElement: lcp?.element ?? '?',
      inpMs: Math.max(openMs, closeMs),
      openMs,
      closeMs,
      dialogShownMs,
    } satisfies ScreenRun;
  } finally {
    await page.close();
  }
}

/** The demo workspace (webhooks to open), `logs` webhook logs, and the admin signed in. */
async function prepare(product: RunningProduct, browser: Browser, logs: number): Promise<void> {
  const { shellUrl, serviceUrl = '', sandboxUrl = '', mongoUri = '' } = product;
  await setUpDemoWorkspace({
    serviceUrl,
    sandboxUrl,
    email: DEMO_ADMIN_EMAIL,
    liveCampaign: false,
    log: (line) => console.error(line),
  });
  await signInThroughApi(browser.context, {
    baseUrl: shellUrl,
    sandboxUrl,
    email: DEMO_ADMIN_EMAIL,
  });
  const me = await browser.context.request.get(`${shellUrl}/api/admin/me`);
  if (!me.ok()) throw new Error(`GET /api/admin/me answered ${me.status()}`);
  const { id } = (await me.json()) as { id: string };
  if (logs > 0) {
    console.error(`Seeding ${logs} webhook logs…`);
    await seedWebhookLogs(mongoUri, benchCustomers(new Types.ObjectId(id), serviceUrl, 20), logs);
  }
}

const ms = (value: number) => (value > 0 ? formatMs(value) : '< 16 ms');

/** Runs the benchmark and prints its report; answers its figures (for bench/all.ts). */
export async function runWebVitals(
  given: Partial<WebVitalsOptions> = {},
): Promise<WebVitalsFigures> {
  const options: WebVitalsOptions = { ...defaultWebVitalsOptions, ...given };
  console.log(
    `Web vitals: Webhooks and History screens, ${options.runs} runs each, CPU ${options.throttle}× slower (${machineLine()})`,
  );
  const product = await startProduct({
    // The service's request lines would bury the figures.
    env: { ...(await freePortsEnv()), LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    inMemoryDatabase: true,
    demoWorkspace: false,
    log: (line) => console.error(line),
  });
  const browser = await launchBrowser();
  try {
    await prepare(product, browser, options.logs);
    const page = await browser.context.newPage();
    const cdp = await browser.context.newCDPSession(page);
    const { product: chromium } = await cdp.send('Browser.getVersion');
    await page.close();
    // One visit each, not counted: the servers' and the service's first requests are slower.
    for (const screen of ['webhooks', 'history'] as const)
      await measureScreen(browser, product.shellUrl, screen, 1);

    const runs: ScreenRun[] = [];
    console.log(`Before the runs: ${loadLine()}`);
    for (let run = 0; run < options.runs; run++) {
      const order: Screen[] = run % 2 === 0 ? ['webhooks', 'history'] : ['history', 'webhooks'];
      for (const screen of order) {
        const result = await measureScreen(
          browser,
          product.shellUrl,
          screen,
          options.throttle,
          options.waterfall && run === 0,
          options.profile && run === 0,
        );
        runs.push(result);
        console.log(
          `  run ${run + 1} ${screen.padEnd(8)}  FCP ${formatMs(result.fcpMs).padStart(9)}  LCP ${formatMs(result.lcpMs).padStart(9)}` +
            `  open ${ms(result.openMs).padStart(9)}  close ${ms(result.closeMs).padStart(9)}` +
            `  dialog shown ${formatMs(result.dialogShownMs).padStart(9)}  LCP element ${result.lcpElement}`,
        );
      }
    }
    console.log(`After the runs: ${loadLine()}`);
    const rows: [string, string][] = [];
    for (const screen of ['webhooks', 'history'] as const) {
      const mine = runs.filter((each) => each.screen === screen);
      const figure = (pick: (each: ScreenRun) => number) => {
        const values = mine.map(pick);
        return `median ${ms(median(values)).padStart(9)}  (${ms(Math.min(...values))}–${ms(Math.max(...values))})`;
      };
      const lcp = median(mine.map((each) => each.lcpMs));
      rows.push(
        [
          `${SCREENS[screen].title}: LCP`,
          `${figure((each) => each.lcpMs)}  goal ≤ ${LCP_GOAL_MS} ms: ${lcp <= LCP_GOAL_MS ? 'met' : 'NOT met'}`,
        ],
        ['  FCP', figure((each) => each.fcpMs)],
        [
          '  interaction latency (worst)',
          `${figure((each) => each.inpMs)}  (web.dev's good INP ≤ ${INP_GOOD_MS} ms)`,
        ],
        ['    open the dialog (click)', figure((each) => each.openMs)],
        ['    close it (Escape)', figure((each) => each.closeMs)],
        ['  click → dialog shown', figure((each) => each.dialogShownMs)],
      );
    }
    printTable(
      `\nweb-vitals (${chromium}, headless, CPU ${options.throttle}× slower, HTTP cache cleared per visit; ${options.logs} webhook logs)`,
      rows,
    );
    return { options, chromium, runs };
  } finally {
    await browser.close();
    await product.stop();
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: String(defaultWebVitalsOptions.runs) },
      throttle: { type: 'string', default: String(defaultWebVitalsOptions.throttle) },
      logs: { type: 'string', default: String(defaultWebVitalsOptions.logs) },
      waterfall: { type: 'boolean', default: false },
      profile: { type: 'boolean', default: false },
    },
  });
  await runWebVitals({
    runs: Number(values.runs),
    throttle: Number(values.throttle),
    logs: Number(values.logs),
    waterfall: values.waterfall,
    profile: values.profile,
  });
}
