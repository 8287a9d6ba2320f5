// The product's processes, their default ports and the env variables that override them.
// Shared by the rspack factory, `npm start`, the e2e harness and the bundle bench.
// The apps and their federation names come from the contracts' catalog; this file is read by
// build configs, so it imports that one dependency-free file rather than the whole package.
import {
  federationNames,
  remoteApps as catalogRemoteApps,
  type FrontEndApp,
  type RemoteApp,
} from '../contracts/src/catalog/front-end-apps.ts';

export type AppName = FrontEndApp;

/**
 * The federation runtime core runs once per page: the shell provides it on `globalThis`
 * (Module Federation's `provideExternalRuntime`) and the remotes are built with
 * `externalRuntime`, so a remote's remoteEntry.js carries only its own bundler glue. A module's
 * own page (running alone, or in a foreign host that provides no runtime) loads this file first:
 * scripts/federation-runtime.ts, built into each remote's dist/ by `federationRuntimeConfig`
 * (rspack.config.ts). It does nothing where a host already provided the core. A stable name,
 * served `no-cache` like the other entry files.
 */
export const federationRuntimeFile = 'federation-runtime.js';
export type RemoteAppName = RemoteApp;

export interface AppInfo {
  /** Workspace folder. */
  folder: AppName;
  /** Module Federation container name (a JS identifier, unique on the page). */
  federationName: string;
  portEnv: string;
  defaultPort: number;
  /** Env variable naming the public origin the browser loads the remote from. */
  urlEnv?: string;
}

export const apps: Record<AppName, AppInfo> = {
  shell: {
    folder: 'shell',
    federationName: federationNames.shell,
    portEnv: 'SHELL_PORT',
    defaultPort: 3000,
  },
  'mfe-auth': {
    folder: 'mfe-auth',
    federationName: federationNames['mfe-auth'],
    portEnv: 'MFE_AUTH_PORT',
    defaultPort: 3001,
    urlEnv: 'MFE_AUTH_URL',
  },
  'mfe-webhooks': {
    folder: 'mfe-webhooks',
    federationName: federationNames['mfe-webhooks'],
    portEnv: 'MFE_WEBHOOKS_PORT',
    defaultPort: 3002,
    urlEnv: 'MFE_WEBHOOKS_URL',
  },
  'mfe-accounts': {
    folder: 'mfe-accounts',
    federationName: federationNames['mfe-accounts'],
    portEnv: 'MFE_ACCOUNTS_PORT',
    defaultPort: 3003,
    urlEnv: 'MFE_ACCOUNTS_URL',
  },
  'mfe-history': {
    folder: 'mfe-history',
    federationName: federationNames['mfe-history'],
    portEnv: 'MFE_HISTORY_PORT',
    defaultPort: 3004,
    urlEnv: 'MFE_HISTORY_URL',
  },
};

export const remoteApps: RemoteAppName[] = [...catalogRemoteApps];

export const services = {
  syncService: { portEnv: 'SYNC_SERVICE_PORT', defaultPort: 4000 },
  sandbox: { portEnv: 'SANDBOX_PORT', defaultPort: 4100 },
  sandboxSmtp: { portEnv: 'SANDBOX_SMTP_PORT', defaultPort: 2525 },
  mongo: { portEnv: 'MONGO_PORT', defaultPort: 27018 },
  /** A partner's portal embedding the webhooks module (scripts/partner-demo), with the demo. */
  partnerDemo: { portEnv: 'PARTNER_DEMO_PORT', defaultPort: 4200 },
} as const;

type Env = Record<string, string | undefined>;

export function portOf(
  info: { portEnv: string; defaultPort: number },
  env: Env = process.env,
): number {
  const raw = env[info.portEnv];
  if (raw === undefined || raw === '') return info.defaultPort;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${info.portEnv} must be a port number (0-65535), got "${raw}"`);
  }
  return port;
}

/** Public origin of a remote as the browser sees it. */
export function remoteOrigin(app: RemoteAppName, env: Env = process.env): string {
  const info = apps[app];
  const explicit = info.urlEnv ? env[info.urlEnv] : undefined;
  return (explicit ?? `http://localhost:${portOf(info, env)}`).replace(/\/+$/, '');
}

/** The shell's /remotes.json: federation name → manifest URL, read at run time by the host. */
export function remotesManifest(env: Env = process.env): Record<string, string> {
  return Object.fromEntries(
    remoteApps.map((app) => [
      apps[app].federationName,
      `${remoteOrigin(app, env)}/mf-manifest.json`,
    ]),
  );
}

/** Where the shell forwards API traffic. */
export function syncServiceOrigin(env: Env = process.env): string {
  return (env.SYNC_SERVICE_URL ?? `http://127.0.0.1:${portOf(services.syncService, env)}`).replace(
    /\/+$/,
    '',
  );
}

/** Paths the shell proxies to the sync-service (ARCHITECTURE.md §1; /readyz feeds the status widget). */
export const proxiedPrefixes = [
  '/api',
  '/auth',
  '/oauth',
  '/webhooks',
  '/healthz',
  '/readyz',
] as const;
