import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './repo-root';

// The repository's real ESLint config refuses an import cycle (import-x/no-cycle). The rule
// follows imports through the files on disk, so the sample pair is written into a temporary
// folder inside the repository, where the config lints TypeScript. On disk the pair has no
// cycle: b.ts imports a.ts, a.ts imports nothing. The cycle exists only in the text linted as
// a.ts (as an editor lints an unsaved buffer), so a run that dies before afterAll leaves two
// files that lint, type-check and format clean. The folder name starts with a dot: TypeScript's
// `include` globs skip it.

type Sample = readonly [file: string, code: string];

const lintSamples = `
import { ESLint } from 'eslint';
let input = '';
for await (const chunk of process.stdin) input += chunk;
const eslint = new ESLint({ cwd: process.cwd() });
const results = [];
for (const [file, code] of JSON.parse(input)) {
  const [result] = await eslint.lintText(code, { filePath: file });
  results.push((result?.messages ?? []).map((message) => message.ruleId));
}
process.stdout.write(JSON.stringify(results));
`;

/** The rule ids each sample breaks, in order; ESLint's API is ESM and jest runs CommonJS. */
function lint(samples: readonly Sample[]): Array<Array<string | null>> {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', lintSamples], {
    cwd: repoRoot,
    input: JSON.stringify(samples),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`ESLint failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as Array<Array<string | null>>;
}

const onDisk = {
  'a.ts': 'export const a = 1;\n',
  'b.ts': "import { a } from './a.ts';\n\nexport const b = a + 1;\n",
};
/** a.ts importing b.ts back. */
const aWithBackImport = "import { b } from './b.ts';\n\nexport const a = () => b;\n";

let folder: string;
let found: Array<Array<string | null>>;

beforeAll(() => {
  folder = mkdtempSync(path.join(repoRoot, 'scripts', '.cycle-sample-'));
  for (const [name, code] of Object.entries(onDisk)) writeFileSync(path.join(folder, name), code);
  found = lint([
    [path.join(folder, 'a.ts'), aWithBackImport],
    [path.join(folder, 'b.ts'), onDisk['b.ts']],
    [path.join(folder, 'a.ts'), onDisk['a.ts']],
  ]);
});

afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

test('two files importing each other break import-x/no-cycle', () => {
  expect(found[0]).toEqual(['import-x/no-cycle']);
});

test('the same pair without the back-import is clean', () => {
  expect(found[1]).toEqual([]);
  expect(found[2]).toEqual([]);
});
