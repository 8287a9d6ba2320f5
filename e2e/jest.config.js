import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { jestProject } from '../jest.preset.js';

const base = jestProject(path.dirname(fileURLToPath(import.meta.url)), {
  displayName: 'e2e',
  testEnvironment: 'node',
});

// Browser journeys against a running product: *.e2e.test.ts only, one file at a time.
export default {
  ...base,
  testMatch: ['<rootDir>/src/**/*.e2e.test.ts'],
  // Run on its own (-c), so this top-level timeout applies.
  testTimeout: 90_000,
  maxWorkers: 1,
};
