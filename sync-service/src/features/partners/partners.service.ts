import { createHash, randomBytes } from 'node:crypto';
import {
  customerNotAllowedMessage,
  EMBED_TOKEN_DEFAULT_TTL_SECONDS,
  EMBED_TOKEN_MAX_TTL_SECONDS,
  PartnerErrorCodes,
  PartnerErrorMessages,
  type EmbedTokenRequest,
  type EmbedTokenResponse,
  type Partner,
  type PartnerRequest,
  type PartnerWithKey,
} from '@outsync/contracts/accounts';
import { Types } from 'mongoose';
import { bearerRefused, type EmbedTokenCheck } from '../../platform/http/embed-auth';
import { markTarget } from '../../platform/http/audit-context';
import { HttpError, notFound } from '../../platform/http/http-error';
import type { SessionUser } from '../../platform/http/types';
import type { EmbedTokenModel } from './embed-tokens.model';
import type { PartnerDoc, PartnerModel } from './partners.model';

export { embedTokenModel } from './embed-tokens.model';
export { partnerModel } from './partners.model';

export const PARTNER_NOT_FOUND_MESSAGE = 'No such partner.';

/** `osp_` and 32 random bytes, base64url (43 characters). */
const PARTNER_KEY = /^osp_[A-Za-z0-9_-]{43}$/;
const KEY_PREFIX_LENGTH = 12;

/** Partner accounts (admins), the partners' token call, and the check of each embed token. */
export type PartnersService = {
  list(): Promise<Partner[]>;
  create(input: PartnerRequest): Promise<PartnerWithKey>;
  /** Replaces name, origins and customers; a customer removed loses the partner's live tokens. */
  update(id: string, input: PartnerRequest): Promise<Partner>;
  /** A new key, shown this once; the old key and every token issued with it stop working. */
  rotateKey(id: string): Promise<PartnerWithKey>;
  remove(id: string): Promise<{ id: string }>;
  /** The partner whose secret key this is; 401 `partner_key_invalid` otherwise. */
  partnerOfKey(key: string | undefined): Promise<PartnerDoc>;
  /** 403 `customer_not_allowed` unless the partner lists the customer and the customer exists. */
  issueEmbedToken(partner: PartnerDoc, request: EmbedTokenRequest): Promise<EmbedTokenResponse>;
  /** What an `oset_` token is worth now (embed-auth.ts's lookup). */
  checkEmbedToken(token: string): Promise<EmbedTokenCheck>;
  /** Whether some partner lists the origin (the CORS of the embedded module). */
  isAllowedOrigin(origin: string): Promise<boolean>;
};

export type PartnersServiceDeps = {
  partners: PartnerModel;
  embedTokens: EmbedTokenModel;
  /** The id of the user who signed up with the (lower-case) e-mail, or null (the users module's). */
  userIdOfEmail: (email: string) => Promise<string | null>;
  /** A user as a session presents them, or null when gone (the users module's). */
  userById: (id: string) => Promise<SessionUser | null>;
  now: () => Date;
};

/** The query for partner `id`; 404 for a malformed id (the route's schema refuses one first). */
function byId(id: string): { _id: Types.ObjectId } {
  if (!Types.ObjectId.isValid(id)) throw notFound(PARTNER_NOT_FOUND_MESSAGE);
  return { _id: new Types.ObjectId(id) };
}

/** The partner a query found, or 404. */
function found(doc: PartnerDoc | null): PartnerDoc {
  if (!doc) throw notFound(PARTNER_NOT_FOUND_MESSAGE);
  markTarget(doc.name);
  return doc;
}

