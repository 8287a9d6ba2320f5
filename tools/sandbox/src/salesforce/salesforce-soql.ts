import type { SfRecord, SfValue } from './salesforce-store.ts';

/**
 * A small SOQL subset, enough for the queries connectors send:
 * SELECT f1, Rel.f2 | COUNT() FROM Object [WHERE cond] [ORDER BY f [ASC|DESC]] [LIMIT n] [OFFSET n]
 * where cond combines `f op value`, `f [NOT] IN (...)`, `f LIKE 'x%'` with AND, OR, NOT and parentheses.
 */
export interface SoqlQuery {
  fields: string[];
  count: boolean;
  objectName: string;
  where?: Condition;
  orderBy?: { field: string; descending: boolean };
  limit?: number;
  offset?: number;
}

type Literal = SfValue | SfValue[];
export type Condition =
  | { kind: 'and' | 'or'; left: Condition; right: Condition }
  | { kind: 'not'; inner: Condition }
  | { kind: 'compare'; field: string; operator: string; value: Literal; quoted: boolean[] };

export class SoqlError extends Error {}

const TOKEN =
  /\s*(?:('(?:[^'\\]|\\.)*')|(<=|>=|!=|<>|=|<|>|\(|\)|,)|([A-Za-z_][\w.]*(?:\(\))?)|(-?\d+(?:\.\d+)?(?:-\d\d-\d\d(?:T[\d:.]+Z?)?)?))/y;

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const start = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (!match) {
      if (text.slice(start).trim() === '') break;
      throw new SoqlError(`unexpected token at: ${text.slice(start, start + 20)}`);
    }
    const token = match[1] ?? match[2] ?? match[3] ?? match[4];
    if (token !== undefined) tokens.push(token);
  }
  return tokens;
}

export function parseSoql(text: string): SoqlQuery {
  const tokens = tokenize(text);
  let position = 0;
  const peek = (): string | undefined => tokens[position];
  const next = (): string => {
    const token = tokens[position++];
    if (token === undefined) throw new SoqlError('unexpected end of query');
    return token;
  };
  const keyword = (word: string): boolean => {
    if (peek()?.toUpperCase() === word) {
      position++;
      return true;
    }
    return false;
  };
  const expect = (word: string): void => {
    if (!keyword(word)) throw new SoqlError(`expected ${word} near '${peek() ?? 'end'}'`);
  };

  expect('SELECT');
  const fields: string[] = [];
  let count = false;
  do {
    const field = next();
    if (field.toUpperCase() === 'COUNT()') count = true;
    else fields.push(field);
  } while (keyword(','));
  expect('FROM');
  const objectName = next();

  // Whether each value was a quoted string: a date must not be, a text value must be.
  let quoted: boolean[] = [];
  const literal = (): Literal => {
    const token = next();
    if (token === '(') {
      const values: SfValue[] = [];
      do values.push(literal() as SfValue);
      while (keyword(','));
      expect(')');
      return values;
    }
    quoted.push(token.startsWith("'"));
    if (token.startsWith("'")) return token.slice(1, -1).replace(/\\(.)/g, '$1');
    const upper = token.toUpperCase();
    if (upper === 'TRUE') return true;
    if (upper === 'FALSE') return false;
    if (upper === 'NULL') return null;
    if (/^-?\d+(\.\d+)?$/.test(token)) return Number(token);
    return token;
  };
  const factor = (): Condition => {
    if (keyword('(')) {
      const inner = expression();
      expect(')');
      return inner;
    }
    if (keyword('NOT')) return { kind: 'not', inner: factor() };
    const field = next();
    let operator = next().toUpperCase();
    if (operator === 'NOT' && keyword('IN')) operator = 'NOT IN';
    quoted = [];
    const value = literal();
    return { kind: 'compare', field, operator, value, quoted };
  };
  const term = (): Condition => {
    let left = factor();
    while (keyword('AND')) left = { kind: 'and', left, right: factor() };
    return left;
  };
  const expression = (): Condition => {
    let left = term();
    while (keyword('OR')) left = { kind: 'or', left, right: term() };
    return left;
  };

  const query: SoqlQuery = { fields, count, objectName };
  if (keyword('WHERE')) query.where = expression();
  if (keyword('ORDER')) {
    expect('BY');
    const field = next();
    const descending = keyword('DESC');
    if (!descending) keyword('ASC');
    if (keyword('NULLS')) next();
    query.orderBy = { field, descending };
  }
  if (keyword('LIMIT')) query.limit = Number(next());
  if (keyword('OFFSET')) query.offset = Number(next());
  if (peek() !== undefined) throw new SoqlError(`unexpected token '${peek() ?? ''}'`);
  return query;
}

export function evaluate(
  condition: Condition | undefined,
  read: (field: string) => SfValue | undefined,
): boolean {
  if (!condition) return true;
  switch (condition.kind) {
    case 'and':
      return evaluate(condition.left, read) && evaluate(condition.right, read);
    case 'or':
      return evaluate(condition.left, read) || evaluate(condition.right, read);
    case 'not':
      return !evaluate(condition.inner, read);
    case 'compare':
      return compare(read(condition.field) ?? null, condition.operator, condition.value);
  }
}

function compare(actual: SfValue, operator: string, expected: Literal): boolean {
  if (Array.isArray(expected)) {
    const found = expected.some((value) => same(actual, value));
    if (operator === 'IN' || operator === 'INCLUDES') return found;
    if (operator === 'NOT IN' || operator === 'EXCLUDES') return !found;
    throw new SoqlError(`operator ${operator} does not take a list`);
  }
  switch (operator) {
    case '=':
      return same(actual, expected);
    case '!=':
    case '<>':
      return !same(actual, expected);
    case 'LIKE':
      return typeof actual === 'string' && like(actual, String(expected));
    case '<':
      return order(actual, expected) < 0;
    case '<=':
      return order(actual, expected) <= 0;
    case '>':
      return order(actual, expected) > 0;
    case '>=':
      return order(actual, expected) >= 0;
    default:
      throw new SoqlError(`unsupported operator ${operator}`);
  }
}

/** SOQL string comparison is case-insensitive; ids match in 15- or 18-character form. */
function same(actual: SfValue, expected: SfValue): boolean {
  if (actual === null || expected === null) return actual === expected;
  if (typeof actual === 'string' && typeof expected === 'string')
    return actual.toLowerCase() === expected.toLowerCase();
  return actual === expected;
}

function like(actual: string, pattern: string): boolean {
  const source = pattern
    .replace(/[.+?^${}()|[\]\\*]/g, '\\$&')
    .replace(/%/g, '.*')
    .replace(/_/g, '.');
  return new RegExp(`^${source}$`, 'is').test(actual);
}

function order(actual: SfValue, expected: SfValue): number {
  if (actual === null) return -1;
  if (typeof actual === 'number' && typeof expected === 'number') return actual - expected;
  return String(actual).localeCompare(String(expected));
}

export function sortRecords(records: SfRecord[], orderBy: SoqlQuery['orderBy']): SfRecord[] {
  if (!orderBy) return records;
  const sign = orderBy.descending ? -1 : 1;
  return records.sort((a, b) => sign * order(a[orderBy.field] ?? null, b[orderBy.field] ?? null));
}
