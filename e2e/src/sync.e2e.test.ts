// The sync pipeline in Chromium against the product as `npm start` runs it, with the demo admin's
// workspace (issue 11 "Demo" and "Proof: e2e"): the live campaign the start posts fills the
// sandbox's HubSpot; a Smartlead EMAIL_REPLY and a HeyReach CONNECTION_REQUEST_ACCEPTED that the
// sandbox's event generator sends through live webhooks become a contact with its company and an
// activity (an incoming e-mail, a task) on the sandbox's HubSpot inspection page; the Send Test
// Webhook dialog reports success, and shows the errors once HubSpot refuses the portal's
// connection (spec 01 §8).
import type { Locator, Page } from 'playwright-core';
import { HEYREACH_DEMO_CAMPAIGN_ID, SMARTLEAD_DEMO_CAMPAIGN_ID } from '@outsync/sandbox';
import { launchBrowser, type Browser } from '../../scripts/chromium';
import { DEMO_CAMPAIGN_LEADS, hubspotInspectionUrl } from '../../scripts/demo-workspace';
import { DEMO_ADMIN_EMAIL, type RunningProduct } from '../../scripts/product';
import { signInThroughApi } from '../../scripts/sign-in';
import { expectAccessible } from './accessibility';
import { eventually as pollUntil, sandboxPost as postToSandbox } from './sandbox-calls';
import { screenshot, startTestProduct } from './product-harness';

/** What `/_state/hubspot` answers per record: its properties, and `type:id[typeIds]` edges. */
type HubspotRecord = { id: string; associations: string } & Record<string, string | undefined>;
type HubspotState = Record<'contacts' | 'companies' | 'emails' | 'tasks', HubspotRecord[]>;
type Delivery = { url: string; status: number | null; body: unknown };
type SimulatedEvent = { payload: Record<string, unknown>; deliveries: Delivery[] };
type WebhookRow = { webhookUrl: string; emailService: string; user: { profile: string } };

const REPLY_LEAD = {
  email: 'rhea.vance@northwind-e2e.example',
  firstName: 'Rhea',
  lastName: 'Vance',
  companyName: 'Northwind Traders',
};
const LINKEDIN_LEAD = {
  email: 'theo.marsh@harbor-e2e.example',
  firstName: 'Theo',
  lastName: 'Marsh',
  companyName: 'Harbor Analytics',
  linkedinUrl: 'https://www.linkedin.com/in/theo-marsh-e2e',
};
const TEST_RECIPIENT = 'quinn.tester@dialog-e2e.example';
const REFUSED_RECIPIENT = 'uma.refused@dialog-e2e.example';

// Our own instance, not E2E_BASE_URL's: the last journey makes its sandbox forget every grant.
let product: RunningProduct;
let sandboxUrl: string;
let admin: Browser;
/** The demo's HubSpot webhooks, as the sandbox's campaigns post to them. */
let hubspotWebhooks: { smartlead: string; heyreach: string };

beforeAll(async () => {
  product = await startTestProduct({ demoWorkspace: true });
  sandboxUrl = product.sandboxUrl ?? '';
  admin = await launchBrowser();
  await signInThroughApi(admin.context, {
    baseUrl: product.shellUrl,
    sandboxUrl,
    email: DEMO_ADMIN_EMAIL,
  });
  const answer = await admin.context.request.get(`${product.shellUrl}/api/admin/webhooks`);
  const { webhooks } = (await answer.json()) as { webhooks: WebhookRow[] };
  const hubspotUrl = (platform: string) => {
    const found = webhooks.find(
      (webhook) => webhook.user.profile === 'HUBSPOT' && webhook.emailService === platform,
    );
    if (!found) throw new Error(`the demo workspace has no HubSpot webhook for ${platform}`);
    return found.webhookUrl;
  };
  hubspotWebhooks = { smartlead: hubspotUrl('smartlead'), heyreach: hubspotUrl('heyreach') };
});

afterAll(async () => {
  await admin?.close();
  await product?.stop();
});

function sandboxPost<T>(path: string, body: unknown): Promise<T> {
  return postToSandbox<T>(sandboxUrl, path, body);
}

/** One event from the sandbox's generator, posted to the webhooks on the platform campaign. */
function simulateEvent(body: Record<string, unknown>): Promise<SimulatedEvent> {
  return sandboxPost<SimulatedEvent>('/simulate/event', body);
}

async function hubspotState(): Promise<HubspotState> {
  return (await (await fetch(`${sandboxUrl}/_state/hubspot`)).json()) as HubspotState;
}

/** Polls the sandbox's HubSpot until `find` sees what it looks for (the sync is asynchronous). */
function eventually<T>(
  what: string,
  find: (state: HubspotState) => T | undefined,
  timeoutMs = 30_000,
): Promise<T> {
  return pollUntil(`HubSpot getting ${what}`, async () => find(await hubspotState()), timeoutMs);
}

function associated(record: HubspotRecord, type: string, id: string): boolean {
  return record.associations.split(' ').some((edge) => edge.startsWith(`${type}:${id}[`));
}

