// The webhook forms' model and transitions (spec 01 §2.7–2.10, §4, §9); the spec's texts spelt
// literally.
import { SPEC_SWITCH_DEFAULTS } from './testing';
import type { CrmKind } from '@outsync/contracts';
import type { CrmOwner } from '@outsync/contracts/accounts';
import {
  categoriesLoadFailed,
  changeApiKey,
  changeCustomFieldObjects,
  changeLogType,
  changeLookupMethod,
  changePlatform,
  endpointEventTypeOptions,
  fixedCategoriesOf,
  initialWebhookForm,
  showsApiKey,
  webhookBodyFromForm,
  webhookFormFromWebhook,
  type WebhookFormValues,
} from './webhook-form';
import { lookupMethodOptions } from './lookup-methods';
import { webhookSwitchDefaults, type Webhook } from './webhooks.schemas';

const DEFAULT_SUBJECT = '[OS] [{{ os_sales_engagement_platform }} - {{ event_type }}] {{ subject}}';
const OWNER: CrmOwner = {
  id: '101',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
};
const KEY = '0123456789abcdef01234567';
const OTHER_KEY = '76543210fedcba9876543210';
const ACCOUNT_A = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const ACCOUNT_B = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const INTERESTED = { id: 'lead_interested', name: 'Interested' };

describe('initialWebhookForm', () => {
  const common = {
    owner: null,
    emailService: null,
    objectLookupMethod: 'default',
    lookupProperty: null,
    profileUrlProperty: null,
    emailProperty: null,
    objectLookupIdFieldEnabled: false,
    objectLookupIdProperty: null,
    approvedEvents: 'all',
    apiKeyId: null,
    categories: [],
    endpoints: [{ userAccountId: null, eventTypes: [] }],
    ...SPEC_SWITCH_DEFAULTS,
    salesforceCustomFieldObjects: [],
    permissionSetId: null,
    fieldsCreated: false,
    logType: 0,
    salesforceTaskType: null,
    customTaskSubject: DEFAULT_SUBJECT,
    salesforceObjectType: 'Contact',
  };

  it('HUBSPOT: custom contact properties on, the default subject', () => {
    expect(initialWebhookForm('HUBSPOT')).toEqual({
      ...common,
      crm: 'HUBSPOT',
      createContactCustomProperties: true,
    });
  });

  it('SALESFORCE: custom fields off, the default subject', () => {
    expect(initialWebhookForm('SALESFORCE')).toEqual({
      ...common,
      crm: 'SALESFORCE',
      createContactCustomProperties: false,
    });
  });
});

/** A create form with choices made, to see what a transition changes and what it keeps. */
function filledForm(crm: CrmKind, changes: Partial<WebhookFormValues> = {}): WebhookFormValues {
  return {
    ...initialWebhookForm(crm),
    owner: OWNER,
    emailService: 'smartlead',
    objectLookupMethod: 'AlternativeProperty',
    lookupProperty: 'custom_lookup',
    profileUrlProperty: 'custom_profile',
    emailProperty: 'custom_email',
    approvedEvents: 'filtered',
    apiKeyId: KEY,
    categories: [INTERESTED],
    endpoints: [
      { userAccountId: ACCOUNT_A, eventTypes: ['EMAIL_SENT', 'EMAIL_OPEN'] },
      { userAccountId: ACCOUNT_B, eventTypes: ['EMAIL_REPLY'] },
    ],
    createOrUpdateCompany: false,
    salesforceTaskType: 'Call',
    ...changes,
  };
}

