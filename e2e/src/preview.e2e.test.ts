// The dry-run preview in Chromium (issue 34, item 2): in the create form a paid customer (the
// demo admin) previews a Smartlead reply with the form's unsaved values, sees the planned contact
// and e-mail activity, saves the webhook, sends that same event to it, and finds in the sandbox's
// HubSpot exactly what the preview said, field by field; the webhook's settings dialog then
// previews the payload it received. Both previews are checked with axe and photographed at
// 1280 px (the shell has one theme; the embed's dark one is seen in live-view.e2e).
import path from 'node:path';
import type { APIRequestContext, Page } from 'playwright-core';
import { authorizeInSandbox } from '@outsync/sandbox';
import { launchBrowser, type Browser } from '../../scripts/chromium';
import { DEMO_ADMIN_EMAIL } from '../../scripts/product';
import { signInThroughApi } from '../../scripts/sign-in';
import { expectAccessible } from './accessibility';
import { artifactsDir, journeyTarget, screenshot, type JourneyTarget } from './product-harness';
import { eventually } from './sandbox-calls';

type PlannedWrite = {
  object: string;
  action: string;
  recordId: string;
  existing: boolean;
  fields: Record<string, string | number | boolean | null>;
};
type Preview = { status: string; payload: unknown; writes: PlannedWrite[] };
type HubspotRecord = { id: string; associations: string } & Record<string, unknown>;
type HubspotState = Record<'contacts' | 'companies' | 'emails' | 'tasks', HubspotRecord[]>;

let target: JourneyTarget;
let admin: Browser;

beforeAll(async () => {
  target = await journeyTarget();
  admin = await launchBrowser();
  await signInThroughApi(admin.context, {
    baseUrl: target.baseUrl,
    sandboxUrl: target.sandboxUrl,
    email: DEMO_ADMIN_EMAIL,
  });
  await connectHubspot(admin.context.request);
  // Starting our own product builds what changed first.
}, 180_000);

afterAll(async () => {
  await admin?.close();
  await target?.stop();
});

async function call(request: APIRequestContext, method: string, path: string) {
  const csrf = (await (await request.get(`${target.baseUrl}/auth/csrf-token`)).json()) as {
    csrfToken: string;
  };
  const response = await request.fetch(`${target.baseUrl}${path}`, {
    method,
    headers: { 'X-CSRF-Token': csrf.csrfToken },
    maxRedirects: 0,
  });
  if (response.status() >= 400)
    throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return response;
}

async function connectHubspot(request: APIRequestContext) {
  const { url } = (await (
    await call(request, 'GET', '/api/admin/hubspot/authorize-url')
  ).json()) as { url: string };
  const backTo = await authorizeInSandbox(url);
  await call(request, 'GET', `${backTo.pathname}${backTo.search}`);
}

async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

async function hubspotState(): Promise<HubspotState> {
  const response = await fetch(`${target.sandboxUrl}/_state/hubspot`);
  return (await response.json()) as HubspotState;
}

