import {
  DEFAULT_CUSTOM_TASK_SUBJECT,
  EMAIL_ACTIVITY_EVENT_TYPES,
  SOCIAL_ACTIVITY_EVENT_TYPES,
  type ActivityEventType,
} from '@outsync/contracts';
import { webhookSwitchDefaults } from '@outsync/contracts/webhooks';
import type { CanonicalEvent } from '@outsync/contracts/sync';
import {
  CLICKS_COUNTER_FIELD,
  OPENS_COUNTER_FIELD,
  OUTSYNC_SALESFORCE_FIELDS,
} from './salesforce-field-catalog';
import {
  activityDate,
  activityOf,
  counterIncrements,
  customFields,
  cut,
  isRecordIdField,
  lookupKeys,
  missingFieldsWarning,
  newPersonFields,
  personFields,
  personOwner,
  socialActivityLabel,
  updateOnlyMessage,
  writesCustomFields,
  type SalesforceWriteSettings,
} from './salesforce-mapping';
import { testEvent } from '../write-test-events';

const AT = '2026-11-23T10:00:00.000Z';
const PROFILE = 'https://www.linkedin.com/in/ana-lima';
const SENDER_PROFILE = 'https://www.linkedin.com/in/bob-stone';
const APP_URL = 'https://app.smartlead.ai/app/master-inbox?leadMap=1';
const CONTACT_ID = '003000000000001AAA';

function event(overrides: Partial<CanonicalEvent> = {}): CanonicalEvent {
  return testEvent({
    platformEventId: 'EMAIL_SENT:1',
    sender: { email: 'bob@seller.test', name: 'Bob Stone', profileUrl: SENDER_PROFILE },
    platformUrl: APP_URL,
    ...overrides,
  });
}

function heyreach(overrides: Partial<CanonicalEvent> = {}): CanonicalEvent {
  return event({
    platform: 'heyreach',
    type: 'MESSAGE_SENT',
    rawEventType: 'MESSAGE_SENT',
    subject: null,
    sequenceStep: null,
    platformUrl: null,
    ...overrides,
  });
}

function settings(overrides: Partial<SalesforceWriteSettings> = {}): SalesforceWriteSettings {
  return {
    // Switches this file does not name keep their defaults (a new switch needs no edit here).
    ...webhookSwitchDefaults,
    emailService: 'smartlead',
    hubspotOwnerId: '005000000000001AAA',
    assignContactOwner: false,
    createOrUpdateTask: false,
    createContactCustomProperties: false,
    logType: 0,
    customTaskSubject: '',
    salesforceObjectType: 'Contact',
    salesforceOnlyUpdate: false,
    salesforceCustomFieldObjects: [],
    salesforceTaskType: null,
    objectLookupMethod: 'default',
    objectLookupIdField: null,
    objectDefaultSearchProperty: null,
    optionalAlternativeProperty: null,
    ...overrides,
  };
}

const custom = (overrides: Partial<SalesforceWriteSettings> = {}) =>
  settings({
    createContactCustomProperties: true,
    salesforceCustomFieldObjects: ['Contact', 'Lead'],
    ...overrides,
  });

