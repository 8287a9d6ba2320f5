// The design-system gallery in real Chromium: built for production, served as static files.
// It checks what jsdom cannot: real focus, keyboard, layout and scrolling, and axe on the
// rendered page in both modes.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sirv from 'sirv';
import { launchBrowser, type Browser } from '../../scripts/chromium';
import { repoRoot } from '../../scripts/repo-root';
import { expectAccessible } from './accessibility';
import { screenshot } from './product-harness';

const galleryDir = path.join(repoRoot, 'ui/gallery');

// The sections the kit must show, whatever else sections/ holds.
const requiredSections = ['foundations', 'forms', 'overlays', 'data', 'selects'];
const sectionFiles = readdirSync(path.join(galleryDir, 'sections'))
  .filter((file) => file.endsWith('.tsx'))
  .map((file) => file.replace(/\.tsx$/, ''));
const expectedSections = [...new Set([...requiredSections, ...sectionFiles])];

let server: http.Server;
let galleryUrl: string;
let browser: Browser;

beforeAll(async () => {
  await buildGallery();
  galleryUrl = await serve(path.join(galleryDir, 'dist'));
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

describe('the design-system gallery', () => {
  test('renders every section, foundations first, with contents that link to them', async () => {
    const { page, errors } = await openGallery();
    for (const name of expectedSections) {
      const slot = await section(page, name);
      await slot.getByRole('heading', { level: 2 }).first().waitFor();
      // A section that threw shows an alert in its place instead.
      await expect(slot.getByRole('alert').count()).resolves.toBe(0);
    }

    const headings = await page.locator('[data-gallery-section] > section > h2').allTextContents();
    const contents = page.getByRole('navigation', { name: 'Contents' });
    await expect(contents.getByRole('link').allTextContents()).resolves.toEqual(headings);
    expect(headings[0]).toBe('Foundations');

    // The sticky header does not cover the heading a contents link jumps to.
    const last = contents.getByRole('link').last();
    const target = (await last.getAttribute('href')) ?? '';
    await last.click();
    await page.waitForFunction((hash) => location.hash === hash, target);
    const heading = await (
      await section(page, target.slice(1))
    )
      .getByRole('heading', { level: 2 })
      .first()
      .boundingBox();
    const header = await page.getByRole('banner').boundingBox();
    expect(heading?.y).toBeGreaterThanOrEqual(header?.height ?? 0);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('is accessible in light and dark mode, and remembers the mode', async () => {
    const { page, errors } = await openGallery('light');
    await expect(colourScheme(page)).resolves.toBe('light');
    // Saved first, so a failing check still leaves the picture to look at.
    await fullPageScreenshot(page, 'gallery-light');
    await expectAccessible(page);

    const modeSwitch = page.getByRole('switch', { name: 'Dark mode' });
    await modeSwitch.click();
    await expect(modeSwitch.getAttribute('aria-checked')).resolves.toBe('true');
    await expect(colourScheme(page)).resolves.toBe('dark');
    // Saved first, so a failing check still leaves the picture to look at.
    await fullPageScreenshot(page, 'gallery-dark');
    await expectAccessible(page);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'OutSync UI' }).waitFor();
    await expect(colourScheme(page)).resolves.toBe('dark');
    expect(errors).toEqual([]);
    await page.close();
  });

  test('a toast appears for each severity', async () => {
    const { page, errors } = await openGallery();
    const foundations = await section(page, 'foundations');
    const toasts = page.getByRole('region', { name: 'Notifications' });
    for (const [severity, role, summary] of [
      ['info', 'status', 'Info'],
      ['warning', 'alert', 'Warning'],
      ['error', 'alert', 'Error'],
      ['success', 'status', 'Success'],
    ] as const) {
      await foundations.getByRole('button', { name: `Show ${severity} toast` }).click();
      await toasts.getByRole(role).filter({ hasText: summary }).first().waitFor();
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  test('the dialog is modal: focus moves in, Tab stays in, Escape closes it, focus returns', async () => {
    const { page, errors } = await openGallery();
    const opener = (await section(page, 'overlays')).getByRole('button', {
      name: 'Open webhook settings',
    });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Webhook Settings' });
    await dialog.waitFor();
    await expect(isModal(dialog)).resolves.toBe(true);
    await expect(focusIsInside(dialog)).resolves.toBe(true);

    // Tab and Shift+Tab wrap inside the dialog, through its controls. A native modal <dialog>
    // may hand focus to the browser's own UI (the document then has no focused element) on the
    // way round; never to the page behind it.
    const visited = new Set<string>();
    for (const key of [...Array<string>(8).fill('Tab'), ...Array<string>(8).fill('Shift+Tab')]) {
      await page.keyboard.press(key);
      const focus = await focusWithin(dialog);
      expect(focus).not.toBe('page behind');
      if (focus !== 'outside the page') visited.add(focus);
    }
    expect(visited.size).toBeGreaterThanOrEqual(3);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect(opener.evaluate((element) => element === document.activeElement)).resolves.toBe(
      true,
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  test('a tooltip appears when its trigger gets keyboard focus', async () => {
    const { page, errors } = await openGallery();
    const overlays = await section(page, 'overlays');
    await expect(page.getByRole('tooltip').isVisible()).resolves.toBe(false);
    // Tab through the section as a keyboard user does, until a tooltip shows.
    await overlays.getByRole('heading', { level: 2 }).first().click();
    const tooltip = page.getByRole('tooltip');
    let shown = false;
    for (let step = 0; step < 30 && !shown; step += 1) {
      await page.keyboard.press('Tab');
      shown = await tooltip
        .first()
        .waitFor({ state: 'visible', timeout: 500 })
        .then(() => true)
        .catch(() => false);
    }
    expect(shown).toBe(true);
    // The focused trigger is described by the tooltip it shows.
    const tooltipId = await tooltip.first().getAttribute('id');
    const describedBy = await page.evaluate(
      () => document.activeElement?.getAttribute('aria-describedby') ?? '',
    );
    expect(describedBy.split(' ')).toContain(tooltipId);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('the multi-select opens with ArrowDown, filters as you type and keeps what Enter picks', async () => {
    const { page, errors } = await openGallery();
    const selects = await section(page, 'selects');
    const combobox = selects.getByRole('combobox', { name: 'Category-based filter', exact: true });
    const options = page
      .getByRole('listbox', { name: 'Category-based filter', exact: true })
      .getByRole('option');
    await combobox.focus();
    await page.keyboard.press('ArrowDown');
    await expect(combobox.getAttribute('aria-expanded')).resolves.toBe('true');
    await options.first().waitFor();
    const all = await options.allTextContents();

    await page.keyboard.type('office');
    await page.waitForFunction(
      ([id, count]) =>
        document.getElementById(id)?.querySelectorAll('[role="option"]').length !== count,
      [(await combobox.getAttribute('aria-controls')) ?? '', all.length] as const,
    );
    const filtered = await options.allTextContents();
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.length).toBeLessThan(all.length);
    for (const text of filtered) expect(text.toLowerCase()).toContain('office');

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await selects.getByRole('button', { name: 'Remove ID: 6 - Out Of Office' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  test('the virtual list renders what is near its viewport and loads more at its end', async () => {
    const { page, errors } = await openGallery();
    const data = await section(page, 'data');
    const list = data.getByRole('region', { name: 'Block list sync log' });
    await list.getByRole('listitem').first().waitFor();

    // The busy mark lasts the simulated page's 700 ms: watched from inside the page, so a test
    // process that is slow to poll (a loaded CI machine) cannot miss it.
    await watchBusy(list);
    // End on the focused scroll region scrolls it to the bottom, as a keyboard user does.
    await list.focus();
    await page.keyboard.press('End');
    await page.waitForFunction(() => {
      const seen = (window as BusyWatch).busyWatch;
      return seen?.lastPositionWhenBusy !== undefined && seen.region.ariaBusy === null;
    });
    const reachedBeforeLoading = await page.evaluate(
      () => (window as BusyWatch).busyWatch?.lastPositionWhenBusy ?? 0,
    );
    expect(reachedBeforeLoading).toBeGreaterThan(0);

    let reached = reachedBeforeLoading;
    for (let attempt = 0; attempt < 20 && reached <= reachedBeforeLoading; attempt += 1) {
      await page.keyboard.press('End');
      await page.waitForTimeout(100);
      reached = await lastPosition(list);
    }
    expect(reached).toBeGreaterThan(reachedBeforeLoading);
    // Items far above the viewport are not in the document.
    await expect(list.locator('[aria-posinset="1"]').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});

/** What watchBusy records in the page. */
type BusyWatch = Window & {
  busyWatch?: { region: Element; lastPositionWhenBusy?: number };
};

/**
 * Records in the page the moment a list's region is first marked busy, with the last position
 * it rendered then (before the next page arrives).
 */
async function watchBusy(list: Locator): Promise<void> {
  await list.evaluate((region) => {
    const watch: NonNullable<BusyWatch['busyWatch']> = { region };
    (window as BusyWatch).busyWatch = watch;
    const observer = new MutationObserver(() => {
      if (region.ariaBusy !== 'true') return;
      watch.lastPositionWhenBusy = Math.max(
        0,
        ...[...region.querySelectorAll('[role="listitem"]')].map((item) =>
          Number(item.getAttribute('aria-posinset')),
        ),
      );
      observer.disconnect();
    });
    observer.observe(region, { attributes: true, attributeFilter: ['aria-busy'] });
  });
}

/** The position (aria-posinset) of the last item a virtual list renders. */
function lastPosition(list: Locator): Promise<number> {
  return list
    .getByRole('listitem')
    .evaluateAll((items) =>
      Math.max(0, ...items.map((item) => Number(item.getAttribute('aria-posinset')))),
    );
}

/** Opens the gallery in the given mode (by the switch, as a user would) and records errors. */
async function openGallery(mode: 'light' | 'dark' = 'light') {
  const page = await browser.context.newPage();
  // Everything here is local and static: a wait that long means the thing is not there.
  page.setDefaultTimeout(10_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(galleryUrl);
  await page.getByRole('heading', { level: 1, name: 'OutSync UI' }).waitFor();
  const modeSwitch = page.getByRole('switch', { name: 'Dark mode' });
  const isDark = (await modeSwitch.getAttribute('aria-checked')) === 'true';
  if (isDark !== (mode === 'dark')) await modeSwitch.click();
  return { page, errors };
}

/**
 * A section's slot (its id, the contents' anchor, is the section's file name). Fails at once,
 * naming the file, when the gallery has no such section.
 */
async function section(page: Page, name: string): Promise<Locator> {
  const slot = page.locator(`[data-gallery-section="${name}"]`);
  if ((await slot.count()) === 0)
    throw new Error(`The gallery has no ui/gallery/sections/${name}.tsx.`);
  return slot;
}

/** From the top: scrolled, a full-page capture draws the sticky header mid-page. */
async function fullPageScreenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

function colourScheme(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);
}

/** Modal by aria-modal, or a native <dialog> opened with showModal(). */
function isModal(dialog: Locator): Promise<boolean> {
  return dialog.evaluate(
    (element) => element.getAttribute('aria-modal') === 'true' || element.matches('dialog:modal'),
  );
}

function focusIsInside(container: Locator): Promise<boolean> {
  return container.evaluate((element) => element.contains(document.activeElement));
}

/** Where focus is: the focused element inside the container, or which outside it is. */
function focusWithin(container: Locator): Promise<string> {
  return container.evaluate((element) => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return 'outside the page';
    if (!element.contains(focused)) return 'page behind';
    const index = [...element.querySelectorAll('*')].indexOf(focused);
    return `${focused.tagName.toLowerCase()} #${index}`;
  });
}

/** Builds the gallery as `npm run build:gallery -w ui` does. */
function buildGallery(): Promise<void> {
  const rspackCli = path.join(repoRoot, 'node_modules/@rspack/cli/bin/rspack.js');
  const child = spawn(
    process.execPath,
    [rspackCli, 'build', '-c', 'ui/gallery/rspack.config.ts', '--mode', 'production'],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`The gallery build failed:\n${output}`)),
    );
  });
}

/** Serves the built files on a port the OS picks, as any static host would. */
function serve(dist: string): Promise<string> {
  const files = sirv(dist, { etag: true });
  server = http.createServer((req, res) =>
    files(req, res, () => {
      res.statusCode = 404;
      res.end('Not found');
    }),
  );
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`),
    );
  });
}
