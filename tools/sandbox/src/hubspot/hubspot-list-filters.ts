// Lists v3 filter branches (`filterBranch` on a DYNAMIC or SNAPSHOT list), the part the
// sandbox evaluates: OR/AND/NOT_ALL/NOT_ANY branches of PROPERTY filters, with the operation
// types and operators HubSpot's lists OpenAPI names for them (PublicStringPropertyOperation,
// PublicMultiStringPropertyOperation, PublicNumberPropertyOperation, PublicBoolPropertyOperation,
// PublicEnumerationPropertyOperation, PublicAllPropertyTypesOperation). Other filter and branch
// types (association, events, form submissions, …) and the history operators (HAS_EVER_…,
// HAS_NEVER_…) are refused with 400 rather than evaluated wrongly.
import { asArray, asNumber, asString, isObject, type JsonObject } from '../core/http.ts';
import type { RecordPredicate } from './hubspot-record.ts';

export type { RecordPredicate } from './hubspot-record.ts';

/** The operators the sandbox evaluates, per `operationType`. */
export const LIST_FILTER_OPERATORS: Record<string, readonly string[]> = {
  STRING: [
    'IS_EQUAL_TO',
    'IS_NOT_EQUAL_TO',
    'CONTAINS',
    'DOES_NOT_CONTAIN',
    'STARTS_WITH',
    'ENDS_WITH',
  ],
  MULTISTRING: [
    'IS_EQUAL_TO',
    'IS_NOT_EQUAL_TO',
    'CONTAINS',
    'DOES_NOT_CONTAIN',
    'STARTS_WITH',
    'ENDS_WITH',
  ],
  NUMBER: [
    'IS_EQUAL_TO',
    'IS_NOT_EQUAL_TO',
    'IS_GREATER_THAN',
    'IS_GREATER_THAN_OR_EQUAL_TO',
    'IS_LESS_THAN',
    'IS_LESS_THAN_OR_EQUAL_TO',
  ],
  BOOL: ['IS_EQUAL_TO', 'IS_NOT_EQUAL_TO'],
  ENUMERATION: [
    'IS_ANY_OF',
    'IS_NONE_OF',
    'IS_EXACTLY',
    'IS_NOT_EXACTLY',
    'CONTAINS_ALL',
    'DOES_NOT_CONTAIN_ALL',
  ],
  ALL_PROPERTY: ['IS_KNOWN', 'IS_UNKNOWN'],
};

/** Operators that need the property's past values, which the sandbox does not keep. */
const HISTORY_OPERATOR = /^HAS_(EVER|NEVER)_/;

const BRANCH_TYPES = ['OR', 'AND', 'NOT_ALL', 'NOT_ANY'];

/** A refused filter definition: HubSpot answers 400 VALIDATION_ERROR with this message. */
export class ListFilterError extends Error {}

/**
 * Checks a list's `filterBranch` and turns it into a predicate over records. HubSpot's list
 * filters start with an OR branch whose children are AND branches (the root holds no filters
 * of its own); `isKnownProperty` refuses filters on properties the object type lacks.
 */
export function compileListFilter(
  value: unknown,
  isKnownProperty: (name: string) => boolean,
): RecordPredicate {
  if (!isObject(value)) throw new ListFilterError('filterBranch must be an object.');
  if (value.filterBranchType !== 'OR')
    throw new ListFilterError('The root filter branch must have filterBranchType OR.');
  if (asArray(value.filters).length > 0)
    throw new ListFilterError('The root OR filter branch cannot hold filters of its own.');
  for (const child of asArray(value.filterBranches))
    if (!isObject(child) || child.filterBranchType !== 'AND')
      throw new ListFilterError('The root OR filter branch may only hold AND filter branches.');
  return compileBranch(value, isKnownProperty);
}

