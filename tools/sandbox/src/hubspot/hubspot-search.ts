import { asArray, asString, isObject, type JsonObject } from '../core/http.ts';
import { objectTypeOf, type HubspotObjectType } from './hubspot-schema.ts';
import type { CrmRecord } from './hubspot-store.ts';

export const SEARCH_LIMITS = { groups: 5, filtersPerGroup: 10, filtersTotal: 25, pageSize: 200 };

interface Filter {
  propertyName: string;
  operator: string;
  value?: string;
  values: string[];
  highValue?: string;
}

export const SEARCH_OPERATORS = [
  'EQ',
  'NEQ',
  'LT',
  'LTE',
  'GT',
  'GTE',
  'BETWEEN',
  'IN',
  'NOT_IN',
  'HAS_PROPERTY',
  'NOT_HAS_PROPERTY',
  'CONTAINS_TOKEN',
  'NOT_CONTAINS_TOKEN',
] as const;

const NEEDS_VALUE = new Set([
  'EQ',
  'NEQ',
  'LT',
  'LTE',
  'GT',
  'GTE',
  'CONTAINS_TOKEN',
  'NOT_CONTAINS_TOKEN',
]);
const NEEDS_VALUES = new Set(['IN', 'NOT_IN']);

/**
 * Checks the request against HubSpot's search limits and the portal's schema: an unknown
 * property in a filter or sort, an unknown operator or a filter without the value its operator
 * needs is a 400, not an empty result. Answers the first problem found.
 */
export function searchProblem(
  body: JsonObject,
  isKnownProperty: (name: string) => boolean,
): string | undefined {
  const groups = asArray(body.filterGroups);
  if (groups.length > SEARCH_LIMITS.groups)
    return `Too many filter groups (max ${SEARCH_LIMITS.groups}).`;
  let total = 0;
  for (const group of groups) {
    const filters = isObject(group) ? asArray(group.filters) : [];
    if (filters.length > SEARCH_LIMITS.filtersPerGroup)
      return `Too many filters in a group (max ${SEARCH_LIMITS.filtersPerGroup}).`;
    total += filters.length;
  }
  if (total > SEARCH_LIMITS.filtersTotal)
    return `Too many filters (max ${SEARCH_LIMITS.filtersTotal}).`;
  for (const group of groups)
    for (const filter of isObject(group) ? asArray(group.filters) : []) {
      const problem = filterProblem(filter, isKnownProperty);
      if (problem) return problem;
    }
  for (const sort of asArray(body.sorts)) {
    const name = isObject(sort) ? asString(sort.propertyName) : asString(sort);
    if (name !== undefined && !isKnownProperty(name))
      return `Unable to sort by property "${name}": the property does not exist.`;
  }
  return undefined;
}

function filterProblem(
  value: unknown,
  isKnownProperty: (name: string) => boolean,
): string | undefined {
  if (!isObject(value)) return 'Invalid input JSON: a filter must be an object.';
  const operator = asString(value.operator);
  if (!operator || !(SEARCH_OPERATORS as readonly string[]).includes(operator))
    return `Invalid input JSON: Cannot deserialize value of type \`FilterOperator\` from String "${operator ?? ''}": not one of the values accepted for Enum class: [${SEARCH_OPERATORS.join(', ')}]`;
  const name = asString(value.propertyName);
  if (!name || !isKnownProperty(name))
    return `There was a problem with the request: the property "${name ?? ''}" does not exist.`;
  if (NEEDS_VALUE.has(operator) && asString(value.value) === undefined)
    return `Filter on "${name}" with operator ${operator} requires a value.`;
  if (NEEDS_VALUES.has(operator) && asArray(value.values).length === 0)
    return `Filter on "${name}" with operator ${operator} requires values.`;
  if (
    operator === 'BETWEEN' &&
    (asString(value.value) === undefined || asString(value.highValue) === undefined)
  )
    return `Filter on "${name}" with operator BETWEEN requires a value and a highValue.`;
  return undefined;
}

/**
 * What a filter needs to know beyond the record: each property's type (datetime, date and number
 * properties compare by value, as HubSpot documents: `EQ` 1767225600000 matches a timestamp
 * stored as 2026-01-01T00:00:00Z) and the record's associations, for the `associations.contact`
 * pseudo-property HubSpot's search takes ("records associated with contact 123").
 */
export interface SearchContext {
  typeOf(property: string): string | undefined;
  associatedIds(record: CrmRecord, toType: HubspotObjectType): string[];
}

/** `associations.contact` (or `.company`, `.email`, `.task`): the object type it names. */
export function associationFilterType(propertyName: string): HubspotObjectType | undefined {
  const match = /^associations\.(.+)$/.exec(propertyName);
  return match ? objectTypeOf(match[1]) : undefined;
}

/** Filter groups are ORed, filters inside a group ANDed; no groups matches everything. */
export function matchesFilterGroups(
  record: CrmRecord,
  filterGroups: unknown,
  context: SearchContext,
): boolean {
  const groups = asArray(filterGroups).map((group) =>
    isObject(group) ? asArray(group.filters).map(toFilter) : [],
  );
  if (groups.length === 0) return true;
  return groups.some((filters) =>
    filters.every((filter) => filter !== undefined && matches(record, filter, context)),
  );
}

