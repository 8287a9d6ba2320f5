// Starts the whole product: database, sandbox, sync-service and the five front-end apps.
// `npm start` (scripts/start.ts), the e2e suite and the bundle bench all go through here.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { buildApps } from './build.ts';
import { setUpDemoPartner, PARTNER_DEMO_CUSTOMERS } from './demo-partner.ts';
import { setUpDemoWorkspace } from './demo-workspace.ts';
import { startPartnerDemo } from './partner-demo/partner-demo.ts';
import { serveApp, type RunningServer } from './serve-app.ts';
import { repoRoot } from './repo-root.ts';
import { apps, portOf, remoteApps, remotesManifest, services, type AppName } from './topology.ts';

/** `npm start` makes this e-mail an admin on the paid tier; any other e-mail signs in as a free customer. */
export const DEMO_ADMIN_EMAIL = 'admin@outsync.demo';

export interface ProductOptions {
  /** Env the ports and URLs are read from (defaults to process.env). */
  env?: Record<string, string | undefined>;
  /** Run the sync-service, database and sandbox too (default true). */
  backend?: boolean;
  /** Keep the embedded database in memory instead of .data/mongo. */
  inMemoryDatabase?: boolean;
  /** Rebuild the front-end apps whose sources changed (default true). */
  build?: boolean;
  /** `npm run dev`: rspack dev servers with hot reload, and the service restarted on change. */
  watch?: boolean;
  /**
   * Connect the demo admin's CRMs, keys and endpoint through the API, and start the partner demo
   * (its two customers and partner account, and its portal) (default true).
   */
  demoWorkspace?: boolean;
  log?: (line: string) => void;
}

export interface RunningProduct {
  shellUrl: string;
  appUrls: Record<AppName, string>;
  serviceUrl?: string;
  sandboxUrl?: string;
  mongoUri?: string;
  /** The partner demo's portal, which embeds the webhooks module (with the demo workspace). */
  partnerDemoUrl?: string;
  /** Stops one app's server (to see how the others cope) and starts it again on the same port. */
  stopApp(app: AppName): Promise<void>;
  startApp(app: AppName): Promise<void>;
  /**
   * Stops the sync-service's process (SIGTERM, as a deploy does) and starts it again on the same
   * port and database: the database and the sandbox run in this process and keep their data.
   */
  stopService(): Promise<void>;
  startService(): Promise<void>;
  stop(): Promise<void>;
}

interface Stoppable {
  name: string;
  stop(): Promise<void>;
}

