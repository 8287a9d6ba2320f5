import nock from 'nock';
import { ConnectorError, createInstantlyClient, createSmartleadClient } from '../../connectors';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { createLeadCategoryLookup } from './lead-category-lookup';

guardOutboundCalls();

const SMARTLEAD = 'https://smartlead.test';
const INSTANTLY = 'https://instantly.test';
const SMARTLEAD_KEY = 'sl_key_of_this_webhook_0001';
const INSTANTLY_KEY = 'in_key_of_this_webhook_0001';
const EMAIL = 'dana.reyes@northwind.test';
const CAMPAIGN = '019ffad2-53a3-7590-935f-b48cddbf2d9e';

// Real clients over nock, so the lookup is proven against the requests the platforms get.
const lookup = createLeadCategoryLookup({
  smartlead: (apiKey) => createSmartleadClient({ baseUrl: SMARTLEAD, apiKey, retries: 0 }),
  instantly: (apiKey) => createInstantlyClient({ baseUrl: INSTANTLY, apiKey, retries: 0 }),
});

function smartleadAnswers(status: number, body: unknown) {
  nock(SMARTLEAD)
    .get('/api/v1/leads/')
    .query({ api_key: SMARTLEAD_KEY, email: EMAIL })
    .reply(status, body as nock.Body);
}

function smartleadLead(campaigns: Array<[number, number | null]>) {
  return {
    id: 2995276770,
    email: EMAIL,
    lead_campaign_data: campaigns.map(([campaign_id, lead_category_id]) => ({
      campaign_id,
      lead_category_id,
    })),
  };
}

function smartlead(campaignId: string | null) {
  return lookup.currentCategory({
    platform: 'smartlead',
    apiKey: SMARTLEAD_KEY,
    leadEmail: EMAIL,
    campaignId,
  });
}

describe('Smartlead', () => {
  it('answers the category id the lead has in the event’s campaign, as a string', async () => {
    smartleadAnswers(
      200,
      smartleadLead([
        [123, 789],
        [124, 5],
      ]),
    );
    await expect(smartlead('123')).resolves.toEqual({ id: '789', name: null });
  });

  it('is null when the lead has no category in that campaign', async () => {
    smartleadAnswers(
      200,
      smartleadLead([
        [123, null],
        [124, 5],
      ]),
    );
    await expect(smartlead('123')).resolves.toBeNull();
  });

  it('cannot tell for a campaign the lead is not in', async () => {
    smartleadAnswers(200, smartleadLead([[124, 5]]));
    await expect(smartlead('123')).resolves.toBe('unknown');
  });

  it('without a campaign: the category all its campaigns agree on, else unknown', async () => {
    smartleadAnswers(
      200,
      smartleadLead([
        [123, 5],
        [124, 5],
      ]),
    );
    await expect(smartlead(null)).resolves.toEqual({ id: '5', name: null });

    smartleadAnswers(
      200,
      smartleadLead([
        [123, null],
        [124, null],
      ]),
    );
    await expect(smartlead(null)).resolves.toBeNull();

    smartleadAnswers(
      200,
      smartleadLead([
        [123, 5],
        [124, null],
      ]),
    );
    await expect(smartlead(null)).resolves.toBe('unknown');

    smartleadAnswers(200, smartleadLead([]));
    await expect(smartlead(null)).resolves.toBeNull();
  });

  it('cannot tell for a lead Smartlead does not know', async () => {
    smartleadAnswers(200, {});
    await expect(smartlead('123')).resolves.toBe('unknown');
    smartleadAnswers(404, { message: 'Lead not found' });
    await expect(smartlead('123')).resolves.toBe('unknown');
  });

  it('lets a platform failure through, marked retryable or not', async () => {
    smartleadAnswers(503, { message: 'down' });
    const outage = await smartlead('123').catch((error: unknown) => error);
    expect(outage).toBeInstanceOf(ConnectorError);
    expect((outage as ConnectorError).retryable).toBe(true);

    smartleadAnswers(401, { error: 'Invalid API Key' });
    const refusal = await smartlead('123').catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: 'unauthorized' });
    expect((refusal as ConnectorError).retryable).toBe(false);
  });
});

function instantlyAnswers(body: nock.DataMatcherMap, items: unknown[]) {
  nock(INSTANTLY)
    .post('/api/v2/leads/list', body)
    .matchHeader('authorization', `Bearer ${INSTANTLY_KEY}`)
    .reply(200, { items });
}

function instantly(campaignId: string | null) {
  return lookup.currentCategory({
    platform: 'instantly',
    apiKey: INSTANTLY_KEY,
    leadEmail: EMAIL,
    campaignId,
  });
}

describe('Instantly', () => {
  const inCampaign = { search: EMAIL, contacts: [EMAIL], campaign: CAMPAIGN, limit: 10 };

  it('answers the interest status as the id, with the built-in name', async () => {
    instantlyAnswers(inCampaign, [{ email: EMAIL, lt_interest_status: 1 }]);
    await expect(instantly(CAMPAIGN)).resolves.toEqual({ id: '1', name: 'Interested' });

    instantlyAnswers(inCampaign, [{ email: EMAIL, lt_interest_status: 0 }]);
    await expect(instantly(CAMPAIGN)).resolves.toEqual({ id: '0', name: 'Out of Office' });

    instantlyAnswers(inCampaign, [{ email: EMAIL, lt_interest_status: -4 }]);
    await expect(instantly(CAMPAIGN)).resolves.toEqual({ id: '-4', name: 'No Show' });
  });

  it('answers a custom label by its interest status, unnamed', async () => {
    instantlyAnswers(inCampaign, [{ email: EMAIL, lt_interest_status: 12 }]);
    await expect(instantly(CAMPAIGN)).resolves.toEqual({ id: '12', name: null });
  });

  it('is null when the lead has no interest status', async () => {
    instantlyAnswers(inCampaign, [{ email: EMAIL }]);
    await expect(instantly(CAMPAIGN)).resolves.toBeNull();
  });

  it('asks across campaigns when the event has none, and cannot tell for an unknown lead', async () => {
    instantlyAnswers({ search: EMAIL, contacts: [EMAIL], limit: 10 }, []);
    await expect(instantly(null)).resolves.toBe('unknown');
  });
});

describe('bison and HeyReach', () => {
  it.each(['bison', 'heyreach'] as const)(
    '%s cannot tell, and nothing is called',
    async (platform) => {
      // The guard fails the test on any outbound call.
      await expect(
        lookup.currentCategory({ platform, apiKey: 'k', leadEmail: EMAIL, campaignId: '1' }),
      ).resolves.toBe('unknown');
    },
  );
});
