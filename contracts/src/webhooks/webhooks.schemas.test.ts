// The webhook bodies and answers (spec 01 §3, §7).
import { applyWebhookSaveRules } from './webhook-rules';
import { initialWebhookForm, webhookBodyFromForm } from './webhook-form';
import {
  AdditionalEndpointInputSchema,
  lookupMethodFromAnySpelling,
  LookupMethodSchema,
  platformOfEmailService,
  WebhookCodeSchema,
  WebhookCreateRequestSchema,
  WebhookDeleteResponseSchema,
  WebhookSchema,
  WebhookSettingsInputSchema,
  WebhookSettingsSchema,
  WebhooksResponseSchema,
  WebhookUpdateRequestSchema,
  webhookUrlOf,
  type Webhook,
} from './webhooks.schemas';

const PROFILE = '0123456789abcdef01234567';
const KEY = '76543210fedcba9876543210';
const ACCOUNT = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const CODE = 'Ab3_-'.repeat(8);
const OWNER = {
  id: '101',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
};

/** What the HUBSPOT create form sends for a filtered social-tool webhook with an endpoint. */
function createBody() {
  const form = {
    ...initialWebhookForm('HUBSPOT'),
    owner: OWNER,
    emailService: 'heyreach' as const,
    objectLookupMethod: 'OptionalAlternativeProperty' as const,
    lookupProperty: 'hs_object_id',
    profileUrlProperty: 'hs_linkedin_url',
    emailProperty: 'email',
    approvedEvents: 'filtered' as const,
    apiKeyId: KEY,
    categories: [{ id: 'lead_interested', name: 'Interested' }],
    endpoints: [{ userAccountId: ACCOUNT, eventTypes: ['MESSAGE_SENT' as const] }],
    salesforceCustomFieldObjects: ['Contact' as const],
    logType: 1 as const,
    salesforceTaskType: 'Other',
  };
  return {
    ...webhookBodyFromForm(form),
    userProfileId: PROFILE,
    selectedOwner: OWNER,
    code: CODE,
  };
}

describe('WebhookCreateRequestSchema', () => {
  it('accepts the create form’s body as it is', () => {
    const body = createBody();
    expect(WebhookCreateRequestSchema.parse(body)).toEqual(body);
  });

  it('accepts the lenient settings a form may send (checked by the rules, not the schema)', () => {
    const body = {
      userProfileId: PROFILE,
      code: CODE,
      emailService: 'Smartlead',
      objectLookupMethod: 'alternative_property',
      optionalAlternativeProperty: null,
      additionalEndpoints: [{ userAccount: null }],
    };
    expect(WebhookCreateRequestSchema.parse(body)).toEqual({
      ...body,
      additionalEndpoints: [{ userAccount: null, eventTypes: [] }],
    });
  });

  it('refuses a malformed profile id', () => {
    for (const userProfileId of ['abc', `${PROFILE}0`, PROFILE.toUpperCase(), undefined]) {
      expect(WebhookCreateRequestSchema.safeParse({ ...createBody(), userProfileId }).success).toBe(
        false,
      );
    }
  });

  it('refuses a malformed API key or endpoint account id', () => {
    expect(WebhookCreateRequestSchema.safeParse({ ...createBody(), apiKeyId: 'k-1' }).success).toBe(
      false,
    );
    expect(
      WebhookCreateRequestSchema.safeParse({
        ...createBody(),
        additionalEndpoints: [{ userAccount: { id: '42' }, eventTypes: [] }],
      }).success,
    ).toBe(false);
  });

  it("refuses a missing or malformed code: 'Generate a webhook URL first.'", () => {
    for (const code of [undefined, '', 'short', 'a'.repeat(31), `${'a'.repeat(40)}/`]) {
      const result = WebhookCreateRequestSchema.safeParse({ ...createBody(), code });
      expect(result.success).toBe(false);
    }
    const result = WebhookCreateRequestSchema.safeParse({ ...createBody(), code: 'short' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['code'], message: 'Generate a webhook URL first.' }),
    ]);
  });

  it('refuses an unknown event type or too many custom field objects', () => {
    expect(
      WebhookCreateRequestSchema.safeParse({
        ...createBody(),
        additionalEndpoints: [{ userAccount: { id: ACCOUNT }, eventTypes: ['EMAIL_DELETED'] }],
      }).success,
    ).toBe(false);
    expect(
      WebhookCreateRequestSchema.safeParse({
        ...createBody(),
        salesforceCustomFieldObjects: ['Contact', 'Lead', 'Contact'],
      }).success,
    ).toBe(false);
  });
});

