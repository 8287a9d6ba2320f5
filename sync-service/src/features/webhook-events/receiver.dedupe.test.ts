// Which deliveries are the same event (docs/dedupe-and-block-list-runs.md, "Which deliveries
// are the same event"), per platform, through the real receiver and worker into the sandbox's
// HubSpot: each case posts its deliveries in order and says what becomes of each — synced, or a
// duplicate of one before — and which of them registered a delivery identity. The expected
// outcomes are the rule's table, written out; nothing here computes a key.
import { guardOutboundCalls } from '../../testing/nock-guard';
import {
  bison,
  deliverAll,
  heyreach,
  identitiesOf,
  instantly,
  newWebhook,
  outcomes,
  outcomesOf,
  smartlead,
  useDedupeApp,
  type Payload,
} from './receiver.dedupe.test-support';

guardOutboundCalls();
useDedupeApp();

const AT = '2026-03-02T09:00:00.000Z';
const FIVE_MINUTES_LATER = '2026-03-02T09:05:00.000Z';
const AN_HOUR_LATER = '2026-03-02T10:00:00.000Z';

describe("with the platform's own event id: the id alone decides", () => {
  it.each<[string, 'smartlead' | 'instantly' | 'bison' | 'heyreach', Payload, Payload]>([
    [
      'Smartlead EMAIL_SENT, stats_id st-101',
      'smartlead',
      smartlead.sent({ email: 'ada@id-resent.test', at: AT, statsId: 'st-101' }),
      smartlead.sent({
        email: 'ada@id-resent.test',
        at: FIVE_MINUTES_LATER,
        statsId: 'st-101',
        campaign_name: 'Spring outreach (renamed)',
      }),
    ],
    [
      'Instantly email_sent, email_id em-101',
      'instantly',
      instantly.sent({ email: 'ben@id-resent.test', at: AT, emailId: 'em-101' }),
      instantly.sent({ email: 'ben@id-resent.test', at: FIVE_MINUTES_LATER, emailId: 'em-101' }),
    ],
    [
      'bison EMAIL_OPENED, campaign event 101',
      'bison',
      bison.open({ email: 'cy@id-resent.test', at: AT, eventId: 101 }),
      bison.open({ email: 'cy@id-resent.test', at: FIVE_MINUTES_LATER, eventId: 101 }),
    ],
    [
      'HeyReach message_sent, correlation id corr-101',
      'heyreach',
      heyreach.message({
        profileUrl: 'https://www.linkedin.com/in/dee-id-resent',
        at: AT,
        correlationId: 'corr-101',
      }),
      heyreach.message({
        profileUrl: 'https://www.linkedin.com/in/dee-id-resent',
        at: FIVE_MINUTES_LATER,
        correlationId: 'corr-101',
      }),
    ],
  ])(
    '%s re-sent (stamped five minutes later) is one event',
    async (_case, platform, first, again) => {
      const hook = await newWebhook(platform);
      const ids = await deliverAll(hook, [first, again]);
      expect(await outcomesOf(ids)).toEqual(['synced', 'duplicate']);
      // Only the first registered the identity; the repeat found it.
      expect((await identitiesOf(ids)).map((identity) => identity.eventId.toString())).toEqual([
        ids[0],
      ]);
    },
  );

  it.each<[string, 'smartlead' | 'instantly' | 'bison' | 'heyreach', Payload, Payload]>([
    [
      'Smartlead EMAIL_SENT st-201 and st-202',
      'smartlead',
      smartlead.sent({ email: 'eli@two-ids.test', at: AT, statsId: 'st-201' }),
      smartlead.sent({ email: 'eli@two-ids.test', at: AT, statsId: 'st-202' }),
    ],
    [
      'Instantly email_sent em-201 and em-202',
      'instantly',
      instantly.sent({ email: 'fay@two-ids.test', at: AT, emailId: 'em-201' }),
      instantly.sent({ email: 'fay@two-ids.test', at: AT, emailId: 'em-202' }),
    ],
    [
      'bison EMAIL_OPENED events 201 and 202',
      'bison',
      bison.open({ email: 'gus@two-ids.test', at: AT, eventId: 201 }),
      bison.open({ email: 'gus@two-ids.test', at: AT, eventId: 202 }),
    ],
    [
      'HeyReach message_sent corr-201 and corr-202',
      'heyreach',
      heyreach.message({
        profileUrl: 'https://www.linkedin.com/in/hal-two-ids',
        at: AT,
        correlationId: 'corr-201',
      }),
      heyreach.message({
        profileUrl: 'https://www.linkedin.com/in/hal-two-ids',
        at: AT,
        correlationId: 'corr-202',
      }),
    ],
  ])('%s are two events, though all else is the same', async (_case, platform, first, second) => {
    const hook = await newWebhook(platform);
    const ids = await deliverAll(hook, [first, second]);
    expect(await outcomesOf(ids)).toEqual(['synced', 'synced']);
    expect((await identitiesOf(ids)).map((identity) => identity.eventId.toString()).sort()).toEqual(
      [...ids].sort(),
    );
  });

  it('counts the same lead opening twice an hour apart as two opens (Smartlead, Instantly)', async () => {
    const smartleadHook = await newWebhook('smartlead');
    expect(
      await outcomes(smartleadHook, [
        smartlead.open({ email: 'ida@opens-twice.test', at: AT, statsId: 'st-301' }),
        smartlead.open({ email: 'ida@opens-twice.test', at: AN_HOUR_LATER, statsId: 'st-301' }),
        smartlead.open({ email: 'ida@opens-twice.test', at: AN_HOUR_LATER, statsId: 'st-301' }),
      ]),
    ).toEqual(['synced', 'synced', 'duplicate']);
    const instantlyHook = await newWebhook('instantly');
    expect(
      await outcomes(instantlyHook, [
        instantly.open({ email: 'jon@opens-twice.test', at: AT, emailId: 'em-301' }),
        instantly.open({ email: 'jon@opens-twice.test', at: AN_HOUR_LATER, emailId: 'em-301' }),
      ]),
    ).toEqual(['synced', 'synced']);
  });

  it('keeps two platforms apart on a Universal webhook, though their ids read the same', async () => {
    const hook = await newWebhook(null);
    expect(
      await outcomes(hook, [
        smartlead.sent({ email: 'kim@universal.test', at: AT, statsId: '401' }),
        instantly.sent({ email: 'kim@universal.test', at: AT, emailId: '401' }),
        smartlead.sent({ email: 'kim@universal.test', at: AT, statsId: '401' }),
      ]),
    ).toEqual(['synced', 'synced', 'duplicate']);
  });

  it('keeps two webhooks apart: the same delivery to each is synced by each', async () => {
    const delivery = smartlead.sent({ email: 'lou@two-hooks.test', at: AT, statsId: 'st-501' });
    const first = await newWebhook('smartlead');
    const second = await newWebhook('smartlead');
    expect(await outcomes(first, [delivery])).toEqual(['synced']);
    expect(await outcomes(second, [delivery, delivery])).toEqual(['synced', 'duplicate']);
  });
});

