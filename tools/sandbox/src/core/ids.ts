import { randomBytes, randomUUID } from 'node:crypto';

/** Monotonic numeric ids as strings, the way HubSpot and the platforms hand them out. */
export class Sequence {
  private next: number;
  constructor(private readonly start: number) {
    this.next = start;
  }
  take(): number {
    return this.next++;
  }
  reset(): void {
    this.next = this.start;
  }
}

export function opaqueToken(prefix: string): string {
  return `${prefix}${randomBytes(24).toString('base64url')}`;
}

export function correlationId(): string {
  return randomUUID();
}

/**
 * Salesforce ids: a 3-character key prefix, then 15 characters; `pod` (one character per
 * org) keeps ids unique across the sandbox's orgs, as real ids are.
 */
export function salesforceId(prefix: string, sequence: number, pod = '0'): string {
  return `${prefix}5e0000${pod}${sequence.toString(36).toUpperCase().padStart(8, '0')}`;
}
