import type { SalesforceClient } from '../../connectors/crm/salesforce';
import type { PlanRecorder } from './plan-recorder';

/** Fields that point at another record: shown as the write's associations too. */
const REFERENCE_FIELDS = ['WhoId', 'WhatId', 'AccountId', 'OwnerId'];

/**
 * The Salesforce client of a plan-mode run: reads (SOQL, describes, finds) go to Salesforce as
 * the real run's would; creates and updates are recorded in `plan` and answered as successes,
 * created records with synthetic ids. Nothing is created or changed.
 */
export function recordingSalesforceClient(
  client: SalesforceClient,
  plan: PlanRecorder,
): SalesforceClient {
  return {
    ...client,

    async findRecords(request) {
      const rows = await client.findRecords(request);
      plan.lookups.push({
        object: request.sobject,
        property: request.field,
        values: [...request.values],
        found: rows.map((row) => row.Id),
      });
      return rows;
    },

    async createRecords(sobject, records) {
      return records.map((fields) => {
        const id = plan.newId(sobject);
        plan.writes.push({
          crm: 'SALESFORCE',
          object: sobject,
          action: 'create',
          recordId: id,
          existing: false,
          fields: { ...fields },
          associations: referencesOf(fields),
        });
        return { success: true as const, id, created: true };
      });
    },

    async updateRecords(sobject, records) {
      return records.map(({ Id, ...fields }) => {
        plan.writes.push({
          crm: 'SALESFORCE',
          object: sobject,
          action: 'update',
          recordId: Id,
          existing: !plan.isPlanned(Id),
          fields,
          associations: referencesOf(fields),
        });
        return { success: true as const, id: Id };
      });
    },

    createCustomFields() {
      // 'Create Fields' is the form's own action, never a step of a sync: a plan never sends it.
      return Promise.reject(new Error('Creating custom fields is not part of a sync plan.'));
    },
  };
}

function referencesOf(fields: Record<string, unknown>) {
  return REFERENCE_FIELDS.flatMap((field) => {
    const value = fields[field];
    return typeof value === 'string' && value !== '' ? [{ toId: value, typeId: null }] : [];
  });
}
