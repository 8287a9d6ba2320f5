import { camelCaseConnectionAccepted, inmailReply } from './fixtures/heyreach.fixtures';
import { eventOf, withFields } from './fixtures/expect-event';
import {
  LEAD_EMAIL,
  LEAD_PROFILE_URL,
  OBJECT_LOOKUP_ID,
  RECEIVED_AT,
  SENDER_EMAIL,
  SENT_AT,
  template,
  templates,
} from './fixtures/templates';
import { normalizeHeyreach } from './heyreach';

const CORRELATION_ID = '3e7b9f21-64c8-4d0a-8b5e-f2a19c7d6e40';
const SENDER_PROFILE = 'https://www.linkedin.com/in/morgan-blake-brightpath';

const normalize = (payload: unknown) => normalizeHeyreach(payload, RECEIVED_AT);

type Message = { message: string; subject?: string; is_reply: boolean };
const messages = (payload: Record<string, unknown>, list: string) => payload[list] as Message[];

describe('HeyReach normalizer: the test dialog templates (spec 01 §9)', () => {
  it('turns a connection acceptance into the whole canonical event', () => {
    const payload = template('heyreach', 'CONNECTION_REQUEST_ACCEPTED');
    expect(eventOf(normalize(payload))).toEqual({
      platform: 'heyreach',
      type: 'CONNECTION_REQUEST_ACCEPTED',
      rawEventType: 'connection_request_accepted',
      occurredAt: SENT_AT.toISOString(),
      platformEventId: `CONNECTION_REQUEST_ACCEPTED:${CORRELATION_ID}`,
      lead: {
        email: LEAD_EMAIL,
        firstName: 'Jordan',
        lastName: 'Avery',
        profileUrl: LEAD_PROFILE_URL,
        company: 'Northwind Freight',
        domain: 'northwindfreight.com',
        title: 'VP of Operations',
        phone: null,
        platformLeadId: 'ACoAABx3kT0BqVZ8mW2nR5yLp7dE4fH9gJ1sK6c',
      },
      sender: { email: SENDER_EMAIL, name: 'Morgan Blake', profileUrl: SENDER_PROFILE },
      campaign: { id: '118204', name: 'Freight Ops Leaders - LinkedIn' },
      subject: null,
      bodyText: payload.connection_message,
      bodyHtml: null,
      sequenceStep: null,
      category: null,
      link: null,
      objectLookupId: OBJECT_LOOKUP_ID,
      tags: ['Hot', 'Q3 pipeline', 'Warm lead'],
      platformUrl: null,
      isInmail: false,
      isAutomatedReply: false,
    });
  });

  it('CONNECTION_REQUEST_SENT carries the connection note', () => {
    const payload = template('heyreach', 'CONNECTION_REQUEST_SENT');
    expect(eventOf(normalize(payload))).toMatchObject({
      type: 'CONNECTION_REQUEST_SENT',
      bodyText: payload.connection_message,
    });
  });

  it('MESSAGE_SENT: the latest message to the lead', () => {
    const payload = template('heyreach', 'MESSAGE_SENT');
    expect(eventOf(normalize(payload))).toMatchObject({
      type: 'MESSAGE_SENT',
      rawEventType: 'message_sent',
      subject: null,
      bodyText: messages(payload, 'recent_messages')[0]?.message,
      isInmail: false,
    });
  });

  it('MESSAGE_SENT_PREMIUM (inmail_sent): an InMail send, its subject and message', () => {
    const payload = template('heyreach', 'MESSAGE_SENT_PREMIUM');
    const inmail = messages(payload, 'recent_inmails')[0];
    expect(eventOf(normalize(payload))).toMatchObject({
      type: 'MESSAGE_SENT',
      rawEventType: 'inmail_sent',
      subject: inmail?.subject,
      bodyText: inmail?.message,
      isInmail: true,
    });
  });

  it('REPLY_RECEIVED_STANDARD: the lead’s latest message, not an InMail', () => {
    const payload = template('heyreach', 'REPLY_RECEIVED_STANDARD');
    expect(eventOf(normalize(payload))).toMatchObject({
      type: 'REPLY_RECEIVED',
      rawEventType: 'every_message_reply_received',
      bodyText: 'Hi Morgan, happy to. Tuesday morning works for me.',
      subject: null,
      isInmail: false,
    });
  });

  it('REPLY_RECEIVED_PREMIUM: is_inmail true makes it an InMail reply', () => {
    const payload = template('heyreach', 'REPLY_RECEIVED_PREMIUM');
    expect(eventOf(normalize(payload))).toMatchObject({
      type: 'REPLY_RECEIVED',
      rawEventType: 'every_message_reply_received',
      subject: 'Re: Receiving throughput at Northwind Freight',
      bodyText: 'Interesting timing. Send me a few slots for next week.',
      isInmail: true,
    });
  });

  it('LIKED_POST links the post; FOLLOW_SENT and VIEWED_PROFILE carry no message', () => {
    const liked = eventOf(normalize(template('heyreach', 'LIKED_POST')));
    expect(liked).toMatchObject({
      type: 'LIKED_POST',
      link: 'https://www.linkedin.com/feed/update/urn:li:activity:7214653321987654321/',
      bodyText: null,
    });
    for (const eventType of ['FOLLOW_SENT', 'VIEWED_PROFILE'] as const) {
      expect(eventOf(normalize(template('heyreach', eventType)))).toMatchObject({
        type: eventType,
        link: null,
        bodyText: null,
        subject: null,
        category: null,
      });
    }
  });

  it('LEAD_TAG_UPDATED: a category change to the tag added, the tag among the tags', () => {
    const event = eventOf(normalize(template('heyreach', 'LEAD_TAG_UPDATED')));
    expect(event).toMatchObject({
      type: 'LEAD_CATEGORY_UPDATED',
      rawEventType: 'lead_tag_updated',
      category: { id: 'interested', name: 'Interested' },
      tags: ['Hot', 'Q3 pipeline', 'Warm lead', 'Interested'],
      platformEventId: `LEAD_CATEGORY_UPDATED:${CORRELATION_ID}`,
    });
  });

  it('normalizes every test event type to an event', () => {
    for (const [, payload] of templates('heyreach')) {
      expect(normalize(payload).kind).toBe('event');
    }
  });
});

