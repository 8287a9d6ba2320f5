import { eventOf, withFields } from './fixtures/expect-event';
import {
  categoryUpdatedWithLeadData,
  legacyReply,
  replyWithOurMailboxInToEmail,
} from './fixtures/smartlead.fixtures';
import {
  LEAD_EMAIL,
  OBJECT_LOOKUP_ID,
  RECEIVED_AT,
  SENDER_EMAIL,
  SENT_AT,
  template,
  templates,
} from './fixtures/templates';
import { normalizeSmartlead } from './smartlead';

const STATS_ID = '9c2b7e4a-51d3-4f8e-a6b0-3d7c1e9f2a58';
const REPLY_MESSAGE_ID = '<BN8PR11MB3617A2C4E9F1D0B5@BN8PR11MB3617.namprd11.prod.outlook.com>';
const CASE_STUDY = 'https://brightpathsales.io/case-studies/lakeshore-logistics';

const normalize = (payload: unknown) => normalizeSmartlead(payload, RECEIVED_AT);

describe('Smartlead normalizer: the test dialog templates (spec 01 §9)', () => {
  it('turns a reply into the whole canonical event', () => {
    const payload = template('smartlead', 'EMAIL_REPLY');
    const reply = payload.reply_message as Record<string, string>;
    expect(eventOf(normalize(payload))).toEqual({
      platform: 'smartlead',
      type: 'EMAIL_REPLY',
      rawEventType: 'EMAIL_REPLY',
      occurredAt: SENT_AT.toISOString(),
      platformEventId: `EMAIL_REPLY:${STATS_ID}:${REPLY_MESSAGE_ID}`,
      lead: {
        email: LEAD_EMAIL,
        firstName: 'Jordan',
        lastName: 'Avery',
        profileUrl: null,
        company: null,
        domain: 'northwindfreight.com',
        title: null,
        phone: null,
        platformLeadId: '2417720981',
      },
      sender: { email: SENDER_EMAIL, name: null, profileUrl: null },
      campaign: { id: '1284093', name: 'Q3 Freight Ops Leaders' },
      subject: 'Re: Cutting dock-to-stock time at Northwind Freight',
      bodyText: reply.text,
      bodyHtml: reply.html,
      sequenceStep: 2,
      category: { id: '1', name: 'Interested' },
      link: null,
      objectLookupId: OBJECT_LOOKUP_ID,
      tags: [],
      platformUrl:
        'https://app.smartlead.ai/app/master-inbox?action=INBOX&leadMap=3109874412&selectedMailbox=null',
      isInmail: false,
      isAutomatedReply: false,
    });
  });

  it('turns a send into the whole canonical event, with the sent message and no category', () => {
    const payload = template('smartlead', 'EMAIL_SENT');
    const sent = payload.sent_message as Record<string, string>;
    const event = eventOf(normalize(payload));
    expect(event).toMatchObject({
      type: 'EMAIL_SENT',
      platformEventId: `EMAIL_SENT:${STATS_ID}`,
      subject: 'Cutting dock-to-stock time at Northwind Freight',
      bodyText: sent.text,
      bodyHtml: sent.html,
      sequenceStep: 1,
      category: null,
      link: null,
      sender: { email: SENDER_EMAIL, name: null, profileUrl: null },
    });
  });

  it.each([
    ['EMAIL_OPEN', 'EMAIL_OPEN'],
    ['EMAIL_LINK_CLICK', 'EMAIL_LINK_CLICK'],
    ['EMAIL_BOUNCE', 'EMAIL_BOUNCE'],
    ['LEAD_UNSUBSCRIBED', 'LEAD_UNSUBSCRIBED'],
    ['LEAD_CATEGORY_UPDATED', 'LEAD_CATEGORY_UPDATED'],
  ] as const)('normalizes %s', (eventType, type) => {
    const event = eventOf(normalize(template('smartlead', eventType)));
    expect(event).toMatchObject({
      type,
      rawEventType: eventType,
      occurredAt: SENT_AT.toISOString(),
      lead: { email: LEAD_EMAIL, domain: 'northwindfreight.com' },
      campaign: { id: '1284093', name: 'Q3 Freight Ops Leaders' },
      objectLookupId: OBJECT_LOOKUP_ID,
    });
  });

  it('normalizes every test event type to an event', () => {
    for (const [eventType, payload] of templates('smartlead')) {
      expect(eventOf(normalize(payload)).rawEventType).toBe(eventType);
    }
  });

  it('keeps the link on clicks only, and the category on category changes and replies only', () => {
    const click = eventOf(normalize(template('smartlead', 'EMAIL_LINK_CLICK')));
    expect(click.link).toBe(CASE_STUDY);
    expect(click.category).toBeNull();
    expect(click.platformEventId).toBe(`EMAIL_LINK_CLICK:${STATS_ID}:${SENT_AT.toISOString()}`);
    const open = eventOf(normalize(template('smartlead', 'EMAIL_OPEN')));
    expect(open.link).toBeNull();
    expect(open.platformEventId).toBe(`EMAIL_OPEN:${STATS_ID}:${SENT_AT.toISOString()}`);
    const changed = eventOf(normalize(template('smartlead', 'LEAD_CATEGORY_UPDATED')));
    expect(changed.category).toEqual({ id: '1', name: 'Interested' });
    expect(changed.bodyHtml).toBe(
      (template('smartlead', 'LEAD_CATEGORY_UPDATED').last_reply as Record<string, string>)
        .email_body,
    );
    expect(changed.bodyText).toBeNull();
  });

  it('takes a bounce’s message from bounce_message', () => {
    const payload = template('smartlead', 'EMAIL_BOUNCE');
    const event = eventOf(normalize(payload));
    expect(event.bodyText).toBe((payload.bounce_message as Record<string, string>).text);
    expect(event.bodyHtml).toBeNull();
    expect(event.platformEventId).toBe(`EMAIL_BOUNCE:${STATS_ID}`);
  });
});

