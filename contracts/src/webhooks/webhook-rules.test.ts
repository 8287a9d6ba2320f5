// Validation (spec 01 §5 "Webhook create and update") and the save rules (spec 01 §4); the
// spec's texts spelt literally.
import { SPEC_SWITCH_DEFAULTS } from './testing';
import type { CrmOwner } from '@outsync/contracts/accounts';
import {
  applyWebhookSaveRules,
  contactSearchPropertyMessage,
  firstBlockingProblem,
  optionalAlternativeOf,
  taskTypeToCheck,
  WEBHOOK_VALIDATION_SUMMARY,
  webhookProblems,
  type WebhookCheckContext,
  type WebhookCheckInput,
} from './webhook-rules';

const OWNER: CrmOwner = {
  id: '101',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
};
const KEY = '0123456789abcdef01234567';
const ACCOUNT_A = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const ACCOUNT_B = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const INTERESTED = { id: 'lead_interested', name: 'Interested' };

const hubspotCreate: WebhookCheckContext = {
  crm: 'HUBSPOT',
  form: 'create',
  customFieldsCreated: false,
};
const hubspotUpdate: WebhookCheckContext = { ...hubspotCreate, form: 'update' };
const salesforceCreate: WebhookCheckContext = {
  crm: 'SALESFORCE',
  form: 'create',
  customFieldsCreated: false,
};
const salesforceUpdate: WebhookCheckContext = { ...salesforceCreate, form: 'update' };

/** Settings that pass every check on both CRM kinds. */
const valid: WebhookCheckInput = {
  selectedOwner: OWNER,
  emailService: { type: 'smartlead', name: 'Smartlead' },
  objectLookupMethod: 'default',
  logType: 0,
  additionalEndpoints: [],
};

const blocking = (message: string) => ({ message, blocking: true });
const messagesOf = (input: WebhookCheckInput, context: WebhookCheckContext) =>
  webhookProblems(input, context).map((problem) => problem.message);

test("the warning toasts are titled 'Validation'", () => {
  expect(WEBHOOK_VALIDATION_SUMMARY).toBe('Validation');
});

describe('webhookProblems: both CRM kinds', () => {
  const contexts = [hubspotCreate, hubspotUpdate, salesforceCreate, salesforceUpdate];

  it.each(contexts)('valid settings have no problem ($crm, $form)', (context) => {
    expect(webhookProblems(valid, context)).toEqual([]);
    expect(firstBlockingProblem(valid, context)).toBeUndefined();
  });

  it.each([hubspotCreate, salesforceCreate])(
    "no owner on create: 'Select Owner' ($crm)",
    (context) => {
      expect(webhookProblems({ ...valid, selectedOwner: null }, context)).toEqual([
        blocking('Select Owner'),
      ]);
      expect(webhookProblems({ ...valid, selectedOwner: undefined }, context)).toEqual([
        blocking('Select Owner'),
      ]);
    },
  );

  it.each([hubspotUpdate, salesforceUpdate])(
    'the settings dialog has no owner to check ($crm)',
    (context) => {
      expect(webhookProblems({ ...valid, selectedOwner: null }, context)).toEqual([]);
    },
  );

  it.each(contexts)("no platform: 'Select Sales Engagement Platform' ($crm, $form)", (context) => {
    for (const emailService of [null, undefined, 'lemlist', { type: 'mailchimp' }]) {
      expect(webhookProblems({ ...valid, emailService }, context)).toEqual([
        blocking('Select Sales Engagement Platform'),
      ]);
    }
  });

  it.each(contexts)(
    "an API key without categories: 'Select Category-based filter' ($crm, $form)",
    (context) => {
      expect(
        webhookProblems({ ...valid, apiKeyId: KEY, smartleadBaseCategories: [] }, context),
      ).toEqual([blocking('Select Category-based filter')]);
      expect(
        webhookProblems({ ...valid, apiKeyId: KEY, smartleadBaseCategories: null }, context),
      ).toEqual([blocking('Select Category-based filter')]);
      expect(
        webhookProblems(
          { ...valid, apiKeyId: KEY, smartleadBaseCategories: [INTERESTED] },
          context,
        ),
      ).toEqual([]);
      expect(
        webhookProblems({ ...valid, apiKeyId: null, smartleadBaseCategories: [] }, context),
      ).toEqual([]);
    },
  );

  it.each(contexts)(
    "an endpoint row with an account but no event types: 'Select Event Types' ($crm, $form)",
    (context) => {
      const rows = (eventTypes: 'EMAIL_SENT'[]) => ({
        ...valid,
        additionalEndpoints: [
          { userAccount: { id: ACCOUNT_A }, eventTypes: ['EMAIL_OPEN' as const] },
          { userAccount: { id: ACCOUNT_B }, eventTypes },
        ],
      });
      expect(webhookProblems(rows([]), context)).toEqual([blocking('Select Event Types')]);
      expect(webhookProblems(rows(['EMAIL_SENT']), context)).toEqual([]);
      // A row without an account is dropped on save; it needs no event types.
      expect(
        webhookProblems(
          { ...valid, additionalEndpoints: [{ userAccount: null, eventTypes: [] }] },
          context,
        ),
      ).toEqual([]);
      expect(webhookProblems({ ...valid, additionalEndpoints: undefined }, context)).toEqual([]);
    },
  );
});

