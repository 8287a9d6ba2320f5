// What a first load is made of: each downloaded script's bytes attributed to the package (or our
// workspace folder) they came from, through the source map the production build writes next to
// it (`<file>.js.map`). A file's gzip size is shared out in proportion to its minified bytes, so
// the per-package figures are estimates that add up to the measured total.
// Used by `npm run bench:bundle -- --analyze` (bench/bundle.ts).

const base64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const base64Value = new Map([...base64].map((char, index) => [char, index]));

/** The fields of one source-map segment (VLQ base64), as deltas. */
export function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = base64Value.get(char);
    if (digit === undefined) throw new Error(`Bad source-map character "${char}"`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

export interface SourceMap {
  sources: string[];
  mappings: string;
}

/**
 * Bytes of the generated `code` per source (by index into `map.sources`; -1 for bytes no mapping
 * covers, such as the bundler's own glue). A byte belongs to the segment that starts at or before
 * it on its line.
 */
export function bytesPerSource(code: string, map: SourceMap): Map<number, number> {
  const lines = code.split('\n');
  const result = new Map<number, number>();
  const add = (source: number, bytes: number) => {
    if (bytes > 0) result.set(source, (result.get(source) ?? 0) + bytes);
  };
  let sourceIndex = 0;
  map.mappings.split(';').forEach((lineMappings, lineNumber) => {
    const line = lines[lineNumber] ?? '';
    const lineBytes = Buffer.byteLength(line) + 1;
    let column = 0;
    let previousStart = 0;
    let previousSource = -1;
    for (const segment of lineMappings.split(',')) {
      if (segment === '') continue;
      const fields = decodeSegment(segment);
      const [columnDelta = 0, sourceDelta = 0] = fields;
      column += columnDelta;
      add(previousSource, byteLength(line, previousStart, column));
      previousStart = column;
      if (fields.length >= 4) {
        sourceIndex += sourceDelta;
        previousSource = sourceIndex;
      } else {
        previousSource = -1;
      }
    }
    add(previousSource, lineBytes - Buffer.byteLength(line.slice(0, previousStart)));
  });
  // Lines past the mappings' end (rare) are glue.
  const mappedLines = map.mappings.split(';').length;
  for (const line of lines.slice(mappedLines)) add(-1, Buffer.byteLength(line) + 1);
  return result;
}

function byteLength(line: string, from: number, to: number): number {
  return Buffer.byteLength(line.slice(from, to));
}

/**
 * The package a source belongs to: `react-dom`, `@tanstack/react-query`, the Module Federation
 * runtime as one entry, or our own folder (`contracts/src/accounts`, `ui/src/select`, `src/features`
 * of the app itself), so the list says what to act on.
 */
export function ownerOf(source: string): string {
  const path = source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^(\.\.?\/)+/, '');
  const pkg = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1];
  if (pkg) {
    if (pkg.startsWith('@module-federation/') || pkg === '.rspack-mf-runtime') {
      return 'Module Federation runtime';
    }
    return pkg;
  }
  if (path.startsWith('webpack/') || path === '') return 'bundler runtime';
  const parts = path.split('/');
  // `contracts/src/accounts/x.ts` → `contracts/src/accounts`; `src/features/a/b.ts` → `src/features`
  const srcAt = parts.indexOf('src');
  if (srcAt >= 0) return parts.slice(0, Math.min(parts.length - 1, srcAt + 2)).join('/');
  return parts.slice(0, -1).join('/') || path;
}

export interface Share {
  owner: string;
  gzipBytes: number;
}

/**
 * Spreads `gzipBytes` (the file's measured gzip size) over the owners of its minified bytes.
 * Without a usable map the file is one entry named after itself.
 */
export function attribute(
  fileName: string,
  code: string,
  map: SourceMap | undefined,
  gzipBytes: number,
): Share[] {
  if (!map) return [{ owner: `(no source map) ${fileName}`, gzipBytes }];
  const perSource = bytesPerSource(code, map);
  const perOwner = new Map<string, number>();
  let total = 0;
  for (const [source, bytes] of perSource) {
    const owner = source < 0 ? 'bundler runtime' : ownerOf(map.sources[source] ?? '');
    perOwner.set(owner, (perOwner.get(owner) ?? 0) + bytes);
    total += bytes;
  }
  if (total === 0) return [{ owner: fileName, gzipBytes }];
  return [...perOwner].map(([owner, bytes]) => ({ owner, gzipBytes: (gzipBytes * bytes) / total }));
}

/** Adds shares of the same owner together, biggest first. */
export function summarise(shares: Share[]): Share[] {
  const byOwner = new Map<string, number>();
  for (const { owner, gzipBytes } of shares) {
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + gzipBytes);
  }
  return [...byOwner]
    .map(([owner, gzipBytes]) => ({ owner, gzipBytes }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}
