import path from 'node:path';
import { CursorStore } from './cursors.ts';
import { type FaultControls, FaultState } from './faults.ts';
import { ReplicaSet } from './replica-set.ts';
import { WireServer } from './server.ts';
import { Catalog } from './storage/catalog.ts';
import { Journal } from './storage/journal.ts';
import { TtlMonitor } from './ttl-monitor.ts';

export interface EmbeddedMongoOptions {
  /** TCP port; 0 picks a free one. Default 27018. */
  port?: number;
  /** Interface to bind. Default 127.0.0.1. */
  host?: string;
  /** Where the journal lives. Default `.data/mongo` (relative to the working directory). */
  dataDir?: string;
  /** Keep everything in memory, write nothing to disk (tests). Default false. */
  inMemory?: boolean;
  /** Idle cursors are closed after this long. Default 10 minutes, as mongod. */
  cursorTimeoutMs?: number;
  /** How often expired TTL documents are deleted. Default 1000 ms (mongod: 60 s). */
  ttlIntervalMs?: number;
  /** Compact the journal once it exceeds this size and twice its live data. Default 64 MB. */
  compactThresholdBytes?: number;
  /**
   * A write is acknowledged once it reached the operating system, so it survives the process
   * being killed; the journal is fdatasync'ed at most this many ms later (mongod: 100 ms).
   * 0 fdatasyncs before every acknowledgement, which also survives power loss. Default 100.
   */
  syncIntervalMs?: number;
  /** Receives one line per notable event; `false` silences it. Default: stderr. */
  logger?: ((line: string) => void) | false;
  /**
   * Answer as the primary of a single-node replica set with this name (e.g. `rs0`): change
   * streams, retryable writes, `$clusterTime`. Default: a standalone, as before.
   */
  replicaSet?: string;
  /** Replica-set mode: how many writes change streams can resume across. Default 100,000. */
  changeHistorySize?: number;
}

export interface EmbeddedMongo {
  /** `mongodb://host:port`, ready for the driver, mongoose or Agenda. */
  uri: string;
  host: string;
  port: number;
  /** The data directory, or undefined in memory. */
  dataDir: string | undefined;
  /** The replica set's name in replica-set mode, else undefined (a standalone). */
  replicaSet: string | undefined;
  /** Fault injection for reliability tests. */
  faults: FaultControls;
  /** Compacts the journal now (it also happens by itself in the background). */
  compact(): Promise<void>;
  /** Closes connections, flushes the journal and releases the port and the data directory. */
  stop(): Promise<void>;
}

const DEFAULTS = {
  port: 27018,
  host: '127.0.0.1',
  dataDir: path.join('.data', 'mongo'),
  cursorTimeoutMs: 10 * 60 * 1000,
  ttlIntervalMs: 1000,
  compactThresholdBytes: 64 * 1024 * 1024,
  syncIntervalMs: 100,
};

function defaultLogger(line: string): void {
  process.stderr.write(`[embedded-mongo] ${line}\n`);
}

/** Starts a MongoDB-wire-compatible server and resolves once it accepts connections. */
export async function startEmbeddedMongo(
  options: EmbeddedMongoOptions = {},
): Promise<EmbeddedMongo> {
  const log = options.logger === false ? () => undefined : (options.logger ?? defaultLogger);
  const host = options.host ?? DEFAULTS.host;
  const catalog = new Catalog();
  const dataDir = options.inMemory ? undefined : path.resolve(options.dataDir ?? DEFAULTS.dataDir);
  const journal = dataDir
    ? await Journal.open(dataDir, catalog, {
        compactThresholdBytes: options.compactThresholdBytes ?? DEFAULTS.compactThresholdBytes,
        syncIntervalMs: options.syncIntervalMs ?? DEFAULTS.syncIntervalMs,
        log,
      })
    : undefined;
  if (journal) catalog.setSink((record) => journal.append(record));
  const cursors = new CursorStore(options.cursorTimeoutMs ?? DEFAULTS.cursorTimeoutMs);
  const faults = new FaultState();
  const replicaSet = options.replicaSet
    ? new ReplicaSet(options.replicaSet, options.changeHistorySize)
    : undefined;
  // After the journal's replay: replayed writes are history from before this run.
  if (replicaSet) catalog.setChangeSink((change) => replicaSet.changes.append(change));
  const server = new WireServer({ catalog, cursors, journal, faults, log, replicaSet });
  let port: number;
  try {
    port = await server.listen(options.port ?? DEFAULTS.port, host);
  } catch (error) {
    cursors.close();
    await journal?.close();
    throw error;
  }
  const uriHost = host.includes(':') ? `[${host}]` : host;
  // The member name clients are sent to: they connect to the hosts a primary lists.
  if (replicaSet) replicaSet.address = `${advertisedHost(uriHost)}:${port}`;
  const ttl = new TtlMonitor(
    catalog,
    journal,
    options.ttlIntervalMs ?? DEFAULTS.ttlIntervalMs,
    log,
  );
  let stopping: Promise<void> | undefined;
  return {
    uri: `mongodb://${uriHost}:${port}`,
    host,
    port,
    dataDir,
    replicaSet: replicaSet?.name,
    faults: {
      closeConnections: () => server.closeConnections(),
      delayReplies: (ms) => {
        faults.delayMs = Math.max(0, ms);
      },
      failCommands: (count, error) => faults.addFailure(count, error),
      reset: () => faults.reset(),
    },
    compact: async () => {
      await journal?.compact();
    },
    stop: () => {
      stopping ??= (async () => {
        ttl.stop();
        cursors.close();
        await server.close();
        await journal?.close();
      })();
      return stopping;
    },
  };
}

/** A wildcard bind address is no address to connect to: members are named by loopback then. */
function advertisedHost(uriHost: string): string {
  if (uriHost === '0.0.0.0') return '127.0.0.1';
  if (uriHost === '[::]') return '[::1]';
  return uriHost;
}
