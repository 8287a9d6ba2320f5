// Events into Salesforce in Chromium against the product as `npm start` runs it (issue 12
// "Proof: e2e"): the demo admin creates an Instantly and an EmailBison webhook on the demo's
// Salesforce org through the create form (Lead, Upsert, Task Object of type Call, a custom
// subject); an Instantly reply and a bison LEAD_INTERESTED from the sandbox's event generator
// then update Leads that already exist in the sandbox's Salesforce and log a Task on each, its
// subject rendered from the event, as the sandbox's Salesforce inspection page shows.
import type { Locator, Page } from 'playwright-core';
import { SALESFORCE_DEMO_ACCESS_TOKEN, SALESFORCE_DEMO_INSTANCE_PATH } from '@outsync/sandbox';
import { launchBrowser, type Browser } from '../../scripts/chromium';
import { DEMO_ADMIN_EMAIL, type RunningProduct } from '../../scripts/product';
import { signInThroughApi } from '../../scripts/sign-in';
import { screenshot, startTestProduct } from './product-harness';
import { eventually as pollUntil, sandboxPost as postToSandbox } from './sandbox-calls';

/** What `/_state/salesforce` answers per record: its fields (the Task's `Who` is readable). */
type SalesforceRecord = { Id: string } & Record<string, string | boolean | number | null>;
type SalesforceState = Record<'leads' | 'tasks', SalesforceRecord[]>;
type Delivery = { url: string; status: number | null; body: unknown };
type SimulatedEvent = { payload: Record<string, unknown>; deliveries: Delivery[] };
type WebhookRow = {
  webhookUrl: string;
  emailService: string;
  logType: number;
  salesforceObjectType: string | null;
  salesforceOnlyUpdate: boolean;
  salesforceTaskType: string | null;
  customTaskSubject: string | null;
  user: { profile: string };
};

const CUSTOM_TASK_SUBJECT = '[E2E] {{ event_type }} from {{ to_name }} ({{ campaign_name }})';

/** People who are Leads in the org before their platform reports on them. */
const REPLY_LEAD = {
  email: 'ines.ward@kestrel-sf-e2e.example',
  firstName: 'Ines',
  lastName: 'Ward',
  companyName: 'Kestrel Robotics',
  title: 'VP Revenue',
};
const INTERESTED_LEAD = {
  email: 'marco.lind@fjord-sf-e2e.example',
  firstName: 'Marco',
  lastName: 'Lind',
  companyName: 'Fjord Logistics',
  title: 'Head of Operations',
};

let product: RunningProduct;
let sandboxUrl: string;
let admin: Browser;
/** The webhooks this file creates, by platform. */
const created: Partial<Record<'instantly' | 'bison', string>> = {};
/** The Tasks the events logged, for the inspection page. */
const loggedSubjects: string[] = [];

beforeAll(async () => {
  product = await startTestProduct({ demoWorkspace: true });
  sandboxUrl = product.sandboxUrl ?? '';
  admin = await launchBrowser();
  await signInThroughApi(admin.context, {
    baseUrl: product.shellUrl,
    sandboxUrl,
    email: DEMO_ADMIN_EMAIL,
  });
});

afterAll(async () => {
  await admin?.close();
  await product?.stop();
});

function sandboxPost<T>(path: string, body: unknown): Promise<T> {
  return postToSandbox<T>(sandboxUrl, path, body);
}

/** A Lead made through the org's REST API with the demo session, as another tool would. */
async function createSalesforceLead(lead: typeof REPLY_LEAD): Promise<SalesforceRecord> {
  const api = `${sandboxUrl}${SALESFORCE_DEMO_INSTANCE_PATH}/services/data/v62.0`;
  const response = await fetch(`${api}/sobjects/Lead`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${SALESFORCE_DEMO_ACCESS_TOKEN}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      FirstName: lead.firstName,
      LastName: lead.lastName,
      Email: lead.email,
      Company: lead.companyName,
      Title: 'Title before the sync',
      Status: 'Working - Contacted',
    }),
  });
  if (response.status !== 201)
    throw new Error(`creating the Lead answered ${response.status}: ${await response.text()}`);
  const { id } = (await response.json()) as { id: string };
  const found = (await salesforceState()).leads.find((record) => record.Id === id);
  if (!found) throw new Error(`the Lead ${id} is not in the org`);
  return found;
}

async function salesforceState(): Promise<SalesforceState> {
  return (await (await fetch(`${sandboxUrl}/_state/salesforce`)).json()) as SalesforceState;
}

