import { randomBytes } from 'node:crypto';
import { ErrorCodes } from '@outsync/contracts';
import {
  AccountsErrorCodes,
  userAccountMessages,
  type UserAccount,
} from '@outsync/contracts/accounts';
import { Types } from 'mongoose';
import { HttpError, notFound } from '../../platform/http/http-error';
import { markActedOn } from '../../platform/http/audit-context';
import type { SessionUser } from '../../platform/http/types';
import type { Logger } from '../../platform/logger';
import { UnsafeUrlError } from '../../platform/safe-fetch';
import type { SecretBox } from '../../platform/secrets';
import { mayAccessProfile, type ProfileDoc, type ProfileRecords } from '../profiles';
import { checkEndpoint, type EndpointFetch } from '../../pipeline/endpoint-check';
import type { UserAccountDoc, UserAccountModel } from './user-accounts.model';

export {
  ENDPOINT_CHECK_EVENT,
  SIGNATURE_HEADER,
  signBody,
  type EndpointFetch,
} from '../../pipeline/endpoint-check';
export {
  userAccountModel,
  type UserAccountDoc,
  type UserAccountModel,
} from './user-accounts.model';

export type UserAccountsServiceDeps = {
  userAccounts: UserAccountModel;
  profiles: ProfileRecords;
  secrets: SecretBox;
  /**
   * The SSRF-safe fetch: it throws `UnsafeUrlError` before sending anything to a URL that is not
   * a public address (or allow-listed), and checks again at connect time.
   */
  fetch: EndpointFetch;
  now: () => Date;
  /**
   * What forwards to an endpoint, named for the 409 (e.g. `webhook "Main"`). None until
   * webhooks exist; their module plugs in here from app.ts.
   */
  endpointUsage?: (endpointId: string) => Promise<string[]>;
  /** How long the URL has to accept the test event. Default 10 s. */
  checkTimeoutMs?: number;
};

export type UserAccountsService = ReturnType<typeof createUserAccountsService>;

const noUsage = async (): Promise<string[]> => [];

/**
 * Additional webhook endpoints: a public URL that accepted a signed test event, on a profile
 * the caller may change.
 */
