import type { ParameterizedContext } from 'koa';
import { correlationId } from '../core/ids.ts';

/** HubSpot's error envelope (the `Error` schema of its OpenAPI files). */
export function hubspotError(
  ctx: ParameterizedContext,
  status: number,
  category: string,
  message: string,
  extra: Record<string, unknown> = {},
): void {
  ctx.status = status;
  ctx.body = { status: 'error', message, correlationId: correlationId(), category, ...extra };
}

export function notFound(ctx: ParameterizedContext, message = 'Resource not found'): void {
  hubspotError(ctx, 404, 'OBJECT_NOT_FOUND', message);
}

export function validationError(ctx: ParameterizedContext, message: string): void {
  hubspotError(ctx, 400, 'VALIDATION_ERROR', message);
}
