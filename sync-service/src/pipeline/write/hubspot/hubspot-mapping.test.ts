import type { ActivityEventType } from '@outsync/contracts';
import { webhookSwitchDefaults } from '@outsync/contracts/webhooks';
import type { CanonicalEvent } from '@outsync/contracts/sync';
import {
  companyOf,
  contactProperties,
  counterIncrements,
  engagementOf,
  identityProperties,
  lookupKeys,
  type HubspotWriteSettings,
} from './hubspot-mapping';
import { testEvent } from '../write-test-events';

const AT = '2026-11-23T10:00:00.000Z';
const PROFILE = 'https://www.linkedin.com/in/ana-lima';
const APP_URL = 'https://app.smartlead.ai/app/master-inbox?leadMap=1';

function event(overrides: Partial<CanonicalEvent> = {}): CanonicalEvent {
  return testEvent({
    platformEventId: 'EMAIL_SENT:1',
    category: { id: '7', name: 'Interested' },
    link: 'https://acme.test/pricing',
    objectLookupId: 'OBJ-1',
    platformUrl: APP_URL,
    ...overrides,
  });
}

const social = (overrides: Partial<CanonicalEvent> = {}) =>
  event({ platform: 'heyreach', ...overrides });

const emptyLead: CanonicalEvent['lead'] = {
  email: null,
  firstName: null,
  lastName: null,
  profileUrl: null,
  company: null,
  domain: null,
  title: null,
  phone: null,
  platformLeadId: null,
};

function settings(overrides: Partial<HubspotWriteSettings> = {}): HubspotWriteSettings {
  return {
    // Switches this file does not name keep their defaults (a new switch needs no edit here).
    ...webhookSwitchDefaults,
    emailService: 'smartlead',
    hubspotOwnerId: '9001',
    assignContactOwner: false,
    assignCompanyOwner: false,
    createOrUpdateCompany: false,
    createOrUpdateTask: false,
    createContactCustomProperties: false,
    logType: 0,
    customTaskSubject: '',
    objectLookupMethod: 'default',
    objectLookupIdField: null,
    objectDefaultSearchProperty: null,
    optionalAlternativeProperty: null,
    ...overrides,
  };
}