const domainOf = (email: string) => email.split('@')[1] ?? '';
const isDefined = <T>(value: T | undefined): value is T => value !== undefined;

/** A lead's contact and the company of its e-mail domain, associated both ways. */
function contactWithCompany(
  state: HubspotState,
  matches: (contact: HubspotRecord) => boolean,
): { contact: HubspotRecord; company: HubspotRecord } | undefined {
  const contact = state.contacts.find(matches);
  if (!contact?.email) return undefined;
  const company = state.companies.find(
    (record) =>
      record.domain === domainOf(contact.email ?? '') &&
      associated(record, 'contacts', contact.id) &&
      associated(contact, 'companies', record.id),
  );
  return company && { contact, company };
}

async function openInspection(): Promise<Page> {
  const page = await admin.context.newPage();
  await page.goto(hubspotInspectionUrl(sandboxUrl));
  await page.getByRole('heading', { level: 1, name: /hubspot/i }).waitFor();
  return page;
}

/** A section of the inspection page: its heading 'Title (count)' and the table after it. */
function inspectionTable(page: Page, title: string): Locator {
  return page
    .getByRole('heading', { level: 2, name: new RegExp(`^${title} \\(\\d+\\)$`) })
    .locator('xpath=following-sibling::table[1]');
}

async function expectRow(table: Locator, ...texts: string[]): Promise<void> {
  let rows = table.getByRole('row');
  for (const text of texts) rows = rows.filter({ hasText: text });
  await expect(rows.count()).resolves.toBe(1);
}

async function openWebhooks(): Promise<Page> {
  const page = await admin.context.newPage();
  await page.goto(`${product.shellUrl}/admin/dashboard/webhooks`);
  await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
  return page;
}

