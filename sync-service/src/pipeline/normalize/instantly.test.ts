import { INSTANTLY_BUILT_IN_CATEGORIES } from '../../connectors/platforms';
import { eventOf, withFields } from './fixtures/expect-event';
import { capturedReply, customLabelByName, emailLinkClicked } from './fixtures/instantly.fixtures';
import {
  LEAD_EMAIL,
  OBJECT_LOOKUP_ID,
  RECEIVED_AT,
  SENDER_EMAIL,
  SENT_AT,
  template,
  templates,
} from './fixtures/templates';
import { INSTANTLY_STATUS_CATEGORIES, normalizeInstantly } from './instantly';

const EMAIL_ID = '0198c2f4-7d3a-7b21-9e54-3a6f8c1d2e07';
const UNIBOX = 'https://app.instantly.ai/app/unibox?thread_id=0198c2f4-7d3a-7b21-9e54-3a6f8c1d2e07';
const CASE_STUDY = 'https://brightpathsales.io/case-studies/lakeshore-logistics';

const normalize = (payload: unknown) => normalizeInstantly(payload, RECEIVED_AT);

describe('Instantly normalizer: the test dialog templates (spec 01 §9)', () => {
  it('turns a send into the whole canonical event', () => {
    const payload = template('instantly', 'email_sent');
    expect(eventOf(normalize(payload))).toEqual({
      platform: 'instantly',
      type: 'EMAIL_SENT',
      rawEventType: 'email_sent',
      occurredAt: SENT_AT.toISOString(),
      platformEventId: `EMAIL_SENT:${EMAIL_ID}`,
      lead: {
        email: LEAD_EMAIL,
        firstName: 'Jordan',
        lastName: 'Avery',
        profileUrl: null,
        company: 'Northwind Freight',
        domain: 'northwindfreight.com',
        title: 'VP of Operations',
        phone: null,
        platformLeadId: null,
      },
      sender: { email: SENDER_EMAIL, name: null, profileUrl: null },
      campaign: { id: 'b3e8f2a1-7c4d-4a6b-9e2f-5d1c0a8b7e36', name: 'Freight Ops Leaders - Q3' },
      subject: 'Cutting dock-to-stock time at Northwind Freight',
      bodyText: payload.email_text,
      bodyHtml: payload.email_html,
      sequenceStep: 1,
      category: null,
      link: null,
      objectLookupId: OBJECT_LOOKUP_ID,
      tags: [],
      platformUrl: UNIBOX,
      isInmail: false,
      isAutomatedReply: false,
    });
  });

  it('takes a reply’s subject and bodies from the reply_* fields', () => {
    const payload = template('instantly', 'reply_received');
    expect(eventOf(normalize(payload))).toMatchObject({
      type: 'EMAIL_REPLY',
      platformEventId: `EMAIL_REPLY:${EMAIL_ID}`,
      subject: 'Re: Cutting dock-to-stock time at Northwind Freight',
      bodyText: payload.reply_text,
      bodyHtml: payload.reply_html,
      category: null,
      isAutomatedReply: false,
    });
  });

  it.each([
    ['email_opened', 'EMAIL_OPEN'],
    ['link_clicked', 'EMAIL_LINK_CLICK'],
    ['email_bounced', 'EMAIL_BOUNCE'],
    ['lead_unsubscribed', 'LEAD_UNSUBSCRIBED'],
  ] as const)('normalizes %s to %s', (eventType, type) => {
    const event = eventOf(normalize(template('instantly', eventType)));
    expect(event).toMatchObject({
      type,
      rawEventType: eventType,
      lead: { email: LEAD_EMAIL },
      subject: 'Cutting dock-to-stock time at Northwind Freight',
      category: null,
      objectLookupId: OBJECT_LOOKUP_ID,
    });
  });

  it.each([
    ['lead_interested', '1', 'Interested'],
    ['lead_meeting_booked', '2', 'Meeting Booked'],
    ['lead_meeting_completed', '3', 'Meeting Completed'],
    ['lead_closed', '4', 'Won'],
    ['lead_out_of_office', '0', 'Out of Office'],
    ['lead_wrong_person', '-2', 'Wrong Person'],
    ['lead_not_interested', '-1', 'Not Interested'],
    ['lead_neutral', null, 'Neutral'],
    ['lead_no_show', '-4', 'No Show'],
  ] as const)('%s sets the category %s %s', (eventType, id, name) => {
    const event = eventOf(
      normalize(withFields(template('instantly', 'lead_interested'), { event_type: eventType })),
    );
    expect(event.type).toBe('LEAD_CATEGORY_UPDATED');
    expect(event.category).toEqual({ id, name });
    expect(event.platformEventId).toBe(`LEAD_CATEGORY_UPDATED:${EMAIL_ID}`);
    expect(event.link).toBeNull();
  });

  it('custom_label: a category change to the label the payload names', () => {
    const event = eventOf(normalize(template('instantly', 'custom_label')));
    expect(event).toMatchObject({
      type: 'LEAD_CATEGORY_UPDATED',
      rawEventType: 'custom_label',
      category: { id: null, name: 'Budget Approved' },
    });
  });

  it('normalizes every test event type to an event', () => {
    for (const [eventType, payload] of templates('instantly')) {
      expect(eventOf(normalize(payload)).rawEventType).toBe(eventType);
    }
  });

  it('uses the same ids and names for statuses as the connector lists', () => {
    const listed = new Map(INSTANTLY_BUILT_IN_CATEGORIES.map((each) => [each.id, each.name]));
    for (const status of Object.values(INSTANTLY_STATUS_CATEGORIES)) {
      if (status.id !== null) expect(listed.get(status.id)).toBe(status.name);
    }
  });
});