describe('webhookProblems: HUBSPOT', () => {
  it.each([hubspotCreate, hubspotUpdate])(
    "no lookup method: 'Select Object Lookup Method' ($form)",
    (context) => {
      for (const objectLookupMethod of [null, undefined, '', 'by_email']) {
        expect(webhookProblems({ ...valid, objectLookupMethod }, context)).toEqual([
          blocking('Select Object Lookup Method'),
        ]);
      }
    },
  );

  const heyreach: WebhookCheckInput = {
    ...valid,
    emailService: { type: 'heyreach', name: 'HeyReach' },
    logType: 1,
  };

  it("social tool, Default without a profile property: 'Select Property for Profile URL'", () => {
    for (const objectDefaultSearchProperty of [null, undefined, '  ']) {
      expect(
        webhookProblems(
          { ...heyreach, objectLookupMethod: 'default', objectDefaultSearchProperty },
          hubspotCreate,
        ),
      ).toEqual([blocking('Select Property for Profile URL')]);
    }
    expect(
      webhookProblems(
        {
          ...heyreach,
          objectLookupMethod: 'default',
          objectDefaultSearchProperty: 'hs_linkedin_url',
        },
        hubspotCreate,
      ),
    ).toEqual([]);
  });

  it("social tool, AlternativeProperty without a property: 'Select Property for Object lookup selection'", () => {
    for (const objectLookupMethod of ['AlternativeProperty', 'alternative_property']) {
      for (const objectLookupIdField of [null, undefined, ' ']) {
        expect(
          webhookProblems(
            {
              ...heyreach,
              objectLookupMethod,
              objectLookupIdField,
              // Another method's property does not count.
              objectDefaultSearchProperty: 'hs_linkedin_url',
            },
            hubspotCreate,
          ),
        ).toEqual([blocking('Select Property for Object lookup selection')]);
      }
      expect(
        webhookProblems(
          { ...heyreach, objectLookupMethod, objectLookupIdField: 'hs_object_id' },
          hubspotCreate,
        ),
      ).toEqual([]);
    }
  });

  it("social tool, OptionalAlternativeProperty with none of the three: 'Select at least one property for Optional Alternative Property'", () => {
    for (const optionalAlternativeProperty of [
      null,
      undefined,
      {},
      { email: ' ', profile_url: null, os_objectlookup_id: '' },
    ]) {
      expect(
        webhookProblems(
          {
            ...heyreach,
            objectLookupMethod: 'OptionalAlternativeProperty',
            optionalAlternativeProperty,
            objectLookupIdField: 'hs_object_id',
            objectDefaultSearchProperty: 'hs_linkedin_url',
          },
          hubspotCreate,
        ),
      ).toEqual([blocking('Select at least one property for Optional Alternative Property')]);
    }
    for (const optionalAlternativeProperty of [
      { email: 'email' },
      { profile_url: 'hs_linkedin_url' },
      { os_objectlookup_id: 'hs_object_id' },
    ]) {
      expect(
        webhookProblems(
          {
            ...heyreach,
            objectLookupMethod: 'optional_alternative_property',
            optionalAlternativeProperty,
          },
          hubspotCreate,
        ),
      ).toEqual([]);
    }
  });

  it("the settings dialog says 'Select Contact Search Property for HeyReach' instead", () => {
    const missing: WebhookCheckInput[] = [
      { ...heyreach, objectLookupMethod: 'default' },
      { ...heyreach, objectLookupMethod: 'AlternativeProperty' },
      { ...heyreach, objectLookupMethod: 'OptionalAlternativeProperty' },
    ];
    for (const input of missing) {
      expect(webhookProblems(input, hubspotUpdate)).toEqual([
        blocking('Select Contact Search Property for HeyReach'),
      ]);
    }
    expect(contactSearchPropertyMessage('heyreach')).toBe(
      'Select Contact Search Property for HeyReach',
    );
  });

  it.each(['smartlead', 'instantly', 'bison'])(
    "%s, a non-default method without a field: the warning 'Select Object Lookup Field', which does not block",
    (type) => {
      for (const objectLookupMethod of ['AlternativeProperty', 'OptionalAlternativeProperty']) {
        for (const objectLookupIdField of [null, undefined, '  ']) {
          const input = { ...valid, emailService: type, objectLookupMethod, objectLookupIdField };
          expect(webhookProblems(input, hubspotCreate)).toEqual([
            { message: 'Select Object Lookup Field', blocking: false },
          ]);
          expect(firstBlockingProblem(input, hubspotCreate)).toBeUndefined();
        }
        expect(
          webhookProblems(
            {
              ...valid,
              emailService: type,
              objectLookupMethod,
              objectLookupIdField: 'hs_object_id',
            },
            hubspotCreate,
          ),
        ).toEqual([]);
      }
      // Default needs no field, and the social tool's properties are not asked for.
      expect(
        webhookProblems(
          { ...valid, emailService: type, objectLookupMethod: 'default' },
          hubspotUpdate,
        ),
      ).toEqual([]);
    },
  );

  it('the lookup field is not asked for before a platform is chosen', () => {
    expect(
      webhookProblems(
        { ...valid, emailService: null, objectLookupMethod: 'AlternativeProperty' },
        hubspotCreate,
      ),
    ).toEqual([blocking('Select Sales Engagement Platform')]);
  });

  it('asks for none of the SALESFORCE fields', () => {
    expect(
      webhookProblems(
        {
          ...valid,
          createContactCustomProperties: true,
          salesforceCustomFieldObjects: [],
          logType: 1,
          customTaskSubject: '{{ lead_email }}',
          salesforceTaskType: null,
        },
        hubspotCreate,
      ),
    ).toEqual([]);
  });

  it('reports every problem in the spec’s order; the first blocking one wins', () => {
    const input: WebhookCheckInput = {
      selectedOwner: null,
      emailService: null,
      apiKeyId: KEY,
      smartleadBaseCategories: [],
      additionalEndpoints: [{ userAccount: { id: ACCOUNT_A }, eventTypes: [] }],
      objectLookupMethod: null,
    };
    const order = [
      'Select Owner',
      'Select Sales Engagement Platform',
      'Select Category-based filter',
      'Select Event Types',
      'Select Object Lookup Method',
    ];
    expect(webhookProblems(input, hubspotCreate)).toEqual(order.map(blocking));
    expect(firstBlockingProblem(input, hubspotCreate)).toBe('Select Owner');

    const fixed: WebhookCheckInput[] = [
      { ...input, selectedOwner: OWNER },
      { ...input, selectedOwner: OWNER, emailService: 'smartlead' },
      { ...input, selectedOwner: OWNER, emailService: 'smartlead', apiKeyId: null },
      {
        ...input,
        selectedOwner: OWNER,
        emailService: 'smartlead',
        apiKeyId: null,
        additionalEndpoints: [],
      },
    ];
    fixed.forEach((step, index) => {
      expect(firstBlockingProblem(step, hubspotCreate)).toBe(order[index + 1]);
    });
  });

  it('a blocking problem wins over the earlier-listed warning', () => {
    const input: WebhookCheckInput = {
      ...valid,
      selectedOwner: null,
      objectLookupMethod: 'AlternativeProperty',
    };
    expect(webhookProblems(input, hubspotCreate)).toEqual([
      blocking('Select Owner'),
      { message: 'Select Object Lookup Field', blocking: false },
    ]);
    expect(firstBlockingProblem(input, hubspotCreate)).toBe('Select Owner');
  });

  it('social tool with the owner missing: the owner first, then the property', () => {
    const input: WebhookCheckInput = { ...heyreach, selectedOwner: null };
    expect(messagesOf(input, hubspotCreate)).toEqual([
      'Select Owner',
      'Select Property for Profile URL',
    ]);
  });
});

