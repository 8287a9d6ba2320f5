// One MongoDB per jest worker process, one database per test file (ARCHITECTURE.md §4).
//
// With MONGODB_URI set, that server is used (a real MongoDB). Otherwise the first test file a
// worker runs starts the embedded server in a child process, and every later file of that
// worker reuses it: jest gives each test file a fresh global and module registry, so the handle
// is kept on the worker process's own global, which outlives them. A child process rather than
// an in-process server because nothing of it then keeps the worker alive (its pipes are
// unref'd), no test file's torn-down sandbox keeps running server code, and it dies with the
// worker however the worker ends: it stops when its stdin, held by the worker, closes.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { runInThisContext } from 'node:vm';
import mongoose from 'mongoose';

export type TestDatabase = {
  /** A MongoDB URI naming this test file's own database. */
  uri: string;
  name: string;
  /** Done with it; the last user in the file drops the database. */
  release(): Promise<void>;
};

type WorkerState = {
  /** The embedded server's URI, once started (or while starting). */
  server?: Promise<string>;
  /** Databases handed out in this worker, for unique names. */
  databases: number;
};

const STATE_KEY = Symbol.for('outsync.sync-service.test-database');
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

// Runs in the child: tsx loads the embedded server's TypeScript, as its own CLI does.
const CHILD_SCRIPT = `
import { register } from 'tsx/esm/api';
register();
const { startEmbeddedMongo } = await import('@outsync/embedded-mongo');
const server = await startEmbeddedMongo({ port: 0, inMemory: true, logger: false });
process.stdout.write(server.uri + '\\n');
process.stdin.on('end', () => void server.stop().then(() => process.exit(0)));
process.stdin.resume();
`;

/** This file's database; every caller in the file gets the same one until the last release. */
let fileDatabase: { database: Promise<{ uri: string; name: string }>; users: number } | undefined;

/**
 * The test file's own database on the worker's MongoDB. Test files do not see each other's
 * data; tests within a file do (clean up, or use unique values such as factories make).
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const entry = (fileDatabase ??= { database: createDatabase(), users: 0 });
  entry.users += 1;
  const { uri, name } = await entry.database;
  let released = false;
  return {
    uri,
    name,
    async release() {
      if (released) return;
      released = true;
      entry.users -= 1;
      if (entry.users > 0) return;
      if (fileDatabase === entry) fileDatabase = undefined;
      await dropDatabase(uri);
    },
  };
}

/** The worker's MongoDB: MONGODB_URI, or the embedded server this worker runs. */
export function testMongoUri(): Promise<string> {
  const external = process.env.MONGODB_URI;
  if (external) return Promise.resolve(external);
  const state = workerState();
  state.server ??= startEmbeddedServer(state).catch((error: unknown) => {
    state.server = undefined;
    throw error;
  });
  return state.server;
}

async function createDatabase(): Promise<{ uri: string; name: string }> {
  const server = await testMongoUri();
  const state = workerState();
  state.databases += 1;
  // A real server may be shared by several runs at once: a random part keeps them apart.
  const shared = process.env.MONGODB_URI ? `-${randomBytes(3).toString('hex')}` : '';
  const name = `outsync-test-${process.pid}-${state.databases}${shared}`;
  return { uri: withDatabase(server, name), name };
}

function workerState(): WorkerState {
  const workerGlobal = runInThisContext('globalThis') as Record<symbol, WorkerState | undefined>;
  return (workerGlobal[STATE_KEY] ??= { databases: 0 });
}

async function startEmbeddedServer(state: WorkerState): Promise<string> {
  const child: ChildProcessByStdio<Writable, Readable, null> = spawn(
    process.execPath,
    ['--input-type=module', '-e', CHILD_SCRIPT],
    { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const uri = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => resolve(line.trim()));
    child.once('error', reject);
    child.once('exit', (code) => {
      reject(new Error(`the embedded MongoDB exited (code ${code}) before it listened`));
      state.server = undefined;
    });
  });
  if (!uri.startsWith('mongodb://'))
    throw new Error(`unexpected output from embedded MongoDB: ${uri}`);
  // Nothing of the child may keep the worker alive; the worker's exit closes stdin, which ends it.
  child.unref();
  (child.stdin as Writable as Socket).unref();
  (child.stdout as Readable as Socket).unref();
  return uri;
}

/** The URI with `name` as its database; hosts, credentials and options stay as they are. */
function withDatabase(uri: string, name: string): string {
  // Not URL: a replica set's host list (h1:27017,h2:27017) is no valid URL authority.
  const match = /^(mongodb(?:\+srv)?:\/\/[^/?]+)(?:\/[^?]*)?(\?.*)?$/.exec(uri);
  if (!match) throw new Error('MONGODB_URI is not a mongodb:// or mongodb+srv:// URI');
  return `${match[1]}/${name}${match[2] ?? ''}`;
}

async function dropDatabase(uri: string): Promise<void> {
  const connection = await mongoose.createConnection(uri).asPromise();
  try {
    await connection.dropDatabase();
  } finally {
    await connection.close();
  }
}
