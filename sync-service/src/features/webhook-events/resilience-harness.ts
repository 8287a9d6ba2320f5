// The service as separate processes for the resilience tests: an API and workers started as
// operators start them (`node --import tsx src/main.ts --role=…`), so a worker can be killed
// with SIGKILL while the database, the API and the sandbox stay up.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';

const MAIN = path.join(import.meta.dirname, '..', '..', 'main.ts');

export type LogLine = Record<string, unknown> & { msg?: string };

export type ServiceProcess = {
  role: 'api' | 'worker';
  pid: number;
  /** The API's base URL; undefined for a worker. */
  url: string | undefined;
  /** Every JSON log line the process printed so far. */
  lines: LogLine[];
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Sends the signal to this process only. */
  kill(signal: NodeJS.Signals): void;
  /** Stops it gracefully (SIGTERM), or with SIGKILL if it has not exited within `timeoutMs`. */
  stop(timeoutMs?: number): Promise<void>;
};

/** The line that says the role is up: the API listens; the worker has started Agenda. */
const READY: Record<ServiceProcess['role'], string> = {
  api: 'sync-service started (role api)',
  worker: 'worker started',
};

/** Starts one role of the service with `env` (PATH is added) and waits until it is ready. */
export async function startServiceProcess(
  role: ServiceProcess['role'],
  env: Record<string, string>,
  options: { readyTimeoutMs?: number } = {},
): Promise<ServiceProcess> {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ['--import', 'tsx', MAIN, `--role=${role}`],
    // JSON lines: the harness reads the service's log (the default format is for people).
    { env: { PATH: process.env.PATH ?? '', LOG_FORMAT: 'json', ...env } },
  );
  const lines: LogLine[] = [];
  let stderr = '';
  let pending = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    for (const text of complete) {
      if (text.trim() === '') continue;
      try {
        lines.push(JSON.parse(text) as LogLine);
      } catch {
        lines.push({ msg: text });
      }
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  const ready = await waitForLine(lines, (line) => line.msg === READY[role], {
    exited,
    timeoutMs: options.readyTimeoutMs ?? 30_000,
    describe: () => `${role} did not start; stderr: ${stderr}`,
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });

  const kill = (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  return {
    role,
    pid: child.pid ?? -1,
    url: typeof ready.url === 'string' ? ready.url : undefined,
    lines,
    exited,
    kill,
    async stop(timeoutMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      kill('SIGTERM');
      const timer = setTimeout(() => kill('SIGKILL'), timeoutMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function waitForLine(
  lines: LogLine[],
  match: (line: LogLine) => boolean,
  options: { exited: Promise<unknown>; timeoutMs: number; describe: () => string },
): Promise<LogLine> {
  let gone = false;
  void options.exited.then(() => (gone = true));
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const found = lines.find(match);
    if (found) return found;
    if (gone || Date.now() > deadline) throw new Error(options.describe());
    await sleep(50);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Polls `probe` until `done` says its answer is good; throws with the last answer after
 * `timeoutMs`, so a stuck pipeline fails the test with what it looked like.
 */
export async function pollUntil<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  options: { timeoutMs: number; intervalMs?: number; what: string },
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(
        `${options.what} within ${options.timeoutMs} ms; last: ${JSON.stringify(value)}`,
      );
    await sleep(options.intervalMs ?? 250);
  }
}
