// Plan changes take effect on block lists (issue 29, item 7; docs/decisions.md "Plans and the
// Block Lists flag"), through the real app and the admin's Users screen API: a sync made on the
// free plan is kept and shows as paused pending upgrade; an upgrade gives the owner's profiles
// Block Lists and runs their syncs at once; a downgrade takes it away and the run stops; the flag
// given by itself does the same as an upgrade for its profile.
import type { BlockListSync } from '@outsync/contracts/accounts';
import { Types } from 'mongoose';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { buildProfile } from '../../testing/profile-factories';
import { profileModel } from '../profiles';
import { userModel } from '../users';
import { blockListSyncModel } from './block-list-sync.model';
import {
  HUBSPOT_CREATE,
  app,
  hubspotBody,
  hubspotId,
  lists,
  owner,
  run,
  syncOf,
  useBlockListsApp,
} from './block-lists.test-support';

guardOutboundCalls();
useBlockListsApp();

const USERS = '/api/admin/dashboard/users';

async function setPlan(isPaidTier: boolean) {
  await userModel(app.db.connection).updateOne(
    { email: 'block-lists@customer.test' },
    { $set: { isPaidTier } },
  );
}

async function flagsOf(profileId: string) {
  const profile = await profileModel(app.db.connection)
    .findById(profileId, { canWebhook: 1, canUserAccount: 1, canBlockList: 1 })
    .lean();
  if (!profile) throw new Error('profile missing');
  return {
    canWebhook: profile.canWebhook,
    canUserAccount: profile.canUserAccount,
    canBlockList: profile.canBlockList,
  };
}

async function nextRunOf(syncId: string): Promise<number> {
  const sync = await blockListSyncModel(app.db.connection)
    .findById(new Types.ObjectId(syncId), { nextRunAt: 1 })
    .lean();
  return sync?.nextRunAt?.getTime() ?? Number.NaN;
}

beforeEach(async () => {
  await setPlan(false);
  await profileModel(app.db.connection).updateMany({}, { $set: { canBlockList: false } });
});

it('keeps a sync made on the free plan, shown paused pending upgrade, and runs it as soon as the owner moves to the paid plan', async () => {
  const admin = await app.signIn({ email: 'plans-admin@outsync.test', role: 'ADMIN' });
  const { listId } = await lists.contactList(['gil@northwind.test']);

  const created = await owner.post<BlockListSync>(HUBSPOT_CREATE, hubspotBody({ listId }));
  expect(created.status).toBe(200);
  // Displayed PAUSED_PENDING_UPGRADE: the owner's profile lacks Block Lists (spec 02 §4).
  expect((await syncOf(owner, created.body.id)).user.canBlockList).toBe(false);
  expect(await run(created.body.id)).toEqual({ ran: false, reason: 'not_approved' });
  // Refused runs put the next one off by the interval (an hour here).
  expect(await nextRunOf(created.body.id)).toBeGreaterThan(Date.now() + 30 * 60_000);

  // The admin moves the owner to the paid plan; the dialog sends the flags unchanged.
  const flags = await flagsOf(hubspotId);
  const upgraded = await admin.put(`${USERS}/${hubspotId}`, { ...flags, isPaidTier: true });
  expect(upgraded.status).toBe(200);

  expect((await flagsOf(hubspotId)).canBlockList).toBe(true);
  expect((await syncOf(owner, created.body.id)).user.canBlockList).toBe(true);
  expect(await nextRunOf(created.body.id)).toBeLessThanOrEqual(Date.now());
  expect(await run(created.body.id)).toMatchObject({ ran: true, status: 'SYNCED', added: 1 });
});

it('pauses the syncs of an owner moved back to the free plan', async () => {
  const admin = await app.signIn({ email: 'plans-admin@outsync.test', role: 'ADMIN' });
  await setPlan(true);
  await profileModel(app.db.connection).updateMany({}, { $set: { canBlockList: true } });
  const { listId } = await lists.contactList(['hal@northwind.test']);
  const created = (await owner.post<BlockListSync>(HUBSPOT_CREATE, hubspotBody({ listId }))).body;

  const flags = await flagsOf(hubspotId);
  expect((await admin.put(`${USERS}/${hubspotId}`, { ...flags, isPaidTier: false })).status).toBe(
    200,
  );

  expect((await flagsOf(hubspotId)).canBlockList).toBe(false);
  expect((await syncOf(owner, created.id)).user.canBlockList).toBe(false);
  expect(await run(created.id)).toEqual({ ran: false, reason: 'not_approved' });
});

it("runs a profile's syncs at once when an admin gives it Block Lists, and keeps an admin's own choice of flags when the plan changes", async () => {
  const admin = await app.signIn({ email: 'plans-admin@outsync.test', role: 'ADMIN' });
  const { listId } = await lists.contactList(['ida@northwind.test']);
  const created = (await owner.post<BlockListSync>(HUBSPOT_CREATE, hubspotBody({ listId }))).body;
  expect(await run(created.id)).toEqual({ ran: false, reason: 'not_approved' });

  const flags = await flagsOf(hubspotId);
  await admin.put(`${USERS}/${hubspotId}`, { ...flags, canBlockList: true });
  expect(await nextRunOf(created.id)).toBeLessThanOrEqual(Date.now());

  // Upgraded while the admin unticks Webhooks in the same dialog: the plan gives Block Lists,
  // the admin's change stands.
  await profileModel(app.db.connection).updateOne(
    { _id: hubspotId },
    { $set: { canBlockList: false } },
  );
  const before = await flagsOf(hubspotId);
  await admin.put(`${USERS}/${hubspotId}`, { ...before, canWebhook: false, isPaidTier: true });
  expect(await flagsOf(hubspotId)).toEqual({
    canWebhook: false,
    canUserAccount: before.canUserAccount,
    canBlockList: true,
  });
  await profileModel(app.db.connection).updateOne(
    { _id: hubspotId },
    { $set: { canWebhook: true } },
  );
});

it('gives Block Lists to the profiles of a user whose sign-in moves them to the paid plan', async () => {
  // On the free plan until now; PAID_TIER_EMAILS names the address (the billing stand-in).
  const users = userModel(app.db.connection);
  const user = await users.create({
    email: 'moved-to-paid@customer.test',
    role: null,
    isPaidTier: false,
    createdAt: new Date(),
  });
  const profile = await buildProfile(app.db, { ownerId: user._id, canBlockList: false });

  await app.signIn({ email: 'moved-to-paid@customer.test' });

  expect((await users.findById(user._id).lean())?.isPaidTier).toBe(true);
  expect((await flagsOf(profile._id.toString())).canBlockList).toBe(true);
});
