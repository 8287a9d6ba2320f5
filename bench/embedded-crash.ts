// Crash consistency of the embedded database (issue 30: "a fault suite ... for embedded-database
// crash consistency ... Goal: lost 0, duplicated 0 in every row"); bench/faults.ts runs it as its
// `embedded-crash` row.
//
// The CLI runs as its own process on a temporary data directory, with its journal compaction
// bound lowered to 1 MB so that the journal is compacted every few seconds and some kills land
// in a compaction. Eight writers, through the official driver, insert, update, replace, delete
// (one document and many: insertMany, updateMany, deleteMany, bulkWrite, findOneAndUpdate) their
// own documents, and race each other for keys under a unique index; a ledger keeps what the
// server acknowledged, and what was in flight (sent, unanswered) at a kill. The server is killed
// with SIGKILL at random moments under that load (every third kill once a compaction is under
// way; every fifth is followed by a second kill during the restart's replay), started again on
// the same directory, and checked before the writers go on:
// - it starts (the time from spawn to listening is the restart time);
// - lost: every acknowledged insert, update and delete is there, as acknowledged; a write in
//   flight may be there or not, but nothing else;
// - duplicated: no `_id` twice, no unique key twice, and the unique indexes still refuse a copy;
// - wrong: no document or value no write produced, the indexes answer as a full scan does (by
//   writer, by tag, a range, a sorted page, the counts), and every in-run answer (modified and
//   deleted counts, findOneAndUpdate's document) matched the ledger.
//
//   npx tsx bench/embedded-crash.ts            30 kills (about a minute and a half)
//   npx tsx bench/embedded-crash.ts --short    5 kills (about 15 s; CI)
//   npx tsx bench/embedded-crash.ts --kills 10 --seed 7
// Exits 1 on any loss, duplicate or wrong answer.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { type Collection, type Document, MongoClient, MongoServerError } from 'mongodb';

const here = path.dirname(fileURLToPath(import.meta.url));
const launcher = path.resolve(here, '../tools/embedded-mongo/bin/embedded-mongo.js');

/** The CLI as its own process, as `npm start` runs it; `listening` resolves once it accepts. */
export interface ServerProcess {
  child: ChildProcess;
  /**
   * Resolves once it accepts: its URI, the time from spawn, and the CPU time the process had
   * used by then (Linux; on a busy machine the time from spawn is mostly waiting for a CPU).
   */
  listening: Promise<{ uri: string; ms: number; cpuMs: number | undefined }>;
  /** SIGKILL (no shutdown); resolves once the process is gone. */
  kill(): Promise<void>;
  /** Its last log lines (stderr), when not inherited. */
  log: string[];
}

