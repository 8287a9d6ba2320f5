import { Sequence } from '../core/ids.ts';
import { nowIso, type JsonObject } from '../core/http.ts';
import type { CrmRecord, RecordPredicate } from './hubspot-record.ts';
import {
  HUBSPOT_OBJECT_TYPES,
  OBJECT_TYPE_IDS,
  READ_ONLY_PROPERTIES,
  defaultGroups,
  defaultProperties,
  inverseAssociationType,
  objectTypeOf,
  type HubspotObjectType,
  type PropertyDefinition,
  type PropertyGroup,
} from './hubspot-schema.ts';

export type { CrmRecord } from './hubspot-record.ts';

export interface Owner {
  id: string;
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  type: 'PERSON' | 'QUEUE';
  createdAt: string;
  updatedAt: string;
  archived: boolean;
  teams: Array<{ id: string; name: string; primary: boolean }>;
}

/**
 * A list's members: recordId → the time it joined. Memberships are read in pages sorted by
 * record id or by join order; both orders are kept until the membership changes, so paging
 * through a list of 100,000 costs a binary search and a slice per page, not a sort.
 */
export class ListMembers extends Map<string, string> {
  private sortedById: string[] | undefined;
  private inJoinOrder: string[] | undefined;

  override set(recordId: string, joinedAt: string): this {
    if (!this.has(recordId)) this.invalidate();
    return super.set(recordId, joinedAt);
  }

  override delete(recordId: string): boolean {
    const deleted = super.delete(recordId);
    if (deleted) this.invalidate();
    return deleted;
  }

  override clear(): void {
    super.clear();
    this.invalidate();
  }

  /** Record ids in ascending numeric order. */
  byRecordId(): readonly string[] {
    this.sortedById ??= [...this.keys()].sort((a, b) => Number(a) - Number(b));
    return this.sortedById;
  }

  /** Record ids in the order they joined (a Map keeps insertion order). */
  byJoinOrder(): readonly string[] {
    this.inJoinOrder ??= [...this.keys()];
    return this.inJoinOrder;
  }

  private invalidate(): void {
    this.sortedById = undefined;
    this.inJoinOrder = undefined;
  }
}

export interface HubspotList {
  listId: string;
  name: string;
  objectTypeId: string;
  processingType: 'MANUAL' | 'SNAPSHOT' | 'DYNAMIC';
  listVersion: number;
  createdAt: string;
  updatedAt: string;
  /** The `filterBranch` as given (DYNAMIC and SNAPSHOT lists), echoed with `includeFilters`. */
  filterBranch?: JsonObject;
  /** The filter as a test; a DYNAMIC list's members are the records that pass it. */
  matches?: RecordPredicate;
  /** MANUAL and SNAPSHOT lists: the members. DYNAMIC lists: recomputed by `membersOf`. */
  members: ListMembers;
  /** The store revision `members` was computed at (DYNAMIC lists). */
  computedAt?: number;
}

export interface AssociationEdge {
  toType: HubspotObjectType;
  toId: string;
  typeIds: Set<number>;
}

export interface PropertyProblem {
  name: string;
  message: string;
  error:
    | 'PROPERTY_DOESNT_EXIST'
    | 'INVALID_OPTION'
    | 'INVALID_OWNER_ID'
    | 'INVALID_INTEGER'
    | 'INVALID_DATE'
    | 'INVALID_BOOLEAN'
    | 'REQUIRED_PROPERTY';
}

/** A property write HubSpot would refuse, reported the way its VALIDATION_ERROR does. */
export class PropertyValidationError extends Error {
  constructor(readonly problems: PropertyProblem[]) {
    super(
      `Property values were not valid: ${JSON.stringify(problems.map(({ name, message, error }) => ({ isValid: false, message, error, name })))}`,
    );
  }
}

/** Engagements need a timeline position: HubSpot refuses to create one without it. */
const REQUIRED_ON_CREATE: Partial<Record<HubspotObjectType, string[]>> = {
  emails: ['hs_timestamp'],
  tasks: ['hs_timestamp'],
};

