import { serviceAnswers, serviceErrors } from './service-answers';

/** One request the page sent, as the server would see it. */
export interface SentRequest {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

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
  const requests: SentRequest[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = await request.clone().text();
    requests.push({
      method: request.method,
      path: url.pathname,
      headers: request.headers,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    });
    const answer = answers[`${request.method} ${url.pathname}`];
    return answer ? answer() : json(404, { message: 'Not found', code: 'not_found' });
  });
  /** The requests to one path, e.g. `sent('POST /auth/code')`. */
  const sent = (route: string) =>
    requests.filter(({ method, path }) => `${method} ${path}` === route);
  return { answers, requests, sent };
}

/** A promise the test settles itself, to look at the page while a request is in flight. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
