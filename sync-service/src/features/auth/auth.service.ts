import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  ErrorCodes,
  SIGN_IN_CODE_LENGTH,
  type RateLimitedDetails,
  type VerifyCodeRequest,
} from '@outsync/contracts';
import { Types } from 'mongoose';
import { HttpError } from '../../platform/http/http-error';
import type { SessionUser } from '../../platform/http/types';
import type { Logger } from '../../platform/logger';
import type { Mailer } from '../../platform/mailer';
import type { RateLimiter, RateLimitRule } from '../../platform/rate-limit';
import type { UsersService } from '../users';
import type { SessionModel, SignInCodeModel } from './auth.model';
import { signInMail } from './sign-in-mail';

export const CODE_TTL_MINUTES = 10;
/** The fifth wrong guess deletes the code. */
export const MAX_CODE_ATTEMPTS = 5;
export const REMEMBER_ME_SECONDS = 30 * 24 * 60 * 60;
export const BROWSER_SESSION_SECONDS = 12 * 60 * 60;

const HOUR = 60 * 60;
/** Sending (and resending) codes, and guessing them. See README "Sign-in" for the arithmetic. */
export const RATE_LIMITS = {
  sendPerEmail: { name: 'send-code:email', limit: 5, windowSeconds: HOUR },
  sendPerIp: { name: 'send-code:ip', limit: 20, windowSeconds: HOUR },
  verifyPerEmail: { name: 'verify-code:email', limit: 10, windowSeconds: HOUR },
  verifyPerIp: { name: 'verify-code:ip', limit: 30, windowSeconds: HOUR },
} as const satisfies Record<string, RateLimitRule>;

export const INVALID_CODE_MESSAGE = 'Invalid or expired code. Please try again.';
export const MAIL_FAILED_MESSAGE = 'Failed to send code. Please try again.';

export type NewSession = {
  /** Goes into the cookie; never stored or logged. */
  token: string;
  /** Cookie Max-Age; undefined for a browser-session cookie. */
  maxAgeSeconds: number | undefined;
};

export type AuthService = {
  sendCode(email: string, ip: string, log: Logger): Promise<void>;
  verifyCode(request: VerifyCodeRequest, ip: string): Promise<NewSession>;
  /** The user of a live session, or null. */
  findSession(token: string): Promise<SessionUser | null>;
  endSession(token: string): Promise<void>;
};

export type AuthServiceDeps = {
  codes: SignInCodeModel;
  sessions: SessionModel;
  users: UsersService;
  mailer: Mailer;
  limiter: RateLimiter;
  now: () => Date;
  /** Key of the code HMAC. */
  secret: string;
};

export function createAuthService(deps: AuthServiceDeps): AuthService {
  const hashCode = (salt: string, email: string, code: string) =>
    createHmac('sha256', deps.secret).update(`${salt}\0${email}\0${code}`).digest();

  async function limit(...checks: Array<[RateLimitRule, string]>): Promise<void> {
    // One at a time: a request the address limit stops does not use up the e-mail's allowance,
    // so a single attacker cannot lock someone out of sign-in as cheaply.
    for (const [rule, key] of checks) {
      const result = await deps.limiter.hit(rule, key);
      if (!result.allowed) throw rateLimited(result.retryAfterSeconds);
    }
  }

  return {
    async sendCode(email, ip, log) {
      await limit([RATE_LIMITS.sendPerIp, ip], [RATE_LIMITS.sendPerEmail, email]);
      const code = String(randomInt(0, 10 ** SIGN_IN_CODE_LENGTH)).padStart(
        SIGN_IN_CODE_LENGTH,
        '0',
      );
      const salt = randomBytes(16).toString('base64url');
      const now = deps.now();
      // Replaces the address's previous code, used or not: only the newest one works.
      await deps.codes.updateOne(
        { email },
        {
          $set: {
            codeHash: hashCode(salt, email, code).toString('base64url'),
            salt,
            createdAt: now,
            expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
            attempts: 0,
            usedAt: null,
          },
        },
        { upsert: true },
      );
      try {
        await deps.mailer.send(signInMail(email, code, CODE_TTL_MINUTES));
      } catch (error) {
        log.error({ err: error }, 'sign-in code e-mail failed');
        throw new HttpError(502, 'mail_failed', MAIL_FAILED_MESSAGE);
      }
      log.info('sign-in code e-mailed');
    },

    async verifyCode({ email, code, rememberMe }, ip) {
      await limit([RATE_LIMITS.verifyPerIp, ip], [RATE_LIMITS.verifyPerEmail, email]);
      const now = deps.now();
      // Claim one of the code's attempts before comparing, so parallel guesses cannot get
      // more than MAX_CODE_ATTEMPTS comparisons out of one code.
      const claimed = await deps.codes
        .findOneAndUpdate(
          { email, usedAt: null, expiresAt: { $gt: now }, attempts: { $lt: MAX_CODE_ATTEMPTS } },
          { $inc: { attempts: 1 } },
          { returnDocument: 'after', lean: true },
        )
        .exec();
      if (!claimed) throw invalidCode();

      const expected = Buffer.from(claimed.codeHash, 'base64url');
      const given = hashCode(claimed.salt, email, code);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        if (claimed.attempts >= MAX_CODE_ATTEMPTS) await deps.codes.deleteOne({ _id: claimed._id });
        throw invalidCode();
      }
      const used = await deps.codes.updateOne(
        { _id: claimed._id, usedAt: null },
        { $set: { usedAt: now } },
      );
      if (used.modifiedCount !== 1) throw invalidCode();

      const user = await deps.users.signIn(email);
      const token = randomBytes(32).toString('base64url');
      const lifetime = rememberMe ? REMEMBER_ME_SECONDS : BROWSER_SESSION_SECONDS;
      await deps.sessions.create({
        tokenHash: hashToken(token),
        userId: new Types.ObjectId(user.id),
        createdAt: now,
        expiresAt: new Date(now.getTime() + lifetime * 1000),
        persistent: rememberMe,
      });
      return { token, maxAgeSeconds: rememberMe ? REMEMBER_ME_SECONDS : undefined };
    },

    async findSession(token) {
      const session = await deps.sessions
        .findOne({ tokenHash: hashToken(token), expiresAt: { $gt: deps.now() } })
        .lean();
      return session ? deps.users.findById(session.userId.toString()) : null;
    },

    async endSession(token) {
      await deps.sessions.deleteOne({ tokenHash: hashToken(token) });
    },
  };
}

/** Session tokens are 256 random bits: a plain SHA-256 is enough to make a leaked table useless. */
function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function invalidCode(): HttpError {
  return new HttpError(401, ErrorCodes.invalidCode, INVALID_CODE_MESSAGE);
}

function rateLimited(retryAfterSeconds: number): HttpError {
  const details: RateLimitedDetails = { retryAfterSeconds };
  return new HttpError(
    429,
    ErrorCodes.rateLimited,
    `Too many attempts. Try again in ${humanDuration(retryAfterSeconds)}.`,
    details,
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

export function humanDuration(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
