// The embedded MongoDB as the primary of a single-node replica set (`--replSet rs0`), in a child
// process of its own as `npm start` runs it: change streams work on it, and a test can kill and
// restart it on the same port and data directory (its clients then reconnect).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const LAUNCHER = path.resolve(
  import.meta.dirname,
  '../../../tools/embedded-mongo/bin/embedded-mongo.js',
);

export type EmbeddedReplicaSet = {
  /** `mongodb://127.0.0.1:<port>`: append `/<database>`. */
  uri: string;
  /** Kills the server (SIGKILL) and starts it again on its port and data directory. */
  restart(): Promise<void>;
  /** Stops the server and removes its data directory. */
  stop(): Promise<void>;
};

export async function startEmbeddedReplicaSet(): Promise<EmbeddedReplicaSet> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'outsync-replica-set-'));
  let server = await launch('0', dataDir);
  const port = new URL(server.uri).port;
  return {
    uri: server.uri,
    async restart() {
      await stopChild(server.child, 'SIGKILL');
      server = await launch(port, dataDir);
    },
    async stop() {
      await stopChild(server.child, 'SIGTERM');
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function launch(port: string, dataDir: string): Promise<{ child: ChildProcess; uri: string }> {
  const child = spawn(
    process.execPath,
    [LAUNCHER, '--port', port, '--data-dir', dataDir, '--replSet', 'rs0', '--quiet'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (mongodb:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve({ child, uri: match[1] });
    });
    child.once('exit', (code) =>
      reject(new Error(`the embedded MongoDB exited (code ${String(code)}) before it listened`)),
    );
  });
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}
