// Listing, pausing, resuming and deleting block-list syncs, and what names a sync elsewhere (the
// API keys screen, a profile's delete), through the real app against the sandbox (spec 02 §4,
// §7; docs/decisions.md "The syncs").
import type { ApiKeysResponse, BlockListSync } from '@outsync/contracts/accounts';
import type { AuditLogPage } from '@outsync/contracts/history';
import { buildApiKey } from '../../testing/account-factories';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { buildProfile } from '../../testing/profile-factories';
import { apiKeyModel } from '../api-keys';
import { profileModel } from '../profiles';
import { blockListSyncModel } from './block-list-sync.model';
import { blockListSyncsOfKeys, blockListUsageOfProfile } from './block-lists.service';
import {
  createHubspotSync,
  createSalesforceSync,
  ownerId,
  queuedRuns,
  runSync,
  savedState,
  useSalesforceReportBody,
} from './block-lists.runs.test-support';
import {
  type ErrorBody,
  HUBSPOT_CREATE,
  SYNCS,
  app,
  hubspotBody,
  hubspotId,
  lists,
  owner,
  salesforceId,
  syncOf,
  useBlockListsApp,
} from './block-lists.test-support';

guardOutboundCalls();
useBlockListsApp();
const salesforceBody = useSalesforceReportBody();

