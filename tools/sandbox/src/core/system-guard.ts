import type { Middleware, ParameterizedContext } from 'koa';
import { isSandboxSystem, type SandboxSystem } from '../demo-constants.ts';
import { correlationId } from './ids.ts';
import type { FaultRegistry } from '../controls/faults.ts';
import type { StatsCounter } from '../controls/stats.ts';

/**
 * One middleware in front of every simulated system: it counts the request for `/_stats`
 * and applies `/_faults` (latency, injected errors, the rolling rate limit) before the
 * system's own router sees it. Sign-in pages and token endpoints are never rate limited,
 * as in the real services, whose limits apply to API calls.
 */
export function systemGuard(faults: FaultRegistry, stats: StatsCounter): Middleware {
  return async (ctx, next) => {
    const system = systemOf(ctx.path);
    if (!system) return next();
    const settings = faults.get(system);
    if (settings.latencyMs > 0) await delay(settings.latencyMs);
    const exempt = isExempt(ctx.path);
    if (!exempt && faults.shouldFail(system)) {
      sendFault(ctx, system);
      stats.record(system, `${ctx.method} ${ctx.path}`, 'fault');
      return;
    }
    if (!exempt) {
      const admission = faults.admit(system, 'default');
      if (admission.limit !== null && system === 'hubspot') {
        ctx.set('X-HubSpot-RateLimit-Max', String(admission.limit));
        ctx.set('X-HubSpot-RateLimit-Remaining', String(admission.remaining));
        ctx.set('X-HubSpot-RateLimit-Interval-Milliseconds', '10000');
      }
      if (!admission.allowed) {
        sendRateLimited(ctx, system);
        stats.record(system, `${ctx.method} ${ctx.path}`, 'rateLimited');
        return;
      }
    }
    await next();
    const route = (ctx as { _matchedRoute?: unknown })._matchedRoute;
    stats.record(system, `${ctx.method} ${typeof route === 'string' ? route : ctx.path}`, 'ok');
  };
}

function systemOf(path: string): SandboxSystem | undefined {
  const segment = path.split('/')[1];
  return isSandboxSystem(segment) ? segment : undefined;
}

function isExempt(path: string): boolean {
  return /^\/(hubspot\/oauth|salesforce\/services\/oauth2)\//.test(path);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function sendRateLimited(ctx: ParameterizedContext, system: SandboxSystem): void {
  ctx.set('Retry-After', '10');
  if (system === 'hubspot') {
    ctx.status = 429;
    ctx.body = {
      status: 'error',
      message: 'You have reached your ten_secondly_rolling limit.',
      errorType: 'RATE_LIMIT',
      correlationId: correlationId(),
      policyName: 'TEN_SECONDLY_ROLLING',
      groupName: 'publicapi:app-install:sandbox',
    };
  } else if (system === 'salesforce') {
    // Salesforce signals an exhausted API budget with 403 REQUEST_LIMIT_EXCEEDED.
    ctx.status = 403;
    ctx.body = [{ message: 'TotalRequests Limit exceeded.', errorCode: 'REQUEST_LIMIT_EXCEEDED' }];
  } else if (system === 'instantly') {
    ctx.status = 429;
    ctx.body = { statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded' };
  } else {
    ctx.status = 429;
    ctx.body = { message: 'Too Many Requests' };
  }
}

function sendFault(ctx: ParameterizedContext, system: SandboxSystem): void {
  const message = 'Service temporarily unavailable (sandbox fault injection)';
  ctx.status = 503;
  if (system === 'hubspot') {
    ctx.body = {
      status: 'error',
      message,
      category: 'INTERNAL_ERROR',
      correlationId: correlationId(),
    };
  } else if (system === 'salesforce') {
    ctx.body = [{ message, errorCode: 'SERVER_UNAVAILABLE' }];
  } else if (system === 'instantly') {
    ctx.body = { statusCode: 503, error: 'Service Unavailable', message };
  } else {
    ctx.body = { message };
  }
}