describe('changePlatform', () => {
  it('to the social tool on HUBSPOT (create form)', () => {
    const values = filledForm('HUBSPOT');
    expect(changePlatform(values, 'heyreach')).toEqual({
      ...values,
      emailService: 'heyreach',
      createOrUpdateCompany: false,
      endpoints: [
        { userAccountId: ACCOUNT_A, eventTypes: [] },
        { userAccountId: ACCOUNT_B, eventTypes: [] },
      ],
      apiKeyId: null,
      categories: [],
      objectLookupMethod: 'default',
      logType: 1,
      salesforceTaskType: 'Other',
      lookupProperty: 'hs_linkedin_url',
      profileUrlProperty: 'hs_linkedin_url',
    });
  });

  it('the settings dialog keeps the API key and the categories while the platform stays', () => {
    const values = filledForm('HUBSPOT');
    expect(values.emailService).toBe('smartlead');
    expect(changePlatform(values, 'smartlead')).toMatchObject({
      apiKeyId: KEY,
      categories: [INTERESTED],
    });
  });

  it("the settings dialog clears the key and categories of another platform's key", () => {
    const values = filledForm('HUBSPOT');
    expect(changePlatform(values, 'heyreach')).toMatchObject({
      apiKeyId: null,
      categories: [],
      endpoints: [
        { userAccountId: ACCOUNT_A, eventTypes: [] },
        { userAccountId: ACCOUNT_B, eventTypes: [] },
      ],
    });
    expect(changePlatform(values, 'instantly')).toMatchObject({
      apiKeyId: null,
      categories: [],
    });
  });

  it('from the social tool to another platform on HUBSPOT: the lookup field becomes null', () => {
    const values = filledForm('HUBSPOT', {
      emailService: 'heyreach',
      lookupProperty: 'hs_linkedin_url',
      createOrUpdateCompany: false,
      logType: 1,
      salesforceTaskType: 'Other',
    });
    expect(changePlatform(values, 'instantly')).toEqual({
      ...values,
      emailService: 'instantly',
      createOrUpdateCompany: true,
      endpoints: [
        { userAccountId: ACCOUNT_A, eventTypes: [] },
        { userAccountId: ACCOUNT_B, eventTypes: [] },
      ],
      apiKeyId: null,
      categories: [],
      objectLookupMethod: 'default',
      logType: 0,
      lookupProperty: null,
    });
  });

  it('between e-mail sequencers on HUBSPOT the lookup field stays', () => {
    const values = filledForm('HUBSPOT', { logType: 1 });
    const next = changePlatform(values, 'bison');
    expect(next).toMatchObject({
      emailService: 'bison',
      createOrUpdateCompany: true,
      objectLookupMethod: 'default',
      lookupProperty: 'custom_lookup',
      profileUrlProperty: 'custom_profile',
      logType: 0,
      salesforceTaskType: 'Call',
    });
  });

  it('the first platform on HUBSPOT leaves the lookup field alone', () => {
    const values = { ...initialWebhookForm('HUBSPOT'), lookupProperty: 'custom_lookup' };
    expect(changePlatform(values, 'smartlead').lookupProperty).toBe('custom_lookup');
  });

  it('SALESFORCE: Id and Email preselected, no HUBSPOT property', () => {
    const values = filledForm('SALESFORCE');
    expect(changePlatform(values, 'heyreach')).toEqual({
      ...values,
      emailService: 'heyreach',
      createOrUpdateCompany: false,
      endpoints: [
        { userAccountId: ACCOUNT_A, eventTypes: [] },
        { userAccountId: ACCOUNT_B, eventTypes: [] },
      ],
      apiKeyId: null,
      categories: [],
      objectLookupMethod: 'default',
      logType: 1,
      salesforceTaskType: 'Other',
      lookupProperty: 'Id',
      emailProperty: 'Email',
    });
    const fromSocial = filledForm('SALESFORCE', { emailService: 'heyreach', logType: 1 });
    expect(changePlatform(fromSocial, 'smartlead')).toMatchObject({
      createOrUpdateCompany: true,
      logType: 0,
      salesforceTaskType: 'Call',
      lookupProperty: 'Id',
      emailProperty: 'Email',
    });
  });
});

