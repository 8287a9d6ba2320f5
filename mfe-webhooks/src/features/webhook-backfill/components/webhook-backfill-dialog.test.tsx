// Issue 34, item 3: the "Import past activity" dialog against the fake service. Every text is
// spelled out here (docs/decisions.md, "Backfill job"), never imported.
import { fireEvent, screen, within } from '@testing-library/react';
import type { Backfill, BackfillCampaignList } from '@outsync/contracts/webhooks';
import { anApiKey, hubspotProfile, oid } from '../../../test/fixtures';
import { fakeService } from '../../../test/fake-service';
import { renderInShell } from '../../../test/render-page';
import { WebhookBackfillDialog, type BackfillWebhook } from './webhook-backfill-dialog';

const WEBHOOK_ID = oid(0x77);
const BACKFILL_ID = oid(0x88);
const webhook: BackfillWebhook = {
  id: WEBHOOK_ID,
  emailService: 'smartlead',
  ownerDetails: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@acme.test' },
  userProfileId: oid(1),
  apiKey: null,
};

const campaignList: BackfillCampaignList = {
  platform: 'smartlead',
  apiKeyId: oid(0xa1),
  campaigns: [
    { id: '910000', name: 'Q3 founders' },
    { id: '910001', name: 'Q3 agencies' },
  ],
  rebuilds: ['EMAIL_SENT', 'EMAIL_REPLY'],
  notAvailable: [
    'EMAIL_OPEN',
    'EMAIL_LINK_CLICK',
    'EMAIL_BOUNCE',
    'LEAD_UNSUBSCRIBED',
    'LEAD_CATEGORY_UPDATED',
  ],
};

function aBackfill(overrides: Partial<Backfill> = {}): Backfill {
  return {
    id: BACKFILL_ID,
    webhookId: WEBHOOK_ID,
    platform: 'smartlead',
    status: 'queued',
    from: '2026-10-01T00:00:00.000Z',
    to: '2026-11-01T00:00:00.000Z',
    campaigns: [{ id: '910000', name: 'Q3 founders' }],
    pagesRead: 0,
    eventsFound: 0,
    queued: 0,
    skipped: 0,
    progress: null,
    fraction: null,
    eta: null,
    resumesAt: null,
    error: null,
    notAvailable: campaignList.notAvailable,
    rebuilds: campaignList.rebuilds,
    createdAt: '2026-11-30T09:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    ...overrides,
  };
}

function setUp({ past = [] as Backfill[], keys = [anApiKey()] } = {}) {
  const api = fakeService({ apiKeys: keys, integrations: [hubspotProfile] });
  api.on('listBackfills', () => ({ body: { backfills: past } }));
  api.on('backfillCampaigns', ({ query }) => ({
    body: { ...campaignList, apiKeyId: query.apiKeyId ?? campaignList.apiKeyId },
  }));
  renderInShell(<WebhookBackfillDialog webhook={webhook} onClose={() => undefined} />);
  return api;
}

const dialog = () =>
  screen.getByRole('dialog', { name: "Import past activity: Grace Hopper's webhook" });