describe('webhookProblems: SALESFORCE', () => {
  const customFields: WebhookCheckInput = {
    ...valid,
    createContactCustomProperties: true,
    salesforceCustomFieldObjects: ['Contact'],
  };
  const created: WebhookCheckContext = { ...salesforceCreate, customFieldsCreated: true };

  it("custom fields on but not yet created: 'Fields not created'", () => {
    expect(webhookProblems(customFields, salesforceCreate)).toEqual([
      blocking('Fields not created'),
    ]);
    expect(webhookProblems(customFields, salesforceUpdate)).toEqual([
      blocking('Fields not created'),
    ]);
    expect(webhookProblems(customFields, created)).toEqual([]);
    expect(
      webhookProblems({ ...customFields, createContactCustomProperties: false }, salesforceCreate),
    ).toEqual([]);
  });

  it("custom fields on with no objects: 'Objects for custom fields not selected' (create form)", () => {
    for (const salesforceCustomFieldObjects of [[], null, undefined]) {
      expect(webhookProblems({ ...customFields, salesforceCustomFieldObjects }, created)).toEqual([
        blocking('Objects for custom fields not selected'),
      ]);
    }
  });

  it("custom fields on with no objects: 'Custom Field Objects not selected' (settings dialog)", () => {
    expect(
      webhookProblems(
        { ...customFields, salesforceCustomFieldObjects: [] },
        { ...salesforceUpdate, customFieldsCreated: true },
      ),
    ).toEqual([blocking('Custom Field Objects not selected')]);
  });

  it('no objects and no fields: the objects are asked for first (they are what Create Fields needs)', () => {
    expect(
      webhookProblems({ ...customFields, salesforceCustomFieldObjects: [] }, salesforceCreate),
    ).toEqual([blocking('Objects for custom fields not selected')]);
  });

  const task: WebhookCheckInput = {
    ...valid,
    logType: 1,
    salesforceTaskType: 'Email',
    customTaskSubject: '[OS] [{{ os_sales_engagement_platform }} - {{ event_type }}] {{ subject}}',
  };

  it("log type 1 with an invalid subject: 'Enter Custom Task Subject'", () => {
    expect(webhookProblems(task, salesforceCreate)).toEqual([]);
    for (const customTaskSubject of ['{{ lead_email }}', '}{', '', '  ', null, undefined]) {
      expect(webhookProblems({ ...task, customTaskSubject }, salesforceCreate)).toEqual([
        blocking('Enter Custom Task Subject'),
      ]);
    }
    // Log type 0 has no task, so no subject.
    expect(
      webhookProblems({ ...valid, logType: 0, customTaskSubject: '}{' }, salesforceCreate),
    ).toEqual([]);
  });

  it("a non-default method without a selection: 'Select Object lookup selection'", () => {
    for (const objectLookupMethod of [
      'AlternativeProperty',
      'OptionalAlternativeProperty',
      'alternative_property',
      'optional_alternative_property',
    ]) {
      for (const objectDefaultSearchProperty of [null, undefined, ' ']) {
        expect(
          webhookProblems(
            {
              ...valid,
              objectLookupMethod,
              objectDefaultSearchProperty,
              // The os_objectlookup_id field is another select.
              objectLookupIdField: 'Id',
            },
            salesforceUpdate,
          ),
        ).toEqual([blocking('Select Object lookup selection')]);
      }
      expect(
        webhookProblems(
          { ...valid, objectLookupMethod, objectDefaultSearchProperty: 'Id' },
          salesforceCreate,
        ),
      ).toEqual([]);
    }
    expect(webhookProblems({ ...valid, objectLookupMethod: 'default' }, salesforceCreate)).toEqual(
      [],
    );
  });

  it('has no lookup-method message of its own', () => {
    expect(webhookProblems({ ...valid, objectLookupMethod: null }, salesforceCreate)).toEqual([]);
  });

  it("log type 1 without a task type: 'Select Task Type'", () => {
    for (const salesforceTaskType of [null, undefined, '  ']) {
      expect(webhookProblems({ ...task, salesforceTaskType }, salesforceCreate)).toEqual([
        blocking('Select Task Type'),
      ]);
    }
    expect(
      webhookProblems({ ...valid, logType: 0, salesforceTaskType: null }, salesforceCreate),
    ).toEqual([]);
  });

  it('the social tool with log type 1 and task type Other is valid', () => {
    expect(
      webhookProblems(
        { ...task, emailService: 'HeyReach', salesforceTaskType: 'Other' },
        salesforceUpdate,
      ),
    ).toEqual([]);
  });

  it('reports every problem in the spec’s order; the first blocking one wins', () => {
    const input: WebhookCheckInput = {
      selectedOwner: null,
      emailService: null,
      apiKeyId: KEY,
      smartleadBaseCategories: null,
      additionalEndpoints: [{ userAccount: { id: ACCOUNT_A }, eventTypes: [] }],
      createContactCustomProperties: true,
      salesforceCustomFieldObjects: [],
      logType: 1,
      customTaskSubject: '{{ lead_email }}',
      objectLookupMethod: 'AlternativeProperty',
      objectDefaultSearchProperty: null,
      salesforceTaskType: null,
    };
    const order = [
      'Select Owner',
      'Select Sales Engagement Platform',
      'Select Category-based filter',
      'Select Event Types',
      'Objects for custom fields not selected',
      'Enter Custom Task Subject',
      'Select Object lookup selection',
      'Select Task Type',
    ];
    expect(webhookProblems(input, salesforceCreate)).toEqual(order.map(blocking));

    const steps: Partial<WebhookCheckInput>[] = [
      { selectedOwner: OWNER },
      { emailService: 'instantly' },
      { apiKeyId: null },
      { additionalEndpoints: [] },
      { salesforceCustomFieldObjects: ['Lead'] },
    ];
    let current = input;
    steps.forEach((change, index) => {
      expect(firstBlockingProblem(current, created)).toBe(order[index]);
      current = { ...current, ...change };
    });
    expect(firstBlockingProblem(current, salesforceCreate)).toBe('Fields not created');
    expect(firstBlockingProblem(current, created)).toBe('Enter Custom Task Subject');
    current = { ...current, customTaskSubject: '{{ subject }}' };
    expect(firstBlockingProblem(current, created)).toBe('Select Object lookup selection');
    current = { ...current, objectDefaultSearchProperty: 'Id' };
    expect(firstBlockingProblem(current, created)).toBe('Select Task Type');
    current = { ...current, salesforceTaskType: 'Call' };
    expect(firstBlockingProblem(current, created)).toBeUndefined();
  });
});

