import type { Middleware } from 'koa';
import { notFound, statusError, toErrorResponse } from './http-error';
import type { AppState } from './types';

/**
 * Answers every failure, and every request no route took, with the JSON error envelope.
 * Unexpected errors are logged with the request id and answered with a generic message.
 */
export function errorHandler(): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.body == null && ctx.status >= 400) {
        throw ctx.status === 404
          ? notFound(`No route for ${ctx.method} ${ctx.path}`)
          : statusError(ctx.status);
      }
    } catch (error) {
      const { status, envelope, headers, unexpected } = toErrorResponse(error);
      if (unexpected) {
        ctx.state.log.error({ err: error }, 'request failed');
      }
      ctx.status = status;
      ctx.set(headers);
      ctx.body = envelope;
    }
  };
}
