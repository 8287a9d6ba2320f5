// The sign-in screens' answers for the harness's fake sync-service (`@outsync/app-runtime/testing`:
// the core routes, their request schemas' 400, a clear 404 for what nobody answers). Answers are
// keyed 'METHOD /path' and return the Response itself; there is no CSRF check, as the tests hand
// out tokens of their own.
import { createFakeService, noAnswer, routeKey } from '@outsync/app-runtime/testing';
import { apiRoutes, type RouteDefinition } from '@outsync/contracts';
import { serviceAnswers, serviceErrors } from './service-answers';

export { deferred } from '@outsync/app-runtime/testing';

type Answer = () => Response | Promise<Response>;

export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** Answers of a visitor who is not signed in and whose every sign-in call succeeds. */
export function defaultAnswers(): Record<string, Answer> {
  return {
    'GET /api/admin/me': () => json(401, serviceErrors.unauthorized),
    'GET /auth/csrf-token': () => json(200, { csrfToken: 'csrf-1' }),
    'POST /auth/code': () => json(200, serviceAnswers.codeSent),
    'POST /auth/verify': () => json(200, serviceAnswers.signedIn),
  };
}

/**
 * Replaces fetch with a fake sync-service whose answers are the real service's (see
 * service-answers.ts). `answers` is keyed 'METHOD /path' and may be changed during a test;
 * `requests` lists what was sent, in order.
 */
export function fakeApi(overrides: Record<string, Answer> = {}) {
  const answers = { ...defaultAnswers(), ...overrides };
  const api = createFakeService({ csrfToken: null });
  for (const [name, route] of Object.entries(apiRoutes) as [
    keyof typeof apiRoutes,
    RouteDefinition,
  ][]) {
    api.on(name, (_input, request) => answers[routeKey(route)]?.() ?? noAnswer(request));
  }
  /** The requests to one path, e.g. `sent('POST /auth/code')`. */
  const sent = (route: string) =>
    api.requests.filter(({ method, path }) => `${method} ${path}` === route);
  return { answers, requests: api.requests, sent };
}
