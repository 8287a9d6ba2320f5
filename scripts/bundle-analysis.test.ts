// The bundle bench's source-map attribution (bench/bundle-analysis.ts, `npm run bench:bundle --
// --analyze`): which package each minified byte of a first load came from.
import {
  attribute,
  bytesPerSource,
  decodeSegment,
  ownerOf,
  summarise,
} from '../bench/bundle-analysis';

test('decodes base64 VLQ segments, signs included', () => {
  expect(decodeSegment('AAAA')).toEqual([0, 0, 0, 0]);
  expect(decodeSegment('CAAC')).toEqual([1, 0, 0, 1]);
  expect(decodeSegment('D')).toEqual([-1]);
  expect(decodeSegment('gB')).toEqual([16]);
});

test('gives each byte to the source of the segment it follows, and unmapped bytes to -1', () => {
  // "aaaa" from source 0 (column 0), "bb" from source 1 (column 4), "cc" unmapped (column 6).
  const code = 'aaaabbcc';
  const map = { sources: ['a.ts', 'b.ts'], mappings: 'AAAA,ICAA,E' };
  const bytes = bytesPerSource(code, map);
  expect(bytes.get(0)).toBe(4);
  expect(bytes.get(1)).toBe(2);
  // The unmapped tail and the line's end.
  expect(bytes.get(-1)).toBe(3);
});

test('names packages, the federation runtime, and our own folders', () => {
  expect(ownerOf('webpack://outsync_shell/../node_modules/react-dom/cjs/x.js')).toBe('react-dom');
  expect(ownerOf('webpack://x/../node_modules/@tanstack/query-core/build/a.js')).toBe(
    '@tanstack/query-core',
  );
  expect(ownerOf('webpack://x/../node_modules/@module-federation/sdk/dist/a.cjs')).toBe(
    'Module Federation runtime',
  );
  expect(ownerOf('webpack://x/webpack/runtime/consumes_loading')).toBe('bundler runtime');
  expect(ownerOf('webpack://x/../contracts/src/accounts/users.schemas.ts')).toBe(
    'contracts/src/accounts',
  );
  expect(ownerOf('webpack://x/./src/layout/header.tsx')).toBe('src/layout');
});

test("shares a file's gzip size out by bytes and adds owners up, biggest first", () => {
  const map = {
    sources: ['webpack://x/../node_modules/zod/a.js', 'webpack://x/../node_modules/ky/b.js'],
    mappings: 'AAAA,GCAA',
  };
  const shares = attribute('main.js', 'zzzk', map, 400);
  expect(summarise(shares)).toEqual([
    { owner: 'zod', gzipBytes: 240 },
    { owner: 'ky', gzipBytes: 160 },
  ]);
  expect(attribute('main.js', 'x', undefined, 10)).toEqual([
    { owner: '(no source map) main.js', gzipBytes: 10 },
  ]);
});
