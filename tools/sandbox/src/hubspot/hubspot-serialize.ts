import type { CrmRecord } from './hubspot-store.ts';
import { DEFAULT_READ_PROPERTIES, type HubspotObjectType } from './hubspot-schema.ts';

/**
 * A record as the API returns it. Reads return the named properties (or HubSpot's small
 * default set); writes return everything the record holds. Properties without a value are
 * left out rather than sent as null, which the OpenAPI schema does not allow.
 */
export function publicRecord(
  type: HubspotObjectType,
  record: CrmRecord,
  requested?: string[],
): {
  id: string;
  properties: Record<string, string>;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
} {
  const names =
    requested && requested.length > 0
      ? requested
      : requested === undefined
        ? undefined
        : DEFAULT_READ_PROPERTIES[type];
  const properties: Record<string, string> = {};
  if (names === undefined) Object.assign(properties, record.properties);
  else {
    for (const name of names) {
      const value = record.properties[name];
      if (value !== undefined) properties[name] = value;
    }
  }
  return {
    id: record.id,
    properties,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    archived: record.archived,
  };
}

/** `properties` arrives as a comma list in query strings and as an array in bodies. */
export function requestedProperties(value: unknown): string[] {
  if (Array.isArray(value))
    return value
      .flatMap((item) => (typeof item === 'string' ? item.split(',') : []))
      .filter(Boolean);
  if (typeof value === 'string')
    return value
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
  return [];
}

export function propertyValues(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const out: Record<string, string> = {};
  for (const [name, raw] of Object.entries(value)) {
    if (raw === null || raw === undefined) out[name] = '';
    else out[name] = typeof raw === 'object' ? JSON.stringify(raw) : String(raw);
  }
  return out;
}