describe('lookupKeys', () => {
  describe('default', () => {
    it('finds an e-mail platform lead by Email only, whatever else the event carries', () => {
      expect(lookupKeys(event({ objectLookupId: CONTACT_ID }), settings())).toEqual([
        { field: 'Email', value: 'ana@acme.test' },
      ]);
    });

    it('has no key for a lead without e-mail, nor for an empty or blank one', () => {
      for (const email of [null, '', '  '])
        expect(lookupKeys(event({ lead: { ...event().lead, email } }), settings())).toEqual([]);
    });

    it("finds the social tool's lead by its profile field, then by Email", () => {
      const keys = lookupKeys(
        heyreach(),
        settings({ optionalAlternativeProperty: { profile_url: 'LinkedIn_URL__c' } }),
      );
      expect(keys).toEqual([
        { field: 'LinkedIn_URL__c', value: PROFILE },
        { field: 'Email', value: 'ana@acme.test' },
      ]);
    });

    it('takes the social profile field from objectDefaultSearchProperty when none is named', () => {
      const keys = lookupKeys(heyreach(), settings({ objectDefaultSearchProperty: 'LinkedIn__c' }));
      expect(keys[0]).toEqual({ field: 'LinkedIn__c', value: PROFILE });
    });

    it('searches the e-mail in the field the social tool names for it', () => {
      const keys = lookupKeys(
        heyreach({ lead: { ...event().lead, profileUrl: null } }),
        settings({ optionalAlternativeProperty: { email: 'Work_Email__c' } }),
      );
      expect(keys).toEqual([{ field: 'Work_Email__c', value: 'ana@acme.test' }]);
    });

    it('searches no profile field for an e-mail platform, even when one is named', () => {
      const keys = lookupKeys(
        event(),
        settings({ optionalAlternativeProperty: { profile_url: 'LinkedIn_URL__c' } }),
      );
      expect(keys).toEqual([{ field: 'Email', value: 'ana@acme.test' }]);
    });
  });

  describe('AlternativeProperty', () => {
    const alternative = (overrides: Partial<SalesforceWriteSettings> = {}) =>
      settings({
        objectLookupMethod: 'AlternativeProperty',
        objectLookupIdField: 'External_Id__c',
        objectDefaultSearchProperty: 'Id',
        ...overrides,
      });

    it('searches os_objectlookup_id in the checkbox field, then as the record Id, then by Email', () => {
      expect(lookupKeys(event({ objectLookupId: CONTACT_ID }), alternative())).toEqual([
        { field: 'External_Id__c', value: CONTACT_ID },
        { field: 'Id', value: CONTACT_ID },
        { field: 'Email', value: 'ana@acme.test' },
      ]);
    });

    it('leaves out the Id key when the value is not a record id (SOQL would refuse it)', () => {
      for (const value of ['crm-77', '00300000000001', '003000000000001AA', 'a'.repeat(19)])
        expect(lookupKeys(event({ objectLookupId: value }), alternative())).toEqual([
          { field: 'External_Id__c', value },
          { field: 'Email', value: 'ana@acme.test' },
        ]);
    });

    it('accepts a 15-character id, in any case of the field name', () => {
      const id = '003000000000001';
      expect(
        lookupKeys(
          event({ objectLookupId: id }),
          alternative({ objectLookupIdField: null, objectDefaultSearchProperty: 'ID' }),
        ),
      ).toEqual([
        { field: 'ID', value: id },
        { field: 'Email', value: 'ana@acme.test' },
      ]);
    });

    it('ignores the os_objectlookup_id field of the optional method', () => {
      expect(
        lookupKeys(
          event({ objectLookupId: 'X-1' }),
          alternative({
            objectLookupIdField: null,
            objectDefaultSearchProperty: null,
            optionalAlternativeProperty: { os_objectlookup_id: 'Ext__c' },
          }),
        ),
      ).toEqual([{ field: 'Email', value: 'ana@acme.test' }]);
    });

    it('falls back to the default keys for an event without the value', () => {
      expect(lookupKeys(event(), alternative())).toEqual([
        { field: 'Email', value: 'ana@acme.test' },
      ]);
    });

    it("searches the social tool's lead by os_objectlookup_id, then profile, then e-mail", () => {
      const keys = lookupKeys(
        heyreach({ objectLookupId: CONTACT_ID }),
        alternative({
          objectLookupIdField: null,
          optionalAlternativeProperty: { profile_url: 'LinkedIn_URL__c', email: 'Email' },
        }),
      );
      expect(keys).toEqual([
        { field: 'Id', value: CONTACT_ID },
        { field: 'LinkedIn_URL__c', value: PROFILE },
        { field: 'Email', value: 'ana@acme.test' },
      ]);
    });

    it('leaves out a key that repeats an earlier one (field names compare case-insensitively)', () => {
      const keys = lookupKeys(
        event({ objectLookupId: 'X-1' }),
        alternative({ objectLookupIdField: 'Ext__c', objectDefaultSearchProperty: 'EXT__C' }),
      );
      expect(keys).toEqual([
        { field: 'Ext__c', value: 'X-1' },
        { field: 'Email', value: 'ana@acme.test' },
      ]);
    });
  });

  describe('OptionalAlternativeProperty', () => {
    const optional = (overrides: Partial<SalesforceWriteSettings> = {}) =>
      settings({ objectLookupMethod: 'OptionalAlternativeProperty', ...overrides });

    it('searches os_objectlookup_id, profile URL, e-mail in that order, each in its named field', () => {
      const keys = lookupKeys(
        heyreach({ objectLookupId: 'X-1' }),
        optional({
          optionalAlternativeProperty: {
            os_objectlookup_id: 'Ext__c',
            profile_url: 'LinkedIn_URL__c',
            email: 'Work_Email__c',
          },
        }),
      );
      expect(keys).toEqual([
        { field: 'Ext__c', value: 'X-1' },
        { field: 'LinkedIn_URL__c', value: PROFILE },
        { field: 'Work_Email__c', value: 'ana@acme.test' },
      ]);
    });

    it('also searches the id fields the Salesforce save rules store, and Email when none is named', () => {
      const keys = lookupKeys(
        event({ objectLookupId: CONTACT_ID }),
        optional({ objectLookupIdField: 'Ext__c', objectDefaultSearchProperty: 'Id' }),
      );
      expect(keys).toEqual([
        { field: 'Ext__c', value: CONTACT_ID },
        { field: 'Id', value: CONTACT_ID },
        { field: 'Email', value: 'ana@acme.test' },
      ]);
    });

    it('leaves out the keys whose value the event lacks', () => {
      const keys = lookupKeys(
        heyreach({ lead: { ...event().lead, profileUrl: null } }),
        optional({
          optionalAlternativeProperty: { os_objectlookup_id: 'Ext__c', profile_url: 'Li__c' },
        }),
      );
      expect(keys).toEqual([{ field: 'Email', value: 'ana@acme.test' }]);
    });
  });
});

