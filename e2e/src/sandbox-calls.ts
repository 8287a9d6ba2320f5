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

/** A lead as the sandbox's event generator takes it. */
export type SimulatedLead = {
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
};

/** What the generator sent, and how each webhook it was posted to answered. */
export type SimulatedEvent = {
  payload: Record<string, unknown>;
  deliveries: { status: number | null }[];
};

/** A simulated campaign's run: how many events were posted, how many the webhook took. */
export type CampaignRun = { events: number; accepted: number };

/**
 * One Smartlead event of `eventType` about `lead` from the sandbox's generator, posted to
 * `webhookUrl`; an error unless the webhook answered 200.
 */
export async function simulateSmartleadEvent(
  sandboxUrl: string,
  webhookUrl: string,
  eventType: string,
  lead: SimulatedLead,
): Promise<SimulatedEvent> {
  const sent = await sandboxPost<SimulatedEvent>(sandboxUrl, '/simulate/event', {
    platform: 'smartlead',
    eventType,
    webhookUrl,
    lead,
  });
  const statuses = sent.deliveries.map((delivery) => delivery.status);
  if (statuses.length !== 1 || statuses[0] !== 200)
    throw new Error(
      `${webhookUrl} answered the simulated ${eventType} with ${statuses.join(', ')}`,
    );
  return sent;
}
