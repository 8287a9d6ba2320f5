import nock from 'nock';
import { ConnectorError } from '../../http';
import { useNockHooks } from '../../test-support';
import { eventTypes, readAll, readFailure, readSome } from './history.test-support';
import { createSmartleadHistoryReader } from './smartlead-history';

const BASE = 'https://sandbox.test/smartlead';
const KEY = 'a1b2c3d4-e5f6-4711-8899-aabbccddeeff_9kq2xz';
const request = {
  from: new Date('2026-03-01T00:00:00.000Z'),
  to: new Date('2026-04-01T00:00:00.000Z'),
  campaigns: [
    { id: '901', name: 'Spring SaaS' },
    { id: '902', name: 'Spring Logistics' },
  ],
};

useNockHooks();

function reader(retries = 0) {
  return createSmartleadHistoryReader({ baseUrl: BASE, apiKey: KEY, retries });
}

const lead = (id: number, email: string) => ({
  campaign_lead_map_id: id + 5000,
  lead_category_id: null,
  status: 'INPROGRESS',
  lead: {
    id,
    email,
    first_name: 'Dana',
    last_name: 'Okafor',
    company_name: 'Meridian',
    website: 'meridian.test',
  },
});

const sent = (statsId: string, time: string, seq = 1) => ({
  stats_id: statsId,
  from: 'alex@outreach.test',
  to: 'dana@meridian.test',
  type: 'SENT',
  message_id: `<${statsId}@outreach.test>`,
  time,
  email_body: '<p>Hello</p>',
  subject: 'Intake',
  email_seq_number: String(seq),
  open_count: 2,
  click_count: 0,
});

