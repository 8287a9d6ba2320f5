import type { HubspotClient } from '../../../connectors/crm/hubspot';
import type { HubspotPropertyInput } from '../../../connectors/crm/hubspot/hubspot-objects.types';
import { isConnectorError } from '../../../connectors/http';
import { OUTSYNC_CONTACT_PROPERTIES } from './hubspot-property-catalog';

/** The property group OutSync's contact properties live in. */
export const OUTSYNC_PROPERTY_GROUP = { name: 'outsync', label: 'OutSync' };

/** The optional scope HubSpot asks for to create contact properties (external-apis.md §1.1). */
export const SCHEMA_SCOPE = 'crm.schemas.contacts.write';

/**
 * How long a portal's refusal to create OutSync's properties is trusted: the portal is asked
 * again after it (at most three calls per portal per 10 minutes), so a customer who reconnects
 * and grants the scope gets the properties within minutes, without a tight loop meanwhile.
 */
export const PROPERTY_REFUSAL_TTL_MS = 10 * 60_000;

const TRIES_AGAIN = `OutSync tries again in ${PROPERTY_REFUSAL_TTL_MS / 60_000} minutes`;

/** Why OutSync could not create some of its properties, and what fixes it, in words. */
export type PropertyRefusal = { cause: string; fix: string };

/** What OutSync knows of a portal's `os_*` contact properties. */
export type PropertyCatalog = {
  /** OutSync's properties the portal lacks and OutSync could not create: left out of writes. */
  missing: ReadonlySet<string>;
  /** Why they are missing; null when none is. */
  refusal: PropertyRefusal | null;
};

/** Every OutSync property exists. */
export const COMPLETE_CATALOG: PropertyCatalog = { missing: new Set(), refusal: null };

/**
 * Each portal's catalog, per process: one check per portal, not per event. A complete catalog
 * is kept until a write finds a property gone (`forget`); a refusal for PROPERTY_REFUSAL_TTL_MS.
 * Concurrent callers share one check; a check that fails (an outage, a rate limit) is forgotten,
 * so the next batch tries again.
 */
export type PropertyCache = {
  /** The portal's catalog as known, else as `check` finds it. */
  load(portalId: string, check: () => Promise<PropertyCatalog>): Promise<PropertyCatalog>;
  /** Takes the catalog as known (tests, a catalog read elsewhere). */
  set(portalId: string, catalog: PropertyCatalog): void;
  /** Whether the portal's catalog is known and still trusted. */
  has(portalId: string): boolean;
  /** Check the portal's properties again next time (one was deleted in HubSpot). */
  forget(portalId: string): void;
};

export function createPropertyCache(
  options: { refusalTtlMs?: number; now?: () => number } = {},
): PropertyCache {
  const ttlMs = options.refusalTtlMs ?? PROPERTY_REFUSAL_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { until: number; catalog: Promise<PropertyCatalog> }>();
  const untilFor = (catalog: PropertyCatalog) =>
    catalog.refusal === null ? Number.POSITIVE_INFINITY : now() + ttlMs;
  const live = (portalId: string) => {
    const entry = entries.get(portalId);
    return entry && entry.until > now() ? entry : undefined;
  };
  return {
    load(portalId, check) {
      const known = live(portalId);
      if (known) return known.catalog;
      const catalog = check().then(
        (found) => {
          const entry = entries.get(portalId);
          if (entry?.catalog === catalog) entry.until = untilFor(found);
          return found;
        },
        (error: unknown) => {
          if (entries.get(portalId)?.catalog === catalog) entries.delete(portalId);
          throw error;
        },
      );
      // Until the check answers, concurrent callers wait for it.
      entries.set(portalId, { until: Number.POSITIVE_INFINITY, catalog });
      return catalog;
    },
    set(portalId, catalog) {
      entries.set(portalId, { until: untilFor(catalog), catalog: Promise.resolve(catalog) });
    },
    has: (portalId) => live(portalId) !== undefined,
    forget(portalId) {
      entries.delete(portalId);
    },
  };
}