export async function startProduct(options: ProductOptions = {}): Promise<RunningProduct> {
  const env = { ...process.env, ...options.env };
  const log = options.log ?? (() => {});
  const started: Stoppable[] = [];
  const stopAll = async () => {
    for (const part of started.reverse()) {
      await part
        .stop()
        .catch((error: unknown) => log(`${part.name} did not stop cleanly: ${String(error)}`));
    }
  };

  try {
    if ((options.build ?? true) && !options.watch) await buildApps({ log });

    const appPorts = Object.fromEntries(
      (Object.keys(apps) as AppName[]).map((app) => [app, portOf(apps[app], env)]),
    ) as Record<AppName, number>;
    const remotesEnv = { ...env };
    for (const app of remoteApps) remotesEnv[apps[app].portEnv] = String(appPorts[app]);

    let serviceUrl: string | undefined;
    let sandboxUrl: string | undefined;
    let mongoUri: string | undefined;
    let serviceControl: ServiceControl | undefined;
    if (options.backend ?? true) {
      const backend = await startBackend(env, options, log, started);
      ({ serviceUrl, sandboxUrl, mongoUri } = backend);
      serviceControl = backend.service;
    }

    const servers = new Map<AppName, Pick<RunningServer, 'close'>>();
    const startApp = async (app: AppName) => {
      servers.set(
        app,
        options.watch
          ? await startDevServer(app, { ...remotesEnv, SYNC_SERVICE_URL: serviceUrl })
          : await serveApp({
              app,
              port: appPorts[app],
              remotes: () => remotesManifest(remotesEnv),
              // An operator's file, when named, replaces the list computed from the env.
              remotesFile: env.REMOTES_JSON_FILE ? path.resolve(env.REMOTES_JSON_FILE) : undefined,
              apiOrigin: serviceUrl,
            }),
      );
    };
    const stopApp = async (app: AppName) => {
      await servers.get(app)?.close();
      servers.delete(app);
    };
    for (const app of Object.keys(apps) as AppName[]) await startApp(app);
    started.push({
      name: 'front-end apps',
      stop: async () => {
        for (const app of [...servers.keys()]) await stopApp(app);
      },
    });

    const appUrls = Object.fromEntries(
      (Object.keys(apps) as AppName[]).map((app) => [app, `http://localhost:${appPorts[app]}`]),
    ) as Record<AppName, string>;

    let partnerDemoUrl: string | undefined;
    if (serviceUrl && sandboxUrl && (options.demoWorkspace ?? true)) {
      const admin = await setUpDemoWorkspace({
        serviceUrl,
        sandboxUrl,
        email: DEMO_ADMIN_EMAIL,
        log,
      });
      const port = portOf(services.partnerDemo, env);
      const { partnerKey } = await setUpDemoPartner(admin, {
        serviceUrl,
        sandboxUrl,
        origins: [`http://localhost:${port}`, `http://127.0.0.1:${port}`],
        log,
      });
      const portal = await startPartnerDemo({
        port,
        outsyncApiUrl: serviceUrl,
        partnerKey,
        embedScriptUrl: `${appUrls['mfe-webhooks']}/embed/outsync-webhooks.js`,
        customers: [...PARTNER_DEMO_CUSTOMERS],
      });
      started.push({ name: 'partner demo', stop: () => portal.close() });
      partnerDemoUrl = portal.url;
    }
    return {
      shellUrl: appUrls.shell,
      appUrls,
      serviceUrl,
      sandboxUrl,
      mongoUri,
      partnerDemoUrl,
      stopApp,
      startApp,
      stopService: async () => serviceControl?.stop(),
      startService: async () => serviceControl?.start(),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

async function startBackend(
  env: Record<string, string | undefined>,
  options: ProductOptions,
  log: (line: string) => void,
  started: Stoppable[],
) {
  let mongoUri = env.MONGODB_URI;
  if (!mongoUri) {
    const { startEmbeddedMongo } = await import('@outsync/embedded-mongo');
    const mongo = await startEmbeddedMongo({
      port: portOf(services.mongo, env),
      ...(options.inMemoryDatabase
        ? { inMemory: true }
        : { dataDir: path.join(repoRoot, '.data/mongo') }),
    });
    started.push({ name: 'embedded MongoDB', stop: () => mongo.stop() });
    mongoUri = mongo.uri;
    log(`Embedded MongoDB at ${mongoUri}`);
  }

  const { startSandbox, DEMO_OAUTH_CLIENTS } = await import('@outsync/sandbox');
  const sandbox = await startSandbox({
    port: portOf(services.sandbox, env),
    smtpPort: portOf(services.sandboxSmtp, env),
    host: '127.0.0.1',
    seed: true,
  });
  started.push({ name: 'sandbox', stop: () => sandbox.stop() });
  log(`Sandbox at ${sandbox.url}`);

  const servicePort = portOf(services.syncService, env);
  const shellPort = portOf(apps.shell, env);
  const serviceEnv = {
    ...env,
    PORT: String(servicePort),
    HOST: '127.0.0.1',
    MONGODB_URI: mongoUri,
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${shellPort}`,
    // Sign-in mail goes to the sandbox's mailbox; the demo admin is on the paid tier.
    SMTP_URL: env.SMTP_URL ?? `smtp://127.0.0.1:${sandbox.smtpPort}`,
    // The shell's proxy appends the browser's address to X-Forwarded-For; the per-IP limits use it.
    TRUST_PROXY: env.TRUST_PROXY ?? 'true',
    ADMIN_EMAILS: env.ADMIN_EMAILS ?? DEMO_ADMIN_EMAIL,
    PAID_TIER_EMAILS: env.PAID_TIER_EMAILS ?? DEMO_ADMIN_EMAIL,
    SECRETS_KEY: env.SECRETS_KEY ?? localSecretsKey(Boolean(options.inMemoryDatabase)),
    ...sandboxConnectorEnv(env, sandbox.url, DEMO_OAUTH_CLIENTS.hubspot),
  };
  let service: { url: string; stop(): Promise<void> } | null = await startServiceProcess(
    Boolean(options.watch),
    serviceEnv,
  );
  const url = service.url;
  const control: ServiceControl = {
    async stop() {
      await service?.stop();
      service = null;
    },
    async start() {
      if (service) return;
      service = await startServiceProcess(Boolean(options.watch), serviceEnv);
    },
  };
  started.push({ name: 'sync-service', stop: () => control.stop() });
  log(`Sync-service at ${url}`);
  return { mongoUri, sandboxUrl: sandbox.url, serviceUrl: url, service: control };
}

interface ServiceControl {
  stop(): Promise<void>;
  start(): Promise<void>;
}

/**
 * The key that seals tokens and API keys at rest. A persistent database needs the same key on
 * every start, so it is generated once and kept beside the data (.data/secrets.key, mode 600);
 * an in-memory database gets a fresh one.
 */
function localSecretsKey(inMemory: boolean): string {
  if (inMemory) return randomBytes(32).toString('base64');
  const file = path.join(repoRoot, '.data/secrets.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(32).toString('base64');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}

/**
 * Points every connector at the sandbox and lets the service's outbound guard call it (the
 * sandbox is on a loopback address, which the guard refuses for anything not allow-listed).
 * Values already in the environment win, so a run against real services only sets them.
 */
function sandboxConnectorEnv(
  env: Record<string, string | undefined>,
  sandboxUrl: string,
  hubspotClient: { clientId: string; clientSecret: string },
): Record<string, string> {
  const { port } = new URL(sandboxUrl);
  const defaults: Record<string, string> = {
    OUTBOUND_ALLOW_HOSTS: `localhost:${port},127.0.0.1:${port}`,
    HUBSPOT_CLIENT_ID: hubspotClient.clientId,
    HUBSPOT_CLIENT_SECRET: hubspotClient.clientSecret,
    HUBSPOT_AUTHORIZE_URL: `${sandboxUrl}/hubspot/oauth/authorize`,
    HUBSPOT_API_URL: `${sandboxUrl}/hubspot`,
    SMARTLEAD_API_URL: `${sandboxUrl}/smartlead`,
    INSTANTLY_API_URL: `${sandboxUrl}/instantly`,
    HEYREACH_API_URL: `${sandboxUrl}/heyreach`,
  };
  return Object.fromEntries(
    Object.entries(defaults).map(([name, value]) => [name, env[name] ?? value]),
  );
}

/** The service runs in its own process, as in production, and is stopped with SIGTERM. */
async function startServiceProcess(watch: boolean, env: Record<string, string | undefined>) {
  const main = path.join(repoRoot, 'sync-service/src/main.ts');
  const args = watch
    ? [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'watch', main, '--role=all']
    : ['--import', 'tsx', main, '--role=all'];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${env.PORT}`;
  await waitUntilReady(`${url}/readyz`, child);
  return { url, stop: () => stopChild(child) };
}

async function waitUntilReady(
  url: string,
  child: ChildProcess,
  timeoutMs = 60_000,
  name = 'sync-service',
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    const ok = await fetch(url)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} was not ready at ${url} after ${timeoutMs / 1000} s`);
}

/** `npm run dev`: one rspack dev server per app, on the app's port, with hot reload. */
async function startDevServer(app: AppName, env: Record<string, string | undefined>) {
  const child = spawn(
    process.execPath,
    [
      path.join(repoRoot, 'node_modules/@rspack/cli/bin/rspack.js'),
      'serve',
      '--mode',
      'development',
    ],
    { cwd: path.join(repoRoot, app), env, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  await waitUntilReady(`http://127.0.0.1:${portOf(apps[app], env)}/`, child, 120_000, app);
  return { close: () => stopChild(child) };
}

export function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * A port free now, for test instances that must not collide with npm start. Picked below the
 * OS's ephemeral range (Linux: 32768-60999): a port the OS hands out for `listen(0)` comes from
 * that range, so an outgoing connection (a driver, the browser) could take it between our check
 * and the service's own listen, which made a journey fail with EADDRINUSE.
 */
export async function freePort(taken: ReadonlySet<number> = new Set()): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const candidate = 20_000 + Math.floor(Math.random() * 12_000);
    if (!taken.has(candidate) && (await canListen(candidate))) return candidate;
  }
  return listenOnAnyPort();
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

function listenOnAnyPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Env overrides that put a whole product instance on free ports. */
export async function freePortsEnv(): Promise<Record<string, string>> {
  const names = [
    ...Object.values(apps).map((info) => info.portEnv),
    ...Object.values(services).map((info) => info.portEnv),
  ];
  const env: Record<string, string> = {};
  const taken = new Set<number>();
  for (const name of names) {
    const port = await freePort(taken);
    taken.add(port);
    env[name] = String(port);
  }
  return env;
}
