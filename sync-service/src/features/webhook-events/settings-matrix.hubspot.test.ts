// The settings-to-writes matrix of HubSpot webhooks (spec 01 §2.8): a row per stored setting, each
// case events through the real receiver and worker into the sandbox's HubSpot, asserting what the
// portal holds (machinery: settings-matrix.test-support.ts; decisions: docs/decisions.md "The settings-to-writes matrix").
import {
  REPLY_TEXT,
  bison,
  heyreach,
  instantly,
  lead,
  smartlead,
} from './settings-matrix.payloads.test-support';
import {
  RILEY,
  DANA,
  EXTERNAL_ID,
  LINKEDIN,
  SAM,
  byEmail,
  byProfile,
  companiesOf,
  companiesWith,
  contactCase,
  noCompany,
  salesforceOnly,
  emailsOf,
  hubspotCreate,
  openCase,
  seedContact,
  startHubspotMatrix,
  taskSubjects,
  tasksOf,
  theContact,
  type HubspotView,
} from './settings-matrix.hubspot.test-support';
import {
  describeMatrix,
  sandboxState,
  seedSmartleadKey,
  type Matrix,
  type MatrixCase,
} from './settings-matrix.test-support';
import {
  HUBSPOT_COMPANY_OWNERS,
  HUBSPOT_FOUND_COMPANY_NAMES,
} from './settings-matrix.companies.test-support';

type Case = MatrixCase<HubspotView>;

const INTERESTED = [{ id: '1', name: 'Interested' }];
const OPEN_TASK = '[OS] [Smartlead - EMAIL_OPEN] Quick question';
const FOLLOW_TASK = '[OS] [HeyReach - FOLLOW_SENT]';

const isAuto = (email: string) => email.startsWith('lead@auto-');