function compileBranch(
  branch: JsonObject,
  isKnownProperty: (name: string) => boolean,
): RecordPredicate {
  const type = asString(branch.filterBranchType) ?? '';
  if (!BRANCH_TYPES.includes(type))
    throw new ListFilterError(
      `filterBranchType ${type || '(missing)'} is not evaluated by the sandbox (it evaluates ${BRANCH_TYPES.join(', ')}).`,
    );
  const parts = [
    ...asArray(branch.filters).map((filter) => compileFilter(filter, isKnownProperty)),
    ...asArray(branch.filterBranches).map((child) => {
      if (!isObject(child)) throw new ListFilterError('A filter branch must be an object.');
      return compileBranch(child, isKnownProperty);
    }),
  ];
  switch (type) {
    case 'OR':
      return (record) => parts.some((part) => part(record));
    case 'AND':
      return (record) => parts.every((part) => part(record));
    case 'NOT_ALL':
      return (record) => !parts.every((part) => part(record));
    default:
      return (record) => !parts.some((part) => part(record));
  }
}

function compileFilter(
  filter: unknown,
  isKnownProperty: (name: string) => boolean,
): RecordPredicate {
  if (!isObject(filter)) throw new ListFilterError('A filter must be an object.');
  if (filter.filterType !== 'PROPERTY')
    throw new ListFilterError(
      `filterType ${asString(filter.filterType) ?? '(missing)'} is not evaluated by the sandbox (it evaluates PROPERTY filters).`,
    );
  const property = asString(filter.property) ?? '';
  if (!isKnownProperty(property))
    throw new ListFilterError(`Property ${property || '(missing)'} does not exist.`);
  const operation = isObject(filter.operation) ? filter.operation : {};
  const operationType = asString(operation.operationType) ?? '';
  const operator = asString(operation.operator) ?? '';
  const known = LIST_FILTER_OPERATORS[operationType];
  if (!known)
    throw new ListFilterError(
      `operationType ${operationType || '(missing)'} is not evaluated by the sandbox (it evaluates ${Object.keys(LIST_FILTER_OPERATORS).join(', ')}).`,
    );
  if (HISTORY_OPERATOR.test(operator))
    throw new ListFilterError(
      `Operator ${operator} needs property history, which the sandbox does not keep.`,
    );
  if (!known.includes(operator))
    throw new ListFilterError(
      `Operator ${operator || '(missing)'} is not valid for operationType ${operationType} (use one of ${known.join(', ')}).`,
    );
  const test = valueTest(operationType, operator, operation);
  const includeUnset = operation.includeObjectsWithNoValueSet === true;
  if (operationType === 'ALL_PROPERTY') return (record) => test(record.properties[property] ?? '');
  return (record) => {
    const value = record.properties[property];
    return value === undefined || value === '' ? includeUnset : test(value);
  };
}

/** The comparison one operation makes on a value that is set (HubSpot compares text without case). */
function valueTest(
  operationType: string,
  operator: string,
  operation: JsonObject,
): (value: string) => boolean {
  const lower = (text: string) => text.toLowerCase();
  switch (operationType) {
    case 'ALL_PROPERTY':
      return operator === 'IS_KNOWN' ? (value) => value !== '' : (value) => value === '';
    case 'STRING': {
      const wanted = operation.value;
      if (typeof wanted !== 'string')
        throw new ListFilterError('A STRING operation needs a string value.');
      return stringTest(operator, [lower(wanted)], lower);
    }
    case 'MULTISTRING': {
      const values = stringValues(operation, 'MULTISTRING').map(lower);
      return stringTest(operator, values, lower);
    }
    case 'NUMBER': {
      const wanted = asNumber(operation.value, Number.NaN);
      if (Number.isNaN(wanted))
        throw new ListFilterError('A NUMBER operation needs a numeric value.');
      return numberTest(operator, wanted);
    }
    case 'BOOL': {
      if (typeof operation.value !== 'boolean')
        throw new ListFilterError('A BOOL operation needs a boolean value.');
      const wanted = String(operation.value);
      return operator === 'IS_EQUAL_TO'
        ? (value) => lower(value) === wanted
        : (value) => lower(value) !== wanted;
    }
    default:
      return enumerationTest(operator, stringValues(operation, 'ENUMERATION').map(lower), lower);
  }
}

