// "Import past activity" in Chromium (issue 34, item 3): 1,000 past EmailBison e-mails over 100
// leads are seeded in the sandbox (bison's history rebuilds the most: sends, replies, bounces);
// the first page of them is delivered to the webhook by webhook first and synced. Then, from the
// Webhooks table, the customer imports the range and campaign, sees the bar move, the service is
// restarted mid-way (same database), and the import completes in the browser; the sandbox's
// HubSpot holds each past e-mail exactly once.
import type { Locator, Page } from 'playwright-core';
import { authorizeInSandbox, BISON_DEMO_INSTANCE_PATH, DEMO_API_KEYS } from '@outsync/sandbox';
import { createBisonHistoryReader } from '../../sync-service/src/connectors/platforms/history';
import { launchBrowser, type Browser } from '../../scripts/chromium';
import { DEMO_ADMIN_EMAIL, type RunningProduct } from '../../scripts/product';
import { signInThroughApi } from '../../scripts/sign-in';
import { expectAccessible } from './accessibility';
import { ownProfileId, screenshot, startTestProduct } from './product-harness';
import { eventually, sandboxPost } from './sandbox-calls';
import { serviceCalls } from './service-calls';

type Seeded = { events: number; campaigns: Array<{ id: number; name: string; events: number }> };
type Backfill = {
  id: string;
  status: string;
  eventsFound: number;
  queued: number;
  skipped: number;
  fraction: number | null;
};
type HubspotRow = Record<string, unknown> & { id: string; associations: string };

const DAY_MS = 86_400_000;
/** History seeded over the last 25 days before today: inside the dialog's default 30 days. */
const today = new Date(new Date().setUTCHours(0, 0, 0, 0));
const seededFrom = new Date(today.getTime() - 25 * DAY_MS);

let product: RunningProduct;
let sandboxUrl: string;
let admin: Browser;
let webhookUrl: string;
let webhookId: string;
let seeded: Seeded;
/** Every seeded event as the bison webhook would have posted it, with its own time. */
const history: Array<{ payload: Record<string, unknown>; occurredAt: string }> = [];
/** The first history page's events: delivered by webhook before the import. */
let delivered = 0;

const { getJson, sendJson } = serviceCalls(() => product.shellUrl);

beforeAll(async () => {
  // No demo workspace (its block lists and live campaign cost ~20 s): HubSpot, a bison key and
  // the webhook are set up below, as a customer would.
  product = await startTestProduct({
    env: { SYNC_BATCH_WINDOW_MS: '20', SHUTDOWN_TIMEOUT_MS: '15000' },
  });
  sandboxUrl = product.sandboxUrl ?? '';
  admin = await launchBrowser();
  await signInThroughApi(admin.context, {
    baseUrl: product.shellUrl,
    sandboxUrl,
    email: DEMO_ADMIN_EMAIL,
  });
  const request = admin.context.request;
  // The journey is about the import, not about HubSpot's 190 calls per 10 s.
  await sandboxPost(sandboxUrl, '/_faults', { system: '*', rateLimit: 0 });

  seeded = await sandboxPost<Seeded>(sandboxUrl, '/_sandbox/platforms/bison/history', {
    leads: 100,
    events: 1000,
    campaigns: 1,
    seed: 34,
    from: seededFrom.toISOString(),
    to: today.toISOString(),
  });

  // HubSpot connected, a bison key on its profile, and a HubSpot webhook for EmailBison.
  const { url } = await getJson<{ url: string }>(request, '/api/admin/hubspot/authorize-url');
  const backTo = await authorizeInSandbox(url);
  const connected = await request.get(`${product.shellUrl}${backTo.pathname}${backTo.search}`, {
    maxRedirects: 0,
  });
  if (connected.status() >= 400)
    throw new Error(`the HubSpot callback answered ${connected.status()}`);
  const profileId = await ownProfileId(product.shellUrl, request, 'HUBSPOT');
  await sendJson(request, 'POST', '/api/admin/dashboard/api-keys', {
    platform: 'bison',
    apiKey: DEMO_API_KEYS.bison,
    description: 'Agency bison',
    baseUrl: `${sandboxUrl}${BISON_DEMO_INSTANCE_PATH}`,
    userProfileId: profileId,
  });
  const { owners } = await getJson<{ owners: Array<Record<string, unknown>> }>(
    request,
    `/api/admin/hubspot/owners-and-user-accounts/${profileId}`,
  );
  const code = String(await sendJson<unknown>(request, 'POST', '/api/admin/webhooks/generate'));
  const created = await sendJson<{ id: string; webhookUrl: string }>(
    request,
    'POST',
    '/api/admin/webhooks',
    {
      userProfileId: profileId,
      selectedOwner: owners[0],
      emailService: { type: 'bison', name: 'EmailBison' },
      code,
      objectLookupMethod: 'default',
      createOrUpdateCompany: false,
      createContactCustomProperties: false,
      assignContactOwner: true,
      logType: 0,
    },
  );
  webhookUrl = created.webhookUrl;
  webhookId = created.id;

  // The history as bison's API gives it back, read the way the import reads it.
  const reader = createBisonHistoryReader({
    baseUrl: `${sandboxUrl}${BISON_DEMO_INSTANCE_PATH}`,
    apiKey: DEMO_API_KEYS.bison,
    retries: 0,
  });
  let page = 0;
  for await (const read of reader.read({
    from: seededFrom,
    to: today,
    campaigns: seeded.campaigns.map((campaign) => ({
      id: String(campaign.id),
      name: campaign.name,
    })),
  })) {
    history.push(...read.events);
    if (page++ === 0) delivered = read.events.length;
  }
  if (history.length !== 1000) throw new Error(`read ${history.length} past events, not 1,000`);
}, 300_000);

