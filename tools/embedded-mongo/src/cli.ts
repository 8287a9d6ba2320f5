import { parseArgs } from 'node:util';
import { startEmbeddedMongo } from './embedded-mongo.ts';

const USAGE = `Usage: embedded-mongo [options]

  --port <n>          TCP port (default 27018; 0 picks a free one)
  --host <address>    interface to bind (default 127.0.0.1)
  --data-dir <path>   journal directory (default .data/mongo)
  --in-memory         keep everything in memory, write nothing
  --sync-interval-ms <n>
                      fdatasync the journal within n ms of an acknowledged write
                      (default 100; 0 = before every acknowledgement)
  --compact-threshold-bytes <n>
                      compact the journal once it is bigger than n bytes and twice
                      its live data (default 64 MB)
  --replSet <name>    answer as the primary of a single-node replica set of that
                      name (change streams, retryable writes); default: standalone
  --quiet             no log lines, only the "listening" line
  -h, --help          this text
`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      'in-memory': { type: 'boolean' },
      'sync-interval-ms': { type: 'string' },
      'compact-threshold-bytes': { type: 'string' },
      replSet: { type: 'string' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port < 65536))
    throw new Error(`--port must be a port number, got ${values.port ?? ''}`);
  const syncIntervalMs =
    values['sync-interval-ms'] === undefined ? undefined : Number(values['sync-interval-ms']);
  if (syncIntervalMs !== undefined && !(Number.isInteger(syncIntervalMs) && syncIntervalMs >= 0))
    throw new Error(
      `--sync-interval-ms must be a whole number of ms, got ${values['sync-interval-ms'] ?? ''}`,
    );
  const compactThresholdBytes =
    values['compact-threshold-bytes'] === undefined
      ? undefined
      : Number(values['compact-threshold-bytes']);
  if (
    compactThresholdBytes !== undefined &&
    !(Number.isInteger(compactThresholdBytes) && compactThresholdBytes >= 0)
  )
    throw new Error(
      `--compact-threshold-bytes must be a whole number of bytes, got ${values['compact-threshold-bytes'] ?? ''}`,
    );
  if (values.replSet !== undefined && !/^[\w-]+$/.test(values.replSet))
    throw new Error(`--replSet must be a replica set name such as rs0, got ${values.replSet}`);
  const server = await startEmbeddedMongo({
    syncIntervalMs,
    compactThresholdBytes,
    port,
    host: values.host,
    dataDir: values['data-dir'],
    inMemory: values['in-memory'],
    replicaSet: values.replSet,
    logger: values.quiet ? false : undefined,
  });
  // Parsed by scripts and tests that start the CLI with --port 0.
  process.stdout.write(
    `embedded-mongo listening on ${server.uri}${server.dataDir ? ` (data in ${server.dataDir})` : ' (in memory)'}${server.replicaSet ? ` (replica set ${server.replicaSet})` : ''}\n`,
  );
  const shutdown = (): void => {
    void server.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `embedded-mongo: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