describe('applyWebhookSaveRules: defaults', () => {
  it('HUBSPOT, an e-mail sequencer, nothing else sent', () => {
    expect(applyWebhookSaveRules('HUBSPOT', { emailService: 'smartlead' })).toEqual({
      emailService: 'smartlead',
      ...SPEC_SWITCH_DEFAULTS,
      apiKeyId: null,
      smartleadBaseCategories: null,
      logType: 0,
      customTaskSubject: '',
      salesforceTaskType: null,
      salesforceObjectType: 'Contact',
      salesforceCustomFieldObjects: [],
      objectLookupMethod: 'default',
      objectLookupIdField: null,
      objectDefaultSearchProperty: null,
      optionalAlternativeProperty: null,
      additionalEndpoints: [],
    });
  });

  it('SALESFORCE, the social tool, nothing else sent', () => {
    expect(
      applyWebhookSaveRules('SALESFORCE', { emailService: { type: 'HeyReach', name: 'HeyReach' } }),
    ).toEqual({
      emailService: 'heyreach',
      ...SPEC_SWITCH_DEFAULTS,
      createOrUpdateCompany: false,
      createContactCustomProperties: false,
      apiKeyId: null,
      smartleadBaseCategories: null,
      logType: 1,
      customTaskSubject:
        '[OS] [{{ os_sales_engagement_platform }} - {{ event_type }}] {{ subject}}',
      salesforceTaskType: null,
      salesforceObjectType: 'Contact',
      salesforceCustomFieldObjects: [],
      objectLookupMethod: 'default',
      objectLookupIdField: null,
      objectDefaultSearchProperty: null,
      optionalAlternativeProperty: null,
      additionalEndpoints: [],
    });
  });

  it('keeps what was sent', () => {
    const saved = applyWebhookSaveRules('SALESFORCE', {
      emailService: 'EmailBison',
      createOrUpdateCompany: false,
      createOrUpdateTask: true,
      createContactCustomProperties: true,
      assignCompanyOwner: true,
      assignContactOwner: true,
      logType: 1,
      customTaskSubject: 'Reply from {{ to_name }}',
      salesforceTaskType: ' Call ',
      salesforceObjectType: 'Lead',
      salesforceOnlyUpdate: true,
      salesforceCustomFieldObjects: ['Contact', 'Lead'],
      objectLookupMethod: 'optional_alternative_property',
    });
    expect(saved).toMatchObject({
      emailService: 'bison',
      createOrUpdateCompany: false,
      createOrUpdateTask: true,
      createContactCustomProperties: true,
      assignCompanyOwner: true,
      assignContactOwner: true,
      logType: 1,
      customTaskSubject: 'Reply from {{ to_name }}',
      salesforceTaskType: 'Call',
      salesforceObjectType: 'Lead',
      salesforceOnlyUpdate: true,
      salesforceCustomFieldObjects: ['Contact', 'Lead'],
      objectLookupMethod: 'OptionalAlternativeProperty',
    });
  });

  it('custom contact properties default to true on HUBSPOT and false on SALESFORCE', () => {
    expect(
      applyWebhookSaveRules('HUBSPOT', { emailService: 'instantly' }).createContactCustomProperties,
    ).toBe(true);
    expect(
      applyWebhookSaveRules('SALESFORCE', { emailService: 'instantly' })
        .createContactCustomProperties,
    ).toBe(false);
    expect(
      applyWebhookSaveRules('HUBSPOT', {
        emailService: 'instantly',
        createContactCustomProperties: false,
      }).createContactCustomProperties,
    ).toBe(false);
  });

  it('the social tool never creates or updates the company', () => {
    for (const createOrUpdateCompany of [true, false, undefined]) {
      expect(
        applyWebhookSaveRules('HUBSPOT', { emailService: 'heyreach', createOrUpdateCompany })
          .createOrUpdateCompany,
      ).toBe(false);
    }
    expect(
      applyWebhookSaveRules('HUBSPOT', { emailService: 'smartlead', createOrUpdateCompany: true })
        .createOrUpdateCompany,
    ).toBe(true);
  });

  it('a lookup method is stored in the first reading’s spelling', () => {
    const methodOf = (objectLookupMethod: string | null) =>
      applyWebhookSaveRules('HUBSPOT', { emailService: 'smartlead', objectLookupMethod })
        .objectLookupMethod;
    expect(methodOf('alternative_property')).toBe('AlternativeProperty');
    expect(methodOf('OptionalAlternativeProperty')).toBe('OptionalAlternativeProperty');
    expect(methodOf(null)).toBe('default');
  });

  it('needs a platform', () => {
    expect(() => applyWebhookSaveRules('HUBSPOT', { emailService: null })).toThrow(TypeError);
    expect(() => applyWebhookSaveRules('SALESFORCE', { emailService: 'lemlist' })).toThrow(
      /needs a platform/,
    );
  });
});

