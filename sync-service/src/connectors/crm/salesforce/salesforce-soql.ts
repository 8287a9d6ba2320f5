import { z } from 'zod';
import { ConnectorError, collectPages, type HttpClient } from '../../http';

// SOQL for every Salesforce call that queries: the paging and the string literal.

const QueryPageSchema = z.looseObject({
  done: z.boolean(),
  nextRecordsUrl: z.string().optional(),
  records: z.array(z.looseObject({})),
});

/**
 * Every row of a SOQL query, following `nextRecordsUrl` (only within `/services/data/`, so a
 * forged cursor cannot send the session elsewhere); rows are checked with `record`.
 */
export async function querySoql<Row = Record<string, unknown>>(
  http: HttpClient,
  dataPath: string,
  soql: string,
  record?: z.ZodType<Row>,
  operation = 'query',
): Promise<Row[]> {
  const rows = await collectPages(
    { system: 'salesforce', operation },
    async (nextRecordsUrl?: string) => {
      const page = await http.request({
        operation,
        method: 'GET',
        ...(nextRecordsUrl === undefined
          ? { path: `${dataPath}/query`, query: { q: soql } }
          : { path: nextRecordsUrl }),
        schema: QueryPageSchema,
      });
      const next = page.done ? undefined : page.nextRecordsUrl;
      if (next !== undefined && !next.startsWith('/services/data/')) {
        throw unexpected(operation, 'answered a nextRecordsUrl outside /services/data/');
      }
      return { items: page.records, next };
    },
  );
  if (!record) return rows as Row[];
  return rows.map((row, index) => {
    const parsed = record.safeParse(row);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw unexpected(
        operation,
        `answered a row in an unexpected shape: records.${index}.${issue?.path.map(String).join('.') ?? ''}: ${issue?.message ?? ''}`,
      );
    }
    return parsed.data;
  });
}

/** A SOQL string literal: quotes and backslashes escaped. */
export function soqlString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function unexpected(operation: string, problem: string): ConnectorError {
  return new ConnectorError({
    system: 'salesforce',
    operation,
    code: 'unexpected',
    message: `Salesforce ${operation} ${problem}`,
  });
}
