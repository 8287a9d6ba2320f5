// Mutation testing of the sync service, in two sets (`npm run mutation` at the root runs both):
//
// - `rules` (the default: `npm run mutation -w sync-service`): the sync pipeline's pure rules —
//   the four platforms' normalizers, the gate and category-filter decisions (issue 11 "Proof"),
//   the CRM writers' mappings (issues 11, 12) and the block-list values, non-Latin rule and diff
//   (issue 14 "Proof") — against their own unit tests;
// - `runs` (`MUTATE_SET=runs npm run mutation -w sync-service`): the dedupe key, the block-list
//   run and the block-list service rules (issue 35) — against the tests that pin them through
//   the real app on the sandbox (receiver.dedupe*.test.ts, block-lists.*.test.ts), each of which
//   starts an app of its own. Apart, because those tests run through the normalizers, mappings
//   and block-list rules too: in one set every such mutant would start them as well, hours
//   instead of tens of minutes.
//
// Stryker runs from the repository root (the script cds there): sync-service/jest.config.js
// imports ../jest.preset.js, so the sandbox must mirror the root for that import to resolve.
// Only sync-service/, contracts/ (the canonical event and the test payload templates the tests
// build from) and the root jest files are copied; node_modules is symlinked (the sandbox and
// the embedded MongoDB are read from the repository through it). The sandbox lives in the
// root's .stryker-tmp/, outside every jest project's rootDir, so a root `npx jest` never sees
// its copies (even when an aborted run leaves it behind).
const rules = ['src/pipeline/normalize', 'src/pipeline/decisions', 'src/features/block-lists/run'];
// The writers' pure mapping modules, with their own tests (the writers themselves are covered by
// nock tests, too slow to run per mutant).
const mappings = [
  'src/pipeline/write/event-values',
  'src/pipeline/write/hubspot/hubspot-mapping',
  'src/pipeline/write/salesforce/salesforce-mapping',
  'src/pipeline/write/salesforce/salesforce-field-catalog',
  'src/pipeline/write/lead-groups',
];
/** The `runs` set's modules: not pure, so left out of `rules` (run-block-list.ts is in run/). */
const runs = [
  'src/pipeline/dedup-key',
  'src/features/block-lists/run/run-block-list',
  'src/features/block-lists/block-lists.service',
];

// Away from UTC: a zone-less time the normalizers misread in the host's zone only shows in a
// zone of its own, and the test runners Stryker starts inherit this one.
process.env.TZ = 'America/New_York';

const set = process.env.MUTATE_SET ?? 'rules';
if (set !== 'rules' && set !== 'runs')
  throw new Error(`MUTATE_SET is "${set}": expected rules (the default) or runs`);

const sets = {
  rules: {
    // Only the rules' own tests: the score says what they pin, and the service's database
    // suites (and other suites in progress) cannot slow or fail the initial run.
    testMatch: [
      ...rules.map((folder) => `<rootDir>/${folder}/**/*.test.ts`),
      '<rootDir>/src/pipeline/write/event-values.test.ts',
      '<rootDir>/src/pipeline/write/hubspot/hubspot-mapping*.test.ts',
      '<rootDir>/src/pipeline/write/salesforce/salesforce-mapping*.test.ts',
      '<rootDir>/src/pipeline/write/lead-groups.test.ts',
    ],
    mutate: [
      ...rules.flatMap((folder) => [
        `sync-service/${folder}/**/*.ts`,
        `!sync-service/${folder}/**/*.test.ts`,
        `!sync-service/${folder}/**/fixtures/**`,
      ]),
      ...runs.map((file) => `!sync-service/${file}.ts`),
      ...mappings.map((file) => `sync-service/${file}.ts`),
    ],
    thresholds: { high: 90, low: 85, break: 85 },
  },
  runs: {
    // The tests with their own oracle (issue 35) and the block-list suites beside them; not the
    // worker's schedule test, which waits out real intervals (seconds per mutant) and pins the
    // job, not these modules.
    testMatch: [
      '<rootDir>/src/features/webhook-events/receiver.dedupe*.test.ts',
      '<rootDir>/src/features/block-lists/block-lists.!(worker).test.ts',
    ],
    mutate: runs.map((file) => `sync-service/${file}.ts`),
    thresholds: { high: 90, low: 85, break: 85 },
    // Without nock's outbound guard (no-outbound-guard.test-support.ts says why): these suites
    // call only the in-process sandbox and the embedded MongoDB.
    moduleNameMapper: {
      '^(\\.{1,2}/.*)\\.js$': '$1',
      'testing/nock-guard$': '<rootDir>/src/features/block-lists/no-outbound-guard.test-support.ts',
    },
  },
};
const chosen = sets[set];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'jest',
  plugins: ['@stryker-mutator/jest-runner'],
  jest: {
    projectType: 'custom',
    configFile: 'sync-service/jest.config.js',
    // The root jest config's timeout (this project's config has none): the app tests start and
    // stop a whole app in their hooks.
    config: {
      testMatch: chosen.testMatch,
      testTimeout: 30_000,
      ...(chosen.moduleNameMapper ? { moduleNameMapper: chosen.moduleNameMapper } : {}),
    },
  },
  mutate: chosen.mutate,
  coverageAnalysis: 'perTest',
  // A mutant's run starts an app per test file that covers it (a few seconds each on a busy
  // machine), none of which counts in the tests' own times.
  // A mutant that leaves events unsettled fails each dedupe test after 10 s, and is cut short
  // here (a timeout counts as detected).
  timeoutMS: 90_000,
  timeoutFactor: 2,
  ignorePatterns: [
    '/*',
    '!/sync-service',
    '!/contracts',
    '!/package.json',
    '!/tsconfig.base.json',
    '!/jest.preset.js',
    '!/jest.transform.cjs',
    '!/jest.setup-polyfills.js',
    '/sync-service/reports',
    '/contracts/reports',
  ],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  reporters: ['clear-text', 'progress', 'html'],
  clearTextReporter: { allowColor: false, logTests: false, reportTests: false },
  htmlReporter: {
    fileName: `sync-service/reports/mutation/${set === 'rules' ? 'mutation' : 'runs'}.html`,
  },
  thresholds: chosen.thresholds,
};