const HUBSPOT_MATRIX: Matrix<HubspotView> = {
  emailService: {
    offered: true,
    effect: "each platform's events reach the contact, named by their source",
    cases: [
      ['smartlead', smartlead('EMAIL_REPLY', lead('sl')), 'sl', 'Smartlead'] as const,
      ['instantly', instantly('reply_received', lead('in')), 'in', 'Instantly'] as const,
      ['bison', bison('LEAD_REPLIED', lead('bi')), 'bi', 'EmailBison'] as const,
    ]
      .map(([platform, event, slug, source]) =>
        contactCase('a reply', platform, slug, [event], {
          os_last_update_source: source,
          os_last_reply_message: REPLY_TEXT,
        }),
      )
      .concat({
        name: 'a reply, by the profile URL',
        platform: 'heyreach',
        steps: [[heyreach('EVERY_MESSAGE_REPLY_RECEIVED', lead('hr'))]],
        check: ({ view }) =>
          expect(byProfile(view, 'hr')).toMatchObject({
            os_last_update_source: 'HeyReach',
            os_last_reply_social_message: REPLY_TEXT,
          }),
      }),
  },
  createOrUpdateCompany: {
    offered: true,
    effect:
      "on: the lead's company (by its domain) is found or created and associated; a found one's placeholder name is filled",
    cases: [
      {
        name: "on: a new company named after the lead's company, associated",
        platform: 'smartlead',
        settings: { createOrUpdateCompany: true },
        steps: [[smartlead('EMAIL_SENT', lead('company-on'))]],
        check: ({ view }) =>
          expect(
            companiesOf(view, byEmail(view, 'company-on')).map((c) => [c.name, c.domain]),
          ).toEqual([['company-on Widgets GmbH', 'company-on.example']]),
      },
      {
        name: 'on: the existing company of the domain is associated, none created',
        platform: 'instantly',
        settings: { createOrUpdateCompany: true },
        seed: async ({ app }) => ({
          company: await hubspotCreate(app, '/crm/v3/objects/companies', {
            properties: { name: 'Existing Co', domain: 'company-known.example' },
          }),
        }),
        steps: [[instantly('email_sent', lead('company-known'))]],
        check: ({ view, seeded }) =>
          expect([
            companiesWith(view, 'company-known.example').map((company) => company.id),
            companiesOf(view, byEmail(view, 'company-known')).map((company) => company.id),
          ]).toEqual([[seeded.company], [seeded.company]]),
      },
      ...HUBSPOT_FOUND_COMPANY_NAMES,
      noCompany('off: no company', 'smartlead', false, smartlead('EMAIL_SENT', lead('co-off'))),
      noCompany('on, social tool', 'heyreach', true, heyreach('MESSAGE_SENT', lead('co-hr'))),
    ],
  },
  createContactCustomProperties: {
    offered: true,
    effect: "on: OutSync's os_* contact properties are written; off: only HubSpot's own",
    cases: [
      contactCase(
        'on: os_* properties',
        'smartlead',
        'custom-on',
        [smartlead('EMAIL_REPLY', lead('custom-on'))],
        { os_last_reply_message: REPLY_TEXT, os_last_campaign_name: 'Matrix campaign' },
        { createContactCustomProperties: true },
      ),
      {
        name: 'off: no os_* property; the contact and its e-mail are still written',
        platform: 'smartlead',
        settings: { createContactCustomProperties: false },
        steps: [[smartlead('EMAIL_REPLY', lead('custom-off'))]],
        check: ({ view }) =>
          expect([
            Object.keys(byEmail(view, 'custom-off')).filter((name) => name.startsWith('os_')),
            byEmail(view, 'custom-off').lastname,
            emailsOf(view, byEmail(view, 'custom-off')).length,
          ]).toEqual([[], 'Custom-off', 1]),
      },
    ],
  },
  assignCompanyOwner: {
    offered: true,
    effect: 'on: a new company, or a found one without an owner, belongs to the selected owner',
    cases: HUBSPOT_COMPANY_OWNERS,
  },
  assignContactOwner: {
    offered: true,
    effect: 'on: a contact without an owner gets the selected one; an owner already set stays',
    cases: [
      ['on: a new contact gets the selected owner', true, null, '70000002'] as const,
      ['on: an existing contact keeps its owner', true, RILEY, '70000003'] as const,
      ['on: an existing contact without one gets it', true, '', '70000002'] as const,
      ['off: a new contact has no owner', false, null, null] as const,
    ].map(([name, assign, existing, expected], index): Case => ({
      name,
      platform: 'instantly',
      owner: SAM,
      settings: { assignContactOwner: assign },
      seed:
        existing === null
          ? undefined
          : seedContact({
              email: `lead@owner-${index}.example`,
              ...(existing ? { hubspot_owner_id: existing } : {}),
            }),
      steps: [[instantly('email_sent', lead(`owner-${index}`))]],
      check: ({ view }) =>
        expect(byEmail(view, `owner-${index}`).hubspot_owner_id ?? null).toBe(expected),
    })),
  },
  createOrUpdateTask: {
    offered: true,
    effect:
      'on: every event is a completed task (default subject); off: only e-mails and social messages are activities',
    cases: [
      openCase('on: an e-mail open is a task', 'task-on', { createOrUpdateTask: true }, [
        OPEN_TASK,
      ]),
      openCase('off: an e-mail open is no activity', 'task-off', { createOrUpdateTask: false }, []),
      {
        name: 'off: follows, likes, views and tag changes are no activity (the form stored log type 1)',
        platform: 'heyreach',
        settings: { createOrUpdateTask: false },
        steps: [
          (['FOLLOW_SENT', 'LIKED_POST', 'VIEWED_PROFILE', 'LEAD_TAG_UPDATED'] as const).map(
            (type) => heyreach(type, lead('social-quiet')),
          ),
        ],
        check: ({ view }) => {
          expect(taskSubjects(view, byProfile(view, 'social-quiet'))).toEqual([]);
          expect(byProfile(view, 'social-quiet').os_last_view_time).toBe(
            '2026-03-10T18:30:00.000Z',
          );
        },
      },
      {
        name: 'off: a connection request and a message are completed tasks',
        platform: 'heyreach',
        settings: { createOrUpdateTask: false },
        steps: [
          [heyreach('CONNECTION_REQUEST_SENT', lead('social-talk'))],
          [heyreach('MESSAGE_SENT', lead('social-talk'))],
        ],
        check: ({ view }) =>
          expect(taskSubjects(view, byProfile(view, 'social-talk'))).toEqual([
            '[OS] [HeyReach - CONNECTION_REQUEST_SENT]',
            '[OS] [HeyReach - MESSAGE_SENT]',
          ]),
      },
      {
        name: 'on: a follow is a task',
        platform: 'heyreach',
        settings: { createOrUpdateTask: true },
        steps: [[heyreach('FOLLOW_SENT', lead('follow'))]],
        check: ({ view }) =>
          expect(taskSubjects(view, byProfile(view, 'follow'))).toEqual([FOLLOW_TASK]),
      },
    ],
  },
  logType: {
    offered: false,
    effect:
      'HubSpot has no Log Type (Create task is its task choice): a stored one changes nothing',
    cases: [openCase('1: an e-mail open is still no activity', 'logtype-one', { logType: 1 }, [])],
  },
  customTaskSubject: {
    offered: false,
    effect: 'HubSpot has no Custom Task Subject: tasks take the default subject',
    cases: [
      openCase(
        'a stored custom subject: the task has the default one',
        'subject-custom',
        { createOrUpdateTask: true, logType: 1, customTaskSubject: 'Custom {{ event_type }}' },
        [OPEN_TASK],
      ),
    ],
  },
  salesforceTaskType: {
    offered: false,
    effect: 'a Salesforce setting: HubSpot tasks keep their type',
    cases: [
      {
        name: 'Call: the task is still an e-mail task',
        platform: 'smartlead',
        settings: { createOrUpdateTask: true, logType: 1, salesforceTaskType: 'Call' },
        steps: [[smartlead('EMAIL_OPEN', lead('tasktype'))]],
        check: ({ view }) =>
          expect(tasksOf(view, byEmail(view, 'tasktype')).map((t) => t.hs_task_type)).toEqual([
            'EMAIL',
          ]),
      },
    ],
  },
  salesforceObjectType: salesforceOnly('salesforceObjectType', { salesforceObjectType: 'Lead' }),
  salesforceOnlyUpdate: salesforceOnly('salesforceOnlyUpdate', { salesforceOnlyUpdate: true }),
  salesforceCustomFieldObjects: salesforceOnly('salesforceCustomFieldObjects', {
    salesforceCustomFieldObjects: ['Lead'],
  }),
  objectLookupMethod: {
    offered: true,
    effect:
      'how the contact is found: the e-mail (social: the profile URL first), or os_objectlookup_id first',
    cases: [
      {
        name: 'default: the contact of the e-mail is updated, not created again',
        platform: 'smartlead',
        seed: seedContact({ email: 'lead@lookup-default.example', firstname: 'Old' }),
        steps: [[smartlead('EMAIL_REPLY', lead('lookup-default'))]],
        check: ({ view, seeded }) =>
          expect(byEmail(view, 'lookup-default')).toMatchObject({
            id: seeded.contact,
            firstname: 'Ada',
          }),
      },
      {
        name: 'AlternativeProperty (hs_object_id): the contact of the id, whatever its e-mail',
        platform: 'bison',
        settings: {
          objectLookupMethod: 'AlternativeProperty',
          objectLookupIdField: 'hs_object_id',
        },
        seed: seedContact({ email: 'old@lookup-alternative.example' }),
        steps: ({ contact }) => [
          [bison('LEAD_REPLIED', lead('lookup-alternative', { objectLookupId: contact }))],
        ],
        check: ({ view, seeded }) =>
          expect(byEmail(view, 'lookup-alternative').id).toBe(seeded.contact),
      },
      {
        name: 'default, social tool: the contact of the profile URL is updated, not created again',
        platform: 'heyreach',
        seed: seedContact({ hs_linkedin_url: 'https://www.linkedin.com/in/lookup-social' }),
        steps: [[heyreach('VIEWED_PROFILE', lead('lookup-social', { email: null }))]],
        check: ({ view, seeded }) =>
          expect(byProfile(view, 'lookup-social').id).toBe(seeded.contact),
      },
    ],
  },
  objectLookupIdField: {
    offered: true,
    effect:
      "the contact property holding the lead's os_objectlookup_id ('Object lookup selection')",
    cases: ['AlternativeProperty', 'OptionalAlternativeProperty'].map((method, index): Case => ({
      name: `${method}: the contact holding the value gets the event`,
      platform: 'instantly',
      settings: { objectLookupMethod: method, objectLookupIdField: EXTERNAL_ID },
      seed: seedContact({ email: `old@ext-${index}.example`, [EXTERNAL_ID]: `EXT-${index}` }),
      steps: [[instantly('email_sent', lead(`ext-${index}`, { objectLookupId: `EXT-${index}` }))]],
      check: ({ view, seeded }) =>
        expect(byEmail(view, `ext-${index}`)).toMatchObject({
          id: seeded.contact,
          [EXTERNAL_ID]: `EXT-${index}`,
        }),
    })),
  },
  objectDefaultSearchProperty: {
    offered: true,
    effect: "the social tool's default lookup: the contact property holding the profile URL",
    cases: [
      {
        name: 'a property of its own: the contact holding the URL is updated; a new one gets it',
        platform: 'heyreach',
        settings: { objectLookupMethod: 'default', objectDefaultSearchProperty: LINKEDIN },
        seed: seedContact({ [LINKEDIN]: 'https://www.linkedin.com/in/profile-known' }),
        steps: [
          [
            heyreach('VIEWED_PROFILE', lead('profile-known', { email: null })),
            heyreach('VIEWED_PROFILE', lead('profile-new', { email: null })),
          ],
        ],
        check: ({ view, seeded }) => {
          expect(byProfile(view, 'profile-known', LINKEDIN).id).toBe(seeded.contact);
          expect(byProfile(view, 'profile-new', LINKEDIN).hs_linkedin_url ?? null).toBeNull();
        },
      },
    ],
  },
  optionalAlternativeProperty: {
    offered: true,
    effect: 'the social tool: os_objectlookup_id, profile URL and e-mail properties, in that order',
    cases: [
      {
        name: 'the profile URL property: the contact holding the URL is updated',
        platform: 'heyreach',
        settings: {
          objectLookupMethod: 'OptionalAlternativeProperty',
          optionalAlternativeProperty: { profile_url: LINKEDIN, email: 'email' },
        },
        seed: seedContact({
          email: 'other@optional.example',
          [LINKEDIN]: 'https://www.linkedin.com/in/optional',
        }),
        steps: [[heyreach('LIKED_POST', lead('optional'))]],
        check: ({ view, seeded }) =>
          expect(byProfile(view, 'optional', LINKEDIN).id).toBe(seeded.contact),
      },
    ],
  },
  apiKeyId: {
    offered: true,
    effect: "filtered: the key through which the platform is asked an unknown lead's category",
    cases: [
      {
        // Ava Carter is a seeded Smartlead lead of category 1 (and a seeded HubSpot contact).
        name: 'a lead the platform has as Interested is written at once',
        platform: 'smartlead',
        seed: seedSmartleadKey,
        settings: ({ key }) => ({ apiKeyId: key, smartleadBaseCategories: INTERESTED }),
        steps: [
          [smartlead('EMAIL_REPLY', lead('ava', { email: 'ava.carter@acme-robotics.example' }))],
        ],
        check: ({ view }) =>
          expect(theContact(view, 'ava.carter@acme-robotics.example').os_last_reply_message).toBe(
            REPLY_TEXT,
          ),
      },
    ],
  },
  smartleadBaseCategories: {
    offered: true,
    effect: 'filtered: a lead outside the categories is held, and written once it reaches one',
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
        check: ({ view }) =>
          expect(byEmail(view, 'held').os_last_lead_category_name).toBe('Interested'),
      },
      {
        name: "bison's fixed list, no key: held until Interested",
        platform: 'bison',
        settings: { smartleadBaseCategories: [{ id: 'lead_interested', name: 'Interested' }] },
        steps: [
          [bison('LEAD_REPLIED', lead('held-bison'))],
          [bison('LEAD_INTERESTED', lead('held-bison'))],
        ],
        outcome: [['held'], ['synced', 'synced']],
        check: ({ view }) => expect(byEmail(view, 'held-bison').firstname).toBe('Ada'),
      },
    ],
  },
  additionalEndpoints: {
    offered: true,
    effect: 'forwarding besides the CRM: the event is sent to the endpoint and written as ever',
    cases: [
      {
        name: 'an endpoint for replies: the reply is forwarded and written',
        platform: 'smartlead',
        endpoint: { name: 'matrix-hubspot', eventTypes: ['EMAIL_REPLY'] },
        steps: [[smartlead('EMAIL_REPLY', lead('forwarded'))]],
        check: ({ view, forwarded }) => {
          expect(forwarded).toEqual([
            expect.objectContaining({ eventType: 'EMAIL_REPLY', platform: 'smartlead' }),
          ]);
          expect(byEmail(view, 'forwarded').os_last_reply_message).toBe(REPLY_TEXT);
        },
      },
    ],
  },
  owner: {
    offered: true,
    effect: 'activities belong to the selected owner; records get it through the assign switches',
    cases: [
      [SAM, true, '70000002', '70000002'] as const,
      [RILEY, false, '70000003', null] as const,
    ].map(([owner, assign, activityOwner, contactOwner]): Case => ({
      name: `${owner}, assign contact owner ${assign ? 'on' : 'off'}`,
      platform: 'smartlead',
      owner,
      settings: { assignContactOwner: assign },
      steps: [[smartlead('EMAIL_REPLY', lead(`owner-of-${owner}`))]],
      check: ({ view }) => {
        const contact = byEmail(view, `owner-of-${owner}`);
        expect(contact.hubspot_owner_id ?? null).toBe(contactOwner);
        expect(emailsOf(view, contact).map((email) => email.hubspot_owner_id)).toEqual([
          activityOwner,
        ]);
      },
    })),
  },
};

