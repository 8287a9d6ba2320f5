import { normalizeBison } from './bison';
import { leadFirstContacted, replyWithoutLead } from './fixtures/bison.fixtures';
import { eventOf } from './fixtures/expect-event';
import {
  LEAD_EMAIL,
  OBJECT_LOOKUP_ID,
  RECEIVED_AT,
  SENDER_EMAIL,
  SENT_AT,
  template,
  templates,
} from './fixtures/templates';

const normalize = (payload: unknown) => normalizeBison(payload, RECEIVED_AT);

type Json = Record<string, unknown>;
/** A copy of a payload with `data.<block>` changed (undefined removes it). */
function withData(payload: Json, block: string, value: unknown): Json {
  const copy = structuredClone(payload) as { data: Json };
  if (value === undefined) delete copy.data[block];
  else copy.data[block] = value;
  return copy;
}
function withEventType(payload: Json, type: string): Json {
  const copy = structuredClone(payload) as { event: Json };
  copy.event.type = type;
  return copy;
}
const dataOf = (payload: Json) => payload.data as Record<string, Json>;

describe('bison normalizer: the test dialog templates (spec 01 §9)', () => {
  it('turns a reply into the whole canonical event', () => {
    const payload = template('bison', 'LEAD_REPLIED');
    const reply = dataOf(payload).reply as Json;
    expect(eventOf(normalize(payload))).toEqual({
      platform: 'bison',
      type: 'EMAIL_REPLY',
      rawEventType: 'LEAD_REPLIED',
      occurredAt: SENT_AT.toISOString(),
      platformEventId: 'EMAIL_REPLY:reply:72514',
      lead: {
        email: LEAD_EMAIL,
        firstName: 'Jordan',
        lastName: 'Avery',
        profileUrl: null,
        company: 'Northwind Freight',
        domain: 'northwindfreight.com',
        title: 'VP of Operations',
        phone: null,
        platformLeadId: '18342',
      },
      sender: { email: SENDER_EMAIL, name: 'Morgan Blake', profileUrl: null },
      campaign: { id: '142', name: 'Freight Ops Leaders Q3' },
      subject: 'Re: Cutting dock-to-stock time at Northwind Freight',
      bodyText: reply.text_body,
      bodyHtml: reply.html_body,
      sequenceStep: 1,
      category: null,
      link: null,
      objectLookupId: OBJECT_LOOKUP_ID,
      tags: [],
      platformUrl: null,
      isInmail: false,
      isAutomatedReply: false,
    });
  });

  it('a campaign send: the scheduled e-mail, its HTML body, its id', () => {
    const payload = template('bison', 'EMAIL_SENT');
    const scheduled = dataOf(payload).scheduled_email as Json;
    expect(eventOf(normalize(payload))).toMatchObject({
      type: 'EMAIL_SENT',
      platformEventId: 'EMAIL_SENT:scheduled_email:582130',
      subject: 'Cutting dock-to-stock time at Northwind Freight',
      bodyText: null,
      bodyHtml: scheduled.email_body,
      sequenceStep: 1,
      category: null,
    });
  });

  it('MANUAL_EMAIL_SENT: a send of the message we wrote, identified by that message', () => {
    const payload = template('bison', 'MANUAL_EMAIL_SENT');
    const reply = dataOf(payload).reply as Json;
    expect(eventOf(normalize(payload))).toMatchObject({
      type: 'EMAIL_SENT',
      rawEventType: 'MANUAL_EMAIL_SENT',
      platformEventId: 'EMAIL_SENT:reply:72514',
      lead: { email: LEAD_EMAIL },
      sender: { email: SENDER_EMAIL },
      subject: reply.email_subject,
      bodyText: reply.text_body,
      bodyHtml: reply.html_body,
    });
  });

  it('LEAD_REPLIED_AUTOMATED: a reply marked automatic', () => {
    const event = eventOf(normalize(template('bison', 'LEAD_REPLIED_AUTOMATED')));
    expect(event).toMatchObject({
      type: 'EMAIL_REPLY',
      isAutomatedReply: true,
      subject: 'Automatic reply: Cutting dock-to-stock time at Northwind Freight',
      platformEventId: 'EMAIL_REPLY:reply:72514',
    });
  });

  it('LEAD_INTERESTED: the category Interested (spec 01 §9)', () => {
    const event = eventOf(normalize(template('bison', 'LEAD_INTERESTED')));
    expect(event).toMatchObject({
      type: 'LEAD_CATEGORY_UPDATED',
      category: { id: 'lead_interested', name: 'Interested' },
      platformEventId: 'LEAD_CATEGORY_UPDATED:campaign_event:904417',
      isAutomatedReply: false,
    });
  });

  it.each([
    ['EMAIL_OPENED', 'EMAIL_OPEN', 'Cutting dock-to-stock time at Northwind Freight'],
    ['EMAIL_BOUNCED', 'EMAIL_BOUNCE', 'Delivery Status Notification (Failure)'],
    [
      'LEAD_UNSUBSCRIBED',
      'LEAD_UNSUBSCRIBED',
      'Re: Cutting dock-to-stock time at Northwind Freight',
    ],
  ] as const)('normalizes %s to %s about its message', (eventType, type, subject) => {
    expect(eventOf(normalize(template('bison', eventType)))).toMatchObject({
      type,
      subject,
      lead: { email: LEAD_EMAIL },
      category: null,
      isAutomatedReply: false,
      platformEventId: `${type}:campaign_event:904417`,
    });
  });

  it('normalizes every test event type to an event', () => {
    for (const [eventType, payload] of templates('bison')) {
      expect(eventOf(normalize(payload)).rawEventType).toBe(eventType);
    }
  });
});

