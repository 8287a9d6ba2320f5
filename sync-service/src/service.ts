import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { compose } from './composition';
import type { Config } from './config';
import { openDatabase } from './platform/db';
import { createLogger, type Logger } from './platform/logger';
import { createMailer } from './platform/mailer';
import {
  createMetrics,
  meteredFetch,
  startMetricsServer,
  type MetricsServer,
} from './platform/metrics';
import { assertPublicUrl, createSafeFetch } from './platform/safe-fetch';
import { createSecretBox } from './platform/secrets';
import { createAgenda } from './platform/agenda';
import { timedFetch } from './platform/call-timings';
import { createSyncDispatcher, type SyncDispatcher } from './features/webhook-events';
import { queueBlockListRun } from './features/block-lists';
import { queueBackfillRun } from './features/backfill';
import { scheduleSyncEvents } from './features/webhook-events';
import { startWorker, type StopWorker } from './worker';

export type Service = {
  /** Base URL of the HTTP API; undefined for the worker role, which serves no HTTP. */
  url: string | undefined;
  /** Base URL of `/metrics` (METRICS_PORT), on every role; undefined when it is not set. */
  metricsUrl: string | undefined;
  /** Graceful stop: no new connections, in-flight requests finish (bounded), worker, database. */
  stop(): Promise<void>;
};

export type StartOptions = {
  /** Defaults to a pino logger on stdout at config.logLevel. */
  logger?: Logger;
  /** The clock for codes, sessions and rate limits; tests move it instead of sleeping. */
  now?: () => Date;
};

/** Starts the roles the config asks for. Used by main.ts, the root start script and tests. */
export async function startService(config: Config, options: StartOptions = {}): Promise<Service> {
  const logger =
    options.logger ??
    createLogger({ level: config.logLevel, format: config.logFormat, base: { role: config.role } });
  const db = openDatabase(config.mongodbUri, { logger });
  const runsApi = config.role === 'api' || config.role === 'all';
  const runsWorker = config.role === 'worker' || config.role === 'all';

  let server: Server | undefined;
  let url: string | undefined;
  let metricsServer: MetricsServer | undefined;
  // Kept only when they are served (METRICS_PORT, issue 33): every role reports its own.
  const metrics =
    config.metrics.port === undefined ? undefined : createMetrics({ role: config.role });
  let stopWorker: StopWorker | undefined;
  let dispatcher: SyncDispatcher | undefined;
  let stopLiveViews: (() => void) | undefined;
  // Sign-in codes (the API) and the sync's alerts (the worker) go out by mail.
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger });
  // One Agenda per process: the API queues sync jobs with it, the worker also runs them.
  const agenda = createAgenda(db, { logger, processEvery: config.jobPollIntervalMs });
  let agendaReady: Awaited<typeof agenda> | undefined;
  agenda.then(
    (instance) => (agendaReady = instance),
    () => undefined,
  );
  try {
    const authSecret = resolveAuthSecret(config, logger);
    const secrets = createSecretBox(resolveSecretsKey(config, logger));
    const outbound = { allowHosts: config.outboundAllowHosts };
    // At trace level each outbound call is logged with its duration (platform/call-timings.ts).
    const timed = timedFetch(createSafeFetch(outbound), logger);
    // Each call to a CRM or platform counted by system and status (outsync_outbound_requests_total).
    const safeFetch = metrics ? meteredFetch(timed, metrics.metrics) : timed;
    const checkUrl = (url: string | URL) => assertPublicUrl(url, outbound);
    const now = options.now ?? (() => new Date());
    const scheduleSync = async (eventIds: string[], at: Date) =>
      scheduleSyncEvents(await agenda, eventIds, at);
    const composition = compose({
      config,
      logger,
      db,
      authSecret,
      secrets,
      safeFetch,
      assertPublicUrl: checkUrl,
      now,
      scheduleSync,
      queueBlockListRun: async (syncId) => queueBlockListRun(await agenda, syncId),
      queueBackfill: async (backfillId, at) => queueBackfillRun(await agenda, backfillId, at),
      mailer,
      metrics: metrics?.metrics,
    });
    if (runsApi) {
      dispatcher = createSyncDispatcher({
        schedule: scheduleSync,
        windowMs: config.sync.batchWindowMs,
        maxBatch: config.sync.maxBatch,
        now,
        logger,
      });
      const app = createApp(composition, { config, logger, mailer, authSecret, now, dispatcher });
      stopLiveViews = () => composition.webhookLive.stop();
      server = createServer(app.callback());
      trackResponses(server);
      server.listen(config.port, config.host);
      await once(server, 'listening');
      url = urlOf(server.address() as AddressInfo);
    }
    if (runsWorker) stopWorker = startWorker(composition, { config, logger, agenda, now });
    if (metrics && config.metrics.port !== undefined)
      metricsServer = await startMetricsServer({
        port: config.metrics.port,
        host: config.metrics.host,
        registry: metrics.registry,
        readiness: () => composition.health.readiness(logger),
        logger,
      });
  } catch (error) {
    server?.close();
    await stopWorker?.();
    mailer.close();
    await db.close();
    throw error;
  }
  const metricsUrl = metricsServer?.url;
  logger.info({ url, metricsUrl }, `sync-service started (role ${config.role})`);

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      logger.info('sync-service stopping');
      // Live views' streams never finish by themselves: ended first, they reconnect elsewhere.
      stopLiveViews?.();
      if (server) await closeServer(server, config.shutdownTimeoutMs, logger);
      // Events received but not yet queued get their job (else the sweep would, later).
      await dispatcher?.flush();
      if (stopWorker) await stopWorker();
      // An API-only process queues jobs and runs none; nothing to wait for if MongoDB never came.
      if (!stopWorker) await agendaReady?.stop(false);
      await metricsServer?.close();
      mailer.close();
      await db.close();
      logger.info('sync-service stopped');
    })();
    return stopping;
  };
  return { url, metricsUrl, stop };
}

