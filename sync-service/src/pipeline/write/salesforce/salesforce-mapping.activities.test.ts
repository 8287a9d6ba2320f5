// The Salesforce mapping's Task of an event: its fields by log type (activityOf), its date
// (activityDate), the length cuts (cut) and the social activity labels (socialActivityLabel).
// Fixtures in salesforce-mapping.test-support.ts.
import {
  DEFAULT_CUSTOM_TASK_SUBJECT,
  EMAIL_ACTIVITY_EVENT_TYPES,
  SOCIAL_ACTIVITY_EVENT_TYPES,
} from '@outsync/contracts';
import type { CanonicalEvent } from '@outsync/contracts/sync';
import {
  activityDate,
  activityOf,
  cut,
  socialActivityLabel,
  type SalesforceWriteSettings,
} from './salesforce-mapping';
import { event, heyreach, settings } from './salesforce-mapping.test-support';

describe('activityOf', () => {
  const task = (overrides: Partial<SalesforceWriteSettings> = {}) =>
    settings({ logType: 1, salesforceTaskType: 'Email', ...overrides });

  describe('log type 0', () => {
    it('logs an e-mail send as a completed Email task with the e-mail subject and body', () => {
      expect(activityOf(event(), settings())).toEqual({
        Subject: 'Quick question',
        Description: 'Hi Ana',
        ActivityDate: '2026-11-23',
        Status: 'Completed',
        OwnerId: '005000000000001AAA',
        TaskSubtype: 'Email',
      });
    });

    it('logs a reply without subject or body with descriptions, and no owner when none is set', () => {
      expect(
        activityOf(
          event({ type: 'EMAIL_REPLY', subject: null, bodyText: null }),
          settings({ hubspotOwnerId: '' }),
        ),
      ).toEqual({
        Subject: 'Reply: Ana Lima replied on Smartlead (campaign Q4 outreach).',
        Description: 'Ana Lima replied on Smartlead (campaign Q4 outreach).',
        ActivityDate: '2026-11-23',
        Status: 'Completed',
        TaskSubtype: 'Email',
      });
    });

    it('describes a send without subject by what happened', () => {
      expect(activityOf(event({ subject: '' }), settings())?.Subject).toBe(
        'E-mail sent to Ana Lima on Smartlead (campaign Q4 outreach).',
      );
    });

    it('logs nothing for e-mail events that are not messages', () => {
      for (const type of EMAIL_ACTIVITY_EVENT_TYPES.filter(
        (type) => type !== 'EMAIL_SENT' && type !== 'EMAIL_REPLY',
      ))
        expect(activityOf(event({ type }), settings())).toBeNull();
    });

    it("logs HeyReach's messages, replies and connections as completed tasks, nothing else", () => {
      const logged = SOCIAL_ACTIVITY_EVENT_TYPES.filter(
        (type) => activityOf(heyreach({ type }), settings()) !== null,
      );
      expect(logged).toEqual([
        'CONNECTION_REQUEST_SENT',
        'CONNECTION_REQUEST_ACCEPTED',
        'MESSAGE_SENT',
        'REPLY_RECEIVED',
      ]);
      expect(activityOf(heyreach(), settings())).toEqual({
        Subject: '[OS] [HeyReach - MESSAGE_SENT]',
        Description: 'Hi Ana',
        ActivityDate: '2026-11-23',
        Status: 'Completed',
        OwnerId: '005000000000001AAA',
      });
    });
  });

  describe('log type 1', () => {
    it('logs every event of every platform as a Task of the webhook’s type', () => {
      for (const type of EMAIL_ACTIVITY_EVENT_TYPES)
        expect(activityOf(event({ type }), task())).toMatchObject({ Type: 'Email' });
      for (const type of SOCIAL_ACTIVITY_EVENT_TYPES)
        expect(activityOf(heyreach({ type }), task({ salesforceTaskType: 'Other' }))).toMatchObject(
          { Type: 'Other' },
        );
    });

    it('renders the custom subject from the event and sets no TaskSubtype', () => {
      expect(
        activityOf(
          event({ type: 'EMAIL_REPLY' }),
          task({ customTaskSubject: 'Reply from {{ to_name }}: {{subject}}' }),
        ),
      ).toEqual({
        Subject: 'Reply from Ana Lima: Quick question',
        Description: 'Hi Ana',
        ActivityDate: '2026-11-23',
        Status: 'Completed',
        OwnerId: '005000000000001AAA',
        Type: 'Email',
      });
    });

    it('uses the default subject when none is set, and describes a message-less event', () => {
      expect(activityOf(event({ type: 'EMAIL_OPEN', bodyText: null }), task())).toMatchObject({
        Subject: '[OS] [Smartlead - EMAIL_OPEN] Quick question',
        Description: 'Ana Lima opened an e-mail on Smartlead (campaign Q4 outreach).',
      });
    });

    it('describes the event when the subject renders empty, and sets no Type without one', () => {
      const fields = activityOf(
        event({ subject: null }),
        task({ customTaskSubject: '{{ subject }}', salesforceTaskType: null }),
      );
      expect(fields?.Subject).toBe('E-mail sent to Ana Lima on Smartlead (campaign Q4 outreach).');
      expect(fields).not.toHaveProperty('Type');
    });

    it('logs no task for an open with log type 0 (HubSpot\'s "Create task" is not a Salesforce setting)', () => {
      expect(activityOf(event({ type: 'EMAIL_OPEN' }), settings({ logType: 0 }))).toBeNull();
    });

    it("renders the lead's category tokens from the category the lead is in when the event sets none", () => {
      const subject = task({
        customTaskSubject: '{{ lead_category_name }} ({{ lead_category_id }})',
      });
      const interested = { id: '1', name: 'Interested' };
      expect(
        activityOf(event({ category: null }), subject, { leadCategory: interested })?.Subject,
      ).toBe('Interested (1)');
      expect(
        activityOf(event({ category: { id: '3', name: 'Meeting' } }), subject, {
          leadCategory: interested,
        })?.Subject,
      ).toBe('Meeting (3)');
      expect(activityOf(event({ category: null }), subject)?.Subject).toBe('()');
    });

    it('cuts the subject to 255 and the description to 32,000 characters', () => {
      const fields = activityOf(
        event({ subject: 'x'.repeat(300), bodyText: 'y'.repeat(33_000) }),
        task({ customTaskSubject: '{{ subject }}' }),
      );
      expect(fields?.Subject).toBe('x'.repeat(255));
      expect(fields?.Description).toBe('y'.repeat(32_000));
    });
  });

  describe('the custom subject, token by token', () => {
    const subjectOf = (template: string, overrides: Partial<CanonicalEvent> = {}) =>
      activityOf(
        event({ category: { id: '7', name: 'Interested' }, ...overrides }),
        task({ customTaskSubject: template }),
      )?.Subject;

    it.each([
      ['os_sales_engagement_platform', 'Smartlead'],
      ['event_type', 'EMAIL_SENT'],
      ['to_name', 'Ana Lima'],
      ['from_name', 'Bob Stone'],
      ['to_email', 'ana@acme.test'],
      ['from_email', 'bob@seller.test'],
      ['campaign_name', 'Q4 outreach'],
      ['campaign_id', '42'],
      ['subject', 'Quick question'],
      ['sequence_number', '2'],
      ['lead_category_id', '7'],
      ['lead_category_name', 'Interested'],
    ])('renders {{ %s }} as %s', (token, value) => {
      expect(subjectOf(`<{{ ${token} }}>`)).toBe(`<${value}>`);
    });

    it('renders a missing value as empty, never as the raw token', () => {
      const subject = subjectOf('a {{ from_name }} b {{ lead_category_name }} c {{ nope }}', {
        sender: { email: null, name: null, profileUrl: null },
        category: null,
      });
      expect(subject).toBe('a b c');
    });

    it('keeps the default subject renderable', () => {
      expect(subjectOf(DEFAULT_CUSTOM_TASK_SUBJECT)).toBe(
        '[OS] [Smartlead - EMAIL_SENT] Quick question',
      );
    });
  });
});