afterAll(async () => {
  await admin?.close();
  await product?.stop();
});

async function hubspotState(): Promise<Record<'contacts' | 'emails', HubspotRow[]>> {
  const response = await fetch(`${sandboxUrl}/_state/hubspot`);
  return (await response.json()) as Record<'contacts' | 'emails', HubspotRow[]>;
}

/** The HubSpot e-mails on contacts of seeded history leads, by their time (ms). */
async function historyEmailTimes(): Promise<number[]> {
  const state = await hubspotState();
  const contacts = new Set(
    state.contacts
      .filter((contact) => String(contact.email ?? '').includes('@history-co-'))
      .map((contact) => `contacts:${contact.id}[`),
  );
  return state.emails
    .filter((email) => [...contacts].some((prefix) => email.associations.includes(prefix)))
    .map((email) => timeOf(email.hs_timestamp))
    .sort((a, b) => a - b);
}

function timeOf(value: unknown): number {
  return typeof value === 'number' || /^\d+$/.test(String(value))
    ? Number(value)
    : Date.parse(String(value));
}

function rowOf(page: Page, url: string): Locator {
  return page
    .getByRole('table', { name: 'Existing webhooks:', exact: true })
    .getByRole('row')
    .filter({ hasText: url });
}

async function percentOf(bar: Locator): Promise<number | null> {
  const value = await bar.getAttribute('aria-valuenow');
  return value === null ? null : Number(value);
}

test('imports 1,000 past events once, through a service restart, without duplicating what was synced', async () => {
  // Some of the history arrived by webhook before the import, and is synced.
  const posted: number[] = [];
  const toDeliver = history.slice(0, delivered);
  for (let index = 0; index < toDeliver.length; index += 10) {
    const statuses = await Promise.all(
      toDeliver.slice(index, index + 10).map(async (event) => {
        const response = await fetch(webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(event.payload),
        });
        return response.status;
      }),
    );
    posted.push(...statuses);
  }
  expect(new Set(posted)).toEqual(new Set([200]));
  await eventually(
    `${delivered} delivered events synced`,
    async () => ((await historyEmailTimes()).length >= delivered ? true : undefined),
    60_000,
  );

  // Slow bison down a little, so the import is seen moving and is caught mid-way.
  await sandboxPost(sandboxUrl, '/_faults', { system: 'bison', latencyMs: 20 });
  const page = await admin.context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${product.shellUrl}/admin/dashboard/webhooks`);
  await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
  await rowOf(page, webhookUrl).getByRole('button', { name: 'Import past activity' }).click();
  const dialog = page.getByRole('dialog', { name: /^Import past activity: .+'s webhook$/ });
  await dialog
    .getByText(
      "EmailBison's API keeps no time for opens, unsubscribes or category changes, so these are not imported; sent e-mails, replies and bounces are.",
    )
    .waitFor();
  await dialog.getByLabel('From').fill(seededFrom.toISOString().slice(0, 10));
  const campaign = seeded.campaigns[0]?.name ?? '';
  await dialog.getByRole('combobox', { name: 'Campaigns' }).click();
  await page.getByRole('option', { name: campaign }).click();
  await page.keyboard.press('Escape');
  await screenshot(page, 'backfill-form', { fullPage: false });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Start import' }).click();

  const bar = dialog.getByRole('progressbar', { name: 'Import progress' });
  await bar.waitFor();
  // The bar moves: some of it done, not all.
  await eventually(
    'the bar moving',
    async () => {
      const percent = await percentOf(bar);
      return percent !== null && percent > 0 && percent < 100 ? percent : undefined;
    },
    30_000,
  );
  await screenshot(page, 'backfill-running', { fullPage: false });
  await expectAccessible(page);

  // A deploy mid-way: the service stops after the page it reads, and the next one goes on.
  await product.stopService();
  const before = await percentOf(bar);
  await sandboxPost(sandboxUrl, '/_faults', { system: 'bison', latencyMs: 0 });
  await product.startService();
  await dialog.getByText('Import complete.').waitFor({ timeout: 60_000 });
  expect(before).toBeLessThan(100);
  await dialog
    .getByText(
      `Imported ${(1000 - delivered).toLocaleString('en-US')} past events; ${delivered} were already synced and skipped.`,
    )
    .waitFor();
  await screenshot(page, 'backfill-complete', { fullPage: false });
  await expectAccessible(page);

  const backfill = (
    await getJson<{ backfills: Backfill[] }>(
      admin.context.request,
      `/api/admin/webhooks/${webhookId}/backfills`,
    )
  ).backfills[0];
  expect(backfill).toMatchObject({
    status: 'completed',
    eventsFound: 1000,
    queued: 1000 - delivered,
    skipped: delivered,
    fraction: 1,
  });

  // In HubSpot, each past e-mail once: none of the delivered ones twice, none missing.
  const expected = history.map((event) => Date.parse(event.occurredAt)).sort((a, b) => a - b);
  const synced = await eventually(
    'every past e-mail in HubSpot',
    async () => {
      const times = await historyEmailTimes();
      return times.length >= expected.length ? times : undefined;
    },
    60_000,
  );
  expect(synced).toEqual(expected);
  await page.close();
}, 180_000);
