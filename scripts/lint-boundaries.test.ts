import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './repo-root';

// The import directions of ARCHITECTURE.md §5, checked by running the repository's real ESLint
// config on a file as it would sit in each package (ESLint's API needs ESM, jest runs CommonJS).
async function problems(file: string, code: string): Promise<Array<string | null>> {
  const eslint = path.join(repoRoot, 'node_modules/eslint/bin/eslint.js');
  const run = spawnSync(
    process.execPath,
    [eslint, '--stdin', '--stdin-filename', path.join(repoRoot, file), '--format', 'json'],
    { cwd: repoRoot, input: code, encoding: 'utf8' },
  );
  const [result] = JSON.parse(run.stdout) as Array<{ messages: Array<{ ruleId: string | null }> }>;
  return (result?.messages ?? []).map((message) => message.ruleId);
}

test.each([
  ['mfe-auth/src/x.ts', "import '@outsync/mfe-webhooks';"],
  ['mfe-webhooks/src/x.ts', "import '../../mfe-history/src/exposes/webhook-logs-page';"],
  ['shell/src/x.ts', "import '@outsync/mfe-accounts';"],
  ['shell/src/x.ts', "import '../../mfe-auth/src/exposes/login-page';"],
  ['ui/src/x.ts', "import '../../shell/src/app';"],
  ['contracts/src/x.ts', "import '@outsync/ui';"],
])('%s may not run `%s`', async (file, code) => {
  const rules = await problems(file, code);
  expect(
    rules.some(
      (rule) =>
        rule === '@typescript-eslint/no-restricted-imports' ||
        rule === 'import-x/no-restricted-paths',
    ),
  ).toBe(true);
});

test('react-router names outside the shared tree-shaken list are refused; types are fine', async () => {
  expect(
    await problems(
      'mfe-webhooks/src/x.ts',
      "import { useBlocker } from 'react-router';\nexport { useBlocker };",
    ),
  ).toEqual(['@typescript-eslint/no-restricted-imports']);
  expect(
    await problems(
      'shell/src/x.ts',
      "import { useNavigate, type RouteObject } from 'react-router';\nexport type R = RouteObject;\nexport { useNavigate };",
    ),
  ).toEqual([]);
});

test.each([
  ['mfe-webhooks/src/x.ts', "import { Button } from '@outsync/ui';\nexport { Button };"],
  ['shell/src/x.ts', "import { theme } from '@outsync/ui';\nexport { theme };"],
])('%s may import the shared packages', async (file, code) => {
  expect(await problems(file, code)).toEqual([]);
});
