// The embedded MongoDB with its background work pinned, for benchmarks that compare two slices of
// time (sync-ingest.ts --steady): the same server as `npm start`'s (tools/embedded-mongo, a data
// directory, writes acknowledged once journaled and fdatasync'ed within 100 ms), except that it
// never compacts its journal or sweeps its TTL indexes by itself. The benchmark asks for that
// work between its measured slices instead (SIGUSR2), and it is timed there, apart.
//
// Why: a compaction rewrites the whole database (1.2 s at 64 MB, 2.6 s at 128 MB on a 2-CPU
// machine, each time the journal doubles) and took the bare handler's throughput down by ~85 %
// while it ran, in whichever slice it landed; the TTL monitor scans every document of the
// TTL-indexed collections each second. Neither belongs to one side of a comparison.
//
//   node --import tsx bench/steady-mongo.ts --port 0 --data-dir <dir> --control <file>
//
// Prints the CLI's line (`embedded-mongo listening on mongodb://…`). On SIGUSR2 it compacts the
// journal when the server's own rule would have (bigger than 64 MB and twice what the last
// compaction wrote) and appends one JSON line to `--control`: `{ seq, compacted, ms,
// journalBytes }`. SIGTERM or SIGINT stops it cleanly. (A full garbage collection on each
// SIGUSR2 as well, so that a major GC of one side's documents would not land in the other's
// slice, was tried and left out: each took ~0.4 s and the ratios were no steadier, 0.66–0.94 over
// six runs; see sync-ingest.ts. The database's own GC stays in the slices, as the receivers'.)
import { appendFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startEmbeddedMongo } from '@outsync/embedded-mongo';

/** The server's default compaction threshold (tools/embedded-mongo). */
export const COMPACT_THRESHOLD_BYTES = 64 * 1024 * 1024;
/** Longer than any benchmark: the TTL monitor never runs during one. */
const TTL_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** One line of the control file: what a SIGUSR2 did. */
export interface PinnedWork {
  seq: number;
  compacted: boolean;
  ms: number;
  journalBytes: number;
}

/** The node arguments that run this file as the database of a sync bench (sync-harness.ts). */
export function steadyMongoArgs(port: string, dataDir: string, controlFile: string): string[] {
  return [
    '--import',
    'tsx',
    new URL(import.meta.url).pathname,
    '--port',
    port,
    '--data-dir',
    dataDir,
    '--control',
    controlFile,
  ];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      'data-dir': { type: 'string' },
      control: { type: 'string' },
    },
  });
  const dataDir = values['data-dir'];
  const control = values.control;
  if (!dataDir || !control) throw new Error('--data-dir and --control are required');
  const server = await startEmbeddedMongo({
    port: Number(values.port),
    dataDir,
    ttlIntervalMs: TTL_INTERVAL_MS,
    compactThresholdBytes: Number.MAX_SAFE_INTEGER,
    logger: false,
  });
  const journal = path.join(dataDir, 'journal.bson');
  const journalBytes = () => statSync(journal, { throwIfNoEntry: false })?.size ?? 0;
  let seq = 0;
  let lastCompactedBytes = 0;
  let busy = Promise.resolve();
  process.on('SIGUSR2', () => {
    busy = busy.then(async () => {
      seq += 1;
      const began = performance.now();
      const before = journalBytes();
      const due = before > COMPACT_THRESHOLD_BYTES && before > 2 * lastCompactedBytes;
      if (due) {
        await server.compact();
        lastCompactedBytes = journalBytes();
      }
      const line: PinnedWork = {
        seq,
        compacted: due,
        ms: performance.now() - began,
        journalBytes: journalBytes(),
      };
      appendFileSync(control, `${JSON.stringify(line)}\n`);
    });
  });
  process.stdout.write(`embedded-mongo listening on ${server.uri} (data in ${dataDir})\n`);
  const shutdown = () => {
    void busy.then(() => server.stop()).then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname)
  await main().catch((error: unknown) => {
    process.stderr.write(`steady-mongo: ${String(error)}\n`);
    process.exit(1);
  });