function dayText(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

async function chooseCampaign(name: string) {
  fireEvent.click(await within(dialog()).findByRole('combobox', { name: 'Campaigns' }));
  fireEvent.click(await screen.findByRole('option', { name }));
}

test('offers the last 30 days and the account’s campaigns, says what is not imported, and starts', async () => {
  const api = setUp();
  await screen.findByText(
    "Smartlead's API keeps no time for opens, clicks, bounces, unsubscribes or category changes, so these are not imported; sent e-mails and replies are.",
  );
  within(dialog()).getByText(
    "OutSync reads Smartlead's history for the dates and campaigns you choose and syncs each past event this webhook has not synced yet. Events it already synced are skipped.",
  );
  const today = new Date();
  const from = within(dialog()).getByLabelText('From') as HTMLInputElement;
  const to = within(dialog()).getByLabelText('To') as HTMLInputElement;
  expect(to.value).toBe(dayText(today));
  expect(from.value).toBe(dayText(new Date(today.getTime() - 29 * 86_400_000)));
  // One key of the platform: no key picker.
  expect(within(dialog()).queryByRole('combobox', { name: 'API key' })).toBeNull();

  // Nothing chosen yet: Start says why instead of asking.
  fireEvent.click(within(dialog()).getByRole('button', { name: 'Start import' }));
  within(dialog()).getByText('Choose at least one campaign.');
  expect(api.sent('startBackfill')).toHaveLength(0);

  api.on('startBackfill', () => ({ body: aBackfill() }));
  api.on('getBackfill', () => ({
    body: aBackfill({
      status: 'running',
      pagesRead: 3,
      eventsFound: 420,
      queued: 300,
      skipped: 120,
      progress: { campaign: 0, campaigns: 1, done: 45, total: 100 },
      fraction: 0.45,
      eta: new Date(Date.now() + 60_000).toISOString(),
    }),
  }));
  await chooseCampaign('Q3 founders');
  fireEvent.click(within(dialog()).getByRole('button', { name: 'Start import' }));

  const bar = await within(dialog()).findByRole('progressbar', { name: 'Import progress' });
  const sent = api.sent('startBackfill')[0];
  expect(sent?.body).toMatchObject({
    campaigns: [{ id: '910000', name: 'Q3 founders' }],
    apiKeyId: oid(0xa1),
  });
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29);
  const end = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
  expect(sent?.body).toMatchObject({ from: start.toISOString(), to: end.toISOString() });

  await within(dialog()).findByText(/^Importing past activity… Expected to finish around .+\.$/);
  expect(bar.getAttribute('aria-valuenow')).toBe('45');
  within(dialog()).getByText('Campaign 1 of 1', { exact: false });
  const counts = [
    ['Past events found', '420'],
    ['Queued for sync', '300'],
    ['Skipped, already synced', '120'],
    ['Pages read', '3'],
  ];
  for (const [label, value] of counts) {
    expect(within(dialog()).getByText(label as string).nextElementSibling?.textContent).toBe(value);
  }
});

