import nock from 'nock';
import { ConnectorError } from '../../http';
import { useNockHooks } from '../../test-support';
import { createBisonHistoryReader } from './bison-history';
import { eventTypes, readAll, readFailure, readSome } from './history.test-support';

const INSTANCE = 'https://send.agency.test';
const TOKEN = '12|bison-token-xyz';
const request = {
  from: new Date('2026-03-01T00:00:00.000Z'),
  to: new Date('2026-04-01T00:00:00.000Z'),
  campaigns: [{ id: '31', name: 'Spring SaaS' }],
};

useNockHooks();

function reader(retries = 0) {
  // Customers type their instance with `/api` and a slash at times.
  return createBisonHistoryReader({ baseUrl: `${INSTANCE}/api/`, apiKey: TOKEN, retries });
}

const leadsPage = (page: number, lastPage: number, ids: number[]) => ({
  data: ids.map((id) => ({
    id,
    email: `lead${id}@x.test`,
    first_name: 'Lee',
    last_name: `L${id}`,
    company: 'X',
  })),
  links: {},
  meta: { current_page: page, last_page: lastPage, per_page: 15, total: 16 },
});

const scheduled = (id: number, sentAt: string | null, status = 'sent') => ({
  id,
  lead_id: 1,
  sequence_step_id: 9,
  sequence_step_order: 1,
  email_subject: 'Intake',
  email_body: '<p>Hi</p>',
  status,
  sent_at: sentAt,
  raw_message_id: `<se-${id}@x.test>`,
  sender_email: { id: 4, email: 'alex@outreach.test', name: 'Alex' },
});

const reply = (id: number, folder: string, extra: Record<string, unknown> = {}) => ({
  id,
  folder,
  email_subject: 'Re: Intake',
  html_body: '<p>Yes</p>',
  text_body: 'Yes',
  automated_reply: false,
  interested: false,
  date_received: '2026-03-10T12:00:00.000000Z',
  type: 'Tracked Reply',
  from_email_address: 'lead1@x.test',
  primary_to_email_address: 'alex@outreach.test',
  sender_email_id: 4,
  ...extra,
});

describe('the bison history reader', () => {
  it('reads a campaign’s leads by page and each lead’s campaign e-mails and replies', async () => {
    nock(INSTANCE, { reqheaders: { authorization: `Bearer ${TOKEN}` } })
      .get('/api/campaigns/31/leads')
      .query({ page: '1' })
      .reply(200, leadsPage(1, 1, [1]))
      .get('/api/leads/1/sent-emails')
      .query({ campaign_id: '31' })
      .reply(200, {
        data: [
          scheduled(501, '2026-03-02T09:00:00.000000Z'),
          scheduled(502, null, 'scheduled'),
          scheduled(503, '2026-02-02T09:00:00.000000Z'),
        ],
      })
      .get('/api/leads/1/replies')
      .query({ campaign_id: '31', folder: 'all' })
      .reply(200, {
        data: [
          reply(801, 'Inbox'),
          reply(802, 'Bounced', { from_email_address: 'mailer-daemon@x.test' }),
          reply(803, 'Sent', {
            from_email_address: 'alex@outreach.test',
            primary_to_email_address: 'lead1@x.test',
          }),
          reply(804, 'Spam'),
          reply(805, 'Inbox', { type: 'Untracked Reply' }),
        ],
      });

    const pages = await readAll(reader(), request);

    expect(eventTypes(pages)).toEqual([
      'EMAIL_SENT',
      'LEAD_REPLIED',
      'EMAIL_BOUNCED',
      'MANUAL_EMAIL_SENT',
    ]);
    expect(pages[0]?.events[0]?.payload).toEqual({
      event: { type: 'EMAIL_SENT', name: 'Email Sent', instance_url: INSTANCE },
      data: {
        campaign: { id: '31', name: 'Spring SaaS' },
        lead: {
          id: '1',
          email: 'lead1@x.test',
          first_name: 'Lee',
          last_name: 'L1',
          company: 'X',
          title: null,
          custom_variables: [],
        },
        scheduled_email: {
          id: '501',
          lead_id: '1',
          sequence_step_id: '9',
          sequence_step_order: 1,
          email_subject: 'Intake',
          email_body: '<p>Hi</p>',
          status: 'sent',
          sent_at: '2026-03-02T09:00:00.000000Z',
          raw_message_id: '<se-501@x.test>',
        },
        sender_email: { id: '4', email: 'alex@outreach.test', name: 'Alex' },
      },
    });
    expect(pages[0]?.events[1]).toMatchObject({
      occurredAt: '2026-03-10T12:00:00.000Z',
      sourceId: 'reply:801',
      payload: {
        data: {
          reply: { id: '801', text_body: 'Yes' },
          sender_email: { email: 'alex@outreach.test' },
        },
      },
    });
    expect(pages[0]?.cursor).toBeNull();
  });

  it('goes on to the next page of leads, and resumes there from the cursor', async () => {
    nock(INSTANCE)
      .get('/api/campaigns/31/leads')
      .query({ page: '1' })
      .reply(200, leadsPage(1, 2, [1]))
      .get('/api/leads/1/sent-emails')
      .query(true)
      .reply(200, { data: [] })
      .get('/api/leads/1/replies')
      .query(true)
      .reply(200, { data: [] });
    const [first] = await readSome(reader(), request, 1);
    expect(first?.progress).toMatchObject({ campaign: 0, total: 16 });

    nock(INSTANCE)
      .get('/api/campaigns/31/leads')
      .query({ page: '2' })
      .reply(200, leadsPage(2, 2, [2]))
      .get('/api/leads/2/sent-emails')
      .query({ campaign_id: '31' })
      .reply(200, { data: [scheduled(777, '2026-03-05T00:00:00Z')] })
      .get('/api/leads/2/replies')
      .query({ campaign_id: '31', folder: 'all' })
      .reply(200, { data: [] });
    const rest = await readAll(reader(), { ...request, cursor: first?.cursor });

    expect(rest.flatMap((page) => page.events.map((event) => event.sourceId))).toEqual([
      'scheduled_email:777',
    ]);
  });

  it('fails as rate_limited with Laravel’s Retry-After on 429', async () => {
    nock(INSTANCE)
      .get('/api/campaigns/31/leads')
      .query(true)
      .reply(429, { message: 'Too Many Attempts.' }, { 'Retry-After': '58' });

    const error = await readFailure(reader(2), request);

    expect(error).toBeInstanceOf(ConnectorError);
    expect(error).toMatchObject({ system: 'bison', code: 'rate_limited', retryAfterSeconds: 58 });
    expect((error as Error).message).not.toContain(TOKEN);
  });
});