describe('lookupKeys', () => {
  describe('default', () => {
    it('finds an e-mail platform lead by e-mail only', () => {
      expect(lookupKeys(event(), settings())).toEqual([
        { property: 'email', value: 'ana@acme.test' },
      ]);
    });

    it('has no key for an e-mail platform lead without e-mail (nor an empty one)', () => {
      expect(lookupKeys(event({ lead: emptyLead }), settings())).toEqual([]);
      expect(lookupKeys(event({ lead: { ...emptyLead, email: '' } }), settings())).toEqual([]);
    });

    it('finds a HeyReach lead by hs_linkedin_url, then by e-mail', () => {
      expect(lookupKeys(social(), settings({ emailService: 'heyreach' }))).toEqual([
        { property: 'hs_linkedin_url', value: PROFILE },
        { property: 'email', value: 'ana@acme.test' },
      ]);
    });

    it("searches HeyReach's profile URL in the webhook's default search property", () => {
      expect(
        lookupKeys(
          social({ lead: { ...emptyLead, profileUrl: PROFILE } }),
          settings({ objectDefaultSearchProperty: 'linkedin_profile' }),
        ),
      ).toEqual([{ property: 'linkedin_profile', value: PROFILE }]);
    });

    it('ignores os_objectlookup_id', () => {
      expect(lookupKeys(event(), settings({ objectLookupIdField: 'crm_id' }))).toEqual([
        { property: 'email', value: 'ana@acme.test' },
      ]);
    });
  });

  describe('AlternativeProperty', () => {
    const alternative = settings({
      objectLookupMethod: 'AlternativeProperty',
      objectLookupIdField: 'crm_id',
    });

    it('searches os_objectlookup_id in the lookup field first, then the default keys', () => {
      expect(lookupKeys(event(), alternative)).toEqual([
        { property: 'crm_id', value: 'OBJ-1' },
        { property: 'email', value: 'ana@acme.test' },
      ]);
      expect(lookupKeys(social(), alternative)).toEqual([
        { property: 'crm_id', value: 'OBJ-1' },
        { property: 'hs_linkedin_url', value: PROFILE },
        { property: 'email', value: 'ana@acme.test' },
      ]);
    });

    it('falls back to the default keys for an event without the value or a webhook without the field', () => {
      expect(lookupKeys(event({ objectLookupId: null }), alternative)).toEqual([
        { property: 'email', value: 'ana@acme.test' },
      ]);
      expect(lookupKeys(event({ objectLookupId: '' }), alternative)).toEqual([
        { property: 'email', value: 'ana@acme.test' },
      ]);
      expect(lookupKeys(event(), settings({ objectLookupMethod: 'AlternativeProperty' }))).toEqual([
        { property: 'email', value: 'ana@acme.test' },
      ]);
    });

    it('leaves out a key that repeats an earlier one', () => {
      expect(
        lookupKeys(
          event({ objectLookupId: 'ana@acme.test' }),
          settings({ objectLookupMethod: 'AlternativeProperty', objectLookupIdField: 'email' }),
        ),
      ).toEqual([{ property: 'email', value: 'ana@acme.test' }]);
    });
  });

  describe('OptionalAlternativeProperty', () => {
    const optional = (names: HubspotWriteSettings['optionalAlternativeProperty']) =>
      settings({
        objectLookupMethod: 'OptionalAlternativeProperty',
        optionalAlternativeProperty: names,
      });

    it('searches os_objectlookup_id, profile URL, e-mail in that order, each in its named property', () => {
      expect(
        lookupKeys(
          social(),
          optional({ os_objectlookup_id: 'crm_id', profile_url: 'li_url', email: 'work_email' }),
        ),
      ).toEqual([
        { property: 'crm_id', value: 'OBJ-1' },
        { property: 'li_url', value: PROFILE },
        { property: 'work_email', value: 'ana@acme.test' },
      ]);
    });

    it('searches the e-mail in `email` when no property is named for it, and skips unnamed ones', () => {
      expect(lookupKeys(social(), optional({ profile_url: 'li_url' }))).toEqual([
        { property: 'li_url', value: PROFILE },
        { property: 'email', value: 'ana@acme.test' },
      ]);
      expect(lookupKeys(event(), optional(null))).toEqual([
        { property: 'email', value: 'ana@acme.test' },
      ]);
    });

    it('leaves out the keys whose value the event lacks', () => {
      expect(
        lookupKeys(
          social({ objectLookupId: null, lead: { ...emptyLead, email: 'ana@acme.test' } }),
          optional({ os_objectlookup_id: 'crm_id', profile_url: 'li_url' }),
        ),
      ).toEqual([{ property: 'email', value: 'ana@acme.test' }]);
    });

    it('does not add the default social property', () => {
      expect(
        lookupKeys(
          social({ objectLookupId: null }),
          settings({
            objectLookupMethod: 'OptionalAlternativeProperty',
            objectDefaultSearchProperty: 'hs_linkedin_url',
          }),
        ),
      ).toEqual([{ property: 'email', value: 'ana@acme.test' }]);
    });
  });
});

describe('identityProperties', () => {
  it('writes each lookup value into its property', () => {
    expect(
      identityProperties([
        { property: 'crm_id', value: 'OBJ-1' },
        { property: 'hs_linkedin_url', value: PROFILE },
        { property: 'email', value: 'ana@acme.test' },
      ]),
    ).toEqual({ crm_id: 'OBJ-1', hs_linkedin_url: PROFILE, email: 'ana@acme.test' });
    expect(identityProperties([])).toEqual({});
  });
});

const LEAD = {
  email: 'ana@acme.test',
  firstname: 'Ana',
  lastname: 'Lima',
  company: 'Acme',
  jobtitle: 'CTO',
  phone: '+1 555 0100',
  website: 'https://acme.test',
};