test('the create form previews a reply, and the saved webhook writes exactly that', async () => {
  const page = await admin.context.newPage();
  await page.goto(`${target.baseUrl}/admin/dashboard/webhooks`);
  await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
  await choose(page, 'Select Profile:', /^HUBSPOT - /);
  await page.getByRole('heading', { name: 'Create a webhook:' }).waitFor();
  await choose(page, 'Select owner', /./);
  await choose(page, 'Sales Engagement Platform', 'Smartlead');
  const url = page.getByRole('textbox', { name: 'Webhook URL' });

  const preview = page.getByRole('region', { name: 'Preview' });
  await preview
    .getByText(
      'Choose a sample event to see what this webhook would write with the settings above, before you save. Nothing is written to your CRM.',
    )
    .waitFor();
  await choose(page, 'Sample event', 'Test event: EMAIL_REPLY');
  const before = await hubspotState();
  const answered = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/admin/webhooks/preview') && response.status() === 200,
  );
  await preview.getByRole('button', { name: 'Preview', exact: true }).click();
  const plan = (await (await answered).json()) as Preview;

  const result = preview.getByRole('region', { name: 'What this event would do' });
  await result.getByText('Would be synced').waitFor();
  const contact = plan.writes.find((write) => write.object === 'contacts');
  const activity = plan.writes.find((write) => write.object === 'emails');
  if (!contact || !activity)
    throw new Error(`no contact or activity planned: ${JSON.stringify(plan)}`);
  const contactCard = result.getByRole('region', {
    name: contact.existing ? `Update contact ${contact.recordId}` : 'Create contact',
  });
  await contactCard.waitFor();
  const activityCard = result.getByRole('region', { name: 'Create e-mail activity' });
  await activityCard
    .getByRole('row', { name: /hs_email_subject/ })
    .getByText(String(activity.fields.hs_email_subject))
    .waitFor();
  await activityCard
    .getByRole('row', { name: /hs_email_direction/ })
    .getByText('INCOMING_EMAIL')
    .waitFor();
  // The preview wrote nothing.
  expect(await hubspotState()).toEqual(before);
  await expectAccessible(page);
  await result.scrollIntoViewIfNeeded();
  await screenshot(page, 'webhooks-preview');
  // The preview alone, readable at its own size (the whole page is the long create form).
  await preview.screenshot({
    path: path.join(artifactsDir, 'webhooks-preview-section.png'),
    // The shell's sticky top bar would cover the section's first lines in the stitched picture.
    style: 'div:has(> header) { position: static !important; }',
  });

  const webhookUrl = await url.inputValue();
  await page.getByRole('button', { name: 'Create Webhook' }).click();
  await page
    .getByRole('region', { name: 'Notifications' })
    .getByText('Created webhook')
    .first()
    .waitFor();
  // The platform sends the previewed event.
  const webhookPath = new URL(webhookUrl).pathname;
  const sent = await fetch(`${target.baseUrl}${webhookPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(plan.payload),
  });
  expect(sent.status).toBe(200);

  const subject = String(activity.fields.hs_email_subject);
  const after = await eventually('the planned e-mail activity in HubSpot', async () => {
    const state = await hubspotState();
    return state.emails.some(
      (email) =>
        email.hs_email_subject === subject && !before.emails.some((e) => e.id === email.id),
    )
      ? state
      : undefined;
  });
  const written = after.emails.find(
    (email) => email.hs_email_subject === subject && !before.emails.some((e) => e.id === email.id),
  );
  for (const [field, value] of Object.entries(activity.fields))
    expect({ field, value: written?.[field] ?? null }).toEqual({ field, value });
  const person = contact.existing
    ? after.contacts.find((row) => row.id === contact.recordId)
    : after.contacts.find((row) => !before.contacts.some((old) => old.id === row.id));
  for (const [field, value] of Object.entries(contact.fields))
    expect({ field, value: person?.[field] ?? null }).toEqual({ field, value });
  expect(written?.associations).toContain(`contacts:${person?.id}`);

  // The settings dialog previews too: the payload the webhook just received is a sample now.
  await page
    .getByRole('table', { name: 'Existing webhooks:', exact: true })
    .getByRole('row')
    .filter({ hasText: webhookUrl })
    .getByRole('button', { name: 'Webhook Settings' })
    .click();
  const settings = page.getByRole('dialog', { name: /^Update Webhook/ });
  const settingsPreview = settings.getByRole('region', { name: 'Preview' });
  await settingsPreview.getByRole('combobox', { name: 'Sample event', exact: true }).click();
  await settings.getByRole('option', { name: /^Received .+: EMAIL_REPLY \(/ }).click();
  await settingsPreview.getByRole('button', { name: 'Preview', exact: true }).click();
  const settingsResult = settingsPreview.getByRole('region', { name: 'What this event would do' });
  await settingsResult
    .getByText(/^Would /)
    .first()
    .waitFor();
  await settingsResult.scrollIntoViewIfNeeded();
  await screenshot(page, 'webhooks-settings-preview', { fullPage: false });
  await expectAccessible(page);
  await page.close();
});
