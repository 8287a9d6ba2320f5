import nock from 'nock';
import { ConnectorError } from '../../http';
import { useNockHooks } from '../../test-support';
import { eventTypes, readAll, readFailure, readSome } from './history.test-support';
import { createInstantlyHistoryReader } from './instantly-history';

const BASE = 'https://sandbox.test/instantly';
const KEY = 'inst_key_5f0e2c';
const CAMPAIGN_A = '0199a0b1-0000-7000-8000-00000000000a';
const CAMPAIGN_B = '0199a0b1-0000-7000-8000-00000000000b';
const request = {
  from: new Date('2026-03-01T00:00:00.000Z'),
  to: new Date('2026-04-01T00:00:00.000Z'),
  campaigns: [
    { id: CAMPAIGN_A, name: 'Spring SaaS' },
    { id: CAMPAIGN_B, name: 'Spring Retail' },
  ],
};

useNockHooks();

function reader(retries = 0) {
  return createInstantlyHistoryReader({ baseUrl: BASE, apiKey: KEY, retries });
}

const query = (campaign: string, startingAfter?: string) => ({
  campaign_id: campaign,
  min_timestamp_created: '2026-03-01T00:00:00.000Z',
  max_timestamp_created: '2026-04-01T00:00:00.000Z',
  sort_order: 'asc',
  limit: '100',
  ...(startingAfter ? { starting_after: startingAfter } : {}),
});

const email = (id: string, ueType: number, time: string, extra: Record<string, unknown> = {}) => ({
  id,
  timestamp_created: time,
  timestamp_email: time,
  message_id: `<${id}@mail.test>`,
  subject: ueType === 2 ? 'Re: Intake' : 'Intake',
  from_address_email: ueType === 2 ? 'dana@meridian.test' : 'alex@outreach.test',
  to_address_email_list: ueType === 2 ? 'alex@outreach.test' : 'dana@meridian.test',
  body: { text: 'Hello', html: '<p>Hello</p>' },
  organization_id: 'ws-1',
  campaign_id: CAMPAIGN_A,
  lead: 'dana@meridian.test',
  lead_id: 'lead-1',
  eaccount: 'alex@outreach.test',
  ue_type: ueType,
  step: '1',
  is_auto_reply: 0,
  thread_id: 'th-1',
  content_preview: 'Hello',
  ...extra,
});

describe('the Instantly history reader', () => {
  it('pages each campaign’s e-mails oldest first with the key as a bearer token', async () => {
    nock(BASE, { reqheaders: { authorization: `Bearer ${KEY}` } })
      .get('/api/v2/emails')
      .query(query(CAMPAIGN_A))
      .reply(200, {
        items: [
          email('e-1', 1, '2026-03-02T09:00:00.000Z'),
          email('e-2', 2, '2026-03-03T09:00:00.000Z'),
          email('e-3', 4, '2026-03-04T09:00:00.000Z'),
        ],
        next_starting_after: 'e-3',
      })
      .get('/api/v2/emails')
      .query(query(CAMPAIGN_A, 'e-3'))
      .reply(200, { items: [email('e-4', 2, '2026-03-05T09:00:00.000Z', { is_auto_reply: 1 })] })
      .get('/api/v2/emails')
      .query(query(CAMPAIGN_B))
      .reply(200, { items: [] });

    const pages = await readAll(reader(), request);

    // A scheduled e-mail (ue_type 4) has not happened.
    expect(eventTypes(pages)).toEqual(['email_sent', 'reply_received', 'auto_reply_received']);
    expect(pages[0]?.events[0]?.payload).toEqual({
      event_type: 'email_sent',
      timestamp: '2026-03-02T09:00:00.000Z',
      workspace: 'ws-1',
      campaign_id: CAMPAIGN_A,
      campaign_name: 'Spring SaaS',
      lead_email: 'dana@meridian.test',
      lead_id: 'lead-1',
      email_account: 'alex@outreach.test',
      email_id: 'e-1',
      step: '1',
      email_subject: 'Intake',
      email_text: 'Hello',
      email_html: '<p>Hello</p>',
    });
    expect(pages[0]?.events[1]?.payload).toMatchObject({
      event_type: 'reply_received',
      email_id: 'e-2',
      reply_subject: 'Re: Intake',
      reply_text: 'Hello',
    });
    expect(pages.map((page) => page.progress.campaign)).toEqual([0, 0, 1]);
    expect(pages.at(-1)?.cursor).toBeNull();
  });

  it('resumes from a stored cursor with starting_after', async () => {
    nock(BASE)
      .get('/api/v2/emails')
      .query(query(CAMPAIGN_A))
      .reply(200, {
        items: [email('e-1', 1, '2026-03-02T09:00:00.000Z')],
        next_starting_after: 'e-1',
      });
    const [first] = await readSome(reader(), request, 1);

    nock(BASE)
      .get('/api/v2/emails')
      .query(query(CAMPAIGN_A, 'e-1'))
      .reply(200, { items: [email('e-2', 2, '2026-03-03T09:00:00.000Z')] })
      .get('/api/v2/emails')
      .query(query(CAMPAIGN_B))
      .reply(200, { items: [] });
    const rest = await readAll(reader(), { ...request, cursor: first?.cursor });

    expect(rest.flatMap((page) => page.events.map((event) => event.sourceId))).toEqual([
      'email:e-2',
    ]);
  });

  it('fails as rate_limited when Instantly answers 429 (no Retry-After documented)', async () => {
    nock(BASE)
      .get('/api/v2/emails')
      .query(true)
      .reply(429, { statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded' });

    const error = await readFailure(reader(), request);

    expect(error).toBeInstanceOf(ConnectorError);
    expect(error).toMatchObject({ system: 'instantly', code: 'rate_limited', status: 429 });
    expect((error as ConnectorError).retryAfterSeconds).toBeUndefined();
  });

  it('carries a Retry-After the answer has', async () => {
    nock(BASE).get('/api/v2/emails').query(true).reply(429, {}, { 'Retry-After': '45' });

    await expect(readFailure(reader(2), request)).resolves.toMatchObject({
      code: 'rate_limited',
      retryAfterSeconds: 45,
    });
  });

  it('fails as unexpected when the cursor does not move', async () => {
    nock(BASE)
      .get('/api/v2/emails')
      .query(query(CAMPAIGN_A))
      .reply(200, {
        items: [email('e-1', 1, '2026-03-02T09:00:00.000Z')],
        next_starting_after: 'e-1',
      })
      .get('/api/v2/emails')
      .query(query(CAMPAIGN_A, 'e-1'))
      .reply(200, {
        items: [email('e-1', 1, '2026-03-02T09:00:00.000Z')],
        next_starting_after: 'e-1',
      });

    await expect(readFailure(reader(), request)).resolves.toMatchObject({ code: 'unexpected' });
  });
});
