// Does a backfilled event get the dedupe key of its earlier webhook delivery? (issue 34, item 3;
// docs/decisions.md, "Backfill"). Each case reads one history record through its platform's
// reader (nock answering as the platform does), normalizes the payload the reader builds, and
// compares its key with the key of the webhook the platform posted for the same event.
import type { Platform } from '@outsync/contracts';
import type { CanonicalEvent } from '@outsync/contracts/sync';
import nock from 'nock';
import { createHistoryReader, type HistoryReadRequest } from '../connectors';
import { useNockHooks } from '../connectors/test-support';
import { dedupKeyOf } from './dedup-key';
import { normalizeEvent } from './normalize';

useNockHooks();

const BASE = 'https://history.test';
const range = {
  from: new Date('2026-03-01T00:00:00.000Z'),
  to: new Date('2026-04-01T00:00:00.000Z'),
};

function canonical(platform: Platform, payload: unknown): CanonicalEvent {
  // A webhook's receipt time: later than the event, so a normalizer falling back to it shows.
  const result = normalizeEvent({
    platform,
    payload,
    receivedAt: new Date('2026-04-15T00:00:00.000Z'),
  });
  if (result.kind !== 'event') throw new Error(`not an event: ${result.message}`);
  return result.event;
}

async function backfilledKeys(platform: Platform, campaign: string): Promise<Map<string, string>> {
  const reader = createHistoryReader(platform, { baseUrl: BASE, apiKey: 'k', retries: 0 });
  const request: HistoryReadRequest = { ...range, campaigns: [{ id: campaign, name: 'Spring' }] };
  const keys = new Map<string, string>();
  for await (const page of reader.read(request)) {
    for (const { payload } of page.events) {
      const event = canonical(platform, payload);
      keys.set(event.type, dedupKeyOf(event).key);
    }
  }
  return keys;
}

