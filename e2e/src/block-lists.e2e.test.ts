// Block lists in Chromium against the product as `npm start` runs it, with the demo admin's
// workspace (issue 14 "Proof" → e2e; spec 02 §2.7, §4, §8): through the form, a HubSpot contact
// list → Smartlead for a client, a company list → Instantly (domains), a Salesforce report →
// bison, a HubSpot list → HeyReach into a list created from the form; each run's entries land
// in the sandbox's platform; pause, resume and delete with their toasts; the runs in History >
// Block Lists; the form's validation and a refusal by the service.
import type { Locator, Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../../scripts/chromium';
import { DEMO_ADMIN_EMAIL, type RunningProduct } from '../../scripts/product';
import { signInThroughApi } from '../../scripts/sign-in';
import { expectAccessible } from './accessibility';
import { serviceCalls } from './service-calls';
import { screenshot, startTestProduct } from './product-harness';
import { eventually } from './sandbox-calls';

// The sandbox's demo credentials (tools/sandbox/src/demo-constants.ts), as a user reads them.
const HUBSPOT_TOKEN = 'pat-sandbox-outsync-demo-token';
const KEYS = {
  smartlead: 'sl_sandbox_demo_key_0001',
  instantly: 'instantly_sandbox_demo_key_0001',
  bison: 'bison_sandbox_demo_token_0001',
  heyreach: 'heyreach_sandbox_demo_key_0001',
};
const PATH = '/admin/dashboard/smartlead-block-lists';
const RUN = Date.now().toString(36);

type Sync = { id: string; listId: string; listName: string; status: string };

let product: RunningProduct;
let sandboxUrl: string;
let admin: Browser;

beforeAll(async () => {
  product = await startTestProduct({ demoWorkspace: true });
  sandboxUrl = product.sandboxUrl ?? '';
  admin = await launchBrowser();
  await signInThroughApi(admin.context, {
    baseUrl: product.shellUrl,
    sandboxUrl,
    email: DEMO_ADMIN_EMAIL,
  });
  // The Salesforce profile gets an EmailBison key, as its owner would add one.
  const profiles = await getJson<{ user: { id: string; profile: string } }[]>(
    admin.context.request,
    '/api/admin/users/integrations',
  );
  const salesforce = profiles.find((item) => item.user.profile === 'SALESFORCE');
  await sendJson(admin.context.request, 'POST', '/api/admin/dashboard/api-keys', {
    platform: 'bison',
    apiKey: KEYS.bison,
    description: 'Block lists bison key',
    baseUrl: `${sandboxUrl}/bison`,
    userProfileId: salesforce?.user.id,
  });
});

afterAll(async () => {
  await admin?.close();
  await product?.stop();
});

const { getJson, sendJson } = serviceCalls(() => product.shellUrl);

/** The sandbox's APIs as the platforms and HubSpot answer them. */
async function sandbox<T>(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${sandboxUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status >= 300)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

const hubspotAuth = { authorization: `Bearer ${HUBSPOT_TOKEN}` };

/** A MANUAL HubSpot list of new records in the demo portal; its id and name. */
async function hubspotList(
  objectType: 'contacts' | 'companies',
  name: string,
  records: Record<string, string>[],
): Promise<{ listId: string; name: string }> {
  const created = await sandbox<{ list: { listId: string } }>(
    'POST',
    '/hubspot/crm/v3/lists',
    hubspotAuth,
    { name, objectTypeId: objectType === 'contacts' ? '0-1' : '0-2', processingType: 'MANUAL' },
  );
  const made = await sandbox<{ results: { id: string }[] }>(
    'POST',
    `/hubspot/crm/v3/objects/${objectType}/batch/create`,
    hubspotAuth,
    { inputs: records.map((properties) => ({ properties })) },
  );
  await sandbox(
    'PUT',
    `/hubspot/crm/v3/lists/${created.list.listId}/memberships/add`,
    hubspotAuth,
    made.results.map((record) => record.id),
  );
  return { listId: created.list.listId, name };
}

async function open(path: string, title: string): Promise<Page> {
  const page = await admin.context.newPage();
  await page.goto(`${product.shellUrl}${path}`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  return page;
}

async function choose(scope: Page | Locator, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await scope.getByRole('option', { name: option }).first().click();
}

function toast(page: Page, text: string | RegExp): Locator {
  return page.getByText(text).first();
}

function rowOf(page: Page, listId: string, listName: string): Locator {
  return page
    .getByRole('table', { name: 'Blocked List', exact: true })
    .getByRole('row')
    .filter({ hasText: `${listId} : ${listName}` });
}

/** Waits until the row's status reads `status` (the table refreshes itself while a run goes on). */
async function waitForStatus(row: Locator, status: string): Promise<void> {
  await row.getByText(status, { exact: true }).waitFor({ timeout: 60_000 });
}

async function openForm(account: RegExp): Promise<Page> {
  const page = await open(PATH, 'Block lists');
  await choose(page, 'HubSpot / Salesforce Account:', account);
  return page;
}

async function syncNamed(listName: string): Promise<Sync> {
  return eventually(`the sync of ${listName}`, async () =>
    (
      await getJson<Sync[]>(admin.context.request, '/api/admin/dashboard/smartlead/blocked-lists')
    ).find((sync) => sync.listName === listName),
  );
}

describe('Start Blocking', () => {
  test('a HubSpot contact list into Smartlead for a client', async () => {
    const list = await hubspotList('contacts', `E2E contacts ${RUN}`, [
      { email: `ana.${RUN}@blocked-e2e.example` },
      { email: `bo.${RUN}@blocked-e2e.example` },
    ]);
    const page = await openForm(/^HUBSPOT/);
    await expectAccessible(page);
    await choose(page, 'HubSpot List Type', 'Contact List');
    await choose(page, 'HubSpot List Source', `${list.listId}: ${list.name} (2 Contacts)`);
    await choose(page, 'Sales Engagement Platform', 'Smartlead');
    await choose(page, 'Smartlead API Key', /Demo Smartlead key/);
    await choose(page, 'Type of blocking', 'Address (Individual Email Address)');
    await choose(page, 'Smartlead Clients', /^302 Contoso Partners/);
    await page.getByRole('button', { name: 'Start Blocking' }).click();
    await toast(page, `Started blocking ${list.listId}: ${list.name}.`).waitFor();

    const row = rowOf(page, list.listId, list.name);
    await waitForStatus(row, 'SYNCED');
    // At 1280 px the Client column folds into the row's details.
    await row.getByRole('button', { name: 'Details' }).click();
    await page
      .getByRole('table', { name: 'Blocked List', exact: true })
      .getByText('302: hello@contoso-partners.example')
      .waitFor();
    await screenshot(page, 'block-lists-smartlead');
    const entries = await sandbox<{ email_or_domain: string; client_id: number | null }[]>(
      'GET',
      `/smartlead/api/v1/leads/get-domain-block-list?api_key=${KEYS.smartlead}&filter_client_id=302&limit=1000`,
      {},
    );
    expect(entries.map((entry) => entry.email_or_domain)).toEqual(
      expect.arrayContaining([`ana.${RUN}@blocked-e2e.example`, `bo.${RUN}@blocked-e2e.example`]),
    );
    await page.close();
  });

  test('a HubSpot company list into Instantly blocks every domain', async () => {
    const list = await hubspotList('companies', `E2E companies ${RUN}`, [
      { name: 'Rival', domain: `rival-${RUN}.example`, hs_additional_domains: `rival-${RUN}.io` },
    ]);
    const page = await openForm(/^HUBSPOT/);
    await choose(page, 'HubSpot List Type', 'Company List (every domain)');
    // A company list blocks domains: the type is chosen and locked.
    await expect(
      page.getByRole('combobox', { name: 'Type of blocking', exact: true }).textContent(),
    ).resolves.toContain('Domain (Every domain)');
    await choose(page, 'HubSpot List Source', `${list.listId}: ${list.name} (1 Companies)`);
    await choose(page, 'Sales Engagement Platform', 'Instantly');
    await choose(page, 'Instantly API Key', /Demo Instantly key/);
    await page.getByRole('button', { name: 'Start Blocking' }).click();
    await toast(page, `Started blocking ${list.listId}: ${list.name}.`).waitFor();
    await waitForStatus(rowOf(page, list.listId, list.name), 'SYNCED');
    const entries = await sandbox<{ items: { bl_value: string }[] }>(
      'GET',
      `/instantly/api/v2/block-lists-entries?limit=100&search=rival-${RUN}`,
      { authorization: `Bearer ${KEYS.instantly}` },
    );
    expect(entries.items.map((item) => item.bl_value).sort()).toEqual(
      [`rival-${RUN}.example`, `rival-${RUN}.io`].sort(),
    );
    await page.close();
  });

  test('a Salesforce report into EmailBison', async () => {
    const page = await openForm(/^SALESFORCE/);
    await choose(page, 'Salesforce List Source', /Do Not Contact - Contacts/);
    await page.getByRole('combobox', { name: 'Select Fields', exact: true }).click();
    await page.getByRole('option', { name: 'EMAIL', exact: true }).click();
    await page.keyboard.press('Escape');
    await choose(page, 'Sales Engagement Platform', 'EmailBison');
    await choose(page, 'API Key', /Block lists bison key/);
    await choose(page, 'Type of blocking', 'Address (Individual Email Address)');
    await page.getByRole('button', { name: 'Start Blocking' }).click();
    const started = toast(page, /^Started blocking \w+: Do Not Contact - Contacts\.$/);
    await started.waitFor();
    const sync = await syncNamed('Do Not Contact - Contacts');
    await waitForStatus(rowOf(page, sync.listId, sync.listName), 'SYNCED');
    const blacklisted = await sandbox<{ meta: { total: number } }>(
      'GET',
      '/bison/api/blacklisted-emails?page=1',
      { authorization: `Bearer ${KEYS.bison}` },
    );
    expect(blacklisted.meta.total).toBeGreaterThan(0);
    await page.close();
  });

  test('a HubSpot list into a HeyReach list created from the form', async () => {
    const list = await hubspotList('contacts', `E2E LinkedIn ${RUN}`, [
      {
        email: `cy.${RUN}@blocked-e2e.example`,
        hs_linkedin_url: `https://linkedin.com/in/cy-${RUN}/`,
      },
    ]);
    const page = await openForm(/^HUBSPOT/);
    await choose(page, 'HubSpot List Type', 'Contact List');
    await choose(page, 'HubSpot List Source', `${list.listId}: ${list.name} (1 Contacts)`);
    await choose(page, 'Sales Engagement Platform', 'HeyReach');
    await choose(page, 'HeyReach API Key', /Demo HeyReach key/);
    await page
      .getByRole('combobox', { name: 'HubSpot Social Profile Source', exact: true })
      .click();
    await page
      .getByRole('option', { name: /hs_linkedin_url/ })
      .first()
      .click();
    await page.keyboard.press('Escape');
    await choose(page, 'HeyReach List Endpoint', '+ Create New List');
    await page.getByLabel('List Name').fill(`Do not contact ${RUN}`);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    // The new list becomes the selection once HeyReach has created it.
    await page
      .getByRole('combobox', { name: 'HeyReach List Endpoint', exact: true })
      .filter({ hasText: `Do not contact ${RUN}` })
      .waitFor();
    await expect(
      page.getByRole('combobox', { name: 'HeyReach List Endpoint', exact: true }).textContent(),
    ).resolves.toContain(`Do not contact ${RUN}`);
    await choose(page, 'Type of blocking', 'Address (Individual Social Profile)');
    await page.getByRole('button', { name: 'Start Blocking' }).click();
    await toast(page, `Started blocking ${list.listId}: ${list.name}.`).waitFor();
    await waitForStatus(rowOf(page, list.listId, list.name), 'SYNCED');
    await screenshot(page, 'block-lists-heyreach');

    const lists = await sandbox<{ items: { id: number; name: string }[] }>(
      'POST',
      '/heyreach/api/public/list/GetAll',
      { 'x-api-key': KEYS.heyreach },
      { offset: 0, limit: 100 },
    );
    const created = lists.items.find((item) => item.name === `Do not contact ${RUN}`);
    const leads = await sandbox<{ items: { profileUrl: string }[] }>(
      'POST',
      '/heyreach/api/public/list/GetLeadsFromList',
      { 'x-api-key': KEYS.heyreach },
      { listId: created?.id, offset: 0, limit: 100 },
    );
    expect(leads.items.map((lead) => lead.profileUrl)).toEqual([
      `https://www.linkedin.com/in/cy-${RUN}`,
    ]);
    await page.close();
  });
});

describe('validation and refusals', () => {
  test('the form says what is missing, in order, and shows what the service refuses', async () => {
    const page = await openForm(/^HUBSPOT/);
    await page.getByRole('button', { name: 'Start Blocking' }).click();
    await toast(page, 'Select List Type').waitFor();
    await choose(page, 'HubSpot List Type', 'Contact List');
    await page.getByRole('button', { name: 'Start Blocking' }).click();
    await toast(page, 'Select hubspot list').waitFor();

    // A list deleted in HubSpot after the form listed it: the service refuses and says why.
    const list = await hubspotList('contacts', `E2E deleted ${RUN}`, [
      { email: `del.${RUN}@blocked-e2e.example` },
    ]);
    await page.reload();
    await choose(page, 'HubSpot / Salesforce Account:', /^HUBSPOT/);
    await choose(page, 'HubSpot List Type', 'Contact List');
    await choose(page, 'HubSpot List Source', `${list.listId}: ${list.name} (1 Contacts)`);
    await choose(page, 'Sales Engagement Platform', 'Smartlead');
    await choose(page, 'Smartlead API Key', /Demo Smartlead key/);
    await choose(page, 'Type of blocking', 'Address (Individual Email Address)');
    await page.getByRole('button', { name: 'Start Blocking' }).click();
    await toast(page, 'Select Smartlead Client').waitFor();
    await choose(page, 'Smartlead Clients', /^301 Northwind Agency/);
    await sandbox('DELETE', `/hubspot/crm/v3/lists/${list.listId}`, hubspotAuth);
    await page.getByRole('button', { name: 'Start Blocking' }).click();
    await toast(page, `HubSpot has no list ${list.listId}: Select hubspot list`).waitFor();
    await screenshot(page, 'block-lists-refused');
    // Nothing was stored.
    await expect(rowOf(page, list.listId, list.name).count()).resolves.toBe(0);
    await page.close();
  });
});

describe('pause, resume, delete and history', () => {
  test('the demo contact list sync is paused, resumed and deleted; its runs are in History', async () => {
    const sync = await syncNamed('Do not contact');
    const page = await open(PATH, 'Block lists');
    const row = rowOf(page, sync.listId, sync.listName);
    await waitForStatus(row, 'SYNCED');

    await row.getByRole('button', { name: 'Pause Blocking' }).click();
    await toast(page, `Paused blocking ${sync.listId}: ${sync.listName}.`).waitFor();
    await waitForStatus(row, 'PAUSED');
    await row.getByRole('button', { name: 'Resume Blocking' }).click();
    await toast(page, `Resumed blocking ${sync.listId}: ${sync.listName}.`).waitFor();
    await waitForStatus(row, 'SYNCED');

    const history = await open('/admin/dashboard/history/block-list-logs', 'Block list history');
    await choose(history, 'Block list', new RegExp(sync.listName));
    await history.getByRole('cell', { name: sync.listName }).first().waitFor();
    await screenshot(history, 'block-lists-history');
    await history.close();

    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`Do you want to delete ${sync.listId}: ${sync.listName}?`).waitFor();
    await page
      .getByText(
        'This only deletes the sync. You may want to delete the block list in Smartlead and the source list in your CRM.',
      )
      .waitFor();
    await page.getByRole('button', { name: 'Yes' }).click();
    await toast(page, `Deleted ${sync.listId}: ${sync.listName}`).waitFor();
    await row.waitFor({ state: 'detached' });
    const left = await getJson<Sync[]>(
      admin.context.request,
      '/api/admin/dashboard/smartlead/blocked-lists',
    );
    expect(left.map((item) => item.id)).not.toContain(sync.id);
    await page.close();
  });
});