describe('isRecordIdField', () => {
  it('recognises Id in any case, and nothing else', () => {
    expect(['Id', 'ID', 'id'].map(isRecordIdField)).toEqual([true, true, true]);
    expect(['Ids', 'OwnerId', 'Email'].map(isRecordIdField)).toEqual([false, false, false]);
  });
});

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

describe('personFields', () => {
  it("writes a Contact's own fields only when custom fields are off", () => {
    expect(personFields(event(), settings())).toEqual({
      FirstName: 'Ana',
      LastName: 'Lima',
      Email: 'ana@acme.test',
      Title: 'CTO',
      Phone: '+1 555 0100',
    });
  });

  it("writes a Lead's company and website too", () => {
    expect(personFields(event(), settings({ salesforceObjectType: 'Lead' }))).toEqual({
      FirstName: 'Ana',
      LastName: 'Lima',
      Email: 'ana@acme.test',
      Title: 'CTO',
      Phone: '+1 555 0100',
      Company: 'Acme',
      Website: 'https://acme.test',
    });
  });

  it('never blanks a field the event lacks', () => {
    const bare = event({
      lead: {
        email: null,
        firstName: '',
        lastName: null,
        profileUrl: null,
        company: null,
        domain: null,
        title: null,
        phone: null,
        platformLeadId: null,
      },
    });
    expect(personFields(bare, settings({ salesforceObjectType: 'Lead' }))).toEqual({});
  });

  it('adds the custom fields of the event when they are on for the object', () => {
    expect(personFields(event({ type: 'EMAIL_BOUNCE' }), custom())).toMatchObject({
      FirstName: 'Ana',
      OSLastBounceTime__c: AT,
    });
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

describe('newPersonFields', () => {
  it('writes the lookup fields (never Id) and the event’s fields on a new Contact', () => {
    const fields = newPersonFields(event(), settings(), [
      { field: 'Id', value: CONTACT_ID },
      { field: 'Ext__c', value: 'X-1' },
      { field: 'Email', value: 'ana@acme.test' },
    ]);
    expect(fields).toEqual({
      Ext__c: 'X-1',
      Email: 'ana@acme.test',
      FirstName: 'Ana',
      LastName: 'Lima',
      Title: 'CTO',
      Phone: '+1 555 0100',
    });
  });

  it('gives the new person the selected owner only with assignContactOwner', () => {
    const owner = '005000000000001AAA';
    expect(newPersonFields(event(), settings({ assignContactOwner: true }), [])).toMatchObject({
      OwnerId: owner,
    });
    expect(newPersonFields(event(), settings(), [])).not.toHaveProperty('OwnerId');
    expect(
      newPersonFields(event(), settings({ assignContactOwner: true, hubspotOwnerId: '' }), []),
    ).not.toHaveProperty('OwnerId');
  });

  it("falls back to the e-mail's local part, then 'Unknown', for the required LastName", () => {
    const nameless = (email: string | null) =>
      newPersonFields(event({ lead: { ...event().lead, lastName: null, email } }), settings(), [])
        .LastName;
    expect(nameless('ana.lima@acme.test')).toBe('ana.lima');
    expect(nameless(null)).toBe('Unknown');
    expect(nameless('@acme.test')).toBe('Unknown');
  });

  it("gives a new Lead the lead's company, else its domain, else '[not provided]'", () => {
    const lead = settings({ salesforceObjectType: 'Lead' });
    const company = (company: string | null, domain: string | null) =>
      newPersonFields(event({ lead: { ...event().lead, company, domain } }), lead, []).Company;
    expect(company('Acme', 'acme.test')).toBe('Acme');
    expect(company(null, 'acme.test')).toBe('acme.test');
    expect(company('', null)).toBe('[not provided]');
  });

  it('gives a new Contact no Company (Contacts have none)', () => {
    expect(newPersonFields(event(), settings(), [])).not.toHaveProperty('Company');
  });
});

describe('personOwner', () => {
  it('answers the selected user only when the webhook assigns owners', () => {
    expect(personOwner(settings({ assignContactOwner: true }))).toBe('005000000000001AAA');
    expect(personOwner(settings())).toBeNull();
  });
});

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

    it('logs tasks with log type 0 when the webhook creates tasks', () => {
      expect(
        activityOf(event({ type: 'EMAIL_OPEN' }), settings({ createOrUpdateTask: true })),
      ).toMatchObject({ Subject: '[OS] [Smartlead - EMAIL_OPEN] Quick question' });
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
  it('is the UTC day of the event, and the text’s date part when it is not a date', () => {
    expect(activityDate('2026-11-23T23:30:00.000-02:00')).toBe('2026-11-24');
    expect(activityDate('2026-11-23T10:00:00.000Z')).toBe('2026-11-23');
    expect(activityDate('2026-13-45 whenever')).toBe('2026-13-45');
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

describe('messages', () => {
  it('says why Update Only wrote nothing, naming the object and the lookups', () => {
    expect(
      updateOnlyMessage('Lead', [
        { field: 'Id', value: CONTACT_ID },
        { field: 'Email', value: 'ana@acme.test' },
      ]),
    ).toBe(
      `No Salesforce Lead matches this lead (looked up by Id = ${CONTACT_ID}, then Email = ana@acme.test), and the webhook is set to Update Only, so no Lead was created.`,
    );
  });

  it('names up to three missing fields and counts the rest, with the fix', () => {
    expect(missingFieldsWarning('Contact', ['A__c', 'B__c'])).toBe(
      'Salesforce Contact has no OutSync field A__c, B__c that the connected user can see, so those values were not written: click "Create Fields" in the webhook\'s settings to add them.',
    );
    expect(missingFieldsWarning('Lead', ['A__c', 'B__c', 'C__c', 'D__c', 'E__c'])).toContain(
      'Lead has no OutSync field A__c, B__c, C__c and 2 more that',
    );
    expect(missingFieldsWarning('Lead', ['A__c', 'B__c', 'C__c'])).toContain(
      'field A__c, B__c, C__c that',
    );
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
