import type {
  CanonicalCategory,
  CanonicalEvent,
  CanonicalLead,
  NormalizeResult,
} from '@outsync/contracts/sync';
import type { ActivityEventType, Platform } from '@outsync/contracts';

// Small readers shared by the four normalizers. Payloads are untrusted JSON that differs from
// the platforms' own documentation in places, so every reader answers null for anything
// missing, empty or of the wrong kind instead of throwing: a missing optional field never
// fails an event.

export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value at a dotted path (`'data.lead.email'`, `'to.0.address'`); undefined when missing. */
export function readPath(root: unknown, path: string): unknown {
  let current = root;
  for (const key of path.split('.')) {
    if (Array.isArray(current)) current = current[Number(key)];
    else if (isRecord(current)) current = current[key];
    else return undefined;
  }
  return current;
}

/** A trimmed string; numbers (ids the platforms send either way) become strings; empty → null. */
export function asText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' ? null : text;
}

/** The first path that holds text. */
export function readText(root: unknown, ...paths: string[]): string | null {
  for (const path of paths) {
    const text = asText(readPath(root, path));
    if (text !== null) return text;
  }
  return null;
}

/** An e-mail address, lower-cased and trimmed; a value without `@` is no address. */
export function asEmail(value: unknown): string | null {
  const text = asText(value)?.toLowerCase() ?? null;
  return text?.includes('@') ? text : null;
}

/** The first path that holds an e-mail address. */
export function readEmail(root: unknown, ...paths: string[]): string | null {
  for (const path of paths) {
    const email = asEmail(readPath(root, path));
    if (email !== null) return email;
  }
  return null;
}

