import { createHash, randomBytes } from 'node:crypto';
import {
  API_TOKEN_PREFIX,
  ApiTokenErrorCodes,
  ApiTokenErrorMessages,
  MAX_API_TOKENS,
  type ApiToken,
  type ApiTokenCreateRequest,
  type ApiTokenWithSecret,
} from '@outsync/contracts/accounts';
import { Types } from 'mongoose';
import type { ApiTokenCheck } from '../../platform/http/api-token-auth';
import { markTarget } from '../../platform/http/audit-context';
import { HttpError, notFound } from '../../platform/http/http-error';
import type { SessionUser } from '../../platform/http/types';
import type { ApiTokenDoc, ApiTokenModel } from './api-tokens.model';

export { apiTokenModel, type ApiTokenModel } from './api-tokens.model';

export const API_TOKEN_NOT_FOUND_MESSAGE = 'No such API token.';

const PREFIX_LENGTH = 12;
const DAY_MS = 86_400_000;
/**
 * How fresh "last used" is kept: a token's document is written at most once a minute, so a
 * script's burst of calls costs reads, not a write each.
 */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** A user's own API tokens, and the check of each token a request carries. */
export type ApiTokensService = {
  /** The user's tokens that are not revoked (expired ones too, until they are removed), oldest first. */
  list(user: SessionUser): Promise<ApiToken[]>;
  /** A new token acting as `user`, returned this once; 409 `api_token_limit` past the limit. */
  create(user: SessionUser, request: ApiTokenCreateRequest): Promise<ApiTokenWithSecret>;
  /** Revokes one of the user's tokens; 404 for anyone else's, or one already revoked. */
  revoke(user: SessionUser, id: string): Promise<{ id: string }>;
  /** What an `osat_` token is worth now (api-token-auth.ts's lookup); notes its use. */
  check(token: string): Promise<ApiTokenCheck>;
};

export type ApiTokensServiceDeps = {
  tokens: ApiTokenModel;
  /** A user as a session presents them (role included), or null when gone (the users module's). */
  userById: (id: string) => Promise<SessionUser | null>;
  now: () => Date;
};

export function createApiTokensService(deps: ApiTokensServiceDeps): ApiTokensService {
  const { tokens, now } = deps;
  return {
    async list(user) {
      const docs = await tokens
        .find({ userId: new Types.ObjectId(user.id), revokedAt: null })
        .sort({ createdAt: 1, _id: 1 })
        .lean<ApiTokenDoc[]>();
      return docs.map(toApiToken);
    },

    async create(user, request) {
      const userId = new Types.ObjectId(user.id);
      const createdAt = now();
      // Counted, then created: two creations at the same instant could pass one over the limit,
      // which only bounds a user's list; it guards nothing.
      const live = await tokens.countDocuments({
        userId,
        revokedAt: null,
        expiresAt: { $gt: createdAt },
      });
      if (live >= MAX_API_TOKENS) {
        throw new HttpError(
          409,
          ApiTokenErrorCodes.limitReached,
          ApiTokenErrorMessages.limitReached,
        );
      }
      const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const created = await tokens.create({
        userId,
        name: request.name,
        scope: request.scope,
        tokenHash: sha256Hex(token),
        prefix: token.slice(0, PREFIX_LENGTH),
        createdAt,
        expiresAt: new Date(createdAt.getTime() + request.expiresInDays * DAY_MS),
        lastUsedAt: null,
        revokedAt: null,
      });
      markTarget(targetOf(request.name));
      return { ...toApiToken(created.toObject<ApiTokenDoc>()), token };
    },

    async revoke(user, id) {
      if (!Types.ObjectId.isValid(id)) throw notFound(API_TOKEN_NOT_FOUND_MESSAGE);
      const revoked = await tokens
        .findOneAndUpdate(
          { _id: new Types.ObjectId(id), userId: new Types.ObjectId(user.id), revokedAt: null },
          { $set: { revokedAt: now() } },
          { returnDocument: 'after' },
        )
        .lean<ApiTokenDoc>();
      if (!revoked) throw notFound(API_TOKEN_NOT_FOUND_MESSAGE);
      markTarget(targetOf(revoked.name));
      return { id: revoked._id.toString() };
    },

    async check(token) {
      const doc = await tokens.findOne({ tokenHash: sha256Hex(token) }).lean<ApiTokenDoc>();
      if (!doc) return { status: 'invalid' };
      if (doc.revokedAt) return { status: 'revoked' };
      const at = now();
      if (doc.expiresAt.getTime() <= at.getTime()) return { status: 'expired' };
      // The user as they are now: a role taken away is taken from their tokens too.
      const user = await deps.userById(doc.userId.toString());
      if (!user) return { status: 'invalid' };
      if (!doc.lastUsedAt || at.getTime() - doc.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
        await tokens.updateOne({ _id: doc._id }, { $set: { lastUsedAt: at } });
      }
      return {
        status: 'valid',
        user,
        tokenId: doc._id.toString(),
        name: doc.name,
        scope: doc.scope,
      };
    },
  };
}

/**
 * Tokens are 256 random bits, so nobody can guess one from its hash by trying inputs: a fast hash
 * is all a leaked table needs (as for partner keys; a slow password hash guards low-entropy
 * secrets, and would only cost time on every request).
 */
function sha256Hex(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** What the audit log names. */
function targetOf(name: string): string {
  return `API token ${name}`;
}

function toApiToken(doc: ApiTokenDoc): ApiToken {
  return {
    id: doc._id.toString(),
    name: doc.name,
    scope: doc.scope,
    prefix: doc.prefix,
    createdAt: doc.createdAt.toISOString(),
    expiresAt: doc.expiresAt.toISOString(),
    lastUsedAt: doc.lastUsedAt ? doc.lastUsedAt.toISOString() : null,
  };
}
