/** One request a receiver got, as the product sent it. */
export interface ReceivedRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed body (JSON or form); the raw text is kept for signature checks. */
  body: unknown;
  rawBody: string;
  receivedAt: string;
  /** What the receiver answered. */
  status: number;
}

export interface ReceiverMode {
  /** The status every request gets: 200 (the default) or an error such as 500 or 410. */
  status: number;
  /** Optional delay before answering, to test timeouts. */
  delayMs: number;
}

/** Keeps this many requests per receiver, newest last. */
const MAX_REQUESTS = 1000;

/**
 * Webhook receivers for the product's "additional webhook endpoints": any name under
 * `/receiver/<name>` records what it is sent and answers with its mode's status.
 */
export class ReceiverStore {
  private readonly requests = new Map<string, ReceivedRequest[]>();
  private readonly modes = new Map<string, ReceiverMode>();

  reset(): void {
    this.requests.clear();
    this.modes.clear();
  }

  record(name: string, request: ReceivedRequest): void {
    const list = this.requests.get(name) ?? [];
    list.push(request);
    if (list.length > MAX_REQUESTS) list.splice(0, list.length - MAX_REQUESTS);
    this.requests.set(name, list);
  }

  list(name: string): ReceivedRequest[] {
    return [...(this.requests.get(name) ?? [])];
  }

  clear(name: string): void {
    this.requests.delete(name);
  }

  mode(name: string): ReceiverMode {
    return this.modes.get(name) ?? { status: 200, delayMs: 0 };
  }

  setMode(name: string, mode: ReceiverMode): void {
    this.modes.set(name, mode);
  }

  names(): string[] {
    return [...new Set([...this.requests.keys(), ...this.modes.keys()])].sort();
  }
}