/** ISO 8601 date or date-time (what HubSpot takes besides epoch milliseconds). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function isHubspotDate(value: string): boolean {
  if (/^-?\d+$/.test(value)) return true;
  return ISO_DATE.test(value) && !Number.isNaN(Date.parse(value));
}

/** A value the property's type cannot hold (number, date/datetime, bool), as HubSpot names it. */
function typeProblem(property: PropertyDefinition, value: string): PropertyProblem | undefined {
  const problem = (error: PropertyProblem['error'], message: string) => ({
    name: property.name,
    message,
    error,
  });
  switch (property.type) {
    case 'number':
      return value.trim() !== '' && Number.isFinite(Number(value))
        ? undefined
        : problem('INVALID_INTEGER', `${value} was not a valid number.`);
    case 'date':
    case 'datetime':
      return isHubspotDate(value)
        ? undefined
        : problem(
            'INVALID_DATE',
            `${value} was not a valid date. Use epoch milliseconds or ISO 8601 (e.g. 2026-01-31T09:30:00Z).`,
          );
    case 'bool':
      return /^(true|false)$/i.test(value)
        ? undefined
        : problem('INVALID_BOOLEAN', `${value} was not a valid boolean. Use true or false.`);
    default:
      return undefined;
  }
}

/**
 * What is wrong with one property value: a property the portal does not define, an owner id
 * that is not one of the portal's owners, an enumeration value outside its options (multi-select
 * values are `;`-separated) or a value its type cannot hold. An empty value clears the property
 * and is always allowed; read-only properties are ignored on write, so never refused.
 */
function propertyProblem(
  property: PropertyDefinition | undefined,
  name: string,
  value: string,
  owners: ReadonlyMap<string, Owner>,
): PropertyProblem | undefined {
  if (!property)
    return { name, message: `Property "${name}" does not exist`, error: 'PROPERTY_DOESNT_EXIST' };
  if (value === '' || READ_ONLY_PROPERTIES.has(name)) return undefined;
  if (name === 'hubspot_owner_id')
    return owners.has(value)
      ? undefined
      : { name, message: `${value} was not a valid owner id`, error: 'INVALID_OWNER_ID' };
  if (property.type !== 'enumeration') return typeProblem(property, value);
  if (property.options.length === 0) return undefined;
  const allowed = property.options.map((option) => option.value);
  const bad = value.split(';').find((part) => !allowed.includes(part));
  return bad === undefined
    ? undefined
    : {
        name,
        message: `${bad} was not one of the allowed options: [${allowed.join(', ')}]`,
        error: 'INVALID_OPTION',
      };
}

class ObjectCollection {
  readonly records = new Map<string, CrmRecord>();
  /** property → lower-cased value → record id, for properties whose values are unique. */
  private readonly unique = new Map<string, Map<string, string>>();

  constructor(uniqueProperties: string[]) {
    uniqueProperties.forEach((name) => this.unique.set(name, new Map()));
  }

  addUniqueProperty(name: string): void {
    if (this.unique.has(name)) return;
    const index = new Map<string, string>();
    for (const record of this.records.values()) {
      const value = record.properties[name];
      if (value) index.set(value.toLowerCase(), record.id);
    }
    this.unique.set(name, index);
  }

  isUnique(name: string): boolean {
    return this.unique.has(name);
  }

  findBy(property: string, value: string): CrmRecord | undefined {
    if (property === 'hs_object_id') return this.records.get(value);
    const index = this.unique.get(property);
    if (index) {
      const id = index.get(value.toLowerCase());
      return id === undefined ? undefined : this.records.get(id);
    }
    for (const record of this.records.values())
      if (record.properties[property] === value) return record;
    return undefined;
  }

  index(record: CrmRecord, previous: Record<string, string>): void {
    for (const [name, index] of this.unique) {
      const before = previous[name];
      const after = record.properties[name];
      if (before === after) continue;
      if (before) index.delete(before.toLowerCase());
      if (after) index.set(after.toLowerCase(), record.id);
    }
  }

  unindex(record: CrmRecord): void {
    for (const [name, index] of this.unique) {
      const value = record.properties[name];
      if (value) index.delete(value.toLowerCase());
    }
  }
}

/** The whole simulated HubSpot portal: records, schema, associations, lists and owners. */
export class HubspotStore {
  readonly objects = new Map<HubspotObjectType, ObjectCollection>();
  readonly properties = new Map<HubspotObjectType, Map<string, PropertyDefinition>>();
  /** Property groups per type, by name (archived ones kept with `archived: true`). */
  readonly groups = new Map<HubspotObjectType, Map<string, PropertyGroup>>();
  /** `${type}:${id}` → edges to other records. */
  readonly associations = new Map<string, Map<string, AssociationEdge>>();
  readonly lists = new Map<string, HubspotList>();
  readonly owners = new Map<string, Owner>();
  private readonly recordIds = new Sequence(100_001);
  private readonly listIds = new Sequence(101);
  /** Bumped by every record write, so DYNAMIC lists recompute only after a change. */
  private revision = 0;