describe('applyWebhookSaveRules: lookup fields written on save', () => {
  const sent = {
    objectLookupIdField: ' hs_object_id ',
    objectDefaultSearchProperty: ' hs_linkedin_url ',
    optionalAlternativeProperty: {
      email: ' email ',
      profile_url: 'hs_linkedin_url',
      os_objectlookup_id: 'hs_object_id',
    },
  };
  const lookupOf = (
    crm: 'HUBSPOT' | 'SALESFORCE',
    emailService: string,
    objectLookupMethod: string,
    fields: object = sent,
  ) => {
    const saved = applyWebhookSaveRules(crm, { emailService, objectLookupMethod, ...fields });
    return {
      objectLookupIdField: saved.objectLookupIdField,
      objectDefaultSearchProperty: saved.objectDefaultSearchProperty,
      optionalAlternativeProperty: saved.optionalAlternativeProperty,
    };
  };

  it('HUBSPOT, social tool, Default: only objectDefaultSearchProperty is kept', () => {
    expect(lookupOf('HUBSPOT', 'heyreach', 'default')).toEqual({
      objectLookupIdField: null,
      objectDefaultSearchProperty: 'hs_linkedin_url',
      optionalAlternativeProperty: null,
    });
    expect(
      lookupOf('HUBSPOT', 'heyreach', 'default', { objectDefaultSearchProperty: ' ' }),
    ).toEqual({
      objectLookupIdField: null,
      objectDefaultSearchProperty: null,
      optionalAlternativeProperty: null,
    });
  });

  it('HUBSPOT, social tool, AlternativeProperty: only objectLookupIdField is kept', () => {
    expect(lookupOf('HUBSPOT', 'heyreach', 'AlternativeProperty')).toEqual({
      objectLookupIdField: 'hs_object_id',
      objectDefaultSearchProperty: null,
      optionalAlternativeProperty: null,
    });
  });

  it('HUBSPOT, social tool, OptionalAlternativeProperty: built from the three properties', () => {
    expect(lookupOf('HUBSPOT', 'heyreach', 'OptionalAlternativeProperty')).toEqual({
      objectLookupIdField: null,
      objectDefaultSearchProperty: null,
      optionalAlternativeProperty: {
        email: 'email',
        profile_url: 'hs_linkedin_url',
        os_objectlookup_id: 'hs_object_id',
      },
    });
    // Keys whose value is empty are removed; none left is null.
    expect(
      lookupOf('HUBSPOT', 'heyreach', 'OptionalAlternativeProperty', {
        optionalAlternativeProperty: { email: ' ', profile_url: null, os_objectlookup_id: 'id' },
      }).optionalAlternativeProperty,
    ).toEqual({ os_objectlookup_id: 'id' });
    expect(
      lookupOf('HUBSPOT', 'heyreach', 'OptionalAlternativeProperty', {
        optionalAlternativeProperty: { email: '', profile_url: '  ' },
      }).optionalAlternativeProperty,
    ).toBeNull();
  });

  it.each(['smartlead', 'instantly', 'bison'])(
    'HUBSPOT, %s: objectDefaultSearchProperty and optionalAlternativeProperty are null',
    (platform) => {
      expect(lookupOf('HUBSPOT', platform, 'AlternativeProperty')).toEqual({
        objectLookupIdField: 'hs_object_id',
        objectDefaultSearchProperty: null,
        optionalAlternativeProperty: null,
      });
      expect(lookupOf('HUBSPOT', platform, 'OptionalAlternativeProperty')).toEqual({
        objectLookupIdField: 'hs_object_id',
        objectDefaultSearchProperty: null,
        optionalAlternativeProperty: null,
      });
      expect(
        lookupOf('HUBSPOT', platform, 'AlternativeProperty', { objectLookupIdField: '  ' })
          .objectLookupIdField,
      ).toBeNull();
    },
  );

  it.each([
    ['HUBSPOT', 'smartlead'],
    ['HUBSPOT', 'heyreach'],
    ['SALESFORCE', 'instantly'],
    ['SALESFORCE', 'heyreach'],
  ] as const)('%s, %s: method Default sets objectLookupIdField to null', (crm, platform) => {
    expect(lookupOf(crm, platform, 'default').objectLookupIdField).toBeNull();
  });

  it('SALESFORCE, other platforms: the os_objectlookup_id field (from the checkbox) and the lookup selection', () => {
    const fields = { objectLookupIdField: ' os_id__c ', objectDefaultSearchProperty: ' Id ' };
    for (const method of ['AlternativeProperty', 'OptionalAlternativeProperty']) {
      expect(lookupOf('SALESFORCE', 'smartlead', method, { ...sent, ...fields })).toEqual({
        objectLookupIdField: 'os_id__c',
        objectDefaultSearchProperty: 'Id',
        optionalAlternativeProperty: null,
      });
    }
    expect(
      lookupOf('SALESFORCE', 'bison', 'AlternativeProperty', { objectLookupIdField: null }),
    ).toEqual({
      objectLookupIdField: null,
      objectDefaultSearchProperty: null,
      optionalAlternativeProperty: null,
    });
    expect(lookupOf('SALESFORCE', 'smartlead', 'default', fields)).toEqual({
      objectLookupIdField: null,
      objectDefaultSearchProperty: null,
      optionalAlternativeProperty: null,
    });
  });

  it('SALESFORCE, social tool: no os_objectlookup_id field; its social profile and e-mail properties', () => {
    expect(lookupOf('SALESFORCE', 'heyreach', 'OptionalAlternativeProperty')).toEqual({
      objectLookupIdField: null,
      objectDefaultSearchProperty: 'hs_linkedin_url',
      optionalAlternativeProperty: { email: 'email', profile_url: 'hs_linkedin_url' },
    });
    expect(lookupOf('SALESFORCE', 'heyreach', 'default')).toEqual({
      objectLookupIdField: null,
      objectDefaultSearchProperty: null,
      optionalAlternativeProperty: { email: 'email', profile_url: 'hs_linkedin_url' },
    });
    expect(
      lookupOf('SALESFORCE', 'heyreach', 'AlternativeProperty', {
        optionalAlternativeProperty: { os_objectlookup_id: 'Id' },
      }).optionalAlternativeProperty,
    ).toBeNull();
  });
});

