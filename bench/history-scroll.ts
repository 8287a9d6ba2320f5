// History > Webhooks with ten thousand rows loaded (issue 13: "The list is virtualised: ten
// thousand loaded rows scroll smoothly"). The product runs as the e2e suite runs it (production
// builds, in-memory database, free ports); 10,000 webhook logs are seeded straight into its
// database with history.ts's seeding; the demo admin opens the screen in headless Chromium at
// 1440×900 and scrolls the table to its end until every page is loaded, then the table is
// scrolled top to bottom and back in fixed steps, one step per animation frame, while the page
// records the frame intervals and Chromium's long tasks.
//
//   npx tsx bench/history-scroll.ts [--logs 10000] [--step viewport] [--step 200 …]
//
// `--step` is pixels per frame, or `viewport` (a jump of the scroll region's height per frame);
// each one given is a pass. Rows wrap to about 160 px at this width, so 10,000 rows are 1.6
// million px: a viewport per frame is some 5,000 frames, 200 px per frame some 16,000 (minutes
// on a small machine), hence the default of one viewport pass. Figures only: nothing here fails
// on a threshold. The machine's load is printed beside them: other processes take frames too.
import { parseArgs } from 'node:util';
import { Types } from 'mongoose';
import type { CDPSession, Locator, Page, Response } from 'playwright-core';
import { launchBrowser } from '../scripts/chromium.ts';
import { DEMO_ADMIN_EMAIL, freePortsEnv, startProduct } from '../scripts/product.ts';
import { signInThroughApi } from '../scripts/sign-in.ts';
import { isMain } from './figures.ts';
import { benchCustomers, seedWebhookLogs } from './history.ts';
import { formatMs, loadLine, machineLine, percentile, printTable } from './sync-harness.ts';

const WEBHOOK_LOGS_PATH = '/admin/dashboard/history/webhook-logs';
const LIST_API_PATH = '/api/admin/webhook-logs';
const VIEWPORT = { width: 1440, height: 900 };
const PAGE_SIZE = 20;
/** A frame's interval at 60 Hz; rAF timestamps jitter by a fraction of a millisecond. */
const FRAME_MS = 1000 / 60;
const JITTER_MS = 1;
/** The slowest a page may take to arrive once asked for before the run is called failed. */
const PAGE_TIMEOUT_MS = 60_000;

type Step = number | 'viewport';

export interface HistoryScrollOptions {
  logs: number;
  customers: number;
  /** One pass per step: pixels per frame, or `viewport`. */
  steps: Step[];
}

export const defaultHistoryScrollOptions: HistoryScrollOptions = {
  logs: 10_000,
  customers: 50,
  steps: ['viewport'],
};

/** One scroll pass's frames. */
export interface ScrollPassFigures {
  step: Step;
  frames: number;
  frameP50Ms: number;
  frameP95Ms: number;
  /** Share (0–1) of frames longer than a 60 Hz frame (a frame missed). */
  slowFrames: number;
  longTasks: number;
}

export interface HistoryScrollFigures {
  options: HistoryScrollOptions;
  /** Scrolled to the end until every page was loaded. */
  loadMs: number;
  perPageMs: number;
  pageToPageP50Ms: number;
  pageToPageP95Ms: number;
  passes: ScrollPassFigures[];
}

/** What one pass measured in the page. */
interface ScrollPass {
  stepPx: number;
  /** Milliseconds between consecutive animation frames, top to bottom and back. */
  frameIntervals: number[];
  /** Durations of the long tasks Chromium reported during the pass. */
  longTasks: number[];
  /** The pass's wall time, first frame to last. */
  durationMs: number;
  scrollHeight: number;
  /** `<tr>` elements in the document, and in the table's scroll region, once back at the top. */
  documentRows: number;
  regionRows: number;
}

