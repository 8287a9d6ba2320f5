import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { jestProject } from '../jest.preset.js';

export default jestProject(path.dirname(fileURLToPath(import.meta.url)), {
  displayName: 'app-runtime',
  testEnvironment: 'jsdom',
});
