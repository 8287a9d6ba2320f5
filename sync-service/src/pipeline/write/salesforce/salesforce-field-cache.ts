import type { SalesforceClient } from '../../../connectors/crm/salesforce';
import type { SalesforcePersonObject } from '../../../connectors/crm/salesforce/salesforce-objects.types';

/** How long an org's field describe is trusted: fields created meanwhile show up after it. */
export const FIELD_CACHE_TTL_MS = 5 * 60_000;

/**
 * The fields of each org's person objects the connected user can see (a field hidden from the
 * user is absent from describe), per process, for minutes: one describe per object per org, not
 * per event. A failed describe is forgotten, so the next batch tries again.
 */
export type SalesforceFieldCache = {
  /** Lower-cased API names (Salesforce compares them case-insensitively). */
  fieldsOf(
    client: Pick<SalesforceClient, 'describe'>,
    orgId: string,
    object: SalesforcePersonObject,
  ): Promise<ReadonlySet<string>>;
  /** Describe the org's objects again next time (a field was deleted or created). */
  forget(orgId: string): void;
};

export function createSalesforceFieldCache(
  options: { ttlMs?: number; now?: () => number } = {},
): SalesforceFieldCache {
  const ttlMs = options.ttlMs ?? FIELD_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { until: number; fields: Promise<ReadonlySet<string>> }>();
  return {
    fieldsOf(client, orgId, object) {
      const key = `${orgId}\u0000${object}`;
      const known = entries.get(key);
      if (known && known.until > now()) return known.fields;
      const fields = client.describe(object).then(
        (described) => new Set(described.fields.map((field) => field.name.toLowerCase())),
        (error: unknown) => {
          if (entries.get(key)?.fields === fields) entries.delete(key);
          throw error;
        },
      );
      entries.set(key, { until: now() + ttlMs, fields });
      return fields;
    },
    forget(orgId) {
      for (const key of entries.keys()) if (key.startsWith(`${orgId}\u0000`)) entries.delete(key);
    },
  };
}
