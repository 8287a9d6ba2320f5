// Signed-in users for component tests, typed by the contracts (a fixture that no longer has the
// shape the service answers does not compile).
//
// API: oid(n); userDetails(nickname, email?); aCurrentUser(overrides?) (the role's flags follow
// `role`); customer (owns profile oid(1)), manager, admin.
import type { CurrentUser } from '@outsync/contracts';

/** A MongoDB-style id (24 hexadecimal digits) from a small number: oid(7) = '00…07'. */
export function oid(n: number): string {
  return n.toString(16).padStart(24, '0');
}

/** A user's details: `{nickname}@outsync.test` unless an e-mail is given, a blank avatar. */
export function userDetails(nickname: string, email = `${nickname}@outsync.test`) {
  return { nickname, email, picture: 'data:image/svg+xml,%3Csvg%2F%3E' };
}

/** The flags the service derives from a role (spec 01 §6). */
function roleFlags(role: CurrentUser['role']) {
  return {
    isAdmin: role === 'ADMIN',
    isManager: role === 'MANAGER',
    isManagerOrAdmin: role === 'ADMIN' || role === 'MANAGER',
  };
}

/** A signed-in user: a paid customer without profiles unless `overrides` say otherwise. */
export function aCurrentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  const role = overrides.role ?? null;
  return {
    id: oid(0x100),
    role,
    ...roleFlags(role),
    isPaidTier: true,
    userProfiles: [],
    details: userDetails('ada'),
    ...overrides,
  };
}

/** A customer (no staff role) on the paid plan, owner of profile oid(1). */
export const customer = aCurrentUser({
  id: oid(0x100),
  userProfiles: [{ userProfileId: oid(1) }],
  details: userDetails('ada'),
});

/** Staff with role MANAGER: sees every account's data, changes none. */
export const manager = aCurrentUser({
  id: oid(0x200),
  role: 'MANAGER',
  details: userDetails('meg'),
});

/** Staff with role ADMIN. */
export const admin = aCurrentUser({ id: oid(0x300), role: 'ADMIN', details: userDetails('root') });
