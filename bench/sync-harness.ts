// Shared set-up of the sync benchmarks: the embedded MongoDB, the sandbox and sync-service (role
// all: API and worker in one process; or role api plus `--role=worker` processes), each in its
// own child process as `npm start` runs them, then the demo admin's workspace made through the
// real API and the sandbox's OAuth pages. The benchmarks post to the demo's Smartlead webhook
// on HubSpot, or on Salesforce (a Lead upsert webhook the harness adds through the same API).
//
// Rate limits are `npm start`'s: the sandbox's defaults (HubSpot 190 requests / 10 s per portal,
// search 4 / s per token; Smartlead 100 / 10 s per key) and none of the service's own on
// `/webhooks/{code}`, which has none.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { type Agent, request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildTestPayload, defaultTestInputs } from '@outsync/contracts/webhooks/test-payloads';
import { testEventTypes, type TestEventType } from '@outsync/contracts';
import { FINAL_SYNC_STATUSES } from '@outsync/contracts/sync';
import { DEMO_API_KEYS, DEMO_OAUTH_CLIENTS, SMARTLEAD_DEMO_CAMPAIGN_ID } from '@outsync/sandbox';
import { type Collection, type Document, MongoClient } from 'mongodb';
import { setUpDemoWorkspace } from '../scripts/demo-workspace.ts';
import { DEMO_ADMIN_EMAIL, freePort, stopChild } from '../scripts/product.ts';
import { repoRoot } from '../scripts/repo-root.ts';
import { readSignInCode } from '../scripts/sign-in.ts';

const MONGO_CLI = path.join(repoRoot, 'tools/embedded-mongo/bin/embedded-mongo.js');
const SANDBOX_CLI = path.join(repoRoot, 'tools/sandbox/src/cli.ts');
const SERVICE_MAIN = path.join(repoRoot, 'sync-service/src/main.ts');

export type BenchCrm = 'hubspot' | 'salesforce';

export interface SyncBench {
  serviceUrl: string;
  sandboxUrl: string;
  mongoUri: string;
  /** The live address of the demo's Smartlead → HubSpot webhook (`POST /webhooks/{code}`). */
  webhookUrl: string;
  /**
   * The Smartlead webhook on `crm`: the demo's for HubSpot; for Salesforce one made on first
   * call through the service's API (Lead upsert, e-mail log type, no custom fields).
   */
  smartleadWebhookUrl(crm: BenchCrm): Promise<string>;
  /** The service's `webhookLogs` collection, read with the official driver. */
  logs: Collection<Document>;
  /** Where the service's log lines go (its stdout and stderr). */
  serviceLogFile: string;
  /** Process ids of the children, for CPU accounting. */
  pids: { mongo: number; sandbox: number; service: number };
  /** Process ids of the `--role=worker` processes (StartOptions.workers). */
  workerPids: number[];
  /** Kills the running worker with this pid with SIGKILL (a crash: no shutdown). */
  killWorker(pid: number): void;
  /** Starts one more `--role=worker` process; answers its pid once it is up. */
  addWorker(): Promise<number>;
  /**
   * Kills the API process with SIGKILL (a crash: no shutdown, requests in flight cut) and starts
   * it again on the same port; answers how long it took until `/readyz` answered 200 again.
   */
  crashService(): Promise<{ restartMs: number }>;
  /**
   * Kills the embedded database with SIGKILL, keeps it down `downMs`, then starts it again on
   * its data directory and port (every client reconnects); answers when it listens again.
   */
  crashDatabase(downMs: number): Promise<{ restartMs: number }>;
  /** Sends a signal to the service's process (e.g. SIGUSR2 for the profiler preload). */
  signalService(signal: NodeJS.Signals): void;
  /** Stops the service, the sandbox and the database, and removes the data directory. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Extra arguments for the service's node process (e.g. a profiler preload). */
  serviceNodeArgs?: string[];
  /** The service's role: `all` (API and worker, the default, as `npm start`) or `api` alone. */
  role?: 'all' | 'api';
  /** Extra environment for the service (and its worker processes). */
  serviceEnv?: Record<string, string>;
  /** `--role=worker` processes on the same database, started once the workspace is set up. */
  workers?: number;
  /**
   * The database's node arguments for a port and data directory, instead of the embedded
   * MongoDB's CLI (e.g. steady-mongo.ts, which leaves its background work to the benchmark).
   */
  mongoArgs?: (port: string, dataDir: string) => string[];
  log?: (line: string) => void;
}

