import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '../logger';
import type { AppState } from './types';

export const REQUEST_ID_HEADER = 'X-Request-Id';

// Short, printable, no spaces: safe to echo in a header and to put in a log line.
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

// Probes hit these every few seconds; their lines would drown the rest at info.
const PROBE_PATHS = new Set(['/healthz', '/readyz']);

// The platforms' deliveries: the code in the path is the webhook's credential, and each
// delivery is recorded in the webhook log already, so a line each at info only adds volume.
const WEBHOOK_PATH = /^\/webhooks\/(test\/)?[^/]+$/;

/** The path as logged: a webhook code is replaced, never written to the logs. */
export function loggedPath(path: string): string {
  return WEBHOOK_PATH.test(path) ? path.replace(/[^/]+$/, '[code]') : path;
}

function isQuiet(path: string, status: number): boolean {
  return status < 500 && (PROBE_PATHS.has(path) || (WEBHOOK_PATH.test(path) && status < 400));
}

/**
 * Gives each request an id (the caller's X-Request-Id when it is a sane token), echoes it in
 * the response, and a child logger that stamps it on every line. Logs one line per request.
 */
export function requestContext(logger: Logger): Middleware<AppState> {
  return async (ctx, next) => {
    const incoming = ctx.get(REQUEST_ID_HEADER);
    const requestId = SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    // Made when first used: a child logger costs a walk of its bindings through the
    // redaction, and most webhook deliveries log nothing.
    let log: Logger | undefined;
    const requestLog = () => (log ??= logger.child({ reqId: requestId }));
    ctx.state.requestId = requestId;
    Object.defineProperty(ctx.state, 'log', {
      get: requestLog,
      enumerable: true,
      configurable: true,
    });
    ctx.set(REQUEST_ID_HEADER, requestId);

    const started = performance.now();
    // The path only: query strings may carry tokens.
    if (logger.isLevelEnabled('debug'))
      requestLog().debug({ method: ctx.method, path: loggedPath(ctx.path) }, 'request started');
    try {
      await next();
    } finally {
      const level = isQuiet(ctx.path, ctx.status) ? 'debug' : 'info';
      if (logger.isLevelEnabled(level))
        requestLog()[level](
          {
            method: ctx.method,
            path: loggedPath(ctx.path),
            status: ctx.status,
            durationMs: Math.round(performance.now() - started),
          },
          'request completed',
        );
    }
  };
}
