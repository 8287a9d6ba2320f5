// The settings-to-writes matrix of Salesforce webhooks (spec 01 §2.9): a row per stored setting,
// each case events through the real receiver and worker into the sandbox's org, asserting what
// the org holds (machinery: settings-matrix.test-support.ts; decisions: docs/decisions.md "The settings-to-writes matrix").
import {
  LATE_EVENING_PACIFIC,
  REPLY_TEXT,
  bison,
  heyreach,
  instantly,
  lead,
  smartlead,
} from './settings-matrix.payloads.test-support';
import {
  EXTERNAL_ID,
  LINKEDIN,
  LEAD_OBJECT,
  TASK,
  TASKS_ON,
  noPerson,
  updated,
  notOffered,
  outsyncFields,
  person,
  personCase,
  seedPerson,
  startSalesforceMatrix,
  taskCase,
  taskFields,
  the,
  users,
  type SalesforceView,
} from './settings-matrix.salesforce.test-support';
import {
  describeMatrix,
  sandboxState,
  seedSmartleadKey,
  type Matrix,
  type MatrixCase,
} from './settings-matrix.test-support';
import { SALESFORCE_ACCOUNT_CASES } from './settings-matrix.companies.test-support';

type Case = MatrixCase<SalesforceView>;

const INTERESTED = [{ id: '1', name: 'Interested' }];
const LATE = LATE_EVENING_PACIFIC;
const customFieldsOn = (objects: Array<'Contact' | 'Lead'>) => ({
  createContactCustomProperties: true,
  salesforceCustomFieldObjects: objects,
});
const SALESFORCE_MATRIX: Matrix<SalesforceView> = {
  emailService: {
    offered: true,
    effect: "each platform's events reach the person; sends and replies are e-mail Tasks",
    cases: [
      ['smartlead', smartlead('EMAIL_REPLY', lead('sl')), 'sl'] as const,
      ['instantly', instantly('reply_received', lead('in')), 'in'] as const,
      ['bison', bison('LEAD_REPLIED', lead('bi')), 'bi'] as const,
    ]
      .map(([platform, event, slug]): Case => ({
        name: 'a reply: a Contact and an e-mail Task',
        platform,
        steps: [[event]],
        check: ({ view }) => {
          expect(taskFields(view, person(view.contacts, slug), TASK)).toEqual([
            ['Re: Quick question', null, 'Email', 'Completed'],
          ]);
        },
      }))
      .concat({
        name: 'a message (the form stores log type 1, task type Other): a Task',
        platform: 'heyreach',
        steps: [[heyreach('MESSAGE_SENT', lead('hr'))]],
        check: ({ view }) =>
          expect(taskFields(view, person(view.contacts, 'hr'), TASK)).toEqual([
            ['[OS] [HeyReach - MESSAGE_SENT]', 'Other', null, 'Completed'],
          ]),
      }),
  },
  owner: {
    offered: true,
    effect: 'the selected owner owns new people and every Task; an existing owner stays',
    cases: [
      {
        name: 'a new Contact and its Task belong to the selected owner',
        platform: 'instantly',
        owner: () => users.sam,
        steps: [[instantly('reply_received', lead('owner-new'))]],
        check: ({ view }) => {
          const contact = person(view.contacts, 'owner-new');
          expect(contact.OwnerId).toBe(users.sam);
          expect(taskFields(view, contact, ['OwnerId'])).toEqual([[users.sam]]);
        },
      },
      {
        name: 'an existing Lead keeps its owner; the Task is the selected owner’s',
        platform: 'instantly',
        owner: () => users.sam,
        settings: LEAD_OBJECT,
        seed: (matrix) =>
          seedPerson('Lead', { Email: 'lead@owner-kept.example', OwnerId: users.riley })(matrix),
        steps: [[instantly('reply_received', lead('owner-kept'))]],
        check: ({ view }) => {
          const existing = person(view.leads, 'owner-kept');
          expect(existing.OwnerId).toBe(users.riley);
          expect(taskFields(view, existing, ['OwnerId'])).toEqual([[users.sam]]);
        },
      },
    ],
  },
  createOrUpdateCompany: notOffered('createOrUpdateCompany', true, 'Contacts get Accounts anyway'),
  createOrUpdateTask: notOffered('createOrUpdateTask', true, 'Log Type is the task choice'),
  assignCompanyOwner: notOffered('assignCompanyOwner', true, 'nothing changes'),
  assignContactOwner: notOffered('assignContactOwner', false, 'new people get the owner'),
  createContactCustomProperties: {
    offered: true,
    effect: "on (with the object among the custom field objects): OutSync's OS… fields are written",
    cases: [
      personCase(
        'on: OS… fields',
        'smartlead',
        'custom-on',
        [smartlead('EMAIL_REPLY', lead('custom-on'))],
        { OSLastReplyMessage__c: REPLY_TEXT, OSLastUpdateSource__c: 'Smartlead' },
        customFieldsOn(['Contact']),
      ),
      {
        name: 'off: no OS… field; the person is still written',
        platform: 'smartlead',
        settings: { createContactCustomProperties: false },
        steps: [[smartlead('EMAIL_REPLY', lead('custom-off'))]],
        check: ({ view }) => expect(outsyncFields(person(view.contacts, 'custom-off'))).toEqual([]),
      },
    ],
  },
  salesforceCustomFieldObjects: {
    offered: true,
    effect: 'the objects whose OS… fields are written',
    cases: [
      personCase(
        'Lead chosen, object Lead: written',
        'bison',
        'objects-lead',
        [bison('LEAD_REPLIED', lead('objects-lead'))],
        { OSLastReplyMessage__c: REPLY_TEXT },
        { ...LEAD_OBJECT, ...customFieldsOn(['Lead']) },
      ),
      {
        name: 'Contact chosen, object Lead: none written',
        platform: 'bison',
        settings: { ...LEAD_OBJECT, ...customFieldsOn(['Contact']) },
        steps: [[bison('LEAD_REPLIED', lead('objects-contact'))]],
        check: ({ view }) =>
          expect(outsyncFields(person(view.leads, 'objects-contact'))).toEqual([]),
      },
    ],
  },
  logType: {
    offered: true,
    effect: '0: sends and replies are e-mail Tasks, nothing else; 1: every event is a Task',
    cases: [
      taskCase('0: an open makes no Task', 'log-zero-open', 'EMAIL_OPEN', { logType: 0 }, []),
      taskCase('0: a reply is an e-mail Task', 'log-zero-reply', 'EMAIL_REPLY', { logType: 0 }, [
        ['Re: Quick question', null, 'Email', 'Completed'],
      ]),
      taskCase('1: an open is a Task', 'log-one', 'EMAIL_OPEN', TASKS_ON, [
        ['[OS] [Smartlead - EMAIL_OPEN] Quick question', 'Email', null, 'Completed'],
      ]),
    ],
  },
  salesforceTaskType: {
    offered: true,
    effect: "log type 1: the Tasks' Type",
    cases: ['Call', 'Other'].map((type) =>
      taskCase(
        type,
        `task-type-${type.toLowerCase()}`,
        'EMAIL_OPEN',
        { ...TASKS_ON, salesforceTaskType: type },
        [[type]],
        ['Type'],
      ),
    ),
  },
  customTaskSubject: {
    offered: true,
    effect: "log type 1: the Tasks' Subject, its {{ tokens }} filled from the event",
    cases: [
      taskCase(
        'tokens filled',
        'subject',
        'EMAIL_REPLY',
        {
          ...TASKS_ON,
          customTaskSubject: 'Reply from {{ to_name }}: {{ subject }} ({{ campaign_name }})',
        },
        [['Reply from Ada Subject: Re: Quick question (Matrix campaign)']],
        ['Subject'],
      ),
    ],
  },
  salesforceObjectType: {
    offered: true,
    effect:
      'the object the person is looked up in and created as; a new Contact gets the Account of its company',
    cases: [
      {
        name: "Lead: a Lead with the lead's company, no Contact",
        platform: 'instantly',
        settings: LEAD_OBJECT,
        steps: [[instantly('email_sent', lead('object-lead'))]],
        check: ({ view }) => {
          expect(person(view.leads, 'object-lead').Company).toBe('object-lead Widgets GmbH');
          noPerson(view.contacts, 'object-lead');
        },
      },
      {
        name: 'Contact: a Contact, no Lead',
        platform: 'instantly',
        settings: { salesforceObjectType: 'Contact' },
        steps: [[instantly('email_sent', lead('object-contact'))]],
        check: ({ view }) => {
          expect(person(view.contacts, 'object-contact').FirstName).toBe('Ada');
          noPerson(view.leads, 'object-contact');
        },
      },
      ...SALESFORCE_ACCOUNT_CASES,
    ],
  },
  salesforceOnlyUpdate: {
    offered: true,
    effect:
      'Update Only: a person not found is not created (the event is not synced, with the reason)',
    cases: [
      {
        name: 'Update Only, no such Lead: none created',
        platform: 'instantly',
        settings: { ...LEAD_OBJECT, salesforceOnlyUpdate: true },
        steps: [[instantly('email_sent', lead('update-only-new'))]],
        outcome: [['not_synced']],
        check: ({ view }) => noPerson(view.leads, 'update-only-new'),
      },
      {
        name: 'Update Only, an existing Lead: updated',
        platform: 'instantly',
        settings: { ...LEAD_OBJECT, salesforceOnlyUpdate: true },
        seed: seedPerson('Lead', { Email: 'lead@update-only-old.example' }),
        steps: [[instantly('email_sent', lead('update-only-old'))]],
        check: ({ view, seeded }) => updated(view.leads, 'update-only-old', seeded),
      },
      personCase(
        'Upsert, no such Lead: created',
        'instantly',
        'upsert',
        [instantly('email_sent', lead('upsert'))],
        { FirstName: 'Ada' },
        { ...LEAD_OBJECT, salesforceOnlyUpdate: false },
      ),
    ],
  },
  objectLookupMethod: {
    offered: true,
    effect:
      'how the person is found: the e-mail, or os_objectlookup_id in the lookup selection first',
    cases: [
      {
        name: 'default: the Contact of the e-mail is updated, not created again',
        platform: 'smartlead',
        seed: seedPerson('Contact', { Email: 'lead@lookup-default.example' }),
        steps: [[smartlead('EMAIL_REPLY', lead('lookup-default'))]],
        check: ({ view, seeded }) => updated(view.contacts, 'lookup-default', seeded),
      },
      {
        name: 'AlternativeProperty, selection Id: the Contact of the id, whatever its e-mail',
        platform: 'bison',
        settings: { objectLookupMethod: 'AlternativeProperty', objectDefaultSearchProperty: 'Id' },
        seed: seedPerson('Contact', { Email: 'old@lookup-id.example' }),
        steps: ({ person: id }) => [
          [bison('LEAD_REPLIED', lead('lookup-id', { objectLookupId: id }))],
        ],
        check: ({ view, seeded }) =>
          expect(person(view.contacts, 'lookup-id').Id).toBe(seeded.person),
      },
    ],
  },
  objectDefaultSearchProperty: {
    offered: true,
    effect: "the lookup selection: the field holding the lead's os_objectlookup_id",
    cases: [
      {
        name: 'a field of its own: the Contact holding the value is updated',
        platform: 'instantly',
        settings: {
          objectLookupMethod: 'AlternativeProperty',
          objectDefaultSearchProperty: EXTERNAL_ID,
        },
        seed: seedPerson('Contact', {
          LastName: 'Old',
          Email: 'x@sel.example',
          [EXTERNAL_ID]: 'SF-1',
        }),
        steps: [[instantly('email_sent', lead('selection', { objectLookupId: 'SF-1' }))]],
        check: ({ view, seeded }) =>
          expect(the(view.contacts, 'SF-1', EXTERNAL_ID).Id).toBe(seeded.person),
      },
    ],
  },
  objectLookupIdField: {
    offered: true,
    effect:
      "'CRM property for os_objectlookup_id': a field of its own searched first, and set on new people",
    cases: [
      {
        name: 'the Contact holding the value is updated; a new one gets the value',
        platform: 'smartlead',
        settings: {
          objectLookupMethod: 'AlternativeProperty',
          objectDefaultSearchProperty: 'Id',
          objectLookupIdField: EXTERNAL_ID,
        },
        seed: seedPerson('Contact', {
          LastName: 'Old',
          Email: 'x@lf.example',
          [EXTERNAL_ID]: 'SF-2',
        }),
        steps: [
          [
            smartlead('EMAIL_SENT', lead('lookup-field', { objectLookupId: 'SF-2' })),
            smartlead('EMAIL_SENT', lead('lookup-field-new', { objectLookupId: 'SF-3' })),
          ],
        ],
        check: ({ view, seeded }) => {
          expect(the(view.contacts, 'SF-2', EXTERNAL_ID).Id).toBe(seeded.person);
          expect(person(view.contacts, 'lookup-field-new')[EXTERNAL_ID]).toBe('SF-3');
        },
      },
    ],
  },
  optionalAlternativeProperty: {
    offered: true,
    effect: "the social tool's profile URL and e-mail fields",
    cases: [
      {
        name: 'the profile field: the Contact holding the URL is updated',
        platform: 'heyreach',
        settings: { optionalAlternativeProperty: { profile_url: LINKEDIN, email: 'Email' } },
        seed: seedPerson('Contact', { [LINKEDIN]: 'https://www.linkedin.com/in/profile' }),
        steps: [[heyreach('CONNECTION_REQUEST_SENT', lead('profile'))]],
        check: ({ view, seeded }) =>
          expect(the(view.contacts, 'https://www.linkedin.com/in/profile', LINKEDIN).Id).toBe(
            seeded.person,
          ),
      },
    ],
  },
  apiKeyId: {
    offered: true,
    effect: "filtered: the key through which the platform is asked an unknown lead's category",
    cases: [
      {
        // Ava Carter is a seeded Smartlead lead of category 1 (and a seeded Salesforce Contact).
        name: 'a lead the platform has as Interested is written at once',
        platform: 'smartlead',
        seed: seedSmartleadKey,
        settings: ({ key }) => ({ apiKeyId: key, smartleadBaseCategories: INTERESTED }),
        steps: [
          [smartlead('EMAIL_REPLY', lead('ava', { email: 'ava.carter@acme-robotics.example' }))],
        ],
        check: ({ view }) =>
          expect(
            taskFields(view, the(view.contacts, 'ava.carter@acme-robotics.example'), ['Subject']),
          ).toEqual([['Re: Quick question']]),
      },
    ],
  },
  smartleadBaseCategories: {
    offered: true,
    effect:
      'filtered: a lead outside the categories is held, written once it reaches one (bison: no filter)',
    cases: [
      {
        name: 'held until the lead is Interested, then both written',
        platform: 'smartlead',
        seed: seedSmartleadKey,
        settings: ({ key }) => ({ apiKeyId: key, smartleadBaseCategories: INTERESTED }),
        steps: [
          [smartlead('EMAIL_SENT', lead('held'))],
          [smartlead('LEAD_CATEGORY_UPDATED', lead('held'))],
        ],
        outcome: [['held'], ['synced', 'synced']],
        check: ({ view }) => expect(person(view.contacts, 'held').FirstName).toBe('Ada'),
      },
      personCase(
        'bison: the save rules drop them on Salesforce; written at once',
        'bison',
        'bison-all',
        [bison('LEAD_REPLIED', lead('bison-all'))],
        { FirstName: 'Ada' },
        { smartleadBaseCategories: [{ id: 'lead_interested', name: 'Interested' }] },
      ),
    ],
  },
  additionalEndpoints: {
    offered: true,
    effect: 'forwarding besides the CRM: the event is sent to the endpoint and written as ever',
    cases: [
      {
        name: 'an endpoint for replies: the reply is forwarded and written',
        platform: 'instantly',
        endpoint: { name: 'matrix-salesforce', eventTypes: ['EMAIL_REPLY'] },
        steps: [[instantly('reply_received', lead('forwarded'))]],
        check: ({ view, forwarded }) => {
          expect(forwarded).toEqual([
            expect.objectContaining({ eventType: 'EMAIL_REPLY', platform: 'instantly' }),
          ]);
          expect(person(view.contacts, 'forwarded').FirstName).toBe('Ada');
        },
      },
    ],
  },
};

