import type Router from '@koa/router';
import type { RouterContext } from '@koa/router';
import type { Logger } from '../logger';

/** What every request carries in `ctx.state`. */
export type AppState = {
  requestId: string;
  /** The request's child logger: every line has its `reqId`. */
  log: Logger;
};

export type AppRouter = Router<AppState>;
export type AppContext = RouterContext<AppState>;
