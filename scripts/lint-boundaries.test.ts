import { spawnSync } from 'node:child_process';
import { repoRoot } from './repo-root';

// The import directions of ARCHITECTURE.md §5 and the test-file rules, checked by running the
// repository's real ESLint config on sample files as they would sit in each package. ESLint's
// API needs ESM and jest runs CommonJS, so one child process lints every sample at once (loading
// the config once per sample took ~1.5 s each).

type Sample = readonly [file: string, code: string];

const lintSamples = `
import { ESLint } from 'eslint';
import path from 'node:path';
let input = '';
for await (const chunk of process.stdin) input += chunk;
const eslint = new ESLint({ cwd: process.cwd() });
const results = [];
for (const [file, code] of JSON.parse(input)) {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(file) });
  results.push((result?.messages ?? []).map((message) => message.ruleId));
}
process.stdout.write(JSON.stringify(results));
`;

/** The rule ids each sample breaks, in order. */
function lint(samples: readonly Sample[]): Array<Array<string | null>> {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', lintSamples], {
    cwd: repoRoot,
    input: JSON.stringify(samples),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`ESLint failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as Array<Array<string | null>>;
}

const crossAreaImports: Sample[] = [
  ['mfe-auth/src/x.ts', "import '@outsync/mfe-webhooks';"],
  ['mfe-webhooks/src/x.ts', "import '../../mfe-history/src/exposes/webhook-logs-page';"],
  ['shell/src/x.ts', "import '@outsync/mfe-accounts';"],
  ['shell/src/x.ts', "import '../../mfe-auth/src/exposes/login-page';"],
  ['ui/src/x.ts', "import '../../shell/src/app';"],
  ['contracts/src/x.ts', "import '@outsync/ui';"],
];

const refusedReactRouter: Sample = [
  'mfe-webhooks/src/x.ts',
  "import { useBlocker } from 'react-router';\nexport { useBlocker };",
];

const refusedZod: Sample[] = [
  ['mfe-accounts/src/x.ts', "import { z } from 'zod';\nexport { z };"],
  ['contracts/src/accounts/x.ts', "import { z } from 'zod';\nexport { z };"],
  ['shell/src/x.ts', "import * as zm from 'zod/mini';\nexport { zm };"],
];

const allowedImports: Sample[] = [
  [
    'mfe-accounts/src/x.ts',
    "import { accountsRoutes } from '@outsync/contracts/accounts';\nexport { accountsRoutes };",
  ],
  [
    'contracts/src/accounts/x.ts',
    "import * as z from '@outsync/contracts/zod';\nexport const S = z.string();",
  ],
  ['contracts/src/zod.ts', "export { string } from 'zod';"],
  ['contracts/src/x.test.ts', "import { z } from 'zod';\nexport { z };"],
  [
    'shell/src/x.ts',
    "import { useNavigate, type RouteObject } from 'react-router';\nexport type R = RouteObject;\nexport { useNavigate };",
  ],
  ['mfe-webhooks/src/x.ts', "import { Button } from '@outsync/ui';\nexport { Button };"],
  ['shell/src/x.ts', "import { theme } from '@outsync/ui';\nexport { theme };"],
  ['mfe-auth/src/features/sign-in/components/x.ts', "import '../api/use-login';"],
  ['mfe-auth/src/exposes/x.ts', "import '../features/sign-in/components/login-screen';"],
  ['mfe-auth/src/app/x.ts', "import '../exposes/login-page';"],
  ['sync-service/src/features/auth/x.ts', "import '../users';"],
  ['sync-service/src/features/auth/x.ts', "import './auth.model';"],
  ['sync-service/src/features/auth/x.ts', "import '../../platform/http/route';"],
  ['sync-service/src/features/auth/x.ts', "import '../../connectors/http';"],
  ['sync-service/src/features/webhook-events/x.ts', "import '../../pipeline';"],
  ['sync-service/src/features/block-lists/run/x.ts', "import '../block-list-sync.model';"],
  ['sync-service/src/composition.ts', "import './features/users';"],
  ['sync-service/src/testing/x.ts', "import '../features/users';"],
  ['sync-service/src/testing/x.ts', "import '../connectors/http';"],
  ['sync-service/src/pipeline/x.ts', "import './ports';"],
  ['sync-service/src/connectors/x.ts', "import '../platform/safe-fetch';"],
  // Another feature's collection through the port its owner exports; a feature's own model; the
  // composition root, which builds the models; tests and their support files.
  [
    'sync-service/src/features/users/x.ts',
    "import type { ProfileRecords } from '../profiles';\nexport type P = ProfileRecords;",
  ],
  [
    'sync-service/src/features/block-lists/run/x.ts',
    "import type { BlockListSyncModel } from '../block-list-sync.model';\nexport type S = BlockListSyncModel;",
  ],
  [
    'sync-service/src/composition.ts',
    "import { blockListLogModel, type BlockListLogModel } from './features/block-lists';\nexport { blockListLogModel, type BlockListLogModel };",
  ],
  [
    'sync-service/src/features/webhooks/x.test-support.ts',
    "import { profileModel } from '../profiles';\nexport { profileModel };",
  ],
  [
    'sync-service/src/features/webhooks/x.test.ts',
    "import { apiKeyModel } from '../api-keys';\nexport { apiKeyModel };",
  ],
  ['ui/src/x.test.tsx', "test('a', () => {\n  expect(1).toBe(1);\n});"],
];

const inwardImports: Sample[] = [
  ['mfe-auth/src/features/sign-in/x.ts', "import '../../exposes/login-page';"],
  ['mfe-auth/src/features/sign-in/components/x.ts', "import '../../../app/pages';"],
  // A feature folder that does not exist yet is covered too: zones key on the imported feature.
  ['mfe-auth/src/features/billing/x.ts', "import '../sign-in/api/use-login';"],
  ['sync-service/src/platform/x.ts', "import '../features/users/users.service';"],
  ['sync-service/src/platform/http/x.ts', "import '../../features/auth/auth.routes';"],
  ['sync-service/src/platform/x.ts', "import '../pipeline';"],
  ['sync-service/src/platform/x.ts', "import '../connectors/http';"],
  ['sync-service/src/platform/safe-fetch/x.ts', "import '../../features/auth/auth.service';"],
  ['sync-service/src/connectors/x.ts', "import '../features/users/users.service';"],
  ['sync-service/src/connectors/crm/x.ts', "import '../../pipeline/pipeline';"],
  // A feature's inner files are its own, from another feature, the composition root or testing/.
  ['sync-service/src/features/auth/x.ts', "import '../users/users.model';"],
  ['sync-service/src/features/webhooks/x.ts', "import '../users/avatar';"],
  ['sync-service/src/features/billing/x.ts', "import '../users/users.model';"],
  ['sync-service/src/composition.ts', "import './features/users/users.model';"],
  ['sync-service/src/testing/x.ts', "import '../features/users/users.model';"],
  // The pipeline imports no feature, not even through its index.
  ['sync-service/src/pipeline/x.ts', "import '../features/webhook-events';"],
  [
    'sync-service/src/pipeline/write/x.ts',
    "import '../../features/profiles/salesforce-custom-fields';",
  ],
];

// A feature's models are its own (issue 28): another feature takes the port its index.ts exports.
const refusedModelImports: Sample[] = [
  [
    'sync-service/src/features/users/x.ts',
    "import type { ProfileDoc, ProfileModel } from '../profiles';\nexport type P = [ProfileDoc, ProfileModel];",
  ],
  [
    'sync-service/src/features/block-lists/run/x.ts',
    "import { type ApiKeyModel } from '../../api-keys';\nexport type K = ApiKeyModel;",
  ],
  // The factory too, and from a feature folder that does not exist yet.
  [
    'sync-service/src/features/billing/x.ts',
    "import { profileModel } from '../profiles';\nexport { profileModel };",
  ],
  // history too: each history list is read by the feature that owns its collection.
  [
    'sync-service/src/features/history/x.ts',
    "import type { WebhookEventModel } from '../webhook-events';\nexport type E = WebhookEventModel;",
  ],
  // A namespace import would carry the model along.
  [
    'sync-service/src/features/webhooks/x.ts',
    "import * as users from '../users';\nexport { users };",
  ],
];

const passingTest = '() => {\n  expect(1).toBe(1);\n}';
// Built from parts, so this file holds no line a focused/skipped-test search would flag.
const [focused, skipped, xPrefix] = ['only', 'skip', 'x'];
const focusedOrDisabledTests: Array<readonly [file: string, code: string, rule: string]> = [
  ['ui/src/x.test.tsx', `test.${focused}('a', ${passingTest});`, 'jest/no-focused-tests'],
  [
    'shell/src/x.test.ts',
    `describe.${focused}('a', () => {\n  it('b', ${passingTest});\n});`,
    'jest/no-focused-tests',
  ],
  ['e2e/src/x.e2e.test.ts', `test.${focused}('a', ${passingTest});`, 'jest/no-focused-tests'],
  ['ui/src/x.test.tsx', `test.${skipped}('a', ${passingTest});`, 'jest/no-disabled-tests'],
  [
    'sync-service/src/x.test.ts',
    `describe.${skipped}('a', () => {\n  it('b', ${passingTest});\n});`,
    'jest/no-disabled-tests',
  ],
  ['e2e/src/x.e2e.test.ts', `${xPrefix}it('a', ${passingTest});`, 'jest/no-disabled-tests'],
];

const samples: Sample[] = [
  ...crossAreaImports,
  refusedReactRouter,
  ...refusedZod,
  ...allowedImports,
  ...inwardImports,
  ...refusedModelImports,
  ...focusedOrDisabledTests.map(([file, code]) => [file, code] as const),
];
/** Rule ids by `file\ncode`, filled once before the tests. */
const found = new Map<string, Array<string | null>>();
const keyOf = (file: string, code: string) => `${file}\n${code}`;

beforeAll(() => {
  const results = lint(samples);
  samples.forEach(([file, code], index) => found.set(keyOf(file, code), results[index] ?? []));
});

function rulesBrokenBy(file: string, code: string): Array<string | null> {
  const rules = found.get(keyOf(file, code));
  if (!rules) throw new Error(`Not linted: ${file}`);
  return rules;
}

test.each(crossAreaImports)('%s may not run `%s`', (file, code) => {
  expect(
    rulesBrokenBy(file, code).some(
      (rule) =>
        rule === '@typescript-eslint/no-restricted-imports' ||
        rule === 'import-x/no-restricted-paths',
    ),
  ).toBe(true);
});

test('react-router names outside the shared tree-shaken list are refused', () => {
  expect(rulesBrokenBy(...refusedReactRouter)).toEqual([
    '@typescript-eslint/no-restricted-imports',
  ]);
});

test.each(refusedZod)(
  '%s may not run `%s`: zod is shared as @outsync/contracts/zod',
  (file, code) => {
    expect(rulesBrokenBy(file, code)).toEqual(['no-restricted-imports']);
  },
);

test.each(allowedImports)('%s may run `%s`', (file, code) => {
  expect(rulesBrokenBy(file, code)).toEqual([]);
});

test.each(inwardImports)('inside a package, %s may not run `%s`', (file, code) => {
  expect(rulesBrokenBy(file, code)).toEqual(['import-x/no-restricted-paths']);
});

test.each(refusedModelImports)(
  "%s may not run `%s`: another feature's model is reached through its port",
  (file, code) => {
    expect(rulesBrokenBy(file, code)).toEqual(['no-restricted-imports']);
  },
);

test.each(focusedOrDisabledTests)('%s: `%s` breaks %s', (file, code, rule) => {
  expect(rulesBrokenBy(file, code)).toContain(rule);
});