describe('changeLookupMethod', () => {
  it('HUBSPOT, social tool, Default: the social-profile-URL property is preselected', () => {
    const values = filledForm('HUBSPOT', { emailService: 'heyreach' });
    expect(changeLookupMethod(values, 'default')).toEqual({
      ...values,
      objectLookupMethod: 'default',
      profileUrlProperty: 'hs_linkedin_url',
    });
  });

  it('HUBSPOT, another platform or none, Default: nothing is preselected', () => {
    for (const platform of ['smartlead', null] as const) {
      const values = filledForm('HUBSPOT', { emailService: platform });
      expect(changeLookupMethod(values, 'default')).toEqual({
        ...values,
        objectLookupMethod: 'default',
      });
    }
  });

  it.each(['smartlead', 'heyreach', null] as const)(
    'HUBSPOT, %s, a non-default method: the object-id and e-mail properties are preselected',
    (platform) => {
      const values = filledForm('HUBSPOT', {
        emailService: platform,
        objectLookupMethod: 'default',
      });
      for (const method of ['AlternativeProperty', 'OptionalAlternativeProperty'] as const) {
        expect(changeLookupMethod(values, method)).toEqual({
          ...values,
          objectLookupMethod: method,
          lookupProperty: 'hs_object_id',
          emailProperty: 'email',
        });
      }
    },
  );

  it.each(['smartlead', 'instantly', 'bison', 'heyreach', null] as const)(
    "SALESFORCE, %s: 'Id' and 'Email' are preselected",
    (platform) => {
      const values = filledForm('SALESFORCE', { emailService: platform });
      for (const method of [
        'default',
        'AlternativeProperty',
        'OptionalAlternativeProperty',
      ] as const) {
        expect(changeLookupMethod(values, method)).toEqual({
          ...values,
          objectLookupMethod: method,
          lookupProperty: 'Id',
          emailProperty: 'Email',
        });
      }
    },
  );
});

describe('changeLogType', () => {
  it("log type 1: 'Email' by default, 'Other' for the social tool", () => {
    const none = { salesforceTaskType: null };
    expect(changeLogType(filledForm('SALESFORCE', none), 1)).toMatchObject({
      logType: 1,
      salesforceTaskType: 'Email',
    });
    expect(
      changeLogType(filledForm('SALESFORCE', { ...none, emailService: 'heyreach' }), 1),
    ).toMatchObject({ logType: 1, salesforceTaskType: 'Other' });
    expect(
      changeLogType(filledForm('SALESFORCE', { ...none, emailService: null }), 1),
    ).toMatchObject({
      logType: 1,
      salesforceTaskType: 'Email',
    });
  });

  it('does not overwrite a chosen task type', () => {
    const values = filledForm('SALESFORCE', {
      emailService: 'heyreach',
      salesforceTaskType: 'Call',
    });
    expect(changeLogType(values, 1)).toEqual({ ...values, logType: 1 });
  });

  it('log type 0 only sets the log type', () => {
    const values = filledForm('SALESFORCE', { logType: 1, salesforceTaskType: null });
    expect(changeLogType(values, 0)).toEqual({ ...values, logType: 0 });
  });
});

describe('Categories', () => {
  it('removing the API key clears the categories', () => {
    expect(changeApiKey(filledForm('HUBSPOT'), null)).toMatchObject({
      apiKeyId: null,
      categories: [],
    });
  });

  it('another API key clears the categories (they are reloaded)', () => {
    expect(changeApiKey(filledForm('HUBSPOT'), OTHER_KEY)).toMatchObject({
      apiKeyId: OTHER_KEY,
      categories: [],
    });
  });

  it('the same API key keeps them', () => {
    const values = filledForm('SALESFORCE');
    expect(changeApiKey(values, KEY)).toEqual(values);
  });

  it('a failed category load clears the API key selection and the categories', () => {
    const values = filledForm('HUBSPOT');
    expect(categoriesLoadFailed(values)).toEqual({ ...values, apiKeyId: null, categories: [] });
  });
});

