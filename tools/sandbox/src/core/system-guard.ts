import type { Middleware, ParameterizedContext } from 'koa';
import { HUBSPOT_DAILY_LIMIT, type Admission } from '../controls/faults.ts';
import type { SandboxSystem } from '../demo-constants.ts';
import { resolveHubspotToken } from '../hubspot/hubspot-auth.ts';
import type { SandboxState } from '../sandbox-state.ts';
import { bearerToken, queryString } from './http.ts';
import { correlationId } from './ids.ts';

/** First path segment → system: each system's base paths, login and instance hosts included. */
const SYSTEM_SEGMENTS: Record<string, SandboxSystem> = {
  hubspot: 'hubspot',
  salesforce: 'salesforce',
  'salesforce-login': 'salesforce',
  'salesforce-instance': 'salesforce',
  smartlead: 'smartlead',
  instantly: 'instantly',
  bison: 'bison',
  'bison-instances': 'bison',
  heyreach: 'heyreach',
};

/**
 * One middleware in front of every simulated system: it counts the request for `/_stats`
 * and applies `/_faults` (latency, injected errors, the rolling rate limit) before the
 * system's own router sees it. Limits are counted per credential, as the vendors count them:
 * per HubSpot portal, per Smartlead/HeyReach key, per bison token, per Instantly workspace.
 * Sign-in pages and token endpoints are never limited, as in the real services.
 */
export function systemGuard(state: SandboxState): Middleware {
  const { faults, stats } = state;
  return async (ctx, next) => {
    const system = systemOf(ctx.path);
    if (!system) return next();
    const settings = faults.get(system);
    if (settings.latencyMs > 0) await delay(settings.latencyMs);
    const exempt = isExempt(ctx.path);
    const fault = exempt ? null : faults.shouldFail(system, ctx.path);
    if (fault === 'before') {
      sendFault(ctx, system);
      stats.record(system, `${ctx.method} ${ctx.path}`, 'fault');
      return;
    }
    if (!exempt) {
      const admission = faults.admit(system, rateKey(state, system, ctx));
      setRateHeaders(ctx, state, system, admission);
      if (!admission.allowed) {
        sendRateLimited(ctx, system, admission);
        stats.record(system, `${ctx.method} ${ctx.path}`, 'rateLimited');
        return;
      }
      if (system === 'hubspot' && isHubspotSearch(ctx) && !admitSearch(state, ctx)) {
        stats.record(system, `${ctx.method} ${ctx.path}`, 'rateLimited');
        return;
      }
    }
    await next();
    if (fault === 'after') {
      // Applied, but the answer is lost: the client sees the system's error.
      sendFault(ctx, system);
      stats.record(system, `${ctx.method} ${ctx.path}`, 'fault');
      return;
    }
    const route = (ctx as { _matchedRoute?: unknown })._matchedRoute;
    stats.record(system, `${ctx.method} ${typeof route === 'string' ? route : ctx.path}`, 'ok');
  };
}

/** CRM object search, which HubSpot limits per token on its own (external-apis.md §1.2). */
function isHubspotSearch(ctx: ParameterizedContext): boolean {
  return ctx.method === 'POST' && /^\/hubspot\/crm\/v3\/objects\/[^/]+\/search\/?$/.test(ctx.path);
}

/** Takes one search from the token's budget; answers HubSpot's SECONDLY 429 when it is spent. */
function admitSearch(state: SandboxState, ctx: ParameterizedContext): boolean {
  const admission = state.faults.admitSearch(bearerToken(ctx) ?? 'anonymous');
  if (admission.allowed) return true;
  ctx.status = 429;
  ctx.body = {
    status: 'error',
    message: 'You have reached your secondly limit.',
    errorType: 'RATE_LIMIT',
    correlationId: correlationId(),
    policyName: 'SECONDLY',
    groupName: 'publicapi:crm-search',
  };
  return false;
}

function systemOf(path: string): SandboxSystem | undefined {
  return SYSTEM_SEGMENTS[path.split('/')[1] ?? ''];
}

function isExempt(path: string): boolean {
  return /^\/(hubspot\/oauth|salesforce(-login\/[^/]+)?\/services\/oauth2)\//.test(path);
}