describe('Smartlead normalizer: name traps', () => {
  it('FIRST_EMAIL_SENT repeats EMAIL_SENT: same type, same platformEventId', () => {
    const sent = eventOf(normalize(template('smartlead', 'EMAIL_SENT')));
    const first = eventOf(
      normalize(
        withFields(template('smartlead', 'EMAIL_SENT'), { event_type: 'FIRST_EMAIL_SENT' }),
      ),
    );
    expect(first.type).toBe('EMAIL_SENT');
    expect(first.rawEventType).toBe('FIRST_EMAIL_SENT');
    expect(first.platformEventId).toBe(sent.platformEventId);
  });

  it('a reply whose to_email is our mailbox: the lead from sl_lead_email, our mailbox as sender', () => {
    const event = eventOf(normalize(replyWithOurMailboxInToEmail));
    expect(event.lead).toEqual({
      email: 'dana.okafor@meridian-health.org',
      firstName: null,
      lastName: null,
      profileUrl: null,
      company: null,
      domain: 'meridian-health.org',
      title: null,
      phone: null,
      platformLeadId: '2417720981',
    });
    expect(event.sender.email).toBe('alex@outreach-team.io');
    expect(event).toMatchObject({
      type: 'EMAIL_REPLY',
      occurredAt: '2026-02-02T09:31:44.000Z',
      platformEventId:
        'EMAIL_REPLY:f41b2c7e-0a9d-4c3b-8e51-6d2a9f7b1c04:<reply-77@meridian-health.org>',
      bodyText: 'Please send the deck.',
      bodyHtml: '<p>Please send the deck.</p>',
      sequenceStep: 3,
      category: { id: null, name: 'Information Request' },
      platformUrl: 'https://app.smartlead.ai/app/master-inbox?leadMap=3109874412',
    });
  });

  it('a reply identifies its lead by leadCorrespondence when sl_lead_email is missing', () => {
    const payload = withFields(replyWithOurMailboxInToEmail, { sl_lead_email: undefined });
    expect(eventOf(normalize(payload)).lead.email).toBe('dana.okafor@meridian-health.org');
  });

  it('a reply never takes its lead from to_email: without the lead fields it is invalid', () => {
    const payload = withFields(template('smartlead', 'EMAIL_REPLY'), {
      sl_lead_email: undefined,
      lead_email: undefined,
    });
    expect(normalize(payload)).toEqual({
      kind: 'invalid',
      rawEventType: 'EMAIL_REPLY',
      message: 'Smartlead EMAIL_REPLY carries no lead e-mail (sl_lead_email)',
    });
  });

  it('a send takes its lead from to_email when nothing else names it', () => {
    const payload = withFields(template('smartlead', 'EMAIL_SENT'), {
      sl_lead_email: undefined,
      lead_email: undefined,
      to_email: 'Someone@Example.org',
    });
    expect(eventOf(normalize(payload)).lead).toMatchObject({
      email: 'someone@example.org',
      domain: 'example.org',
    });
  });

  it('a reply’s sender is never the lead, even when from_email is the lead', () => {
    const payload = withFields(replyWithOurMailboxInToEmail, { to_email: undefined });
    expect(eventOf(normalize(payload)).sender.email).toBeNull();
  });

  it('a send’s sender is from_email only', () => {
    const payload = withFields(template('smartlead', 'EMAIL_SENT'), {
      from_email: undefined,
      from_name: 'Morgan Blake',
    });
    expect(eventOf(normalize(payload)).sender).toEqual({
      email: null,
      name: 'Morgan Blake',
      profileUrl: null,
    });
  });
});

