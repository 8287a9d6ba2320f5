import { Sequence, salesforceId } from '../core/ids.ts';
import { nowIso } from '../core/http.ts';
import {
  KEY_PREFIXES,
  SALESFORCE_OBJECTS,
  field,
  standardFields,
  type FieldDescribe,
} from './salesforce-schema.ts';

export type SfValue = string | number | boolean | null;
export type SfRecord = Record<string, SfValue>;

export interface SfError {
  statusCode: string;
  message: string;
  fields: string[];
}

/** A write Salesforce would refuse, in its `[{message, errorCode, fields}]` terms. */
export class SalesforceWriteError extends Error {
  constructor(
    readonly errorCode: string,
    message: string,
    readonly fields: string[] = [],
  ) {
    super(message);
  }
}

export interface ReportColumn {
  apiName: string;
  label: string;
  field: string;
  dataType: string;
}

export interface ReportDefinition {
  id: string;
  name: string;
  objectName: string;
  columns: ReportColumn[];
  where: (record: SfRecord) => boolean;
}

/** The simulated org: records per sObject, custom fields with their field-level security, reports. */
export class SalesforceStore {
  private records = new Map<string, Map<string, SfRecord>>();
  private customFields = new Map<string, FieldDescribe[]>();
  reports: ReportDefinition[] = [];
  private readonly sequence = new Sequence(1);

  constructor() {
    this.reset();
  }

  reset(): void {
    this.records.clear();
    this.customFields.clear();
    this.reports = [];
    this.sequence.reset();
    SALESFORCE_OBJECTS.forEach((name) => this.records.set(name, new Map()));
  }

  /** Object names are case-insensitive in the REST API. */
  objectName(name: string): string | undefined {
    return SALESFORCE_OBJECTS.find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  }

  /** Fields the API user can see: standard ones, plus custom ones once FLS grants read. */
  fields(objectName: string): FieldDescribe[] {
    const custom = (this.customFields.get(objectName) ?? []).filter((candidate) =>
      this.readable(objectName, candidate.name),
    );
    return [...(standardFields(objectName) ?? []), ...custom];
  }

  allCustomFields(): Array<{ objectName: string; field: FieldDescribe; visible: boolean }> {
    return [...this.customFields].flatMap(([objectName, fields]) =>
      fields.map((candidate) => ({
        objectName,
        field: candidate,
        visible: this.readable(objectName, candidate.name),
      })),
    );
  }

  fieldOf(objectName: string, fieldName: string): FieldDescribe | undefined {
    return this.fields(objectName).find(
      (candidate) => candidate.name.toLowerCase() === fieldName.toLowerCase(),
    );
  }

  addCustomField(objectName: string, definition: FieldDescribe): void {
    const list = this.customFields.get(objectName) ?? [];
    if (list.some((candidate) => candidate.name.toLowerCase() === definition.name.toLowerCase())) {
      throw new SalesforceWriteError(
        'DUPLICATE_DEVELOPER_NAME',
        `There is already a field named ${definition.name.replace(/__c$/, '')} on ${objectName}.`,
      );
    }
    list.push(definition);
    this.customFields.set(objectName, list);
  }

  newId(objectName: string): string {
    return salesforceId(KEY_PREFIXES[objectName] ?? '0XX', this.sequence.take());
  }

  all(objectName: string): SfRecord[] {
    return [...(this.records.get(objectName)?.values() ?? [])];
  }

  get(objectName: string, id: string): SfRecord | undefined {
    return (
      this.records.get(objectName)?.get(id) ?? this.records.get(objectName)?.get(id.slice(0, 15))
    );
  }

  /** Any record by id, whatever its type (for polymorphic lookups like Task.WhoId). */
  find(id: string): { objectName: string; record: SfRecord } | undefined {
    for (const [objectName, records] of this.records) {
      const record = records.get(id);
      if (record) return { objectName, record };
    }
    return undefined;
  }

