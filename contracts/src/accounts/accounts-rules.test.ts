// The connected-accounts rules both the screens and the service apply; spec texts spelt literally.
import {
  ApiKeyCheckRequestSchema,
  ApiKeyCreateRequestSchema,
  ApiKeyUpdateRequestSchema,
  categoriesFromLines,
  checkApiKeyForm,
  LeadCategoriesAddRequestSchema,
} from './api-keys.schemas';
import { IdSchema, isHttpUrl } from './common.schemas';
import {
  integrationLabel,
  normalizeSalesforceDomain,
  SalesforceProfileCreateRequestSchema,
  salesforceProfileProblem,
} from './profiles.schemas';
import { UserAccountCreateRequestSchema, userAccountProblem } from './user-accounts.schemas';

const PROFILE = '0123456789abcdef01234567';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('API key form (spec 02 §5, checked in this order)', () => {
  const full = {
    platform: 'bison',
    apiKey: ' key-1 ',
    description: ' Main ',
    baseUrl: ' https://mail.example.com/ ',
    userProfileId: PROFILE,
  };

  it.each([
    [{}, 'Please select a platform'],
    [{ platform: 'mailchimp' }, 'Please select a platform'],
    [{ platform: 'smartlead' }, 'Please enter a valid API key'],
    [{ platform: 'smartlead', apiKey: '   ' }, 'Please enter a valid API key'],
    [{ platform: 'smartlead', apiKey: 'k' }, 'Please enter a description'],
    [{ platform: 'bison', apiKey: 'k', description: 'd' }, 'Please enter a valid base URL'],
    [
      { platform: 'bison', apiKey: 'k', description: 'd', baseUrl: 'not a url' },
      'Please enter a valid base URL',
    ],
    [
      { platform: 'bison', apiKey: 'k', description: 'd', baseUrl: 'ftp://files.example.com' },
      'Please enter a valid base URL',
    ],
    [
      { platform: 'bison', apiKey: 'k', description: 'd', baseUrl: 'https://b.example.com' },
      'Select Profile',
    ],
    [{ platform: 'instantly', apiKey: 'k', description: 'd' }, 'Select Profile'],
  ])('%j → "%s"', (input, message) => {
    expect(firstMessage(ApiKeyCreateRequestSchema.safeParse(input))).toBe(message);
    const checked = checkApiKeyForm(input, { requireDescription: true, requireProfile: true });
    expect(checked.ok ? undefined : checked.message).toBe(message);
  });

  it('trims, keeps the base URL only for bison and accepts the display spelling', () => {
    expect(ApiKeyCreateRequestSchema.parse(full)).toEqual({
      platform: 'bison',
      apiKey: 'key-1',
      description: 'Main',
      baseUrl: 'https://mail.example.com',
      userProfileId: PROFILE,
    });
    expect(ApiKeyCreateRequestSchema.parse({ ...full, platform: 'Smartlead' })).toMatchObject({
      platform: 'smartlead',
      baseUrl: null,
    });
  });

  it('the check call needs neither a description nor a profile', () => {
    expect(ApiKeyCheckRequestSchema.parse({ platform: 'heyreach', apiKey: 'k' })).toMatchObject({
      platform: 'heyreach',
      apiKey: 'k',
      baseUrl: null,
    });
  });

  it('the update checks the base URL for bison but needs no profile', () => {
    const update = { platform: 'bison', apiKey: 'k', description: 'd', baseUrl: 'nope' };
    expect(firstMessage(ApiKeyUpdateRequestSchema.safeParse(update))).toBe(
      'Please enter a valid base URL',
    );
    expect(
      ApiKeyUpdateRequestSchema.safeParse({ ...update, baseUrl: 'http://b.example.com' }).success,
    ).toBe(true);
  });

  it('refuses a profile id that is not an id', () => {
    expect(
      firstMessage(ApiKeyCreateRequestSchema.safeParse({ ...full, userProfileId: '{"$gt":""}' })),
    ).toBe('Expected an id (24 hexadecimal digits).');
  });

  it('refuses operator objects where text is expected', () => {
    expect(ApiKeyCreateRequestSchema.safeParse({ ...full, apiKey: { $gt: '' } }).success).toBe(
      false,
    );
  });
});