describe('Smartlead normalizer: real-world variants', () => {
  it('reads the lead’s fields, custom fields and category from a category change', () => {
    const event = eventOf(normalize(categoryUpdatedWithLeadData));
    expect(event).toEqual({
      platform: 'smartlead',
      type: 'LEAD_CATEGORY_UPDATED',
      rawEventType: 'LEAD_CATEGORY_UPDATED',
      occurredAt: '2026-02-01T09:51:44.000Z',
      platformEventId: null,
      lead: {
        email: 'priya@lumen-analytics.com',
        firstName: 'Priya',
        lastName: 'Natarajan',
        profileUrl: 'https://www.linkedin.com/in/priya-natarajan',
        company: 'Lumen Analytics',
        domain: 'lumen-analytics.com',
        title: null,
        phone: '+1 415 555 0199',
        platformLeadId: '55120',
      },
      sender: { email: null, name: null, profileUrl: null },
      campaign: { id: '99201', name: 'Healthcare Ops - Feb' },
      subject: null,
      bodyText: null,
      bodyHtml: '<p>Let us meet Thursday.</p>',
      sequenceStep: null,
      category: { id: '2', name: 'Meeting Request' },
      link: null,
      objectLookupId: 'SF-0031',
      tags: [],
      platformUrl: null,
      isInmail: false,
      isAutomatedReply: false,
    });
  });

  it('reads the deprecated flat names of an older reply', () => {
    const event = eventOf(normalize(legacyReply));
    expect(event).toMatchObject({
      type: 'EMAIL_REPLY',
      rawEventType: 'EMAIL_REPLIED',
      occurredAt: '2026-02-01T09:51:44.000Z',
      platformEventId: 'EMAIL_REPLY:b7e0:<reply-9@harbor-labs.io>',
      lead: { email: 'sam@harbor-labs.io' },
      sender: { email: 'alex@outreach-team.io' },
      bodyText: 'Not now, thanks.',
      bodyHtml: '<p>Not now, thanks.</p>',
      category: { id: '3', name: 'Not Interested' },
      platformUrl: 'https://app.smartlead.ai/app/master-inbox?leadMap=1',
    });
  });

  it('reads a reply’s time from reply_message.time without event_timestamp', () => {
    const payload = withFields(replyWithOurMailboxInToEmail, { event_timestamp: undefined });
    expect(eventOf(normalize(payload)).occurredAt).toBe('2026-02-02T09:31:40.000Z');
  });

  it('reads the older per-event time fields', () => {
    const base = template('smartlead', 'EMAIL_SENT');
    const at = (eventType: string, fields: Record<string, unknown>) =>
      eventOf(
        normalize(
          withFields(base, { event_type: eventType, event_timestamp: undefined, ...fields }),
        ),
      ).occurredAt;
    expect(at('EMAIL_OPEN', { time_opened: '2026-01-01T00:00:01Z' })).toBe(
      '2026-01-01T00:00:01.000Z',
    );
    expect(at('EMAIL_LINK_CLICK', { time_clicked: '2026-01-01T00:00:02Z' })).toBe(
      '2026-01-01T00:00:02.000Z',
    );
    expect(at('EMAIL_SENT', { time_sent: '2026-01-01T00:00:03Z', sent_message: undefined })).toBe(
      '2026-01-01T00:00:03.000Z',
    );
    expect(at('EMAIL_SENT', {})).toBe(SENT_AT.toISOString());
    expect(at('EMAIL_BOUNCE', { time_opened: '2026-01-01T00:00:01Z' })).toBe(
      RECEIVED_AT.toISOString(),
    );
  });

  it('takes a link from a string or from link_details', () => {
    const click = withFields(template('smartlead', 'EMAIL_LINK_CLICK'), {
      link_clicked: ' https://example.org/a ',
    });
    expect(eventOf(normalize(click)).link).toBe('https://example.org/a');
    const details = withFields(click, { link_clicked: [] });
    expect(eventOf(normalize(details)).link).toBe(CASE_STUDY);
    const detailsText = withFields(click, {
      link_clicked: undefined,
      link_details: 'https://example.org/b',
    });
    expect(eventOf(normalize(detailsText)).link).toBe('https://example.org/b');
    const none = withFields(click, { link_clicked: undefined, link_details: undefined });
    expect(eventOf(normalize(none)).link).toBeNull();
  });

  it('keeps an event whose optional blocks are all missing', () => {
    const event = eventOf(
      normalize({ event_type: 'EMAIL_OPEN', sl_lead_email: 'Lead@Gmail.com', stats_id: 42 }),
    );
    expect(event).toEqual({
      platform: 'smartlead',
      type: 'EMAIL_OPEN',
      rawEventType: 'EMAIL_OPEN',
      occurredAt: RECEIVED_AT.toISOString(),
      platformEventId: 'EMAIL_OPEN:42',
      lead: {
        email: 'lead@gmail.com',
        firstName: null,
        lastName: null,
        profileUrl: null,
        company: null,
        domain: null,
        title: null,
        phone: null,
        platformLeadId: null,
      },
      sender: { email: null, name: null, profileUrl: null },
      campaign: { id: null, name: null },
      subject: null,
      bodyText: null,
      bodyHtml: null,
      sequenceStep: null,
      category: null,
      link: null,
      objectLookupId: null,
      tags: [],
      platformUrl: null,
      isInmail: false,
      isAutomatedReply: false,
    });
  });

  it('reads tags at the top level and treats an empty os_objectlookup_id as none', () => {
    const payload = withFields(template('smartlead', 'EMAIL_SENT'), {
      tags: ['vip', ' vip ', ''],
      os_objectlookup_id: '  ',
    });
    const event = eventOf(normalize(payload));
    expect(event.tags).toEqual(['vip']);
    expect(event.objectLookupId).toBeNull();
  });
});