describe('HeyReach normalizer: name traps and variants', () => {
  it('an InMail reply under the enum’s upper-case name, with a messy profile URL', () => {
    expect(eventOf(normalize(inmailReply))).toEqual({
      platform: 'heyreach',
      type: 'REPLY_RECEIVED',
      rawEventType: 'INMAIL_REPLY_RECEIVED',
      occurredAt: '2026-02-05T12:00:00.000Z',
      platformEventId: 'REPLY_RECEIVED:c0ffee00-1111-2222-3333-444455556666',
      lead: {
        email: null,
        firstName: 'Chen',
        lastName: 'Wei',
        profileUrl: 'https://www.linkedin.com/in/chen-wei-42',
        company: 'Orbit Labs',
        domain: null,
        title: 'Founder',
        phone: null,
        platformLeadId: 'ACoAAA1',
      },
      sender: {
        email: null,
        name: 'Robin Hale',
        profileUrl: 'https://www.linkedin.com/in/robin-hale',
      },
      campaign: { id: '401', name: 'SaaS founders' },
      subject: 'Re: Hi',
      bodyText: 'Newest',
      bodyHtml: null,
      sequenceStep: null,
      category: null,
      link: null,
      objectLookupId: 'HS-77',
      tags: [],
      platformUrl: null,
      isInmail: true,
      isAutomatedReply: false,
    });
  });

  it('inmail_reply_received is an InMail even without is_inmail', () => {
    const payload = withFields(inmailReply, {
      is_inmail: undefined,
      event_type: 'inmail_reply_received',
    });
    expect(eventOf(normalize(payload)).isInmail).toBe(true);
    const standard = withFields(inmailReply, {
      is_inmail: false,
      event_type: 'message_reply_received',
    });
    // Not an InMail: recent_messages first, and there are none, so the InMails answer.
    expect(eventOf(normalize(standard))).toMatchObject({ isInmail: false, bodyText: 'Newest' });
  });

  it('camelCase fields at the top level', () => {
    expect(eventOf(normalize(camelCaseConnectionAccepted))).toMatchObject({
      type: 'CONNECTION_REQUEST_ACCEPTED',
      rawEventType: 'connection_request_accepted',
      occurredAt: '2026-02-05T12:00:00.000Z',
      platformEventId: null,
      lead: {
        email: 'sara@nimbus.dev',
        firstName: 'Sara',
        lastName: 'Lopez',
        profileUrl: 'https://www.linkedin.com/in/sara-lopez',
        company: 'Nimbus',
        domain: 'nimbus.dev',
      },
      sender: { email: null, name: null, profileUrl: null },
      bodyText: null,
    });
  });

  it('camelCase fields inside lead', () => {
    const payload = {
      event_type: 'viewed_profile',
      lead: {
        profileUrl: 'https://www.linkedin.com/in/Ana-Ruiz',
        firstName: 'Ana',
        lastName: 'Ruiz',
        companyName: 'Quill',
        emailAddress: 'ana@quill.app',
      },
      sender: { first_name: 'Robin', last_name: 'Hale', email: 'Robin@Agency.io' },
    };
    expect(eventOf(normalize(payload))).toMatchObject({
      lead: {
        profileUrl: 'https://www.linkedin.com/in/ana-ruiz',
        firstName: 'Ana',
        lastName: 'Ruiz',
        company: 'Quill',
        email: 'ana@quill.app',
      },
      sender: { email: 'robin@agency.io', name: 'Robin Hale' },
    });
  });

  it('an e-mail alone identifies the lead; a profile outside /in/ is kept as given', () => {
    const emailOnly = { event_type: 'follow_sent', lead: { email_address: 'A@B.io' } };
    expect(eventOf(normalize(emailOnly)).lead).toMatchObject({ email: 'a@b.io', profileUrl: null });
    const salesNav = {
      event_type: 'follow_sent',
      lead: { profile_url: ' https://www.linkedin.com/sales/lead/ACwAAA,NAME ' },
    };
    expect(eventOf(normalize(salesNav)).lead.profileUrl).toBe(
      'https://www.linkedin.com/sales/lead/ACwAAA,NAME',
    );
  });

  it('a tag taken off is no longer among the lead’s tags, even when lead.tags still lists it', () => {
    const payload = withFields(template('heyreach', 'LEAD_TAG_UPDATED'), {
      tag_action: 'REMOVED',
      updated_tags: ['Warm lead'],
    });
    expect(eventOf(normalize(payload)).tags).toEqual(['Hot', 'Q3 pipeline']);
  });

  it('a tag taken off is no category and no tag', () => {
    const payload = withFields(template('heyreach', 'LEAD_TAG_UPDATED'), {
      tag_action: 'removed',
    });
    const event = eventOf(normalize(payload));
    expect(event.category).toBeNull();
    expect(event.tags).toEqual(['Hot', 'Q3 pipeline', 'Warm lead']);
    const multiWord = withFields(template('heyreach', 'LEAD_TAG_UPDATED'), {
      updated_tags: ['Meeting Booked', 'Other'],
      tag_action: undefined,
    });
    expect(eventOf(normalize(multiWord)).category).toEqual({
      id: 'meeting_booked',
      name: 'Meeting Booked',
    });
  });

  it('the newest message wins; equal times go to the later one; no time to the message’s', () => {
    const tie = {
      event_type: 'message_reply_received',
      lead: { profile_url: LEAD_PROFILE_URL },
      recent_messages: [
        { message: 'first', is_reply: true },
        { message: 'second', is_reply: true },
        { message: 'ours', is_reply: false },
        'not a message',
      ],
    };
    expect(eventOf(normalize(tie))).toMatchObject({
      bodyText: 'second',
      occurredAt: RECEIVED_AT.toISOString(),
    });
    const timed = {
      ...tie,
      recent_messages: [
        { message: 'late', is_reply: true, creation_time: '2026-02-05T10:00:00Z' },
        { message: 'early', is_reply: true, creation_time: '2026-02-05T09:00:00Z' },
      ],
    };
    expect(eventOf(normalize(timed))).toMatchObject({
      bodyText: 'late',
      occurredAt: '2026-02-05T10:00:00.000Z',
    });
    const none = { ...tie, recent_messages: 'none', recent_inmails: [] };
    expect(eventOf(normalize(none)).bodyText).toBeNull();
  });

  it('reads os_objectlookup_id from the lead’s lists and custom user fields', () => {
    const inList = {
      event_type: 'follow_sent',
      lead: {
        profile_url: LEAD_PROFILE_URL,
        lists: [
          { custom_fields: [] },
          { custom_fields: [{ name: 'os_objectlookup_id', value: 'L-2' }] },
        ],
      },
    };
    expect(eventOf(normalize(inList)).objectLookupId).toBe('L-2');
    const userFields = {
      event_type: 'follow_sent',
      lead: {
        profile_url: LEAD_PROFILE_URL,
        customUserFields: [{ name: 'os_objectlookup_id', value: 'U-3' }],
      },
    };
    expect(eventOf(normalize(userFields)).objectLookupId).toBe('U-3');
  });
});

