import type Router from '@koa/router';
import type { RouterContext } from '@koa/router';
import type { Role } from '@outsync/contracts';
import type { ApiTokenScope } from '@outsync/contracts/accounts';
import type { Logger } from '../logger';

/** The signed-in user a valid session cookie names (see session.ts). */
export type SessionUser = {
  id: string;
  email: string;
  role: Role | null;
  isPaidTier: boolean;
};

/** What every request carries in `ctx.state`. */
export type AppState = {
  requestId: string;
  /** The request's child logger: every line has its `reqId`. */
  log: Logger;
  /** Set by `requireSession` (and by every `auth: 'session'` route) once the cookie checked out. */
  user?: SessionUser;
  /**
   * Set when the user came from a partner's embed token (embed-auth.ts), not a session cookie:
   * the request is the embedded webhook module's, on the partner's behalf.
   */
  embed?: { partnerId: string };
  /**
   * Set when the user came from one of their own API tokens (api-token-auth.ts), not a session
   * cookie: a script's call, with no ambient credential.
   */
  apiToken?: { id: string; name: string; scope: ApiTokenScope };
};

export type AppRouter = Router<AppState>;
export type AppContext = RouterContext<AppState>;