describe('activityDate', () => {
  it("is the day of the event in the owner's time zone", () => {
    // 23:30 on the 10th in San Francisco (PDT), 07:30 on the 11th in Berlin.
    expect(activityDate('2026-03-11T06:30:00.000Z', 'America/Los_Angeles')).toBe('2026-03-10');
    expect(activityDate('2026-03-11T06:30:00.000Z', 'Europe/Berlin')).toBe('2026-03-11');
  });

  it('is the UTC day without a zone or with one unknown, and the text’s date part when it is not a date', () => {
    expect(activityDate('2026-11-23T23:30:00.000-02:00')).toBe('2026-11-24');
    expect(activityDate('2026-11-23T23:30:00.000-02:00', 'Not/AZone')).toBe('2026-11-24');
    expect(activityDate('2026-11-23T10:00:00.000Z', null)).toBe('2026-11-23');
    expect(activityDate('2026-13-45 whenever', 'Europe/Berlin')).toBe('2026-13-45');
  });
});

describe('cut', () => {
  it('keeps text up to the limit and cuts longer text', () => {
    expect(cut('abc', 3)).toBe('abc');
    expect(cut('abcd', 3)).toBe('abc');
  });
});

describe('socialActivityLabel', () => {
  it('tells a reply from an InMail reply', () => {
    expect(socialActivityLabel({ type: 'REPLY_RECEIVED', isInmail: false })).toBe('Reply received');
  });

  it('names e-mail events by their type (the social fields never carry them)', () => {
    expect(socialActivityLabel({ type: 'EMAIL_SENT', isInmail: false })).toBe('EMAIL_SENT');
  });
});