describe('changeCustomFieldObjects', () => {
  const created = filledForm('SALESFORCE', {
    salesforceCustomFieldObjects: ['Contact', 'Lead'],
    fieldsCreated: true,
  });

  it('the same objects, in any order, keep the fields-created flag', () => {
    expect(changeCustomFieldObjects(created, ['Lead', 'Contact'])).toEqual({
      ...created,
      salesforceCustomFieldObjects: ['Lead', 'Contact'],
    });
  });

  it('other objects drop it', () => {
    expect(changeCustomFieldObjects(created, ['Contact'])).toEqual({
      ...created,
      salesforceCustomFieldObjects: ['Contact'],
      fieldsCreated: false,
    });
    const contact = { ...created, salesforceCustomFieldObjects: ['Contact' as const] };
    expect(changeCustomFieldObjects(contact, ['Lead']).fieldsCreated).toBe(false);
    expect(changeCustomFieldObjects(contact, ['Contact', 'Lead']).fieldsCreated).toBe(false);
  });

  it('a flag that is down stays down', () => {
    const values = { ...created, fieldsCreated: false };
    expect(changeCustomFieldObjects(values, ['Contact', 'Lead']).fieldsCreated).toBe(false);
  });
});

/** A stored webhook as the list answers it. */
function storedWebhook(crm: CrmKind, changes: Partial<Webhook> = {}): Webhook {
  return {
    // Switches this file does not name keep their defaults (a new switch needs no edit here).
    ...webhookSwitchDefaults,
    id: '0000000000000000000000aa',
    userId: '0000000000000000000000bb',
    userProfileId: '0000000000000000000000cc',
    user: {
      id: '0000000000000000000000bb',
      profile: crm,
      email: 'ada@example.com',
      organizationDomain: 'example.com',
      organizationId: '4455',
      settings: { domain: 'example.com' },
      userAccounts: [],
    },
    selectedOwner: OWNER,
    ownerDetails: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
    hubId: '4455',
    hubspotOwnerId: '101',
    webhookUrl: 'https://api.example.com/webhooks/abc',
    code: 'abc',
    createdAt: '2025-01-01T00:00:00.000Z',
    apiKey: null,
    userAccountWebhooks: [],
    canUpdate: true,
    emailService: 'smartlead',
    ...SPEC_SWITCH_DEFAULTS,
    createContactCustomProperties: crm === 'HUBSPOT',
    apiKeyId: null,
    smartleadBaseCategories: null,
    customTaskSubject: '',
    logType: 0,
    salesforceObjectType: 'Contact',
    salesforceCustomFieldObjects: [],
    salesforceTaskType: null,
    objectLookupMethod: 'default',
    objectLookupIdField: null,
    objectDefaultSearchProperty: null,
    optionalAlternativeProperty: null,
    ...changes,
  };
}