describe('list, pause, resume, delete', () => {
  it('lists the newest first and shows what it can of a sync whose key or profile is gone', async () => {
    const { listId } = await lists.contactList(['pj@rules.test']);
    const key = await buildApiKey(app.db, app.secrets, {
      userProfileId: hubspotId,
      platform: 'instantly',
      description: 'Going away',
    });
    const older = await createHubspotSync(
      hubspotBody({ listId, apiKeyId: key._id.toString(), client: null }),
    );
    const newer = await createHubspotSync(hubspotBody({ listId }));
    const listed = (await owner.get<BlockListSync[]>(SYNCS)).body.map((sync) => sync.id);
    expect(listed.indexOf(newer.id)).toBeLessThan(listed.indexOf(older.id));

    await apiKeyModel(app.db.connection).deleteOne({ _id: key._id });
    expect((await syncOf(owner, older.id)).apiKey).toEqual({
      id: key._id.toString(),
      description: '(deleted key)',
      platform: 'instantly',
    });
    const gone = await buildProfile(app.db, { ownerId: await ownerId() });
    await blockListSyncModel(app.db.connection).updateOne(
      { _id: older.id },
      { $set: { userProfileId: gone._id } },
    );
    await profileModel(app.db.connection).deleteOne({ _id: gone._id });
    expect(await syncOf(owner, older.id)).toMatchObject({
      userId: gone._id.toString(),
      user: { email: '', accountId: '', organizationId: '', canBlockList: false },
      canManage: true,
    });
    // Its owner may still pause it.
    const paused = await owner.put<BlockListSync>(`${SYNCS}/${older.id}`, { isEnabled: false });
    expect({ status: paused.status, isEnabled: paused.body.isEnabled }).toEqual({
      status: 200,
      isEnabled: false,
    });
  });

  it("names each sync's own key in the list (newest first, ties by creation order) and in a change's answer, and audits the change by the list's name", async () => {
    const { listId } = await lists.contactList(['pkeys@rules.test']);
    const [main, eu] = await Promise.all(
      ['Instantly main', 'Instantly EU'].map((description) =>
        buildApiKey(app.db, app.secrets, {
          userProfileId: hubspotId,
          platform: 'instantly',
          description,
        }),
      ),
    );
    const first = await createHubspotSync(
      hubspotBody({ listId, apiKeyId: main!._id.toString(), client: null }),
    );
    const second = await createHubspotSync(
      hubspotBody({ listId, apiKeyId: eu!._id.toString(), client: null }),
    );
    // Created in the same instant (and later than every other sync here): the later one first.
    await blockListSyncModel(app.db.connection).updateMany(
      { _id: { $in: [first.id, second.id] } },
      { $set: { createdAt: new Date('2031-01-01T00:00:00.000Z') } },
    );
    const listed = (await owner.get<BlockListSync[]>(SYNCS)).body;
    expect(listed.slice(0, 2).map((sync) => [sync.id, sync.apiKey.description])).toEqual([
      [second.id, 'Instantly EU'],
      [first.id, 'Instantly main'],
    ]);

    const paused = await owner.put<BlockListSync>(`${SYNCS}/${first.id}`, { isEnabled: false });
    expect(paused.body.apiKey).toEqual({
      id: main!._id.toString(),
      description: 'Instantly main',
      platform: 'instantly',
    });
    const profile = await profileModel(app.db.connection).findById(hubspotId).lean();
    expect(paused.body.user.email).toBe(profile?.email);
    expect(profile?.email).not.toBe('');
    const audit = await owner.get<AuditLogPage>('/api/admin/audit-log');
    expect(audit.body.data[0]).toMatchObject({
      action: 'updateBlockListSync',
      target: `Block list ${first.listName}`,
    });
  });

  it("shows the owning profile's account, and lets a manager read but not create on it", async () => {
    const { listId } = await lists.contactList(['po@rules.test']);
    const created = await createHubspotSync(hubspotBody({ listId }));
    const profile = await profileModel(app.db.connection).findById(hubspotId).lean();
    expect((await syncOf(owner, created.id)).user).toEqual({
      email: profile?.email,
      accountId: profile?.accountId,
      organizationId: profile?.organizationId,
      canBlockList: true,
    });
    expect(profile?.email).not.toBe('');
    const manager = await app.signIn({ email: 'manager@rules.test', role: 'MANAGER' });
    expect((await syncOf(manager, created.id)).canManage).toBe(false);
    const refused = await manager.post<ErrorBody>(HUBSPOT_CREATE, hubspotBody({ listId }));
    expect(refused.status).toBe(404);
  });

  it('pauses without a next run, resumes with one at once, and queues a run only on resume', async () => {
    const { listId } = await lists.contactList(['pk@rules.test']);
    const created = await createHubspotSync(hubspotBody({ listId }));
    expect(await queuedRuns(created.id)).toBe(1);
    const again = await owner.put<BlockListSync>(`${SYNCS}/${created.id}`, { isEnabled: true });
    expect(again.body).toMatchObject({ isEnabled: true, status: 'QUEUED' });
    expect(await queuedRuns(created.id)).toBe(1);

    const paused = await owner.put<BlockListSync>(`${SYNCS}/${created.id}`, { isEnabled: false });
    expect(paused.body).toMatchObject({ isEnabled: false, nextRunAt: null });
    expect(
      (await blockListSyncModel(app.db.connection).findById(created.id).lean())?.nextRunAt,
    ).toBeNull();
    const before = Date.now();
    const resumed = await owner.put<BlockListSync>(`${SYNCS}/${created.id}`, { isEnabled: true });
    expect(resumed.body).toMatchObject({ isEnabled: true, status: 'QUEUED' });
    const next = Date.parse(resumed.body.nextRunAt ?? '');
    expect(next).toBeGreaterThanOrEqual(before - 1_000);
    expect(next).toBeLessThanOrEqual(Date.now());
    expect(await queuedRuns(created.id)).toBe(2);
  });

  it('queues a sync again when resumed after a finished run', async () => {
    const { listId } = await lists.contactList(['pq@rules.test']);
    const created = await createHubspotSync(hubspotBody({ listId }));
    await runSync(created.id);
    const finished = await syncOf(owner, created.id);
    expect(finished.status).toBe('SYNCED');
    await owner.put(`${SYNCS}/${created.id}`, { isEnabled: false });
    const resumed = await owner.put<BlockListSync>(`${SYNCS}/${created.id}`, { isEnabled: true });
    expect(resumed.body).toMatchObject({ isEnabled: true, status: 'QUEUED' });
  });

  it('leaves the status of a run still finishing when resumed', async () => {
    const { listId } = await lists.contactList(['pl@rules.test']);
    const created = await createHubspotSync(hubspotBody({ listId }));
    await owner.put(`${SYNCS}/${created.id}`, { isEnabled: false });
    await blockListSyncModel(app.db.connection).updateOne(
      { _id: created.id },
      {
        $set: {
          status: 'SYNCING',
          lease: { runId: 'finishing', until: new Date(Date.now() + 60_000) },
        },
      },
    );
    const resumed = await owner.put<BlockListSync>(`${SYNCS}/${created.id}`, { isEnabled: true });
    expect(resumed.body).toMatchObject({ isEnabled: true, status: 'SYNCING' });
  });

  it('answers 404 for an id that is no sync', async () => {
    const answer = await owner.put<ErrorBody>(`${SYNCS}/65f000000000000000000000`, {
      isEnabled: false,
    });
    expect({ status: answer.status, message: answer.body.message }).toEqual({
      status: 404,
      message: 'No such block list, or it is not yours.',
    });
  });

  it("deletes the sync and its saved state, never the platform's entries", async () => {
    const { listId } = await lists.contactList(['pm@rules.test']);
    const created = await createHubspotSync(hubspotBody({ listId }));
    await runSync(created.id);
    expect(await savedState(created.id)).not.toBeNull();
    expect((await owner.delete(`${SYNCS}/${created.id}`)).status).toBe(200);
    expect(await savedState(created.id)).toBeNull();
    expect(await runSync(created.id)).toEqual({ ran: false, reason: 'not_found' });
  });
});