describe('Instantly normalizer: name traps', () => {
  it('link_clicked and email_link_clicked are both clicks, with the time in their identity', () => {
    const guide = eventOf(normalize(template('instantly', 'link_clicked')));
    expect(guide).toMatchObject({
      type: 'EMAIL_LINK_CLICK',
      link: CASE_STUDY,
      platformEventId: `EMAIL_LINK_CLICK:${EMAIL_ID}:${SENT_AT.toISOString()}`,
    });
    const subscription = eventOf(normalize(emailLinkClicked));
    expect(subscription).toMatchObject({
      type: 'EMAIL_LINK_CLICK',
      rawEventType: 'email_link_clicked',
      link: 'https://growthdesk.co/pricing',
      platformEventId:
        'EMAIL_LINK_CLICK:0198a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b:2026-01-14T16:25:00.000Z',
    });
  });

  it('two opens of one e-mail are two events; a retry of one is the same', () => {
    const open = template('instantly', 'email_opened');
    const first = eventOf(normalize(open)).platformEventId;
    expect(eventOf(normalize(structuredClone(open))).platformEventId).toBe(first);
    const later = withFields(open, {
      timestamp: '2026-03-11T08:00:00.000Z',
      click_timestamp: undefined,
    });
    expect(eventOf(normalize(later)).platformEventId).toBe(
      `EMAIL_OPEN:${EMAIL_ID}:2026-03-11T08:00:00.000Z`,
    );
  });

  it('a custom label named by the event type itself', () => {
    expect(eventOf(normalize(customLabelByName))).toMatchObject({
      type: 'LEAD_CATEGORY_UPDATED',
      rawEventType: 'Budget Approved',
      occurredAt: '2026-01-14T16:22:08.000Z',
      category: { id: '7', name: 'Budget Approved' },
      platformEventId: null,
    });
  });

  it('custom_label without the label’s name changes to an unnamed category', () => {
    const payload = withFields(template('instantly', 'custom_label'), { custom_label: null });
    expect(eventOf(normalize(payload)).category).toBeNull();
  });

  it('auto_reply_received is a reply marked automatic', () => {
    const payload = withFields(template('instantly', 'reply_received'), {
      event_type: 'auto_reply_received',
    });
    expect(eventOf(normalize(payload))).toMatchObject({
      type: 'EMAIL_REPLY',
      isAutomatedReply: true,
    });
  });

  it('an unknown name without a lead is not a label: unsupported', () => {
    expect(normalize({ event_type: 'workspace_renamed', workspace: 'w' })).toEqual({
      kind: 'unsupported',
      rawEventType: 'workspace_renamed',
      message: 'Instantly event workspace_renamed is not a known event type',
    });
  });
});