test('optionalAlternativeOf keeps the filled keys, trimmed, or gives null', () => {
  expect(
    optionalAlternativeOf({ email: ' Email ', profile_url: 'Url__c', os_objectlookup_id: 'Id' }),
  ).toEqual({ email: 'Email', profile_url: 'Url__c', os_objectlookup_id: 'Id' });
  expect(optionalAlternativeOf({ email: 'Email', os_objectlookup_id: 'Id' }, ['email'])).toEqual({
    email: 'Email',
  });
  expect(optionalAlternativeOf(null)).toBeNull();
  expect(optionalAlternativeOf(undefined)).toBeNull();
  expect(optionalAlternativeOf({ email: null, profile_url: '' })).toBeNull();
});

describe('applyWebhookSaveRules: other save rules', () => {
  it('log type 0 clears customTaskSubject and salesforceTaskType', () => {
    const saved = applyWebhookSaveRules('SALESFORCE', {
      emailService: 'heyreach',
      logType: 0,
      customTaskSubject: '{{ subject }}',
      salesforceTaskType: 'Other',
    });
    expect(saved).toMatchObject({ logType: 0, customTaskSubject: '', salesforceTaskType: null });
  });

  it('log type 1 keeps them, the task type trimmed, the subject defaulted', () => {
    expect(
      applyWebhookSaveRules('SALESFORCE', {
        emailService: 'smartlead',
        logType: 1,
        customTaskSubject: '{{ subject }}',
        salesforceTaskType: ' Email ',
      }),
    ).toMatchObject({
      logType: 1,
      customTaskSubject: '{{ subject }}',
      salesforceTaskType: 'Email',
    });
    expect(
      applyWebhookSaveRules('SALESFORCE', {
        emailService: 'smartlead',
        logType: 1,
        customTaskSubject: null,
        salesforceTaskType: ' ',
      }),
    ).toMatchObject({
      customTaskSubject:
        '[OS] [{{ os_sales_engagement_platform }} - {{ event_type }}] {{ subject}}',
      salesforceTaskType: null,
    });
  });

  const categoriesOf = (crm: 'HUBSPOT' | 'SALESFORCE', input: object) => {
    const saved = applyWebhookSaveRules(crm, { emailService: 'smartlead', ...input });
    return { apiKeyId: saved.apiKeyId, smartleadBaseCategories: saved.smartleadBaseCategories };
  };
  const none = { apiKeyId: null, smartleadBaseCategories: null };

  it.each(['HUBSPOT', 'SALESFORCE'] as const)(
    '%s: empty categories set smartleadBaseCategories and apiKeyId to null',
    (crm) => {
      expect(categoriesOf(crm, { apiKeyId: KEY, smartleadBaseCategories: [] })).toEqual(none);
      expect(categoriesOf(crm, { apiKeyId: KEY, smartleadBaseCategories: null })).toEqual(none);
      expect(categoriesOf(crm, { apiKeyId: KEY })).toEqual(none);
    },
  );

  it.each([
    ['HUBSPOT', 'smartlead'],
    ['HUBSPOT', 'heyreach'],
    ['SALESFORCE', 'instantly'],
  ] as const)('%s, %s: no API key clears the categories; with one both are kept', (crm, type) => {
    const categories = [INTERESTED, { id: 'lead_booked', name: 'Booked' }];
    expect(
      categoriesOf(crm, {
        emailService: type,
        apiKeyId: null,
        smartleadBaseCategories: categories,
      }),
    ).toEqual(none);
    expect(categoriesOf(crm, { emailService: type, smartleadBaseCategories: categories })).toEqual(
      none,
    );
    expect(
      categoriesOf(crm, { emailService: type, apiKeyId: KEY, smartleadBaseCategories: categories }),
    ).toEqual({ apiKeyId: KEY, smartleadBaseCategories: categories });
  });

  it('bison on HUBSPOT: its categories without an API key', () => {
    expect(
      categoriesOf('HUBSPOT', { emailService: 'bison', smartleadBaseCategories: [INTERESTED] }),
    ).toEqual({ apiKeyId: null, smartleadBaseCategories: [INTERESTED] });
    expect(
      categoriesOf('HUBSPOT', {
        emailService: 'bison',
        apiKeyId: KEY,
        smartleadBaseCategories: [INTERESTED],
      }),
    ).toEqual({ apiKeyId: null, smartleadBaseCategories: [INTERESTED] });
  });

  it('bison on SALESFORCE clears apiKeyId and categories', () => {
    expect(
      categoriesOf('SALESFORCE', {
        emailService: 'bison',
        apiKeyId: KEY,
        smartleadBaseCategories: [INTERESTED],
      }),
    ).toEqual(none);
  });

  it('custom properties off clears salesforceCustomFieldObjects', () => {
    expect(
      applyWebhookSaveRules('SALESFORCE', {
        emailService: 'smartlead',
        createContactCustomProperties: false,
        salesforceCustomFieldObjects: ['Contact'],
      }).salesforceCustomFieldObjects,
    ).toEqual([]);
    expect(
      applyWebhookSaveRules('SALESFORCE', {
        emailService: 'smartlead',
        createContactCustomProperties: true,
        salesforceCustomFieldObjects: ['Lead', 'Contact', 'Lead'],
      }).salesforceCustomFieldObjects,
    ).toEqual(['Lead', 'Contact']);
    expect(
      applyWebhookSaveRules('SALESFORCE', {
        emailService: 'smartlead',
        createContactCustomProperties: true,
        salesforceCustomFieldObjects: null,
      }).salesforceCustomFieldObjects,
    ).toEqual([]);
  });

  it('HUBSPOT custom contact properties need no custom field objects', () => {
    expect(
      applyWebhookSaveRules('HUBSPOT', {
        emailService: 'smartlead',
        createContactCustomProperties: true,
        salesforceCustomFieldObjects: ['Contact'],
      }).salesforceCustomFieldObjects,
    ).toEqual([]);
  });
});