describe('what names a sync elsewhere', () => {
  it("lists a key's syncs oldest first on the API keys screen, and refuses the profile's delete", async () => {
    const key = await buildApiKey(app.db, app.secrets, {
      userProfileId: hubspotId,
      platform: 'instantly',
    });
    const { listId } = await lists.contactList(['pn@rules.test']);
    const first = await createHubspotSync(
      hubspotBody({ listId, listName: 'Named first', apiKeyId: key._id.toString(), client: null }),
    );
    const second = await createHubspotSync(
      hubspotBody({ listId, listName: 'Named second', apiKeyId: key._id.toString(), client: null }),
    );
    const screen = (await owner.get<ApiKeysResponse>('/api/admin/dashboard/api-keys')).body;
    expect(screen.apiKeys.find((each) => each.id === key._id.toString())?.syncBlockList).toEqual([
      { id: first.id, listName: 'Named first' },
      { id: second.id, listName: 'Named second' },
    ]);
    await createSalesforceSync(salesforceBody({ listName: 'Keeps its profile' }));
    const deleted = await owner.delete<ErrorBody>(`/api/admin/salesforce/${salesforceId}`);
    expect(deleted.status).toBe(409);
    expect(deleted.body.message).toContain('block list "Keeps its profile"');
  });

  it('a profile without block lists is deleted while other profiles keep theirs', async () => {
    const { listId } = await lists.contactList(['pr@rules.test']);
    await createHubspotSync(hubspotBody({ listId, listName: 'Stays with HubSpot' }));
    const bare = await buildProfile(app.db, { ownerId: await ownerId(), crm: 'SALESFORCE' });
    const deleted = await owner.delete(`/api/admin/salesforce/${bare._id.toString()}`);
    expect(deleted.status).toBe(200);
  });

  it("names only the keys and the profile asked about, in creation order, and ignores ids that aren't", async () => {
    const syncs = blockListSyncModel(app.db.connection);
    const keyA = await buildApiKey(app.db, app.secrets, {
      userProfileId: hubspotId,
      platform: 'instantly',
    });
    const keyB = await buildApiKey(app.db, app.secrets, {
      userProfileId: hubspotId,
      platform: 'instantly',
    });
    const profile = await buildProfile(app.db, { ownerId: await ownerId() });
    const { listId } = await lists.contactList(['ps@rules.test']);
    // Stored in the reverse of their creation order: the answer follows createdAt, not storage.
    const later = await createHubspotSync(
      hubspotBody({
        listId,
        listName: 'Created later',
        apiKeyId: keyA._id.toString(),
        client: null,
      }),
    );
    const earlier = await createHubspotSync(
      hubspotBody({
        listId,
        listName: 'Created earlier',
        apiKeyId: keyA._id.toString(),
        client: null,
      }),
    );
    await syncs.updateOne(
      { _id: later.id },
      { $set: { createdAt: new Date('2030-02-01T00:00:00Z') } },
    );
    await syncs.updateOne(
      { _id: earlier.id },
      { $set: { createdAt: new Date('2030-01-01T00:00:00Z'), userProfileId: profile._id } },
    );
    await createHubspotSync(
      hubspotBody({ listId, listName: 'Of key B', apiKeyId: keyB._id.toString(), client: null }),
    );

    const byKey = await blockListSyncsOfKeys(syncs, [keyA._id.toString(), 'not-an-id']);
    expect([...byKey.entries()]).toEqual([
      [
        keyA._id.toString(),
        [
          { id: earlier.id, listName: 'Created earlier' },
          { id: later.id, listName: 'Created later' },
        ],
      ],
    ]);
    expect(await blockListUsageOfProfile(syncs, profile._id.toString())).toEqual([
      'block list "Created earlier"',
    ]);
    expect(await blockListUsageOfProfile(syncs, 'not-an-id')).toEqual([]);
  });
});
