// What the journeys ask of the sandbox and of the asynchronous sync, in one place.

/** POSTs a JSON body to the sandbox (its generator, its controls); its JSON answer, or an error. */
export async function sandboxPost<T>(sandboxUrl: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${sandboxUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Reads until `find` sees what it looks for (the sync runs after the webhook answers), every
 * 250 ms; an error saying `what` did not happen once `timeoutMs` has passed.
 */
export async function eventually<T>(
  what: string,
  find: () => Promise<T | undefined>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