  constructor() {
    this.reset();
  }

  reset(): void {
    this.objects.clear();
    this.properties.clear();
    this.groups.clear();
    this.associations.clear();
    this.lists.clear();
    this.owners.clear();
    this.recordIds.reset();
    this.listIds.reset();
    const now = nowIso();
    for (const type of HUBSPOT_OBJECT_TYPES) {
      this.objects.set(type, new ObjectCollection(type === 'contacts' ? ['email'] : []));
      this.properties.set(
        type,
        new Map(defaultProperties(type, now).map((property) => [property.name, property])),
      );
      this.groups.set(type, new Map(defaultGroups(type).map((group) => [group.name, group])));
    }
  }

  collection(type: HubspotObjectType): ObjectCollection {
    const collection = this.objects.get(type);
    if (!collection) throw new Error(`unknown object type ${type}`);
    return collection;
  }

  propertyMap(type: HubspotObjectType): Map<string, PropertyDefinition> {
    const map = this.properties.get(type);
    if (!map) throw new Error(`unknown object type ${type}`);
    return map;
  }

  groupMap(type: HubspotObjectType): Map<string, PropertyGroup> {
    const map = this.groups.get(type);
    if (!map) throw new Error(`unknown object type ${type}`);
    return map;
  }

  addProperty(type: HubspotObjectType, property: PropertyDefinition): void {
    this.propertyMap(type).set(property.name, property);
    if (property.hasUniqueValue) this.collection(type).addUniqueProperty(property.name);
  }

  /**
   * Throws PropertyValidationError naming every property the portal does not define, every
   * value outside the property's options or type, and (on create) a missing required property.
   */
  assertProperties(
    type: HubspotObjectType,
    properties: Record<string, string>,
    mode: 'create' | 'update' = 'update',
  ): void {
    const known = this.propertyMap(type);
    const problems = Object.entries(properties).flatMap(
      ([name, value]) => propertyProblem(known.get(name), name, value, this.owners) ?? [],
    );
    if (mode === 'create')
      for (const name of REQUIRED_ON_CREATE[type] ?? [])
        if (!properties[name])
          problems.push({ name, message: `${name} is required`, error: 'REQUIRED_PROPERTY' });
    if (problems.length > 0) throw new PropertyValidationError(problems);
  }

  create(type: HubspotObjectType, properties: Record<string, string>): CrmRecord {
    this.assertProperties(type, properties, 'create');
    const now = nowIso();
    const id = String(this.recordIds.take());
    const record: CrmRecord = {
      id,
      properties: {},
      createdAt: now,
      updatedAt: now,
      archived: false,
    };
    this.writeProperties(type, record, properties, now);
    this.collection(type).records.set(id, record);
    this.collection(type).index(record, {});
    this.revision++;
    return record;
  }

  update(
    type: HubspotObjectType,
    record: CrmRecord,
    properties: Record<string, string>,
  ): CrmRecord {
    this.assertProperties(type, properties);
    const previous = { ...record.properties };
    const now = nowIso();
    record.updatedAt = now;
    this.writeProperties(type, record, properties, now);
    this.collection(type).index(record, previous);
    this.revision++;
    return record;
  }

  archive(type: HubspotObjectType, id: string): boolean {
    const collection = this.collection(type);
    const record = collection.records.get(id);
    if (!record) return false;
    collection.unindex(record);
    collection.records.delete(id);
    this.revision++;
    // A deleted record leaves every list it was on, as in HubSpot.
    const objectTypeId = OBJECT_TYPE_IDS[type];
    for (const list of this.lists.values())
      if (list.objectTypeId === objectTypeId) list.members.delete(id);
    return true;
  }

  get(type: HubspotObjectType, id: string, idProperty?: string): CrmRecord | undefined {
    const collection = this.collection(type);
    return idProperty && idProperty !== 'hs_object_id'
      ? collection.findBy(idProperty, id)
      : collection.records.get(id);
  }

  all(type: HubspotObjectType): CrmRecord[] {
    return [...this.collection(type).records.values()];
  }

