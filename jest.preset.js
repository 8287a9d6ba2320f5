// Shared jest settings. Every package's jest.config.js calls jestProject(); the root
// jest.config.js lists the packages as projects so `npm test` runs them all at once.
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(fileURLToPath(import.meta.url));

// ESM-only packages jest (CommonJS mode) must transform instead of skipping.
const esmOnly = [
  'jotai',
  'react-router',
  '@remix-run',
  'cookie-es',
  'ky',
  'nock',
  '@mswjs',
  '@open-draft',
  'strict-event-emitter',
  'outvariant',
  'is-node-process',
  'headers-polyfill',
  'rettime',
  'agenda',
  '@agendajs',
  'mingo',
  'cron-parser',
  'luxon',
];

/**
 * @param {string} dir package directory
 * @param {{ displayName: string, testEnvironment?: 'node' | 'jsdom', testMatch?: string[] }} options
 */
export function jestProject(dir, options) {
  return {
    displayName: options.displayName,
    rootDir: dir,
    testEnvironment:
      options.testEnvironment === 'jsdom' ? path.join(root, 'jest.environment-jsdom.cjs') : 'node',
    testMatch: options.testMatch ?? [
      '<rootDir>/src/**/*.test.ts?(x)',
      '<rootDir>/test/**/*.test.ts?(x)',
    ],
    transform: {
      '^.+\\.(m|c)?(t|j)sx?$': [
        path.join(root, 'jest.transform.cjs'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
    moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
    setupFiles: [path.join(root, 'jest.setup-polyfills.js')],
  };
}
