import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { jestProject } from '../../jest.preset.js';

export default {
  ...jestProject(path.dirname(fileURLToPath(import.meta.url)), {
    displayName: 'embedded-mongo',
    testEnvironment: 'node',
  }),
  // The root config's global default, for runs from this folder (the kill -9 and restart tests
  // start server processes, which take seconds on a busy machine).
  testTimeout: 30_000,
};