describe('bison normalizer: name traps and variants', () => {
  it('lead_first_contacted (lower case) repeats the email_sent of the same scheduled e-mail', () => {
    const first = eventOf(normalize(leadFirstContacted));
    const sent = eventOf(normalize(withEventType(leadFirstContacted, 'email_sent')));
    expect(first.platformEventId).toBe('EMAIL_SENT:scheduled_email:991');
    expect(sent.platformEventId).toBe(first.platformEventId);
    expect(first).toEqual({
      platform: 'bison',
      type: 'EMAIL_SENT',
      rawEventType: 'lead_first_contacted',
      occurredAt: '2026-02-03T10:15:00.000Z',
      platformEventId: 'EMAIL_SENT:scheduled_email:991',
      lead: {
        email: 'lee@brightsmile.dental',
        firstName: 'Lee',
        lastName: 'Moreno',
        profileUrl: null,
        company: 'BrightSmile',
        domain: 'brightsmile-group.com',
        title: null,
        phone: null,
        platformLeadId: '5001',
      },
      sender: { email: 'pat@agency.com', name: 'Pat Quinn', profileUrl: null },
      campaign: { id: '77', name: 'Dental clinics' },
      subject: 'Quick question',
      bodyText: 'Hi Lee, quick question about your front desk.',
      bodyHtml: null,
      sequenceStep: 1,
      category: null,
      link: null,
      objectLookupId: 'HS-501',
      tags: ['Dentists'],
      platformUrl: null,
      isInmail: false,
      isAutomatedReply: false,
    });
  });

  it('upper and lower case names are the same event', () => {
    for (const name of ['lead_replied', 'Lead_Replied', 'LEAD_REPLIED']) {
      const payload = withEventType(template('bison', 'LEAD_REPLIED'), name);
      expect(eventOf(normalize(payload))).toMatchObject({
        type: 'EMAIL_REPLY',
        rawEventType: name,
      });
    }
  });

  it('a reply without data.lead: the lead is the reply’s sender, automated as bison says', () => {
    expect(eventOf(normalize(replyWithoutLead))).toMatchObject({
      type: 'EMAIL_REPLY',
      occurredAt: '2026-02-04T08:00:00.000Z',
      platformEventId: 'EMAIL_REPLY:reply:8120',
      lead: { email: 'lee@brightsmile.dental', domain: 'brightsmile.dental', firstName: null },
      sender: { email: 'pat@agency.com', name: null },
      campaign: { id: null, name: null },
      subject: 'Re: Quick question',
      bodyText: 'Out until Monday.',
      bodyHtml: null,
      sequenceStep: null,
      isAutomatedReply: true,
      objectLookupId: null,
    });
  });

  it('a reply bison marks interested carries the Interested category', () => {
    const payload = structuredClone(replyWithoutLead);
    payload.data.reply.interested = true;
    expect(eventOf(normalize(payload)).category).toEqual({
      id: 'lead_interested',
      name: 'Interested',
    });
  });

  it('the reply’s own time when the campaign event has none', () => {
    const payload = withData(replyWithoutLead, 'campaign_event', undefined);
    expect(eventOf(normalize(payload))).toMatchObject({
      occurredAt: '2026-02-04T07:59:58.000Z',
      platformEventId: 'EMAIL_REPLY:reply:8120',
    });
  });

  it('a send’s own time when the campaign event has none, else the receipt', () => {
    const sent = withData(template('bison', 'EMAIL_SENT'), 'campaign_event', undefined);
    expect(eventOf(normalize(sent)).occurredAt).toBe(SENT_AT.toISOString());
    const bare = withData(sent, 'scheduled_email', undefined);
    expect(eventOf(normalize(bare))).toMatchObject({
      occurredAt: RECEIVED_AT.toISOString(),
      platformEventId: null,
      subject: null,
      bodyText: null,
      bodyHtml: null,
    });
  });

  it('without data.lead, a manual send’s lead is its addressee; a bounce names none', () => {
    const manual = withData(template('bison', 'MANUAL_EMAIL_SENT'), 'lead', undefined);
    expect(eventOf(normalize(manual)).lead.email).toBe(LEAD_EMAIL);
    const toOnly = structuredClone(manual) as { data: { reply: Json } };
    delete toOnly.data.reply.primary_to_email_address;
    expect(eventOf(normalize(toOnly)).lead.email).toBe(LEAD_EMAIL);
    const bounce = withData(template('bison', 'EMAIL_BOUNCED'), 'lead', undefined);
    expect(normalize(bounce)).toEqual({
      kind: 'invalid',
      rawEventType: 'EMAIL_BOUNCED',
      message: 'EmailBison EMAIL_BOUNCED carries no lead e-mail (data.lead.email)',
    });
  });

  it('our own mailbox in the reply is never the lead', () => {
    const payload = structuredClone(replyWithoutLead);
    payload.data.reply.from_email_address = 'PAT@agency.com';
    expect(normalize(payload)).toMatchObject({ kind: 'invalid', rawEventType: 'lead_replied' });
  });

  it('reads the website, phone and tags from the lead and the top level', () => {
    const payload = structuredClone(leadFirstContacted) as unknown as {
      data: { lead: Json };
      tags?: unknown;
    };
    payload.data.lead.custom_variables = [
      { name: 'website', value: 'https://www.brightsmile.example' },
      { name: 'phone', value: '+1 555 0100' },
    ];
    payload.tags = ['Top level'];
    const event = eventOf(normalize(payload));
    expect(event.lead).toMatchObject({ domain: 'brightsmile.example', phone: '+1 555 0100' });
    expect(event.tags).toEqual(['Top level', 'Dentists']);
    expect(event.objectLookupId).toBeNull();
    payload.data.lead.website = 'dental.example';
    payload.data.lead.phone = '+1 555 0199';
    expect(eventOf(normalize(payload)).lead).toMatchObject({
      domain: 'dental.example',
      phone: '+1 555 0199',
    });
  });
});

