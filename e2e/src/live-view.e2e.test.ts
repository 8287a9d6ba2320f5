// The live view of a webhook (issue 34, item 1) in Chromium against the product as `npm start`
// runs it: from the Webhooks table's "Live", the events of a simulated Smartlead campaign appear
// as the webhook receives them (through the shell's proxy, the service's stream fed by the
// database) and move on to Synced; a paused view counts what arrived meanwhile and shows it on
// Resume; a view cut off (the shell's proxy stops) says it is reconnecting and, once back, shows
// the events received meanwhile, each once; a view opened while its stream is refused gets, once
// it is not, the events received since it opened. In a partner's portal the embedded module's
// live view streams with its embed token, and it and the settings dialog's dry-run preview
// (item 2) are checked with axe and photographed in the portal's dark and light themes.
import type { Locator, Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../../scripts/chromium';
import { DEMO_ADMIN_EMAIL, type RunningProduct } from '../../scripts/product';
import { expectAccessible } from './accessibility';
import { screenshot, signedInBrowsers, startTestProduct } from './product-harness';
import {
  sandboxPost,
  simulateSmartleadEvent,
  type CampaignRun,
  type SimulatedLead,
} from './sandbox-calls';
import { demoSmartleadWebhook, type WebhookRow } from './service-calls';

/** Generous: the view shows an event within a second of receipt; the machine may be busy. */
const ROW_WAIT_MS = 10_000;
/** The view retries a lost stream with a growing wait (1 s, 2 s, 4 s, … up to 15 s). */
const RECONNECT_WAIT_MS = 40_000;

const FIRST_LEAD = {
  email: 'lena.live@live-view-e2e.example',
  firstName: 'Lena',
  lastName: 'Live',
  companyName: 'Live Signals',
};
const WHILE_PAUSED = [
  {
    email: 'paul.paused@live-view-e2e.example',
    firstName: 'Paul',
    lastName: 'Paused',
    companyName: 'Pause Point',
  },
  {
    email: 'pia.paused@live-view-e2e.example',
    firstName: 'Pia',
    lastName: 'Paused',
    companyName: 'Pause Point',
  },
];
const BEFORE_CUT = {
  email: 'bruno.before@live-view-e2e.example',
  firstName: 'Bruno',
  lastName: 'Before',
  companyName: 'Cut Cables',
};
const WHILE_CUT = [
  {
    email: 'dora.down@live-view-e2e.example',
    firstName: 'Dora',
    lastName: 'Down',
    companyName: 'Cut Cables',
  },
  {
    email: 'otto.offline@live-view-e2e.example',
    firstName: 'Otto',
    lastName: 'Offline',
    companyName: 'Cut Cables',
  },
];
const WHILE_UNREACHABLE = [
  {
    email: 'uma.unreachable@live-view-e2e.example',
    firstName: 'Uma',
    lastName: 'Unreachable',
    companyName: 'Closed Ports',
  },
  {
    email: 'ugo.unreachable@live-view-e2e.example',
    firstName: 'Ugo',
    lastName: 'Unreachable',
    companyName: 'Closed Ports',
  },
];
const HISTORY_LEAD = {
  email: 'hugo.history@live-view-e2e.example',
  firstName: 'Hugo',
  lastName: 'History',
  companyName: 'History Hall',
};
const PARTNER_LEAD = {
  email: 'nia.northwind@live-view-e2e.example',
  firstName: 'Nia',
  lastName: 'Northwind',
  companyName: 'Northwind Leads',
};

let product: RunningProduct;
let sandboxUrl: string;
let admin: Browser;
/** The demo's HubSpot webhook for Smartlead. */
let webhookUrl: string;
let webhookId: string;

beforeAll(async () => {
  product = await startTestProduct({ demoWorkspace: true });
  sandboxUrl = product.sandboxUrl ?? '';
  ({ admin } = await signedInBrowsers(product, { admin: DEMO_ADMIN_EMAIL }));
  ({ webhookUrl, id: webhookId } = await demoSmartleadWebhook(
    product.shellUrl,
    admin.context.request,
  ));
  // The start builds the apps whose sources changed first.
}, 300_000);

afterAll(async () => {
  await admin?.close();
  await product?.stop();
});

/** The table's row of the webhook at `url`, by the URL it shows. */
function rowOf(page: Page, url: string): Locator {
  return page
    .getByRole('table', { name: 'Existing webhooks:', exact: true })
    .getByRole('row')
    .filter({ hasText: url });
}

function liveRows(dialog: Locator): Locator {
  return dialog.getByRole('table', { name: 'Events received while this view is open' });
}

function rowOfLead(dialog: Locator, email: string): Locator {
  return liveRows(dialog).getByRole('row').filter({ hasText: email });
}

function simulateEvent(url: string, lead: SimulatedLead): Promise<unknown> {
  return simulateSmartleadEvent(sandboxUrl, url, 'EMAIL_SENT', lead);
}

/** A request for a webhook's live stream. */
const isStream = (url: URL) => /\/api\/admin\/webhooks\/[0-9a-f]{24}\/live$/.test(url.pathname);

/** The admin's Webhooks page at 1280 px. */
async function openWebhooksPage(): Promise<Page> {
  const page = await admin.context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${product.shellUrl}/admin/dashboard/webhooks`);
  await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
  return page;
}

/** Opens the demo webhook's Live dialog (without waiting for its stream). */
async function openLiveDialog(page: Page): Promise<Locator> {
  await rowOf(page, webhookUrl).getByRole('button', { name: 'Live' }).click();
  return page.getByRole('dialog', { name: /^Live events: .+'s webhook$/ });
}

/** The Webhooks page with the demo webhook's Live dialog open and live. */
async function openLiveView(): Promise<{ page: Page; dialog: Locator }> {
  const page = await openWebhooksPage();
  const dialog = await openLiveDialog(page);
  await dialog.getByRole('status').getByText('Live', { exact: true }).waitFor();
  return { page, dialog };
}

/**
 * After its stream came back: the view is Live again, each of `arrived` shows as Synced, and each
 * of `shown` (those and the rows it had) is one row.
 */
async function expectCaughtUp(
  dialog: Locator,
  arrived: readonly SimulatedLead[],
  shown: readonly SimulatedLead[] = arrived,
): Promise<void> {
  await dialog
    .getByRole('status')
    .getByText('Live', { exact: true })
    .waitFor({ timeout: RECONNECT_WAIT_MS });
  for (const lead of arrived)
    await rowOfLead(dialog, lead.email)
      .getByText('Synced', { exact: true })
      .waitFor({ timeout: 30_000 });
  for (const lead of shown) await expect(rowOfLead(dialog, lead.email).count()).resolves.toBe(1);
}

describe('the live view of a webhook', () => {
  test("a campaign's events appear as they are received and move on to Synced", async () => {
    const { page, dialog } = await openLiveView();
    await dialog
      .getByText(
        'Smartlead events appear here as they are received, then change as they are held, synced or fail.',
      )
      .waitFor();
    await dialog
      .getByText(
        'Waiting for events. Send a test or start a campaign: its events appear here as they arrive.',
      )
      .waitFor();

    await simulateEvent(webhookUrl, FIRST_LEAD);
    const row = rowOfLead(dialog, FIRST_LEAD.email);
    await row.waitFor({ timeout: ROW_WAIT_MS });
    await expect(row.getByText('EMAIL_SENT').count()).resolves.toBe(1);
    // The sync runs after the webhook answered: the same row moves on.
    await row.getByText('Synced', { exact: true }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'live-view', { fullPage: false });
    await expectAccessible(page);
    await page.close();
  });

  test('a paused view counts the events that arrived meanwhile and shows them on Resume', async () => {
    const { page, dialog } = await openLiveView();

    await dialog.getByRole('button', { name: 'Pause' }).click();
    await dialog.getByText('Paused: 0 new events arrived meanwhile.').waitFor();
    const run = await sandboxPost<CampaignRun>(sandboxUrl, '/simulate/campaign', {
      platform: 'smartlead',
      webhookUrl,
      leads: WHILE_PAUSED,
      eventTypes: ['EMAIL_SENT'],
    });
    expect(run).toMatchObject({ events: 2, accepted: 2 });
    await dialog
      .getByText('Paused: 2 new events arrived meanwhile.')
      .waitFor({ timeout: ROW_WAIT_MS });
    await expect(rowOfLead(dialog, WHILE_PAUSED[0]!.email).count()).resolves.toBe(0);
    await dialog
      .getByText('Events that arrive while the view is paused appear here on Resume.')
      .waitFor();
    await screenshot(page, 'live-view-paused', { fullPage: false });

    await dialog.getByRole('button', { name: 'Resume' }).click();
    for (const lead of WHILE_PAUSED) await rowOfLead(dialog, lead.email).waitFor();
    await dialog.getByRole('status').getByText('Live', { exact: true }).waitFor();
    // Paused again over the rows it shows: what a reader of them sees.
    await dialog.getByRole('button', { name: 'Pause' }).click();
    await dialog.getByText('Paused: 0 new events arrived meanwhile.').waitFor();
    await screenshot(page, 'live-view-paused-rows', { fullPage: false });
    await expectAccessible(page);
    await page.close();
  });

  test('a view cut off from the service says so, and once back shows what it missed, once', async () => {
    const { page, dialog } = await openLiveView();
    await simulateEvent(webhookUrl, BEFORE_CUT);
    await rowOfLead(dialog, BEFORE_CUT.email).waitFor({ timeout: ROW_WAIT_MS });

    // The view's next call for its stream after the cut.
    const again = page.waitForRequest((request) => isStream(new URL(request.url())));
    // The shell's proxy stops: the stream is cut, the page stays open.
    await product.stopApp('shell');
    try {
      await dialog
        .getByRole('status')
        .getByText('Connection lost. Reconnecting…', { exact: true })
        .waitFor({ timeout: ROW_WAIT_MS });
      await screenshot(page, 'live-view-reconnecting', { fullPage: false });
      await expectAccessible(page);
      // Meanwhile the campaign goes on: its events reach the service directly.
      const direct = new URL(new URL(webhookUrl).pathname, product.serviceUrl).href;
      for (const lead of WHILE_CUT) await simulateEvent(direct, lead);
      await expect(rowOfLead(dialog, WHILE_CUT[0]!.email).count()).resolves.toBe(0);
    } finally {
      await product.startApp('shell');
    }

    // It asks for what changed since the last event it got (issue 34: "with the last event id").
    expect(await (await again).headerValue('last-event-id')).toMatch(/^\d+\.[0-9a-f]{24}$/);
    await expectCaughtUp(dialog, WHILE_CUT, [BEFORE_CUT, ...WHILE_CUT]);
    await screenshot(page, 'live-view-reconnected', { fullPage: false });
    await page.close();
  });
});

describe('a view opened while its stream cannot be reached', () => {
  test('says so, and once the stream answers shows what arrived since it opened, once', async () => {
    const page = await openWebhooksPage();
    // Only the stream is refused (a proxy in between failing it): the page itself works.
    await page.route(isStream, (route) => route.abort('connectionrefused'));
    const dialog = await openLiveDialog(page);
    await dialog
      .getByRole('status')
      .getByText('Connection lost. Reconnecting…', { exact: true })
      .waitFor({ timeout: ROW_WAIT_MS });
    // The campaign goes on while the view has never been connected.
    for (const lead of WHILE_UNREACHABLE) await simulateEvent(webhookUrl, lead);

    const again = page.waitForRequest((request) => isStream(new URL(request.url())));
    await page.unroute(isStream);
    // No event came to resume from: it asks for what changed since the moment it opened.
    expect(await (await again).headerValue('last-event-id')).toMatch(/^\d+\.$/);
    await expectCaughtUp(dialog, WHILE_UNREACHABLE);
    await page.close();
  });
});

describe('from History', () => {
  test("a log's Watch live opens its webhook's live view on the Webhooks page", async () => {
    await simulateEvent(webhookUrl, HISTORY_LEAD);
    const page = await admin.context.newPage();
    // Wide enough that the User column (the link is under its webhook id) is not folded into
    // each row's details, as a narrower table does.
    await page.setViewportSize({ width: 1920, height: 1000 });
    await page.goto(`${product.shellUrl}/admin/dashboard/history/webhook-logs`);
    await page.getByRole('heading', { level: 1, name: 'Webhook payloads' }).waitFor();
    const field = page.getByPlaceholder('Find By email');
    await field.fill(HISTORY_LEAD.email);
    await field.press('Enter');
    await page.getByText('Total results: 1', { exact: true }).waitFor();
    await page
      .getByRole('link', { name: `Watch live: webhook ${webhookId}` })
      .first()
      .click();

    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    expect(new URL(page.url()).search).toBe(`?live=${webhookId}`);
    const dialog = page.getByRole('dialog', { name: /^Live events: / });
    await dialog.getByRole('status').getByText('Live', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');
    await page.close();
  });
});

describe('in a partner’s portal', () => {
  /** Only the module is ours: the partner's page around it is not checked. */
  const EMBED = 'outsync-webhooks';

  /**
   * The portal's Dark box set to `mode`. Clicked by script: the open modal dialog makes the
   * partner's page around it inert to the pointer.
   */
  async function theme(page: Page, mode: 'light' | 'dark'): Promise<void> {
    await page.locator('#dark').evaluate((box, checked) => {
      if ((box as HTMLInputElement).checked !== checked) (box as HTMLInputElement).click();
    }, mode === 'dark');
    await page.locator(`${EMBED} [data-outsync-theme="${mode}"]`).first().waitFor();
  }

  test('the embedded module streams its customer’s events with the embed token', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.context.newPage();
      await page.setViewportSize({ width: 1280, height: 800 });
      const streamed = page.waitForRequest((request) =>
        /\/api\/admin\/webhooks\/[0-9a-f]{24}\/live$/.test(new URL(request.url()).pathname),
      );
      // The customer's webhooks, as the module reads them with its token.
      const listed = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/api/admin/webhooks',
      );
      await page.goto(`${product.partnerDemoUrl ?? ''}/?customer=northwind`);
      await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
      // The partner's dark theme: the view's colours are the design system's in both.
      await page.getByRole('checkbox', { name: 'Dark' }).check();
      const { webhooks } = (await (await listed).json()) as { webhooks: WebhookRow[] };
      const url = webhooks.find((webhook) => webhook.emailService === 'smartlead')?.webhookUrl;
      if (!url) throw new Error('the partner demo customer has no Smartlead webhook');
      await rowOf(page, url).getByRole('button', { name: 'Live' }).click();
      expect(await (await streamed).headerValue('authorization')).toMatch(/^Bearer oset_/);
      const dialog = page.getByRole('dialog', { name: /^Live events: / });
      await dialog.getByRole('status').getByText('Live', { exact: true }).waitFor();

      await simulateEvent(url, PARTNER_LEAD);
      await rowOfLead(dialog, PARTNER_LEAD.email).waitFor({ timeout: ROW_WAIT_MS });
      await screenshot(page, 'live-view-partner-embed-dark', { fullPage: false });
      await expectAccessible(page, EMBED);
      await dialog.getByRole('button', { name: 'Pause' }).click();
      await dialog.getByText('Paused: 0 new events arrived meanwhile.').waitFor();
      await screenshot(page, 'live-view-partner-embed-dark-paused', { fullPage: false });
      await expectAccessible(page, EMBED);
      // The same view in the light theme.
      await theme(page, 'light');
      await screenshot(page, 'live-view-partner-embed-paused', { fullPage: false });
      await expectAccessible(page, EMBED);
      await dialog.getByRole('button', { name: 'Resume' }).click();
      await dialog.getByRole('status').getByText('Live', { exact: true }).waitFor();
      await screenshot(page, 'live-view-partner-embed', { fullPage: false });
      await expectAccessible(page, EMBED);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });

      // The settings dialog's dry-run preview (item 2), showing a result, in both themes.
      await rowOf(page, url).getByRole('button', { name: 'Webhook Settings' }).click();
      const settings = page.getByRole('dialog', { name: /^Update Webhook/ });
      const preview = settings.getByRole('region', { name: 'Preview' });
      await preview.getByRole('combobox', { name: 'Sample event', exact: true }).click();
      await page.getByRole('option', { name: 'Test event: EMAIL_SENT' }).click();
      await preview.getByRole('button', { name: 'Preview', exact: true }).click();
      const result = preview.getByRole('region', { name: 'What this event would do' });
      await result
        .getByText(/^Would /)
        .first()
        .waitFor();
      await result.scrollIntoViewIfNeeded();
      await screenshot(page, 'webhooks-settings-preview-partner-embed', { fullPage: false });
      await expectAccessible(page, EMBED);
      await theme(page, 'dark');
      await screenshot(page, 'webhooks-settings-preview-partner-embed-dark', { fullPage: false });
      await expectAccessible(page, EMBED);
      await page.keyboard.press('Escape');
      await settings.waitFor({ state: 'detached' });

      // The import dialog (item 3). The demo customer's profile has no Smartlead key: the dialog
      // says so instead of offering a form it could not start. Both themes.
      await rowOf(page, url).getByRole('button', { name: 'Import past activity' }).click();
      const backfill = page.getByRole('dialog', { name: /^Import past activity: .+'s webhook$/ });
      await backfill
        .getByText(
          "Past activity is read with a Smartlead API key, and this webhook's profile has none. Add one to the profile, then import.",
        )
        .waitFor();
      expect(await backfill.getByRole('button', { name: 'Start import' }).count()).toBe(0);
      await screenshot(page, 'backfill-no-key-partner-embed-dark', { fullPage: false });
      await expectAccessible(page, EMBED);
      await theme(page, 'light');
      await screenshot(page, 'backfill-no-key-partner-embed', { fullPage: false });
      await expectAccessible(page, EMBED);
    } finally {
      await browser.close();
    }
  });
});
