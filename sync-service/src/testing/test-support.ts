// Helpers for the service's own tests: a logger whose lines can be read back, a MongoDB URI
// nobody answers at, and the service started on a free port.
import { createServer } from 'node:net';
import { loadConfig, type Config } from '../config';
import { createLogger, type Logger } from '../platform/logger';
import { startService, type Service, type StartOptions } from '../service';

export type LogLine = Record<string, unknown> & { msg?: string; level?: string };

/** A pino logger that keeps its lines in memory. */
export function memoryLogger(level = 'debug'): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const logger = createLogger({
    level,
    destination: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
  });
  return { logger, lines };
}

/** A local port that was free a moment ago: connections to it are refused. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A MongoDB URI on a closed port, failing fast. */
export async function unreachableMongoUri(): Promise<string> {
  return `mongodb://127.0.0.1:${await closedPort()}/outsync-test?serverSelectionTimeoutMS=200`;
}

export function testConfig(env: Record<string, string>): Config {
  return loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'debug', ...env });
}

export type TestService = Service & { url: string; lines: LogLine[] };

/** Starts the real service (api role unless told) on a free port, with an in-memory log. */
export async function startTestService(
  env: Record<string, string>,
  options: Omit<StartOptions, 'logger'> = {},
): Promise<TestService> {
  const { logger, lines } = memoryLogger();
  const service = await startService(testConfig({ ROLE: 'api', ...env }), { ...options, logger });
  if (!service.url) throw new Error('the service serves no HTTP');
  return { ...service, url: service.url, lines };
}

/** Waits for something the service logs; gives up after a while rather than hang the suite. */
export async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 10_000) throw new Error('condition not met');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