test('the settings dialog sends the same settings', () => {
  const { userProfileId: _profile, selectedOwner: _owner, code: _code, ...settings } = createBody();
  expect(WebhookUpdateRequestSchema.parse(settings)).toEqual(settings);
});

test('an endpoint row may carry its account’s description and defaults to no event types', () => {
  expect(
    AdditionalEndpointInputSchema.parse({ userAccount: { id: ACCOUNT, description: 'Mirror' } }),
  ).toEqual({ userAccount: { id: ACCOUNT, description: 'Mirror' }, eventTypes: [] });
});

describe('WebhookCodeSchema', () => {
  it('accepts 32 to 64 URL-safe base64 characters', () => {
    for (const code of ['a'.repeat(32), 'Z9'.repeat(32), '-_'.repeat(20), CODE]) {
      expect(WebhookCodeSchema.safeParse(code).success).toBe(true);
    }
  });

  it('refuses anything else', () => {
    for (const code of [
      'a'.repeat(31),
      'a'.repeat(65),
      `!${'a'.repeat(40)}`,
      `${'a'.repeat(40)}!`,
      `${'a'.repeat(20)}+${'a'.repeat(20)}`,
      `${'a'.repeat(20)} ${'a'.repeat(20)}`,
    ]) {
      expect(WebhookCodeSchema.safeParse(code).success).toBe(false);
    }
  });
});

describe('lookupMethodFromAnySpelling', () => {
  it.each([
    ['default', 'default'],
    ['Default', 'default'],
    ['AlternativeProperty', 'AlternativeProperty'],
    ['alternative_property', 'AlternativeProperty'],
    ['OptionalAlternativeProperty', 'OptionalAlternativeProperty'],
    ['optional_alternative_property', 'OptionalAlternativeProperty'],
    [' optional_alternative_property ', 'OptionalAlternativeProperty'],
  ])('reads %j as %s', (spelling, method) => {
    expect(lookupMethodFromAnySpelling(spelling)).toBe(method);
  });

  it('anything else is no method', () => {
    for (const value of ['alternative', 'Default Property', '', null, undefined, 1]) {
      expect(lookupMethodFromAnySpelling(value)).toBeUndefined();
    }
  });

  it('stores only the first reading’s spelling', () => {
    expect(LookupMethodSchema.options).toEqual([
      'default',
      'AlternativeProperty',
      'OptionalAlternativeProperty',
    ]);
  });
});

describe('platformOfEmailService', () => {
  it('reads {type, name} from the forms and the type string of a stored webhook', () => {
    expect(platformOfEmailService({ type: 'heyreach', name: 'HeyReach' })).toBe('heyreach');
    expect(platformOfEmailService({ type: 'instantly' })).toBe('instantly');
    expect(platformOfEmailService('Smartlead')).toBe('smartlead');
    expect(platformOfEmailService('EmailBison')).toBe('bison');
    expect(platformOfEmailService('bison')).toBe('bison');
  });

  it('refuses anything else', () => {
    expect(platformOfEmailService('lemlist')).toBeNull();
    expect(platformOfEmailService({ type: 'mailchimp', name: 'Smartlead' })).toBeNull();
    expect(platformOfEmailService('')).toBeNull();
    expect(platformOfEmailService(null)).toBeNull();
    expect(platformOfEmailService(undefined)).toBeNull();
  });
});

test('the requests and the stored webhook name the same settings', () => {
  // The request schema is lenient (so a missing setting gets the spec's message), the stored
  // one strict: two declarations, kept to one set of names by this test.
  expect(Object.keys(WebhookSettingsInputSchema.shape).sort()).toEqual(
    Object.keys(WebhookSettingsSchema.shape).sort(),
  );
});

