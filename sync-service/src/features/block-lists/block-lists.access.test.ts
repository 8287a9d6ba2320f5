// Block-list syncs through the real app against an in-process sandbox: who may see, pause,
// resume and delete a sync, and a profile that lost Block Lists.
import type { BlockListSync } from '@outsync/contracts/accounts';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { profileModel } from '../profiles';
import {
  SYNCS,
  HUBSPOT_CREATE,
  lists,
  app,
  owner,
  hubspotId,
  run,
  syncOf,
  hubspotBody,
  useBlockListsApp,
} from './block-lists.test-support';

guardOutboundCalls();
useBlockListsApp();

describe('who may see, pause, resume and delete', () => {
  it('shows a customer only their syncs; a manager sees all and may not change them; an admin may', async () => {
    const { listId } = await lists.contactList(['eve@northwind.test']);
    const created = (await owner.post<BlockListSync>(HUBSPOT_CREATE, hubspotBody({ listId }))).body;
    const stranger = await app.signIn({ email: 'stranger@other.test' });
    expect((await stranger.get<BlockListSync[]>(SYNCS)).body).toEqual([]);
    expect((await stranger.put(`${SYNCS}/${created.id}`, { isEnabled: false })).status).toBe(404);
    expect((await stranger.delete(`${SYNCS}/${created.id}`)).status).toBe(404);

    const manager = await app.signIn({ email: 'manager@outsync.test', role: 'MANAGER' });
    const seen = await syncOf(manager, created.id);
    expect(seen.canManage).toBe(false);
    expect((await manager.put(`${SYNCS}/${created.id}`, { isEnabled: false })).status).toBe(404);
    expect((await manager.delete(`${SYNCS}/${created.id}`)).status).toBe(404);
    expect((await syncOf(owner, created.id)).isEnabled).toBe(true);

    const admin = await app.signIn({ email: 'admin@outsync.test', role: 'ADMIN' });
    expect((await syncOf(admin, created.id)).canManage).toBe(true);
    const paused = await admin.put<BlockListSync>(`${SYNCS}/${created.id}`, { isEnabled: false });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ isEnabled: false, nextRunAt: null });
    expect(await run(created.id)).toEqual({ ran: false, reason: 'paused' });

    const resumed = await owner.put<BlockListSync>(`${SYNCS}/${created.id}`, { isEnabled: true });
    expect(resumed.body).toMatchObject({ isEnabled: true, status: 'QUEUED' });
    expect(resumed.body.nextRunAt).not.toBeNull();

    const deleted = await owner.delete<{ id: string; listId: string; listName: string }>(
      `${SYNCS}/${created.id}`,
    );
    expect(deleted.body).toEqual({ id: created.id, listId, listName: created.listName });
    expect((await owner.get<BlockListSync[]>(SYNCS)).body.map((sync) => sync.id)).not.toContain(
      created.id,
    );
    expect(await run(created.id)).toEqual({ ran: false, reason: 'not_found' });
  });

  it('never runs a sync whose profile lost Block Lists, and shows that', async () => {
    const { listId } = await lists.contactList(['fay@northwind.test']);
    const created = (await owner.post<BlockListSync>(HUBSPOT_CREATE, hubspotBody({ listId }))).body;
    await profileModel(app.db.connection).updateOne({ _id: hubspotId }, { canBlockList: false });
    try {
      expect(await run(created.id)).toEqual({ ran: false, reason: 'not_approved' });
      const shown = await syncOf(owner, created.id);
      expect(shown.user.canBlockList).toBe(false);
      expect(shown.lastAttemptedAt).toBeNull();
    } finally {
      await profileModel(app.db.connection).updateOne({ _id: hubspotId }, { canBlockList: true });
    }
  });
});
