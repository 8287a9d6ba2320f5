// The import screen's campaign picker and the start's campaign check (issue 34, item 3) against
// the sandbox's seeded Instantly history; and a stopping worker handing its run over.
import type { Backfill, BackfillCampaignList } from '@outsync/contracts/webhooks';
import { buildApiKey } from '../../testing/account-factories';
import {
  backfillDoc,
  campaignsOf,
  instantlyWebhook,
  pastRange,
  seedHistory,
  startBackfillSuite,
  stopBackfillSuite,
  type BackfillSuite,
  type Seeded,
} from './backfill.test-support';

const WEBHOOKS = '/api/admin/webhooks';

// Set by beforeAll.
let { sandbox, app, owner, profile } = {} as BackfillSuite;
const range = pastRange();
let seeded: Seeded;

beforeAll(async () => {
  ({ sandbox, app, owner, profile } = await startBackfillSuite('backfill-campaigns@example.com'));
  seeded = await seedHistory(sandbox, 'instantly', range);
}, 60_000);

afterAll(() => stopBackfillSuite({ app, sandbox }));

describe('GET …/backfills/campaigns', () => {
  it("lists the key's campaigns by the id the import reads, with what the history rebuilds", async () => {
    const hook = await instantlyWebhook(app, profile);
    const path = `${WEBHOOKS}/${hook._id.toString()}/backfills/campaigns`;
    const listed = await owner.get<BackfillCampaignList>(`${path}?apiKeyId=${hook.keyId ?? ''}`);
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({
      platform: 'instantly',
      apiKeyId: hook.keyId,
      rebuilds: ['EMAIL_SENT', 'EMAIL_REPLY'],
      notAvailable: [
        'EMAIL_OPEN',
        'EMAIL_LINK_CLICK',
        'EMAIL_BOUNCE',
        'LEAD_UNSUBSCRIBED',
        'LEAD_CATEGORY_UPDATED',
      ],
    });
    for (const campaign of campaignsOf('instantly', seeded))
      expect(listed.body.campaigns).toContainEqual(campaign);

    // Without a key named and none on the webhook: the start's words.
    const noKey = await owner.get<{ message: string }>(path);
    expect(noKey.status).toBe(400);
    expect(noKey.body.message).toBe('Choose the Instantly API key to read past activity with.');
  });

  it('a key the platform refuses is said in words', async () => {
    const hook = await instantlyWebhook(app, profile);
    const refused = await buildApiKey(app.db, app.secrets, {
      userProfileId: profile._id,
      platform: 'instantly',
      description: 'Revoked Instantly key',
      apiKey: 'revoked-key',
    });
    const response = await owner.get<{ code: string; message: string }>(
      `${WEBHOOKS}/${hook._id.toString()}/backfills/campaigns?apiKeyId=${refused._id.toString()}`,
    );
    expect(response.status).toBe(502);
    expect(response.body).toEqual({
      code: 'upstream_failed',
      message:
        'Instantly refused the API key, so its campaigns cannot be listed; check the key under API keys.',
    });
  });
});

describe('starting', () => {
  it('refuses campaigns the account does not have, naming them', async () => {
    const hook = await instantlyWebhook(app, profile);
    const unknown = '00000000-0000-4000-a000-000000000042';
    const response = await owner.post<{ code: string; message: string }>(
      `${WEBHOOKS}/${hook._id.toString()}/backfills`,
      {
        ...range,
        campaigns: [...campaignsOf('instantly', seeded), { id: unknown }],
        apiKeyId: hook.keyId,
      },
    );
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      code: 'unknown_campaigns',
      message: `Instantly has no campaign with the id ${unknown} for this API key; choose the campaigns again.`,
    });
  });

  it('a stopping worker hands its run over after a page: lease released, next run queued', async () => {
    const hook = await instantlyWebhook(app, profile);
    const started = await owner.post<Backfill>(`${WEBHOOKS}/${hook._id.toString()}/backfills`, {
      ...range,
      campaigns: campaignsOf('instantly', seeded),
      apiKeyId: hook.keyId,
    });
    expect(started.status).toBe(201);
    expect(await app.composition.runBackfill(started.body.id, { shouldStop: () => true })).toBe(
      'stopped',
    );
    const doc = await backfillDoc(app, started.body.id);
    expect(doc).toMatchObject({ status: 'running', active: true, leaseUntil: null, pagesRead: 1 });
    // The next worker claims it at once and goes on from the saved page.
    expect(await app.composition.runBackfill(started.body.id)).toBe('completed');
    expect((await backfillDoc(app, started.body.id)).eventsFound).toBe(seeded.events);
  });
});
