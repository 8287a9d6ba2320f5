import type { ActivityEventType } from '@outsync/contracts';
import type { CanonicalEvent } from '@outsync/contracts/sync';
import {
  describeEvent,
  fullName,
  isInbound,
  isMessageEvent,
  isSocialEvent,
  platformName,
  presentValues,
  renderTaskSubject,
  subjectTokenValues,
} from './event-values';
import { testEvent } from './write-test-events';

/** A Smartlead send carrying every value a subject token reads. */
function event(overrides: Partial<CanonicalEvent> = {}): CanonicalEvent {
  return testEvent({
    platformEventId: 'EMAIL_SENT:1',
    category: { id: '7', name: 'Interested' },
    link: 'https://acme.test/pricing',
    ...overrides,
  });
}

const bare = event({
  lead: {
    email: null,
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
  sequenceStep: null,
  category: null,
  link: null,
});

describe('platformName and isSocialEvent', () => {
  it.each([
    ['smartlead', 'Smartlead', false],
    ['instantly', 'Instantly', false],
    ['bison', 'EmailBison', false],
    ['heyreach', 'HeyReach', true],
  ] as const)('%s is shown as %s (social %p)', (platform, name, social) => {
    expect(platformName({ platform })).toBe(name);
    expect(isSocialEvent({ platform })).toBe(social);
  });
});

describe('fullName', () => {
  it('joins first and last name, leaving out a missing or empty part', () => {
    expect(fullName({ firstName: 'Ana', lastName: 'Lima' })).toBe('Ana Lima');
    expect(fullName({ firstName: 'Ana', lastName: null })).toBe('Ana');
    expect(fullName({ firstName: '', lastName: 'Lima' })).toBe('Lima');
    expect(fullName({ firstName: null, lastName: null })).toBe('');
  });
});

describe('subjectTokenValues', () => {
  it("answers each token's value from the event", () => {
    expect(subjectTokenValues(event())).toEqual({
      os_sales_engagement_platform: 'Smartlead',
      event_type: 'EMAIL_SENT',
      to_name: 'Ana Lima',
      from_name: 'Bob Stone',
      to_email: 'ana@acme.test',
      from_email: 'bob@seller.test',
      campaign_name: 'Q4 outreach',
      campaign_id: '42',
      subject: 'Quick question',
      sequence_number: '2',
      lead_category_id: '7',
      lead_category_name: 'Interested',
    });
  });

  it('answers an empty text for every value the event lacks', () => {
    expect(subjectTokenValues(bare)).toEqual({
      os_sales_engagement_platform: 'Smartlead',
      event_type: 'EMAIL_SENT',
      to_name: '',
      from_name: '',
      to_email: '',
      from_email: '',
      campaign_name: '',
      campaign_id: '',
      subject: '',
      sequence_number: '',
      lead_category_id: '',
      lead_category_name: '',
    });
  });

  it('keeps sequence step 0 and a category with an id only', () => {
    const values = subjectTokenValues(
      event({ sequenceStep: 0, category: { id: '3', name: null } }),
    );
    expect(values.sequence_number).toBe('0');
    expect(values.lead_category_id).toBe('3');
    expect(values.lead_category_name).toBe('');
  });
});

describe('renderTaskSubject', () => {
  it('renders the default subject when the webhook has none', () => {
    const expected = '[OS] [Smartlead - EMAIL_SENT] Quick question';
    expect(renderTaskSubject('', event())).toBe(expected);
    expect(renderTaskSubject('   ', event())).toBe(expected);
    expect(renderTaskSubject(null, event())).toBe(expected);
    expect(renderTaskSubject(undefined, event())).toBe(expected);
  });

  it('renders the default subject of an event without a subject without a trailing space', () => {
    expect(renderTaskSubject('', event({ subject: null, platform: 'heyreach' }))).toBe(
      '[OS] [HeyReach - EMAIL_SENT]',
    );
  });

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
  ])('replaces {{ %s }} with %s', (token, value) => {
    expect(renderTaskSubject(`Task: {{ ${token} }}!`, event())).toBe(`Task: ${value}!`);
    expect(renderTaskSubject(`Task: {{${token}}}!`, event())).toBe(`Task: ${value}!`);
  });

  it('renders a token without a value as nothing, never as the raw token', () => {
    expect(renderTaskSubject('Call {{ to_name }} about {{ campaign_name }}', bare)).toBe(
      'Call about',
    );
  });

  it('renders an unknown token as nothing, including names every object has', () => {
    expect(renderTaskSubject('A {{ nope }} B {{ constructor }} C {{ toString }} D', event())).toBe(
      'A B C D',
    );
  });

  it('renders every token of a subject, keeping the text around them', () => {
    expect(renderTaskSubject('{{ event_type }}: {{ to_email }} <- {{ from_email }}', event())).toBe(
      'EMAIL_SENT: ana@acme.test <- bob@seller.test',
    );
  });

  it('collapses the runs of spaces empty values leave and trims the ends', () => {
    expect(renderTaskSubject('  {{ subject }}   Step  {{ sequence_number }}  ', bare)).toBe('Step');
    expect(renderTaskSubject('A  {{ campaign_id }}  B', event())).toBe('A 42 B');
  });

  it('leaves single braces and unclosed tokens as written', () => {
    expect(renderTaskSubject('{x} {{ subject', event())).toBe('{x} {{ subject');
  });
});

