import nock from 'nock';
import { ConnectorError } from '../../http';
import { useNockHooks } from '../../test-support';
import { createHeyreachHistoryReader } from './heyreach-history';
import { eventTypes, readAll, readFailure, readSome } from './history.test-support';

const BASE = 'https://sandbox.test/heyreach';
const KEY = 'hr-key-8c1d';
const request = {
  from: new Date('2026-03-01T00:00:00.000Z'),
  to: new Date('2026-04-01T00:00:00.000Z'),
  campaigns: [{ id: '4001', name: 'Founders' }],
};

useNockHooks();

function reader(retries = 0) {
  return createHeyreachHistoryReader({ baseUrl: BASE, apiKey: KEY, retries });
}

const body = (offset: number) => ({ offset, limit: 100, filters: { campaignIds: [4001] } });

const conversation = (id: string, messages: Array<[string, 'ME' | 'CORRESPONDENT', boolean?]>) => ({
  id,
  lastMessageAt: messages.at(-1)?.[0] ?? null,
  campaignId: 4001,
  linkedInAccount: {
    id: 12,
    firstName: 'Alex',
    lastName: 'Rivera',
    profileUrl: 'https://www.linkedin.com/in/alex',
  },
  correspondentProfile: {
    profileUrl: 'https://www.linkedin.com/in/dana-okafor/',
    firstName: 'Dana',
    lastName: 'Okafor',
    companyName: 'Meridian',
    position: 'COO',
    emailAddress: null,
  },
  messages: messages.map(([createdAt, sender, isInMail]) => ({
    createdAt,
    body: `${sender} at ${createdAt}`,
    isInMail: isInMail ?? false,
    sender,
  })),
});

describe('the HeyReach history reader', () => {
  it('reads the campaign’s conversations with X-API-KEY and turns each message into its webhook', async () => {
    nock(BASE, { reqheaders: { 'x-api-key': KEY }, badheaders: ['authorization'] })
      .post('/api/public/inbox/GetConversationsV2', body(0))
      .reply(200, {
        totalCount: 1,
        items: [
          conversation('c-1', [
            ['2026-02-27T09:00:00.000Z', 'ME'],
            ['2026-03-02T09:00:00.000Z', 'ME'],
            ['2026-03-03T10:00:00.000Z', 'CORRESPONDENT'],
            ['2026-03-04T10:00:00.000Z', 'ME', true],
          ]),
        ],
      });

    const pages = await readAll(reader(), request);

    expect(eventTypes(pages)).toEqual([
      'message_sent',
      'every_message_reply_received',
      'inmail_sent',
    ]);
    expect(pages[0]?.events[1]?.payload).toEqual({
      event_type: 'every_message_reply_received',
      timestamp: '2026-03-03T10:00:00.000Z',
      is_inmail: false,
      conversation_id: 'c-1',
      campaign: { id: '4001', name: 'Founders' },
      sender: {
        id: '12',
        first_name: 'Alex',
        last_name: 'Rivera',
        full_name: 'Alex Rivera',
        profile_url: 'https://www.linkedin.com/in/alex',
        email_address: null,
      },
      lead: {
        profile_url: 'https://www.linkedin.com/in/dana-okafor/',
        first_name: 'Dana',
        last_name: 'Okafor',
        full_name: 'Dana Okafor',
        company_name: 'Meridian',
        position: 'COO',
        email_address: null,
      },
      recent_messages: [
        {
          creation_time: '2026-03-03T10:00:00.000Z',
          message: 'CORRESPONDENT at 2026-03-03T10:00:00.000Z',
          subject: null,
          is_reply: true,
        },
      ],
    });
    expect(pages[0]?.progress).toEqual({ campaign: 0, campaigns: 1, done: 1, total: 1 });
  });

  it('pages by offset, resumes from the cursor, and stops once conversations ended before the range', async () => {
    const recent = Array.from({ length: 100 }, (_, index) =>
      conversation(`c-${index}`, [['2026-03-20T09:00:00.000Z', 'ME']]),
    );
    nock(BASE)
      .post('/api/public/inbox/GetConversationsV2', body(0))
      .reply(200, { totalCount: 300, items: recent });
    const [first] = await readSome(reader(), request, 1);
    expect(first?.events).toHaveLength(100);

    const old = Array.from({ length: 100 }, (_, index) =>
      conversation(`o-${index}`, [['2026-01-20T09:00:00.000Z', 'CORRESPONDENT']]),
    );
    // Offset 200 is never asked for: page 2 is all older than the range.
    nock(BASE)
      .post('/api/public/inbox/GetConversationsV2', body(100))
      .reply(200, { totalCount: 300, items: old });
    const rest = await readAll(reader(), { ...request, cursor: first?.cursor });

    expect(rest).toHaveLength(1);
    expect(rest[0]).toMatchObject({
      events: [],
      cursor: null,
      progress: { done: 300, total: 300 },
    });
  });

  it('fails as rate_limited with its Retry-After on 429', async () => {
    nock(BASE)
      .post('/api/public/inbox/GetConversationsV2')
      .reply(429, { errorMessage: 'Too many requests', statusCode: 429 }, { 'Retry-After': '20' });

    const error = await readFailure(reader(2), request);

    expect(error).toBeInstanceOf(ConnectorError);
    expect(error).toMatchObject({
      system: 'heyreach',
      code: 'rate_limited',
      retryAfterSeconds: 20,
    });
  });

  it('refuses a campaign id that is not a number before calling', async () => {
    await expect(
      readFailure(reader(), { ...request, campaigns: [{ id: 'abc' }] }),
    ).resolves.toBeInstanceOf(RangeError);
  });
});
