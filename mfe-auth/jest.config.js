import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { jestProject } from '../jest.preset.js';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default jestProject(dir, {
  displayName: 'mfe-auth',
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: [path.join(dir, 'src/test/same-origin-client.ts')],
});
