// History > Category Base Filter over HTTP: the events a category filter held, scoped by role.
import type { MeResponse } from '@outsync/contracts';
import type { CategoryBaseFiltersPage } from '@outsync/contracts/history';
import { Types } from 'mongoose';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { startTestApp, type TestApp } from '../../testing/test-app';
import type { TestClient } from '../../testing/test-client';
import { categoryHoldModel, type CategoryHoldDoc } from './category-hold.model';

const CATEGORY = '/api/admin/category-base-filters';
const NOW = new Date('2030-03-15T12:00:00.000Z');

type Caller = { client: TestClient; id: string; email: string };
type ErrorBody = { code: string; message: string };

// The real app on the embedded MongoDB with its clock at NOW, an admin, a manager and two
// customers (as webhook-logs.test-support.ts sets up the webhook logs' tests).
let app: TestApp;
let admin: Caller;
let manager: Caller;
let ada: Caller;
let bob: Caller;

async function caller(email: string, role?: 'ADMIN' | 'MANAGER'): Promise<Caller> {
  const client = await app.signIn({ email, role: role ?? null });
  const me = (await client.get<MeResponse>('/api/admin/me')).body;
  return { client, id: me.id, email };
}

const ids = (page: { data: { id: string }[] }) => page.data.map((row) => row.id);
const holds = () => categoryHoldModel(app.db.connection);

guardOutboundCalls();

beforeAll(async () => {
  app = await startTestApp({ now: () => NOW });
  admin = await caller('history-admin@outsync.test', 'ADMIN');
  manager = await caller('history-manager@outsync.test', 'MANAGER');
  ada = await caller('ada@customer-a.test');
  bob = await caller('bob@customer-b.test');
});

afterAll(async () => {
  await app.stop();
});

beforeEach(async () => {
  await holds().deleteMany({});
});

describe('GET /api/admin/category-base-filters', () => {
  function holdOf(owner: Caller, overrides: Partial<CategoryHoldDoc> = {}): CategoryHoldDoc {
    const webhookId = overrides.webhookId ?? new Types.ObjectId();
    return {
      _id: new Types.ObjectId(),
      eventId: new Types.ObjectId(),
      webhookId,
      userId: new Types.ObjectId(owner.id),
      webhook_url: `https://hooks.outsync.test/webhooks/code-${webhookId.toString()}`,
      webhook_event: 'EMAIL_REPLY',
      campaign_id: '77',
      lead_id: '991',
      leadKey: 'lead@prospect.test',
      smartlead_base_categories: [{ id: 'interested', name: 'Interested' }],
      category_name: 'Not Interested',
      dto: {
        subject: 'Re: Hello',
        to_email: 'rep@agency.test',
        from_email: 'lead@prospect.test',
        event_type: 'EMAIL_REPLY',
      },
      created_at: new Date(NOW.getTime() - 60_000),
      sent_at: null,
      expiresAt: new Date(NOW.getTime() + 86_400_000),
      ...overrides,
    };
  }
  const page = async (who: Caller, query = '') =>
    (await who.client.get<CategoryBaseFiltersPage & ErrorBody>(`${CATEGORY}${query}`)).body;

  it('pages the held events newest first, with the total, as spec 02 §3 shapes them', async () => {
    const sent = new Date('2030-03-15T11:59:00.000Z');
    const newest = holdOf(ada, { created_at: new Date(NOW.getTime() - 1000), sent_at: sent });
    const rest = Array.from({ length: 21 }, (_, index) =>
      holdOf(ada, { created_at: new Date(NOW.getTime() - (index + 2) * 1000) }),
    );
    await holds().insertMany([...rest, newest]);
    const first = await page(ada);
    expect(first.page).toBe(1);
    expect(first.limit).toBe(20);
    expect(first.totalItems).toBe(22);
    expect(first.data).toHaveLength(20);
    expect(first.data[0]).toEqual({
      id: newest._id.toString(),
      webhook_url: newest.webhook_url,
      webhook_event: 'EMAIL_REPLY',
      campaign_id: '77',
      lead_id: '991',
      smartlead_base_categories: [{ id: 'interested', name: 'Interested' }],
      category_name: 'Not Interested',
      dto: {
        subject: 'Re: Hello',
        to_email: 'rep@agency.test',
        from_email: 'lead@prospect.test',
        event_type: 'EMAIL_REPLY',
      },
      webhookId: newest.webhookId.toString(),
      eventId: newest.eventId.toString(),
      created_at: new Date(NOW.getTime() - 1000).toISOString(),
      sent_at: '2030-03-15T11:59:00.000Z',
    });
    const second = await page(ada, '?page=2');
    expect(second.data).toHaveLength(2);
    expect(second.totalItems).toBe(22);
    expect((await page(ada, '?page=3')).data).toEqual([]);
    const zero = await ada.client.get<ErrorBody>(`${CATEGORY}?page=0`);
    expect([zero.status, zero.body.message]).toEqual([400, 'page must be a whole number from 1.']);
  });

  it('filters, trimmed, and scopes a customer to their own', async () => {
    const hook = new Types.ObjectId();
    const open = holdOf(ada, {
      webhook_event: 'EMAIL_OPEN',
      created_at: new Date(NOW.getTime() - 1000),
    });
    const otherCampaign = holdOf(ada, {
      campaign_id: '88',
      lead_id: '5',
      webhookId: hook,
      created_at: new Date(NOW.getTime() - 2000),
    });
    const bobs = holdOf(bob, { created_at: new Date(NOW.getTime() - 3000) });
    await holds().insertMany([open, otherCampaign, bobs]);
    const listed = async (who: Caller, query: string) => ids(await page(who, `?${query}`));

    expect(await listed(ada, '')).toEqual([open._id.toString(), otherCampaign._id.toString()]);
    expect(await listed(bob, '')).toEqual([bobs._id.toString()]);
    expect(await listed(ada, 'eventType=EMAIL_OPEN')).toEqual([open._id.toString()]);
    expect(await listed(ada, 'eventType=ANY')).toHaveLength(2);
    expect(await listed(ada, 'campaignId=%2088%20')).toEqual([otherCampaign._id.toString()]);
    expect(await listed(ada, 'leadId=5')).toEqual([otherCampaign._id.toString()]);
    expect(await listed(ada, `webhookId=${hook.toString()}`)).toEqual([
      otherCampaign._id.toString(),
    ]);
    expect(await listed(ada, 'webhookId=0')).toHaveLength(2);
    expect(await listed(ada, `webhookUrl=${encodeURIComponent(` ${open.webhook_url}`)}`)).toEqual([
      open._id.toString(),
    ]);
    // A customer's filter on someone else's webhook finds nothing.
    expect(await listed(ada, `webhookId=${bobs.webhookId.toString()}`)).toEqual([]);
    expect((await page(ada, `?webhookId=${bobs.webhookId.toString()}`)).totalItems).toBe(0);
    for (const staff of [admin, manager]) expect(await listed(staff, '')).toHaveLength(3);
  });

  it('lists the event types the filter offers', async () => {
    const types = await ada.client.get<string[]>(`${CATEGORY}/types`);
    expect(types.status).toBe(200);
    expect(types.body).toHaveLength(14);
    expect(types.body).toContain('EMAIL_REPLY');
    expect(types.body).not.toContain('ANY');
  });
});
