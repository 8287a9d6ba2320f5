import type { SalesforceClient } from '../../../connectors/crm/salesforce';
import type { SalesforcePersonObject } from '../../../connectors/crm/salesforce/salesforce-objects.types';

/** How long an org's field describe is trusted: fields created meanwhile show up after it. */
export const FIELD_CACHE_TTL_MS = 5 * 60_000;

/**
 * The fields of each org's person objects the connected user can see (a field hidden from the
 * user is absent from describe), per process, for minutes: one describe per object per org, not
 * per event. A failed describe is forgotten, so the next batch tries again. The org's users' time
 * zones are kept the same way.
 */
export type SalesforceFieldCache = {
  /** Lower-cased API names (Salesforce compares them case-insensitively). */
  fieldsOf(
    client: Pick<SalesforceClient, 'describe'>,
    orgId: string,
    object: SalesforcePersonObject,
  ): Promise<ReadonlySet<string>>;
  /**
   * The time zone of each of the org's users (`User.TimeZoneSidKey`), for the day a Task is
   * dated; a user without one (or unknown) is absent. Kept as long as a describe.
   */
  timeZonesOf(
    client: Pick<SalesforceClient, 'findRecords'>,
    orgId: string,
    userIds: readonly string[],
  ): Promise<Map<string, string>>;
  /** Describe the org's objects again next time (a field was deleted or created). */
  forget(orgId: string): void;
};

export function createSalesforceFieldCache(
  options: { ttlMs?: number; now?: () => number } = {},
): SalesforceFieldCache {
  const ttlMs = options.ttlMs ?? FIELD_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { until: number; fields: Promise<ReadonlySet<string>> }>();
  const zones = new Map<string, { until: number; zone: string | null }>();
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
    async timeZonesOf(client, orgId, userIds) {
      const key = (userId: string) => `${orgId}\u0000${userId}`;
      const unknown = [...new Set(userIds)].filter(
        (userId) => (zones.get(key(userId))?.until ?? 0) <= now(),
      );
      if (unknown.length > 0) {
        const rows = await client.findRecords({
          sobject: 'User',
          field: 'Id',
          values: unknown,
          select: ['TimeZoneSidKey'],
        });
        const until = now() + ttlMs;
        for (const userId of unknown) {
          const row = rows.find((candidate) => candidate.Id.slice(0, 15) === userId.slice(0, 15));
          const zone = typeof row?.TimeZoneSidKey === 'string' ? row.TimeZoneSidKey : null;
          zones.set(key(userId), { until, zone });
        }
      }
      const known = new Map<string, string>();
      for (const userId of userIds) {
        const zone = zones.get(key(userId))?.zone;
        if (zone) known.set(userId, zone);
      }
      return known;
    },
    forget(orgId) {
      for (const key of entries.keys()) if (key.startsWith(`${orgId}\u0000`)) entries.delete(key);
    },
  };
}