describe('contactProperties', () => {
  it("writes the lead's own fields only when custom properties are off", () => {
    expect(contactProperties(event({ type: 'EMAIL_REPLY' }), settings())).toEqual(LEAD);
  });

  it('never blanks a field the event lacks', () => {
    expect(contactProperties(event({ lead: emptyLead }), settings())).toEqual({});
    expect(
      contactProperties(
        event({ lead: { ...emptyLead, email: 'ana@acme.test', firstName: '', lastName: 'Lima' } }),
        settings(),
      ),
    ).toEqual({ email: 'ana@acme.test', lastname: 'Lima' });
  });

  describe('with custom properties on', () => {
    const custom = settings({ createContactCustomProperties: true });
    const emailCommon = {
      os_last_app_url: APP_URL,
      os_last_update_occurred: AT,
      os_last_update_source: 'Smartlead',
      os_last_campaign_id: '42',
      os_last_campaign_name: 'Q4 outreach',
      os_last_email_campaign_id: '42',
      os_last_email_campaign_name: 'Q4 outreach',
    };
    const socialCommon = {
      os_last_app_url: APP_URL,
      os_last_update_occurred: AT,
      os_last_update_source: 'HeyReach',
      os_last_campaign_id: '42',
      os_last_campaign_name: 'Q4 outreach',
      os_last_social_campaign_id: '42',
      os_last_social_campaign_name: 'Q4 outreach',
    };

    it.each<[ActivityEventType, Record<string, string>]>([
      [
        'EMAIL_SENT',
        {
          os_last_sent_time: AT,
          os_last_sent_address: 'bob@seller.test',
          os_last_sent_name: 'Bob Stone',
          os_last_sent_subject: 'Quick question',
          os_last_sent_message: 'Hi Ana',
          os_last_email_sequence_step: '2',
        },
      ],
      [
        'EMAIL_OPEN',
        {
          os_last_open_time: AT,
          os_last_open_subject: 'Quick question',
          os_last_open_message: 'Hi Ana',
        },
      ],
      [
        'EMAIL_REPLY',
        {
          os_last_reply_time: AT,
          os_last_reply_address: 'ana@acme.test',
          os_last_reply_name: 'Ana Lima',
          os_last_reply_subject: 'Quick question',
          os_last_reply_message: 'Hi Ana',
        },
      ],
      [
        'EMAIL_LINK_CLICK',
        { os_last_link_click_time: AT, os_last_link_click_url: 'https://acme.test/pricing' },
      ],
      ['EMAIL_BOUNCE', { os_last_bounce_time: AT }],
      [
        'LEAD_CATEGORY_UPDATED',
        {
          os_last_lead_category_id: '7',
          os_last_lead_category_name: 'Interested',
          os_last_email_lead_category_id: '7',
          os_last_email_lead_category_name: 'Interested',
        },
      ],
      ['LEAD_UNSUBSCRIBED', { os_last_unsubscribe_time: AT }],
    ])('an e-mail platform %s writes the e-mail and common properties', (type, own) => {
      expect(contactProperties(event({ type }), custom)).toEqual({
        ...LEAD,
        ...emailCommon,
        ...own,
      });
    });

    it.each<[ActivityEventType, Record<string, string>]>([
      [
        'CONNECTION_REQUEST_SENT',
        {
          os_last_connection_status: 'Connection request sent',
          os_last_connection_status_time: AT,
        },
      ],
      [
        'CONNECTION_REQUEST_ACCEPTED',
        { os_last_connection_status: 'Connected', os_last_connection_status_time: AT },
      ],
      [
        'MESSAGE_SENT',
        {
          os_last_sent_social_time: AT,
          os_last_sent_social_message: 'Hi Ana',
          os_last_sent_social_profile: PROFILE,
          os_last_sent_social_sender: 'Bob Stone',
        },
      ],
      [
        'REPLY_RECEIVED',
        {
          os_last_reply_social_time: AT,
          os_last_reply_social_message: 'Hi Ana',
          os_last_reply_social_profile: PROFILE,
          os_last_reply_social_sender: 'Bob Stone',
        },
      ],
      ['FOLLOW_SENT', { os_last_follow_time: AT, os_last_follow_sender: 'Bob Stone' }],
      [
        'LIKED_POST',
        {
          os_last_like_time: AT,
          os_last_like_sender: 'Bob Stone',
          os_last_like_post_url: 'https://acme.test/pricing',
        },
      ],
      ['VIEWED_PROFILE', { os_last_view_time: AT, os_last_view_sender: 'Bob Stone' }],
    ])('a HeyReach %s writes the social and common properties', (type, own) => {
      expect(contactProperties(social({ type }), custom)).toEqual({
        ...LEAD,
        ...socialCommon,
        ...own,
      });
    });

    it('writes a HeyReach category change into the social and any-channel category', () => {
      expect(contactProperties(social({ type: 'LEAD_CATEGORY_UPDATED' }), custom)).toEqual({
        ...LEAD,
        os_last_app_url: APP_URL,
        os_last_update_occurred: AT,
        os_last_update_source: 'HeyReach',
        os_last_campaign_id: '42',
        os_last_campaign_name: 'Q4 outreach',
        os_last_lead_category_id: '7',
        os_last_lead_category_name: 'Interested',
        os_last_social_lead_category_id: '7',
        os_last_social_lead_category_name: 'Interested',
      });
    });

    it("writes no social property for an e-mail platform's event (and the reverse)", () => {
      expect(contactProperties(event({ type: 'CONNECTION_REQUEST_ACCEPTED' }), custom)).toEqual({
        ...LEAD,
        os_last_app_url: APP_URL,
        os_last_update_occurred: AT,
        os_last_update_source: 'Smartlead',
        os_last_campaign_id: '42',
        os_last_campaign_name: 'Q4 outreach',
      });
      expect(contactProperties(social({ type: 'EMAIL_BOUNCE' }), custom)).toEqual({
        ...LEAD,
        os_last_app_url: APP_URL,
        os_last_update_occurred: AT,
        os_last_update_source: 'HeyReach',
        os_last_campaign_id: '42',
        os_last_campaign_name: 'Q4 outreach',
      });
    });

    it('names the social sender by e-mail when it has no name', () => {
      const props = contactProperties(
        social({
          type: 'FOLLOW_SENT',
          sender: { email: 'bob@seller.test', name: null, profileUrl: null },
        }),
        custom,
      );
      expect(props.os_last_follow_sender).toBe('bob@seller.test');
    });

    it('leaves out every os_* property whose value the event lacks', () => {
      const bare = {
        lead: emptyLead,
        sender: { email: null, name: null, profileUrl: null },
        campaign: { id: null, name: null },
        subject: null,
        bodyText: null,
        sequenceStep: null,
        category: null,
        link: null,
        platformUrl: null,
      };
      const time = { os_last_update_occurred: AT, os_last_update_source: 'Smartlead' };
      expect(contactProperties(event({ ...bare, type: 'EMAIL_SENT' }), custom)).toEqual({
        ...time,
        os_last_sent_time: AT,
      });
      expect(contactProperties(event({ ...bare, type: 'EMAIL_REPLY' }), custom)).toEqual({
        ...time,
        os_last_reply_time: AT,
      });
      expect(contactProperties(event({ ...bare, type: 'LEAD_CATEGORY_UPDATED' }), custom)).toEqual(
        time,
      );
      expect(
        contactProperties(event({ ...bare, type: 'EMAIL_SENT', sequenceStep: 0 }), custom),
      ).toEqual({ ...time, os_last_sent_time: AT, os_last_email_sequence_step: '0' });
    });

    it('names the replying lead by whichever name part it has', () => {
      const props = contactProperties(
        event({ type: 'EMAIL_REPLY', lead: { ...emptyLead, lastName: 'Lima' } }),
        custom,
      );
      expect(props.os_last_reply_name).toBe('Lima');
    });

    it('leaves the open and click counters to counterIncrements', () => {
      const open = contactProperties(event({ type: 'EMAIL_OPEN' }), custom);
      const click = contactProperties(event({ type: 'EMAIL_LINK_CLICK' }), custom);
      expect(open).not.toHaveProperty('os_number_of_email_opens');
      expect(click).not.toHaveProperty('os_number_of_email_link_clicks');
    });
  });
});