function stringValues(operation: JsonObject, type: string): string[] {
  const values = asArray(operation.values);
  if (values.length === 0 || !values.every((value) => typeof value === 'string'))
    throw new ListFilterError(`A ${type} operation needs values (an array of strings).`);
  return values as string[];
}

/** STRING and MULTISTRING: a positive operator passes when any value matches, a negative when none. */
function stringTest(
  operator: string,
  wanted: string[],
  lower: (text: string) => string,
): (value: string) => boolean {
  const matchers: Record<string, (value: string, candidate: string) => boolean> = {
    IS_EQUAL_TO: (value, candidate) => value === candidate,
    IS_NOT_EQUAL_TO: (value, candidate) => value === candidate,
    CONTAINS: (value, candidate) => value.includes(candidate),
    DOES_NOT_CONTAIN: (value, candidate) => value.includes(candidate),
    STARTS_WITH: (value, candidate) => value.startsWith(candidate),
    ENDS_WITH: (value, candidate) => value.endsWith(candidate),
  };
  const match = matchers[operator] ?? (() => false);
  const negative = operator === 'IS_NOT_EQUAL_TO' || operator === 'DOES_NOT_CONTAIN';
  return (value) => {
    const text = lower(value);
    const any = wanted.some((candidate) => match(text, candidate));
    return negative ? !any : any;
  };
}

function numberTest(operator: string, wanted: number): (value: string) => boolean {
  const compare: Record<string, (value: number) => boolean> = {
    IS_EQUAL_TO: (value) => value === wanted,
    IS_NOT_EQUAL_TO: (value) => value !== wanted,
    IS_GREATER_THAN: (value) => value > wanted,
    IS_GREATER_THAN_OR_EQUAL_TO: (value) => value >= wanted,
    IS_LESS_THAN: (value) => value < wanted,
    IS_LESS_THAN_OR_EQUAL_TO: (value) => value <= wanted,
  };
  const test = compare[operator] ?? (() => false);
  return (value) => {
    const number = Number(value);
    return Number.isFinite(number) && test(number);
  };
}

/** Enumeration values are `;`-separated for multi-select properties. */
function enumerationTest(
  operator: string,
  wanted: string[],
  lower: (text: string) => string,
): (value: string) => boolean {
  const selected = (value: string) => value.split(';').map(lower).filter(Boolean);
  const sameSet = (chosen: string[]) =>
    chosen.length === new Set(wanted).size && chosen.every((option) => wanted.includes(option));
  switch (operator) {
    case 'IS_ANY_OF':
      return (value) => selected(value).some((option) => wanted.includes(option));
    case 'IS_NONE_OF':
      return (value) => !selected(value).some((option) => wanted.includes(option));
    case 'IS_EXACTLY':
      return (value) => sameSet([...new Set(selected(value))]);
    case 'IS_NOT_EXACTLY':
      return (value) => !sameSet([...new Set(selected(value))]);
    case 'CONTAINS_ALL':
      return (value) => wanted.every((option) => selected(value).includes(option));
    default:
      return (value) => !wanted.every((option) => selected(value).includes(option));
  }
}

/**
 * A checked filter branch as HubSpot returns it: every branch carries `filterBranchOperator`,
 * `filters` and `filterBranches`, every operation `includeObjectsWithNoValueSet`.
 */
export function normalizeListFilter(branch: JsonObject): JsonObject {
  const type = asString(branch.filterBranchType) ?? 'OR';
  return {
    ...branch,
    filterBranchType: type,
    filterBranchOperator: asString(branch.filterBranchOperator) ?? type,
    filters: asArray(branch.filters).map((filter) => {
      if (!isObject(filter) || !isObject(filter.operation)) return filter;
      return {
        ...filter,
        operation: {
          ...filter.operation,
          includeObjectsWithNoValueSet: filter.operation.includeObjectsWithNoValueSet === true,
        },
      };
    }),
    filterBranches: asArray(branch.filterBranches).map((child) =>
      isObject(child) ? normalizeListFilter(child) : child,
    ),
  };
}