describe('webhookFormFromWebhook', () => {
  it('HUBSPOT, the social tool, Default, filtered, with endpoints', () => {
    const webhook = storedWebhook('HUBSPOT', {
      emailService: 'heyreach',
      createOrUpdateCompany: false,
      createOrUpdateTask: true,
      assignCompanyOwner: true,
      assignContactOwner: true,
      apiKeyId: KEY,
      apiKey: { id: KEY, description: 'Main' },
      smartleadBaseCategories: [INTERESTED],
      logType: 1,
      salesforceTaskType: 'Other',
      objectDefaultSearchProperty: 'hs_linkedin_url',
      userAccountWebhooks: [
        {
          userAccount: { id: ACCOUNT_A, description: 'Mirror' },
          eventTypes: ['MESSAGE_SENT', 'LIKED_POST'],
        },
        { userAccount: { id: ACCOUNT_B, description: 'Backup' }, eventTypes: ['FOLLOW_SENT'] },
      ],
    });
    expect(webhookFormFromWebhook(webhook)).toEqual({
      crm: 'HUBSPOT',
      owner: OWNER,
      emailService: 'heyreach',
      objectLookupMethod: 'default',
      lookupProperty: null,
      profileUrlProperty: 'hs_linkedin_url',
      emailProperty: null,
      objectLookupIdFieldEnabled: false,
      objectLookupIdProperty: null,
      approvedEvents: 'filtered',
      apiKeyId: KEY,
      categories: [INTERESTED],
      endpoints: [
        { userAccountId: ACCOUNT_A, eventTypes: ['MESSAGE_SENT', 'LIKED_POST'] },
        { userAccountId: ACCOUNT_B, eventTypes: ['FOLLOW_SENT'] },
      ],
      ...SPEC_SWITCH_DEFAULTS,
      createOrUpdateCompany: false,
      assignCompanyOwner: true,
      assignContactOwner: true,
      createOrUpdateTask: true,
      salesforceCustomFieldObjects: [],
      permissionSetId: null,
      fieldsCreated: false,
      logType: 1,
      salesforceTaskType: 'Other',
      customTaskSubject: DEFAULT_SUBJECT,
      salesforceObjectType: 'Contact',
    });
  });

  it('no categories: all; no endpoints: one empty row', () => {
    for (const smartleadBaseCategories of [null, []]) {
      const values = webhookFormFromWebhook(storedWebhook('HUBSPOT', { smartleadBaseCategories }));
      expect(values.approvedEvents).toBe('all');
      expect(values.categories).toEqual([]);
      expect(values.endpoints).toEqual([{ userAccountId: null, eventTypes: [] }]);
    }
  });

  it('HUBSPOT, OptionalAlternativeProperty: the three properties', () => {
    const webhook = storedWebhook('HUBSPOT', {
      emailService: 'heyreach',
      objectLookupMethod: 'OptionalAlternativeProperty',
      objectDefaultSearchProperty: 'not_read',
      optionalAlternativeProperty: {
        email: 'email',
        profile_url: 'hs_linkedin_url',
        os_objectlookup_id: 'hs_object_id',
      },
    });
    expect(webhookFormFromWebhook(webhook)).toMatchObject({
      objectLookupMethod: 'OptionalAlternativeProperty',
      lookupProperty: 'hs_object_id',
      profileUrlProperty: 'hs_linkedin_url',
      emailProperty: 'email',
    });
  });

  it('HUBSPOT, an e-mail sequencer, AlternativeProperty: the lookup field', () => {
    const webhook = storedWebhook('HUBSPOT', {
      objectLookupMethod: 'AlternativeProperty',
      objectLookupIdField: 'hs_object_id',
      optionalAlternativeProperty: { os_objectlookup_id: 'not_read' },
    });
    expect(webhookFormFromWebhook(webhook)).toMatchObject({
      lookupProperty: 'hs_object_id',
      profileUrlProperty: null,
      emailProperty: null,
      objectLookupIdFieldEnabled: false,
      objectLookupIdProperty: null,
    });
  });

  it('the Profile URL comes from objectDefaultSearchProperty only for HUBSPOT, the social tool and Default', () => {
    const profileUrlOf = (crm: CrmKind, changes: Partial<Webhook>) =>
      webhookFormFromWebhook(
        storedWebhook(crm, {
          objectDefaultSearchProperty: 'default_property',
          optionalAlternativeProperty: { profile_url: 'optional_property' },
          ...changes,
        }),
      ).profileUrlProperty;
    expect(profileUrlOf('HUBSPOT', { emailService: 'heyreach' })).toBe('default_property');
    expect(profileUrlOf('HUBSPOT', { emailService: 'smartlead' })).toBe('optional_property');
    expect(
      profileUrlOf('HUBSPOT', {
        emailService: 'heyreach',
        objectLookupMethod: 'OptionalAlternativeProperty',
      }),
    ).toBe('optional_property');
    expect(profileUrlOf('SALESFORCE', { emailService: 'heyreach' })).toBe('optional_property');
  });

  it('SALESFORCE: the lookup selection, the os_objectlookup_id checkbox and field, custom fields', () => {
    const webhook = storedWebhook('SALESFORCE', {
      emailService: 'instantly',
      objectLookupMethod: 'AlternativeProperty',
      objectDefaultSearchProperty: 'Id',
      objectLookupIdField: 'os_id__c',
      createContactCustomProperties: true,
      salesforceCustomFieldObjects: ['Contact', 'Lead'],
      logType: 1,
      salesforceTaskType: 'Call',
      customTaskSubject: 'Reply: {{ subject }}',
      salesforceObjectType: 'Lead',
      salesforceOnlyUpdate: true,
    });
    expect(webhookFormFromWebhook(webhook)).toMatchObject({
      crm: 'SALESFORCE',
      lookupProperty: 'Id',
      objectLookupIdFieldEnabled: true,
      objectLookupIdProperty: 'os_id__c',
      createContactCustomProperties: true,
      salesforceCustomFieldObjects: ['Contact', 'Lead'],
      // Its fields were created before it could be saved.
      fieldsCreated: true,
      logType: 1,
      salesforceTaskType: 'Call',
      customTaskSubject: 'Reply: {{ subject }}',
      salesforceObjectType: 'Lead',
      salesforceOnlyUpdate: true,
    });
    expect(webhookFormFromWebhook({ ...webhook, objectLookupIdField: null })).toMatchObject({
      objectLookupIdFieldEnabled: false,
      objectLookupIdProperty: null,
    });
  });
});

