import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { jestProject } from '../jest.preset.js';

// The repository's own tooling: topology, static serving and proxying, builds, lint boundaries.
export default jestProject(path.dirname(fileURLToPath(import.meta.url)), {
  displayName: 'tooling',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.test.ts'],
});