describe('applyWebhookSaveRules: additional endpoints', () => {
  it('drops rows without an account, keeps the first row of an account, drops repeated event types', () => {
    expect(
      applyWebhookSaveRules('HUBSPOT', {
        emailService: 'smartlead',
        additionalEndpoints: [
          { userAccount: null, eventTypes: ['EMAIL_SENT'] },
          { userAccount: { id: ACCOUNT_A, description: 'CRM mirror' }, eventTypes: ['EMAIL_SENT'] },
          { eventTypes: ['EMAIL_OPEN'] },
          {
            userAccount: { id: ACCOUNT_B },
            eventTypes: ['EMAIL_REPLY', 'EMAIL_BOUNCE', 'EMAIL_REPLY'],
          },
          { userAccount: { id: ACCOUNT_A }, eventTypes: ['EMAIL_OPEN'] },
        ],
      }).additionalEndpoints,
    ).toEqual([
      { userAccountId: ACCOUNT_A, eventTypes: ['EMAIL_SENT'] },
      { userAccountId: ACCOUNT_B, eventTypes: ['EMAIL_REPLY', 'EMAIL_BOUNCE'] },
    ]);
  });

  it('no rows sent: none stored', () => {
    expect(
      applyWebhookSaveRules('SALESFORCE', { emailService: 'smartlead', additionalEndpoints: [] })
        .additionalEndpoints,
    ).toEqual([]);
  });
});