/** A whole number sent as a number or a numeric string (sequence steps). */
export function readInteger(root: unknown, ...paths: string[]): number | null {
  for (const path of paths) {
    const number = Number(asText(readPath(root, path)) ?? Number.NaN);
    if (Number.isInteger(number)) return number;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Timestamps

/** Below this an epoch number counts seconds (1e11 s is the year 5138; 1e11 ms is 1973). */
const EPOCH_SECONDS_BELOW = 1e11;
/** A date-time with no zone (bison's wall-clock dates): read as UTC, never as the host's zone. */
const ZONELESS_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
const NUMERIC = /^\d+(\.\d+)?$/;

/** ISO 8601 strings, epoch seconds or milliseconds (number or numeric string) → ISO UTC. */
export function asTimestamp(value: unknown): string | null {
  const text = asText(value) ?? '';
  const millis = NUMERIC.test(text) ? epochMillis(Number(text)) : Date.parse(zoned(text));
  // NaN, and numbers beyond the ±100,000,000 days a Date can hold, are no time.
  const date = new Date(millis);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function epochMillis(epoch: number): number {
  return epoch < EPOCH_SECONDS_BELOW ? epoch * 1000 : epoch;
}

function zoned(text: string): string {
  return ZONELESS_DATE_TIME.test(text) ? `${text.replace(' ', 'T')}Z` : text;
}

/** The first path that holds a readable time. */
export function readTimestamp(root: unknown, ...paths: string[]): string | null {
  for (const path of paths) {
    const timestamp = asTimestamp(readPath(root, path));
    if (timestamp !== null) return timestamp;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Lead identity and company

/**
 * Mailbox providers whose domain says nothing about the lead's company: such a domain never
 * becomes `lead.domain` nor a CRM company. `gmx.*` and `yandex.*` count in every country.
 */
export const FREE_MAIL_DOMAINS: readonly string[] = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'icloud.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'mail.ru',
  'live.com',
  'msn.com',
];
const FREE_MAIL_FAMILIES = ['gmx', 'yandex'];

export function isFreeMailDomain(domain: string): boolean {
  const name = domain.trim().toLowerCase();
  return (
    FREE_MAIL_DOMAINS.includes(name) ||
    FREE_MAIL_FAMILIES.some((family) => name.startsWith(`${family}.`))
  );
}

/** Hosts that are the social network, not the company (HeyReach `company_url` is a LinkedIn page). */
const NOT_A_COMPANY_HOST = /(^|\.)linkedin\.com$/;

/** A website's host, lower-case, without `www.`; null when it is no web address or LinkedIn. */
export function websiteDomain(website: string | null): string | null {
  const text = website ?? '';
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  if (!URL.canParse(withScheme)) return null;
  const host = new URL(withScheme).hostname.replace(/^www\./, '');
  return host.includes('.') && !NOT_A_COMPANY_HOST.test(host) ? host : null;
}

/** The company's domain: the website's host, else the e-mail's domain unless it is free mail. */
export function companyDomain(website: string | null, email: string | null): string | null {
  const fromWebsite = websiteDomain(website);
  if (fromWebsite !== null) return fromWebsite;
  const fromEmail = email?.split('@').at(-1);
  return fromEmail?.includes('.') && !isFreeMailDomain(fromEmail) ? fromEmail : null;
}

const LINKEDIN_PROFILE = /^(?:https?:\/\/)?(?:[a-z0-9-]+\.)*linkedin\.com\/in\/([^/?#\s]+)/i;

/**
 * A LinkedIn profile as `https://www.linkedin.com/in/<slug>` (lower-case, no query, no trailing
 * slash), the form CRM lookups compare; other URLs (Sales Navigator, company pages) as given.
 */
export function asProfileUrl(value: unknown): string | null {
  const text = asText(value);
  const slug = LINKEDIN_PROFILE.exec(text ?? '')?.[1];
  return slug === undefined ? text : `https://www.linkedin.com/in/${slug.toLowerCase()}`;
}

export function readProfileUrl(root: unknown, ...paths: string[]): string | null {
  return asProfileUrl(readText(root, ...paths));
}

/** A lead whose optional fields default to null, with the domain worked out. */
export function canonicalLead(
  fields: Partial<CanonicalLead> & { website?: string | null },
): CanonicalLead {
  const { website = null, ...lead } = fields;
  const email = lead.email ?? null;
  return {
    email,
    firstName: lead.firstName ?? null,
    lastName: lead.lastName ?? null,
    profileUrl: lead.profileUrl ?? null,
    company: lead.company ?? null,
    domain: companyDomain(website, email),
    title: lead.title ?? null,
    phone: lead.phone ?? null,
    platformLeadId: lead.platformLeadId ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// Custom fields: os_objectlookup_id and tags

export const OBJECT_LOOKUP_FIELD = 'os_objectlookup_id';

/**
 * A custom field's value from a container the platforms use: an object keyed by field name
 * (`{os_objectlookup_id: '…'}`) or a list of `{name, value}` (bison, HeyReach).
 */
export function customFieldValue(container: unknown, name: string): string | null {
  if (isRecord(container)) return asText(container[name]);
  if (!Array.isArray(container)) return null;
  for (const field of container) {
    if (isRecord(field) && asText(field.name) === name) {
      const value = asText(field.value);
      if (value !== null) return value;
    }
  }
  return null;
}

/**
 * `os_objectlookup_id`: at the top level of any payload (spec 01 §3; an empty value means none,
 * as the test dialog sends it), else in the platform's custom-field containers.
 */
export function readObjectLookupId(payload: JsonRecord, containers: unknown[]): string | null {
  for (const container of [payload, ...containers]) {
    const value = customFieldValue(container, OBJECT_LOOKUP_FIELD);
    if (value !== null) return value;
  }
  return null;
}

/** Tags from lists or comma-separated strings: trimmed, empty ones dropped, each once. */
export function collectTags(...sources: unknown[]): string[] {
  const tags = sources.flatMap((source) => {
    if (typeof source === 'string') return source.split(',');
    return Array.isArray(source) ? source : [];
  });
  const names = tags.map((tag) => asText(isRecord(tag) ? tag.name : tag));
  return [...new Set(names.filter((name) => name !== null))];
}

// ---------------------------------------------------------------------------------------------
// Event names, identities and results

/** A platform's raw event names (upper-cased) → canonical type, or null where none fits. */
export type EventNameMap = Readonly<Record<string, ActivityEventType | null>>;

export type EventNameLookup =
  { kind: 'known'; type: ActivityEventType } | { kind: 'ignored' } | { kind: 'unknown' };

/** Raw names compare case-insensitively: bison and HeyReach send both cases. */
export function lookupEventName(map: EventNameMap, rawEventType: string): EventNameLookup {
  const type = map[rawEventType.toUpperCase()];
  if (type === undefined) return { kind: 'unknown' };
  return type === null ? { kind: 'ignored' } : { kind: 'known', type };
}

/** The display name a message says, e.g. 'Smartlead'. */
export const PLATFORM_NAMES: Readonly<Record<Platform, string>> = {
  smartlead: 'Smartlead',
  instantly: 'Instantly',
  bison: 'EmailBison',
  heyreach: 'HeyReach',
};

export function notAnObject(platform: Platform): NormalizeResult {
  return {
    kind: 'unsupported',
    rawEventType: null,
    message: `${PLATFORM_NAMES[platform]} payload is not a JSON object`,
  };
}

export function noEventType(platform: Platform, field: string): NormalizeResult {
  return {
    kind: 'unsupported',
    rawEventType: null,
    message: `${PLATFORM_NAMES[platform]} payload carries no event type (${field})`,
  };
}

/** An event name the platform has that no canonical type fits, or one it does not have. */
export function unsupportedEventName(
  platform: Platform,
  rawEventType: string,
  lookup: EventNameLookup,
): NormalizeResult {
  const reason =
    lookup.kind === 'ignored' ? 'is not an activity OutSync syncs' : 'is not a known event type';
  return {
    kind: 'unsupported',
    rawEventType,
    message: `${PLATFORM_NAMES[platform]} event ${rawEventType} ${reason}`,
  };
}

/** Where a platform's payload names its event, and what the names mean. */
export type EventNameSource = {
  platform: Platform;
  names: EventNameMap;
  /** The paths the raw name may stand at, the first one found wins. */
  paths: readonly string[];
  /** The field a message names when the payload has none of them. */
  field: string;
  /** The type of a name the platform does not list (Instantly's custom lead labels); none: refused. */
  unknownAs?: ActivityEventType;
};

/** A payload past the opening checks: an object naming an event OutSync syncs. */
export type OpenedEvent = {
  payload: JsonRecord;
  rawEventType: string;
  lookup: EventNameLookup;
  type: ActivityEventType;
};

export type Normalizer = (payload: unknown, receivedAt: Date) => NormalizeResult;

/**
 * A platform's normalizer: the opening every platform shares (the payload is an object that
 * names an event OutSync syncs, else the result says why not), then the platform's own reading.
 */
export function normalizerFor(
  source: EventNameSource,
  readEvent: (opened: OpenedEvent, receivedAt: Date) => NormalizeResult,
): Normalizer {
  return (payload, receivedAt) => {
    const { platform } = source;
    if (!isRecord(payload)) return notAnObject(platform);
    const rawEventType = readText(payload, ...source.paths);
    if (rawEventType === null) return noEventType(platform, source.field);
    const lookup = lookupEventName(source.names, rawEventType);
    const type =
      lookup.kind === 'known'
        ? lookup.type
        : lookup.kind === 'unknown'
          ? source.unknownAs
          : undefined;
    if (type === undefined) return unsupportedEventName(platform, rawEventType, lookup);
    return readEvent({ payload, rawEventType, lookup, type }, receivedAt);
  };
}

/** A supported event the sync cannot use: the lead's identity is missing. */
export function missingIdentity(
  platform: Platform,
  rawEventType: string,
  identity: string,
): NormalizeResult {
  return {
    kind: 'invalid',
    rawEventType,
    message: `${PLATFORM_NAMES[platform]} ${rawEventType} carries no ${identity}`,
  };
}

/**
 * The dedup identity: the canonical type, then the platform's ids. Prefixing the canonical type
 * (not the raw name) makes events that repeat another (Smartlead FIRST_EMAIL_SENT and
 * EMAIL_SENT) collapse. Null without the platform's primary id; a missing secondary id is left
 * out.
 */
export function platformEventId(
  type: ActivityEventType,
  primaryId: string | null,
  ...moreIds: (string | null)[]
): string | null {
  if (primaryId === null) return null;
  return [type, primaryId, ...moreIds.filter((id) => id !== null)].join(':');
}

/** The category as the canonical event holds it; null without a name or id. */
export function category(id: string | null, name: string | null): CanonicalCategory | null {
  return id === null && name === null ? null : { id, name };
}

/** The rest of the event: the optional parts default to null (false), so each normalizer names what it has. */
export type EventDetails = Pick<CanonicalEvent, 'sender' | 'campaign' | 'tags'> &
  Partial<
    Omit<
      CanonicalEvent,
      'platform' | 'type' | 'rawEventType' | 'occurredAt' | 'lead' | 'sender' | 'campaign' | 'tags'
    >
  >;

export function canonicalEvent(
  head: Pick<CanonicalEvent, 'platform' | 'type' | 'rawEventType' | 'occurredAt' | 'lead'>,
  details: EventDetails,
): NormalizeResult {
  return {
    kind: 'event',
    event: {
      ...head,
      platformEventId: details.platformEventId ?? null,
      sender: details.sender,
      campaign: details.campaign,
      subject: details.subject ?? null,
      bodyText: details.bodyText ?? null,
      bodyHtml: details.bodyHtml ?? null,
      sequenceStep: details.sequenceStep ?? null,
      category: details.category ?? null,
      link: details.link ?? null,
      objectLookupId: details.objectLookupId ?? null,
      tags: details.tags,
      platformUrl: details.platformUrl ?? null,
      isInmail: details.isInmail ?? false,
      isAutomatedReply: details.isAutomatedReply ?? false,
    },
  };
}