interface Started {
  name: string;
  stop(): Promise<void>;
}

interface ChildStarted extends Started {
  pid: number;
}

/** Starts everything and sets up the workspace; on failure, stops what was started. */
export async function startSyncBench(options: StartOptions = {}): Promise<SyncBench> {
  const log = options.log ?? ((line: string) => console.error(line));
  const started: Started[] = [];
  const stopAll = async () => {
    for (const part of started.reverse())
      await part.stop().catch((error: unknown) => log(`${part.name}: ${String(error)}`));
  };
  try {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'outsync-sync-bench-'));
    started.push({ name: 'data directory', stop: () => rm(dataDir, { recursive: true }) });

    // A data directory, as `npm start` has (acknowledged once journaled, fsync within 100 ms).
    const mongoArgs = (port: string) =>
      options.mongoArgs?.(port, path.join(dataDir, 'mongo')) ?? [
        MONGO_CLI,
        '--port',
        port,
        '--data-dir',
        path.join(dataDir, 'mongo'),
        '--quiet',
      ];
    const MONGO_LISTENING = /listening on (mongodb:\/\/\S+)/;
    let mongo = await startListening('embedded MongoDB', mongoArgs('0'), MONGO_LISTENING);
    started.push({ name: 'embedded MongoDB', stop: () => mongo.stop() });
    const mongoUri = mongo.match[1] ?? '';

    const sandbox = await startListening(
      'sandbox',
      ['--import', 'tsx', SANDBOX_CLI, '--port', '0', '--smtp-port', '0', '--host', '127.0.0.1'],
      /listening on (http:\/\/\S+) \(SMTP on port (\d+)\)/,
    );
    started.push(sandbox);
    const sandboxUrl = (sandbox.match[1] ?? '').replace('localhost', '127.0.0.1');
    const smtpPort = sandbox.match[2] ?? '';

    // Outside the data directory, so it outlives the run (overwritten by the next one).
    const serviceLogFile = path.join(os.tmpdir(), 'outsync-sync-bench-service.log');
    // One environment for every process of the service: the same database and secrets key.
    const env = {
      ...(await serviceEnv({ mongoUri, sandboxUrl, smtpPort })),
      ...options.serviceEnv,
    };
    const serviceOptions = {
      role: options.role ?? 'all',
      nodeArgs: options.serviceNodeArgs ?? [],
      logFile: serviceLogFile,
      env,
    } as const;
    let service = await startService(serviceOptions);
    started.push({ name: 'sync-service', stop: () => service.stop() });
    let serviceRestarts = 0;

    log('Setting up the demo workspace (sign-in, HubSpot OAuth, webhooks)…');
    await setUpDemoWorkspace({
      serviceUrl: service.url,
      sandboxUrl,
      email: DEMO_ADMIN_EMAIL,
      liveCampaign: false,
      log,
    });
    const webhookUrl = await smartleadWebhookUrl(sandboxUrl, service.url);
    const workers: ChildStarted[] = [];
    const addWorker = async () => {
      const worker = await startWorker(
        env,
        serviceLogFile.replace(/\.log$/, `-worker${workers.length + 1}.log`),
      );
      started.push(worker);
      workers.push(worker);
      return worker.pid;
    };
    for (let index = 1; index <= (options.workers ?? 0); index++) await addWorker();

    const client = new MongoClient(mongoUri);
    await client.connect();
    started.push({ name: 'MongoDB client', stop: () => client.close() });
    let salesforceWebhook: Promise<string> | undefined;
    return {
      serviceUrl: service.url,
      sandboxUrl,
      mongoUri,
      webhookUrl,
      smartleadWebhookUrl(crm) {
        if (crm === 'hubspot') return Promise.resolve(webhookUrl);
        salesforceWebhook ??= createSalesforceWebhook(service.url, sandboxUrl);
        return salesforceWebhook;
      },
      logs: client.db().collection('webhookLogs'),
      serviceLogFile,
      // Read when asked: a crash and restart gives the service or the database a new pid.
      get pids() {
        return { mongo: mongo.pid, sandbox: sandbox.pid, service: service.pid };
      },
      get workerPids() {
        return workers.map((worker) => worker.pid);
      },
      killWorker(pid) {
        if (!workers.some((worker) => worker.pid === pid)) throw new Error(`no worker ${pid}`);
        process.kill(pid, 'SIGKILL');
      },
      addWorker,
      async crashService() {
        await service.crash();
        const crashedAt = Date.now();
        serviceRestarts += 1;
        service = await startService({
          ...serviceOptions,
          logFile: serviceLogFile.replace(/\.log$/, `-restart${serviceRestarts}.log`),
        });
        return { restartMs: Date.now() - crashedAt };
      },
      async crashDatabase(downMs) {
        await mongo.crash();
        await sleep(downMs);
        const restartedAt = Date.now();
        mongo = await startListening(
          'embedded MongoDB',
          mongoArgs(new URL(mongoUri).port),
          MONGO_LISTENING,
        );
        return { restartMs: Date.now() - restartedAt };
      },
      signalService: (signal) => service.signal(signal),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

interface Listening extends ChildStarted {
  match: RegExpExecArray;
  /** SIGKILL, resolved once the process is gone. */
  crash(): Promise<void>;
}

/** Kills a child with SIGKILL (no shutdown) and resolves once it has exited. */
function crash(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** A node child process that prints the address it listens on; resolves with that line's match. */
function startListening(name: string, args: string[], pattern: RegExp): Promise<Listening> {
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (!match) return;
      child.stdout?.off('data', onData);
      child.stdout?.resume();
      resolve({
        name,
        match,
        pid: child.pid ?? -1,
        stop: () => stopChild(child),
        crash: () => crash(child),
      });
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${name} exited early (${String(code)})`)));
  });
}

/** The environment `npm start` gives the service (scripts/product.ts), on this run's ports. */
async function serviceEnv(ports: {
  mongoUri: string;
  sandboxUrl: string;
  smtpPort: string;
}): Promise<Record<string, string | undefined>> {
  const { mongoUri, sandboxUrl, smtpPort } = ports;
  const port = String(await freePort());
  const sandboxPort = new URL(sandboxUrl).port;
  return {
    ...process.env,
    // JSON lines: the harness waits for the worker's "worker started" line, and the log files
    // stay machine-readable (the default format is for people).
    LOG_FORMAT: 'json',
    PORT: port,
    HOST: '127.0.0.1',
    MONGODB_URI: mongoUri,
    // No shell in front: the webhook addresses point at the service itself.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    TRUST_PROXY: 'true',
    ADMIN_EMAILS: DEMO_ADMIN_EMAIL,
    PAID_TIER_EMAILS: DEMO_ADMIN_EMAIL,
    SECRETS_KEY: randomBytes(32).toString('base64'),
    OUTBOUND_ALLOW_HOSTS: `localhost:${sandboxPort},127.0.0.1:${sandboxPort}`,
    HUBSPOT_CLIENT_ID: DEMO_OAUTH_CLIENTS.hubspot.clientId,
    HUBSPOT_CLIENT_SECRET: DEMO_OAUTH_CLIENTS.hubspot.clientSecret,
    HUBSPOT_AUTHORIZE_URL: `${sandboxUrl}/hubspot/oauth/authorize`,
    HUBSPOT_API_URL: `${sandboxUrl}/hubspot`,
    SMARTLEAD_API_URL: `${sandboxUrl}/smartlead`,
    INSTANTLY_API_URL: `${sandboxUrl}/instantly`,
    HEYREACH_API_URL: `${sandboxUrl}/heyreach`,
  };
}

/** `node --import tsx sync-service/src/main.ts --role=all`, ready once `/readyz` answers 200. */
async function startService(options: {
  role: 'all' | 'api';
  nodeArgs: string[];
  logFile: string;
  env: Record<string, string | undefined>;
}): Promise<
  ChildStarted & { url: string; signal(signal: NodeJS.Signals): void; crash(): Promise<void> }
> {
  const logStream = createWriteStream(options.logFile);
  const child = spawn(
    process.execPath,
    [...options.nodeArgs, '--import', 'tsx', SERVICE_MAIN, `--role=${options.role}`],
    { cwd: repoRoot, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.pipe(logStream);
  child.stderr?.pipe(logStream);
  const url = `http://127.0.0.1:${options.env.PORT ?? ''}`;
  const stop = async () => {
    await stopChild(child);
    logStream.end();
  };
  try {
    await waitUntilReady(`${url}/readyz`, child, options.logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    name: 'sync-service',
    url,
    pid: child.pid ?? -1,
    stop,
    signal: (signal) => child.kill(signal),
    crash: async () => {
      await crash(child);
      logStream.end();
    },
  };
}

/**
 * `node --import tsx sync-service/src/main.ts --role=worker`: it serves no HTTP, so it is ready
 * once its log says the worker started (as sync-service's resilience harness waits for it).
 */
async function startWorker(
  env: Record<string, string | undefined>,
  logFile: string,
): Promise<ChildStarted> {
  const logStream = createWriteStream(logFile);
  const child = spawn(process.execPath, ['--import', 'tsx', SERVICE_MAIN, '--role=worker'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr?.pipe(logStream);
  const stop = async () => {
    await stopChild(child);
    logStream.end();
  };
  try {
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(
        () => reject(new Error(`no worker after 60 s; see ${logFile}`)),
        60_000,
      );
      const onData = (chunk: Buffer) => {
        logStream.write(chunk);
        output += chunk.toString();
        if (!output.includes('"msg":"worker started"')) return;
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stdout?.pipe(logStream);
        resolve();
      };
      child.stdout?.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the worker exited with ${String(code)}; see ${logFile}`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { name: 'sync-service worker', pid: child.pid ?? -1, stop };
}

async function waitUntilReady(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`sync-service exited with ${child.exitCode}; see ${logFile}`);
    const ok = await fetch(url)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`sync-service was not ready after 60 s; see ${logFile}`);
}

/** The demo wires its Smartlead webhook to the sandbox's demo campaign: read it back there. */
async function smartleadWebhookUrl(sandboxUrl: string, serviceUrl: string): Promise<string> {
  const response = await fetch(
    `${sandboxUrl}/smartlead/api/v1/campaigns/${SMARTLEAD_DEMO_CAMPAIGN_ID}/webhooks?api_key=${DEMO_API_KEYS.smartlead}`,
  );
  const registered = (await response.json()) as { webhook_url: string }[];
  const found = registered.find((webhook) => webhook.webhook_url.startsWith(serviceUrl));
  if (!found) throw new Error('the demo Smartlead webhook is not registered on its campaign');
  return found.webhook_url;
}

/** The demo admin signed in through the API, as a browser would be (cookies, CSRF token). */
export async function signedInCaller(serviceUrl: string, sandboxUrl: string) {
  const cookies = new Map<string, string>();
  let csrf = '';
  async function call<T>(method: string, route: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (cookies.size > 0)
      headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (method !== 'GET') headers['x-csrf-token'] = csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${serviceUrl}${route}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const separator = pair.indexOf('=');
      cookies.set(pair.slice(0, separator).trim(), pair.slice(separator + 1).trim());
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${text}`);
    // The webhook code comes as plain text.
    return (response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T;
  }
  csrf = (await call<{ csrfToken: string }>('GET', '/auth/csrf-token')).csrfToken;
  const since = new Date(Date.now() - 1000);
  await call('POST', '/auth/code', { email: DEMO_ADMIN_EMAIL });
  const code = await readSignInCode(sandboxUrl, DEMO_ADMIN_EMAIL, since);
  await call('POST', '/auth/verify', { email: DEMO_ADMIN_EMAIL, code, rememberMe: false });
  return call;
}

/**
 * A Smartlead webhook on the demo Salesforce org, made as the webhook form makes it: Lead
 * upsert (`salesforceOnlyUpdate` false), the e-mail log type, custom fields off, the org's first
 * user as owner. Not wired to a sandbox campaign: the benchmarks post to its address directly.
 */
async function createSalesforceWebhook(serviceUrl: string, sandboxUrl: string): Promise<string> {
  const call = await signedInCaller(serviceUrl, sandboxUrl);
  const integrations = await call<{ user: { id: string; profile: string } }[]>(
    'GET',
    '/api/admin/users/integrations',
  );
  const profileId = integrations.find((item) => item.user.profile === 'SALESFORCE')?.user.id;
  if (!profileId) throw new Error('the demo Salesforce profile is missing');
  const { owners } = await call<{ owners: Record<string, string>[] }>(
    'GET',
    `/api/admin/salesforce/user-accounts/${profileId}`,
  );
  if (!owners[0]) throw new Error('the demo Salesforce org has no owners');
  const code = String(await call<unknown>('POST', '/api/admin/webhooks/generate'));
  const created = await call<{ webhookUrl: string }>('POST', '/api/admin/webhooks', {
    userProfileId: profileId,
    selectedOwner: owners[0],
    emailService: { type: 'smartlead', name: 'Smartlead' },
    code,
    objectLookupMethod: 'default',
    createContactCustomProperties: false,
    logType: 0,
    salesforceObjectType: 'Lead',
    salesforceOnlyUpdate: false,
  });
  return created.webhookUrl;
}

// ---------------------------------------------------------------------------------------------
// Payloads: the Send Test Webhook templates, one lead per address, a fresh Smartlead identity
// (stats_id, message ids) per event so that no two events are one delivery.

const SMARTLEAD_TYPES = testEventTypes.smartlead;
const SEQ = '000000000000';

export interface SmartleadEvents {
  /** The JSON body of event number `sequence` (lead `sequence % leads`, types in turn). */
  body(sequence: number): string;
  leadEmail(sequence: number): string;
}

/**
 * Events over `leads` leads at 50 companies: lead `n` goes through the seven e-mail activity
 * types in order (sent, open, reply, click, bounce, category, unsubscribe) as its events come.
 * Bodies are built once per lead and type and only the identity is written per event.
 */
export function smartleadEvents(leads: number, runId = Date.now().toString(36)): SmartleadEvents {
  const templates = new Map<string, string>();
  const leadOf = (sequence: number) => sequence % leads;
  const typeOf = (sequence: number): TestEventType<'smartlead'> =>
    SMARTLEAD_TYPES[Math.floor(sequence / leads) % SMARTLEAD_TYPES.length] ?? 'EMAIL_SENT';
  const emailOf = (lead: number) => `lead${lead}.${runId}@company${lead % 50}-bench.example`;

  function template(lead: number, type: TestEventType<'smartlead'>): string {
    const key = `${lead}:${type}`;
    const cached = templates.get(key);
    if (cached) return cached;
    const payload = buildTestPayload(
      'smartlead',
      type,
      {
        ...defaultTestInputs(),
        recipientName: `Lead${lead} Bench`,
        recipientEmail: emailOf(lead),
        objectLookupId: `OSL-${lead}`,
      },
      new Date(),
    );
    Object.assign(payload, {
      stats_id: `bench-${runId}-${SEQ}`,
      message_id: `<${SEQ}.${runId}@bench.example>`,
      sl_email_lead_id: 5_000_000 + lead,
      lead_id: 5_000_000 + lead,
    });
    const body = JSON.stringify(payload)
      // Every message id of the template, so a reply's identity changes too.
      .replace(/"<[^"]+@[^"]+>"/g, `"<${SEQ}.${runId}@bench.example>"`);
    templates.set(key, body);
    return body;
  }

  return {
    body(sequence) {
      const stamp = String(sequence).padStart(SEQ.length, '0');
      return template(leadOf(sequence), typeOf(sequence)).replaceAll(SEQ, stamp);
    },
    leadEmail: (sequence) => emailOf(leadOf(sequence)),
  };
}

// ---------------------------------------------------------------------------------------------
// Measuring and printing.

export interface Posted {
  status: number;
  body: string;
  ms: number;
}

/** One POST of a JSON body through `agent` (keep-alive), timed from the call to the last byte. */
export function postJson(agent: Agent, url: URL, body: string): Promise<Posted> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: Number(process.hrtime.bigint() - started) / 1e6,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The value at fraction `p` (0–1) of an ascending list (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
}

/** Prints a title and label/value rows, aligned. */
export function printTable(title: string, rows: readonly (readonly [string, string])[]): void {
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log(title);
  for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`);
}

export function machineLine(): string {
  return `node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim() ?? '?'})`;
}

export interface CrmStats {
  /** HTTP requests the sandbox saw for the CRM (Salesforce: composite subrequests included). */
  requests: number;
  /** Answered 429, or Salesforce's 403 REQUEST_LIMIT_EXCEEDED, by the sandbox's rate limits. */
  rateLimited: number;
  byRoute: Record<string, number>;
  /** Salesforce only: the org's API usage today, as Salesforce counts it (a composite is one). */
  apiUsed?: number;
}

/** The sandbox's counters of one CRM (`GET /_stats`), and the org's API usage for Salesforce. */
export async function crmStats(sandboxUrl: string, crm: BenchCrm): Promise<CrmStats> {
  const response = await fetch(`${sandboxUrl}/_stats`);
  const stats = (await response.json()) as { systems: Partial<Record<string, Partial<CrmStats>>> };
  const system = stats.systems[crm] ?? {};
  const counted: CrmStats = {
    requests: system.requests ?? 0,
    rateLimited: system.rateLimited ?? 0,
    byRoute: system.byRoute ?? {},
  };
  if (crm !== 'salesforce') return counted;
  const state = await sandboxState<{ apiUsage?: { used: number }[] }>(sandboxUrl, 'salesforce');
  return { ...counted, apiUsed: state.apiUsage?.[0]?.used ?? 0 };
}

/** What the sandbox's demo portal or org holds (`GET /_state/{system}`), by section. */
export async function sandboxState<T>(sandboxUrl: string, system: BenchCrm): Promise<T> {
  const response = await fetch(`${sandboxUrl}/_state/${system}`);
  if (!response.ok) throw new Error(`/_state/${system} answered ${response.status}`);
  return (await response.json()) as T;
}

// ---------------------------------------------------------------------------------------------
// Campaign bursts from the sandbox's event generator, and waiting for their logs.

export interface CampaignRun {
  events: number;
  sent: number;
  accepted: number;
  failed: number;
  /** The run's lead e-mails. */
  leads: string[];
  durationMs: number;
}

/** `POST /simulate/campaign`: Smartlead events over `leads` new leads to `webhookUrl`. */
export async function postCampaign(
  sandboxUrl: string,
  options: {
    webhookUrl: string;
    events: number;
    /** A count of new leads, or the leads themselves (e-mails or `{email, companyName, …}`). */
    leads: number | readonly (string | Record<string, string>)[];
    ratePerSecond: number;
    seed: number;
    /** Delivery faults: `{duplicates?, retries?, outOfOrder?, missingOptionalBlocks?}`. */
    faults?: Record<string, number | boolean>;
    /** Every event stamped with this time (a campaign step sent in one second). */
    at?: string;
    /** One subject for every lead's e-mails. */
    subject?: string;
    eventTypes?: readonly string[];
  },
): Promise<CampaignRun> {
  const response = await fetch(`${sandboxUrl}/simulate/campaign`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ platform: 'smartlead', ...options }),
  });
  if (!response.ok)
    throw new Error(`/simulate/campaign answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as CampaignRun;
}

/** Logs received since `since`, counted by status. */
export async function countByStatus(
  logs: Collection<Document>,
  since: Date,
): Promise<Map<string, number>> {
  const rows = await logs
    .aggregate<{ _id: string; n: number }>([
      { $match: { receivedAt: { $gte: since } } },
      { $group: { _id: '$status', n: { $sum: 1 } } },
    ])
    .toArray();
  return new Map(rows.map((row) => [row._id, row.n]));
}

export const isFinal = (status: string): boolean =>
  FINAL_SYNC_STATUSES.some((final) => final === status);

/** Polls until `expected` logs since `since` exist and all are final, or until `deadline`. */
export async function waitUntilFinal(
  logs: Collection<Document>,
  since: Date,
  expected: number,
  deadline: number,
): Promise<{ counts: Map<string, number>; done: boolean }> {
  for (;;) {
    const counts = await countByStatus(logs, since);
    const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
    const pending = [...counts].filter(([status]) => !isFinal(status)).length;
    const done = total >= expected && pending === 0;
    if (done || Date.now() > deadline) return { counts, done };
    await sleep(250);
  }
}

/** "12 synced, 3 duplicate", largest first. */
export function formatCounts(counts: ReadonlyMap<string, number>): string {
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([status, n]) => `${n} ${status}`)
    .join(', ');
}

/** The machine's load averages (1, 5, 15 min) and CPUs: others share it. */
export function loadLine(): string {
  return `load ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')} on ${os.cpus().length} CPUs`;
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
export async function cpuSecondsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}
/** USER_HZ: 100 on every Linux the project runs on. */
const CLOCK_TICKS = 100;

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A duration for the tables. */
export const formatMs = (value: number): string => `${value.toFixed(1)} ms`;

/** The events that become an e-mail engagement in HubSpot (the writer's engagementOf). */
const ENGAGEMENT_TYPES = new Set(['EMAIL_SENT', 'EMAIL_REPLY']);

interface LogRow {
  _id: unknown;
  status: string;
  eventType: string | null;
  leadEmail: string | null;
  steps?: { contactId?: string; engagementId?: string };
  attempts?: { outcome: string }[];
}

type HubspotRow = Record<string, string | null> & { id: string; associations: string };

/**
 * What says a job ran twice, or a HubSpot record was written twice or lost, for the logs
 * received since `since` over `leads`; empty when none.
 */
export async function hubspotSyncedOnceProblems(
  bench: SyncBench,
  since: Date,
  leads: readonly string[],
): Promise<string[]> {
  const problems: string[] = [];
  const logs = await bench.logs
    .find(
      { receivedAt: { $gte: since } },
      { projection: { status: 1, eventType: 1, leadEmail: 1, steps: 1, attempts: 1 } },
    )
    .toArray()
    .then((rows) => rows as unknown as LogRow[]);
  const twice = logs.filter(
    (log) => (log.attempts ?? []).filter((attempt) => attempt.outcome === 'synced').length > 1,
  );
  if (twice.length > 0) problems.push(`${twice.length} logs synced by more than one attempt`);
  const unfinished = logs.filter((log) => log.status !== 'synced' && log.status !== 'duplicate');
  if (unfinished.length > 0)
    problems.push(`${unfinished.length} logs neither synced nor duplicate`);

  const state = await sandboxState<{ contacts: HubspotRow[]; emails: HubspotRow[] }>(
    bench.sandboxUrl,
    'hubspot',
  );
  const leadSet = new Set(leads.map((lead) => lead.toLowerCase()));
  const contacts = state.contacts.filter((row) => leadSet.has((row.email ?? '').toLowerCase()));
  const perLead = new Map<string, number>();
  for (const row of contacts) perLead.set(row.email ?? '', (perLead.get(row.email ?? '') ?? 0) + 1);
  const leadsTwice = [...perLead.values()].filter((n) => n > 1).length;
  if (leadsTwice > 0) problems.push(`${leadsTwice} leads with more than one contact`);

  const contactIds = new Set(contacts.map((row) => row.id));
  const emails = state.emails.filter((row) =>
    contactsOf(row).some((contactId) => contactIds.has(contactId)),
  );
  const engagementLogs = logs.filter(
    (log) => log.status === 'synced' && ENGAGEMENT_TYPES.has(log.eventType ?? ''),
  );
  if (emails.length !== engagementLogs.length)
    problems.push(
      `${emails.length} e-mail engagements in HubSpot for ${engagementLogs.length} synced sends and replies`,
    );
  const named = new Set(engagementLogs.map((log) => log.steps?.engagementId));
  if (named.size !== engagementLogs.length)
    problems.push(`${engagementLogs.length - named.size} logs share an engagement`);
  const emailContacts = new Map(emails.map((row) => [row.id, contactsOf(row)]));
  const misplaced = engagementLogs.filter(
    (log) =>
      !emailContacts.get(log.steps?.engagementId ?? '')?.includes(log.steps?.contactId ?? ''),
  );
  if (misplaced.length > 0)
    problems.push(`${misplaced.length} engagements missing or not on their log's contact`);
  return problems;
}

/** The contact ids an engagement row is associated with (`contacts:12[198] companies:3[186]`). */
function contactsOf(row: HubspotRow): string[] {
  return [...row.associations.matchAll(/contacts:(\d+)\[/g)].map((match) => match[1] ?? '');
}
