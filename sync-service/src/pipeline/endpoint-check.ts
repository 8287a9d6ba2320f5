import { createHmac } from 'node:crypto';

/** The header that signs what OutSync POSTs to an endpoint: `sha256=<hex HMAC of the body>`. */
export const SIGNATURE_HEADER = 'X-OutSync-Signature';
export const ENDPOINT_CHECK_EVENT = 'outsync.endpoint_check';
/** How long an endpoint has to answer the test event. */
export const ENDPOINT_CHECK_TIMEOUT_MS = 10_000;

/** The fetch that may reach customer URLs (the service's SSRF-safe one). */
export type EndpointFetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

export type EndpointCheck = { accepted: true } | { accepted: false; reason: string };

/** `sha256=<hex>`: the HMAC-SHA256 of the exact body bytes under the endpoint's secret. */
export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/**
 * POSTs the signed test event to `url` and says whether it answered 2xx in time. Redirects
 * are not followed: the address given is the one events will go to. Errors of the fetch that
 * are not about reaching the URL (an unsafe address found at connect time) are rethrown.
 */
export async function checkEndpoint(options: {
  url: string;
  secret: string;
  fetch: EndpointFetch;
  now: Date;
  timeoutMs?: number;
  /** True for errors the caller answers itself (the URL guard's). */
  isOwnError?: (error: unknown) => boolean;
}): Promise<EndpointCheck> {
  const timeoutMs = options.timeoutMs ?? ENDPOINT_CHECK_TIMEOUT_MS;
  const body = JSON.stringify({ type: ENDPOINT_CHECK_EVENT, sentAt: options.now.toISOString() });
  let response: Response;
  try {
    response = await options.fetch(options.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'OutSync-Webhooks/1.0',
        [SIGNATURE_HEADER]: signBody(options.secret, body),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    if (options.isOwnError?.(error)) throw error;
    return { accepted: false, reason: failureReason(error, timeoutMs) };
  }
  // The answer's content does not matter; let the connection go.
  await response.body?.cancel().catch(() => undefined);
  if (response.status >= 200 && response.status < 300) return { accepted: true };
  if (response.status >= 300 && response.status < 400) {
    return {
      accepted: false,
      reason: `It answered with a redirect (${response.status}); enter the address it redirects to.`,
    };
  }
  const text = response.statusText ? ` ${response.statusText}` : '';
  return { accepted: false, reason: `It answered ${response.status}${text}.` };
}

function failureReason(error: unknown, timeoutMs: number): string {
  const name = (error as { name?: unknown })?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    const limit = timeoutMs >= 1000 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`;
    return `It did not answer within ${limit}.`;
  }
  const cause = (error as { cause?: { code?: unknown; message?: unknown } })?.cause;
  const detail =
    typeof cause?.code === 'string'
      ? cause.code
      : typeof cause?.message === 'string'
        ? cause.message
        : error instanceof Error
          ? error.message
          : String(error);
  return `It could not be reached (${detail}).`;
}