const QUERY_PROPERTIES = [
  'email',
  'firstname',
  'lastname',
  'name',
  'domain',
  'phone',
  'company',
  'website',
  'hs_email_subject',
  'hs_task_subject',
];

export function matchesQuery(record: CrmRecord, query: string | undefined): boolean {
  if (!query) return true;
  const needle = query.toLowerCase();
  return QUERY_PROPERTIES.some((name) => record.properties[name]?.toLowerCase().includes(needle));
}

export function sortRecords(records: CrmRecord[], sorts: unknown): CrmRecord[] {
  const first = asArray(sorts)[0];
  const propertyName = isObject(first) ? asString(first.propertyName) : asString(first);
  if (!propertyName) return records.sort((a, b) => Number(a.id) - Number(b.id));
  const direction = isObject(first) && asString(first.direction) === 'DESCENDING' ? -1 : 1;
  return records.sort(
    (a, b) => direction * compare(a.properties[propertyName], b.properties[propertyName]),
  );
}

function toFilter(value: unknown): Filter | undefined {
  if (!isObject(value)) return undefined;
  const propertyName = asString(value.propertyName);
  const operator = asString(value.operator);
  if (!propertyName || !operator) return undefined;
  return {
    propertyName,
    operator,
    value: asString(value.value),
    values: asArray(value.values).flatMap((item) => asString(item) ?? []),
    highValue: asString(value.highValue),
  };
}

function matches(record: CrmRecord, filter: Filter, context: SearchContext): boolean {
  const associated = associationFilterType(filter.propertyName);
  if (associated) return matchesAssociation(context.associatedIds(record, associated), filter);
  const actual =
    filter.propertyName === 'hs_object_id' ? record.id : record.properties[filter.propertyName];
  const expected = filter.value ?? '';
  const byValue = BY_VALUE_TYPES.has(context.typeOf(filter.propertyName) ?? '');
  const equal = byValue ? equalValue : equalText;
  switch (filter.operator) {
    case 'EQ':
      return actual !== undefined && equal(actual, expected);
    case 'NEQ':
      return actual === undefined || !equal(actual, expected);
    case 'LT':
      return actual !== undefined && compare(actual, expected) < 0;
    case 'LTE':
      return actual !== undefined && compare(actual, expected) <= 0;
    case 'GT':
      return actual !== undefined && compare(actual, expected) > 0;
    case 'GTE':
      return actual !== undefined && compare(actual, expected) >= 0;
    case 'BETWEEN':
      return (
        actual !== undefined &&
        compare(actual, expected) >= 0 &&
        compare(actual, filter.highValue ?? '') <= 0
      );
    case 'IN':
      return actual !== undefined && filter.values.some((value) => equal(actual, value));
    case 'NOT_IN':
      return actual === undefined || !filter.values.some((value) => equal(actual, value));
    case 'HAS_PROPERTY':
      return actual !== undefined && actual !== '';
    case 'NOT_HAS_PROPERTY':
      return actual === undefined || actual === '';
    case 'CONTAINS_TOKEN':
      return actual !== undefined && containsToken(actual, expected);
    case 'NOT_CONTAINS_TOKEN':
      return actual === undefined || !containsToken(actual, expected);
    default:
      return false;
  }
}

/** Property types whose values HubSpot compares as numbers or instants, not as text. */
const BY_VALUE_TYPES = new Set(['datetime', 'date', 'number']);

/** An association filter: the record is (or is not) associated with the given id(s). */
function matchesAssociation(ids: string[], filter: Filter): boolean {
  const wanted =
    filter.operator === 'IN' || filter.operator === 'NOT_IN' ? filter.values : [filter.value ?? ''];
  const hit = ids.some((id) => wanted.includes(id));
  switch (filter.operator) {
    case 'EQ':
    case 'IN':
      return hit;
    case 'NEQ':
    case 'NOT_IN':
      return !hit;
    case 'HAS_PROPERTY':
      return ids.length > 0;
    case 'NOT_HAS_PROPERTY':
      return ids.length === 0;
    default:
      return false;
  }
}

/** HubSpot compares strings case-insensitively (e-mails and domains in particular). */
function equalText(actual: string, expected: string): boolean {
  return actual.toLowerCase() === expected.toLowerCase();
}

/** A datetime, date or number: the same instant or quantity, whatever its spelling. */
function equalValue(actual: string, expected: string): boolean {
  const left = comparable(actual);
  const right = comparable(expected);
  return typeof left === 'number' && typeof right === 'number'
    ? left === right
    : equalText(actual, expected);
}

function containsToken(actual: string, token: string): boolean {
  const pattern = token
    .toLowerCase()
    .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*');
  return (
    new RegExp(`(^|[^a-z0-9])${pattern}($|[^a-z0-9])`).test(actual.toLowerCase()) ||
    actual.toLowerCase() === token.toLowerCase()
  );
}

function compare(a: string | undefined, b: string | undefined): number {
  if (a === undefined) return b === undefined ? 0 : -1;
  if (b === undefined) return 1;
  const left = comparable(a);
  const right = comparable(b);
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  return a.localeCompare(b);
}

/** Numbers and timestamps (ISO or epoch milliseconds) compare by value. */
function comparable(value: string): number | string {
  if (value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : time;
}
