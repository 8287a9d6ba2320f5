import type { HubspotClient } from '../../../connectors/crm/hubspot';
import type { HubspotPropertyInput } from '../../../connectors/crm/hubspot/hubspot-objects.types';
import { OUTSYNC_CONTACT_PROPERTIES } from './hubspot-property-catalog';

/** The property group OutSync's contact properties live in. */
export const OUTSYNC_PROPERTY_GROUP = { name: 'outsync', label: 'OutSync' };

/** Portals whose properties are known to exist, per process: one check per portal, not per event. */
export type PropertyCache = Map<string, Promise<void>>;

export function createPropertyCache(): PropertyCache {
  return new Map();
}

/**
 * Creates the `os_*` contact properties (and their group) a portal lacks, once per portal per
 * process; concurrent callers share the check. A failed check is forgotten, so the next event
 * tries again.
 */
export function ensureOutsyncProperties(
  client: HubspotClient,
  portalId: string,
  cache: PropertyCache,
): Promise<void> {
  const known = cache.get(portalId);
  if (known) return known;
  const check = createMissing(client).catch((error: unknown) => {
    cache.delete(portalId);
    throw error;
  });
  cache.set(portalId, check);
  return check;
}

async function createMissing(client: HubspotClient): Promise<void> {
  const existing = new Set(
    (await client.listProperties('contacts')).map((property) => property.name),
  );
  const missing = OUTSYNC_CONTACT_PROPERTIES.filter((definition) => !existing.has(definition.name));
  if (missing.length === 0) return;
  const groups = await client.listPropertyGroups('contacts');
  if (!groups.includes(OUTSYNC_PROPERTY_GROUP.name))
    await client.createPropertyGroup('contacts', OUTSYNC_PROPERTY_GROUP);
  const answer = await client.batchCreateProperties('contacts', missing.map(propertyInput));
  // A property another process created meanwhile is fine; anything else is not.
  const refused = answer.errors.filter((error) => !/already exists/i.test(error.message));
  if (refused.length > 0)
    throw new Error(
      `HubSpot refused OutSync's contact properties: ${refused.map((error) => error.message).join(' ')}`,
    );
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