export function createUserAccountsService(deps: UserAccountsServiceDeps) {
  const endpointUsage = deps.endpointUsage ?? noUsage;

  async function toUserAccounts(
    docs: UserAccountDoc[],
    viewer: SessionUser | undefined,
  ): Promise<UserAccount[]> {
    const profileIds = [...new Set(docs.map((doc) => doc.userProfileId.toString()))];
    const profiles = viewer ? await deps.profiles.findByIds(profileIds) : [];
    const profileById = new Map(profiles.map((profile) => [profile._id.toString(), profile]));
    return Promise.all(
      docs.map(async (doc) => {
        const profile = profileById.get(doc.userProfileId.toString());
        const writable =
          viewer !== undefined && !!profile && mayAccessProfile(viewer, profile, 'write');
        const canDelete = writable && (await endpointUsage(doc._id.toString())).length === 0;
        return toUserAccount(doc, canDelete);
      }),
    );
  }

  /**
   * The endpoint and its profile, or 404 when either is missing or the caller may not change it
   * (anyone but the profile's owner or an admin): a refusal looks like an unknown id.
   */
  async function requireWritableEndpoint(
    user: SessionUser,
    endpointId: string,
  ): Promise<{ doc: UserAccountDoc; profile: ProfileDoc }> {
    const doc = Types.ObjectId.isValid(endpointId)
      ? await deps.userAccounts.findById(endpointId).lean<UserAccountDoc>()
      : null;
    const profile = doc ? await deps.profiles.findById(doc.userProfileId) : null;
    if (!doc || !profile || !mayAccessProfile(user, profile, 'write')) {
      throw notFound('No such webhook endpoint, or it is not yours.');
    }
    markActedOn(profile.ownerId, `Webhook endpoint ${doc.url}`);
    return { doc, profile };
  }

  /** 400 `unsafe_url` with the guard's reason for an address OutSync will not call. */
  async function refusingUnsafe<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof UnsafeUrlError) {
        throw new HttpError(400, AccountsErrorCodes.unsafeUrl, error.message);
      }
      throw error;
    }
  }

  return {
    /** The endpoints of the caller's own profiles (staff too: the screen has one table). */
    async list(user: SessionUser): Promise<UserAccount[]> {
      const docs = await deps.userAccounts
        .find({ userProfileId: { $in: await deps.profiles.ownProfileIds(user) } })
        .sort({ createdAt: 1, _id: 1 })
        .lean<UserAccountDoc[]>();
      return toUserAccounts(docs, user);
    },

    /**
     * Stores the endpoint once its URL is a public address and accepted a test event signed
     * with the endpoint's new secret; otherwise 400 and nothing is stored.
     */
    async create(
      user: SessionUser,
      input: { url: string; description: string; userProfileId: string; syncAlerts?: boolean },
    ): Promise<UserAccount> {
      const profile = await deps.profiles.requireProfile(user, input.userProfileId, 'write');
      const secret = randomBytes(32).toString('base64url');
      // safeFetch checks the address (with the same DNS answers it then connects to) before
      // anything is sent: an unsafe one is refused with the guard's reason.
      const check = await refusingUnsafe(() =>
        checkEndpoint({
          url: input.url,
          secret,
          fetch: deps.fetch,
          now: deps.now(),
          timeoutMs: deps.checkTimeoutMs,
          isOwnError: (error) => error instanceof UnsafeUrlError,
        }),
      );
      if (!check.accepted) {
        throw new HttpError(400, ErrorCodes.badRequest, userAccountMessages.notAccepting, {
          reason: check.reason,
        });
      }
      const now = deps.now();
      const created = await deps.userAccounts.create({
        userProfileId: profile._id,
        url: input.url,
        description: input.description,
        signingSecretSealed: deps.secrets.seal(secret),
        validatedAt: now,
        syncAlerts: input.syncAlerts ?? false,
        createdAt: now,
      });
      const [answer] = await toUserAccounts([created.toObject<UserAccountDoc>()], user);
      return answer as UserAccount;
    },

    /** Turns the sync alerts on or off: owner or admin (404 for anyone else). */
    async update(
      user: SessionUser,
      endpointId: string,
      input: { syncAlerts: boolean },
    ): Promise<UserAccount> {
      const { doc } = await requireWritableEndpoint(user, endpointId);
      const updated = await deps.userAccounts
        .findByIdAndUpdate(
          doc._id,
          { $set: { syncAlerts: input.syncAlerts } },
          { returnDocument: 'after' },
        )
        .lean<UserAccountDoc>();
      if (!updated) throw notFound('No such webhook endpoint, or it is not yours.');
      const [answer] = await toUserAccounts([updated], user);
      return answer as UserAccount;
    },

    /** Owner or admin (404 for anyone else); 409 while a webhook forwards to it. */
    async remove(
      user: SessionUser,
      endpointId: string,
    ): Promise<{ id: string; description: string }> {
      const { doc } = await requireWritableEndpoint(user, endpointId);
      const users = await endpointUsage(doc._id.toString());
      if (users.length > 0) {
        throw new HttpError(
          409,
          AccountsErrorCodes.inUse,
          `The webhook endpoint "${doc.description}" is still used by ${users.join(', ')}. Remove it from ${users.length === 1 ? 'it' : 'them'} first.`,
          { usedBy: users },
        );
      }
      await deps.userAccounts.deleteOne({ _id: doc._id });
      return { id: doc._id.toString(), description: doc.description };
    },

    /**
     * The signing secret, so the customer can check `X-OutSync-Signature`; for those who may
     * manage the endpoint (owner or admin; 404 for anyone else, read-only staff included).
     * Audited without the value.
     */
    async revealSigningSecret(
      user: SessionUser,
      endpointId: string,
      log: Logger,
    ): Promise<{ signingSecret: string }> {
      const { doc, profile } = await requireWritableEndpoint(user, endpointId);
      const byOwner = profile.ownerId.toString() === user.id;
      log.info(
        {
          audit: 'endpoint_secret_revealed',
          userAccountId: doc._id.toString(),
          userId: user.id,
          userProfileId: profile._id.toString(),
          byOwner,
        },
        byOwner
          ? 'Webhook endpoint signing secret revealed to its owner'
          : 'Webhook endpoint signing secret revealed to an admin',
      );
      return { signingSecret: deps.secrets.open(doc.signingSecretSealed) };
    },

    /**
     * A profile's endpoints in the contracts' shape, for the webhook forms. The caller has
     * already checked that `viewer` may read the profile; without a viewer nothing is deletable.
     */
    async listUserAccountsOfProfile(
      profileId: string,
      viewer?: SessionUser,
    ): Promise<UserAccount[]> {
      if (!Types.ObjectId.isValid(profileId)) return [];
      const docs = await deps.userAccounts
        .find({ userProfileId: profileId })
        .sort({ createdAt: 1, _id: 1 })
        .lean<UserAccountDoc[]>();
      return toUserAccounts(docs, viewer);
    },

    /** What of a profile's would block deleting it, e.g. `['1 webhook endpoint']`. */
    async describeUsageOfProfile(profileId: string): Promise<string[]> {
      if (!Types.ObjectId.isValid(profileId)) return [];
      const count = await deps.userAccounts.countDocuments({ userProfileId: profileId });
      return count === 0 ? [] : [`${count} webhook ${count === 1 ? 'endpoint' : 'endpoints'}`];
    },

    /**
     * For the forwarder: the endpoint's URL and signing secret, or undefined when it is gone.
     * The secret must go no further than the signature it makes.
     */
    async openEndpoint(
      endpointId: string,
    ): Promise<{ id: string; url: string; signingSecret: string } | undefined> {
      if (!Types.ObjectId.isValid(endpointId)) return undefined;
      const doc = await deps.userAccounts.findById(endpointId).lean<UserAccountDoc>();
      if (!doc) return undefined;
      return {
        id: doc._id.toString(),
        url: doc.url,
        signingSecret: deps.secrets.open(doc.signingSecretSealed),
      };
    },
  };
}

function toUserAccount(doc: UserAccountDoc, canDelete: boolean): UserAccount {
  return {
    id: doc._id.toString(),
    url: doc.url,
    description: doc.description,
    syncAlerts: doc.syncAlerts ?? false,
    userProfileId: doc.userProfileId.toString(),
    canDelete,
    validatedAt: doc.validatedAt ? doc.validatedAt.toISOString() : null,
  };
}
