// The Salesforce mapping's OutSync custom fields: when they are written (writesCustomFields), the
// values each event writes (customFields), the open and click counters (counterIncrements), and the
// field catalog. Fixtures in salesforce-mapping.test-support.ts.
import {
  EMAIL_ACTIVITY_EVENT_TYPES,
  SOCIAL_ACTIVITY_EVENT_TYPES,
  type ActivityEventType,
} from '@outsync/contracts';
import type { CanonicalEvent } from '@outsync/contracts/sync';
import {
  CLICKS_COUNTER_FIELD,
  OPENS_COUNTER_FIELD,
  OUTSYNC_SALESFORCE_FIELDS,
} from './salesforce-field-catalog';
import { counterIncrements, customFields, writesCustomFields } from './salesforce-mapping';
import {
  AT,
  PROFILE,
  SENDER_PROFILE,
  APP_URL,
  event,
  heyreach,
  settings,
  custom,
} from './salesforce-mapping.test-support';

describe('writesCustomFields', () => {
  it('needs the setting on and the object among the custom-field objects', () => {
    expect(writesCustomFields(custom())).toBe(true);
    expect(writesCustomFields(custom({ salesforceCustomFieldObjects: ['Lead'] }))).toBe(false);
    expect(writesCustomFields(custom({ createContactCustomProperties: false }))).toBe(false);
    expect(
      writesCustomFields(
        custom({ salesforceObjectType: 'Lead', salesforceCustomFieldObjects: ['Lead'] }),
      ),
    ).toBe(true);
  });
});