test('the stored settings are what the save rules give', () => {
  const settings = applyWebhookSaveRules('HUBSPOT', {
    ...WebhookCreateRequestSchema.parse(createBody()),
  });
  expect(settings.optionalAlternativeProperty).toEqual({
    email: 'email',
    profile_url: 'hs_linkedin_url',
    os_objectlookup_id: 'hs_object_id',
  });
  expect(settings.additionalEndpoints).toEqual([
    { userAccountId: ACCOUNT, eventTypes: ['MESSAGE_SENT'] },
  ]);
  expect(WebhookSettingsSchema.parse(settings)).toEqual(settings);
  expect(WebhookSettingsSchema.safeParse({ ...settings, emailService: 'HeyReach' }).success).toBe(
    false,
  );
});

function storedWebhook(): Webhook {
  const { additionalEndpoints: _rows, ...settings } = applyWebhookSaveRules(
    'HUBSPOT',
    WebhookCreateRequestSchema.parse(createBody()),
  );
  return {
    ...settings,
    id: '0000000000000000000000aa',
    userId: '0000000000000000000000bb',
    userProfileId: PROFILE,
    user: {
      id: '0000000000000000000000bb',
      profile: 'HUBSPOT',
      email: 'ada@example.com',
      organizationDomain: 'example.com',
      organizationId: '4455',
      settings: { domain: 'example.com' },
      userAccounts: [
        {
          id: ACCOUNT,
          url: 'https://hooks.example.com/in',
          description: 'Mirror',
          userProfileId: PROFILE,
          canDelete: false,
          validatedAt: null,
          syncAlerts: false,
        },
      ],
    },
    selectedOwner: OWNER,
    ownerDetails: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
    hubId: '4455',
    hubspotOwnerId: '101',
    webhookUrl: webhookUrlOf('https://api.example.com', CODE),
    code: CODE,
    createdAt: '2025-01-01T00:00:00.000Z',
    apiKey: { id: KEY, description: 'Main' },
    userAccountWebhooks: [
      { userAccount: { id: ACCOUNT, description: 'Mirror' }, eventTypes: ['MESSAGE_SENT'] },
    ],
    canUpdate: true,
  };
}

test('a stored webhook as the list answers it', () => {
  const webhook = storedWebhook();
  expect(WebhookSchema.parse(webhook)).toEqual(webhook);
  expect(WebhooksResponseSchema.parse({ webhooks: [webhook], allWebhooks: [webhook] })).toEqual({
    webhooks: [webhook],
    allWebhooks: [webhook],
  });
  expect(WebhookSchema.safeParse({ ...webhook, canUpdate: undefined }).success).toBe(false);
});

test('the OpenAPI descriptions of the list', () => {
  expect(WebhooksResponseSchema.shape.webhooks.description).toBe(
    "The caller's own webhooks ('Existing webhooks').",
  );
  expect(WebhooksResponseSchema.shape.allWebhooks.description).toMatch(/^'All webhooks': /);
  expect(WebhookSchema.shape.canUpdate.description).toMatch(/owner or admin/);
  expect(WebhookSchema.shape.user.shape.email.description).toMatch(/'Added by'/);
  expect(WebhookSchema.shape.userId.description).toMatch(/owns the profile/);
  expect(WebhookSchema.shape.createdAt.description).toMatch(/ISO time/);
});

test('the delete answer: id and the owner’s names', () => {
  const deleted = { id: PROFILE, ownerDetails: { firstName: 'Ada', lastName: 'Lovelace' } };
  expect(WebhookDeleteResponseSchema.parse({ ...deleted, extra: 1 })).toEqual(deleted);
});

test('the webhook URL is {host}/webhooks/{code}', () => {
  expect(webhookUrlOf('https://api.example.com', 'abc')).toBe(
    'https://api.example.com/webhooks/abc',
  );
  expect(webhookUrlOf('https://api.example.com//', 'abc')).toBe(
    'https://api.example.com/webhooks/abc',
  );
  expect(webhookUrlOf('http://localhost:3000/', 'x')).toBe('http://localhost:3000/webhooks/x');
});