/** The list pages the screen asked for, by number, as their responses arrive. */
function watchListPages(page: Page) {
  const arrived = new Map<number, number>();
  const waiting = new Map<number, () => void>();
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname !== LIST_API_PATH) return;
    const number = Number(url.searchParams.get('page'));
    if (response.status() !== 200) {
      console.error(`${url.pathname}${url.search} answered ${response.status()}`);
      return;
    }
    arrived.set(number, performance.now());
    waiting.get(number)?.();
  });
  /** Resolves when page `number` has arrived (at once if it already has). */
  const arrival = (number: number) =>
    new Promise<void>((resolve, reject) => {
      if (arrived.has(number)) return resolve();
      const timer = setTimeout(
        () => reject(new Error(`page ${number} did not arrive within ${PAGE_TIMEOUT_MS} ms`)),
        PAGE_TIMEOUT_MS,
      );
      waiting.set(number, () => {
        clearTimeout(timer);
        waiting.delete(number);
        resolve();
      });
    });
  /** Milliseconds from each page's arrival to the next's, pages `from` to `to`. */
  const gaps = (from: number, to: number) => {
    const list: number[] = [];
    for (let number = from + 1; number <= to; number++)
      list.push((arrived.get(number) ?? Number.NaN) - (arrived.get(number - 1) ?? Number.NaN));
    return list;
  };
  return { arrival, gaps };
}

// Page code (`evaluate`) declares no named functions: tsx's esbuild wraps those in a `__name`
// helper that the page does not have.

/**
 * Scrolls the region to its end on every animation frame until the returned stop is called: each
 * new page renders rows below, the next frame scrolls to them, and the table asks for the next.
 */
function pinToBottom(region: Locator) {
  return region.evaluateHandle((element) => {
    let pinned = true;
    void (async () => {
      while (pinned) {
        element.scrollTop = element.scrollHeight;
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    })();
    return () => {
      pinned = false;
    };
  });
}

/** One pass in the page: `step` px (or the region's height) per frame, down to the end and up. */
function scrollPass(region: Locator, step: number | 'viewport'): Promise<ScrollPass> {
  return region.evaluate(async (element, step) => {
    const stepPx = step === 'viewport' ? element.clientHeight : step;
    const longTasks: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push(entry.duration);
    });
    observer.observe({ type: 'longtask' });
    element.scrollTop = 0;
    for (let settle = 0; settle < 2; settle++)
      await new Promise((resolve) => requestAnimationFrame(resolve));
    longTasks.length = 0;

    const frameIntervals: number[] = [];
    let scrollHeight = 0;
    const first = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
    let last = first;
    // Down, then up: each way until the scroll position stops moving (the end).
    for (const direction of [1, -1]) {
      for (;;) {
        const before = element.scrollTop;
        element.scrollTop = before + direction * stepPx;
        const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
        frameIntervals.push(now - last);
        last = now;
        if (element.scrollTop === before) break;
      }
      scrollHeight = Math.max(scrollHeight, element.scrollHeight);
    }
    // Long tasks are reported after they end: let the last ones come in.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const entry of observer.takeRecords()) longTasks.push(entry.duration);
    observer.disconnect();
    return {
      stepPx,
      frameIntervals,
      longTasks,
      durationMs: last - first,
      scrollHeight,
      documentRows: document.querySelectorAll('tr').length,
      regionRows: element.querySelectorAll('tr').length,
    };
  }, step);
}

const mean = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1);
const share = (values: readonly number[], over: number) =>
  `${((100 * values.filter((value) => value > over).length) / Math.max(values.length, 1)).toFixed(1)} %`;
const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** Chromium's main-thread totals (CDP Performance.getMetrics), in seconds where a duration. */
type MainThread = Record<
  'TaskDuration' | 'ScriptDuration' | 'LayoutDuration' | 'RecalcStyleDuration',
  number
>;

async function mainThread(cdp: CDPSession): Promise<MainThread> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const value = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? 0;
  return {
    TaskDuration: value('TaskDuration'),
    ScriptDuration: value('ScriptDuration'),
    LayoutDuration: value('LayoutDuration'),
    RecalcStyleDuration: value('RecalcStyleDuration'),
  };
}