describe('counterIncrements', () => {
  const custom = settings({ createContactCustomProperties: true });

  it('counts one open per open and one click per click', () => {
    expect(counterIncrements(event({ type: 'EMAIL_OPEN' }), custom)).toEqual({
      os_number_of_email_opens: 1,
    });
    expect(counterIncrements(event({ type: 'EMAIL_LINK_CLICK' }), custom)).toEqual({
      os_number_of_email_link_clicks: 1,
    });
  });

  it('counts nothing for other events', () => {
    expect(counterIncrements(event({ type: 'EMAIL_SENT' }), custom)).toEqual({});
    expect(counterIncrements(event({ type: 'EMAIL_REPLY' }), custom)).toEqual({});
  });

  it('counts nothing when custom properties are off', () => {
    expect(counterIncrements(event({ type: 'EMAIL_OPEN' }), settings())).toEqual({});
    expect(counterIncrements(event({ type: 'EMAIL_LINK_CLICK' }), settings())).toEqual({});
  });
});

describe('companyOf', () => {
  const companies = settings({ createOrUpdateCompany: true });

  it("answers the lead's company by domain, named after the lead's company", () => {
    expect(companyOf(event(), companies)).toEqual({
      domain: 'acme.test',
      properties: { domain: 'acme.test', name: 'Acme' },
    });
  });

  it('names a company the lead does not name after its domain', () => {
    expect(companyOf(event({ lead: { ...emptyLead, domain: 'acme.test' } }), companies)).toEqual({
      domain: 'acme.test',
      properties: { domain: 'acme.test', name: 'acme.test' },
    });
  });

  it('gives the owner only with assignCompanyOwner and an owner', () => {
    expect(
      companyOf(event(), settings({ createOrUpdateCompany: true, assignCompanyOwner: true })),
    ).toEqual({
      domain: 'acme.test',
      properties: { domain: 'acme.test', name: 'Acme', hubspot_owner_id: '9001' },
    });
    expect(
      companyOf(
        event(),
        settings({ createOrUpdateCompany: true, assignCompanyOwner: true, hubspotOwnerId: '' }),
      )?.properties,
    ).toEqual({ domain: 'acme.test', name: 'Acme' });
    expect(
      companyOf(event(), settings({ createOrUpdateCompany: true, assignContactOwner: true }))
        ?.properties,
    ).toEqual({ domain: 'acme.test', name: 'Acme' });
  });

  it('answers none when the webhook does not create companies or the lead has no domain', () => {
    expect(companyOf(event(), settings())).toBeNull();
    expect(companyOf(event({ lead: { ...emptyLead, company: 'Acme' } }), companies)).toBeNull();
    expect(companyOf(event({ lead: { ...emptyLead, domain: '' } }), companies)).toBeNull();
  });
});

