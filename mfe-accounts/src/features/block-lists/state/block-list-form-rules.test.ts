// Spec 02 §4 and §5 for the cases the screens cannot reach (HeyReach is not offered on the
// SALESFORCE form), and the non-Latin rule's whole table. The screens' tests cover the rest.
import { emptyHubspotBlockListForm, hubspotBlockListTransition } from './hubspot-block-list-form';
import {
  checkSalesforceBlockListForm,
  emptySalesforceBlockListForm,
  salesforceBlockListTransition,
  type SalesforceBlockListForm,
} from './salesforce-block-list-form';
import { usesDomainForNonLatin } from './block-list-rules';

const keyId = '0000000000000000000000a1';
const context = {
  userProfileId: '000000000000000000000002',
  listName: () => 'Do not contact',
  clientCount: () => 0,
};

test('SALESFORCE: a new platform clears the client and the API key; HeyReach also clears the block type', () => {
  const filled: SalesforceBlockListForm = {
    ...emptySalesforceBlockListForm,
    platform: 'smartlead',
    apiKeyId: keyId,
    blockType: 'ADDRESS',
    client: '11',
  };

  expect(
    salesforceBlockListTransition(filled, { ...filled, platform: 'instantly' }, 'platform'),
  ).toEqual({ ...filled, platform: 'instantly', apiKeyId: null, client: null });
  expect(
    salesforceBlockListTransition(filled, { ...filled, platform: 'heyreach' }, 'platform'),
  ).toEqual({ ...filled, platform: 'heyreach', apiKeyId: null, client: null, blockType: null });
});

test('choosing the platform already chosen changes nothing', () => {
  const filled = {
    ...emptyHubspotBlockListForm,
    listType: 'CONTACT_LIST' as const,
    platform: 'smartlead' as const,
    apiKeyId: keyId,
    client: '11',
  };
  expect(hubspotBlockListTransition(filled, { ...filled }, 'platform')).toEqual(filled);
});

test('HUBSPOT: HeyReach on a contact list keeps ADDRESS and drops DOMAIN (a profile has no domain)', () => {
  const address = {
    ...emptyHubspotBlockListForm,
    listType: 'CONTACT_LIST' as const,
    listId: '101',
    platform: 'instantly' as const,
    blockType: 'ADDRESS' as const,
  };
  expect(
    hubspotBlockListTransition(address, { ...address, platform: 'heyreach' }, 'platform'),
  ).toMatchObject({ listType: 'CONTACT_LIST', listId: '101', blockType: 'ADDRESS' });
  const domain = { ...address, blockType: 'DOMAIN' as const };
  expect(
    hubspotBlockListTransition(domain, { ...domain, platform: 'heyreach' }, 'platform'),
  ).toMatchObject({ listType: 'CONTACT_LIST', listId: '101', blockType: null });
});

test('a block type the platform does not take is "Select Type of blocking"', () => {
  const form: SalesforceBlockListForm = {
    listIdentifier: '00O5g000001AbCdEAK',
    fields: ['EMAIL'],
    platform: 'heyreach',
    apiKeyId: keyId,
    blockType: 'DOMAIN',
    client: null,
  };
  expect(checkSalesforceBlockListForm(form, context)).toEqual({
    ok: false,
    field: 'blockType',
    message: 'Select Type of blocking',
  });
});

test.each([
  ['instantly', 'ADDRESS', 'CONTACT_LIST', true],
  ['instantly', 'DOMAIN', 'CONTACT_LIST', false],
  ['instantly', 'ADDRESS', 'COMPANY_LIST', false],
  ['instantly', 'ADDRESS', null, false],
  ['smartlead', 'ADDRESS', 'CONTACT_LIST', false],
  ['bison', 'ADDRESS', 'CONTACT_LIST', false],
  ['heyreach', 'ADDRESS', 'CONTACT_LIST', false],
  [null, 'ADDRESS', 'CONTACT_LIST', false],
] as const)('non-Latin rule: %s, %s, %s → %s', (platform, blockType, listType, expected) => {
  expect(usesDomainForNonLatin({ platform, blockType, listType })).toBe(expected);
});
