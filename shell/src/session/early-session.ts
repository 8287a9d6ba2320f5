import { takeEarly } from '../early-start';

/** `apiRoutes.me`'s path (early-session.test.ts checks it against the route table). */
export const currentUserPath = '/api/admin/me';

/**
 * The shell's client's fetch: its first GET of `me` reads the answer index.html's inline script
 * asked for on a dashboard address (early-start.ts), so the session check travels while the
 * shell loads; it still goes through the client (a 401 leaves for /unauthorized, the answer is
 * checked against its schema). Every other call, and a later `me`, is sent as usual.
 */
export function takeEarlySession(request: Request): Promise<Response> {
  const isSessionCheck =
    request.method === 'GET' && new URL(request.url).pathname === currentUserPath;
  const sent = isSessionCheck ? takeEarly('session') : undefined;
  if (!sent) return fetch(request);
  // The call's abort (its timeout, or the query's cancel) still ends the wait.
  return new Promise<Response>((resolve, reject) => {
    const { signal } = request;
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    sent.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Who the early session check answered for, without taking the answer from the client (it reads
 * a copy): undefined when there was none, or it was not a signed-in user (the client's own call
 * then sends a 401 to /unauthorized). Only for deciding what to load early: RequireSession's
 * checked user is the one the dashboard shows.
 */
export async function earlySignedInUser(): Promise<{ isManagerOrAdmin: boolean } | undefined> {
  const sent = window.__outsyncEarly?.session;
  if (!sent) return undefined;
  try {
    // Copied in the same turn it answers, before the client (registered later) reads it.
    const body: unknown = await sent.then((response) =>
      response.ok ? response.clone().json() : undefined,
    );
    if (typeof body !== 'object' || body === null) return undefined;
    return { isManagerOrAdmin: 'isManagerOrAdmin' in body && body.isManagerOrAdmin === true };
  } catch {
    return undefined;
  }
}