describe('webhookBodyFromForm', () => {
  it('HUBSPOT, all: no API key and no categories', () => {
    const values = filledForm('HUBSPOT', {
      approvedEvents: 'all',
      endpoints: [
        { userAccountId: ACCOUNT_A, eventTypes: ['EMAIL_SENT'] },
        { userAccountId: null, eventTypes: [] },
      ],
      assignCompanyOwner: true,
      createOrUpdateTask: true,
    });
    expect(webhookBodyFromForm(values)).toEqual({
      emailService: { type: 'smartlead', name: 'Smartlead' },
      ...SPEC_SWITCH_DEFAULTS,
      createOrUpdateCompany: false,
      createOrUpdateTask: true,
      assignCompanyOwner: true,
      apiKeyId: null,
      smartleadBaseCategories: null,
      additionalEndpoints: [{ userAccount: { id: ACCOUNT_A }, eventTypes: ['EMAIL_SENT'] }],
      customTaskSubject: DEFAULT_SUBJECT,
      logType: 0,
      salesforceObjectType: 'Contact',
      salesforceCustomFieldObjects: [],
      salesforceTaskType: 'Call',
      objectLookupMethod: 'AlternativeProperty',
      objectLookupIdField: 'custom_lookup',
      objectDefaultSearchProperty: 'custom_profile',
      optionalAlternativeProperty: {
        email: 'custom_email',
        profile_url: 'custom_profile',
        os_objectlookup_id: 'custom_lookup',
      },
    });
  });

  it('filtered: the API key and the categories', () => {
    for (const platform of ['smartlead', 'instantly', 'heyreach'] as const) {
      expect(webhookBodyFromForm(filledForm('HUBSPOT', { emailService: platform }))).toMatchObject({
        emailService: { type: platform },
        apiKeyId: KEY,
        smartleadBaseCategories: [INTERESTED],
      });
    }
  });

  it('bison: no API key, its categories', () => {
    expect(webhookBodyFromForm(filledForm('SALESFORCE', { emailService: 'bison' }))).toMatchObject({
      emailService: { type: 'bison', name: 'EmailBison' },
      apiKeyId: null,
      smartleadBaseCategories: [INTERESTED],
    });
  });

  it('no platform yet: none sent', () => {
    expect(webhookBodyFromForm(filledForm('HUBSPOT', { emailService: null }))).toMatchObject({
      emailService: null,
      apiKeyId: null,
    });
  });

  it('the social tool: {type, name}', () => {
    expect(
      webhookBodyFromForm(filledForm('HUBSPOT', { emailService: 'heyreach' })).emailService,
    ).toEqual({ type: 'heyreach', name: 'HeyReach' });
  });

  it('SALESFORCE: the checkbox decides objectLookupIdField; the selection is objectDefaultSearchProperty', () => {
    const values = filledForm('SALESFORCE', {
      lookupProperty: 'Id',
      objectLookupIdFieldEnabled: false,
      objectLookupIdProperty: 'os_id__c',
      profileUrlProperty: 'LinkedIn__c',
      emailProperty: 'Email',
      salesforceCustomFieldObjects: ['Lead'],
      salesforceObjectType: 'Lead',
      salesforceOnlyUpdate: true,
      logType: 1,
    });
    expect(webhookBodyFromForm(values)).toMatchObject({
      objectLookupIdField: null,
      objectDefaultSearchProperty: 'Id',
      optionalAlternativeProperty: {
        email: 'Email',
        profile_url: 'LinkedIn__c',
        os_objectlookup_id: null,
      },
      salesforceCustomFieldObjects: ['Lead'],
      salesforceObjectType: 'Lead',
      salesforceOnlyUpdate: true,
      logType: 1,
    });
    const checked = { ...values, objectLookupIdFieldEnabled: true };
    expect(webhookBodyFromForm(checked).objectLookupIdField).toBe('os_id__c');
    // The checkbox is not offered for the social tool.
    expect(
      webhookBodyFromForm({ ...checked, emailService: 'heyreach' }).objectLookupIdField,
    ).toBeNull();
  });
});