/**
 * AUTH_SECRET keys the sign-in code HMAC. Production requires it (config); elsewhere a random
 * key per process keeps `npm start` zero-setup, at the price that codes sent before a restart,
 * or by another API process, do not verify.
 */
function resolveAuthSecret(config: Config, logger: Logger): string {
  if (config.authSecret) return config.authSecret;
  logger.warn(
    'AUTH_SECRET is not set: using a random key for this process; sign-in codes do not survive a restart and are not shared with other API processes',
  );
  return randomBytes(32).toString('base64url');
}

/**
 * SECRETS_KEY seals tokens and API keys at rest. Production requires it (config); elsewhere a
 * random key per process keeps a bare `tsx src/main.ts` working, at the price that what was sealed
 * before a restart, or by another process, no longer opens (`npm start` keeps a key in .data/).
 */
function resolveSecretsKey(config: Config, logger: Logger): Buffer {
  if (config.secretsKey) return config.secretsKey;
  logger.warn(
    'SECRETS_KEY is not set: using a random key for this process; tokens and API keys stored now cannot be read after a restart or by other processes',
  );
  return randomBytes(32);
}

/**
 * Stops accepting connections and waits for in-flight requests; their responses say
 * `Connection: close` so keep-alive clients let go. Idle connections close at once; after
 * `timeoutMs` the ones still open are cut.
 */
async function closeServer(server: Server, timeoutMs: number, logger: Logger): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.on('request', (_request, response: ServerResponse) => closeAfter(response));
  for (const response of inFlight.get(server) ?? []) closeAfter(response);
  server.closeIdleConnections();
  const timer = setTimeout(() => {
    logger.warn({ timeoutMs }, 'shutdown timeout: closing open connections');
    server.closeAllConnections();
  }, timeoutMs);
  try {
    await closed;
  } finally {
    clearTimeout(timer);
  }
}

const inFlight = new WeakMap<Server, Set<ServerResponse>>();

/** Keeps the responses not yet finished, for closeServer. */
function trackResponses(server: Server): void {
  const responses = new Set<ServerResponse>();
  inFlight.set(server, responses);
  server.on('request', (_request, response: ServerResponse) => {
    responses.add(response);
    response.on('close', () => responses.delete(response));
  });
}

function closeAfter(response: ServerResponse): void {
  if (!response.headersSent) response.setHeader('Connection', 'close');
}

function urlOf(address: AddressInfo): string {
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