describe('the dedupe key of a backfilled event and of its webhook delivery', () => {
  it('Smartlead: the same (stats_id, and the reply’s message id)', async () => {
    nock(BASE)
      .get('/api/v1/campaigns/901/leads')
      .query(true)
      .reply(200, {
        total_leads: '1',
        data: [{ campaign_lead_map_id: 9, lead: { id: 71, email: 'dana@meridian.test' } }],
      })
      .get('/api/v1/campaigns/901/leads/71/message-history')
      .query(true)
      .reply(200, {
        history: [
          {
            stats_id: 's-2',
            type: 'SENT',
            time: '2026-03-02T09:00:00.000Z',
            message_id: '<s-2@o.test>',
            from: 'alex@o.test',
            to: 'dana@meridian.test',
          },
          {
            stats_id: 's-2',
            type: 'REPLY',
            time: '2026-03-03T10:30:00.000Z',
            message_id: '<r-1@meridian.test>',
            from: 'dana@meridian.test',
            to: 'alex@o.test',
          },
        ],
      });
    const keys = await backfilledKeys('smartlead', '901');

    const sentWebhook = {
      event_type: 'EMAIL_SENT',
      event_timestamp: '2026-03-02T09:00:01.000Z',
      stats_id: 's-2',
      sl_lead_email: 'dana@meridian.test',
      from_email: 'alex@o.test',
      campaign_id: 901,
      sent_message: { message_id: '<s-2@o.test>', time: '2026-03-02T09:00:00.000Z' },
    };
    const replyWebhook = {
      event_type: 'EMAIL_REPLY',
      event_timestamp: '2026-03-03T10:30:02.000Z',
      stats_id: 's-2',
      sl_lead_email: 'dana@meridian.test',
      to_email: 'alex@o.test',
      campaign_id: 901,
      reply_message: { message_id: '<r-1@meridian.test>', time: '2026-03-03T10:30:00.000Z' },
    };
    expect(keys.get('EMAIL_SENT')).toBe(dedupKeyOf(canonical('smartlead', sentWebhook)).key);
    expect(keys.get('EMAIL_REPLY')).toBe(dedupKeyOf(canonical('smartlead', replyWebhook)).key);
    expect(keys.get('EMAIL_SENT')).toBe('id:smartlead:EMAIL_SENT:s-2');
  });

  it('Instantly: the same (email_id), when the webhook’s email_id is the e-mail’s id', async () => {
    const email = (id: string, ueType: number, time: string) => ({
      id,
      timestamp_created: time,
      timestamp_email: time,
      lead: 'dana@meridian.test',
      eaccount: 'alex@o.test',
      ue_type: ueType,
      campaign_id: 'c0ffee00-0000-4000-8000-000000000001',
      body: { text: 'Hi' },
    });
    nock(BASE)
      .get('/api/v2/emails')
      .query(true)
      .reply(200, {
        items: [
          email('e-1', 1, '2026-03-02T09:00:00.000Z'),
          email('e-2', 2, '2026-03-03T10:00:00.000Z'),
        ],
      });
    const keys = await backfilledKeys('instantly', 'c0ffee00-0000-4000-8000-000000000001');

    const webhook = (eventType: string, id: string, timestamp: string) => ({
      event_type: eventType,
      timestamp,
      workspace: 'ws-1',
      campaign_id: 'c0ffee00-0000-4000-8000-000000000001',
      lead_email: 'dana@meridian.test',
      email_account: 'alex@o.test',
      email_id: id,
    });
    expect(keys.get('EMAIL_SENT')).toBe(
      dedupKeyOf(canonical('instantly', webhook('email_sent', 'e-1', '2026-03-02T09:00:03.000Z')))
        .key,
    );
    expect(keys.get('EMAIL_REPLY')).toBe(
      dedupKeyOf(
        canonical('instantly', webhook('reply_received', 'e-2', '2026-03-03T10:00:04.000Z')),
      ).key,
    );
  });

  it('bison: the same (scheduled e-mail id, reply id)', async () => {
    nock(BASE)
      .get('/api/campaigns/31/leads')
      .query(true)
      .reply(200, {
        data: [{ id: 1, email: 'lead1@x.test' }],
        meta: { current_page: 1, last_page: 1, total: 1 },
      })
      .get('/api/leads/1/sent-emails')
      .query(true)
      .reply(200, { data: [{ id: 501, status: 'sent', sent_at: '2026-03-02T09:00:00.000000Z' }] })
      .get('/api/leads/1/replies')
      .query(true)
      .reply(200, {
        data: [{ id: 801, folder: 'Inbox', date_received: '2026-03-03T10:00:00.000000Z' }],
      });
    const keys = await backfilledKeys('bison', '31');

    const event = (type: string, data: Record<string, unknown>) => ({
      event: { type, name: type, workspace_id: 1 },
      data: {
        lead: { id: 1, email: 'lead1@x.test' },
        campaign: { id: 31, name: 'Spring' },
        ...data,
      },
    });
    // The webhook carries a campaign event of its own; the key does not depend on it.
    const sentWebhook = event('EMAIL_SENT', {
      campaign_event: { id: 9001, type: 'sent', created_at: '2026-03-02T09:00:02.000000Z' },
      scheduled_email: { id: 501, sent_at: '2026-03-02T09:00:00.000000Z' },
    });
    const replyWebhook = event('LEAD_REPLIED', {
      campaign_event: { id: 9002, type: 'replied', created_at: '2026-03-03T10:00:05.000000Z' },
      reply: { id: 801, folder: 'Inbox', date_received: '2026-03-03T10:00:00.000000Z' },
    });
    expect(keys.get('EMAIL_SENT')).toBe(dedupKeyOf(canonical('bison', sentWebhook)).key);
    expect(keys.get('EMAIL_REPLY')).toBe(dedupKeyOf(canonical('bison', replyWebhook)).key);
  });

  it('HeyReach: NOT the same — history has no correlation_id, so the job must match by content', async () => {
    nock(BASE)
      .post('/api/public/inbox/GetConversationsV2')
      .reply(200, {
        totalCount: 1,
        items: [
          {
            id: 'conv-1',
            lastMessageAt: '2026-03-02T09:00:00.000Z',
            correspondentProfile: { profileUrl: 'https://www.linkedin.com/in/chen-wei-42' },
            messages: [{ createdAt: '2026-03-02T09:00:00.000Z', body: 'Hello Chen', sender: 'ME' }],
          },
        ],
      });
    const keys = await backfilledKeys('heyreach', '401');

    const webhook = {
      correlation_id: 'c0ffee00-1111-2222-3333-444455556666',
      event_type: 'message_sent',
      timestamp: '2026-03-02T09:00:00.000Z',
      campaign: { id: 401, name: 'Spring' },
      lead: { profile_url: 'https://www.linkedin.com/in/chen-wei-42' },
      recent_messages: [
        { creation_time: '2026-03-02T09:00:00.000Z', message: 'Hello Chen', is_reply: false },
      ],
    };
    const delivered = canonical('heyreach', webhook);
    expect(dedupKeyOf(delivered).key).toBe(
      'id:heyreach:MESSAGE_SENT:c0ffee00-1111-2222-3333-444455556666',
    );
    expect(keys.get('MESSAGE_SENT')).toMatch(/^h:/);
    expect(keys.get('MESSAGE_SENT')).not.toBe(dedupKeyOf(delivered).key);
    // Without the correlation id the two are the same event by content: what the job compares.
    const { platformEventId: _ignored, ...content } = delivered;
    expect(dedupKeyOf({ ...content, platformEventId: null }).key).toBe(keys.get('MESSAGE_SENT'));
  });
});
