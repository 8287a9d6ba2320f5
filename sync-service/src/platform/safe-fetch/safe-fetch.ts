import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import {
  createAddressPolicy,
  isPublicAddress,
  privateAddress,
  safeUrl,
  UnsafeUrlError,
  type AddressPolicy,
  type ResolvedAddress,
  type SafeFetchOptions,
} from './address-policy';

/** Fetch-API compatible, usable as ky's `fetch` option (ky passes a Request). */
export type SafeFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

const DEFAULT_MAX_REDIRECTS = 5;
const DEFAULT_TIMEOUT_MS = 15_000;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Request headers that carry credentials: dropped when a redirect leaves the origin. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization', 'x-api-key'];
/** Headers that describe a body: dropped with the body when a redirect turns the request into a GET. */
const BODY_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-location',
];

/**
 * The fetch OutSync uses for every URL it does not fully control (CRM and platform APIs whose
 * base URLs come from config or customers, forwarding endpoints). Only http(s), no credentials
 * in the URL, and only public addresses unless the host is allow-listed (the sandbox).
 *
 * How DNS rebinding is defeated: each hop is checked first (assertPublicUrl, for a clear error
 * before anything is sent), and the connection itself is made by an undici Agent whose connector
 * resolves the name again and refuses it unless every answer is public, then hands exactly those
 * checked answers to the socket. The address connected to is therefore always one that passed
 * the check, whatever DNS answers between the two lookups. undici rather than node:http because
 * its Agent keeps connection pooling and gives a Fetch-API Response (what ky and the connectors
 * expect); undici's own `fetch` rather than the global one so the Agent and fetch are one
 * version (a Node upgrade changes the bundled undici, not this pairing).
 *
 * Redirects are followed here, not by undici, so that each hop is checked: at most
 * `maxRedirects`, 301/302 after a POST and 303 after anything but GET/HEAD become a GET without
 * body, and credential headers are dropped when the origin changes. Errors carry the URL without
 * query or credentials and never the request's headers or body.
 */
export function createSafeFetch(options: SafeFetchOptions = {}): SafeFetch {
  const policy = createAddressPolicy(options);
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const dispatcher = checkingAgent(policy);

  return async function safeFetch(input, init) {
    let url = toUrl(input instanceof Request ? input.url : input);
    // Before `new Request`, which would throw its own TypeError on user:pass@ URLs.
    policy.assertCallable(url);
    const request = new Request(input, init);
    let method = request.method;
    const headers = new Headers(request.headers);
    // Buffered, so a 307/308 can send it again.
    let body = request.body === null ? null : await request.arrayBuffer();
    const signal = AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]);

    for (let redirects = 0; ; redirects += 1) {
      await policy.assertPublicUrl(url);
      const response = await send(url, { method, headers, body, signal });
      const location = response.headers.get('location');
      if (!REDIRECT_STATUSES.has(response.status) || location === null) return response;
      if (request.redirect === 'manual') return response;
      await response.body?.cancel();
      if (request.redirect === 'error') {
        throw new TypeError('The server answered with a redirect, and redirects are refused.');
      }
      if (redirects >= maxRedirects) {
        throw new TypeError(`Too many redirects (more than ${maxRedirects}).`);
      }
      const next = toUrl(location, url);
      policy.assertCallable(next);
      if (becomesGet(response.status, method)) {
        method = 'GET';
        body = null;
        for (const name of BODY_HEADERS) headers.delete(name);
      }
      if (next.origin !== url.origin) {
        for (const name of CREDENTIAL_HEADERS) headers.delete(name);
      }
      url = next;
    }
  };

  async function send(
    url: URL,
    request: { method: string; headers: Headers; body: ArrayBuffer | null; signal: AbortSignal },
  ): Promise<Response> {
    try {
      const response = await undiciFetch(url, {
        method: request.method,
        headers: [...request.headers],
        body: request.body,
        signal: request.signal,
        redirect: 'manual',
        dispatcher,
      });
      // undici's Response is the Fetch-API Response (the global one is undici's too).
      return response as unknown as Response;
    } catch (error) {
      // undici wraps connection errors as TypeError('fetch failed', { cause }).
      const cause = (error as { cause?: unknown }).cause;
      if (cause instanceof UnsafeUrlError) {
        // Refused at connect time (the name changed its answer since the check): the URL the
        // connector could not know goes on the error.
        throw new UnsafeUrlError(safeUrl(url), cause.reason, cause.message);
      }
      throw error;
    }
  }
}

function becomesGet(status: number, method: string): boolean {
  if (status === 303) return method !== 'GET' && method !== 'HEAD';
  return (status === 301 || status === 302) && method === 'POST';
}

function toUrl(input: string | URL, base?: URL): URL {
  try {
    return new URL(String(input), base);
  } catch {
    throw new UnsafeUrlError('', 'invalid_url', 'The URL is not valid.');
  }
}

/**
 * An undici Agent that connects only to checked addresses: allow-listed host:ports through a
 * plain lookup, IP literals after checking them, names through a lookup that refuses any
 * non-public answer and returns exactly what it checked.
 */
function checkingAgent(policy: AddressPolicy): Agent {
  const checked = buildConnector({
    lookup: connectLookup((host) => policy.resolvePublic(host, `//${host}`)),
  });
  const trusted = buildConnector({ lookup: connectLookup(policy.lookup) });
  return new Agent({
    connect(options, callback) {
      const protocol = options.protocol === 'https:' ? 'https:' : 'http:';
      const port = Number(options.port) || (protocol === 'https:' ? 443 : 80);
      const hostname = options.hostname;
      if (policy.allows(hostname, port)) return trusted(options, callback);
      if (isIP(hostname) !== 0 && !isPublicAddress(hostname)) {
        const host = isIP(hostname) === 6 ? `[${hostname}]` : hostname;
        return callback(privateAddress(`${protocol}//${host}:${port}/`, hostname), null);
      }
      return checked(options, callback);
    },
  });
}

/** Adapts a promise lookup to the callback form net.connect and tls.connect call. */
function connectLookup(resolve: (hostname: string) => Promise<ResolvedAddress[]>): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (answers) => {
        const family = options.family === 4 || options.family === 6 ? options.family : undefined;
        const usable = family ? answers.filter((answer) => answer.family === family) : answers;
        const first = usable[0];
        if (!first) {
          const error = Object.assign(new Error(`No address found for ${hostname}.`), {
            code: 'ENOTFOUND',
          });
          callback(error, '', 0);
        } else if (options.all) {
          callback(null, usable);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
