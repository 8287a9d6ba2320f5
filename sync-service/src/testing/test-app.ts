// The real Koa app on a free port against this test file's database, with signed-in clients.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isIP } from 'node:net';
import type { Role } from '@outsync/contracts';
import { createApp } from '../app';
import { compose, type Composition } from '../composition';
import { createAgenda } from '../platform/agenda';
import { createSyncDispatcher, scheduleSyncEvents } from '../features/webhook-events';
import { queueBlockListRun } from '../features/block-lists';
import { queueBackfillRun } from '../features/backfill';
import { startWorker } from '../worker';
import { loadConfig, type Config } from '../config';
import { authModels, createAuthService } from '../features/auth';
import { userModel, type UserDoc, type UserModel } from '../features/users';
import { openDatabase, type Database } from '../platform/db';
import { SESSION_COOKIE } from '../platform/http/session';
import { createMailer } from '../platform/mailer';
import { createMetrics, meteredFetch, startMetricsServer } from '../platform/metrics';
import type { RateLimiter } from '../platform/rate-limit';
import {
  assertPublicUrl,
  createSafeFetch,
  type HostLookup,
  type SafeFetch,
} from '../platform/safe-fetch';
import { createSecretBox, type SecretBox } from '../platform/secrets';
import { createMemoryMailer, type MemoryMailer } from './memory-mailer';
import { createTestClient, type TestClient } from './test-client';
import { openTestDatabase } from './test-database';
import { memoryLogger, type LogLine } from './test-support';

/** Fixed keys: what a test seals or signs can be checked against them. */
export const TEST_AUTH_SECRET = 'test-auth-secret-that-is-long-enough-0123456789';
export const TEST_SECRETS_KEY = Buffer.alloc(32, 0x5e);

/**
 * Where safe-fetch's test lookup sends a name it has no answer for: a public address (so the
 * guard lets the call reach nock) that is never dialled, since nock answers or refuses first.
 * It is example.com's; use guardOutboundCalls() in every file that calls out.
 */
export const PLACEHOLDER_PUBLIC_ADDRESS = '93.184.216.34';

export type TestAppOptions = {
  /** The clock for codes, sessions and rate limits. */
  now?: () => Date;
  /** Environment on top of the harness's own (MONGODB_URI, AUTH_SECRET, SECRETS_KEY, PORT, HOST). */
  env?: Record<string, string>;
  /**
   * DNS answers for safe-fetch, by host name. Names not listed resolve to
   * PLACEHOLDER_PUBLIC_ADDRESS, `localhost` to 127.0.0.1. Allow local test servers with
   * `env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1:<port>' }`.
   */
  dns?: Record<string, string[]>;
  /** Send e-mail over SMTP to SMTP_URL instead of keeping it in `mailbox`. */
  smtp?: boolean;
  /**
   * Run the sync workers (Agenda's jobs) in this process too, as `npm start` does. Without it,
   * received events are stored and their jobs queued, but nothing runs them (test events still
   * run inline).
   */
  worker?: boolean;
};

export type TestUser = {
  email: string;
  /** Set on the user document; left as it is when omitted (null for a new user). */
  role?: Role | null;
  isPaidTier?: boolean;
};

