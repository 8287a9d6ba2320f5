import type { HubspotClient } from '../../connectors/crm/hubspot';
import type {
  HubspotCrmObjectType,
  HubspotRecord,
  HubspotSearchRequest,
} from '../../connectors/crm/hubspot/hubspot-objects.types';
import type { PlanRecorder } from './plan-recorder';

/**
 * The HubSpot client of a plan-mode run: every read goes to HubSpot as the real run's would
 * (records the plan created are answered from the plan, HubSpot has never seen them); every
 * write is recorded in `plan` and answered as HubSpot answers a success, with synthetic ids for
 * created records. Nothing is created, changed or associated.
 */
export function recordingHubspotClient(client: HubspotClient, plan: PlanRecorder): HubspotClient {
  /** The records the plan created or changed, by id, as a later read of them would see them. */
  const planned = new Map<string, HubspotRecord>();

  const remember = (id: string, properties: Record<string, string>) => {
    const before = planned.get(id);
    const record: HubspotRecord = {
      id,
      properties: { ...(before?.properties ?? {}), ...properties },
    };
    planned.set(id, record);
    return record;
  };

  return {
    ...client,

    async searchObjects(type, request) {
      const records = await client.searchObjects(type, request);
      recordSearch(plan, type, request, records);
      return records;
    },

    async batchReadObjects(type, request) {
      if (request.idProperty) {
        const records = await client.batchReadObjects(type, request);
        plan.lookups.push({
          object: type,
          property: request.idProperty,
          values: [...request.ids],
          found: records.map((record) => record.id),
        });
        return records;
      }
      // By id: the plan's own records are answered by the plan (with what it would have written).
      const real = request.ids.filter((id) => !plan.isPlanned(id));
      const records =
        real.length > 0 ? await client.batchReadObjects(type, { ...request, ids: real }) : [];
      const overlaid = records.map((record) => {
        const mine = planned.get(record.id);
        return mine
          ? { ...record, properties: { ...record.properties, ...mine.properties } }
          : record;
      });
      const own = request.ids.flatMap((id) => {
        const record = plan.isPlanned(id) ? planned.get(id) : undefined;
        return record ? [record] : [];
      });
      return [...overlaid, ...own];
    },

    async batchCreateObjects(type, inputs) {
      const results = inputs.map((input) => {
        const id = plan.newId(singular(type));
        plan.writes.push({
          crm: 'HUBSPOT',
          object: type,
          action: 'create',
          recordId: id,
          existing: false,
          fields: { ...input.properties },
          associations: (input.associations ?? []).map((association) => ({
            toId: association.toId,
            typeId: association.associationTypeId,
          })),
        });
        return { ...remember(id, input.properties), objectWriteTraceId: input.objectWriteTraceId };
      });
      return { results, errors: [] };
    },

    async batchUpdateObjects(type, inputs) {
      const results = inputs.map((input) => {
        plan.writes.push({
          crm: 'HUBSPOT',
          object: type,
          action: 'update',
          recordId: input.id,
          existing: !plan.isPlanned(input.id),
          fields: { ...input.properties },
          associations: [],
        });
        return {
          ...remember(input.id, input.properties),
          ...(input.objectWriteTraceId ? { objectWriteTraceId: input.objectWriteTraceId } : {}),
        };
      });
      return { results, errors: [] };
    },

    async batchUpsertObjects(type, inputs) {
      // Whether each record exists decides what the upsert would do: a read, as HubSpot's own.
      const byProperty = new Map<string, HubspotRecord>();
      for (const idProperty of new Set(inputs.map((input) => input.idProperty))) {
        const ids = inputs
          .filter((input) => input.idProperty === idProperty)
          .map((input) => input.id);
        const found = await client.batchReadObjects(type, {
          ids,
          idProperty,
          properties: [idProperty],
        });
        for (const record of found)
          byProperty.set(
            `${idProperty}\u0000${String(record.properties[idProperty] ?? '').toLowerCase()}`,
            record,
          );
      }
      const results = inputs.map((input) => {
        const existing = byProperty.get(`${input.idProperty}\u0000${input.id.toLowerCase()}`);
        const id = existing?.id ?? plan.newId(singular(type));
        const fields = { [input.idProperty]: input.id, ...input.properties };
        plan.writes.push({
          crm: 'HUBSPOT',
          object: type,
          action: existing ? 'update' : 'create',
          recordId: id,
          existing: Boolean(existing),
          fields,
          associations: [],
        });
        return {
          ...remember(id, fields),
          new: !existing,
          ...(input.objectWriteTraceId ? { objectWriteTraceId: input.objectWriteTraceId } : {}),
        };
      });
      return { results, errors: [] };
    },

    async batchAssociateDefault(from, to, pairs) {
      for (const pair of pairs)
        plan.writes.push({
          crm: 'HUBSPOT',
          object: `${from}→${to}`,
          action: 'associate',
          recordId: pair.fromId,
          existing: !plan.isPlanned(pair.fromId),
          fields: {},
          associations: [{ toId: pair.toId, typeId: null }],
        });
      return { errors: [] };
    },

    async createPropertyGroup(type, group) {
      plan.writes.push({
        crm: 'HUBSPOT',
        object: `${type} property group`,
        action: 'create_property',
        recordId: group.name,
        existing: false,
        fields: { name: group.name, label: group.label },
        associations: [],
      });
      return 'created';
    },

    async batchCreateProperties(type, inputs) {
      for (const input of inputs)
        plan.writes.push({
          crm: 'HUBSPOT',
          object: `${type} property`,
          action: 'create_property',
          recordId: input.name,
          existing: false,
          fields: { name: input.name, label: input.label, type: input.type },
          associations: [],
        });
      return { results: inputs.map((input) => ({ name: input.name })), errors: [] };
    },
  };
}

function singular(type: HubspotCrmObjectType): string {
  return type.endsWith('ies') ? `${type.slice(0, -3)}y` : type.replace(/s$/, '');
}

/** Each filter of a search as a lookup: the property compared, the values, what was found. */
function recordSearch(
  plan: PlanRecorder,
  type: HubspotCrmObjectType,
  request: HubspotSearchRequest,
  records: HubspotRecord[],
) {
  for (const group of request.filterGroups)
    for (const filter of group.filters) {
      const values = filter.values ?? (filter.value === undefined ? [] : [filter.value]);
      if (values.length === 0) continue;
      plan.lookups.push({
        object: type,
        property: filter.propertyName,
        values: [...values],
        found: records.map((record) => record.id),
      });
    }
}
