import { Readable } from 'node:stream';
import type { RouteDefinition, RouteParsedInput } from '@outsync/contracts';
import { validateRequest, type RouteOptions } from './route';
import { assertRole, authenticate } from './session';
import type { AppContext, AppRouter } from './types';

export type CsvCell = string | number | boolean | null | undefined;

/** A CSV download: its file name, the header row and the rows, read as the file is sent. */
export type CsvDownload = {
  filename: string;
  header: readonly string[];
  rows: AsyncIterable<readonly CsvCell[]>;
};

/**
 * A cell as RFC 4180 writes it, and safe to open in a spreadsheet: a text starting with `=`, `+`,
 * `-`, `@`, a tab or a carriage return would be run as a formula by Excel, LibreOffice and
 * Sheets (a lead's subject is anyone's text), so it gets a leading apostrophe, which those
 * programs show as plain text (OWASP, "CSV Injection"). Numbers stay numbers.
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of the file, CRLF-terminated as RFC 4180 has it. */
export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Lines are sent in chunks of about this many characters rather than one write per row. */
const CHUNK_CHARS = 64 * 1024;

async function* csvText(download: CsvDownload): AsyncGenerator<string> {
  // A byte-order mark: Excel reads a CSV without one as the machine's legacy code page, and a
  // lead's "Müller" would arrive as "MÃ¼ller".
  let chunk = `\uFEFF${csvLine(download.header)}`;
  for await (const row of download.rows) {
    chunk += csvLine(row);
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}

/**
 * Mounts a contracts route that `produces: 'text/csv'`: the same session check and request
 * validation as `addRoute`, and the handler's refusals (a 403 for a staff filter) still answer
 * with the JSON envelope, because the handler decides before the first byte. Then the rows
 * stream as an attachment, so an export of any size never sits in memory.
 */
export function addCsvRoute<R extends RouteDefinition & { produces: 'text/csv' }>(
  router: AppRouter,
  route: R,
  handler: (input: RouteParsedInput<R>, ctx: AppContext) => Promise<CsvDownload>,
  options: RouteOptions = {},
): void {
  router.register(route.path, [route.method.toUpperCase()], async (ctx) => {
    if ((route.auth ?? 'session') === 'session') {
      const user = await authenticate(ctx);
      if (options.roles) assertRole(user, options.roles);
    }
    const input = validateRequest(route, {
      params: ctx.params,
      query: ctx.query,
      body: ctx.request.body,
    });
    const download = await handler(input, ctx);
    ctx.status = route.status ?? 200;
    ctx.type = 'text/csv; charset=utf-8';
    ctx.attachment(download.filename);
    // Personal data: not kept by the browser's or a proxy's cache.
    ctx.set('Cache-Control', 'no-store');
    ctx.body = Readable.from(csvText(download));
  });
}