describe('customFields', () => {
  const commonEmail = {
    OSLastAppUrl__c: APP_URL,
    OSLastCampaignId__c: '42',
    OSLastCampaignName__c: 'Q4 outreach',
    OSLastUpdateOccurred__c: AT,
    OSLastUpdateSource__c: 'Smartlead',
    OSLastEmailCampaignId__c: '42',
    OSLastEmailCampaignName__c: 'Q4 outreach',
  };
  const commonSocial = {
    OSLastCampaignId__c: '42',
    OSLastCampaignName__c: 'Q4 outreach',
    OSLastUpdateOccurred__c: AT,
    OSLastUpdateSource__c: 'HeyReach',
    OSLastSocialCampaignId__c: '42',
    OSLastSocialCampaignName__c: 'Q4 outreach',
    OSLastSocialActivityTime__c: AT,
    OSLastSocialProfileUrl__c: PROFILE,
    OSLastSocialSenderProfileUrl__c: SENDER_PROFILE,
  };

  it('writes nothing when custom fields are off, or not on for the object', () => {
    expect(customFields(event(), settings())).toEqual({});
    expect(customFields(event(), custom({ salesforceCustomFieldObjects: ['Lead'] }))).toEqual({});
  });

  const emailCases: Array<[ActivityEventType, Partial<CanonicalEvent>, Record<string, unknown>]> = [
    [
      'EMAIL_SENT',
      {},
      {
        OSLastSentTime__c: AT,
        OSLastSentAddress__c: 'bob@seller.test',
        OSLastSentName__c: 'Bob Stone',
        OSLastSentSubject__c: 'Quick question',
        OSLastSentMessage__c: 'Hi Ana',
        OSLastEmailSequenceStep__c: 2,
      },
    ],
    [
      'EMAIL_OPEN',
      {},
      {
        OSLastOpenTime__c: AT,
        OSLastOpenSubject__c: 'Quick question',
        OSLastOpenMessage__c: 'Hi Ana',
      },
    ],
    [
      'EMAIL_REPLY',
      {},
      {
        OSLastReplyTime__c: AT,
        OSLastReplyAddress__c: 'ana@acme.test',
        OSLastReplyName__c: 'Ana Lima',
        OSLastReplySubject__c: 'Quick question',
        OSLastReplyMessage__c: 'Hi Ana',
      },
    ],
    [
      'EMAIL_LINK_CLICK',
      { link: 'https://acme.test/pricing' },
      { OSLastLinkClickTime__c: AT, OSLastLinkClickURL__c: 'https://acme.test/pricing' },
    ],
    ['EMAIL_BOUNCE', {}, { OSLastBounceTime__c: AT }],
    ['LEAD_UNSUBSCRIBED', {}, { OSLastUnsubscribeTime__c: AT }],
    [
      'LEAD_CATEGORY_UPDATED',
      { category: { id: '7', name: 'Interested' } },
      {
        OSLastLeadCategoryId__c: '7',
        OSLastLeadCategoryName__c: 'Interested',
        OSLastEmailLeadCategoryId__c: '7',
        OSLastEmailLeadCategoryName__c: 'Interested',
      },
    ],
  ];

  it.each(emailCases)(
    'writes the common, e-mail and %s fields of an e-mail platform event',
    (type, overrides, expected) => {
      expect(customFields(event({ type, ...overrides }), custom())).toEqual({
        ...commonEmail,
        ...expected,
      });
    },
  );

  const socialCases: Array<[ActivityEventType, Partial<CanonicalEvent>, Record<string, unknown>]> =
    [
      [
        'CONNECTION_REQUEST_SENT',
        {},
        {
          OSLastConnectionStatus__c: 'Connection request sent',
          OSLastConnectionStatusTime__c: AT,
          OSLastSocialActivityType__c: 'Connection request sent',
        },
      ],
      [
        'CONNECTION_REQUEST_ACCEPTED',
        {},
        {
          OSLastConnectionStatus__c: 'Connected',
          OSLastConnectionStatusTime__c: AT,
          OSLastSocialActivityType__c: 'Connection request accepted',
        },
      ],
      [
        'MESSAGE_SENT',
        {},
        {
          OSLastSentSocialTime__c: AT,
          OSLastSentSocialMessage__c: 'Hi Ana',
          OSLastSentSocialProfile__c: PROFILE,
          OSLastSentSocialSender__c: 'Bob Stone',
          OSLastSocialActivityType__c: 'Message sent',
          OSLastSocialMessageType__c: 'Message sent',
          OSLastSocialMessageText__c: 'Hi Ana',
        },
      ],
      [
        'REPLY_RECEIVED',
        { isInmail: true },
        {
          OSLastReplySocialTime__c: AT,
          OSLastReplySocialMessage__c: 'Hi Ana',
          OSLastReplySocialProfile__c: PROFILE,
          OSLastReplySocialSender__c: 'Bob Stone',
          OSLastSocialActivityType__c: 'InMail reply received',
          OSLastSocialMessageType__c: 'InMail reply received',
          OSLastSocialMessageText__c: 'Hi Ana',
        },
      ],
      [
        'FOLLOW_SENT',
        {},
        {
          OSLastFollowTime__c: AT,
          OSLastFollowSender__c: 'Bob Stone',
          OSLastSocialActivityType__c: 'Followed',
        },
      ],
      [
        'LIKED_POST',
        { link: 'https://www.linkedin.com/feed/update/1' },
        {
          OSLastLikeTime__c: AT,
          OSLastLikeSender__c: 'Bob Stone',
          OSLastLikePostUrl__c: 'https://www.linkedin.com/feed/update/1',
          OSLastSocialPostUrl__c: 'https://www.linkedin.com/feed/update/1',
          OSLastSocialActivityType__c: 'Post liked',
        },
      ],
      [
        'VIEWED_PROFILE',
        {},
        {
          OSLastViewTime__c: AT,
          OSLastViewSender__c: 'Bob Stone',
          OSLastSocialActivityType__c: 'Profile viewed',
        },
      ],
    ];

  it.each(socialCases)(
    'writes the common, social and %s fields of a HeyReach event',
    (type, overrides, expected) => {
      expect(customFields(heyreach({ type, ...overrides }), custom())).toEqual({
        ...commonSocial,
        ...expected,
      });
    },
  );

  it('writes a HeyReach category change into the social and any-channel category only', () => {
    const fields = customFields(
      heyreach({ type: 'LEAD_CATEGORY_UPDATED', category: { id: 'hot', name: 'Hot' } }),
      custom(),
    );
    expect(fields).toEqual({
      OSLastCampaignId__c: '42',
      OSLastCampaignName__c: 'Q4 outreach',
      OSLastUpdateOccurred__c: AT,
      OSLastUpdateSource__c: 'HeyReach',
      OSLastLeadCategoryId__c: 'hot',
      OSLastLeadCategoryName__c: 'Hot',
      OSLastSocialLeadCategoryId__c: 'hot',
      OSLastSocialLeadCategoryName__c: 'Hot',
    });
  });

  it('names the social sender by e-mail when it has no name, and labels InMail sends', () => {
    const fields = customFields(
      heyreach({
        isInmail: true,
        sender: { email: 'bob@seller.test', name: null, profileUrl: null },
      }),
      custom(),
    );
    expect(fields).toMatchObject({
      OSLastSentSocialSender__c: 'bob@seller.test',
      OSLastSocialMessageType__c: 'InMail sent',
    });
    expect(fields).not.toHaveProperty('OSLastSocialSenderProfileUrl__c');
  });

  it('leaves out every field whose value the event lacks', () => {
    const fields = customFields(
      event({
        type: 'EMAIL_SENT',
        sender: { email: null, name: null, profileUrl: null },
        campaign: { id: null, name: '' },
        subject: null,
        bodyText: null,
        sequenceStep: null,
        platformUrl: null,
      }),
      custom(),
    );
    expect(fields).toEqual({
      OSLastUpdateOccurred__c: AT,
      OSLastUpdateSource__c: 'Smartlead',
      OSLastSentTime__c: AT,
    });
  });

  it('names the replying lead by whichever name part it has, and leaves an unnamed one out', () => {
    const reply = (firstName: string | null, lastName: string | null) =>
      customFields(
        event({ type: 'EMAIL_REPLY', lead: { ...event().lead, firstName, lastName } }),
        custom(),
      ).OSLastReplyName__c;
    expect(reply(null, 'Lima')).toBe('Lima');
    expect(reply('Ana', null)).toBe('Ana');
    expect(reply(null, null)).toBeUndefined();
  });

  it('cuts text to the field length: 255 for Text, 32,000 for long text', () => {
    const fields = customFields(
      event({ subject: 's'.repeat(300), bodyText: 'b'.repeat(40_000) }),
      custom(),
    );
    expect(fields.OSLastSentSubject__c).toBe('s'.repeat(255));
    expect(fields.OSLastSentMessage__c).toBe('b'.repeat(32_000));
  });

  it('leaves the open and click counters to counterIncrements', () => {
    const open = customFields(event({ type: 'EMAIL_OPEN' }), custom());
    const click = customFields(event({ type: 'EMAIL_LINK_CLICK' }), custom());
    expect(open).not.toHaveProperty(OPENS_COUNTER_FIELD);
    expect(click).not.toHaveProperty(CLICKS_COUNTER_FIELD);
  });

  it('writes a Lead webhook’s fields when Lead is a custom-field object', () => {
    const lead = custom({ salesforceObjectType: 'Lead', salesforceCustomFieldObjects: ['Lead'] });
    expect(customFields(event({ type: 'EMAIL_BOUNCE' }), lead)).toEqual({
      ...commonEmail,
      OSLastBounceTime__c: AT,
    });
  });
});