describe('the Smartlead history reader', () => {
  it('reads each campaign’s leads and their message history, the key in the query only', async () => {
    nock(BASE, { badheaders: ['authorization', 'x-api-key'] })
      .get('/api/v1/campaigns/901/leads')
      .query({ api_key: KEY, offset: '0', limit: '100' })
      .reply(200, {
        total_leads: '1',
        offset: 0,
        limit: 100,
        data: [lead(71, 'dana@meridian.test')],
      })
      .get('/api/v1/campaigns/901/leads/71/message-history')
      .query({ api_key: KEY })
      .reply(200, {
        history: [
          sent('s-1', '2026-02-27T09:00:00.000Z'),
          sent('s-2', '2026-03-02T09:00:00.000Z', 2),
          {
            stats_id: 's-2',
            from: 'dana@meridian.test',
            to: 'alex@outreach.test',
            type: 'REPLY',
            message_id: '<r-1@meridian.test>',
            time: '2026-03-03T10:30:00.000Z',
            email_body: '<p>Send the deck</p>',
            subject: 'Re: Intake',
            email_seq_number: '2',
          },
          sent('s-3', '2026-04-01T00:00:00.000Z', 3),
        ],
        from: 'alex@outreach.test',
        to: 'dana@meridian.test',
      })
      .get('/api/v1/campaigns/902/leads')
      .query({ api_key: KEY, offset: '0', limit: '100' })
      .reply(200, { total_leads: '0', offset: 0, limit: 100, data: [] });

    const pages = await readAll(reader(), request);

    expect(pages).toHaveLength(2);
    // Before the range, and at its (exclusive) end: left out.
    expect(eventTypes(pages)).toEqual(['EMAIL_SENT', 'EMAIL_REPLY']);
    expect(pages[0]?.events[0]?.payload).toEqual({
      event_type: 'EMAIL_SENT',
      event_timestamp: '2026-03-02T09:00:00.000Z',
      stats_id: 's-2',
      sl_email_lead_id: '71',
      sl_email_lead_map_id: '5071',
      sl_lead_email: 'dana@meridian.test',
      from_email: 'alex@outreach.test',
      to_email: 'dana@meridian.test',
      subject: 'Intake',
      campaign_id: '901',
      campaign_name: 'Spring SaaS',
      sequence_number: '2',
      sent_message: {
        message_id: '<s-2@outreach.test>',
        html: '<p>Hello</p>',
        text: null,
        time: '2026-03-02T09:00:00.000Z',
      },
      lead_data: {
        email: 'dana@meridian.test',
        first_name: 'Dana',
        last_name: 'Okafor',
        company_name: 'Meridian',
        website: 'meridian.test',
        linkedin_profile: null,
        phone_number: null,
      },
    });
    expect(pages[0]?.events[1]?.payload).toMatchObject({
      event_type: 'EMAIL_REPLY',
      stats_id: 's-2',
      from_email: 'alex@outreach.test',
      reply_message: { message_id: '<r-1@meridian.test>', time: '2026-03-03T10:30:00.000Z' },
    });
    expect(pages.map((page) => page.progress)).toEqual([
      { campaign: 0, campaigns: 2, done: 1, total: 1 },
      { campaign: 1, campaigns: 2, done: 0, total: 0 },
    ]);
    expect(pages[1]?.cursor).toBeNull();
  });

  it('asks for the next 100 leads after a full page, and resumes there from the cursor', async () => {
    const full = Array.from({ length: 100 }, (_, index) => lead(100 + index, `l${index}@x.test`));
    nock(BASE)
      .get('/api/v1/campaigns/901/leads')
      .query({ api_key: KEY, offset: '0', limit: '100' })
      .reply(200, { total_leads: '101', data: full })
      .get(/\/api\/v1\/campaigns\/901\/leads\/\d+\/message-history/)
      .query({ api_key: KEY })
      .times(100)
      .reply(200, { history: [] });

    const [first] = await readSome(reader(), request, 1);
    expect(first?.progress).toEqual({ campaign: 0, campaigns: 2, done: 100, total: 101 });

    nock(BASE)
      .get('/api/v1/campaigns/901/leads')
      .query({ api_key: KEY, offset: '100', limit: '100' })
      .reply(200, { total_leads: '101', data: [lead(300, 'last@x.test')] })
      .get('/api/v1/campaigns/901/leads/300/message-history')
      .query({ api_key: KEY })
      .reply(200, { history: [sent('s-9', '2026-03-09T09:00:00.000Z')] })
      .get('/api/v1/campaigns/902/leads')
      .query({ api_key: KEY, offset: '0', limit: '100' })
      .reply(200, { total_leads: '0', data: [] });

    const rest = await readAll(reader(), { ...request, cursor: first?.cursor });
    expect(rest.flatMap((page) => page.events.map((event) => event.sourceId))).toEqual([
      'sent:s-9:<s-9@outreach.test>',
    ]);
  });

  it('fails as rate_limited with the wait when Smartlead answers 429 beyond the retry cap', async () => {
    nock(BASE)
      .get('/api/v1/campaigns/901/leads')
      .query(true)
      .reply(
        429,
        { error: { code: 'RATE_LIMIT_EXCEEDED', message: 'Too many requests.', retry_after: 30 } },
        { 'Retry-After': '30' },
      );

    const error = await readFailure(reader(2), request);

    expect(error).toBeInstanceOf(ConnectorError);
    expect(error).toMatchObject({
      system: 'smartlead',
      code: 'rate_limited',
      status: 429,
      retryAfterSeconds: 30,
    });
    expect(String((error as Error).message)).not.toContain(KEY);
  });

  it('refuses a cursor of another range before asking Smartlead anything', async () => {
    nock(BASE)
      .get('/api/v1/campaigns/901/leads')
      .query(true)
      .reply(200, { total_leads: '0', data: [] });
    const [first] = await readSome(reader(), request, 1);

    const moved = { ...request, from: new Date('2026-02-01T00:00:00.000Z'), cursor: first?.cursor };
    await expect(readFailure(reader(), moved)).resolves.toEqual(
      new RangeError('The backfill cursor belongs to another date range or other campaigns.'),
    );
    await expect(readFailure(reader(), { ...request, cursor: 'not json' })).resolves.toBeInstanceOf(
      RangeError,
    );
  });
});