describe("without an id: the event's content decides", () => {
  it.each<[string, 'smartlead' | 'instantly' | 'bison' | 'heyreach', Payload, Payload]>([
    [
      'Smartlead EMAIL_OPEN',
      'smartlead',
      smartlead.open({ email: 'max@no-id.test', at: AT, first_name: 'Max' }),
      smartlead.open({
        email: 'max@no-id.test',
        at: AT,
        first_name: 'Maxwell',
        campaign_name: 'Spring outreach (renamed)',
        from_email: 'other-rep@seller-mail.test',
      }),
    ],
    [
      'Instantly email_opened',
      'instantly',
      instantly.open({ email: 'ned@no-id.test', at: AT }),
      instantly.open({ email: 'ned@no-id.test', at: AT, firstName: 'Ned', step: 2 }),
    ],
    [
      'bison EMAIL_OPENED',
      'bison',
      bison.open({ email: 'ola@no-id.test', at: AT }),
      bison.open({ email: 'ola@no-id.test', at: AT }),
    ],
    [
      'HeyReach message_sent without an e-mail',
      'heyreach',
      heyreach.message({ profileUrl: 'https://www.linkedin.com/in/pia-no-id', at: AT }),
      heyreach.message({
        profileUrl: 'https://www.linkedin.com/in/pia-no-id',
        at: AT,
        campaign: { id: 4001, name: 'LinkedIn spring (renamed)' },
      }),
    ],
  ])(
    '%s re-sent with the same content (names aside) is one event',
    async (_case, platform, first, again) => {
      const hook = await newWebhook(platform);
      const ids = await deliverAll(hook, [first, again]);
      expect(await outcomesOf(ids)).toEqual(['synced', 'duplicate']);
      expect((await identitiesOf(ids)).map((identity) => identity.eventId.toString())).toEqual([
        ids[0],
      ]);
    },
  );

  it.each<[string, 'smartlead' | 'instantly' | 'bison' | 'heyreach', Payload, Payload]>([
    [
      'Smartlead',
      'smartlead',
      smartlead.open({ email: 'quinn@lead-a.test', at: AT }),
      smartlead.open({ email: 'quinn@lead-b.test', at: AT }),
    ],
    [
      'Instantly',
      'instantly',
      instantly.open({ email: 'rae@lead-a.test', at: AT }),
      instantly.open({ email: 'rae@lead-b.test', at: AT }),
    ],
    [
      'bison',
      'bison',
      bison.open({ email: 'sol@lead-a.test', at: AT }),
      bison.open({ email: 'sol@lead-b.test', at: AT }),
    ],
    [
      'HeyReach (no e-mail: the profile URL tells them apart)',
      'heyreach',
      heyreach.message({ profileUrl: 'https://www.linkedin.com/in/tam-lead-a', at: AT }),
      heyreach.message({ profileUrl: 'https://www.linkedin.com/in/tam-lead-b', at: AT }),
    ],
  ])(
    '%s: two leads with the same type, time, campaign and subject are two events',
    async (_case, platform, first, second) => {
      const hook = await newWebhook(platform);
      expect(await outcomes(hook, [first, second])).toEqual(['synced', 'synced']);
    },
  );

  it.each<[string, 'smartlead' | 'instantly' | 'bison' | 'heyreach', Payload, Payload]>([
    [
      'Smartlead',
      'smartlead',
      smartlead.open({ email: 'uma@twice.test', at: AT }),
      smartlead.open({ email: 'uma@twice.test', at: AN_HOUR_LATER }),
    ],
    [
      'Instantly',
      'instantly',
      instantly.open({ email: 'val@twice.test', at: AT }),
      instantly.open({ email: 'val@twice.test', at: AN_HOUR_LATER }),
    ],
    [
      'bison',
      'bison',
      bison.open({ email: 'wes@twice.test', at: AT }),
      bison.open({ email: 'wes@twice.test', at: AN_HOUR_LATER }),
    ],
    [
      'HeyReach (the same message sent again)',
      'heyreach',
      heyreach.message({ profileUrl: 'https://www.linkedin.com/in/xan-twice', at: AT }),
      heyreach.message({ profileUrl: 'https://www.linkedin.com/in/xan-twice', at: AN_HOUR_LATER }),
    ],
  ])('%s: the same lead an hour apart is two events', async (_case, platform, first, second) => {
    const hook = await newWebhook(platform);
    expect(await outcomes(hook, [first, second])).toEqual(['synced', 'synced']);
  });

  it('tells apart the type, the campaign, the subject, the message and the link', async () => {
    const hook = await newWebhook('smartlead');
    const lead = { email: 'yul@content.test', at: AT };
    expect(
      await outcomes(hook, [
        smartlead.open(lead),
        smartlead.sent(lead),
        smartlead.open({ ...lead, campaign_id: 1002 }),
        smartlead.open({ ...lead, subject: 'Another question' }),
        smartlead.sent({ ...lead, sent_message: { text: 'Hello Yul' } }),
        smartlead.sent({ ...lead, sent_message: { text: 'Hello again, Yul' } }),
        smartlead.open({
          ...lead,
          event_type: 'EMAIL_LINK_CLICK',
          link_clicked: ['https://a.test/x'],
        }),
        smartlead.open({
          ...lead,
          event_type: 'EMAIL_LINK_CLICK',
          link_clicked: ['https://a.test/y'],
        }),
        // The first of each again: all repeats.
        smartlead.open(lead),
        smartlead.sent({ ...lead, sent_message: { text: 'Hello Yul' } }),
        smartlead.open({
          ...lead,
          event_type: 'EMAIL_LINK_CLICK',
          link_clicked: ['https://a.test/x'],
        }),
      ]),
    ).toEqual([
      'synced',
      'synced',
      'synced',
      'synced',
      'synced',
      'synced',
      'synced',
      'synced',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
  });

  it("tells apart a category update by the category's id and by its name", async () => {
    const hook = await newWebhook('smartlead');
    const update = (id: number, name: string): Payload => ({
      event_type: 'LEAD_CATEGORY_UPDATED',
      event_timestamp: AT,
      sl_lead_email: 'zed@category.test',
      campaign_id: 1001,
      lead_category: { new_id: id, new_name: name },
    });
    expect(
      await outcomes(hook, [
        update(5, 'Interested'),
        update(6, 'Interested'),
        update(5, 'Meeting booked'),
        update(5, 'Interested'),
      ]),
    ).toEqual(['synced', 'synced', 'synced', 'duplicate']);
  });

  it('keeps two platforms apart on a Universal webhook, though the events read the same', async () => {
    const hook = await newWebhook(null);
    const smartleadOpen = smartlead.open({ email: 'abe@universal-content.test', at: AT });
    const instantlyOpen = instantly.open({
      email: 'abe@universal-content.test',
      at: AT,
      campaign_id: '1001',
    });
    expect(await outcomes(hook, [smartleadOpen, instantlyOpen, instantlyOpen])).toEqual([
      'synced',
      'synced',
      'duplicate',
    ]);
  });
});