/** Whose budget a request draws on. */
function rateKey(state: SandboxState, system: SandboxSystem, ctx: ParameterizedContext): string {
  switch (system) {
    case 'hubspot': {
      const caller = resolveHubspotToken(
        state.hubspotPortals,
        state.hubspotGrants,
        bearerToken(ctx),
      );
      ctx.state.hubspotToken = caller;
      return typeof caller === 'object' ? `portal:${caller.portal.hubId}` : 'anonymous';
    }
    case 'smartlead':
      return queryString(ctx, 'api_key') ?? 'anonymous';
    case 'instantly': {
      const key = bearerToken(ctx);
      return state.platforms.account('instantly', key)?.workspaceId ?? key ?? 'anonymous';
    }
    case 'bison':
      return bearerToken(ctx) ?? 'anonymous';
    case 'heyreach':
      return ctx.get('x-api-key') || 'anonymous';
    case 'salesforce':
      return 'org';
  }
}

/** The usage headers each vendor sends with every call (only where they document them). */
function setRateHeaders(
  ctx: ParameterizedContext,
  state: SandboxState,
  system: SandboxSystem,
  admission: Admission,
): void {
  if (admission.limit === null) return;
  if (system === 'hubspot') {
    ctx.set('X-HubSpot-RateLimit-Max', String(admission.limit));
    ctx.set('X-HubSpot-RateLimit-Remaining', String(admission.remaining));
    ctx.set('X-HubSpot-RateLimit-Interval-Milliseconds', String(admission.windowMs));
    // The daily pair is sent to private apps only, not on OAuth calls.
    const caller = ctx.state.hubspotToken as ReturnType<typeof resolveHubspotToken>;
    const portal =
      typeof caller === 'object' && caller.kind === 'private-app' ? caller.portal : undefined;
    if (portal) {
      ctx.set('X-HubSpot-RateLimit-Daily', String(HUBSPOT_DAILY_LIMIT));
      ctx.set(
        'X-HubSpot-RateLimit-Daily-Remaining',
        String(state.faults.countDaily(`hubspot:${portal.hubId}`, HUBSPOT_DAILY_LIMIT)),
      );
    }
  } else if (system === 'smartlead') {
    ctx.set('X-RateLimit-Limit', String(admission.limit));
    ctx.set('X-RateLimit-Remaining', String(admission.remaining));
    ctx.set('X-RateLimit-Reset', String(Math.ceil(admission.resetAt / 1000)));
  } else if (system === 'bison') {
    // Laravel's throttle middleware.
    ctx.set('X-RateLimit-Limit', String(admission.limit));
    ctx.set('X-RateLimit-Remaining', String(admission.remaining));
  }
}

function retryAfterSeconds(admission: Admission): number {
  return Math.max(1, Math.ceil((admission.resetAt - Date.now()) / 1000));
}

/** Each vendor's 429 (external-apis.md): body and headers as documented or observed. */
function sendRateLimited(
  ctx: ParameterizedContext,
  system: SandboxSystem,
  admission: Admission,
): void {
  const retryAfter = retryAfterSeconds(admission);
  ctx.status = 429;
  switch (system) {
    case 'hubspot':
      // Retry-After is not documented for HubSpot; clients back off by the policy's window.
      ctx.body = {
        status: 'error',
        message: 'You have reached your ten_secondly_rolling limit.',
        errorType: 'RATE_LIMIT',
        correlationId: correlationId(),
        policyName: 'TEN_SECONDLY_ROLLING',
        groupName: 'publicapi:app-install:sandbox',
      };
      return;
    case 'salesforce':
      // Salesforce signals an exhausted API budget with 403 REQUEST_LIMIT_EXCEEDED.
      ctx.status = 403;
      ctx.body = [
        { message: 'TotalRequests Limit exceeded.', errorCode: 'REQUEST_LIMIT_EXCEEDED' },
      ];
      return;
    case 'smartlead':
      ctx.set('Retry-After', String(retryAfter));
      ctx.body = {
        error: {
          code: 'RATE_LIMIT_EXCEEDED',
          message: `Too many requests. Please retry after ${retryAfter} seconds.`,
          retry_after: retryAfter,
        },
      };
      return;
    case 'instantly':
      // Instantly documents no rate-limit headers.
      ctx.body = { statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded' };
      return;
    case 'bison':
      ctx.set('Retry-After', String(retryAfter));
      ctx.set('X-RateLimit-Reset', String(Math.ceil(admission.resetAt / 1000)));
      ctx.body = { message: 'Too Many Attempts.' };
      return;
    case 'heyreach':
      // Retry-After may be present (HeyReach's CLI reads it); the body follows its error shape.
      ctx.set('Retry-After', String(retryAfter));
      ctx.body = { errorMessage: 'Too many requests', statusCode: 429 };
      return;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
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