  create(objectName: string, values: Record<string, unknown>): SfRecord {
    const clean = this.validate(objectName, values, 'create');
    const now = nowIso();
    const record: SfRecord = {
      Id: this.newId(objectName),
      CreatedDate: now,
      LastModifiedDate: now,
      ...clean,
    };
    this.derive(objectName, record);
    this.records.get(objectName)?.set(String(record.Id), record);
    return record;
  }

  update(objectName: string, record: SfRecord, values: Record<string, unknown>): SfRecord {
    Object.assign(record, this.validate(objectName, values, 'update'), {
      LastModifiedDate: nowIso(),
    });
    this.derive(objectName, record);
    return record;
  }

  /** Stores a record the API creates itself (tooling metadata), skipping field validation. */
  insertRaw(objectName: string, record: SfRecord): void {
    this.records.get(objectName)?.set(String(record.Id), record);
  }

  delete(objectName: string, id: string): boolean {
    return this.records.get(objectName)?.delete(id) ?? false;
  }

  findByField(objectName: string, fieldName: string, value: string): SfRecord[] {
    return this.all(objectName).filter(
      (record) => String(record[fieldName] ?? '').toLowerCase() === value.toLowerCase(),
    );
  }

  private readable(objectName: string, fieldName: string): boolean {
    const qualified = `${objectName}.${fieldName}`.toLowerCase();
    return this.all('FieldPermissions').some(
      (permission) =>
        String(permission.Field).toLowerCase() === qualified && permission.PermissionsRead === true,
    );
  }

  /** Mirrors the API's refusals: unknown fields, read-only fields, missing required, restricted picklists. */
  private validate(
    objectName: string,
    values: Record<string, unknown>,
    mode: 'create' | 'update',
  ): SfRecord {
    const clean: SfRecord = {};
    for (const [name, value] of Object.entries(values)) {
      if (name === 'attributes' || name === 'Id') continue;
      const definition = this.fieldOf(objectName, name);
      if (!definition)
        throw new SalesforceWriteError(
          'INVALID_FIELD',
          `No such column '${name}' on sobject of type ${objectName}`,
          [name],
        );
      if (!(mode === 'create' ? definition.createable : definition.updateable)) {
        throw new SalesforceWriteError(
          'INVALID_FIELD_FOR_INSERT_UPDATE',
          `Unable to create/update fields: ${name}. Please check the security settings of this field and verify that it is read/write for your profile or permission set.`,
          [name],
        );
      }
      if (
        definition.restrictedPicklist &&
        value !== null &&
        !definition.picklistValues.some((option) => option.value === value)
      ) {
        throw new SalesforceWriteError(
          'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
          `${definition.label}: bad value for restricted picklist field: ${String(value)}`,
          [definition.name],
        );
      }
      clean[definition.name] = toValue(value);
    }
    if (mode === 'create') {
      const missing = (standardFields(objectName) ?? []).filter(
        (candidate) =>
          !candidate.nillable &&
          candidate.createable &&
          candidate.type !== 'boolean' &&
          (clean[candidate.name] === undefined ||
            clean[candidate.name] === null ||
            clean[candidate.name] === ''),
      );
      if (missing.length > 0)
        throw new SalesforceWriteError(
          'REQUIRED_FIELD_MISSING',
          `Required fields are missing: [${missing.map((candidate) => candidate.name).join(', ')}]`,
          missing.map((candidate) => candidate.name),
        );
    }
    return clean;
  }

  /** Fields Salesforce computes: Name from first and last name, Task.AccountId from its Who or What. */
  private derive(objectName: string, record: SfRecord): void {
    if (objectName === 'Contact' || objectName === 'Lead' || objectName === 'User') {
      record.Name = [record.FirstName, record.LastName].filter(Boolean).join(' ');
    }
    if (objectName === 'Task') {
      const who = typeof record.WhoId === 'string' ? this.get('Contact', record.WhoId) : undefined;
      record.AccountId = (
        typeof record.WhatId === 'string' && record.WhatId.startsWith('001')
          ? record.WhatId
          : (who?.AccountId ?? null)
      ) as SfValue;
    }
  }
}

function toValue(value: unknown): SfValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  return JSON.stringify(value);
}

export { field };