export type TestApp = {
  /** Base URL, e.g. http://127.0.0.1:40123. */
  url: string;
  db: Database;
  config: Config;
  /** Models bound to the app's connection. Module authors add theirs here. */
  models: { users: UserModel };
  secrets: SecretBox;
  safeFetch: SafeFetch;
  /**
   * The app's services and pipeline, for tests that drive what the worker would (on a clock of
   * their own, without Agenda).
   */
  composition: Composition;
  /** What the app e-mailed (unless `smtp`). */
  mailbox: MemoryMailer;
  /** The app's log lines. */
  lines: LogLine[];
  /**
   * Base URL of the app's `/metrics` server (the service's own), when `env.METRICS_PORT` is set
   * (`'0'`: a free port); the metrics are then kept as the service keeps them.
   */
  metricsUrl: string | undefined;
  /** A client with no session (it still gets a CSRF token when it needs one). */
  asAnonymous(): TestClient;
  /**
   * A client signed in as `user`: the user document is created (or reused, with `role` and
   * `isPaidTier` applied), then a session is made by the auth service's own sendCode and
   * verifyCode, and its token is the client's session cookie, as the verify route would set it.
   * The sign-in rate limits are not applied: tests sign in as often as they like.
   */
  signIn(user: TestUser, options?: { rememberMe?: boolean }): Promise<TestClient>;
  stop(): Promise<void>;
};

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const now = options.now ?? (() => new Date());
  const database = await openTestDatabase();
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'debug',
    MONGODB_URI: database.uri,
    AUTH_SECRET: TEST_AUTH_SECRET,
    SECRETS_KEY: TEST_SECRETS_KEY.toString('base64'),
    // Agenda's watchdog waits half a job's lock lifetime after a run, even past a stop: a short
    // lease lets the test process exit soon after the workers stop.
    SYNC_LEASE_MS: '5000',
    // The sandbox's history accounts are seeded without limits: a test's backfills read at
    // full speed (backfill.pacing.sandbox.test.ts turns pacing on).
    PLATFORM_READ_PACING: 'off',
    ...options.env,
  });
  const { logger, lines } = memoryLogger(config.logLevel);
  const db = openDatabase(config.mongodbUri, { logger, retryDelayMs: 100 });
  const mailbox = createMemoryMailer(config.mailFrom);
  const mailer = options.smtp
    ? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger })
    : mailbox;
  const secrets = createSecretBox(config.secretsKey ?? TEST_SECRETS_KEY);
  const outbound = { allowHosts: config.outboundAllowHosts, lookup: testLookup(options.dns ?? {}) };
  const metrics =
    config.metrics.port === undefined ? undefined : createMetrics({ role: config.role });
  const safeFetch = metrics
    ? meteredFetch(createSafeFetch(outbound), metrics.metrics)
    : createSafeFetch(outbound);
  const checkUrl = (url: string | URL) => assertPublicUrl(url, outbound);
  const authSecret = config.authSecret ?? TEST_AUTH_SECRET;

  await db.connected;
  const agenda = createAgenda(db, { processEvery: 100 });
  const agendaInstance = await agenda;
  const schedule = async (eventIds: string[], at: Date) =>
    scheduleSyncEvents(await agenda, eventIds, at);
  const dispatcher = createSyncDispatcher({
    schedule,
    windowMs: config.sync.batchWindowMs,
    now,
    logger,
  });
  const composition = compose({
    config,
    logger,
    db,
    authSecret,
    secrets,
    safeFetch,
    assertPublicUrl: checkUrl,
    now,
    scheduleSync: schedule,
    queueBlockListRun: async (syncId) => queueBlockListRun(await agenda, syncId),
    queueBackfill: async (backfillId, at) => queueBackfillRun(await agenda, backfillId, at),
    mailer,
    metrics: metrics?.metrics,
  });
  const stopWorker = options.worker
    ? startWorker(composition, { config, logger, agenda, now, alertsLockLifetimeMs: 10_000 })
    : undefined;
  const app = createApp(composition, { config, logger, mailer, authSecret, now, dispatcher });
  const server = createServer(app.callback()).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const metricsServer =
    metrics && config.metrics.port !== undefined
      ? await startMetricsServer({
          port: config.metrics.port,
          host: config.metrics.host,
          registry: metrics.registry,
          readiness: () => composition.health.readiness(logger),
          logger,
        })
      : undefined;

  const users = userModel(db.connection);
  const signInCodes = createMemoryMailer(config.mailFrom);
  // The app's own auth code, with a mailbox of its own and no rate limits.
  const auth = createAuthService({
    ...authModels(db.connection),
    // The product's users service: a sign-in here does what the product's does (the grants of
    // ADMIN_EMAILS and PAID_TIER_EMAILS, and what a move to the paid plan unlocks).
    users: composition.users,
    mailer: signInCodes,
    limiter: unlimited,
    now,
    secret: authSecret,
  });

  return {
    url,
    db,
    config,
    models: { users },
    secrets,
    safeFetch,
    composition,
    mailbox,
    lines,
    metricsUrl: metricsServer?.url,
    asAnonymous: () => createTestClient(url),
    async signIn(user, signInOptions = {}) {
      const email = user.email.trim().toLowerCase();
      await upsertUser(users, { ...user, email }, now());
      await auth.sendCode(email, 'test-harness', logger);
      const session = await auth.verifyCode(
        { email, code: signInCodes.lastCode(email), rememberMe: signInOptions.rememberMe ?? false },
        'test-harness',
      );
      return createTestClient(url, { [SESSION_COOKIE]: session.token });
    },
    async stop() {
      composition.webhookLive.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await dispatcher.flush();
      if (stopWorker) await stopWorker();
      else await agendaInstance.stop(false);
      await metricsServer?.close();
      mailer.close();
      await db.close();
      await database.release();
    },
  };
}

const unlimited: RateLimiter = { hit: async () => ({ allowed: true }) };

async function upsertUser(users: UserModel, user: TestUser, now: Date): Promise<void> {
  const set: Partial<UserDoc> = {};
  const onInsert: Partial<UserDoc> = { createdAt: now, lastSignInAt: null };
  if (user.role !== undefined) set.role = user.role;
  else onInsert.role = null;
  if (user.isPaidTier !== undefined) set.isPaidTier = user.isPaidTier;
  else onInsert.isPaidTier = false;
  const update =
    Object.keys(set).length > 0
      ? { $set: set, $setOnInsert: onInsert }
      : { $setOnInsert: onInsert };
  await users.updateOne({ email: user.email }, update, { upsert: true });
}

function testLookup(table: Record<string, string[]>): HostLookup {
  return async (hostname) => {
    const name = hostname.toLowerCase();
    const answers =
      table[name] ?? (name === 'localhost' ? ['127.0.0.1'] : [PLACEHOLDER_PUBLIC_ADDRESS]);
    return answers.map((address) => ({ address, family: isIP(address) === 6 ? 6 : 4 }));
  };
}