describe('engagementOf', () => {
  const ALL: ActivityEventType[] = [
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
  // The types each channel's normalizers produce (HeyReach tag changes are category changes).
  const EMAIL_TYPES = ALL.slice(0, 7);
  const SOCIAL_TYPES = ['LEAD_CATEGORY_UPDATED', ...ALL.slice(7)] as ActivityEventType[];
  const headersOf = (plan: ReturnType<typeof engagementOf>) =>
    JSON.parse(plan?.properties.hs_email_headers ?? 'null') as unknown;

  describe('log type 0 without tasks', () => {
    it('logs an e-mail send as an outgoing e-mail from the sender to the lead', () => {
      const plan = engagementOf(event(), settings());
      expect(plan).toEqual({
        type: 'emails',
        properties: {
          hs_timestamp: AT,
          hs_email_direction: 'EMAIL',
          hs_email_status: 'SENT',
          hs_email_subject: 'Quick question',
          hs_email_text: 'Hi Ana',
          hs_email_headers: expect.any(String) as string,
          hubspot_owner_id: '9001',
        },
      });
      expect(headersOf(plan)).toEqual({
        from: { email: 'bob@seller.test', firstName: 'Bob', lastName: 'Stone' },
        to: [{ email: 'ana@acme.test', firstName: 'Ana', lastName: 'Lima' }],
        cc: [],
        bcc: [],
      });
    });

    it('logs a reply as an incoming e-mail from the lead to the sender, with its HTML', () => {
      const plan = engagementOf(
        event({
          type: 'EMAIL_REPLY',
          bodyHtml: '<p>Hi Ana</p>',
          sender: { email: 'mary@seller.test', name: 'Mary Ann Smith', profileUrl: null },
        }),
        settings({ hubspotOwnerId: '' }),
      );
      expect(plan).toEqual({
        type: 'emails',
        properties: {
          hs_timestamp: AT,
          hs_email_direction: 'INCOMING_EMAIL',
          hs_email_status: 'SENT',
          hs_email_subject: 'Quick question',
          hs_email_text: 'Hi Ana',
          hs_email_html: '<p>Hi Ana</p>',
          hs_email_headers: expect.any(String) as string,
        },
      });
      expect(headersOf(plan)).toEqual({
        from: { email: 'ana@acme.test', firstName: 'Ana', lastName: 'Lima' },
        to: [{ email: 'mary@seller.test', firstName: 'Mary', lastName: 'Ann Smith' }],
        cc: [],
        bcc: [],
      });
    });

    it('logs an e-mail without subject, body or names with empty texts', () => {
      const plan = engagementOf(
        event({
          lead: emptyLead,
          sender: { email: null, name: null, profileUrl: null },
          subject: null,
          bodyText: null,
        }),
        settings(),
      );
      expect(plan?.properties.hs_email_subject).toBe('');
      expect(plan?.properties.hs_email_text).toBe('');
      expect(headersOf(plan)).toEqual({
        from: { email: '', firstName: '', lastName: '' },
        to: [{ email: '', firstName: '', lastName: '' }],
        cc: [],
        bcc: [],
      });
    });

    it('logs nothing for e-mail events that are not messages', () => {
      const logged = EMAIL_TYPES.filter(
        (type) => engagementOf(event({ type }), settings()) !== null,
      );
      expect(logged).toEqual(['EMAIL_SENT', 'EMAIL_REPLY']);
    });

    it("logs HeyReach's messages, replies and connection requests as completed tasks, nothing else", () => {
      const logged = SOCIAL_TYPES.filter(
        (type) => engagementOf(social({ type }), settings({ emailService: 'heyreach' }))?.type,
      );
      expect(logged).toEqual([
        'CONNECTION_REQUEST_SENT',
        'CONNECTION_REQUEST_ACCEPTED',
        'MESSAGE_SENT',
        'REPLY_RECEIVED',
      ]);
      expect(engagementOf(social({ type: 'MESSAGE_SENT', subject: null }), settings())).toEqual({
        type: 'tasks',
        properties: {
          hs_timestamp: AT,
          hs_task_subject: '[OS] [HeyReach - MESSAGE_SENT]',
          hs_task_body: 'Hi Ana',
          hs_task_status: 'COMPLETED',
          hs_task_type: 'TODO',
          hubspot_owner_id: '9001',
        },
      });
    });
  });

  describe.each([
    ['log type 1', settings({ logType: 1 })],
    ['createOrUpdateTask', settings({ createOrUpdateTask: true })],
  ])('%s', (_name, taskSettings) => {
    it('logs every event of every platform as a task', () => {
      const email = ALL.filter(
        (type) => engagementOf(event({ type }), taskSettings)?.type === 'tasks',
      );
      const socialTypes = ALL.filter(
        (type) => engagementOf(social({ type }), taskSettings)?.type === 'tasks',
      );
      expect(email).toEqual(ALL);
      expect(socialTypes).toEqual(ALL);
    });

    it('logs an e-mail send as a completed e-mail task with the rendered custom subject', () => {
      const plan = engagementOf(event(), {
        ...taskSettings,
        customTaskSubject: '{{ event_type }} to {{ to_name }} ({{ campaign_name }})',
      });
      expect(plan).toEqual({
        type: 'tasks',
        properties: {
          hs_timestamp: AT,
          hs_task_subject: 'EMAIL_SENT to Ana Lima (Q4 outreach)',
          hs_task_body: 'Hi Ana',
          hs_task_status: 'COMPLETED',
          hs_task_type: 'EMAIL',
          hubspot_owner_id: '9001',
        },
      });
    });

    it('describes an event without a message in the task body, with the default subject', () => {
      const plan = engagementOf(social({ type: 'VIEWED_PROFILE', bodyText: null, subject: null }), {
        ...taskSettings,
        hubspotOwnerId: '',
      });
      expect(plan).toEqual({
        type: 'tasks',
        properties: {
          hs_timestamp: AT,
          hs_task_subject: '[OS] [HeyReach - VIEWED_PROFILE]',
          hs_task_body: 'Viewed the profile of Ana Lima on HeyReach (campaign Q4 outreach).',
          hs_task_status: 'COMPLETED',
          hs_task_type: 'TODO',
        },
      });
    });
  });
});