describe('SALESFORCE profile form (spec 02 §5)', () => {
  it.each([
    [{}, 'Domain is required'],
    [{ domain: '  ' }, 'Domain is required'],
    [{ domain: 'acme.my.salesforce.com' }, 'Consumer key is required'],
    [{ domain: 'acme.my.salesforce.com', consumer_key: 'k' }, 'Consumer secret is required'],
  ])('%j → "%s"', (input, message) => {
    expect(firstMessage(SalesforceProfileCreateRequestSchema.safeParse(input))).toBe(message);
    expect(salesforceProfileProblem(input)?.message).toBe(message);
  });

  it('trims every field and adds https:// when the domain has no scheme', () => {
    expect(
      SalesforceProfileCreateRequestSchema.parse({
        domain: ' acme.my.salesforce.com/ ',
        consumer_key: ' key ',
        consumer_secret: ' secret ',
      }),
    ).toEqual({
      domain: 'https://acme.my.salesforce.com',
      consumer_key: 'key',
      consumer_secret: 'secret',
    });
    expect(normalizeSalesforceDomain('http://localhost:4100/salesforce')).toBe(
      'http://localhost:4100/salesforce',
    );
    expect(normalizeSalesforceDomain('https://acme.my.salesforce.com')).toBe(
      'https://acme.my.salesforce.com',
    );
  });
});

describe('webhook endpoint form (spec 02 §5)', () => {
  it.each([
    [{}, 'Select Profile'],
    [{ userProfileId: PROFILE }, 'Fill URL'],
    [{ userProfileId: PROFILE, url: 'https://x.example.com' }, 'Fill Description'],
    [
      { userProfileId: PROFILE, url: 'x y', description: 'd' },
      'Your webhook URL is not accepting data',
    ],
  ])('%j → "%s"', (input, message) => {
    expect(userAccountProblem(input)?.message).toBe(message);
    expect(firstMessage(UserAccountCreateRequestSchema.safeParse(input))).toBe(message);
  });

  it('trims the URL and description', () => {
    expect(
      UserAccountCreateRequestSchema.parse({
        userProfileId: PROFILE,
        url: ' https://x.example.com/h ',
        description: ' D ',
      }),
    ).toEqual({
      userProfileId: PROFILE,
      url: 'https://x.example.com/h',
      description: 'D',
      syncAlerts: false,
    });
  });

  it('takes the sync alerts only as true or false', () => {
    const form = { userProfileId: PROFILE, url: 'https://x.example.com/h', description: 'D' };
    expect(UserAccountCreateRequestSchema.parse({ ...form, syncAlerts: true }).syncAlerts).toBe(
      true,
    );
    expect(
      UserAccountCreateRequestSchema.safeParse({ ...form, syncAlerts: 'on' }).error?.issues[0]
        ?.message,
    ).toBe('syncAlerts must be true or false.');
  });
});

describe('lead categories (spec 02 §2.5, §3, §5)', () => {
  it('one category per non-blank line, id by the rule, duplicates once', () => {
    expect(
      categoriesFromLines('Interested\n\n  Not Now  \r\ninterested\nMeeting booked', PROFILE),
    ).toEqual([
      { categoryName: 'Interested', categoryId: 'interested', userProfileId: PROFILE },
      { categoryName: 'Not Now', categoryId: 'not_now', userProfileId: PROFILE },
      { categoryName: 'Meeting booked', categoryId: 'meeting_booked', userProfileId: PROFILE },
    ]);
    expect(categoriesFromLines(' \n\n', PROFILE)).toEqual([]);
  });

  it('the service refuses an id that breaks the rule, and an empty list', () => {
    const categories = [{ categoryName: 'Not Now', categoryId: 'notnow', userProfileId: PROFILE }];
    expect(LeadCategoriesAddRequestSchema.safeParse({ categories }).success).toBe(false);
    expect(LeadCategoriesAddRequestSchema.safeParse({ categories: [] }).success).toBe(false);
  });
});

describe('labels and small rules', () => {
  it('"{profile} - {profile email} - {organizationId} {organizationDomain}"', () => {
    const user = {
      id: PROFILE,
      profile: 'HUBSPOT' as const,
      email: 'ann@acme.com',
      organizationId: '24000001',
      organizationDomain: 'acme.hubspot.com',
      firstName: 'Ann',
      lastName: 'Lee',
      canWebhook: true,
      canUserAccount: true,
      canBlockList: false,
    };
    expect(integrationLabel({ user })).toBe('HUBSPOT - ann@acme.com - 24000001 acme.hubspot.com');
  });

  it('ids are 24 hex digits', () => {
    expect(IdSchema.safeParse(PROFILE).success).toBe(true);
    expect(IdSchema.safeParse('0123456789ABCDEF01234567').success).toBe(false);
    expect(IdSchema.safeParse('123').success).toBe(false);
  });

  it('URLs must be absolute http(s) with a host', () => {
    expect(isHttpUrl(' https://a.example.com/x ')).toBe(true);
    expect(isHttpUrl('http://10.0.0.1')).toBe(true);
    expect(isHttpUrl('mailto:a@b.c')).toBe(false);
    expect(isHttpUrl('example.com')).toBe(false);
    expect(isHttpUrl(undefined)).toBe(false);
  });
});