function printPass(pass: ScrollPass, step: Step, busy: MainThread): void {
  const sorted = [...pass.frameIntervals].sort((a, b) => a - b);
  const longTotal = pass.longTasks.reduce((sum, ms) => sum + ms, 0);
  const label = step === 'viewport' ? `a viewport (${pass.stepPx} px)` : `${pass.stepPx} px`;
  printTable(`Scroll pass: ${label} per frame, top to bottom and back:`, [
    [
      'frames',
      `${sorted.length} in ${(pass.durationMs / 1000).toFixed(1)} s, over ${pass.scrollHeight.toLocaleString('en')} px each way`,
    ],
    [
      'frame interval',
      `p50 ${formatMs(percentile(sorted, 0.5))}  p95 ${formatMs(percentile(sorted, 0.95))}  p99 ${formatMs(percentile(sorted, 0.99))}  max ${formatMs(sorted.at(-1) ?? Number.NaN)}`,
    ],
    // Over 17.7 ms: longer than a 60 Hz frame beyond the timestamps' jitter (a frame missed).
    ['frames > 16.7 ms', share(sorted, FRAME_MS + JITTER_MS)],
    ['frames > 50 ms', share(sorted, 50)],
    ['long tasks', `${pass.longTasks.length}, ${formatMs(longTotal)} in all`],
    // Where the main thread's time went (painting is rasterised off it, in software here).
    [
      'main thread',
      `${busy.TaskDuration.toFixed(1)} s busy: script ${busy.ScriptDuration.toFixed(1)} s, layout ${busy.LayoutDuration.toFixed(1)} s, style ${busy.RecalcStyleDuration.toFixed(1)} s`,
    ],
    ['<tr> in the DOM', `${pass.documentRows} (${pass.regionRows} in the table's region)`],
  ]);
}

