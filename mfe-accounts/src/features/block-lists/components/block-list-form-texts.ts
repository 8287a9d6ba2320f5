import { crmListObjectTypeIds } from '@outsync/contracts';
import type {
  BlockListType,
  BlockType,
  HubspotCrmList,
  PlatformClient,
  SalesforceList,
} from '@outsync/contracts/accounts';

/**
 * The block-list forms' texts (spec 02 §2.7, §8). {CRM name} and {platform name} are display
 * names. Placeholders, the non-Latin note's wording and the profile placeholder are ours.
 */
export const blockListFormTexts = {
  section: 'Add Block List',
  noIntegrations: "You don't have any integrations!",
  // Beyond the spec (issue 31): after "connect your CRM first", and a profile without the flag.
  thenAdd: 'Then come back here to add a block list from one of its lists.',
  blockListsOff:
    'Block Lists is not enabled for this profile: a block list started on it is saved but stays paused (PAUSED_PENDING_UPGRADE) until an admin turns on Block Lists for it, or the account moves to the paid plan.',
  loadingIntegrations: 'Loading profiles',
  account: (crmNames: string) => `${crmNames} Account:`,
  accountPlaceholder: 'Select an account',
  listType: (crmName: string) => `${crmName} List Type`,
  listTypePlaceholder: 'Select a list type',
  listTypes: {
    CONTACT_LIST: 'Contact List',
    COMPANY_LIST: 'Company List (every domain)',
  } satisfies Record<BlockListType, string>,
  listSource: (crmName: string) => `${crmName} List Source`,
  listSourcePlaceholder: 'Select a list',
  listSourceEmpty: 'List Source not found',
  hubspotList: ({ listId, name, objectTypeId, additionalProperties }: HubspotCrmList) => {
    const size = additionalProperties.hs_list_size;
    // HubSpot does not always say how many members a list has.
    if (size === null) return `${listId}: ${name}`;
    const members = objectTypeId === crmListObjectTypeIds.companies ? 'Companies' : 'Contacts';
    return `${listId}: ${name} (${size} ${members})`;
  },
  salesforceList: ({ Id, Name }: SalesforceList) => `${Id}: ${Name}`,
  selectFields: 'Select Fields',
  selectFieldsPlaceholder: 'Select the fields to read',
  platform: 'Sales Engagement Platform',
  platformPlaceholder: 'Select a platform',
  apiKey: (platformName: string) => `${platformName} API Key`,
  salesforceApiKey: 'API Key',
  apiKeyPlaceholder: 'Select an API key',
  apiKeyEmpty: 'API Key not found ',
  socialProfileSource: (crmName: string) => `${crmName} Social Profile Source`,
  socialProfilePlaceholder: 'Select the profile URL properties',
  propertiesLoading: 'Loading properties...',
  propertiesEmpty: 'No properties found',
  listEndpoint: (platformName: string) => `${platformName} List Endpoint`,
  listEndpointPlaceholder: 'Select a list',
  createNewList: '+ Create New List',
  listName: 'List Name',
  createList: 'Create',
  creatingList: 'Creating...',
  createListFailedWith: (error: string) => `Failed to create list: ${error}`,
  // Ours: HeyReach could not be read and said nothing more.
  heyreachListsFailed: 'The HeyReach lists could not be read.',
  blockType: 'Type of blocking',
  blockTypePlaceholder: 'Select a type',
  blockTypes: {
    ADDRESS: 'Address (Individual Email Address)',
    DOMAIN: 'Domain (Every domain)',
  } satisfies Record<BlockType, string>,
  socialAddress: 'Address (Individual Social Profile)',
  nonLatinNote: (platformName: string, product: string) =>
    `${platformName}'s API does not accept non-Latin characters in e-mail addresses. By default, ${product} blocks the whole domain of such an address instead.`,
  nonLatinCheckbox: 'Block the domain of an address with non-Latin characters',
  clients: (platformName: string) => `${platformName} Clients`,
  clientPlaceholder: 'Select a client',
  clientsEmpty: (platformName: string) => `${platformName} Client not found`,
  client: ({ id, name, email }: PlatformClient) => `${id} ${name} ${email}`,
  start: 'Start Blocking',
  started: ({ listIdILS, listName }: { listIdILS: string; listName: string }) =>
    `Started blocking ${listIdILS}: ${listName}.`,
} as const;