describe('counterIncrements', () => {
  it('counts one open per open and one click per click', () => {
    expect(counterIncrements(event({ type: 'EMAIL_OPEN' }), custom())).toEqual({
      [OPENS_COUNTER_FIELD]: 1,
    });
    expect(counterIncrements(event({ type: 'EMAIL_LINK_CLICK' }), custom())).toEqual({
      [CLICKS_COUNTER_FIELD]: 1,
    });
  });

  it('counts nothing for other events, or with custom fields off for the object', () => {
    expect(counterIncrements(event({ type: 'EMAIL_REPLY' }), custom())).toEqual({});
    expect(counterIncrements(event({ type: 'EMAIL_OPEN' }), settings())).toEqual({});
    expect(
      counterIncrements(
        event({ type: 'EMAIL_OPEN' }),
        custom({ salesforceCustomFieldObjects: ['Lead'] }),
      ),
    ).toEqual({});
  });
});

describe('the field catalog', () => {
  it('has every field written by some event of its channel', () => {
    const email: readonly ActivityEventType[] = EMAIL_ACTIVITY_EVENT_TYPES;
    // HeyReach's tag changes are category changes too (LEAD_CATEGORY_UPDATED).
    const social: readonly ActivityEventType[] = [
      ...SOCIAL_ACTIVITY_EVENT_TYPES,
      'LEAD_CATEGORY_UPDATED',
    ];
    for (const field of OUTSYNC_SALESFORCE_FIELDS) {
      const events =
        field.channel === 'email'
          ? email
          : field.channel === 'social'
            ? social
            : [...email, ...social];
      expect(field.updatedBy.length).toBeGreaterThan(0);
      expect(field.updatedBy.filter((type) => !events.includes(type))).toEqual([]);
    }
    expect(OUTSYNC_SALESFORCE_FIELDS).toHaveLength(59);
  });

  it('writes every field for some event (none is left without a value)', () => {
    const written = new Set<string>();
    const full = {
      category: { id: '7', name: 'Interested' },
      link: 'https://x.test',
      isInmail: false,
    };
    for (const type of EMAIL_ACTIVITY_EVENT_TYPES)
      Object.keys(customFields(event({ type, ...full }), custom())).forEach((name) =>
        written.add(name),
      );
    for (const type of [...SOCIAL_ACTIVITY_EVENT_TYPES, 'LEAD_CATEGORY_UPDATED' as const])
      Object.keys(customFields(heyreach({ type, ...full }), custom())).forEach((name) =>
        written.add(name),
      );
    written.add(OPENS_COUNTER_FIELD).add(CLICKS_COUNTER_FIELD);
    expect([...written].sort()).toEqual(
      OUTSYNC_SALESFORCE_FIELDS.map((field) => field.name).sort(),
    );
  });
});
