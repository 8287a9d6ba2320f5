// Mutation testing of the sync pipeline's pure rules (`npm run mutation -w sync-service`): the
// four platforms' normalizers, the gate and category-filter decisions (issue 11 "Proof"), the
// CRM writers' mappings (issues 11, 12) and the block-list values, non-Latin rule and diff
// (issue 14 "Proof").
//
// Stryker runs from the repository root (the script cds there): sync-service/jest.config.js
// imports ../jest.preset.js, so the sandbox must mirror the root for that import to resolve.
// Only sync-service/, contracts/ (the canonical event and the test payload templates the tests
// build from) and the root jest files are copied; node_modules is symlinked. The sandbox lives
// in the root's .stryker-tmp/, outside every jest project's rootDir, so a root `npx jest` never
// sees its copies (even when an aborted run leaves it behind).
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

// Away from UTC: a zone-less time the normalizers misread in the host's zone only shows in a
// zone of its own, and the test runners Stryker starts inherit this one.
process.env.TZ = 'America/New_York';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'jest',
  plugins: ['@stryker-mutator/jest-runner'],
  jest: {
    projectType: 'custom',
    configFile: 'sync-service/jest.config.js',
    // Only the rules' own tests: the score says what they pin, and the service's database
    // suites (and other suites in progress) cannot slow or fail the initial run.
    config: {
      testMatch: [
        ...rules.map((folder) => `<rootDir>/${folder}/**/*.test.ts`),
        '<rootDir>/src/pipeline/write/event-values.test.ts',
        '<rootDir>/src/pipeline/write/hubspot/hubspot-mapping*.test.ts',
        '<rootDir>/src/pipeline/write/salesforce/salesforce-mapping*.test.ts',
        '<rootDir>/src/pipeline/write/lead-groups.test.ts',
      ],
    },
  },
  mutate: [
    ...rules.flatMap((folder) => [
      `sync-service/${folder}/**/*.ts`,
      `!sync-service/${folder}/**/*.test.ts`,
      `!sync-service/${folder}/**/fixtures/**`,
    ]),
    ...mappings.map((file) => `sync-service/${file}.ts`),
  ],
  coverageAnalysis: 'perTest',
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
  htmlReporter: { fileName: 'sync-service/reports/mutation/mutation.html' },
  thresholds: { high: 90, low: 85, break: 85 },
};