test('reopened, follows the running import; Cancel asks first, then stops it', async () => {
  const api = setUp({
    past: [
      aBackfill({
        status: 'paused-for-rate-limit',
        resumesAt: '2026-11-30T09:05:00.000Z',
        pagesRead: 2,
      }),
    ],
  });
  api.on('getBackfill', () => ({
    body: aBackfill({ status: 'paused-for-rate-limit', resumesAt: '2026-11-30T09:05:00.000Z' }),
  }));
  await within(dialog()).findByText(/^Paused for Smartlead's rate limit until .+\.$/);
  const bar = within(dialog()).getByRole('progressbar', { name: 'Import progress' });
  // No total known: the bar says nothing of how far.
  expect(bar.getAttribute('aria-valuenow')).toBeNull();
  expect(within(dialog()).queryByRole('button', { name: 'Start import' })).toBeNull();

  api.on('cancelBackfill', () => ({ body: aBackfill({ status: 'cancelled' }) }));
  fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel import' }));
  const confirm = await screen.findByRole('dialog', { name: 'Cancel this import?' });
  within(confirm).getByText(
    'It stops after the page it is reading; the events already imported are still synced.',
  );
  fireEvent.click(within(confirm).getByRole('button', { name: 'Keep importing' }));
  expect(api.sent('cancelBackfill')).toHaveLength(0);

  fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel import' }));
  fireEvent.click(
    within(await screen.findByRole('dialog', { name: 'Cancel this import?' })).getByRole('button', {
      name: 'Cancel import',
    }),
  );
  await within(dialog()).findByText('Import cancelled. What was imported before is still synced.');
  expect(api.sent('cancelBackfill')[0]?.path).toBe(
    `/api/admin/webhooks/${WEBHOOK_ID}/backfills/${BACKFILL_ID}/cancel`,
  );
  within(dialog()).getByRole('button', { name: 'Start another import' });
});

test('a finished import shows its summary, or its error, and offers another', async () => {
  setUp({
    past: [
      aBackfill({
        status: 'completed',
        eventsFound: 1000,
        queued: 700,
        skipped: 300,
        fraction: 1,
      }),
    ],
  });
  await within(dialog()).findByText('Import complete.');
  within(dialog()).getByText('Imported 700 past events; 300 were already synced and skipped.');
  expect(
    within(dialog())
      .getByRole('progressbar', { name: 'Import progress' })
      .getAttribute('aria-valuenow'),
  ).toBe('100');
  fireEvent.click(within(dialog()).getByRole('button', { name: 'Start another import' }));
  await within(dialog()).findByRole('button', { name: 'Start import' });
});

test('a failed import says why', async () => {
  setUp({
    past: [
      aBackfill({
        status: 'failed',
        error:
          'Smartlead refused the API key; check it under API keys, then start the backfill again.',
      }),
    ],
  });
  const status = await within(dialog()).findByText(
    'Import failed: Smartlead refused the API key; check it under API keys, then start the backfill again.',
  );
  expect(status.getAttribute('role')).toBe('status');
});

test('says in words why a start is refused: one import at a time', async () => {
  const api = setUp();
  api.on('startBackfill', () => ({
    status: 409,
    error: {
      code: 'backfill_running',
      message:
        'A backfill of this webhook is already running; wait for it to finish or cancel it first.',
    },
  }));
  await chooseCampaign('Q3 agencies');
  fireEvent.click(within(dialog()).getByRole('button', { name: 'Start import' }));
  const alert = await within(dialog()).findByRole('alert');
  expect(alert.textContent).toBe(
    'A backfill of this webhook is already running; wait for it to finish or cancel it first.',
  );
});

test('checks the range before asking: not after today, at most 366 days', async () => {
  const api = setUp();
  await chooseCampaign('Q3 founders');
  const today = new Date();
  const to = within(dialog()).getByLabelText('To');
  fireEvent.change(to, {
    target: { value: dayText(new Date(today.getTime() + 2 * 86_400_000)) },
  });
  fireEvent.click(within(dialog()).getByRole('button', { name: 'Start import' }));
  within(dialog()).getByText('The date range cannot end after today.');
  fireEvent.change(to, { target: { value: dayText(today) } });
  fireEvent.change(within(dialog()).getByLabelText('From'), {
    target: { value: dayText(new Date(today.getTime() - 400 * 86_400_000)) },
  });
  within(dialog()).getByText('An import reads at most 366 days; choose a shorter range.');
  expect(api.sent('startBackfill')).toHaveLength(0);
});

test('with several keys of the platform, the key picker chooses whose campaigns are read', async () => {
  const second = anApiKey({ id: oid(0xa2), description: 'Agency workspace' });
  const api = setUp({ keys: [anApiKey(), second] });
  const picker = await within(dialog()).findByRole('combobox', { name: 'API key' });
  await within(dialog()).findByText(/^Smartlead's API keeps no time/);
  fireEvent.click(picker);
  fireEvent.click(await screen.findByRole('option', { name: 'Agency workspace' }));
  await chooseCampaign('Q3 founders');
  expect(api.sent('backfillCampaigns').map((request) => request.query.get('apiKeyId'))).toEqual([
    oid(0xa1),
    oid(0xa2),
  ]);
});

test('a key the platform refuses is said in words', async () => {
  const api = fakeService({ apiKeys: [anApiKey()], integrations: [hubspotProfile] });
  api.on('listBackfills', () => ({ body: { backfills: [] } }));
  api.on('backfillCampaigns', () => ({
    status: 502,
    error: {
      code: 'upstream_failed',
      message:
        'Smartlead refused the API key, so its campaigns cannot be listed; check the key under API keys.',
    },
  }));
  renderInShell(<WebhookBackfillDialog webhook={webhook} onClose={() => undefined} />);
  const alert = await within(dialog()).findByRole('alert');
  expect(alert.textContent).toBe(
    'Smartlead refused the API key, so its campaigns cannot be listed; check the key under API keys.',
  );
});

test('a profile without a key of the platform is told so, and no campaigns are asked for', async () => {
  const api = setUp({ keys: [] });
  await within(dialog()).findByText(
    "Past activity is read with a Smartlead API key, and this webhook's profile has none. Add one to the profile, then import.",
  );
  expect(within(dialog()).queryByRole('button', { name: 'Start import' })).toBeNull();
  expect(api.sent('backfillCampaigns')).toEqual([]);
});
