// Mutation testing of the webhook rule functions (`npm run mutation -w contracts`).
//
// Stryker runs from the repository root (the script cds there): contracts/jest.config.js imports
// ../jest.preset.js, so the sandbox must mirror the root for that import to resolve. Only
// contracts/ and the root jest files are copied; node_modules is symlinked. The sandbox lives in
// the root's .stryker-tmp/, outside every jest project's rootDir, so a root `npx jest` never
// sees its copies (even when an aborted run leaves it behind).
const rules = [
  'custom-task-subject',
  'webhook-rules',
  'webhook-form',
  'additional-endpoints',
  'webhooks.schemas',
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'jest',
  plugins: ['@stryker-mutator/jest-runner'],
  jest: {
    projectType: 'custom',
    configFile: 'contracts/jest.config.js',
    // Only the rules' own tests: the score says what they pin, and other suites in progress
    // cannot fail the initial run.
    config: {
      testMatch: [`<rootDir>/src/webhooks/{${rules.join(',')}}.test.ts`],
    },
  },
  mutate: rules.map((rule) => `contracts/src/webhooks/${rule}.ts`),
  coverageAnalysis: 'perTest',
  ignorePatterns: [
    '/*',
    '!/contracts',
    '!/package.json',
    '!/tsconfig.base.json',
    '!/jest.preset.js',
    '!/jest.transform.cjs',
    '!/jest.setup-polyfills.js',
    '/contracts/reports',
  ],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  reporters: ['clear-text', 'progress', 'html'],
  clearTextReporter: { allowColor: false, logTests: false, reportTests: false },
  htmlReporter: { fileName: 'contracts/reports/mutation/mutation.html' },
  thresholds: { high: 95, low: 90, break: 90 },
};