describe('Instantly normalizer: real-world variants', () => {
  it('reads a captured reply with the lead’s fields merged in', () => {
    expect(eventOf(normalize(capturedReply))).toEqual({
      platform: 'instantly',
      type: 'EMAIL_REPLY',
      rawEventType: 'reply_received',
      occurredAt: '2026-01-14T16:22:08.512Z',
      platformEventId: 'EMAIL_REPLY:0198a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
      lead: {
        email: 'marta.lind@kestrel-pay.com',
        firstName: 'Marta',
        lastName: 'Lind',
        profileUrl: null,
        company: 'Kestrel Pay',
        domain: 'kestrel-pay.com',
        title: null,
        phone: null,
        platformLeadId: null,
      },
      sender: { email: 'jamie@growthdesk.co', name: null, profileUrl: null },
      campaign: { id: '0c9e4d2a-1b7f-4e3c-8a6d-5f2b9e1c7d40', name: 'Fintech CFOs' },
      subject: 'Re: Month-end close',
      bodyText: 'Happy to chat next week',
      bodyHtml: '<div>Happy to chat next week.</div>',
      sequenceStep: 2,
      category: null,
      link: null,
      objectLookupId: 'HS-9912',
      tags: [],
      platformUrl: 'https://app.instantly.ai/app/unibox?thread_search=marta.lind%40kestrel-pay.com',
      isInmail: false,
      isAutomatedReply: false,
    });
  });

  it('falls back to the lead’s own email field and the snake_case names', () => {
    const payload = withFields(capturedReply, {
      lead_email: undefined,
      email: 'Marta@Kestrel-Pay.com',
      firstName: undefined,
      first_name: 'M.',
      lastName: undefined,
      last_name: 'L.',
      companyName: undefined,
      company_name: 'KP',
      website: undefined,
      title: 'CFO',
      phone: '+46 8 000',
      lead_id: 991,
      linkedIn: 'https://linkedin.com/in/marta-lind',
      os_objectlookup_id: undefined,
      custom_variables: { os_objectlookup_id: 'CV-1' },
    });
    expect(eventOf(normalize(payload)).lead).toEqual({
      email: 'marta@kestrel-pay.com',
      firstName: 'M.',
      lastName: 'L.',
      profileUrl: 'https://www.linkedin.com/in/marta-lind',
      company: 'KP',
      domain: 'kestrel-pay.com',
      title: 'CFO',
      phone: '+46 8 000',
      platformLeadId: '991',
    });
    expect(eventOf(normalize(payload)).objectLookupId).toBe('CV-1');
  });

  it('reads the subject and the link from their other names', () => {
    const sent = withFields(template('instantly', 'email_sent'), { email_subject: undefined });
    expect(eventOf(normalize(sent)).subject).toBe(
      'Cutting dock-to-stock time at Northwind Freight',
    );
    const reply = withFields(capturedReply, { reply_subject: undefined, email_subject: 'S' });
    expect(eventOf(normalize(reply)).subject).toBe('S');
    const click = withFields(emailLinkClicked, { link_clicked: undefined, link: 'https://x.io/' });
    expect(eventOf(normalize(click)).link).toBe('https://x.io/');
    const clickTime = withFields(emailLinkClicked, {
      timestamp: undefined,
      click_timestamp: '2026-01-14T16:26:00Z',
    });
    expect(eventOf(normalize(clickTime)).occurredAt).toBe('2026-01-14T16:26:00.000Z');
  });

  it('keeps an event whose optional fields are all missing', () => {
    const event = eventOf(normalize({ event_type: 'email_opened', lead_email: 'a@b.co' }));
    expect(event).toMatchObject({
      occurredAt: RECEIVED_AT.toISOString(),
      platformEventId: null,
      sender: { email: null, name: null, profileUrl: null },
      campaign: { id: null, name: null },
      subject: null,
      sequenceStep: null,
      platformUrl: null,
      tags: [],
    });
  });
});

describe('Instantly normalizer: what it does not sync', () => {
  it.each(['account_error', 'campaign_completed', 'supersearch_enrichment_completed'])(
    '%s is unsupported',
    (eventType) => {
      expect(normalize(withFields(capturedReply, { event_type: eventType }))).toEqual({
        kind: 'unsupported',
        rawEventType: eventType,
        message: `Instantly event ${eventType} is not an activity OutSync syncs`,
      });
    },
  );

  it('an e-mail event without a lead e-mail is invalid, naming the field', () => {
    const payload = withFields(template('instantly', 'reply_received'), {
      lead_email: undefined,
      email: undefined,
    });
    expect(normalize(payload)).toEqual({
      kind: 'invalid',
      rawEventType: 'reply_received',
      message: 'Instantly reply_received carries no lead e-mail (lead_email)',
    });
  });

  it('a payload without an event type, or not an object, is unsupported', () => {
    expect(normalize({ lead_email: LEAD_EMAIL })).toEqual({
      kind: 'unsupported',
      rawEventType: null,
      message: 'Instantly payload carries no event type (event_type)',
    });
    expect(normalize('email_sent')).toEqual({
      kind: 'unsupported',
      rawEventType: null,
      message: 'Instantly payload is not a JSON object',
    });
  });
});

describe('Instantly normalizer: fallbacks', () => {
  it('prefers email_subject and reply_subject to the generic subject', () => {
    const sent = withFields(template('instantly', 'email_sent'), { subject: 'Generic' });
    expect(eventOf(normalize(sent)).subject).toBe(
      'Cutting dock-to-stock time at Northwind Freight',
    );
    const reply = withFields(capturedReply, { email_subject: 'Sent one', subject: 'Generic' });
    expect(eventOf(normalize(reply)).subject).toBe('Re: Month-end close');
    const replyFallback = withFields(capturedReply, {
      reply_subject: undefined,
      subject: 'Generic',
    });
    expect(eventOf(normalize(replyFallback)).subject).toBe('Generic');
  });

  it('a click’s identity takes the click’s own time', () => {
    const click = withFields(emailLinkClicked, { click_timestamp: '2026-01-14T16:24:59Z' });
    expect(eventOf(normalize(click)).platformEventId).toBe(
      'EMAIL_LINK_CLICK:0198a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b:2026-01-14T16:24:59.000Z',
    );
  });
});

describe('Instantly normalizer: the company domain', () => {
  it('comes from the website before the e-mail', () => {
    const payload = withFields(capturedReply, { website: 'https://kestrel.example' });
    expect(eventOf(normalize(payload)).lead.domain).toBe('kestrel.example');
  });
});