describe('HeyReach normalizer: what it does not sync', () => {
  it('campaign_completed is unsupported; an unknown name too', () => {
    expect(normalize(withFields(inmailReply, { event_type: 'campaign_completed' }))).toEqual({
      kind: 'unsupported',
      rawEventType: 'campaign_completed',
      message: 'HeyReach event campaign_completed is not an activity OutSync syncs',
    });
    expect(normalize(withFields(inmailReply, { event_type: 'poked' }))).toEqual({
      kind: 'unsupported',
      rawEventType: 'poked',
      message: 'HeyReach event poked is not a known event type',
    });
  });

  it('an event with neither profile URL nor e-mail is invalid, naming the field', () => {
    const payload = template('heyreach', 'CONNECTION_REQUEST_ACCEPTED');
    const lead = payload.lead as Record<string, unknown>;
    delete lead.profile_url;
    delete lead.email_address;
    expect(normalize(payload)).toEqual({
      kind: 'invalid',
      rawEventType: 'connection_request_accepted',
      message:
        'HeyReach connection_request_accepted carries no lead profile URL (lead.profile_url)',
    });
  });

  it('a payload without an event type, or not an object, is unsupported', () => {
    expect(normalize({ lead: { profile_url: LEAD_PROFILE_URL } })).toEqual({
      kind: 'unsupported',
      rawEventType: null,
      message: 'HeyReach payload carries no event type (event_type)',
    });
    expect(normalize(42)).toEqual({
      kind: 'unsupported',
      rawEventType: null,
      message: 'HeyReach payload is not a JSON object',
    });
  });
});

