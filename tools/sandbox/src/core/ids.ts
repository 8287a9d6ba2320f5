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

/** Salesforce ids: a 3-character key prefix, then 15 characters unique within the org. */
export function salesforceId(prefix: string, sequence: number): string {
  return `${prefix}5e00000${sequence.toString(36).toUpperCase().padStart(8, '0')}`;
}