/** Polls the sandbox's Salesforce until `find` sees what it looks for (the sync is asynchronous). */
function eventually<T>(
  what: string,
  find: (state: SalesforceState) => T | undefined,
  timeoutMs = 30_000,
): Promise<T> {
  return pollUntil(
    `Salesforce getting ${what}`,
    async () => find(await salesforceState()),
    timeoutMs,
  );
}

/** The org's Leads with this e-mail, and the Tasks on the first of them. */
function leadAndTasks(state: SalesforceState, email: string) {
  const leads = state.leads.filter((record) => record.Email === email);
  const tasks = state.tasks.filter((task) => leads[0] !== undefined && task.WhoId === leads[0].Id);
  return { leads, tasks };
}

async function openWebhooks(): Promise<Page> {
  const page = await admin.context.newPage();
  await page.goto(`${product.shellUrl}/admin/dashboard/webhooks`);
  await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
  return page;
}

async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** The field's value once it matches (it fills in when the service has answered). */
async function valueMatching(field: Locator, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 10_000;
  let value = await field.inputValue();
  while (!pattern.test(value)) {
    if (Date.now() > deadline) throw new Error(`the field reads "${value}", not ${pattern}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await field.inputValue();
  }
  return value;
}

const WEBHOOK_URL = /\/webhooks\/[A-Za-z0-9_-]{32,}$/;

/** Fills the create form of the demo's Salesforce org for `platform` and saves; its URL. */
async function createSalesforceWebhook(platform: string, screenshotName?: string) {
  const page = await openWebhooks();
  await choose(page, 'Select Profile:', /^SALESFORCE - /);
  await page.getByRole('heading', { name: 'Create a webhook:' }).waitFor();
  await choose(page, 'Select owner', /./);
  await choose(page, 'Sales Engagement Platform', platform);
  await choose(page, 'Salesforce Object', 'Lead');
  await choose(page, 'Upsert Or Update Only Salesforce Object', 'Upsert');
  await choose(page, 'Log Type', 'Task Object');
  await choose(page, 'Task Type', 'Call');
  await page.getByRole('textbox', { name: 'Custom Task Subject' }).fill(CUSTOM_TASK_SUBJECT);
  if (screenshotName) await screenshot(page, screenshotName);
  // Read last: the form may draw a new code while the profile's data loads.
  const url = await valueMatching(page.getByRole('textbox', { name: 'Webhook URL' }), WEBHOOK_URL);
  await page.getByRole('button', { name: 'Create Webhook' }).click();
  await page
    .getByRole('region', { name: 'Notifications' })
    .getByText('Created webhook')
    .first()
    .waitFor();
  await page
    .getByRole('table', { name: 'Existing webhooks:', exact: true })
    .getByText(url)
    .waitFor();
  await page.close();
  return url;
}

/** One platform event from the sandbox's generator, posted to `webhookUrl` only. */
async function sendEvent(body: Record<string, unknown>, webhookUrl: string) {
  const sent = await sandboxPost<SimulatedEvent>('/simulate/event', { ...body, webhookUrl });
  expect(sent.deliveries).toEqual([
    {
      url: webhookUrl,
      status: 200,
      body: expect.objectContaining({ received: true, status: 'received' }),
    },
  ]);
  return sent.payload;
}

function inspectionTable(page: Page, title: string): Locator {
  return page
    .getByRole('heading', { level: 2, name: new RegExp(`^${title} \\(\\d+\\)$`) })
    .locator('xpath=following-sibling::table[1]');
}

describe('events from the platforms reach Salesforce', () => {
  test('the admin creates an Instantly and an EmailBison webhook on the demo Salesforce org', async () => {
    created.instantly = await createSalesforceWebhook('Instantly', 'sync-salesforce-create-form');
    created.bison = await createSalesforceWebhook('EmailBison');

    // What the form saved, as the webhooks list reads it back.
    const answer = await admin.context.request.get(`${product.shellUrl}/api/admin/webhooks`);
    const { webhooks } = (await answer.json()) as { webhooks: WebhookRow[] };
    for (const [platform, webhookUrl] of Object.entries(created)) {
      expect(webhooks.find((webhook) => webhook.webhookUrl === webhookUrl)).toMatchObject({
        emailService: platform,
        user: { profile: 'SALESFORCE' },
        salesforceObjectType: 'Lead',
        salesforceOnlyUpdate: false,
        logType: 1,
        salesforceTaskType: 'Call',
        customTaskSubject: CUSTOM_TASK_SUBJECT,
      });
    }
  });

  test('an Instantly reply updates the existing Lead and logs a Call task with the custom subject', async () => {
    const webhookUrl = created.instantly;
    if (!webhookUrl) throw new Error('the Instantly webhook was not created');
    const before = await createSalesforceLead(REPLY_LEAD);

    const payload = await sendEvent(
      { platform: 'instantly', eventType: 'reply_received', lead: REPLY_LEAD },
      webhookUrl,
    );
    const campaignName = String(payload.campaign_name);
    expect(campaignName).not.toBe('');

    const { leads, tasks } = await eventually('the reply’s Task on the Lead', (state) => {
      const found = leadAndTasks(state, REPLY_LEAD.email);
      return found.tasks.length > 0 ? found : undefined;
    });
    // Updated in place: the same Lead, with the title the event carries.
    expect(leads).toEqual([
      expect.objectContaining({
        Id: before.Id,
        FirstName: 'Ines',
        LastName: 'Ward',
        Title: 'VP Revenue',
        Status: 'Working - Contacted',
      }),
    ]);
    expect(tasks).toHaveLength(1);
    const [task] = tasks;
    expect(task).toMatchObject({
      WhoId: before.Id,
      Type: 'Call',
      Status: 'Completed',
      Subject: `[E2E] EMAIL_REPLY from Ines Ward (${campaignName})`,
    });
    // A task, not an e-mail activity: no subtype or Salesforce's plain 'Task'.
    expect([undefined, null, 'Task']).toContain(task?.TaskSubtype);
    loggedSubjects.push(String(task?.Subject));
  });

  test('a bison LEAD_INTERESTED updates the existing Lead and logs a Call task with the custom subject', async () => {
    const webhookUrl = created.bison;
    if (!webhookUrl) throw new Error('the EmailBison webhook was not created');
    const before = await createSalesforceLead(INTERESTED_LEAD);

    const payload = await sendEvent(
      { platform: 'bison', eventType: 'LEAD_INTERESTED', lead: INTERESTED_LEAD },
      webhookUrl,
    );
    const data = payload.data as { campaign: { name: string } };
    const campaignName = data.campaign.name;
    expect(campaignName).not.toBe('');

    const { leads, tasks } = await eventually('the interest’s Task on the Lead', (state) => {
      const found = leadAndTasks(state, INTERESTED_LEAD.email);
      return found.tasks.length > 0 ? found : undefined;
    });
    expect(leads).toEqual([
      expect.objectContaining({
        Id: before.Id,
        FirstName: 'Marco',
        LastName: 'Lind',
        Title: 'Head of Operations',
      }),
    ]);
    expect(tasks).toHaveLength(1);
    const [task] = tasks;
    // bison's LEAD_INTERESTED is a lead category change in OutSync's event types.
    expect(task).toMatchObject({
      WhoId: before.Id,
      Type: 'Call',
      Status: 'Completed',
      Subject: `[E2E] LEAD_CATEGORY_UPDATED from Marco Lind (${campaignName})`,
    });
    expect([undefined, null, 'Task']).toContain(task?.TaskSubtype);
    expect(String(task?.Subject)).not.toMatch(/\{\{|\}\}/);
    loggedSubjects.push(String(task?.Subject));
  });

  test('the sandbox’s Salesforce page shows both Tasks on their Leads', async () => {
    expect(loggedSubjects).toHaveLength(2);
    const page = await admin.context.newPage();
    await page.goto(`${sandboxUrl}/inspect/salesforce`);
    await page.getByRole('heading', { level: 1, name: /salesforce/i }).waitFor();
    const tasks = inspectionTable(page, 'Tasks');
    const people = [REPLY_LEAD, INTERESTED_LEAD];
    for (const [index, subject] of loggedSubjects.entries()) {
      const lead = people[index];
      const rows = tasks
        .getByRole('row')
        .filter({ hasText: subject })
        .filter({ hasText: `Lead: ${lead?.firstName} ${lead?.lastName} <${lead?.email}>` })
        .filter({ hasText: 'Call' });
      await expect(rows.count()).resolves.toBe(1);
    }
    // Each person is still one Lead: the events updated them, never created a second.
    for (const lead of people) {
      const leadRows = inspectionTable(page, 'Leads')
        .getByRole('row')
        .filter({ hasText: lead.email });
      await expect(leadRows.count()).resolves.toBe(1);
    }
    await screenshot(page, 'sync-salesforce-tasks');
    await page.close();
  });
});
