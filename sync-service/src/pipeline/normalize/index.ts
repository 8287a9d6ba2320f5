import type { Platform } from '@outsync/contracts';
import type { NormalizeResult } from '@outsync/contracts/sync';
import { normalizeBison } from './bison';
import { HEYREACH_EVENT_TYPES, normalizeHeyreach } from './heyreach';
import { normalizeInstantly } from './instantly';
import { isRecord, readText, type JsonRecord, type Normalizer } from './normalize-helpers';
import { normalizeSmartlead } from './smartlead';

export { normalizeBison } from './bison';
export { normalizeHeyreach } from './heyreach';
export { normalizeInstantly } from './instantly';
export { normalizeSmartlead } from './smartlead';
export { FREE_MAIL_DOMAINS, isFreeMailDomain } from './normalize-helpers';

const normalizers: Record<Platform, Normalizer> = {
  smartlead: normalizeSmartlead,
  instantly: normalizeInstantly,
  bison: normalizeBison,
  heyreach: normalizeHeyreach,
};

/**
 * The canonical event of a raw webhook payload. A webhook without a platform ("Universal")
 * takes whatever platform the payload's shape shows.
 */
export function normalizeEvent(input: {
  platform: Platform | null;
  payload: unknown;
  receivedAt: Date;
}): NormalizeResult {
  const { payload, receivedAt } = input;
  if (!isRecord(payload)) {
    return { kind: 'unsupported', rawEventType: null, message: 'The payload is not a JSON object' };
  }
  const platform = input.platform ?? detectPlatform(payload);
  if (platform === null) {
    return {
      kind: 'unsupported',
      rawEventType: readText(payload, 'event_type', 'event.type'),
      message: 'The payload matches no platform: it has none of their event shapes',
    };
  }
  return normalizers[platform](payload, receivedAt);
}

/** HeyReach's social events as its payloads name them (lower case); `campaign_completed` is Instantly's too. */
const HEYREACH_SOCIAL_EVENTS = new Set(
  Object.keys(HEYREACH_EVENT_TYPES)
    .filter((name) => HEYREACH_EVENT_TYPES[name] !== null)
    .map((name) => name.toLowerCase()),
);

const SMARTLEAD_MARKERS = /^(sl_|stats_id$)/;

/**
 * The platform a payload's shape shows, most distinctive first: bison's envelope, HeyReach's
 * LinkedIn lead and correlation id, Instantly's workspace, Smartlead's `sl_*` fields.
 */
export function detectPlatform(payload: JsonRecord): Platform | null {
  const eventType = readText(payload, 'event_type');
  if (readText(payload, 'event.type') !== null && isRecord(payload.data)) return 'bison';
  if (
    readText(payload, 'lead.profile_url', 'correlation_id') !== null ||
    HEYREACH_SOCIAL_EVENTS.has(eventType ?? '')
  ) {
    return 'heyreach';
  }
  if (eventType === null) return null;
  if (readText(payload, 'workspace') !== null) return 'instantly';
  const isUpperCase = eventType === eventType.toUpperCase();
  return isUpperCase && Object.keys(payload).some((key) => SMARTLEAD_MARKERS.test(key))
    ? 'smartlead'
    : null;
}
