// The live view of a webhook (issue 34, item 1) in Chromium against the product as `npm start`
// runs it: from the Webhooks table's "Live", the events of a simulated Smartlead campaign appear
// as the webhook receives them (through the shell's proxy, the service's stream fed by the
// database) and move on to Synced; a paused view counts what arrived meanwhile and shows it on
// Resume. In a partner's portal the embedded module's live view streams with its embed token.
import type { Locator, Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../../scripts/chromium';
import { DEMO_ADMIN_EMAIL, type RunningProduct } from '../../scripts/product';
import { signInThroughApi } from '../../scripts/sign-in';
import { expectAccessible } from './accessibility';
import { screenshot, startTestProduct } from './product-harness';
import { sandboxPost } from './sandbox-calls';
import { serviceCalls } from './service-calls';

type WebhookRow = {
  id: string;
  webhookUrl: string;
  emailService: string | null;
  user: { profile: string };
};
type CampaignRun = { events: number; accepted: number };

/** Generous: the view shows an event within a second of receipt; the machine may be busy. */
const ROW_WAIT_MS = 10_000;

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
  admin = await launchBrowser();
  await signInThroughApi(admin.context, {
    baseUrl: product.shellUrl,
    sandboxUrl,
    email: DEMO_ADMIN_EMAIL,
  });
  const { webhooks } = await getJson<{ webhooks: WebhookRow[] }>(
    admin.context.request,
    '/api/admin/webhooks',
  );
  const found = webhooks.find(
    (webhook) => webhook.user.profile === 'HUBSPOT' && webhook.emailService === 'smartlead',
  );
  if (!found) throw new Error('the demo workspace has no HubSpot webhook for Smartlead');
  webhookUrl = found.webhookUrl;
  webhookId = found.id;
  // The start builds the apps whose sources changed first.
}, 300_000);

afterAll(async () => {
  await admin?.close();
  await product?.stop();
});

const { getJson } = serviceCalls(() => product.shellUrl);

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

async function simulateEvent(url: string, lead: typeof FIRST_LEAD): Promise<void> {
  const sent = await sandboxPost<{ deliveries: { status: number | null }[] }>(
    sandboxUrl,
    '/simulate/event',
    { platform: 'smartlead', eventType: 'EMAIL_SENT', webhookUrl: url, lead },
  );
  expect(sent.deliveries.map((delivery) => delivery.status)).toEqual([200]);
}

describe('the live view of a webhook', () => {
  test("a campaign's events appear as they are received and move on to Synced", async () => {
    const page = await admin.context.newPage();
    await page.goto(`${product.shellUrl}/admin/dashboard/webhooks`);
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await rowOf(page, webhookUrl).getByRole('button', { name: 'Live' }).click();
    const dialog = page.getByRole('dialog', { name: /^Live events: .+'s webhook$/ });
    await dialog
      .getByText(
        'Smartlead events appear here as they are received, then change as they are held, synced or fail.',
      )
      .waitFor();
    await dialog.getByRole('status').getByText('Live', { exact: true }).waitFor();
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
    const page = await admin.context.newPage();
    await page.goto(`${product.shellUrl}/admin/dashboard/webhooks`);
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await rowOf(page, webhookUrl).getByRole('button', { name: 'Live' }).click();
    const dialog = page.getByRole('dialog', { name: /^Live events: / });
    await dialog.getByRole('status').getByText('Live', { exact: true }).waitFor();

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
    await screenshot(page, 'live-view-paused', { fullPage: false });

    await dialog.getByRole('button', { name: 'Resume' }).click();
    for (const lead of WHILE_PAUSED) await rowOfLead(dialog, lead.email).waitFor();
    await dialog.getByRole('status').getByText('Live', { exact: true }).waitFor();
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
  test('the embedded module streams its customer’s events with the embed token', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.context.newPage();
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
    } finally {
      await browser.close();
    }
  });
});
