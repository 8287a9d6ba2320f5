import { z } from 'zod';
import { parseAllowHost } from './platform/safe-fetch/address-policy';
import { parseSecretsKey } from './platform/secrets';

export const ROLES = ['api', 'worker', 'all'] as const;
export const RoleSchema = z.enum(ROLES, { error: `expected one of ${ROLES.join(', ')}` });
export type Role = z.infer<typeof RoleSchema>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const NODE_ENVS = ['development', 'test', 'production'] as const;

const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;
const DOMAIN_ENTRY = /^@[^\s@,]+\.[^\s@,]+$/;

/**
 * A comma-separated list of e-mail addresses (and `@domain` entries when `domains`), read
 * lower-case; the message names the first bad entry.
 */
function emailList(domains: boolean) {
  const expected = domains ? 'e-mail addresses or @domain entries' : 'e-mail addresses';
  return z
    .string()
    .default('')
    .transform((value, ctx) => {
      const entries = value
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter((entry) => entry !== '');
      const bad = entries.find(
        (entry) => !EMAIL.test(entry) && !(domains && DOMAIN_ENTRY.test(entry)),
      );
      if (bad !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `expected a comma-separated list of ${expected}; "${bad}" is not one`,
        });
        return z.NEVER;
      }
      return entries;
    });
}

/** An http(s) base URL, read without its trailing slashes. */
function baseUrl(defaultValue: string) {
  return z
    .url({ protocol: /^https?$/, error: 'expected an http(s) URL' })
    .default(defaultValue)
    .transform((value) => value.replace(/\/+$/, ''));
}

/**
 * OUTBOUND_ALLOW_HOSTS: comma-separated `host` or `host:port` entries, read lower-case; the
 * message names the first bad entry.
 */
function hostList() {
  return z
    .string()
    .default('')
    .transform((value, ctx) => {
      const entries = value
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter((entry) => entry !== '');
      for (const entry of entries) {
        try {
          parseAllowHost(entry);
        } catch {
          ctx.addIssue({
            code: 'custom',
            message: `expected a comma-separated list of host or host:port entries; "${entry}" is not one`,
          });
          return z.NEVER;
        }
      }
      return entries;
    });
}

/** A whole number in [min, max], read from a string; `message` says what was expected. */
function integer(min: number, max: number, message: string) {
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
}

const DURATION_UNITS_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 } as const;

/**
 * A comma-separated list of waits such as `10s,1m,5m,30m,2h`, each between 100 ms and 48 h:
 * the retry schedule. Undefined when unset (the pipeline's own schedule applies).
 */
function durationList() {
  const message = 'expected waits like 10s,1m,5m,2h (ms, s, m or h; each 100ms to 48h)';
  return z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined) return undefined;
      const waits: number[] = [];
      for (const part of value.split(',')) {
        const match = /^\s*(\d+)\s*(ms|s|m|h)\s*$/.exec(part);
        const wait = match
          ? Number(match[1]) * DURATION_UNITS_MS[match[2] as keyof typeof DURATION_UNITS_MS]
          : NaN;
        if (!(wait >= 100 && wait <= 48 * 3_600_000)) {
          context.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        waits.push(wait);
      }
      return waits;
    });
}

/**
 * The environment the service reads. Empty strings count as unset, so `PORT=` in an env file
 * falls back to the default instead of failing.
 */
