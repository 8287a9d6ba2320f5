import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The repository root, found from the working directory. These scripts also run inside jest's
 * CommonJS transform (the e2e harness), where `import.meta` does not exist.
 */
export function findRepoRoot(start = process.cwd()): string {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === 'outsync') return dir;
    }
    if (path.dirname(dir) === dir) throw new Error(`Not inside the OutSync repository: ${start}`);
  }
}

export const repoRoot = findRepoRoot();
