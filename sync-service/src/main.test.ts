// The CLI as operators run it: a real process (node + tsx), real signals.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import { unreachableMongoUri } from './testing/test-support';

const MAIN = path.join(__dirname, 'main.ts');

type Run = {
  child: ChildProcessWithoutNullStreams;
  lines: Record<string, unknown>[];
  stderr: () => string;
  exited: Promise<number | null>;
  waitFor: (match: (line: Record<string, unknown>) => boolean) => Promise<Record<string, unknown>>;
};

function run(env: Record<string, string>, args: string[] = []): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    // JSON lines: the test reads the service's log (the default format is for people).
    env: { PATH: process.env.PATH ?? '', LOG_FORMAT: 'json', ...env },
  });
  const lines: Record<string, unknown>[] = [];
  const waiters: {
    match: (line: Record<string, unknown>) => boolean;
    resolve: (line: Record<string, unknown>) => void;
  }[] = [];
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    const complete = stdout.split('\n');
    stdout = complete.pop() ?? '';
    for (const text of complete) {
      const line = JSON.parse(text) as Record<string, unknown>;
      lines.push(line);
      for (const waiter of waiters.filter((candidate) => candidate.match(line)))
        waiter.resolve(line);
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    lines,
    stderr: () => stderr,
    exited,
    waitFor: (match) =>
      new Promise((resolve, reject) => {
        const seen = lines.find(match);
        if (seen) return resolve(seen);
        waiters.push({ match, resolve });
        void exited.then(() => reject(new Error(`exited first; stderr: ${stderr}`)));
      }),
  };
}

// Spawning tsx takes a moment on a busy machine.
jest.setTimeout(30_000);

describe('main', () => {
  it('prints every configuration problem and exits 1 without a stack trace', async () => {
    const cli = run({ PORT: 'http', LOG_LEVEL: 'chatty' }, ['--role=both']);

    expect(await cli.exited).toBe(1);
    expect(cli.stderr()).toBe(
      [
        'Invalid configuration:',
        '- PORT: expected a number between 1 and 65535, or 0 for any free port',
        '- MONGODB_URI: required',
        '- LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent',
        '- --role: expected one of api, worker, all',
        '',
      ].join('\n'),
    );
  });

  it('on SIGTERM finishes the request in flight, then exits 0', async () => {
    const cli = run(
      {
        PORT: '0',
        LOG_LEVEL: 'debug',
        MONGODB_URI: await unreachableMongoUri(),
        SHUTDOWN_TIMEOUT_MS: '20000',
      },
      ['--role=all'],
    );
    try {
      const started = await cli.waitFor((line) => line.msg === 'sync-service started (role all)');
      const { port } = new URL(String(started.url));

      // A POST whose body is still on its way: the body parser holds the request open.
      const csrf = 'a'.repeat(43);
      const socket = connect(Number(port), '127.0.0.1');
      let answer = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
      const closed = new Promise((resolve) => socket.on('close', resolve));
      socket.write(
        'POST /healthz HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          'Content-Length: 2\r\nX-Request-Id: in-flight\r\n' +
          // A valid double-submit pair, so the CSRF check lets the request through to the body.
          `Cookie: outsync.csrf=${csrf}\r\nX-CSRF-Token: ${csrf}\r\n\r\n{`,
      );
      await cli.waitFor((line) => line.reqId === 'in-flight' && line.msg === 'request started');

      cli.child.kill('SIGTERM');
      await cli.waitFor((line) => line.msg === 'sync-service stopping');
      socket.write('}');
      await closed;

      expect(answer).toMatch(/^HTTP\/1\.1 405 /);
      expect(answer).toContain('{"message":"Method Not Allowed","code":"method_not_allowed"}');
      expect(await cli.exited).toBe(0);
      expect(cli.lines.map((line) => line.msg)).toEqual(
        expect.arrayContaining(['shutting down', 'worker stopping', 'sync-service stopped']),
      );
    } finally {
      cli.child.kill('SIGKILL');
    }
  });
});