/** Runs the benchmark and prints its report; answers its figures (for bench/all.ts). */
export async function runHistoryScroll(
  given: Partial<HistoryScrollOptions> = {},
): Promise<HistoryScrollFigures> {
  const options: HistoryScrollOptions = { ...defaultHistoryScrollOptions, ...given };
  const { logs: LOGS, customers: CUSTOMERS, steps: STEPS } = options;
  if (!(LOGS > 0) || STEPS.some((step) => step !== 'viewport' && !(step > 0)))
    throw new Error('--logs must be a positive number, --step pixels or `viewport`');
  console.log(`History scroll bench: ${LOGS} webhook logs loaded in the table (${machineLine()})`);
  const product = await startProduct({
    // The service's request lines would bury the figures (one per page).
    env: { ...(await freePortsEnv()), LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    inMemoryDatabase: true,
    // An empty workspace: the seeded logs are all the table holds.
    demoWorkspace: false,
    log: (line) => console.error(line),
  });
  const browser = await launchBrowser();
  try {
    const { shellUrl, serviceUrl = '', sandboxUrl = '', mongoUri = '' } = product;
    await signInThroughApi(browser.context, {
      baseUrl: shellUrl,
      sandboxUrl,
      email: DEMO_ADMIN_EMAIL,
    });
    const me = await browser.context.request.get(`${shellUrl}/api/admin/me`);
    if (!me.ok()) throw new Error(`GET /api/admin/me answered ${me.status()}`);
    const { id: adminId } = (await me.json()) as { id: string };
    // The admin is the first of the customers; staff see every customer's logs.
    const customers = benchCustomers(new Types.ObjectId(adminId), serviceUrl, CUSTOMERS);
    console.error(`Seeding ${LOGS} logs…`);
    const seedMs = await seedWebhookLogs(mongoUri, customers, LOGS);
    console.log(`Seeded in ${(seedMs / 1000).toFixed(1)} s`);

    const page = await browser.context.newPage();
    await page.setViewportSize(VIEWPORT);
    const cdp = await browser.context.newCDPSession(page);
    const { product: chromium } = await cdp.send('Browser.getVersion');
    const pages = watchListPages(page);
    await page.goto(`${shellUrl}${WEBHOOK_LOGS_PATH}`);
    const region = page.getByRole('region', { name: 'Webhook logs', exact: true });
    const rowAt = (index: number) => region.locator(`tbody tr[aria-rowindex="${index}"]`);
    await rowAt(2).waitFor({ timeout: PAGE_TIMEOUT_MS });

    const lastPage = Math.ceil(LOGS / PAGE_SIZE);
    console.log(`Before loading: ${loadLine()}`);
    const loadStarted = performance.now();
    const stopPinning = await pinToBottom(region);
    for (let number = 2; number <= lastPage; number++) await pages.arrival(number);
    await rowAt(LOGS + 1).waitFor({ timeout: PAGE_TIMEOUT_MS });
    const loadMs = performance.now() - loadStarted;
    await stopPinning.evaluate((stop) => stop());
    await stopPinning.dispose();
    // The header row counts in aria-rowcount.
    const rowCount = Number(await region.getByRole('table').getAttribute('aria-rowcount'));
    const lastIndex = await region
      .locator('tbody tr[aria-rowindex]')
      .last()
      .getAttribute('aria-rowindex');
    // Page to page: a fetch and a render of the table; the first and last 50 tell whether the
    // cost grows with the rows already loaded.
    const gaps = pages.gaps(2, lastPage);
    const sortedGaps = [...gaps].sort((a, b) => a - b);
    printTable('Loading (scrolled to the end, each page asked for as the last rows render):', [
      ['pages', `${lastPage} pages of ${PAGE_SIZE} rows (pages 2–${lastPage} timed)`],
      [
        'time',
        `${(loadMs / 1000).toFixed(1)} s, ${formatMs(loadMs / Math.max(lastPage - 1, 1))} per page`,
      ],
      [
        'page to page',
        `p50 ${formatMs(percentile(sortedGaps, 0.5))}  p95 ${formatMs(percentile(sortedGaps, 0.95))}; mean of the first 50 ${formatMs(mean(gaps.slice(0, 50)))}, of the last 50 ${formatMs(mean(gaps.slice(-50)))}`,
      ],
      [
        'rows',
        `aria-rowcount ${rowCount} (${rowCount - 1} rows + the header); last row's aria-rowindex ${lastIndex ?? '?'}`,
      ],
    ]);

    console.log(
      `Chromium ${chromium}, headless with --disable-gpu (no GPU: software rendering) on ${machineLine()}, viewport ${VIEWPORT.width}×${VIEWPORT.height}`,
    );
    await cdp.send('Performance.enable');
    const passes: ScrollPassFigures[] = [];
    for (const step of STEPS) {
      console.log(`Before the pass: ${loadLine()}`);
      const before = await mainThread(cdp);
      const pass = await scrollPass(region, step);
      const after = await mainThread(cdp);
      const busy: MainThread = {
        TaskDuration: after.TaskDuration - before.TaskDuration,
        ScriptDuration: after.ScriptDuration - before.ScriptDuration,
        LayoutDuration: after.LayoutDuration - before.LayoutDuration,
        RecalcStyleDuration: after.RecalcStyleDuration - before.RecalcStyleDuration,
      };
      printPass(pass, step, busy);
      const intervals = [...pass.frameIntervals].sort((a, b) => a - b);
      passes.push({
        step,
        frames: intervals.length,
        frameP50Ms: percentile(intervals, 0.5),
        frameP95Ms: percentile(intervals, 0.95),
        slowFrames:
          intervals.filter((value) => value > FRAME_MS + JITTER_MS).length /
          Math.max(intervals.length, 1),
        longTasks: pass.longTasks.length,
      });
    }

    const heap = await cdp.send('Runtime.getHeapUsage');
    await cdp.send('HeapProfiler.collectGarbage');
    const collected = await cdp.send('Runtime.getHeapUsage');
    console.log(
      `JS heap used ${megabytes(heap.usedSize)} (${megabytes(collected.usedSize)} after a forced GC) of ${megabytes(heap.totalSize)} allocated, with ${rowCount - 1} rows loaded`,
    );
    await cdp.detach();
    await page.close();
    console.log(`At the end: ${loadLine()}`);
    return {
      options,
      loadMs,
      perPageMs: loadMs / Math.max(lastPage - 1, 1),
      pageToPageP50Ms: percentile(sortedGaps, 0.5),
      pageToPageP95Ms: percentile(sortedGaps, 0.95),
      passes,
    };
  } finally {
    await browser.close();
    await product.stop();
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      logs: { type: 'string', default: String(defaultHistoryScrollOptions.logs) },
      customers: { type: 'string', default: String(defaultHistoryScrollOptions.customers) },
      step: { type: 'string', multiple: true, default: ['viewport'] },
    },
  });
  await runHistoryScroll({
    logs: Number(values.logs),
    customers: Number(values.customers),
    steps: values.step.map((step) => (step === 'viewport' ? 'viewport' : Number(step))),
  });
}
