import { crmDisplayNames, CrmKindSchema } from './crm-kinds';
import {
  platformDisplayName,
  platformFacts,
  platformFromAnySpelling,
  platformsOfKind,
  PlatformSchema,
  webhookTablePlatformLabel,
} from './platforms';
import { routeList } from './routes';

test('CRM kinds and their display names (spec 01 §1, spec 02 §2.1)', () => {
  expect(CrmKindSchema.options).toEqual(['HUBSPOT', 'SALESFORCE']);
  expect(crmDisplayNames).toEqual({ HUBSPOT: 'HubSpot', SALESFORCE: 'Salesforce' });
});

test('the sidebar shows the two CRM entries under their display names (spec 02 §2.1)', () => {
  const label = (name: string) => routeList.find((route) => route.name === name)?.sidebar?.label;
  expect(label('hubspot-view')).toBe(crmDisplayNames.HUBSPOT);
  expect(label('salesforce-settings-view')).toBe(crmDisplayNames.SALESFORCE);
});

test('platform type values, in lower case (spec 01 §1)', () => {
  expect(PlatformSchema.options).toEqual(['smartlead', 'instantly', 'bison', 'heyreach']);
  expect(PlatformSchema.safeParse('Smartlead').success).toBe(false);
});

test('three e-mail sequencers and one social tool', () => {
  expect(platformsOfKind('email-sequencer')).toEqual(['smartlead', 'instantly', 'bison']);
  expect(platformsOfKind('social-tool')).toEqual(['heyreach']);
});

test('either spelling names the platform', () => {
  expect(
    ['smartlead', 'Smartlead', 'Instantly', 'bison', 'EmailBison', 'HeyReach', ' heyreach '].map(
      platformFromAnySpelling,
    ),
  ).toEqual(['smartlead', 'smartlead', 'instantly', 'bison', 'bison', 'heyreach', 'heyreach']);
  expect(platformFromAnySpelling('Lemlist')).toBeUndefined();
  expect(platformFromAnySpelling(null)).toBeUndefined();
});

test("display names, and 'Sales Engagement Platform' for anything else (spec 01 §1)", () => {
  expect(['smartlead', 'instantly', 'bison', 'heyreach'].map(platformDisplayName)).toEqual([
    'Smartlead',
    'Instantly',
    'EmailBison',
    'HeyReach',
  ]);
  expect(platformDisplayName('Lemlist')).toBe('Sales Engagement Platform');
  expect(platformDisplayName(undefined)).toBe('Sales Engagement Platform');
});

test("the webhook table shows an unknown platform's raw value, or 'Unknown' if none", () => {
  expect(webhookTablePlatformLabel('heyreach')).toBe('HeyReach');
  expect(webhookTablePlatformLabel('lemlist')).toBe('lemlist');
  expect(webhookTablePlatformLabel('')).toBe('Unknown');
  expect(webhookTablePlatformLabel(null)).toBe('Unknown');
  expect(webhookTablePlatformLabel(undefined)).toBe('Unknown');
});

// Spec 02 §9: "HeyReach is not offered for SALESFORCE block lists and cannot use COMPANY_LIST.
// Base URL is used only for bison. The client select is used only for Smartlead. Adding lead
// categories by hand is only for HeyReach."
test.each([
  ['salesforceBlockLists', ['smartlead', 'instantly', 'bison']],
  ['companyLists', ['smartlead', 'instantly', 'bison']],
  ['apiKeyHasBaseUrl', ['bison']],
  ['blockListClientSelect', ['smartlead']],
  ['leadCategoriesByHand', ['heyreach']],
] as const)('%s: only %j', (fact, platforms) => {
  expect(PlatformSchema.options.filter((platform) => platformFacts[platform][fact])).toEqual(
    platforms,
  );
});
