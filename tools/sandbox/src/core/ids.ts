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
 * Salesforce ids as Salesforce makes them: 15 case-sensitive characters that are unique on their
 * own (a 3-character key prefix, the instance, `pod` — one character per org, so ids are unique
 * across the sandbox's orgs — and the record's number), then the 3-character suffix that encodes
 * which of the 15 are upper case. A client may compare ids by their first 15 characters, as
 * Salesforce allows, and must not find two records the same.
 */
export function salesforceId(prefix: string, sequence: number, pod = '0'): string {
  const id15 = `${prefix}5e${pod}${sequence.toString(36).toUpperCase().padStart(9, '0')}`;
  return `${id15}${salesforceIdSuffix(id15)}`;
}

const SUFFIX_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';

/** The 18-character form's suffix of a 15-character id: per 5 characters, which are upper case. */
export function salesforceIdSuffix(id15: string): string {
  let suffix = '';
  for (let chunk = 0; chunk < 3; chunk += 1) {
    let flags = 0;
    for (let index = 0; index < 5; index += 1) {
      const character = id15.charAt(chunk * 5 + index);
      if (character >= 'A' && character <= 'Z') flags += 1 << index;
    }
    suffix += SUFFIX_ALPHABET.charAt(flags);
  }
  return suffix;
}