export function createPartnersService(deps: PartnersServiceDeps): PartnersService {
  return {
    async list() {
      const docs = await deps.partners.find({}).sort({ createdAt: 1, _id: 1 }).lean<PartnerDoc[]>();
      return docs.map(toPartner);
    },

    async create(input) {
      const key = newPartnerKey();
      const now = deps.now();
      const created = await deps.partners.create({
        ...settingsOf(input),
        ...storedKey(key),
        keyCreatedAt: now,
        createdAt: now,
      });
      markTarget(created.name);
      return { ...toPartner(created.toObject<PartnerDoc>()), apiKey: key };
    },

    async update(id, input) {
      const updated = await deps.partners
        .findOneAndUpdate(byId(id), { $set: settingsOf(input) }, { returnDocument: 'after' })
        .lean<PartnerDoc>();
      return toPartner(found(updated));
    },

    async rotateKey(id) {
      const existing = found(await deps.partners.findOne(byId(id)).lean<PartnerDoc>());
      const key = newPartnerKey();
      // Tokens name their key by its creation time: the new key's must differ from the old's
      // even when the clock has not moved (a fixed test clock, two rotations in a millisecond).
      const keyCreatedAt = new Date(
        Math.max(deps.now().getTime(), existing.keyCreatedAt.getTime() + 1),
      );
      const updated = await deps.partners
        .findOneAndUpdate(
          { _id: existing._id },
          { $set: { ...storedKey(key), keyCreatedAt } },
          { returnDocument: 'after' },
        )
        .lean<PartnerDoc>();
      return { ...toPartner(found(updated)), apiKey: key };
    },

    async remove(id) {
      // Its tokens are refused from now on (checkEmbedToken finds no partner); the TTL index
      // removes their documents.
      const removed = found(await deps.partners.findOneAndDelete(byId(id)).lean<PartnerDoc>());
      return { id: removed._id.toString() };
    },

    async partnerOfKey(key) {
      const partner =
        key !== undefined && PARTNER_KEY.test(key)
          ? await deps.partners.findOne({ keyHash: sha256Hex(key) }).lean<PartnerDoc>()
          : null;
      if (!partner) {
        throw bearerRefused(
          PartnerErrorCodes.partnerKeyInvalid,
          PartnerErrorMessages.partnerKeyInvalid,
        );
      }
      return partner;
    },

    async issueEmbedToken(partner, request) {
      const email = request.customerEmail;
      // A partner may list a customer before they sign up (onboarding); until they have, there
      // is nobody to act for.
      const userId = partner.customerEmails.includes(email)
        ? await deps.userIdOfEmail(email)
        : null;
      if (!userId) {
        throw new HttpError(
          403,
          PartnerErrorCodes.customerNotAllowed,
          customerNotAllowedMessage(email),
        );
      }
      const ttlSeconds = Math.min(
        request.ttlSeconds ?? EMBED_TOKEN_DEFAULT_TTL_SECONDS,
        EMBED_TOKEN_MAX_TTL_SECONDS,
      );
      const expiresAt = new Date(deps.now().getTime() + ttlSeconds * 1000);
      const token = `oset_${randomBytes(32).toString('base64url')}`;
      await deps.embedTokens.create({
        tokenHash: sha256Hex(token),
        partnerId: partner._id,
        userId: new Types.ObjectId(userId),
        keyCreatedAt: partner.keyCreatedAt,
        expiresAt,
      });
      return { token, expiresAt: expiresAt.toISOString(), customerEmail: email };
    },

    async checkEmbedToken(token) {
      const doc = await deps.embedTokens.findOne({ tokenHash: sha256Hex(token) }).lean();
      if (!doc) return { status: 'invalid' };
      if (doc.expiresAt.getTime() <= deps.now().getTime()) return { status: 'expired' };
      const [partner, user] = await Promise.all([
        deps.partners.findById(doc.partnerId).lean<PartnerDoc>(),
        deps.userById(doc.userId.toString()),
      ]);
      // A deleted partner, a rotated key: the token is revoked.
      if (!partner || partner.keyCreatedAt.getTime() !== doc.keyCreatedAt.getTime()) {
        return { status: 'invalid' };
      }
      // A customer the partner no longer lists (or a user since deleted): revoked too.
      if (!user || !partner.customerEmails.includes(user.email)) return { status: 'invalid' };
      return {
        status: 'valid',
        // The partner acts for a customer: a staff address listed by mistake must not give the
        // partner's page an admin's reach over every customer's webhooks.
        user: { ...user, role: null },
        partnerId: partner._id.toString(),
        allowedOrigins: partner.allowedOrigins,
      };
    },

    async isAllowedOrigin(origin) {
      return (await deps.partners.exists({ allowedOrigins: origin })) !== null;
    },
  };
}

/** A secret partner key: 256 random bits. */
function newPartnerKey(): string {
  return `osp_${randomBytes(32).toString('base64url')}`;
}

/**
 * Keys and tokens are 256 random bits, so nobody can guess one from its hash by trying inputs:
 * a fast hash is all a leaked table needs (a slow password hash guards low-entropy secrets, and
 * would only cost time on every request).
 */
function sha256Hex(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function storedKey(key: string): Pick<PartnerDoc, 'keyHash' | 'keyPrefix'> {
  return { keyHash: sha256Hex(key), keyPrefix: key.slice(0, KEY_PREFIX_LENGTH) };
}

/** The request's settings, each list without repeats (the schema has normalised every entry). */
function settingsOf(
  input: PartnerRequest,
): Pick<PartnerDoc, 'name' | 'allowedOrigins' | 'customerEmails'> {
  return {
    name: input.name,
    allowedOrigins: [...new Set(input.allowedOrigins)],
    customerEmails: [...new Set(input.customerEmails)],
  };
}

function toPartner(doc: PartnerDoc): Partner {
  return {
    id: doc._id.toString(),
    name: doc.name,
    allowedOrigins: doc.allowedOrigins,
    customerEmails: doc.customerEmails,
    keyPrefix: doc.keyPrefix,
    keyCreatedAt: doc.keyCreatedAt.toISOString(),
    createdAt: doc.createdAt.toISOString(),
  };
}
