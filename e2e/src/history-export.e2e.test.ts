// History > Webhook payloads exported as CSV in Chromium (issue 34 item 4): a customer with
// 10,000 logs of their own (and others' they must not get) clicks Export CSV; the file the
// browser saves has as many rows as the screen's count, theirs only, under the screen's filters.
// The other history tables export alike: History > Category Base Filter's journey below.
import { readFile } from 'node:fs/promises';
import { MongoClient, ObjectId } from 'mongodb';
import type { Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../../scripts/chromium';
import type { RunningProduct } from '../../scripts/product';
import { signInThroughApi } from '../../scripts/sign-in';
import { screenshot, startTestProduct } from './product-harness';
import { serviceCalls } from './service-calls';

const WEBHOOK_LOGS_PATH = '/admin/dashboard/history/webhook-logs';
const CATEGORY_PATH = '/admin/dashboard/history/category-base-filter-logs';
const CUSTOMER_EMAIL = 'erin.export@history-export.example';
const OTHER_EMAIL = 'otto.other@history-export.example';
const ROWS = 10_000;

let product: RunningProduct;
let mongo: MongoClient;
let customer: Browser;

/** A webhook log as the pipeline stores it (webhook-event.model.ts), of `userId`'s webhook. */
function storedLog(userId: ObjectId, email: string, index: number, receivedAt: Date) {
  const webhookId = new ObjectId();
  const lead = `lead${index}@prospect.example`;
  return {
    _id: new ObjectId(),
    webhookId,
    userId,
    userProfileId: new ObjectId(),
    userEmail: email,
    crm: 'HUBSPOT',
    hubId: '5550001',
    webhookUrl: `${product.shellUrl}/webhooks/code-${webhookId.toHexString()}`,
    test: false,
    path: `/webhooks/code-${webhookId.toHexString()}`,
    payloadJson: JSON.stringify({ event_type: 'EMAIL_SENT', to_email: lead }),
    platform: 'smartlead',
    rawEventType: 'EMAIL_SENT',
    eventType: 'EMAIL_SENT',
    summary: {
      subject: `Hello, lead ${index}`,
      to_email: lead,
      from_email: 'rep@agency.example',
      event_type: 'EMAIL_SENT',
    },
    leadKey: lead,
    leadEmail: lead,
    campaignId: '77',
    platformLeadId: String(index),
    event: null,
    // Every seventh failed: the Status filter's journey.
    status: index % 7 === 0 ? 'failed' : 'synced',
    reason: null,
    errors: [],
    steps: {},
    attempts: [],
    attemptCount: 1,
    nextAttemptAt: null,
    lease: null,
    receivedAt,
    syncedAt: null,
    updatedAt: receivedAt,
    expiresAt: new Date(receivedAt.getTime() + 30 * 86_400_000),
  };
}

/** An event of `userId`'s webhook the category filter held (category-hold.model.ts). */
function storedHold(userId: ObjectId, domain: string, index: number, createdAt: Date) {
  const webhookId = new ObjectId();
  const lead = `held${index}@${domain}`;
  return {
    _id: new ObjectId(),
    eventId: new ObjectId(),
    webhookId,
    userId,
    webhook_url: `${product.shellUrl}/webhooks/code-${webhookId.toHexString()}`,
    webhook_event: 'EMAIL_REPLY',
    // Every fourth in campaign 88: the Campaign ID filter's journey.
    campaign_id: index % 4 === 0 ? '88' : '77',
    lead_id: String(index),
    leadKey: lead,
    smartlead_base_categories: [
      { id: 'interested', name: 'Interested' },
      { id: 'meeting', name: 'Meeting booked' },
    ],
    category_name: 'Not Interested',
    dto: {
      subject: `Re: Hello, lead ${index}`,
      to_email: 'rep@agency.example',
      from_email: lead,
      event_type: 'EMAIL_REPLY',
    },
    created_at: createdAt,
    sent_at: null,
    expiresAt: new Date(createdAt.getTime() + 30 * 86_400_000),
  };
}

beforeAll(async () => {
  product = await startTestProduct();
  mongo = await MongoClient.connect(product.mongoUri ?? '');
  customer = await launchBrowser();
  await signInThroughApi(customer.context, {
    baseUrl: product.shellUrl,
    sandboxUrl: product.sandboxUrl ?? '',
    email: CUSTOMER_EMAIL,
  });
  const { getJson } = serviceCalls(() => product.shellUrl);
  const me = await getJson<{ id: string }>(customer.context.request, '/api/admin/me');
  const now = Date.now();
  const logs = Array.from({ length: ROWS }, (_, index) =>
    storedLog(new ObjectId(me.id), CUSTOMER_EMAIL, index, new Date(now - (index + 1) * 1000)),
  );
  const others = Array.from({ length: 25 }, (_, index) =>
    storedLog(new ObjectId(), OTHER_EMAIL, index, new Date(now - index * 1000)),
  );
  const collection = mongo.db().collection('webhookLogs');
  for (let start = 0; start < logs.length; start += 1000)
    await collection.insertMany(logs.slice(start, start + 1000));
  await collection.insertMany(others);
}, 300_000);

afterAll(async () => {
  await customer?.close();
  await mongo?.close();
  await product?.stop();
});

/** Clicks Export CSV and reads the file the browser saved: its header and rows. */
async function exportFrom(page: Page): Promise<{ name: string; header: string; rows: string[] }> {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  const path = await download.path();
  const text = await readFile(path, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const [header = '', ...rows] = text.slice(1).split('\r\n');
  // The file ends with a line break: the last "row" is empty.
  expect(rows.pop()).toBe('');
  return { name: download.suggestedFilename(), header, rows };
}

test('Export CSV saves as many rows as the count, the customer’s own, under the filters', async () => {
  const page = await customer.context.newPage();
  await page.goto(`${product.shellUrl}${WEBHOOK_LOGS_PATH}`);
  await page.getByText('Total results: 10000', { exact: true }).waitFor({ timeout: 60_000 });
  const link = page.getByRole('link', { name: 'Export CSV' });
  expect(await link.getAttribute('title')).toBe(
    'Downloads the 10,000 rows these filters show, as a CSV file.',
  );
  await screenshot(page, 'history-export-ready');

  const all = await exportFrom(page);
  expect(all.name).toMatch(/^outsync-webhook-logs-\d{4}-\d{2}-\d{2}T\d{4}\.csv$/);
  expect(all.header.split(',').slice(0, 3)).toEqual(['ID', 'User', 'Hub ID']);
  expect(all.rows).toHaveLength(ROWS);
  expect(all.rows.filter((row) => row.includes(OTHER_EMAIL))).toEqual([]);
  // Newest first, as the list: lead 0 was received last.
  expect(all.rows[0]).toContain('lead0@prospect.example');

  // The Status filter (here from the sync problems banner's link) narrows the file as it
  // narrows the list.
  await page.goto(`${product.shellUrl}${WEBHOOK_LOGS_PATH}?status=failed`);
  const failed = Math.ceil(ROWS / 7);
  await page.getByText(`Total results: ${failed}`, { exact: true }).waitFor({ timeout: 60_000 });
  const filtered = await exportFrom(page);
  expect(filtered.rows).toHaveLength(failed);
  expect(filtered.rows.every((row) => row.includes(',failed,'))).toBe(true);
  await page.close();
}, 300_000);

test('Category Base Filter: Export CSV saves as many rows as the count line, the customer’s own', async () => {
  const held = 2_500;
  const { getJson } = serviceCalls(() => product.shellUrl);
  const me = await getJson<{ id: string }>(customer.context.request, '/api/admin/me');
  const now = Date.now();
  await mongo
    .db()
    .collection('categoryBaseFilters')
    .insertMany([
      ...Array.from({ length: held }, (_, index) =>
        storedHold(
          new ObjectId(me.id),
          'prospect.example',
          index,
          new Date(now - (index + 1) * 1000),
        ),
      ),
      ...Array.from({ length: 25 }, (_, index) =>
        storedHold(new ObjectId(), 'elsewhere.example', index, new Date(now - index * 1000)),
      ),
    ]);
  const page = await customer.context.newPage();
  await page.goto(`${product.shellUrl}${CATEGORY_PATH}`);
  await page.getByText(`Total results: ${held}`, { exact: true }).waitFor({ timeout: 60_000 });
  expect(await page.getByRole('link', { name: 'Export CSV' }).getAttribute('title')).toBe(
    'Downloads the 2,500 rows these filters show, as a CSV file.',
  );
  await screenshot(page, 'history-export-category-ready');

  const all = await exportFrom(page);
  expect(all.name).toMatch(/^outsync-category-base-filter-logs-\d{4}-\d{2}-\d{2}T\d{4}\.csv$/);
  expect(all.header.split(',').slice(0, 4)).toEqual(['ID', 'Webhook ID', 'Webhook URL', 'Event']);
  expect(all.rows).toHaveLength(held);
  expect(all.rows.filter((row) => row.includes('@elsewhere.example'))).toEqual([]);
  // Newest first, as the list: lead 0 was held last.
  expect(all.rows[0]).toContain('held0@prospect.example');

  // The Campaign ID filter narrows the file as it narrows the list.
  const campaign = page.getByRole('textbox', { name: 'Campaign ID' });
  await campaign.fill('88');
  await campaign.press('Enter');
  const inCampaign = held / 4;
  await page
    .getByText(`Total results: ${inCampaign}`, { exact: true })
    .waitFor({ timeout: 60_000 });
  const filtered = await exportFrom(page);
  expect(filtered.rows).toHaveLength(inCampaign);
  expect(filtered.rows.every((row) => row.includes(',EMAIL_REPLY,88,'))).toBe(true);
  await page.close();
}, 300_000);