export function launchServer(
  dataDir: string,
  args: string[] = [],
  stderr: 'inherit' | 'capture' = 'capture',
): ServerProcess {
  const began = performance.now();
  const child = spawn(process.execPath, [launcher, '--port', '0', '--data-dir', dataDir, ...args], {
    stdio: ['ignore', 'pipe', stderr === 'inherit' ? 'inherit' : 'pipe'],
  });
  const log: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => {
    log.push(...chunk.toString().trimEnd().split('\n'));
    log.splice(0, Math.max(0, log.length - 50));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const listening = new Promise<{ uri: string; ms: number; cpuMs: number | undefined }>(
    (resolve, reject) => {
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening on (mongodb:\/\/\S+)/.exec(output);
        if (match?.[1])
          resolve({ uri: match[1], ms: performance.now() - began, cpuMs: cpuMsOf(child.pid) });
      });
      void exited.then(() => reject(new Error(`embedded MongoDB exited (${log.join(' | ')})`)));
    },
  );
  listening.catch(() => undefined);
  return {
    child,
    listening,
    log,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** User + system CPU time of a process so far, from /proc (undefined elsewhere). */
function cpuMsOf(pid: number | undefined): number | undefined {
  try {
    // Fields 14 and 15 (utime, stime) in clock ticks (100 a second), after the command's ')'.
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

export interface CrashOptions {
  kills: number;
  seed: number;
  /** Load before a kill, ms: from, to (random in between). */
  loadMs: [number, number];
  log?: (line: string) => void;
}

export interface CrashResult {
  /** Where the run's random choices start (`--seed`); the timing of writes and kills varies. */
  seed: number;
  kills: number;
  killsInCompaction: number;
  killsInRestart: number;
  /** Writes sent, and answered as done. */
  sent: number;
  acknowledged: number;
  /** Inserts the unique index refused (another writer had the key): answered, not applied. */
  refused: number;
  /** Sent and unanswered at a kill; and how many of them were found applied (whole or part). */
  inFlight: number;
  inFlightApplied: number;
  /** Acknowledged writes not found as acknowledged after a restart. */
  lost: number;
  /** An `_id` or a unique key twice, or a copy the unique index let in. */
  duplicated: number;
  /** Everything else that is not as the ledger says (index answers, in-run answers, phantoms). */
  wrong: number;
  problems: string[];
  restartsMs: number[];
  documents: number;
  journalBytes: number;
}

/** A small deterministic generator (mulberry32), seeded by `--seed`. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type DocState = { exists: false } | { exists: true; v: number; tag: string; batch: number };
interface DocLedger {
  w: number;
  n: number;
  acked: DocState;
  /** States writes in flight at the kill would leave (each may or may not have been applied). */
  maybe: DocState[];
}
interface ClaimLedger {
  /** The writer whose insert of the key was acknowledged. */
  acked: number | undefined;
  /** Writers whose insert of it was in flight at the kill. */
  maybe: Set<number>;
}

/** A writer's document: `_id` `w<writer>-<n>`, unique by (w, n). */
interface CrashDoc {
  _id: string;
  w: number;
  n: number;
  v: number;
  tag: string;
  batch: number;
  pad: string;
}

const WRITERS = 8;
const TAGS = ['a', 'b', 'c', 'd'];
const BATCHES = 6;

export async function runEmbeddedCrash(options: CrashOptions): Promise<CrashResult> {
  const log = options.log ?? ((line: string) => console.error(line));
  const next = random(options.seed);
  const between = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const result: CrashResult = {
    seed: options.seed,
    kills: 0,
    killsInCompaction: 0,
    killsInRestart: 0,
    sent: 0,
    acknowledged: 0,
    refused: 0,
    inFlight: 0,
    inFlightApplied: 0,
    lost: 0,
    duplicated: 0,
    wrong: 0,
    problems: [],
    restartsMs: [],
    documents: 0,
    journalBytes: 0,
  };
  const problem = (kind: 'lost' | 'duplicated' | 'wrong', text: string) => {
    result[kind] += 1;
    if (result.problems.length < 30) result.problems.push(`${kind}: ${text}`);
  };

  const docs = new Map<string, DocLedger>();
  /** Each writer's documents that exist, by the ledger. */
  const owned = Array.from({ length: WRITERS }, () => new Set<string>());
  const settle = (id: string, entry: DocLedger, state: DocState) => {
    entry.acked = state;
    entry.maybe = [];
    if (state.exists) owned[entry.w]?.add(id);
    else owned[entry.w]?.delete(id);
  };
  const nextN = Array.from({ length: WRITERS }, () => 0);
  const claims = new Map<string, ClaimLedger>();
  let claimBase = 0;
  const pad = () => 'p'.repeat(between(100, 400));

  /** One write: what it does to the ledger once acknowledged, refused or left in flight. */
  interface Write {
    effects: { id: string; after: DocState }[];
    claim?: { key: string; w: number };
    run(): Promise<unknown>;
    /** What the answer must say, given the ledger (undefined: it does). */
    check?(answer: unknown): string | undefined;
  }

  const own = (w: number): [string, DocLedger][] =>
    [...(owned[w] ?? [])].map((id) => [id, docs.get(id) as DocLedger]);

  function chooseWrite(
    w: number,
    col: Collection<CrashDoc>,
    claimCol: Collection<Document>,
  ): Write {
    const mine = own(w);
    const fresh = (): [string, DocState & { exists: true }, number] => {
      const n = nextN[w] ?? 0;
      nextN[w] = n + 1;
      const id = `w${w}-${n}`;
      docs.set(id, { w, n, acked: { exists: false }, maybe: [] });
      return [id, { exists: true, v: 0, tag: pick(TAGS), batch: between(0, BATCHES - 1) }, n];
    };
    const body = (id: string, state: DocState & { exists: true }, n: number) => ({
      _id: id,
      w,
      n,
      v: state.v,
      tag: state.tag,
      batch: state.batch,
      pad: pad(),
    });
    const existing = () => {
      const [id, entry] = pick(mine);
      return { id, entry, state: entry.acked as DocState & { exists: true } };
    };
    const roll = next();
    // Inserts while a writer has few documents, deletes once it has many.
    const insertBias = mine.length < 60 ? 0.5 : mine.length > 250 ? 0.05 : 0.2;
    if (mine.length === 0 || roll < insertBias) {
      if (next() < 0.5) {
        const [id, after, n] = fresh();
        return { effects: [{ id, after }], run: () => col.insertOne(body(id, after, n)) };
      }
      const made = Array.from({ length: between(2, 6) }, () => fresh());
      return {
        effects: made.map(([id, after]) => ({ id, after })),
        run: () => col.insertMany(made.map(([id, after, n]) => body(id, after, n))),
      };
    }
    const kind = next();
    if (kind < 0.2) {
      const { id, state } = existing();
      const after = { ...state, v: state.v + 1, tag: pick(TAGS) };
      return {
        effects: [{ id, after }],
        run: () => col.updateOne({ _id: id }, { $inc: { v: 1 }, $set: { tag: after.tag } }),
        check: (answer) => countIs(answer, 'modifiedCount', 1),
      };
    }
    if (kind < 0.3) {
      const { id, entry, state } = existing();
      const after = { ...state, v: state.v + 1 };
      return {
        effects: [{ id, after }],
        run: () => col.replaceOne({ _id: id }, { ...body(id, after, entry.n) }),
        check: (answer) => countIs(answer, 'modifiedCount', 1),
      };
    }
    if (kind < 0.4) {
      const { id, state } = existing();
      const after = { ...state, v: state.v + 1 };
      return {
        effects: [{ id, after }],
        run: () =>
          col.findOneAndUpdate({ _id: id }, { $inc: { v: 1 } }, { returnDocument: 'after' }),
        check: (answer) =>
          (answer as Document | null)?.v === after.v
            ? undefined
            : `findOneAndUpdate answered v ${String((answer as Document | null)?.v)}, the ledger ${after.v}`,
      };
    }
    if (kind < 0.5) {
      const batch = between(0, BATCHES - 1);
      const hit = mine.filter(([, entry]) => (entry.acked as { batch: number }).batch === batch);
      return {
        effects: hit.map(([id, entry]) => {
          const state = entry.acked as DocState & { exists: true };
          return { id, after: { ...state, v: state.v + 1 } };
        }),
        run: () => col.updateMany({ w, batch }, { $inc: { v: 1 } }),
        check: (answer) => countIs(answer, 'modifiedCount', hit.length),
      };
    }
    if (kind < 0.6) {
      const { id } = existing();
      return {
        effects: [{ id, after: { exists: false } }],
        run: () => col.deleteOne({ _id: id }),
        check: (answer) => countIs(answer, 'deletedCount', 1),
      };
    }
    if (kind < 0.66 && mine.length > 100) {
      const batch = between(0, BATCHES - 1);
      const hit = mine.filter(([, entry]) => (entry.acked as { batch: number }).batch === batch);
      return {
        effects: hit.map(([id]) => ({ id, after: { exists: false } })),
        run: () => col.deleteMany({ w, batch }),
        check: (answer) => countIs(answer, 'deletedCount', hit.length),
      };
    }
    if (kind < 0.76 && mine.length >= 2) {
      const [id, after, n] = fresh();
      const updated = existing();
      let removed = existing();
      while (removed.id === updated.id) removed = existing();
      const updatedAfter = { ...updated.state, v: updated.state.v + 1 };
      return {
        effects: [
          { id, after },
          { id: updated.id, after: updatedAfter },
          { id: removed.id, after: { exists: false } },
        ],
        run: () =>
          col.bulkWrite([
            { insertOne: { document: body(id, after, n) } },
            { updateOne: { filter: { _id: updated.id }, update: { $inc: { v: 1 } } } },
            { deleteOne: { filter: { _id: removed.id } } },
          ]),
        check: (answer) => {
          const bulk = answer as {
            insertedCount: number;
            modifiedCount: number;
            deletedCount: number;
          };
          return bulk.insertedCount === 1 && bulk.modifiedCount === 1 && bulk.deletedCount === 1
            ? undefined
            : `bulkWrite answered ${JSON.stringify(bulk)}`;
        },
      };
    }
    // Writers race for the same few keys; the unique index lets one have each.
    const key = `k${claimBase + between(0, 3)}`;
    return {
      effects: [],
      claim: { key, w },
      run: () => claimCol.insertOne({ key, by: w, pad: pad() }),
    };
  }

  function countIs(answer: unknown, field: string, expected: number): string | undefined {
    const actual = (answer as Record<string, unknown>)[field];
    return actual === expected ? undefined : `${field} ${String(actual)}, the ledger ${expected}`;
  }

  async function writer(
    w: number,
    col: Collection<CrashDoc>,
    claimCol: Collection<Document>,
    epoch: { stopped: boolean },
  ): Promise<void> {
    while (!epoch.stopped) {
      const write = chooseWrite(w, col, claimCol);
      result.sent += 1;
      try {
        const answer = await write.run();
        result.acknowledged += 1;
        const wrongAnswer = write.check?.(answer);
        if (wrongAnswer) problem('wrong', `writer ${w}: ${wrongAnswer}`);
        for (const { id, after } of write.effects) settle(id, docs.get(id) as DocLedger, after);
        if (write.claim) {
          const entry = claims.get(write.claim.key) ?? { acked: undefined, maybe: new Set() };
          if (entry.acked !== undefined && entry.acked !== w)
            problem(
              'duplicated',
              `key ${write.claim.key} acknowledged to writers ${entry.acked} and ${w}`,
            );
          entry.acked = w;
          claims.set(write.claim.key, entry);
          claimBase = Math.max(claimBase, Number(write.claim.key.slice(1)) + 1);
        }
      } catch (error) {
        if (write.claim && error instanceof MongoServerError && error.code === 11000) {
          result.refused += 1;
          continue;
        }
        // A server answer other than a refusal is a bug; otherwise the server died mid-write.
        // (A bulk write's error carries no code when its connection died.)
        if (error instanceof MongoServerError && typeof error.code === 'number')
          problem('wrong', `writer ${w}: ${error.code} ${error.message}`);
        result.inFlight += 1;
        for (const { id, after } of write.effects) docs.get(id)?.maybe.push(after);
        if (write.claim) {
          const entry = claims.get(write.claim.key) ?? { acked: undefined, maybe: new Set() };
          entry.maybe.add(w);
          claims.set(write.claim.key, entry);
        }
        return;
      }
    }
  }

  /** After a restart: the data against the ledger, then the ledger takes what was found. */
  async function verify(client: MongoClient): Promise<void> {
    const db = client.db('crash');
    const col = db.collection<CrashDoc>('docs');
    const claimCol = db.collection('claims');
    const scanned = await col.find({}).toArray();
    const found = new Map<string, Document>();
    for (const doc of scanned) {
      const id = String(doc._id);
      if (found.has(id)) problem('duplicated', `_id ${id} twice`);
      found.set(id, doc);
    }
    const stateOf = (doc: Document | undefined): DocState =>
      doc
        ? { exists: true, v: doc.v as number, tag: doc.tag as string, batch: doc.batch as number }
        : { exists: false };
    const same = (a: DocState, b: DocState) => JSON.stringify(a) === JSON.stringify(b);
    for (const [id, entry] of docs) {
      const actual = stateOf(found.get(id));
      if (same(actual, entry.acked)) {
        entry.maybe = [];
        continue;
      }
      if (entry.maybe.some((state) => same(state, actual))) {
        result.inFlightApplied += 1;
      } else if (
        entry.acked.exists &&
        (!actual.exists ||
          actual.v < entry.acked.v ||
          (actual.v === entry.acked.v && !same(actual, entry.acked)))
      ) {
        problem(
          'lost',
          `${id}: acknowledged ${JSON.stringify(entry.acked)}, found ${JSON.stringify(actual)}`,
        );
      } else if (!entry.acked.exists && actual.exists && entry.maybe.length === 0) {
        problem('lost', `${id}: acknowledged deleted, found ${JSON.stringify(actual)}`);
      } else {
        problem(
          'wrong',
          `${id}: acknowledged ${JSON.stringify(entry.acked)}, in flight ${JSON.stringify(entry.maybe)}, found ${JSON.stringify(actual)}`,
        );
      }
      settle(id, entry, actual);
    }
    for (const id of found.keys()) if (!docs.has(id)) problem('wrong', `${id} was never written`);

    // Unique keys: one document each, the acknowledged owner's.
    const owners = new Map<string, number>();
    for (const claim of await claimCol.find({}).toArray()) {
      const key = String(claim.key);
      if (owners.has(key)) problem('duplicated', `key ${key} twice`);
      owners.set(key, claim.by as number);
    }
    for (const [key, entry] of claims) {
      const owner = owners.get(key);
      if (owner === entry.acked) {
        entry.maybe.clear();
        continue;
      }
      if (owner !== undefined && entry.acked === undefined && entry.maybe.has(owner))
        result.inFlightApplied += 1;
      else if (entry.acked !== undefined)
        problem(
          'lost',
          `key ${key}: acknowledged to writer ${entry.acked}, found ${String(owner)}`,
        );
      else if (owner !== undefined)
        problem('wrong', `key ${key}: writer ${owner} never had it acknowledged`);
      entry.acked = owner;
      entry.maybe.clear();
      if (owner !== undefined) claimBase = Math.max(claimBase, Number(key.slice(1)) + 1);
    }
    for (const key of owners.keys())
      if (!claims.has(key)) problem('wrong', `key ${key} was never written`);

    // The unique indexes still refuse a copy.
    const [someKey] = owners.keys();
    const someDoc = scanned[0];
    const refusesCopy = async (name: string, copy: Document) => {
      const collection = db.collection(name);
      try {
        const { insertedId } = await collection.insertOne(copy);
        problem('duplicated', `the unique index of ${name} let a copy in`);
        await collection.deleteOne({ _id: insertedId });
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === 11000)) throw error;
      }
    };
    if (someKey !== undefined) await refusesCopy('claims', { key: someKey, by: -1 });
    if (someDoc) await refusesCopy('docs', { _id: 'copy', w: someDoc.w, n: someDoc.n });

    // The indexes answer as the full scan does.
    const ids = (list: Document[]) => list.map((doc) => String(doc._id)).sort();
    const compare = async (label: string, filter: Document, keep: (doc: Document) => boolean) => {
      const fromIndex = ids(await col.find(filter).toArray());
      const fromScan = ids(scanned.filter(keep));
      if (JSON.stringify(fromIndex) !== JSON.stringify(fromScan))
        problem(
          'wrong',
          `${label}: the index answers ${fromIndex.length} documents, the scan ${fromScan.length}`,
        );
      const counted = await col.countDocuments(filter);
      if (counted !== fromScan.length)
        problem('wrong', `${label}: countDocuments ${counted}, the scan ${fromScan.length}`);
    };
    for (let w = 0; w < WRITERS; w += 1) await compare(`writer ${w}`, { w }, (doc) => doc.w === w);
    for (const tag of TAGS) await compare(`tag ${tag}`, { tag }, (doc) => doc.tag === tag);
    await compare('v ≥ 3', { v: { $gte: 3 } }, (doc) => (doc.v as number) >= 3);
    const page = await col.find({ tag: 'a' }).sort({ v: -1 }).limit(25).toArray();
    const expected = scanned
      .filter((doc) => doc.tag === 'a')
      .map((doc) => doc.v as number)
      .sort((a, b) => b - a)
      .slice(0, 25);
    if (JSON.stringify(page.map((doc) => doc.v)) !== JSON.stringify(expected))
      problem('wrong', 'the sorted page from the tag_1_v_-1 index differs from the scan');
    const plan = JSON.stringify(await col.find({ w: 1 }).explain());
    if (!plan.includes('IXSCAN')) problem('wrong', 'find({ w }) did not use an index');
    result.documents = scanned.length;
  }

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'outsync-embedded-crash-'));
  const args = ['--compact-threshold-bytes', String(1024 * 1024)];
  const journal = path.join(dataDir, 'journal.bson');
  const compacting = async () => {
    try {
      await stat(`${journal}.compact`);
      return true;
    } catch {
      return false;
    }
  };
  let server = launchServer(dataDir, args);
  try {
    let { uri } = await server.listening;
    let first = true;
    for (let kill = 1; kill <= options.kills; kill += 1) {
      const client = new MongoClient(uri, {
        serverSelectionTimeoutMS: 2000,
        maxPoolSize: WRITERS + 2,
      });
      const db = client.db('crash');
      const col = db.collection<CrashDoc>('docs');
      const claimCol = db.collection('claims');
      if (first) {
        await col.createIndex({ w: 1, n: 1 }, { unique: true });
        await col.createIndex({ tag: 1, v: -1 });
        await col.createIndex({ v: 1 });
        await claimCol.createIndex({ key: 1 }, { unique: true });
        first = false;
      } else await verify(client);

      const epoch = { stopped: false };
      const writers = Array.from({ length: WRITERS }, (_, w) => writer(w, col, claimCol, epoch));
      const inCompaction = kill % 3 === 0;
      const deadline = Date.now() + between(options.loadMs[0], options.loadMs[1]);
      if (inCompaction) {
        // Wait for a compaction (up to a few seconds of load), then kill within it.
        const giveUp = Date.now() + 8000;
        while (!(await compacting()) && Date.now() < giveUp) await sleep(2);
        await sleep(between(0, 30));
      } else while (Date.now() < deadline) await sleep(5);
      const wasCompacting = await compacting();
      // No new writes from here; those in flight stay in flight through the kill.
      epoch.stopped = true;
      await server.kill();
      result.kills += 1;
      if (wasCompacting) result.killsInCompaction += 1;
      await Promise.all(writers);
      await client.close().catch(() => undefined);
      result.journalBytes = Math.max(result.journalBytes, (await stat(journal)).size);

      // Every fifth kill: killed again while it replays its journal, then started for good.
      if (kill % 5 === 0) {
        const interrupted = launchServer(dataDir, args);
        const lastRestart = result.restartsMs.at(-1) ?? 500;
        const listened = await Promise.race([
          interrupted.listening.then(
            () => true,
            () => false,
          ),
          sleep(between(50, Math.max(50, lastRestart))).then(() => false),
        ]);
        await interrupted.kill();
        result.kills += 1;
        if (!listened) result.killsInRestart += 1;
      }
      server = launchServer(dataDir, args);
      const restarted = await within(
        server.listening,
        30_000,
        () => `not listening 30 s after a restart (${server.log.join(' | ')})`,
      );
      uri = restarted.uri;
      result.restartsMs.push(restarted.ms);
      log(
        `  kill ${result.kills}${wasCompacting ? ' (during a compaction)' : ''}: back in ${(restarted.ms / 1000).toFixed(2)} s; ${result.acknowledged} writes acknowledged so far`,
      );
    }
    const client = new MongoClient(uri, { serverSelectionTimeoutMS: 2000 });
    await verify(client);
    await client.close();
  } catch (error) {
    problem('wrong', `the run stopped: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await server.kill();
    await rm(dataDir, { recursive: true, force: true });
  }
  return result;
}

/** The promise's value, or a failure once `ms` passed. */
async function within<T>(promise: Promise<T>, ms: number, message: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(message())), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function crashVerdictOk(result: CrashResult): boolean {
  return result.lost === 0 && result.duplicated === 0 && result.wrong === 0;
}

/** The row's verdict, in the fault suite's words. */
export function formatCrashVerdict(result: CrashResult): string {
  const max = Math.max(0, ...result.restartsMs) / 1000;
  return `kills ${result.kills} (${result.killsInCompaction} during a compaction, ${result.killsInRestart} during a restart), writes sent ${result.sent}, acknowledged ${result.acknowledged}, refused by the unique index ${result.refused}, in flight at a kill ${result.inFlight} (found applied: ${result.inFlightApplied} documents); lost ${result.lost}, duplicated ${result.duplicated}, wrong ${result.wrong}; restart max ${max.toFixed(2)} s (${result.documents} documents, journal up to ${(result.journalBytes / 1024 / 1024).toFixed(1)} MB; seed ${result.seed})`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      short: { type: 'boolean', default: false },
      kills: { type: 'string' },
      seed: { type: 'string' },
    },
  });
  const seed = Number(values.seed ?? Date.now() % 100_000);
  const kills = Number(values.kills ?? (values.short ? 5 : 30));
  console.error(`embedded-crash: ${kills} kills, seed ${seed}`);
  const result = await runEmbeddedCrash({
    kills,
    seed,
    loadMs: values.short ? [300, 1500] : [300, 3000],
  });
  const ok = crashVerdictOk(result);
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${'embedded-crash'.padEnd(21)} ${formatCrashVerdict(result)}`,
  );
  for (const line of result.problems) console.log(`     ${line}`);
  process.exitCode = ok ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
