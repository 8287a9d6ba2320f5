// How a stored block-list sync is shown (spec 02 §4, the syncs table and its rows' details): every
// field of a current document, and what a document written by an earlier version (fields it did
// not have yet), a deleted profile and a deleted key show instead; and how a platform's refusal
// of the create form's look-ups (Smartlead clients, HeyReach lists) is worded. Pure: no database.
import { Types } from 'mongoose';
import type { ApiKeyDoc } from '../api-keys';
import type { ProfileDoc } from '../profiles';
import type { BlockListSyncDoc } from './block-list-sync.model';
import { ConnectorError } from '../../connectors/http';
import { platformFailure, toApi } from './block-lists.service';

const SYNC_ID = '65f0000000000000000000a1';
const OWNER_ID = '65f0000000000000000000b2';
const PROFILE_ID = '65f0000000000000000000c3';
const KEY_ID = '65f0000000000000000000d4';

const current: BlockListSyncDoc = {
  _id: new Types.ObjectId(SYNC_ID),
  userId: new Types.ObjectId(OWNER_ID),
  userProfileId: new Types.ObjectId(PROFILE_ID),
  crm: 'HUBSPOT',
  listId: '1207',
  listIdILS: '88',
  listName: 'Do not contact',
  listType: 'CONTACT_LIST',
  apiKeyId: new Types.ObjectId(KEY_ID),
  platform: 'smartlead',
  client: { id: '301', email: 'agency@client.test' },
  blockType: 'ADDRESS',
  useDomainForNonLatin: false,
  profileUrlFieldNames: ['hs_linkedin_url'],
  fields: ['EMAIL'],
  heyReachListId: '4411',
  isEnabled: true,
  status: 'SYNCED',
  progress: { phase: 'writing', done: 40, total: 120 },
  lastFetchedAt: new Date('2026-11-02T10:00:00.000Z'),
  lastAttemptedAt: new Date('2026-11-02T10:05:00.000Z'),
  lastError: 'HubSpot did not answer.',
  lastSmartleadError: 'Smartlead refused 2 entries.',
  countItemsSynced: 118,
  countItemsNotSynced: 2,
  nextRunAt: new Date('2026-11-02T11:05:00.000Z'),
  lease: null,
  createdAt: new Date('2026-10-01T08:00:00.000Z'),
  updatedAt: new Date('2026-11-02T10:05:00.000Z'),
};

const profile = {
  _id: new Types.ObjectId(PROFILE_ID),
  ownerId: new Types.ObjectId(OWNER_ID),
  email: 'grace@acme.test',
  accountId: '7100001',
  organizationId: '44110022',
  canBlockList: true,
} as ProfileDoc;

const key = {
  _id: new Types.ObjectId(KEY_ID),
  description: 'Smartlead main',
  platform: 'smartlead',
} as ApiKeyDoc;

test('a current sync shows every stored field', () => {
  expect(toApi(current, profile, key, true)).toEqual({
    id: SYNC_ID,
    crm: 'HUBSPOT',
    listId: '1207',
    listIdILS: '88',
    listName: 'Do not contact',
    listType: 'CONTACT_LIST',
    userId: PROFILE_ID,
    user: {
      email: 'grace@acme.test',
      accountId: '7100001',
      organizationId: '44110022',
      canBlockList: true,
    },
    apiKey: { id: KEY_ID, description: 'Smartlead main', platform: 'smartlead' },
    clientDetails: { id: '301', email: 'agency@client.test' },
    blockType: 'ADDRESS',
    useDomainForNonLatin: false,
    profileUrlFieldNames: ['hs_linkedin_url'],
    fields: ['EMAIL'],
    heyReachListId: '4411',
    lastFetchedAt: '2026-11-02T10:00:00.000Z',
    lastAttemptedAt: '2026-11-02T10:05:00.000Z',
    lastError: 'HubSpot did not answer.',
    lastSmartleadError: 'Smartlead refused 2 entries.',
    countItemsSynced: 118,
    countItemsNotSynced: 2,
    isEnabled: true,
    status: 'SYNCED',
    progress: { phase: 'writing', done: 40, total: 120 },
    nextRunAt: '2026-11-02T11:05:00.000Z',
    canManage: true,
    createdAt: '2026-10-01T08:00:00.000Z',
  });
});

test("an earlier version's document, its profile and key deleted, shows the defaults", () => {
  // As stored before these fields existed: absent, not null.
  const legacy = { ...current } as Partial<BlockListSyncDoc>;
  for (const field of [
    'listIdILS',
    'profileUrlFieldNames',
    'fields',
    'heyReachListId',
    'progress',
    'lastFetchedAt',
    'lastAttemptedAt',
    'lastError',
    'lastSmartleadError',
    'countItemsSynced',
    'countItemsNotSynced',
  ] as const)
    delete legacy[field];
  const shown = toApi({ ...(legacy as BlockListSyncDoc), client: null }, null, null, false);
  expect(shown).toMatchObject({
    listId: '1207',
    listIdILS: '1207',
    user: { email: '', accountId: '', organizationId: '', canBlockList: false },
    apiKey: { id: KEY_ID, description: '(deleted key)', platform: 'smartlead' },
    clientDetails: null,
    profileUrlFieldNames: [],
    fields: [],
    heyReachListId: null,
    lastFetchedAt: null,
    lastAttemptedAt: null,
    lastError: null,
    lastSmartleadError: null,
    countItemsSynced: 0,
    countItemsNotSynced: 0,
    progress: null,
    canManage: false,
  });
});

test('a paused sync shows no next run, whatever date is stored', () => {
  expect(toApi({ ...current, isEnabled: false }, profile, key, true)).toMatchObject({
    isEnabled: false,
    nextRunAt: null,
  });
});

describe("a platform's failure during a create", () => {
  const failure = (init: Partial<ConstructorParameters<typeof ConnectorError>[0]>) =>
    platformFailure(
      new ConnectorError({
        system: 'smartlead',
        operation: 'listClients',
        code: 'unauthorized',
        message: 'refused',
        ...init,
      }),
    );

  it('names a refused key, with the platform’s words when it gave some', () => {
    expect(failure({ vendorMessage: 'Invalid API key' })).toMatchObject({
      status: 502,
      code: 'upstream_failed',
      message: 'Smartlead refused the API key: Invalid API key',
    });
    expect(failure({ system: 'heyreach', code: 'forbidden' }).message).toBe(
      'HeyReach refused the API key.',
    );
  });

  it('says any other failure as the other upstream errors are said', () => {
    expect(failure({ system: 'heyreach', code: 'timeout' }).message).toBe(
      'HeyReach did not answer: the request timed out. Please try again.',
    );
  });

  it('lets a failure that is not a platform call through as it is', () => {
    const bug = new TypeError('not a platform failure');
    expect(() => platformFailure(bug)).toThrow(bug);
  });
});
