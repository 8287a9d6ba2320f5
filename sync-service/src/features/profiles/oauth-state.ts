import { createHash, randomBytes } from 'node:crypto';
import type { CrmKind } from '@outsync/contracts';
import { Types } from 'mongoose';
import type { OAuthStateDoc, OAuthStateModel } from './oauth-state.model';

export const OAUTH_STATE_TTL_MINUTES = 10;

/** Why a callback's state is refused; each has its own page text. */
export type StateProblem = 'missing' | 'unknown' | 'used' | 'expired' | 'foreign';

export type StateCheck = { ok: true; state: OAuthStateDoc } | { ok: false; problem: StateProblem };

/** Who is asking: the signed-in user and the session cookie of their browser. */
export type StateOwner = { userId: string; sessionToken: string };

export type OAuthStates = {
  /** A new single-use state for `crm` (and the Salesforce profile being connected). */
  issue(owner: StateOwner, crm: CrmKind, profileId?: string): Promise<string>;
  /**
   * Uses a state up: accepted once, before it expires, from the session that asked for it.
   * A state brought back by another user or browser is refused and stays usable by its own.
   */
  consume(state: string | undefined, crm: CrmKind, owner: StateOwner | null): Promise<StateCheck>;
  /** Drops the pending states of a profile that is being deleted. */
  forgetProfile(profileId: string): Promise<void>;
};

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const sessionHash = (token: string) => sha256(`oauth-state-session\0${token}`);

export function createOAuthStates(deps: { states: OAuthStateModel; now: () => Date }): OAuthStates {
  return {
    async issue(owner, crm, profileId) {
      const state = randomBytes(32).toString('base64url');
      const now = deps.now();
      await deps.states.create({
        stateHash: sha256(state),
        crm,
        userId: new Types.ObjectId(owner.userId),
        sessionHash: sessionHash(owner.sessionToken),
        profileId: profileId ? new Types.ObjectId(profileId) : null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MINUTES * 60_000),
        usedAt: null,
      });
      return state;
    },

    async consume(state, crm, owner) {
      if (!state) return { ok: false, problem: 'missing' };
      const found = await deps.states
        .findOne({ stateHash: sha256(state), crm })
        .lean<OAuthStateDoc>();
      if (!found) return { ok: false, problem: 'unknown' };
      if (
        !owner ||
        found.userId.toString() !== owner.userId ||
        found.sessionHash !== sessionHash(owner.sessionToken)
      ) {
        return { ok: false, problem: 'foreign' };
      }
      if (found.usedAt) return { ok: false, problem: 'used' };
      const now = deps.now();
      if (found.expiresAt.getTime() <= now.getTime()) return { ok: false, problem: 'expired' };
      // Claimed atomically, so two callbacks racing with one state cannot both go on.
      const claimed = await deps.states
        .findOneAndUpdate(
          { _id: found._id, usedAt: null },
          { $set: { usedAt: now } },
          { returnDocument: 'after' },
        )
        .lean<OAuthStateDoc>();
      return claimed ? { ok: true, state: claimed } : { ok: false, problem: 'used' };
    },

    async forgetProfile(profileId) {
      await deps.states.deleteMany({ profileId: new Types.ObjectId(profileId) });
    },
  };
}