describeMatrix<SalesforceView>({
  crm: 'SALESFORCE',
  start: startSalesforceMatrix,
  owner: () => users.dana,
  snapshot: (matrix) => sandboxState<SalesforceView>(matrix.app, 'salesforce'),
  matrix: SALESFORCE_MATRIX,
  beyond: {
    'auto-replies are not replies: nothing reaches the CRM': [
      ['instantly', instantly('auto_reply_received', lead('auto-in'))] as const,
      ['bison', bison('LEAD_REPLIED_AUTOMATED', lead('auto-bi'))] as const,
    ].map(([platform, event]): Case => ({
      name: 'an automatic reply',
      platform,
      steps: [[event]],
      outcome: [['not_synced']],
      check: ({ view }) => noPerson(view.contacts, `auto-${platform.slice(0, 2)}`),
    })),
    "the lead's title (and a Lead's company)": [
      personCase(
        'Title and Company',
        'bison',
        'title-bi',
        [bison('EMAIL_SENT', lead('title-bi'))],
        { Title: 'Head of title-bi', Company: 'title-bi Widgets GmbH' },
        LEAD_OBJECT,
      ),
    ],
    "a Task is dated the day it happened where its owner works (the owner's time zone)": [
      ['dana', 'America/Los_Angeles', '2026-03-10'] as const,
      ['sam', 'Europe/Berlin', '2026-03-11'] as const,
    ].map(([owner, zone, day]): Case => ({
      name: `06:30 UTC, owner in ${zone}: ${day}`,
      platform: 'smartlead',
      owner: () => users[owner],
      steps: [[smartlead('EMAIL_REPLY', lead(`dated-${owner}`), { event_timestamp: LATE })]],
      check: ({ view }) =>
        expect(taskFields(view, person(view.contacts, `dated-${owner}`), ['ActivityDate'])).toEqual(
          [[day]],
        ),
    })),
    'unsubscribes set the opt-out': [
      personCase(
        'a Contact: HasOptedOutOfEmail',
        'smartlead',
        'optout-contact',
        [smartlead('LEAD_UNSUBSCRIBED', lead('optout-contact'))],
        { HasOptedOutOfEmail: true },
      ),
      personCase(
        'a Lead: HasOptedOutOfEmail',
        'instantly',
        'optout-lead',
        [instantly('lead_unsubscribed', lead('optout-lead'))],
        { HasOptedOutOfEmail: true },
        LEAD_OBJECT,
      ),
    ],
    '{{ lead_category_name }} is the category the lead is in (kept in OutSync’s fields)': [
      {
        name: 'a send after the lead became Interested',
        platform: 'smartlead',
        settings: {
          ...TASKS_ON,
          ...customFieldsOn(['Contact']),
          customTaskSubject: '{{ lead_category_name }}: {{ event_type }}',
        },
        steps: [
          [smartlead('LEAD_CATEGORY_UPDATED', lead('category'))],
          [smartlead('EMAIL_SENT', lead('category'))],
        ],
        check: ({ view }) =>
          expect(taskFields(view, person(view.contacts, 'category'), ['Subject'])).toEqual([
            ['Interested: LEAD_CATEGORY_UPDATED'],
            ['Interested: EMAIL_SENT'],
          ]),
      },
    ],
  },
});