describe('a body without a log type is checked as the save rules will store it', () => {
  it("HeyReach on SALESFORCE defaults to tasks: 'Enter Custom Task Subject', then 'Select Task Type'", () => {
    const heyreach = {
      ...valid,
      emailService: 'heyreach',
      logType: undefined,
      customTaskSubject: undefined,
    };
    expect(firstBlockingProblem(heyreach, salesforceCreate)).toBe('Enter Custom Task Subject');
    expect(
      firstBlockingProblem(
        { ...heyreach, customTaskSubject: '{{ event_type }}' },
        salesforceCreate,
      ),
    ).toBe('Select Task Type');
  });

  it('an e-mail sequencer defaults to e-mail activities: no task checks', () => {
    expect(
      firstBlockingProblem({ ...valid, logType: undefined }, salesforceCreate),
    ).toBeUndefined();
  });
});

describe('taskTypeToCheck: the social tool writing Salesforce tasks (spec 01 §5)', () => {
  const heyreach = { emailService: 'heyreach', logType: 1 as const, salesforceTaskType: null };

  it("checks 'Other' by default, or the type chosen", () => {
    expect(taskTypeToCheck('SALESFORCE', heyreach)).toBe('Other');
    expect(taskTypeToCheck('SALESFORCE', { ...heyreach, salesforceTaskType: ' Call ' })).toBe(
      'Call',
    );
    expect(taskTypeToCheck('SALESFORCE', { ...heyreach, logType: undefined })).toBe('Other');
  });

  it('checks nothing for e-mail activities, other platforms or HUBSPOT', () => {
    expect(taskTypeToCheck('SALESFORCE', { ...heyreach, logType: 0 })).toBeNull();
    expect(taskTypeToCheck('SALESFORCE', { ...heyreach, emailService: 'smartlead' })).toBeNull();
    expect(taskTypeToCheck('SALESFORCE', { ...heyreach, emailService: null })).toBeNull();
    expect(taskTypeToCheck('HUBSPOT', heyreach)).toBeNull();
  });
});
