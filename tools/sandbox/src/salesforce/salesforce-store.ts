import { AsyncLocalStorage } from 'node:async_hooks';
import { Sequence, salesforceId, salesforceIdSuffix } from '../core/ids.ts';
import { nowIso } from '../core/http.ts';
import {
  KEY_PREFIXES,
  SALESFORCE_OBJECTS,
  field,
  objectOfKeyPrefix,
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

/**
 * A value the REST API cannot read as its field's type (a date that is not `yyyy-MM-dd`): the
 * whole request fails with 400 JSON_PARSER_ERROR `[{message, errorCode}]`, before any record
 * is looked at, even in a collection.
 */
export class SalesforceParseError extends SalesforceWriteError {
  readonly value: string;
  constructor(
    readonly typeName: string,
    readonly field: string,
    readonly raw: Exclude<SfValue, null>,
  ) {
    // The JSON token the value came as, in the parser's (Jackson's) names.
    const token =
      typeof raw === 'string'
        ? 'VALUE_STRING'
        : typeof raw === 'boolean'
          ? `VALUE_${String(raw).toUpperCase()}`
          : Number.isInteger(raw)
            ? 'VALUE_NUMBER_INT'
            : 'VALUE_NUMBER_FLOAT';
    super(
      'JSON_PARSER_ERROR',
      `Cannot deserialize instance of ${typeName} from ${token} value ${String(raw)} or request may be missing a required field`,
    );
    this.value = String(raw);
  }
}

/**
 * The user an API call runs as. Field-level security is the user's: a custom field is visible
 * through the permission sets assigned to them. Outside a call (seed, inspection pages) the
 * store runs in system context and sees every field, as Apex system mode does.
 */
const actingUser = new AsyncLocalStorage<{ userId: string | undefined }>();

export function runAsSalesforceUser<T>(userId: string | undefined, action: () => T): T {
  return actingUser.run({ userId }, action);
}

/** The same record id, in its 18-character form or (as a client may send it) 15-character. */
function sameId(left: unknown, right: unknown): boolean {
  if (typeof left !== 'string' || typeof right !== 'string') return false;
  if (left.length === 15 || right.length === 15) return left.slice(0, 15) === right.slice(0, 15);
  return left === right;
}

export interface ReportColumn {
  apiName: string;
  label: string;
  field: string;
  dataType: string;
}

/** A report filter as the Reports API writes it: `{column, operator, value}`. */
export interface ReportFilter {
  column: string;
  operator: string;
  value: string;
}

export interface ReportDefinition {
  id: string;
  name: string;
  objectName: string;
  /** The detail columns, in order. */
  columns: ReportColumn[];
  /** The report's field filters (describe's `reportFilters`); a run's posted ones replace them. */
  reportFilters?: ReportFilter[];
  /** Filter logic over `reportFilters` ("1 AND (2 OR 3)"); all of them when left out. */
  reportBooleanFilter?: string | null;
  /**
   * The report's standard filter (its scope, e.g. the records a seed made), which the API
   * neither shows in `reportFilters` nor lets a run change.
   */
  where?: (record: SfRecord) => boolean;
}

/** The simulated org: records per sObject, custom fields with their field-level security, reports. */
export class SalesforceStore {
  private records = new Map<string, Map<string, SfRecord>>();
  private customFields = new Map<string, FieldDescribe[]>();
  reports: ReportDefinition[] = [];
  private readonly sequence = new Sequence(1);

  /** `pod`: one character that keeps this org's record ids apart from other orgs'. */
  constructor(private readonly pod = '0') {
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

  /**
   * Fields the calling user can see: standard ones, plus custom ones once a permission set of
   * theirs grants read (writable once it grants edit too). In system context, every field.
   */
  fields(objectName: string): FieldDescribe[] {
    const session = actingUser.getStore();
    const declared = this.customFields.get(objectName) ?? [];
    const sets = session && declared.length > 0 && this.permissionSetsOf(session.userId);
    const custom = declared
      .filter(
        (candidate) =>
          !sets || this.permission(sets, objectName, candidate.name, 'PermissionsRead'),
      )
      .map((candidate) => {
        const editable =
          !sets || this.permission(sets, objectName, candidate.name, 'PermissionsEdit');
        return { ...candidate, createable: editable, updateable: editable };
      });
    return [...(standardFields(objectName) ?? []), ...custom];
  }

  /** Every custom field, with the active users who may read it (for the inspection page). */
  allCustomFields(): Array<{ objectName: string; field: FieldDescribe; readableBy: string[] }> {
    const users = this.all('User').filter((user) => user.IsActive !== false);
    const setsOf = new Map(users.map((user) => [user, this.permissionSetsOf(String(user.Id))]));
    return [...this.customFields].flatMap(([objectName, fields]) =>
      fields.map((candidate) => ({
        objectName,
        field: candidate,
        readableBy: users
          .filter((user) =>
            this.permission(
              setsOf.get(user) ?? new Set(),
              objectName,
              candidate.name,
              'PermissionsRead',
            ),
          )
          .map((user) => String(user.Username)),
      })),
    );
  }

  /**
   * The permission sets that apply to a user: those assigned to them (PermissionSetAssignment)
   * and the profile's own (every sandbox user has the System Administrator profile). A set
   * nobody is assigned grants nothing, however many FieldPermissions it holds.
   */
  permissionSetsOf(userId: string | undefined): Set<string> {
    const assigned = new Set(
      this.all('PermissionSetAssignment')
        .filter((assignment) => sameId(assignment.AssigneeId, userId))
        .map((assignment) => assignment.PermissionSetId),
    );
    return new Set(
      this.all('PermissionSet')
        .filter(
          (set) =>
            set.IsOwnedByProfile === true ||
            [...assigned].some((permissionSetId) => sameId(permissionSetId, set.Id)),
        )
        .map((set) => String(set.Id)),
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
    return salesforceId(KEY_PREFIXES[objectName] ?? '0XX', this.sequence.take(), this.pod);
  }

  all(objectName: string): SfRecord[] {
    return [...(this.records.get(objectName)?.values() ?? [])];
  }

  get(objectName: string, id: string): SfRecord | undefined {
    const records = this.records.get(objectName);
    return (
      records?.get(id) ?? (id.length === 15 ? records?.get(id + salesforceIdSuffix(id)) : undefined)
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

  /**
   * Reads every value as its field's type, as the REST API does while parsing a body: throws
   * SalesforceParseError for the first it cannot read. Unknown fields are left to validate().
   */
  parse(objectName: string, values: Record<string, unknown>): void {
    for (const [name, value] of Object.entries(values)) {
      const definition = name === 'attributes' ? undefined : this.fieldOf(objectName, name);
      const stored = toValue(value);
      if (definition && stored !== null && stored !== '') checkType(definition, stored);
    }
  }

  /** Every record of every object, to restore when an all-or-none request fails. */
  snapshot(): () => void {
    const saved = new Map(
      [...this.records].map(([name, records]) => [
        name,
        new Map([...records].map(([id, record]) => [id, { ...record }])),
      ]),
    );
    return () => {
      this.records = saved;
    };
  }

  create(objectName: string, values: Record<string, unknown>): SfRecord {
    const clean = this.validate(objectName, values, 'create');
    const now = nowIso();
    // Checkboxes are never null in Salesforce: left out, they are false.
    const checkboxes = Object.fromEntries(
      (standardFields(objectName) ?? [])
        .filter((candidate) => candidate.type === 'boolean')
        .map((candidate) => [candidate.name, false]),
    );
    const record: SfRecord = {
      Id: this.newId(objectName),
      CreatedDate: now,
      LastModifiedDate: now,
      ...checkboxes,
      ...clean,
    };
    this.derive(objectName, record);
    this.records.get(objectName)?.set(String(record.Id), record);
    return record;
  }

  update(objectName: string, record: SfRecord, values: Record<string, unknown>): SfRecord {
    if (objectName === 'Lead' && record.IsConverted === true) throw convertedLead([]);
    Object.assign(record, this.validate(objectName, values, 'update', record), {
      LastModifiedDate: nowIso(),
    });
    this.derive(objectName, record);
    return record;
  }

  /**
   * Creates many records the way `create` does (ids, timestamps, checkboxes false, derived
   * Name) without checking each value, for seeds whose values are valid by construction:
   * 100,000 contacts in well under a second.
   */
  createSeeded(objectName: string, rows: SfRecord[]): SfRecord[] {
    const records = this.records.get(objectName);
    if (!records) throw new Error(`unknown object ${objectName}`);
    const checkboxes = (standardFields(objectName) ?? [])
      .filter((candidate) => candidate.type === 'boolean')
      .map((candidate) => candidate.name);
    const now = nowIso();
    return rows.map((values) => {
      const record: SfRecord = {
        Id: this.newId(objectName),
        CreatedDate: now,
        LastModifiedDate: now,
      };
      for (const name of checkboxes) record[name] = false;
      Object.assign(record, values);
      this.derive(objectName, record);
      records.set(String(record.Id), record);
      return record;
    });
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

  private permission(
    permissionSets: Set<string>,
    objectName: string,
    fieldName: string,
    flag: 'PermissionsRead' | 'PermissionsEdit',
  ): boolean {
    const qualified = `${objectName}.${fieldName}`.toLowerCase();
    return this.all('FieldPermissions').some(
      (permission) =>
        [...permissionSets].some((id) => sameId(id, permission.ParentId)) &&
        String(permission.Field).toLowerCase() === qualified &&
        permission[flag] === true,
    );
  }

  /**
   * Mirrors the API's refusals: unknown and read-only fields, missing required fields,
   * restricted picklists, malformed or wrong-type ids in lookups (Task.WhoId must be a Contact
   * or Lead), ids that point nowhere, invalid e-mail addresses, values longer than the field.
   */
  private validate(
    objectName: string,
    values: Record<string, unknown>,
    mode: 'create' | 'update',
    existing?: SfRecord,
  ): SfRecord {
    const clean: SfRecord = {};
    for (const [name, value] of Object.entries(values)) {
      // Field names are case-insensitive: jsforce sends a collection's record id as `id`.
      if (name === 'attributes' || name.toLowerCase() === 'id') continue;
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
        !definition.picklistValues.some((option) => option.active && option.value === value)
      ) {
        throw new SalesforceWriteError(
          'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
          `${definition.label}: bad value for restricted picklist field: ${String(value)}`,
          [definition.name],
        );
      }
      const stored = toValue(value);
      if (stored !== null && stored !== '') checkType(definition, stored);
      if (stored !== null && stored !== '') this.checkValue(objectName, definition, stored);
      clean[definition.name] = stored;
    }
    // Required fields: all of them on create; on update, those the body empties.
    const missing = (standardFields(objectName) ?? []).filter(
      (candidate) =>
        !candidate.nillable &&
        candidate.createable &&
        candidate.type !== 'boolean' &&
        (mode === 'create' || candidate.name in clean) &&
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
    if (objectName === 'FieldPermissions') this.checkFieldPermissions({ ...existing, ...clean });
    if (objectName === 'PermissionSetAssignment') this.checkAssignment({ ...existing, ...clean });
    this.checkUnique(objectName, clean, existing);
    return clean;
  }

  private checkValue(
    objectName: string,
    definition: FieldDescribe,
    value: Exclude<SfValue, null>,
  ): void {
    const text = String(value);
    if (definition.type === 'reference') this.checkReference(objectName, definition, text);
    if (definition.type === 'email' && !EMAIL.test(text))
      throw new SalesforceWriteError(
        'INVALID_EMAIL_ADDRESS',
        `${definition.label}: invalid email address: ${text}`,
        [definition.name],
      );
    if (definition.length > 0 && TEXT_TYPES.has(definition.type) && text.length > definition.length)
      throw new SalesforceWriteError(
        'STRING_TOO_LONG',
        `${definition.label}: data value too large: ${text} (max length=${definition.length})`,
        [definition.name],
      );
  }

  /**
   * A unique field (an External ID created unique) holds each value once, compared without
   * case: "duplicate value found: <field> duplicates value on record with id: <15-char id>".
   */
  private checkUnique(objectName: string, values: SfRecord, existing?: SfRecord): void {
    for (const [name, value] of Object.entries(values)) {
      if (value === null || value === '' || !this.fieldOf(objectName, name)?.unique) continue;
      const other = this.findByField(objectName, name, String(value)).find(
        (record) => record !== existing,
      );
      if (other)
        throw new SalesforceWriteError(
          'DUPLICATE_VALUE',
          `duplicate value found: ${name} duplicates value on record with id: ${String(other.Id).slice(0, 15)}`,
        );
    }
  }

  /**
   * A lookup takes an id of one of the objects it references: a malformed id answers
   * MALFORMED_ID, an id of another object (an Account id in Task.WhoId) FIELD_INTEGRITY_EXCEPTION,
   * an id of the right object that does not exist INVALID_CROSS_REFERENCE_KEY. An owner must
   * be an active user (INACTIVE_OWNER_OR_USER), and a converted lead cannot be referenced.
   */
  private checkReference(objectName: string, definition: FieldDescribe, id: string): void {
    const message = `${definition.label}: id value of incorrect type: ${id}`;
    if (!/^[A-Za-z0-9]{15}(?:[A-Za-z0-9]{3})?$/.test(id))
      throw new SalesforceWriteError('MALFORMED_ID', message, [definition.name]);
    const target = objectOfKeyPrefix(id.slice(0, 3));
    if (!target || !definition.referenceTo.includes(target))
      throw new SalesforceWriteError('FIELD_INTEGRITY_EXCEPTION', message, [definition.name]);
    const record = this.get(target, id);
    if (!record)
      throw new SalesforceWriteError('INVALID_CROSS_REFERENCE_KEY', 'invalid cross reference id', [
        definition.name,
      ]);
    if (definition.name === 'OwnerId' && record.IsActive === false)
      throw new SalesforceWriteError(
        'INACTIVE_OWNER_OR_USER',
        `operation performed with inactive user [${id.slice(0, 15)}] as owner of ${objectName.toLowerCase()}`,
        [definition.name],
      );
    if (target === 'Lead' && record.IsConverted === true) throw convertedLead([definition.name]);
  }

  /**
   * FieldPermissions.Field is a restricted picklist of existing fields (`Object.Field`), edit
   * needs read, and one permission set holds one row per field.
   */
  private checkFieldPermissions(record: Record<string, unknown>): void {
    const sobjectType = String(record.SobjectType ?? '');
    const qualified = String(record.Field ?? '');
    const [objectPart, fieldName] = qualified.split('.');
    const known =
      objectPart?.toLowerCase() === sobjectType.toLowerCase() &&
      fieldName !== undefined &&
      this.objectName(sobjectType) !== undefined &&
      [
        ...(standardFields(this.objectName(sobjectType) ?? '') ?? []),
        ...(this.customFields.get(this.objectName(sobjectType) ?? '') ?? []),
      ].some((candidate) => candidate.name.toLowerCase() === fieldName.toLowerCase());
    if (!known)
      throw new SalesforceWriteError(
        'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
        `Field Name: bad value for restricted picklist field: ${qualified}`,
        ['Field'],
      );
    if (record.PermissionsEdit === true && record.PermissionsRead !== true)
      throw new SalesforceWriteError(
        'FIELD_INTEGRITY_EXCEPTION',
        `Permission Edit ${qualified} depends on permission(s): Read ${qualified}`,
        ['PermissionsRead'],
      );
    const duplicate = this.all('FieldPermissions').find(
      (candidate) =>
        candidate.Id !== record.Id &&
        candidate.ParentId === record.ParentId &&
        String(candidate.Field).toLowerCase() === qualified.toLowerCase(),
    );
    if (duplicate)
      throw new SalesforceWriteError(
        'DUPLICATE_VALUE',
        `duplicate value found: <unknown> duplicates value on record with id: ${String(duplicate.Id)}`,
      );
  }

  /** A user holds a permission set once. */
  private checkAssignment(record: Record<string, unknown>): void {
    const duplicate = this.all('PermissionSetAssignment').find(
      (candidate) =>
        candidate.Id !== record.Id &&
        sameId(candidate.AssigneeId, record.AssigneeId) &&
        sameId(candidate.PermissionSetId, record.PermissionSetId),
    );
    if (duplicate)
      throw new SalesforceWriteError(
        'DUPLICATE_VALUE',
        `duplicate value found: <unknown> duplicates value on record with id: ${String(duplicate.Id).slice(0, 15)}`,
      );
  }

  /** Fields Salesforce computes: Name from first and last name, Task.AccountId from its Who or What. */
  private derive(objectName: string, record: SfRecord): void {
    if (objectName === 'Contact' || objectName === 'Lead' || objectName === 'User') {
      record.Name = [record.FirstName, record.LastName].filter(Boolean).join(' ');
    }
    if (objectName === 'Task') {
      const who = typeof record.WhoId === 'string' ? this.get('Contact', record.WhoId) : undefined;
      const what = typeof record.WhatId === 'string' ? this.find(record.WhatId) : undefined;
      record.AccountId =
        what?.objectName === 'Account'
          ? (what.record.Id ?? null)
          : what?.objectName === 'Opportunity'
            ? (what.record.AccountId ?? null)
            : (who?.AccountId ?? null);
    }
  }
}

/** Salesforce's answer to a write on, or a reference to, a converted lead. */
function convertedLead(fields: string[]): SalesforceWriteError {
  return new SalesforceWriteError(
    'CANNOT_UPDATE_CONVERTED_LEAD',
    'cannot reference converted lead',
    fields,
  );
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:T([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** A calendar date that exists (no 2024-02-30). */
function realDate(match: RegExpExecArray | null): boolean {
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A value the field's described type cannot hold: dates as `yyyy-MM-dd`, date-times as ISO 8601
 * (`yyyy-MM-ddTHH:mm:ss.SSSZ` or with an offset), checkboxes as JSON booleans, numbers as numbers.
 */
function checkType(definition: FieldDescribe, value: Exclude<SfValue, null>): void {
  const text = String(value);
  const refuse = (typeName: string) => {
    throw new SalesforceParseError(typeName, definition.name, value);
  };
  if (definition.type === 'date' && (typeof value !== 'string' || !realDate(DATE.exec(text))))
    refuse('date');
  if (
    definition.type === 'datetime' &&
    (typeof value !== 'string' || !realDate(DATETIME.exec(text)))
  )
    refuse('datetime');
  if (definition.type === 'boolean' && typeof value !== 'boolean' && !/^(true|false)$/i.test(text))
    refuse('boolean');
  if (
    ['double', 'currency', 'percent', 'int'].includes(definition.type) &&
    !Number.isFinite(Number(text))
  )
    refuse(definition.type === 'int' ? 'int' : 'double');
}

/** Salesforce's e-mail check is lenient: one @, no spaces, a dot in the domain. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TEXT_TYPES = new Set(['string', 'email', 'url', 'phone', 'combobox', 'picklist', 'textarea']);

function toValue(value: unknown): SfValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  return JSON.stringify(value);
}

export { field };