describe('Smartlead normalizer: what it does not sync', () => {
  it.each(['CAMPAIGN_STATUS_CHANGED', 'UNTRACKED_REPLIES', 'MANUAL_STEP_REACHED'])(
    '%s is unsupported, named in the message',
    (eventType) => {
      const payload = withFields(template('smartlead', 'EMAIL_SENT'), { event_type: eventType });
      expect(normalize(payload)).toEqual({
        kind: 'unsupported',
        rawEventType: eventType,
        message: `Smartlead event ${eventType} is not an activity OutSync syncs`,
      });
    },
  );

  it('an unknown event name is unsupported', () => {
    expect(normalize({ event_type: 'EMAIL_TELEPORTED', sl_lead_email: LEAD_EMAIL })).toEqual({
      kind: 'unsupported',
      rawEventType: 'EMAIL_TELEPORTED',
      message: 'Smartlead event EMAIL_TELEPORTED is not a known event type',
    });
  });

  it('a payload without an event type, or not an object, is unsupported', () => {
    expect(normalize({ sl_lead_email: LEAD_EMAIL, event_type: ' ' })).toEqual({
      kind: 'unsupported',
      rawEventType: null,
      message: 'Smartlead payload carries no event type (event_type)',
    });
    expect(normalize(['EMAIL_SENT'])).toEqual({
      kind: 'unsupported',
      rawEventType: null,
      message: 'Smartlead payload is not a JSON object',
    });
  });

  it('accepts the nested documentation’s `event` name', () => {
    expect(eventOf(normalize({ event: 'EMAIL_REPLIED', sl_lead_email: LEAD_EMAIL })).type).toBe(
      'EMAIL_REPLY',
    );
  });
});

