// Webhook registration on the platforms (reference §3.2 Smartlead, §6.3 HeyReach): the demo
// wires OutSync's webhook URLs to sandbox campaigns through these calls.
import { HEYREACH_DEMO_API_KEY, SMARTLEAD_DEMO_API_KEY } from '../src/index.ts';
import { startTestSandbox, type TestSandbox } from './sandbox-client.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.request('POST', '/_seed'));

const smartlead = (path: string) => `/smartlead/api/v1${path}?api_key=${SMARTLEAD_DEMO_API_KEY}`;
const heyreach = { 'x-api-key': HEYREACH_DEMO_API_KEY };
const url = 'https://outsync.example/webhooks/abc';

describe('Smartlead webhooks', () => {
  it('registers a campaign webhook and lists it on that campaign only', async () => {
    const created = await sandbox.request('POST', smartlead('/webhook/create'), {
      body: {
        name: 'OutSync',
        webhook_url: url,
        association_type: 'campaign',
        email_campaign_id: 1001,
        event_type_map: { EMAIL_SENT: true, EMAIL_REPLY: true, EMAIL_OPEN: false },
      },
    });
    expect(created.status).toBe(200);
    const listed = await sandbox.request('GET', smartlead('/campaigns/1001/webhooks'));
    expect(listed.body).toEqual([
      expect.objectContaining({ webhook_url: url, event_types: ['EMAIL_SENT', 'EMAIL_REPLY'] }),
    ]);
    expect((await sandbox.request('GET', smartlead('/campaigns/1002/webhooks'))).body).toEqual([]);
  });

  it.each([
    [{ association_type: 'campaign', email_campaign_id: 999 }, 'Campaign not found: 999'],
    [{ association_type: 'campaign' }, 'email_campaign_id is required for a campaign webhook'],
    [{ association_type: 'team' }, 'association_type must be user, client or campaign'],
    [{ event_type_map: { EMAIL_SEEN: true } }, 'Unknown event type: EMAIL_SEEN'],
    [{ webhook_url: 'ftp://x' }, 'webhook_url must be an http(s) URL'],
  ])('refuses %j: %s', async (change, message) => {
    const answer = await sandbox.request('POST', smartlead('/webhook/create'), {
      body: {
        name: 'OutSync',
        webhook_url: url,
        association_type: 'user',
        event_type_map: { EMAIL_SENT: true },
        ...change,
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message });
  });
});

describe('HeyReach webhooks', () => {
  it('creates one webhook per event type, for the given campaigns', async () => {
    const created = await sandbox.request('POST', '/heyreach/api/public/webhooks/CreateWebhook', {
      headers: heyreach,
      body: {
        webhookName: 'OutSync',
        webhookUrl: url,
        eventType: 'MESSAGE_SENT',
        campaignIds: [4001],
      },
    });
    expect(created.status).toBe(200);
    const all = await sandbox.request('GET', '/heyreach/api/public/webhooks/GetAllWebhooks', {
      headers: heyreach,
    });
    expect(all.body).toEqual({
      totalCount: 1,
      items: [
        expect.objectContaining({
          webhookUrl: url,
          eventType: 'MESSAGE_SENT',
          campaignIds: [4001],
        }),
      ],
    });
  });

  it('refuses an unknown event type and an unknown campaign', async () => {
    const wrongEvent = await sandbox.request(
      'POST',
      '/heyreach/api/public/webhooks/CreateWebhook',
      {
        headers: heyreach,
        body: { webhookName: 'OutSync', webhookUrl: url, eventType: 'message_sent' },
      },
    );
    expect(wrongEvent.status).toBe(400);
    const wrongCampaign = await sandbox.request(
      'POST',
      '/heyreach/api/public/webhooks/CreateWebhook',
      {
        headers: heyreach,
        body: {
          webhookName: 'OutSync',
          webhookUrl: url,
          eventType: 'FOLLOW_SENT',
          campaignIds: [7],
        },
      },
    );
    expect(wrongCampaign.body).toEqual({ message: 'Campaign not found: 7' });
  });
});