describe('bison normalizer: what it does not sync', () => {
  it.each(['untracked_reply_received', 'EMAIL_ACCOUNT_DISCONNECTED', 'tag_attached'])(
    '%s is unsupported',
    (eventType) => {
      expect(normalize(withEventType(template('bison', 'EMAIL_SENT'), eventType))).toEqual({
        kind: 'unsupported',
        rawEventType: eventType,
        message: `EmailBison event ${eventType} is not an activity OutSync syncs`,
      });
    },
  );

  it('an unknown name is unsupported', () => {
    expect(normalize(withEventType(template('bison', 'EMAIL_SENT'), 'LEAD_HAPPY'))).toEqual({
      kind: 'unsupported',
      rawEventType: 'LEAD_HAPPY',
      message: 'EmailBison event LEAD_HAPPY is not a known event type',
    });
  });

  it('a payload without event.type, or not an object, is unsupported', () => {
    expect(normalize({ event: {}, data: {} })).toEqual({
      kind: 'unsupported',
      rawEventType: null,
      message: 'EmailBison payload carries no event type (event.type)',
    });
    expect(normalize(null)).toEqual({
      kind: 'unsupported',
      rawEventType: null,
      message: 'EmailBison payload is not a JSON object',
    });
  });

  it('an event without the lead’s e-mail anywhere is invalid, naming the field', () => {
    expect(normalize({ event: { type: 'EMAIL_OPENED' }, data: {} })).toEqual({
      kind: 'invalid',
      rawEventType: 'EMAIL_OPENED',
      message: 'EmailBison EMAIL_OPENED carries no lead e-mail (data.lead.email)',
    });
  });
});