describe('options', () => {
  it('lookup method labels', () => {
    const rest = [
      { value: 'AlternativeProperty', label: 'Alternative Property (Select Below)' },
      {
        value: 'OptionalAlternativeProperty',
        label: 'Optional Alternative Property (Select Below)',
      },
    ];
    for (const platform of ['smartlead', 'instantly', 'bison', null] as const) {
      expect(lookupMethodOptions(platform)).toEqual([
        { value: 'default', label: 'Default Property (Email Address)' },
        ...rest,
      ]);
    }
    expect(lookupMethodOptions('heyreach')).toEqual([
      { value: 'default', label: 'Default Property (Social Profile)' },
      ...rest,
    ]);
  });

  const emailEvents = [
    'EMAIL_SENT',
    'EMAIL_OPEN',
    'EMAIL_REPLY',
    'EMAIL_LINK_CLICK',
    'EMAIL_BOUNCE',
    'LEAD_CATEGORY_UPDATED',
    'LEAD_UNSUBSCRIBED',
  ];
  const socialEvents = [
    'CONNECTION_REQUEST_SENT',
    'CONNECTION_REQUEST_ACCEPTED',
    'MESSAGE_SENT',
    'REPLY_RECEIVED',
    'FOLLOW_SENT',
    'LIKED_POST',
    'VIEWED_PROFILE',
  ];

  it('endpoint event types: e-mail events for the sequencers, social events for the social tool, all 14 before a platform', () => {
    for (const platform of ['smartlead', 'instantly', 'bison'] as const) {
      expect(endpointEventTypeOptions(platform)).toEqual(emailEvents);
    }
    expect(endpointEventTypeOptions('heyreach')).toEqual(socialEvents);
    expect(endpointEventTypeOptions(null)).toEqual([...emailEvents, ...socialEvents]);
  });

  it.each([
    ['filtered', 'smartlead', true],
    ['filtered', 'instantly', true],
    ['filtered', 'heyreach', true],
    ['filtered', 'bison', false],
    ['filtered', null, false],
    ['all', 'smartlead', false],
    ['all', 'heyreach', false],
  ] as const)("'API Key' shown when %s and %s: %s", (approvedEvents, platform, shown) => {
    expect(showsApiKey({ approvedEvents, emailService: platform })).toBe(shown);
  });

  it('bison’s fixed category list', () => {
    expect(fixedCategoriesOf('bison')).toEqual([{ id: 'lead_interested', name: 'Interested' }]);
    for (const platform of ['smartlead', 'instantly', 'heyreach', null] as const) {
      expect(fixedCategoriesOf(platform)).toBeNull();
    }
  });
});
