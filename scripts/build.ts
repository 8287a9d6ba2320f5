// Production builds of the shell and the four remotes (and the webhooks area's embed script).
// Only apps whose inputs changed since their last build are rebuilt (`--force` rebuilds all).
// Usable as a CLI and as a function.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { repoRoot } from './repo-root.ts';
import { apps, federationRuntimeFile, type AppName } from './topology.ts';

const allApps = Object.keys(apps) as AppName[];
const stampFile = '.build-inputs';

/** Everything that ends up in an app's bundle: its own sources and the shared packages. */
function inputsOf(app: AppName): string[] {
  const dirs = [path.join(app, 'src'), 'ui/src', 'app-runtime/src', 'contracts/src'];
  const files = [
    path.join(app, 'package.json'),
    path.join(app, 'rspack.config.ts'),
    'rspack.config.ts',
    'scripts/topology.ts',
    'scripts/federation-runtime.ts',
    'package-lock.json',
  ];
  return [...files, ...dirs.flatMap((dir) => listFiles(dir))].filter((file) =>
    existsSync(path.join(repoRoot, file)),
  );
}

function listFiles(dir: string): string[] {
  const absolute = path.join(repoRoot, dir);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(repoRoot, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** One hash per app over its inputs; files every app shares (ui, contracts) are read once. */
function fingerprint(app: AppName, fileDigests: Map<string, string>): string {
  const hash = createHash('sha256');
  for (const file of inputsOf(app)) {
    let digest = fileDigests.get(file);
    if (digest === undefined) {
      digest = createHash('sha256')
        .update(readFileSync(path.join(repoRoot, file)))
        .digest('hex');
      fileDigests.set(file, digest);
    }
    hash.update(file).update('\0').update(digest);
  }
  return hash.digest('hex');
}

/**
 * Outputs an app's build makes besides the federated app, by path under its dist/: one that is
 * missing means the app is built again, whatever its stamp says. The partners' embed script and
 * each remote's federation runtime provider come out of the same `rspack build` (the remotes'
 * rspack.config.ts export several configs).
 */
const extraOutputs: Partial<Record<AppName, string[]>> = {
  'mfe-auth': [federationRuntimeFile],
  'mfe-webhooks': ['embed/outsync-webhooks.js', federationRuntimeFile],
  'mfe-accounts': [federationRuntimeFile],
  'mfe-history': [federationRuntimeFile],
};

function isFresh(app: AppName, print: string): boolean {
  const dist = path.join(repoRoot, app, 'dist');
  const stamp = path.join(dist, stampFile);
  return (
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8') === print &&
    (extraOutputs[app] ?? []).every((file) => existsSync(path.join(dist, file)))
  );
}

// The rspack CLI builds each app in its own process: loading the configs through tsx would
// leak esbuild's `__name` helper into the federation runtime code that rspack stringifies.
const rspackCli = path.join(repoRoot, 'node_modules/@rspack/cli/bin/rspack.js');

/**
 * A production build of `app` in its own process: into its dist/, or into `outputPath` (a
 * release kept aside) with `env` added (MF_BUILD_VERSION stamps the manifest's version).
 */
export function buildOne(
  app: AppName,
  options: { outputPath?: string; env?: Record<string, string> } = {},
): Promise<void> {
  const output = options.outputPath ? ['--output-path', options.outputPath] : [];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [rspackCli, 'build', '--mode', 'production', ...output], {
      cwd: path.join(repoRoot, app),
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`Building ${app} failed:\n${log}`)),
    );
  });
}

export interface BuildResult {
  built: AppName[];
  skipped: AppName[];
}

export async function buildApps({
  force = false,
  only = allApps,
  log = console.log,
}: { force?: boolean; only?: AppName[]; log?: (line: string) => void } = {}): Promise<BuildResult> {
  const fileDigests = new Map<string, string>();
  const prints = new Map(only.map((app) => [app, fingerprint(app, fileDigests)]));
  const stale = only.filter((app) => force || !isFresh(app, prints.get(app) ?? ''));
  const skipped = only.filter((app) => !stale.includes(app));
  if (stale.length === 0) return { built: [], skipped };

  log(`Building ${stale.join(', ')}…`);
  const started = Date.now();
  await Promise.all(stale.map((app) => buildOne(app)));
  for (const app of stale) {
    writeFileSync(path.join(repoRoot, app, 'dist', stampFile), prints.get(app) ?? '');
  }
  log(`Built ${stale.length} app(s) in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return { built: stale, skipped };
}
