import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { jestProject } from '../jest.preset.js';

const base = jestProject(path.dirname(fileURLToPath(import.meta.url)), {
  displayName: 'e2e',
  testEnvironment: 'node',
  testTimeout: 90_000,
});

// Browser journeys against a running product: *.e2e.test.ts only, one file at a time.
export default {
  ...base,
  testMatch: ['<rootDir>/src/**/*.e2e.test.ts'],
  maxWorkers: 1,
};
