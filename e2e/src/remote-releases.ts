// Builds a remote as its team would release it, into a folder of its own, so a journey can serve
// two releases side by side while the product keeps its own build.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildOne } from '../../scripts/build.ts';
import { repoRoot } from '../../scripts/repo-root.ts';
import type { RemoteAppName } from '../../scripts/topology.ts';

/** The version in the remote's package.json: what a release without an override is built as. */
export function packageVersion(app: RemoteAppName): string {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, app, 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/**
 * A production build of `app` into `outDir`. `version` is written as the manifest's build
 * version through Module Federation's own MF_BUILD_VERSION, as a release pipeline would stamp it.
 */
export function buildRemoteRelease(
  app: RemoteAppName,
  outDir: string,
  { version }: { version?: string } = {},
): Promise<void> {
  return buildOne(app, { outputPath: outDir, env: version ? { MF_BUILD_VERSION: version } : {} });
}

/** A copy of a built release whose manifest is changed by `edit` (a release that lies about itself). */
export function copyReleaseWithManifest(
  fromDir: string,
  toDir: string,
  edit: (manifest: Record<string, unknown>) => void,
): void {
  cpSync(fromDir, toDir, { recursive: true });
  const file = path.join(toDir, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  edit(manifest);
  writeFileSync(file, JSON.stringify(manifest, null, 2));
}