describeMatrix<HubspotView>({
  crm: 'HUBSPOT',
  start: startHubspotMatrix,
  owner: () => DANA,
  snapshot: (matrix) => sandboxState<HubspotView>(matrix.app, 'hubspot'),
  matrix: HUBSPOT_MATRIX,
  beyond: {
    'auto-replies are not replies: nothing reaches the CRM (the reference maps them to nothing)': [
      ['instantly', instantly('auto_reply_received', lead('auto-in'))] as const,
      ['bison', bison('LEAD_REPLIED_AUTOMATED', lead('auto-bi'))] as const,
    ].map(([platform, event]): Case => ({
      name: 'an automatic reply',
      platform,
      steps: [[event]],
      outcome: [['not_synced']],
      check: ({ view }) =>
        expect(view.contacts.map((row) => String(row.email)).filter(isAuto)).toEqual([]),
    })),
    "the lead's job title and company": [
      contactCase('jobtitle and company', 'bison', 'title', [bison('EMAIL_SENT', lead('title'))], {
        jobtitle: 'Head of title',
        company: 'title Widgets GmbH',
      }),
      {
        name: "a send naming no company: the new company takes the contact's company name",
        platform: 'smartlead',
        seed: seedContact({ email: 'lead@paidplan.example', company: 'Paidplan Widgets GmbH' }),
        steps: [[smartlead('EMAIL_SENT', lead('paidplan', { company: '' }))]],
        check: ({ view }) =>
          expect(companiesWith(view, 'paidplan.example').map((c) => c.name)).toEqual([
            'Paidplan Widgets GmbH',
          ]),
      },
    ],
    'unsubscribes (no subscription scope: the os_ property only)': [
      contactCase(
        'an unsubscribe sets os_last_unsubscribe_time',
        'smartlead',
        'unsubscribed',
        [smartlead('LEAD_UNSUBSCRIBED', lead('unsubscribed'))],
        { os_last_unsubscribe_time: '2026-03-10T18:30:00.000Z' },
      ),
    ],
  },
});
