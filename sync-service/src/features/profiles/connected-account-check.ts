import type { CrmKind } from '@outsync/contracts';
import type { ConnectedAccountCheckResponse } from '@outsync/contracts/accounts';
import type { SessionUser } from '../../platform/http/types';
import type { ProfileDoc } from './profiles.model';
import type { ProfilesContext } from './profiles-service.types';

export type ConnectedAccountCheckDeps = Pick<ProfilesContext, 'profiles' | 'connections'>;

/** The problems recorded on the caller's connections of `crm`; `{}` when there are none. */
export async function checkConnectedAccount(
  deps: ConnectedAccountCheckDeps,
  user: SessionUser,
  crm: CrmKind,
): Promise<ConnectedAccountCheckResponse> {
  const own = await deps.profiles
    .find({ ownerId: user.id, crm, connection: { $ne: null } })
    .sort({ createdAt: 1, _id: 1 })
    .lean<ProfileDoc[]>();
  // Cheap: no call for a fresh token. A stale one is renewed now, which is the real test
  // of the grant (a refused refresh records the problem); any 401 elsewhere does the same.
  await Promise.allSettled(
    own
      .filter((profile) => profile.problem === null)
      .map((profile) => deps.connections.tokenAuth(profile).getAccessToken()),
  );
  const broken = await deps.profiles
    .find({ ownerId: user.id, crm, problem: { $ne: null } })
    .sort({ createdAt: 1, _id: 1 })
    .lean<ProfileDoc[]>();
  const problems = broken.flatMap((profile) => (profile.problem ? [profile.problem] : []));
  const first = problems[0];
  if (!first) return {};
  const message = problems.map((problem) => problem.message).join(' ');
  return crm === 'HUBSPOT' ? { title: first.title, message } : { message };
}