export const EnvSchema = z.object({
  PORT: integer(0, 65535, 'expected a number between 1 and 65535, or 0 for any free port').default(
    4000,
  ),
  // Loopback by default so a laptop run is not reachable from the network; containers set 0.0.0.0.
  HOST: z.string().min(1).default('127.0.0.1'),
  // GET /metrics (Prometheus), /healthz and /readyz on a port of their own, apart from the API
  // (issue 33): unset, no metrics server is started. METRICS_HOST defaults to HOST.
  METRICS_PORT: integer(
    0,
    65535,
    'expected a port between 1 and 65535 (0 for any free port), apart from PORT; unset: no /metrics',
  ).optional(),
  METRICS_HOST: z.string().min(1).optional(),
  MONGODB_URI: z
    .string({ error: 'required' })
    .regex(/^mongodb(\+srv)?:\/\/\S+$/, { error: 'expected a mongodb:// or mongodb+srv:// URI' }),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `expected one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  // Unset: JSON in production (NODE_ENV=production), one readable line per event elsewhere.
  LOG_FORMAT: z.enum(['json', 'pretty'], { error: 'expected json or pretty' }).optional(),
  ROLE: RoleSchema.default('all'),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'expected an http(s) URL' })
    .default('http://localhost:3000'),
  SHUTDOWN_TIMEOUT_MS: integer(
    0,
    600_000,
    'expected a number of milliseconds between 0 and 600000',
  ).default(10_000),
  NODE_ENV: z
    .enum(NODE_ENVS, { error: `expected one of ${NODE_ENVS.join(', ')}` })
    .default('development'),
  // Behind a reverse proxy that sets X-Forwarded-For/-Proto; only then may the service believe them.
  TRUST_PROXY: z
    .enum(['true', 'false'], { error: 'expected true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  AUTH_SECRET: z
    .string()
    .min(32, { error: 'expected at least 32 characters (e.g. `openssl rand -base64 32`)' })
    .optional(),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'expected an smtp:// or smtps:// URL' })
    .default('smtp://127.0.0.1:2525'),
  MAIL_FROM: z.string().min(3).default('OutSync <sign-in@outsync.local>'),
  ADMIN_EMAILS: emailList(false),
  PAID_TIER_EMAILS: emailList(true),
  // Seals OAuth tokens and platform API keys at rest (AES-256-GCM).
  SECRETS_KEY: z
    .string()
    .transform((value, ctx) => {
      try {
        return parseSecretsKey(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    })
    .optional(),
  // Hosts the outbound guard lets through although they are not public (the sandbox).
  OUTBOUND_ALLOW_HOSTS: hostList(),
  HUBSPOT_CLIENT_ID: z.string().optional(),
  HUBSPOT_CLIENT_SECRET: z.string().optional(),
  HUBSPOT_AUTHORIZE_URL: baseUrl('https://app.hubspot.com/oauth/authorize'),
  HUBSPOT_API_URL: baseUrl('https://api.hubapi.com'),
  SALESFORCE_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, { error: 'expected an API version like v62.0' })
    .default('v62.0'),
  // The sync pipeline (issue 11): attempts before an event is failed and the waits between
  // them (issue 29: nine attempts over about 33 hours), how long a worker holds the events it
  // runs, how long the receiver gathers one CRM account's events into one job, how often
  // stranded events are looked for, and how long logs are kept.
  SYNC_MAX_ATTEMPTS: integer(1, 50, 'expected a number of attempts between 1 and 50').default(9),
  SYNC_RETRY_SCHEDULE: durationList(),
  // Short, because a running batch renews it every third of a lease (its heartbeat): a killed
  // worker's events go to another worker within seconds, not minutes.
  SYNC_LEASE_MS: integer(
    1_000,
    3_600_000,
    'expected a number of milliseconds between 1000 and 3600000',
  ).default(15_000),
  SYNC_BATCH_WINDOW_MS: integer(
    0,
    5_000,
    'expected a number of milliseconds between 0 and 5000',
  ).default(50),
  // The share of a HubSpot portal's per-10-s limit that all of OutSync's processes use
  // together: they count their calls in MongoDB (issue 33), so no process needs its own.
  CRM_BUDGET_SHARE: z.coerce
    .number({ error: 'expected a number between 0.05 and 1' })
    .min(0.05, 'expected a number between 0.05 and 1')
    .max(1, 'expected a number between 0.05 and 1')
    .default(0.9),
  SYNC_MAX_BATCH: integer(1, 1_000, 'expected a number of events between 1 and 1000').default(200),
  SYNC_SWEEP_INTERVAL_MS: integer(
    1_000,
    3_600_000,
    'expected a number of milliseconds between 1000 and 3600000',
  ).default(5_000),
  // How often a worker polls the jobs collection (Agenda's processEvery). New jobs wake workers
  // sooner through notifications (platform/agenda.ts); the poll finds the rest.
  JOB_POLL_INTERVAL_MS: integer(
    100,
    3_600_000,
    'expected a number of milliseconds between 100 and 3600000',
  ).default(500),
  WEBHOOK_LOG_RETENTION_DAYS: integer(
    1,
    3650,
    'expected a number of days between 1 and 3650',
  ).default(90),
  // Block-list syncs (issue 14): time between a sync's runs, how often due syncs are queued,
  // and how long a run may go without progress before another worker may take the sync.
  BLOCK_LIST_INTERVAL_MS: integer(
    1_000,
    7 * 86_400_000,
    'expected a number of milliseconds between 1000 and 604800000',
  ).default(3_600_000),
  BLOCK_LIST_SWEEP_INTERVAL_MS: integer(
    1_000,
    3_600_000,
    'expected a number of milliseconds between 1000 and 3600000',
  ).default(30_000),
  BLOCK_LIST_LEASE_MS: integer(
    5_000,
    3_600_000,
    'expected a number of milliseconds between 5000 and 3600000',
  ).default(300_000),
  // Backfills read each platform key within the platform's documented limit (Instantly's
  // e-mails 20 a minute, Smartlead 10 per 2 s, HeyReach 300 a minute). `off` only for a sandbox
  // account without limits (the tests'): a real platform then answers with 429s and pauses.
  PLATFORM_READ_PACING: z
    .enum(['on', 'off'], { error: 'expected on or off' })
    .default('on')
    .transform((value) => value === 'on'),
  SMARTLEAD_API_URL: baseUrl('https://server.smartlead.ai'),
  INSTANTLY_API_URL: baseUrl('https://api.instantly.ai'),
  HEYREACH_API_URL: baseUrl('https://api.heyreach.io'),
});

/** Variables production cannot do without, though a laptop can (the service then warns). */
const REQUIRED_IN_PRODUCTION = ['AUTH_SECRET', 'SECRETS_KEY'] as const;

/** /metrics must not be served on the API's port: the shell and load balancers forward that one. */
const CheckedEnvSchema = EnvSchema.superRefine((env, ctx) => {
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT)
    ctx.addIssue({
      code: 'custom',
      path: ['METRICS_PORT'],
      message: `must differ from PORT (${env.PORT}): /metrics is served on a port of its own, apart from the API`,
    });
});

export const ConfigSchema = CheckedEnvSchema.transform((env) => ({
  port: env.PORT,
  host: env.HOST,
  /** `port` undefined: no metrics server (METRICS_PORT unset). */
  metrics: { port: env.METRICS_PORT, host: env.METRICS_HOST ?? env.HOST },
  mongodbUri: env.MONGODB_URI,
  logLevel: env.LOG_LEVEL,
  logFormat: env.LOG_FORMAT ?? (env.NODE_ENV === 'production' ? 'json' : 'pretty'),
  role: env.ROLE,
  publicUrl: env.PUBLIC_URL.replace(/\/+$/, ''),
  shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
  jobPollIntervalMs: env.JOB_POLL_INTERVAL_MS,
  nodeEnv: env.NODE_ENV,
  trustProxy: env.TRUST_PROXY,
  /** Undefined outside production: the service then uses a random per-process key and warns. */
  authSecret: env.AUTH_SECRET,
  smtpUrl: env.SMTP_URL,
  mailFrom: env.MAIL_FROM,
  adminEmails: env.ADMIN_EMAILS,
  paidTierEmails: env.PAID_TIER_EMAILS,
  /** Undefined outside production: the service then uses a random per-process key and warns. */
  secretsKey: env.SECRETS_KEY,
  outboundAllowHosts: env.OUTBOUND_ALLOW_HOSTS,
  hubspot: {
    clientId: env.HUBSPOT_CLIENT_ID,
    clientSecret: env.HUBSPOT_CLIENT_SECRET,
    authorizeUrl: env.HUBSPOT_AUTHORIZE_URL,
    apiUrl: env.HUBSPOT_API_URL,
  },
  salesforce: { apiVersion: env.SALESFORCE_API_VERSION },
  crmBudgetShare: env.CRM_BUDGET_SHARE,
  sync: {
    maxAttempts: env.SYNC_MAX_ATTEMPTS,
    /** Undefined: the pipeline's own schedule (`SYNC_RETRY_SCHEDULE_MS`). */
    retryScheduleMs: env.SYNC_RETRY_SCHEDULE,
    leaseMs: env.SYNC_LEASE_MS,
    batchWindowMs: env.SYNC_BATCH_WINDOW_MS,
    maxBatch: env.SYNC_MAX_BATCH,
    sweepIntervalMs: env.SYNC_SWEEP_INTERVAL_MS,
    retentionDays: env.WEBHOOK_LOG_RETENTION_DAYS,
  },
  blockLists: {
    intervalMs: env.BLOCK_LIST_INTERVAL_MS,
    sweepIntervalMs: env.BLOCK_LIST_SWEEP_INTERVAL_MS,
    leaseMs: env.BLOCK_LIST_LEASE_MS,
  },
  // bison's base URL belongs to each customer's key, so it is stored with the key.
  platforms: {
    smartleadUrl: env.SMARTLEAD_API_URL,
    instantlyUrl: env.INSTANTLY_API_URL,
    heyreachUrl: env.HEYREACH_API_URL,
    readPacing: env.PLATFORM_READ_PACING,
  },
}));
export type Config = z.infer<typeof ConfigSchema>;

/** Thrown by loadConfig; its message lists every bad variable, one per line. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `- ${problem}`).join('\n')}`);
    this.problems = problems;
  }
}