/**
 * Creates the `os_*` contact properties (and their group) a portal lacks, once per portal per
 * process. What HubSpot will not let OutSync create (the optional schema scope declined, the
 * connected user not allowed to edit properties, a property HubSpot refuses) is answered as
 * missing, with the reason: the writer writes the rest of the event and warns. An outage, a rate
 * limit or a refused token throws: the batch is tried again.
 */
export function ensureOutsyncProperties(
  client: HubspotClient,
  portalId: string,
  cache: PropertyCache,
): Promise<PropertyCatalog> {
  return cache.load(portalId, () => createMissing(client));
}

async function createMissing(client: HubspotClient): Promise<PropertyCatalog> {
  const missing = await missingNames(client);
  if (missing.length === 0) return COMPLETE_CATALOG;
  try {
    const groups = await client.listPropertyGroups('contacts');
    if (!groups.includes(OUTSYNC_PROPERTY_GROUP.name))
      await client.createPropertyGroup('contacts', OUTSYNC_PROPERTY_GROUP);
    const answer = await client.batchCreateProperties(
      'contacts',
      OUTSYNC_CONTACT_PROPERTIES.filter(({ name }) => missing.includes(name)).map(propertyInput),
    );
    // A property another process created meanwhile is fine; anything else leaves it missing.
    const refused = answer.errors.filter((error) => !/already exists/i.test(error.message));
    if (refused.length === 0) return COMPLETE_CATALOG;
    // Which ones HubSpot refused (its errors need not name them): those the portal still lacks.
    const still = await missingNames(client);
    if (still.length === 0) return COMPLETE_CATALOG;
    const said = [...new Set(refused.map((error) => error.message))].join(' ');
    return {
      missing: new Set(still),
      refusal: {
        cause: `HubSpot refused to create OutSync's properties (${said})`,
        fix: TRIES_AGAIN,
      },
    };
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return { missing: new Set(missing), refusal };
  }
}

async function missingNames(client: HubspotClient): Promise<string[]> {
  const existing = new Set(
    (await client.listProperties('contacts')).map((property) => property.name),
  );
  return OUTSYNC_CONTACT_PROPERTIES.flatMap(({ name }) => (existing.has(name) ? [] : [name]));
}

/** A refusal to create properties that asking again unchanged will not lift; null otherwise. */
function refusalOf(error: unknown): PropertyRefusal | null {
  if (!isConnectorError(error)) return null;
  const said = error.vendorMessage ?? error.message;
  switch (error.code) {
    case 'missing_scopes':
      return {
        cause: `HubSpot did not grant the scope ${SCHEMA_SCOPE}, which OutSync needs to create its properties`,
        fix: `reconnect the HubSpot profile and grant ${SCHEMA_SCOPE}`,
      };
    case 'forbidden':
      return {
        cause: `HubSpot refused to create OutSync's properties (${said})`,
        fix: 'reconnect the HubSpot profile as a user allowed to edit property settings',
      };
    case 'invalid_request':
      return {
        cause: `HubSpot refused to create OutSync's properties (${said})`,
        fix: TRIES_AGAIN,
      };
    default:
      return null;
  }
}

function propertyInput(
  definition: (typeof OUTSYNC_CONTACT_PROPERTIES)[number],
): HubspotPropertyInput {
  const common = {
    name: definition.name,
    label: definition.label,
    groupName: OUTSYNC_PROPERTY_GROUP.name,
    description: 'Maintained by OutSync from your sales engagement platforms.',
  };
  if (definition.type === 'number') return { ...common, type: 'number', fieldType: 'number' };
  if (definition.type === 'datetime') return { ...common, type: 'datetime', fieldType: 'date' };
  return {
    ...common,
    type: 'string',
    fieldType: definition.name.endsWith('_message') ? 'textarea' : 'text',
  };
}
