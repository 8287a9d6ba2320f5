// Our machines' npm registry mirror answers 404 for native packages built for other platforms
// (@rspack/binding-darwin-arm64, @swc/core-win32-x64-msvc, …). npm then leaves them out of
// package-lock.json, and `npm ci` refuses a lockfile that lacks an optional dependency a
// package declares. This adds the missing entries with the platform fields npm reads to skip
// them (version from the declaring package, os/cpu/libc from the package name).
// Run after changing dependencies: `npm run lockfile:complete`.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './repo-root.ts';

interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
  libc?: string[];
}

const lockPath = path.join(repoRoot, 'package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as { packages: Record<string, LockEntry> };

const osNames = [
  'darwin',
  'linux',
  'win32',
  'freebsd',
  'android',
  'openharmony',
  'netbsd',
  'openbsd',
  'sunos',
  'aix',
];
const cpuNames = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 'riscv64', 's390x', 'loong64', 'wasm32'];

function platformOf(name: string): Pick<LockEntry, 'os' | 'cpu' | 'libc'> | null {
  const parts = name.split('/').pop()?.split('-') ?? [];
  const os = parts.find((part) => osNames.includes(part));
  const cpu = parts.find((part) => cpuNames.includes(part));
  if (!os && !cpu) return null;
  const libc = parts.some((part) => part.startsWith('musl'))
    ? ['musl']
    : parts.includes('gnu') || parts.some((part) => part.startsWith('gnueabi'))
      ? ['glibc']
      : undefined;
  return { ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu] } : {}), ...(libc ? { libc } : {}) };
}

let added = 0;
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const sibling = `${location ? `${location}/node_modules/` : 'node_modules/'}${name}`;
    const hoisted = `node_modules/${name}`;
    if (lock.packages[sibling] || lock.packages[hoisted]) continue;
    const platform = platformOf(name);
    if (!platform || !/^\d+\.\d+\.\d+/.test(range)) continue;
    lock.packages[hoisted] = {
      version: range,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added += 1;
  }
}

const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) =>
    a === '' ? -1 : b === '' ? 1 : a.localeCompare(b),
  ),
);
writeFileSync(lockPath, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
console.log(
  `package-lock.json: added ${added} platform-specific optional entr${added === 1 ? 'y' : 'ies'}.`,
);