/**
 * Reads the configuration from the environment and the command line (`--role=api|worker|all`
 * or `--role api` overrides ROLE). Throws a ConfigError naming every missing or bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv, argv: readonly string[] = []): Config {
  const roleFlag = readFlag(argv, 'role');
  const input: Record<string, string | undefined> = {};
  for (const key of Object.keys(EnvSchema.shape)) {
    const value = env[key];
    input[key] = value === undefined || value.trim() === '' ? undefined : value.trim();
  }
  if (roleFlag !== undefined) input.ROLE = roleFlag;

  const result = ConfigSchema.safeParse(input);
  // Checked beside the schema so they are reported together with every other problem.
  const missingInProduction =
    input.NODE_ENV === 'production'
      ? REQUIRED_IN_PRODUCTION.filter((name) => input[name] === undefined)
      : [];
  if (result.success && missingInProduction.length === 0) return result.data;

  const problems = (result.success ? [] : result.error.issues).map((issue) => {
    const key = String(issue.path[0] ?? 'config');
    const name = key === 'ROLE' && roleFlag !== undefined ? '--role' : key;
    const message =
      input[key] === undefined && issue.code === 'invalid_type' ? 'required' : issue.message;
    return `${name}: ${message}`;
  });
  for (const name of missingInProduction)
    problems.push(`${name}: required when NODE_ENV=production`);
  throw new ConfigError(problems);
}

function readFlag(argv: readonly string[], name: string): string | undefined {
  const prefix = `--${name}=`;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? '';
    if (arg.startsWith(prefix)) return arg.slice(prefix.length);
    if (arg === `--${name}`) return argv[index + 1] ?? '';
  }
  return undefined;
}