describe('Smartlead normalizer: fallbacks', () => {
  it('a reply’s sender is to_email when from_email is missing', () => {
    const payload = withFields(replyWithOurMailboxInToEmail, { from_email: undefined });
    expect(eventOf(normalize(payload)).sender.email).toBe('alex@outreach-team.io');
  });

  it('reads lead_id, lead_data.company_url, lastReply and sent_message_body', () => {
    const changed = structuredClone(categoryUpdatedWithLeadData) as Record<string, unknown> & {
      lead_data: Record<string, unknown>;
    };
    delete changed.lead_data.id;
    delete changed.lead_data.website;
    changed.lead_data.company_url = 'https://lumen.ai';
    changed.lastReply = changed.last_reply;
    delete changed.last_reply;
    changed.lead_id = 'L-9';
    expect(eventOf(normalize(changed))).toMatchObject({
      lead: { platformLeadId: 'L-9', domain: 'lumen.ai' },
      bodyHtml: '<p>Let us meet Thursday.</p>',
    });
    const flat = withFields(template('smartlead', 'EMAIL_SENT'), {
      sent_message: undefined,
      sent_message_body: '<p>Old</p>',
    });
    expect(eventOf(normalize(flat))).toMatchObject({ bodyText: null, bodyHtml: '<p>Old</p>' });
    const bounce = withFields(template('smartlead', 'EMAIL_BOUNCE'), {
      bounce_message: { html: '<p>550</p>' },
    });
    expect(eventOf(normalize(bounce))).toMatchObject({ bodyText: null, bodyHtml: '<p>550</p>' });
  });

  it('a category change with a stats_id is told apart by its time', () => {
    const payload = withFields(categoryUpdatedWithLeadData, { stats_id: 's-1' });
    expect(eventOf(normalize(payload)).platformEventId).toBe(
      'LEAD_CATEGORY_UPDATED:s-1:2026-02-01T09:51:44.000Z',
    );
  });
});

describe('Smartlead normalizer: the company domain', () => {
  it('comes from lead_data.website before the e-mail', () => {
    const payload = structuredClone(categoryUpdatedWithLeadData);
    payload.lead_data.website = 'https://lumen.example';
    expect(eventOf(normalize(payload)).lead.domain).toBe('lumen.example');
  });
});