/** The Send Test Webhook dialog of the demo's HubSpot Smartlead webhook (the row's test action). */
async function openSmartleadTestDialog(page: Page): Promise<Locator> {
  const own = page.getByRole('table', { name: 'Existing webhooks:', exact: true });
  // The demo's Salesforce org has a Smartlead webhook too: the row is the HubSpot one's URL.
  await own
    .getByRole('row')
    .filter({ hasText: hubspotWebhooks.smartlead })
    .getByRole('button', { name: 'Sync test' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Send Test Webhook - Smartlead' });
  await dialog.waitFor();
  return dialog;
}

function notifications(page: Page): Locator {
  return page.getByRole('region', { name: 'Notifications' });
}

describe('events from the platforms reach HubSpot', () => {
  test('the live campaign npm start posts: its leads, their companies and e-mails are in HubSpot', async () => {
    const emails = DEMO_CAMPAIGN_LEADS.map((lead) => lead.email);
    const written = await eventually(
      'the live campaign’s leads with companies and e-mails',
      (state) => {
        const leads = emails.map((email) => {
          const found = contactWithCompany(state, (contact) => contact.email === email);
          const mails = found
            ? state.emails.filter((mail) => associated(mail, 'contacts', found.contact.id))
            : [];
          const directions = new Set(mails.map((mail) => mail.hs_email_direction));
          // Each lead got a sequence e-mail and replied: one of each on its timeline.
          return found && directions.has('EMAIL') && directions.has('INCOMING_EMAIL')
            ? found
            : undefined;
        });
        return leads.every(isDefined) ? leads : undefined;
      },
    );
    expect(new Set(written.map((lead) => lead.company.domain))).toEqual(
      new Set(['brightwave-media.example', 'lumen-freight.example', 'quarry-labs.example']),
    );

    const page = await openInspection();
    for (const email of emails) await expectRow(inspectionTable(page, 'Contacts'), email);
    for (const lead of written) {
      await expectRow(
        inspectionTable(page, 'Companies'),
        lead.company.id,
        lead.company.domain ?? '',
      );
    }
    await screenshot(page, 'sync-demo-campaign');
    await page.close();
  });

  test('a Smartlead EMAIL_REPLY through the live webhook: contact, company and the incoming e-mail', async () => {
    const sent = await simulateEvent({
      platform: 'smartlead',
      eventType: 'EMAIL_REPLY',
      campaignId: SMARTLEAD_DEMO_CAMPAIGN_ID,
      lead: REPLY_LEAD,
    });
    // The campaign also posts to the demo's Salesforce Smartlead webhook; HubSpot's is this journey's.
    expect(sent.deliveries).toContainEqual({
      url: hubspotWebhooks.smartlead,
      status: 200,
      body: expect.objectContaining({ received: true, status: 'received' }),
    });
    const subject = String(sent.payload.subject);
    expect(subject).toMatch(/^Re: /);

    const { contact, company, reply } = await eventually(
      'the reply’s contact and e-mail',
      (state) => {
        const found = contactWithCompany(state, (record) => record.email === REPLY_LEAD.email);
        const mail = state.emails.find(
          (record) =>
            found &&
            record.hs_email_direction === 'INCOMING_EMAIL' &&
            associated(record, 'contacts', found.contact.id),
        );
        return found && mail && { ...found, reply: mail };
      },
    );
    expect(contact).toMatchObject({ firstname: 'Rhea', lastname: 'Vance' });
    expect(company.domain).toBe('northwind-e2e.example');
    expect(reply.hs_email_subject).toBe(subject);
    expect(associated(reply, 'companies', company.id)).toBe(true);

    const page = await openInspection();
    await expectRow(inspectionTable(page, 'Contacts'), REPLY_LEAD.email, `companies:${company.id}`);
    await expectRow(
      inspectionTable(page, 'Companies'),
      'northwind-e2e.example',
      `contacts:${contact.id}`,
    );
    await expectRow(
      inspectionTable(page, 'E-mail activities'),
      subject,
      'INCOMING_EMAIL',
      `contacts:${contact.id}`,
    );
    await screenshot(page, 'sync-smartlead-reply');
    await page.close();
  });

  test('a HeyReach CONNECTION_REQUEST_ACCEPTED through the live webhook: the contact by profile URL and a task', async () => {
    const sent = await simulateEvent({
      platform: 'heyreach',
      eventType: 'CONNECTION_REQUEST_ACCEPTED',
      campaignId: HEYREACH_DEMO_CAMPAIGN_ID,
      lead: LINKEDIN_LEAD,
    });
    // The campaign also posts to the demo's Salesforce webhook; HubSpot's is this journey's.
    expect(sent.deliveries).toContainEqual({
      url: hubspotWebhooks.heyreach,
      status: 200,
      body: expect.objectContaining({ received: true, status: 'received' }),
    });

    const { contact, task } = await eventually('the LinkedIn lead’s contact and task', (state) => {
      const found = state.contacts.find(
        (record) => record.hs_linkedin_url === LINKEDIN_LEAD.linkedinUrl,
      );
      const activity = state.tasks.find(
        (record) => found !== undefined && associated(record, 'contacts', found.id),
      );
      return found && activity && { contact: found, task: activity };
    });
    // For the social tool the company is the contact's: 'Create or update company' cannot be on
    // (spec 01 §2.8), so no company record is made from the e-mail domain.
    expect(contact).toMatchObject({
      email: LINKEDIN_LEAD.email,
      firstname: 'Theo',
      lastname: 'Marsh',
      company: LINKEDIN_LEAD.companyName,
    });
    const state = await hubspotState();
    expect(state.companies.filter((record) => record.domain === 'harbor-e2e.example')).toEqual([]);
    expect(task.hs_task_subject).toContain('CONNECTION_REQUEST_ACCEPTED');
    expect(task.hs_task_status).toBe('COMPLETED');

    const page = await openInspection();
    await expectRow(
      inspectionTable(page, 'Contacts'),
      LINKEDIN_LEAD.email,
      LINKEDIN_LEAD.companyName,
      `tasks:${task.id}`,
    );
    await expectRow(
      inspectionTable(page, 'Tasks'),
      'CONNECTION_REQUEST_ACCEPTED',
      `contacts:${contact.id}`,
    );
    await screenshot(page, 'sync-heyreach-accepted');
    await page.close();
  });
});

describe('the Send Test Webhook dialog', () => {
  test('reports success, and the test event is in HubSpot', async () => {
    const page = await openWebhooks();
    const dialog = await openSmartleadTestDialog(page);
    await dialog.getByRole('textbox', { name: 'Recipient e-mail address' }).fill(TEST_RECIPIENT);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Test Sync' }).click();
    await notifications(page).getByText('Test webhook was sent successfully').waitFor();
    await screenshot(page, 'sync-send-test-success', { fullPage: false });

    const contact = await eventually('the test recipient', (state) =>
      state.contacts.find((record) => record.email === TEST_RECIPIENT),
    );
    expect(contact.firstname).toBeTruthy();
    await page.close();
  });

  test('shows the errors, sticky, when HubSpot refuses the event', async () => {
    // The sandbox forgets every OAuth grant (as HubSpot does when the app is uninstalled from the
    // portal) and reloads its demo data: the demo profile's tokens are refused, refresh included.
    await sandboxPost('/_seed', {});
    const page = await openWebhooks();
    const dialog = await openSmartleadTestDialog(page);
    await dialog.getByRole('textbox', { name: 'Recipient e-mail address' }).fill(REFUSED_RECIPIENT);
    await dialog.getByRole('button', { name: 'Test Sync' }).click();

    const detail = notifications(page)
      .getByRole('alert')
      .getByText(/"message"/);
    await detail.waitFor();
    // The errors value, pretty-printed as JSON (spec 01 §8).
    const text = (await detail.textContent()) ?? '';
    expect(text).toContain('\n  ');
    const errors = JSON.parse(text) as { step: string; message: string }[];
    expect(errors).toEqual([
      expect.objectContaining({
        step: expect.any(String),
        message: expect.stringMatching(/HubSpot/),
      }),
    ]);
    await screenshot(page, 'sync-send-test-refused', { fullPage: false });
    // Sticky: still there after an ordinary toast's 3 s.
    await page.waitForTimeout(3500);
    await expect(detail.isVisible()).resolves.toBe(true);
    const state = await hubspotState();
    expect(state.contacts.some((record) => record.email === REFUSED_RECIPIENT)).toBe(false);
    await page.close();
  });
});