describe('isMessageEvent and isInbound', () => {
  const all: ActivityEventType[] = [
    'EMAIL_SENT',
    'EMAIL_OPEN',
    'EMAIL_REPLY',
    'EMAIL_LINK_CLICK',
    'EMAIL_BOUNCE',
    'LEAD_CATEGORY_UPDATED',
    'LEAD_UNSUBSCRIBED',
    'CONNECTION_REQUEST_SENT',
    'CONNECTION_REQUEST_ACCEPTED',
    'MESSAGE_SENT',
    'REPLY_RECEIVED',
    'FOLLOW_SENT',
    'LIKED_POST',
    'VIEWED_PROFILE',
  ];

  it('counts sends and replies of both channels as messages, nothing else', () => {
    expect(all.filter(isMessageEvent)).toEqual([
      'EMAIL_SENT',
      'EMAIL_REPLY',
      'MESSAGE_SENT',
      'REPLY_RECEIVED',
    ]);
  });

  it('counts only the replies as inbound', () => {
    expect(all.filter(isInbound)).toEqual(['EMAIL_REPLY', 'REPLY_RECEIVED']);
  });
});

describe('describeEvent', () => {
  it.each<[ActivityEventType, string]>([
    ['EMAIL_SENT', 'E-mail sent to Ana Lima on Smartlead (campaign Q4 outreach).'],
    ['EMAIL_OPEN', 'Ana Lima opened an e-mail on Smartlead (campaign Q4 outreach).'],
    ['EMAIL_REPLY', 'Ana Lima replied on Smartlead (campaign Q4 outreach).'],
    [
      'EMAIL_LINK_CLICK',
      'Ana Lima clicked https://acme.test/pricing on Smartlead (campaign Q4 outreach).',
    ],
    ['EMAIL_BOUNCE', 'E-mail to Ana Lima bounced on Smartlead (campaign Q4 outreach).'],
    ['LEAD_CATEGORY_UPDATED', 'Ana Lima is now Interested on Smartlead (campaign Q4 outreach).'],
    ['LEAD_UNSUBSCRIBED', 'Ana Lima unsubscribed on Smartlead (campaign Q4 outreach).'],
    [
      'CONNECTION_REQUEST_SENT',
      'Connection request sent to Ana Lima on Smartlead (campaign Q4 outreach).',
    ],
    [
      'CONNECTION_REQUEST_ACCEPTED',
      'Ana Lima accepted the connection request on Smartlead (campaign Q4 outreach).',
    ],
    ['MESSAGE_SENT', 'Message sent to Ana Lima on Smartlead (campaign Q4 outreach).'],
    ['REPLY_RECEIVED', 'Ana Lima replied on Smartlead (campaign Q4 outreach).'],
    ['FOLLOW_SENT', 'Followed Ana Lima on Smartlead (campaign Q4 outreach).'],
    [
      'LIKED_POST',
      'Liked a post of Ana Lima: https://acme.test/pricing on Smartlead (campaign Q4 outreach).',
    ],
    ['VIEWED_PROFILE', 'Viewed the profile of Ana Lima on Smartlead (campaign Q4 outreach).'],
  ])('describes %s', (type, text) => {
    expect(describeEvent(event({ type }))).toBe(text);
  });

  it('names InMail messages and replies', () => {
    const inmail = {
      platform: 'heyreach' as const,
      isInmail: true,
      campaign: { id: null, name: null },
    };
    expect(describeEvent(event({ ...inmail, type: 'MESSAGE_SENT' }))).toBe(
      'InMail sent to Ana Lima on HeyReach.',
    );
    expect(describeEvent(event({ ...inmail, type: 'REPLY_RECEIVED' }))).toBe(
      'Ana Lima replied to an InMail on HeyReach.',
    );
  });

  it('names the lead by e-mail, then profile URL, then "The lead"', () => {
    const noName = { ...event().lead, firstName: null, lastName: null };
    expect(describeEvent(event({ type: 'EMAIL_REPLY', lead: noName }))).toBe(
      'ana@acme.test replied on Smartlead (campaign Q4 outreach).',
    );
    expect(describeEvent(event({ type: 'EMAIL_REPLY', lead: { ...noName, email: null } }))).toBe(
      'https://www.linkedin.com/in/ana-lima replied on Smartlead (campaign Q4 outreach).',
    );
    expect(describeEvent({ ...bare, type: 'EMAIL_REPLY' })).toBe('The lead replied on Smartlead.');
  });

  it('falls back when the link or the category name is missing', () => {
    expect(describeEvent({ ...bare, type: 'EMAIL_LINK_CLICK' })).toBe(
      'The lead clicked a link on Smartlead.',
    );
    expect(describeEvent({ ...bare, type: 'LIKED_POST' })).toBe(
      'Liked a post of The lead on Smartlead.',
    );
    expect(describeEvent({ ...bare, type: 'LEAD_CATEGORY_UPDATED' })).toBe(
      'The lead is now uncategorised on Smartlead.',
    );
    expect(
      describeEvent({ ...bare, type: 'LEAD_CATEGORY_UPDATED', category: { id: '9', name: null } }),
    ).toBe('The lead is now 9 on Smartlead.');
  });
});

describe('presentValues', () => {
  it('keeps the entries holding a value and leaves out null, undefined and empty ones', () => {
    expect(
      presentValues({
        email: 'ana@acme.test',
        phone: null,
        title: undefined,
        company: '',
        city: ' ',
      }),
    ).toEqual({ email: 'ana@acme.test', city: ' ' });
  });
});
