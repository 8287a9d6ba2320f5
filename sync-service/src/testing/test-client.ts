import { CSRF_HEADER } from '@outsync/contracts';
import { CSRF_COOKIE } from '../platform/http/csrf';

export type TestResponse<T = unknown> = {
  status: number;
  /** Parsed JSON for a JSON answer, the text otherwise, undefined when empty. */
  body: T;
  headers: Headers;
};

type Headers_ = Record<string, string>;

/**
 * A browser for tests: keeps its cookies (session, CSRF) and sends the CSRF token with every
 * state-changing request, fetching it once from /auth/csrf-token first. Headers given to a
 * call are added last, so a test can override any of them.
 */
export type TestClient = {
  get<T = unknown>(path: string, headers?: Headers_): Promise<TestResponse<T>>;
  post<T = unknown>(path: string, body?: unknown, headers?: Headers_): Promise<TestResponse<T>>;
  put<T = unknown>(path: string, body?: unknown, headers?: Headers_): Promise<TestResponse<T>>;
  patch<T = unknown>(path: string, body?: unknown, headers?: Headers_): Promise<TestResponse<T>>;
  delete<T = unknown>(path: string, body?: unknown, headers?: Headers_): Promise<TestResponse<T>>;
  /** One of the cookies the service set on this client. */
  cookie(name: string): string | undefined;
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function createTestClient(
  baseUrl: string,
  cookies: Record<string, string> = {},
): TestClient {
  const jar = new Map(Object.entries(cookies));

  async function send<T>(
    method: string,
    path: string,
    body: unknown,
    extra: Headers_ = {},
  ): Promise<TestResponse<T>> {
    const headers: Headers_ = {};
    if (!SAFE_METHODS.has(method)) headers[CSRF_HEADER.toLowerCase()] = await csrfToken();
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (jar.size > 0) {
      headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...headers, ...extra },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    keepCookies(response);
    return {
      status: response.status,
      body: (await readBody(response)) as T,
      headers: response.headers,
    };
  }

  let fetchingToken: Promise<string> | undefined;
  function csrfToken(): Promise<string> {
    const existing = jar.get(CSRF_COOKIE);
    if (existing) return Promise.resolve(existing);
    fetchingToken ??= send<{ csrfToken: string }>('GET', '/auth/csrf-token', undefined).then(
      (response) => {
        fetchingToken = undefined;
        if (response.status !== 200) throw new Error(`no CSRF token: ${response.status}`);
        return response.body.csrfToken;
      },
    );
    return fetchingToken;
  }

  function keepCookies(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      if (value === '' || /;\s*Max-Age=0(;|$)/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
  }

  return {
    get: (path, headers) => send('GET', path, undefined, headers),
    post: (path, body, headers) => send('POST', path, body, headers),
    put: (path, body, headers) => send('PUT', path, body, headers),
    patch: (path, body, headers) => send('PATCH', path, body, headers),
    delete: (path, body, headers) => send('DELETE', path, body, headers),
    cookie: (name) => jar.get(name),
  };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  return /[/+]json\b/.test(type) ? (JSON.parse(text) as unknown) : text;
}