describe('bison normalizer: details', () => {
  it('an open is about the scheduled e-mail even when a sent reply rides along', () => {
    const payload = template('bison', 'EMAIL_OPENED') as { data: { reply: Json } };
    payload.data.reply.folder = 'Sent';
    payload.data.reply.interested = true;
    expect(eventOf(normalize(payload))).toMatchObject({
      subject: 'Cutting dock-to-stock time at Northwind Freight',
      platformEventId: 'EMAIL_OPEN:campaign_event:904417',
      category: null,
    });
  });

  it('an automated reply by its name alone', () => {
    const payload = withEventType(template('bison', 'LEAD_REPLIED'), 'lead_replied_automated');
    expect(eventOf(normalize(payload)).isAutomatedReply).toBe(true);
  });

  it('a manual send’s lead is its primary addressee, else its first one', () => {
    const manual = withData(template('bison', 'MANUAL_EMAIL_SENT'), 'lead', undefined) as {
      data: { reply: Json };
    };
    manual.data.reply.primary_to_email_address = 'Primary@Example.org';
    expect(eventOf(normalize(manual)).lead.email).toBe('primary@example.org');
  });

  it('a body is HTML only when it holds a tag', () => {
    const bodyOf = (email_body: string) => {
      const payload = template('bison', 'EMAIL_SENT') as { data: { scheduled_email: Json } };
      payload.data.scheduled_email.email_body = email_body;
      const event = eventOf(normalize(payload));
      return { text: event.bodyText, html: event.bodyHtml };
    };
    expect(bodyOf('Costs < 5% > last year')).toEqual({
      text: 'Costs < 5% > last year',
      html: null,
    });
    expect(bodyOf('<a href="https://x.io">x</a>')).toEqual({
      text: null,
      html: '<a href="https://x.io">x</a>',
    });
  });

  it('the website from the lead’s company_website', () => {
    const payload = structuredClone(leadFirstContacted) as unknown as { data: { lead: Json } };
    payload.data.lead.custom_variables = [];
    payload.data.lead.company_website = 'https://www.smiles.example';
    expect(eventOf(normalize(payload)).lead.domain).toBe('smiles.example');
  });
});
