// The harness never enters a bundle: only test files and src/test/ folders import it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '../../..');
const frontEnds = [
  'ui',
  'app-runtime',
  'shell',
  'mfe-auth',
  'mfe-webhooks',
  'mfe-accounts',
  'mfe-history',
];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const isTestCode = (file: string) =>
  /\.test\.tsx?$/.test(file) ||
  file.split(path.sep).includes('test') ||
  file.startsWith(path.join(repoRoot, 'app-runtime', 'src', 'testing') + path.sep);

test('no app code imports @outsync/app-runtime/testing', () => {
  const importers = frontEnds
    .flatMap((area) => sourceFiles(path.join(repoRoot, area, 'src')))
    .filter((file) => !isTestCode(file))
    .filter((file) =>
      /['"](@outsync\/app-runtime\/testing|\.{1,2}\/(\.\.\/)*testing)['"/]/.test(
        readFileSync(file, 'utf8'),
      ),
    )
    .map((file) => path.relative(repoRoot, file));

  expect(importers).toEqual([]);
});