  associate(
    fromType: HubspotObjectType,
    fromId: string,
    toType: HubspotObjectType,
    toId: string,
    typeId: number,
  ): void {
    this.addEdge(fromType, fromId, toType, toId, typeId);
    this.addEdge(toType, toId, fromType, fromId, inverseAssociationType(fromType, toType, typeId));
  }

  unassociate(
    fromType: HubspotObjectType,
    fromId: string,
    toType: HubspotObjectType,
    toId: string,
  ): void {
    this.associations.get(`${fromType}:${fromId}`)?.delete(`${toType}:${toId}`);
    this.associations.get(`${toType}:${toId}`)?.delete(`${fromType}:${fromId}`);
  }

  associationsOf(
    fromType: HubspotObjectType,
    fromId: string,
    toType: HubspotObjectType,
  ): AssociationEdge[] {
    const edges = this.associations.get(`${fromType}:${fromId}`);
    if (!edges) return [];
    return [...edges.values()].filter((edge) => edge.toType === toType);
  }

  /**
   * A new list. A DYNAMIC list's members follow its filter from now on; a SNAPSHOT list takes
   * the records that pass its filter once, then changes only by hand, as in HubSpot.
   */
  createList(input: {
    name: string;
    objectTypeId: string;
    processingType: HubspotList['processingType'];
    filterBranch?: JsonObject;
    matches?: RecordPredicate;
  }): HubspotList {
    const now = nowIso();
    const list: HubspotList = {
      ...input,
      listId: String(this.listIds.take()),
      listVersion: 1,
      createdAt: now,
      updatedAt: now,
      members: new ListMembers(),
    };
    this.lists.set(list.listId, list);
    if (list.processingType === 'SNAPSHOT') {
      this.computeMembers(list);
      list.computedAt = undefined;
    }
    return list;
  }

  /** A list's members now: a DYNAMIC list's are recomputed when a record changed since. */
  membersOf(list: HubspotList): ListMembers {
    if (list.processingType === 'DYNAMIC' && list.computedAt !== this.revision)
      this.computeMembers(list);
    return list.members;
  }

  /**
   * The records of the list's type that pass its filter; a record already a member keeps its
   * join time, a new one joins now, one that no longer passes leaves.
   */
  private computeMembers(list: HubspotList): void {
    const type = objectTypeOf(list.objectTypeId);
    const passing = new Set(
      type && list.matches
        ? this.all(type)
            .filter(list.matches)
            .map((record) => record.id)
        : [],
    );
    const now = nowIso();
    for (const id of list.members.keys()) if (!passing.has(id)) list.members.delete(id);
    for (const id of passing) if (!list.members.has(id)) list.members.set(id, now);
    list.computedAt = this.revision;
  }

  addOwner(owner: Omit<Owner, 'createdAt' | 'updatedAt' | 'archived' | 'teams' | 'type'>): Owner {
    const now = nowIso();
    const full: Owner = {
      ...owner,
      type: 'PERSON',
      createdAt: now,
      updatedAt: now,
      archived: false,
      teams: [],
    };
    this.owners.set(full.id, full);
    return full;
  }

  private addEdge(
    fromType: HubspotObjectType,
    fromId: string,
    toType: HubspotObjectType,
    toId: string,
    typeId: number,
  ): void {
    const key = `${fromType}:${fromId}`;
    let edges = this.associations.get(key);
    if (!edges) {
      edges = new Map();
      this.associations.set(key, edges);
    }
    const edgeKey = `${toType}:${toId}`;
    const edge = edges.get(edgeKey) ?? { toType, toId, typeIds: new Set<number>() };
    edge.typeIds.add(typeId);
    edges.set(edgeKey, edge);
  }

  private writeProperties(
    type: HubspotObjectType,
    record: CrmRecord,
    properties: Record<string, string>,
    now: string,
  ): void {
    for (const [name, value] of Object.entries(properties)) {
      if (READ_ONLY_PROPERTIES.has(name)) continue;
      if (value === '') delete record.properties[name];
      else record.properties[name] = value;
    }
    record.properties.hs_object_id = record.id;
    const created = type === 'contacts' || type === 'companies' ? 'createdate' : 'hs_createdate';
    const modified = type === 'contacts' ? 'lastmodifieddate' : 'hs_lastmodifieddate';
    record.properties[created] ??= record.createdAt;
    record.properties[modified] = now;
  }
}