describe('HeyReach normalizer: details', () => {
  it('inmail_sent is an InMail without is_inmail', () => {
    const payload = withFields(template('heyreach', 'MESSAGE_SENT_PREMIUM'), {
      is_inmail: undefined,
    });
    expect(eventOf(normalize(payload)).isInmail).toBe(true);
  });

  it('the sender’s full name, else first and last', () => {
    const sender = (fields: Record<string, string>) =>
      eventOf(
        normalize({ event_type: 'follow_sent', profileUrl: LEAD_PROFILE_URL, sender: fields }),
      ).sender.name;
    expect(sender({ full_name: 'M. Blake', first_name: 'Morgan', last_name: 'Blake' })).toBe(
      'M. Blake',
    );
    expect(sender({ last_name: 'Blake' })).toBe('Blake');
    expect(sender({ first_name: 'Morgan' })).toBe('Morgan');
    expect(sender({})).toBeNull();
  });

  it('the newest message whatever the order; a timed one over an untimed one', () => {
    const reply = (recent_messages: unknown[]) =>
      eventOf(
        normalize({
          event_type: 'message_reply_received',
          profileUrl: LEAD_PROFILE_URL,
          recent_messages,
        }),
      ).bodyText;
    expect(
      reply([
        { message: 'early', is_reply: true, creation_time: '2026-02-05T09:00:00Z' },
        { message: 'late', is_reply: true, creation_time: '2026-02-05T10:00:00Z' },
      ]),
    ).toBe('late');
    expect(
      reply([
        { message: 'untimed', is_reply: true },
        { message: 'timed', is_reply: true, creation_time: '2026-02-05T10:00:00Z' },
      ]),
    ).toBe('timed');
  });

  it('a company_url that is a website gives the domain', () => {
    const payload = {
      event_type: 'follow_sent',
      lead: {
        profile_url: LEAD_PROFILE_URL,
        company_url: 'https://www.orbit.dev',
        email_address: 'c@gmail.com',
      },
    };
    expect(eventOf(normalize(payload)).lead.domain).toBe('orbit.dev');
  });
});
